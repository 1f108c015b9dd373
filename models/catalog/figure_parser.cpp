// SPDX-License-Identifier: MIT
// Stated values with units, plausibility ranges, and derived-figure resolution.
#include "models/catalog/figure_parser.hpp"

#include "models/catalog/formula.hpp"
#include "models/common/utf8_text.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>

namespace accelscope::models::catalog {
namespace {

std::string_view trim(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

// Depth-first evaluation; `visiting` detects cycles.
std::expected<double, DerivedError> resolveOne(Device& device, FigureKey key, std::set<FigureKey>& visiting,
                                               std::set<FigureKey>& done)
{
    Figure& figure = device.figures.at(key);
    if (figure.provenance == Provenance::Sourced || done.contains(key)) {
        return figure.value;
    }
    if (visiting.contains(key)) {
        return std::unexpected(DerivedError{key, "formula '" + figure.formula + "' is part of a cycle"});
    }
    visiting.insert(key);
    std::expected<double, DerivedError> nested = 0.0;
    const auto lookup = [&](std::string_view name) -> std::optional<double> {
        const auto other = figureFromJsonKey(name);
        if (!other || !device.figures.contains(*other) || !nested) {
            return std::nullopt;
        }
        nested = resolveOne(device, *other, visiting, done);
        return nested ? std::optional<double>(*nested) : std::nullopt;
    };
    auto names = formulaNames(figure.formula);
    if (!names) {
        return std::unexpected(DerivedError{key, names.error().message});
    }
    for (const auto& name : *names) {
        if (!figureFromJsonKey(name)) {
            return std::unexpected(DerivedError{key, "formula names unknown figure '" + name + "'"});
        }
        if (!device.figures.contains(*figureFromJsonKey(name))) {
            return std::unexpected(DerivedError{key, "formula uses '" + name + "', which this device does not have"});
        }
    }
    auto value = evaluateFormula(figure.formula, lookup);
    if (!nested) {
        return nested;
    }
    if (!value) {
        return std::unexpected(DerivedError{key, value.error().message});
    }
    if (auto range = checkFigureRange(*value, figureInfo(key)); !range) {
        return std::unexpected(DerivedError{key, "formula '" + figure.formula + "' gives " + range.error().message});
    }
    figure.value = *value;
    visiting.erase(key);
    done.insert(key);
    return *value;
}

} // namespace

Result<double> parseStatedValue(std::string_view stated, const FigureInfo& info)
{
    const std::string_view text = trim(stated);
    double number = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec != std::errc{} || end == text.data()) {
        return fail(ErrorCode::InvalidData, "'" + quotedExcerpt(stated) + "' does not start with a number");
    }
    const std::string_view unit = trim(text.substr(static_cast<std::size_t>(end - text.data())));
    const auto factor = unitFactor(info.dimension, unit);
    if (!factor) {
        return fail(ErrorCode::InvalidData, "unit '" + quotedExcerpt(unit) + "' does not fit " +
                                                std::string(info.jsonKey) + " (expects " +
                                                std::string(acceptedUnits(info.dimension)) + ")");
    }
    return number * *factor;
}

Result<void> checkFigureRange(double value, const FigureInfo& info)
{
    if (!std::isfinite(value)) {
        return fail(ErrorCode::InvalidData, "a value that is not finite");
    }
    if (value < 0) {
        return fail(ErrorCode::InvalidData, "negative value " + formatFigureValue(value));
    }
    if (value < info.minValue || value > info.maxValue) {
        return fail(ErrorCode::InvalidData, "implausible value " + formatFigureValue(value) + " " +
                                                std::string(info.unit) + " (expected " +
                                                formatFigureValue(info.minValue) + " to " +
                                                formatFigureValue(info.maxValue) + ")");
    }
    if (info.integral && value != std::floor(value)) {
        return fail(ErrorCode::InvalidData, "must be a whole number, got " + formatFigureValue(value));
    }
    return {};
}

std::expected<void, DerivedError> resolveDerivedFigures(Device& device)
{
    std::set<FigureKey> visiting;
    std::set<FigureKey> done;
    for (auto& [key, figure] : device.figures) {
        if (figure.provenance == Provenance::Derived) {
            if (auto value = resolveOne(device, key, visiting, done); !value) {
                return std::unexpected(value.error());
            }
        }
    }
    return {};
}

std::string formatFigureValue(double value)
{
    char buffer[64];
    if (value != 0 && (std::fabs(value) >= 1e9 || std::fabs(value) < 1e-3)) {
        std::snprintf(buffer, sizeof buffer, "%.4g", value);
    } else if (std::fabs(value) >= 1000 || value == std::floor(value)) {
        std::snprintf(buffer, sizeof buffer, "%.10g", std::round(value * 100) / 100);
    } else {
        std::snprintf(buffer, sizeof buffer, "%.4g", value);
    }
    return buffer;
}

} // namespace accelscope::models::catalog
