// SPDX-License-Identifier: MIT
// Derived-figure formulas: arithmetic, names, errors.
#include "models/catalog/formula.hpp"

#include <catch2/catch.hpp>

#include <map>

using namespace accelscope::models::catalog;

namespace {
std::optional<double> lookup(std::string_view name)
{
    const std::map<std::string, double, std::less<>> values{{"a_b", 10.0}, {"c", 4.0}};
    const auto it = values.find(name);
    return it == values.end() ? std::nullopt : std::optional<double>(it->second);
}
} // namespace

TEST_CASE("formulas follow arithmetic precedence")
{
    struct Case {
        const char* formula;
        double value;
    };
    const Case c = GENERATE(values<Case>({
        {"a_b / 2", 5.0}, {"a_b + c * 2", 18.0}, {"(a_b + c) * 2", 28.0}, {"-c + 1", -3.0},
        {"144000 / 8", 18000.0}, {"a_b / c / 2", 1.25}, {" 1.5e3 ", 1500.0},
    }));
    INFO(c.formula);
    const auto value = evaluateFormula(c.formula, lookup);
    REQUIRE(value.has_value());
    CHECK_THAT(*value, Catch::WithinRel(c.value, 1e-12));
}

TEST_CASE("formula errors say what and where")
{
    CHECK_THAT(evaluateFormula("a_b / 0", lookup).error().message, Catch::Contains("division by zero"));
    CHECK_THAT(evaluateFormula("a_b +", lookup).error().message, Catch::Contains("unexpected end"));
    CHECK_THAT(evaluateFormula("a_b $ 2", lookup).error().message, Catch::Contains("unexpected '$'"));
    CHECK_THAT(evaluateFormula("zz * 2", lookup).error().message, Catch::Contains("'zz' has no value"));
}

TEST_CASE("formula names are listed once in order of appearance")
{
    const auto names = formulaNames("a_b * c + a_b / 2");
    REQUIRE(names.has_value());
    CHECK(*names == std::vector<std::string>{"a_b", "c"});
    CHECK(formulaNames("72000 / 8")->empty());
}

TEST_CASE("deeply nested formulas are refused, not a stack overflow")
{
    // Issue #17: 100000 parentheses (or unary minuses) overflowed the stack of the recursive parser.
    const std::size_t depth = 100000;
    const std::string parens = std::string(depth, '(') + "1" + std::string(depth, ')');
    const std::string minuses = std::string(depth, '-') + "1";
    for (const std::string& formula : {parens, minuses}) {
        const auto value = evaluateFormula(formula, lookup);
        REQUIRE_FALSE(value.has_value());
        CHECK_THAT(value.error().message, Catch::Contains("nested deeper than 200 levels"));
        CHECK(value.error().message.size() < 200);
        CHECK_FALSE(formulaNames(formula).has_value());
    }
    // 200 levels are still fine.
    CHECK(evaluateFormula(std::string(199, '(') + "1" + std::string(199, ')'), lookup).value() == 1.0);
}
