// SPDX-License-Identifier: MIT
// A device's lifecycle: sourced announce, shipping and end-of-life dates, and the status they imply.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace accelscope::models::catalog {

/// Where a device stands on a given day. Derived from the dates, never stored on its own.
enum class LifecycleStatus { Announced, Shipping, EndOfLife };

/// One sourced date: `date` is YYYY-MM or YYYY-MM-DD; `sourceKey` names a source of the device's
/// file and `where` says where in it the date is printed.
struct LifecycleDate {
    std::string date;
    std::string sourceKey;
    std::string where;
    int line = 0; ///< line in the data file (0 when read back from a database)
};

/// The dates a vendor published: first announcement, first general availability (shipping) and
/// the end of life it declared. `stated` is the status a data file may write beside the dates; the
/// parser accepts it only when the dates imply it (see statusContradiction).
struct Lifecycle {
    std::optional<LifecycleDate> announced;
    std::optional<LifecycleDate> shipping;
    std::optional<LifecycleDate> endOfLife;
    std::optional<LifecycleStatus> stated;

    bool empty() const { return !announced && !shipping && !endOfLife && !stated; }
};

/// The day the bundled catalog's lifecycle statuses are stated for (data/catalog/SCHEMA.md,
/// "Lifecycle"); the CLI's `--as-of` replaces it.
constexpr std::string_view lifecycleAsOf = "2026-11-24";

/// "announced", "shipping", "end-of-life".
std::string_view lifecycleStatusName(LifecycleStatus status);
/// The status of a name, or nullopt for an unknown one.
std::optional<LifecycleStatus> lifecycleStatusFromName(std::string_view name);

/// True for a real calendar date written YYYY-MM or YYYY-MM-DD (month 01-12, day within the month).
bool isLifecycleDate(std::string_view text);

/// True when `date` (YYYY, YYYY-MM or YYYY-MM-DD) has begun by `asOf`: a month counts from its first
/// day, so "2026-11" has begun on 2026-11-24.
bool hasBegunBy(std::string_view date, std::string_view asOf);

/// The status the dates imply on `asOf`: end-of-life once the end-of-life date has begun, shipping
/// once the shipping date has, announced once the announce date has while the shipping date is
/// recorded and still ahead. Nullopt when the recorded dates do not decide it (announced with no
/// shipping date recorded: it may ship already).
std::optional<LifecycleStatus> derivedStatus(const Lifecycle& lifecycle, std::string_view asOf);

/// The status shown: the derived one, else the stated one (which the parser checked against the dates).
std::optional<LifecycleStatus> lifecycleStatus(const Lifecycle& lifecycle, std::string_view asOf);

/// What is wrong with the lifecycle's dates on their own (an order such as shipping before
/// announcement), or nullopt. The message names the two fields.
std::optional<std::string> lifecycleOrderProblem(const Lifecycle& lifecycle);

/// Why `stated` contradicts the dates on `asOf` ("status 'shipping' but the shipping date
/// 2027-01 is after 2026-11-24"), or nullopt when the dates allow it.
std::optional<std::string> statusContradiction(const Lifecycle& lifecycle, LifecycleStatus stated,
                                               std::string_view asOf);

} // namespace accelscope::models::catalog
