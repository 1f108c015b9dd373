// SPDX-License-Identifier: MIT
// Lifecycle dates, their order, and the status they imply on a given day.
#include "models/catalog/lifecycle.hpp"

#include <algorithm>
#include <array>

namespace accelscope::models::catalog {
namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

int number(std::string_view digits)
{
    int out = 0;
    for (const char c : digits) out = out * 10 + (c - '0');
    return out;
}

bool isLeap(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

/// Compares two dates of any precision on their common prefix: "2026-11" and "2026-11-24" are equal.
int compareDates(std::string_view a, std::string_view b)
{
    const auto n = std::min(a.size(), b.size());
    const auto c = a.substr(0, n).compare(b.substr(0, n));
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

} // namespace

std::string_view lifecycleStatusName(LifecycleStatus status)
{
    switch (status) {
    case LifecycleStatus::Announced: return "announced";
    case LifecycleStatus::Shipping: return "shipping";
    case LifecycleStatus::EndOfLife: return "end-of-life";
    }
    return "";
}

std::optional<LifecycleStatus> lifecycleStatusFromName(std::string_view name)
{
    for (const auto status : {LifecycleStatus::Announced, LifecycleStatus::Shipping, LifecycleStatus::EndOfLife}) {
        if (lifecycleStatusName(status) == name) return status;
    }
    return std::nullopt;
}

bool isLifecycleDate(std::string_view text)
{
    if (text.size() != 7 && text.size() != 10) return false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool dash = i == 4 || i == 7;
        if (dash ? text[i] != '-' : !isDigit(text[i])) return false;
    }
    const int year = number(text.substr(0, 4));
    const int month = number(text.substr(5, 2));
    if (year < 1990 || year > 2040 || month < 1 || month > 12) return false;
    if (text.size() == 7) return true;
    constexpr std::array<int, 12> days{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const int last = days[static_cast<std::size_t>(month - 1)] + (month == 2 && isLeap(year) ? 1 : 0);
    const int day = number(text.substr(8, 2));
    return day >= 1 && day <= last;
}

bool hasBegunBy(std::string_view date, std::string_view asOf) { return compareDates(date, asOf) <= 0; }

std::optional<LifecycleStatus> derivedStatus(const Lifecycle& lifecycle, std::string_view asOf)
{
    if (lifecycle.endOfLife && hasBegunBy(lifecycle.endOfLife->date, asOf)) return LifecycleStatus::EndOfLife;
    if (lifecycle.shipping && hasBegunBy(lifecycle.shipping->date, asOf)) return LifecycleStatus::Shipping;
    if (lifecycle.announced && lifecycle.shipping && hasBegunBy(lifecycle.announced->date, asOf)) {
        return LifecycleStatus::Announced;
    }
    return std::nullopt;
}

std::optional<LifecycleStatus> lifecycleStatus(const Lifecycle& lifecycle, std::string_view asOf)
{
    if (const auto derived = derivedStatus(lifecycle, asOf)) return derived;
    return lifecycle.stated;
}

std::optional<std::string> lifecycleOrderProblem(const Lifecycle& lifecycle)
{
    struct Named {
        const char* name;
        const std::optional<LifecycleDate>& date;
    };
    const std::array<Named, 3> order{{{"announced", lifecycle.announced},
                                      {"shipping", lifecycle.shipping},
                                      {"end_of_life", lifecycle.endOfLife}}};
    for (std::size_t i = 0; i < order.size(); ++i) {
        for (std::size_t j = i + 1; j < order.size(); ++j) {
            if (order[i].date && order[j].date && compareDates(order[j].date->date, order[i].date->date) < 0) {
                return std::string(order[j].name) + " " + order[j].date->date + " is before " + order[i].name + " " +
                       order[i].date->date;
            }
        }
    }
    return std::nullopt;
}

std::optional<std::string> statusContradiction(const Lifecycle& lifecycle, LifecycleStatus stated, std::string_view asOf)
{
    const std::string said = "status '" + std::string(lifecycleStatusName(stated)) + "'";
    const std::string day(asOf);
    if (!lifecycle.announced && !lifecycle.shipping && !lifecycle.endOfLife) {
        return said + " needs the dates it follows from: give 'announced' (and 'shipping' or 'end_of_life')";
    }
    if (const auto derived = derivedStatus(lifecycle, asOf); derived && *derived != stated) {
        return said + " contradicts the dates, which make it '" + std::string(lifecycleStatusName(*derived)) + "' on " + day;
    }
    if (lifecycle.announced && !hasBegunBy(lifecycle.announced->date, asOf)) {
        return said + " but the announce date " + lifecycle.announced->date + " is after " + day;
    }
    if (stated == LifecycleStatus::EndOfLife && !lifecycle.endOfLife) {
        return said + " needs an 'end_of_life' date";
    }
    if (stated == LifecycleStatus::Shipping && lifecycle.shipping && !hasBegunBy(lifecycle.shipping->date, asOf)) {
        return said + " but the shipping date " + lifecycle.shipping->date + " is after " + day;
    }
    return std::nullopt;
}

} // namespace accelscope::models::catalog
