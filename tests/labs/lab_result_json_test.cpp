// SPDX-License-Identifier: MIT
// Lab result files from hostile or hand-edited sources: every problem is an error naming the field.
#include "labs/lab_result_json.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace accelscope::labs;

namespace {

// A minimal valid record; `field` replaces the value of one key (by its text).
std::string record(const std::string& from = "", const std::string& to = "")
{
    std::string text = R"({"schema_version": 1, "lab": "x", "title": "t", "parameters": {"n": 4},
 "series": [{"name": "s", "x_label": "x", "x_unit": "B", "y_label": "y", "y_unit": "GB/s", "points": [[1, 2]]}],
 "summary": [{"key": "k", "value": 3, "unit": "GB/s", "note": ""}], "notes": ["a"], "started_at": "now", "duration_s": 0.5})";
    if (!from.empty()) {
        const auto at = text.find(from);
        REQUIRE(at != std::string::npos);
        text.replace(at, from.size(), to);
    }
    return text;
}

} // namespace

TEST_CASE("the minimal record reads back")
{
    const auto r = labResultFromJson(record(), "r.json");
    REQUIRE(r.has_value());
    CHECK(r->series.front().points.front().y == 2.0);
    CHECK(r->summary.front().value == 3.0);
    CHECK(r->parameters.at("n") == 4.0);
}

TEST_CASE("deeply nested JSON in a result is refused before it is built")
{
    // Issue #17: 100000 nested arrays under "machine" overflowed the stack in nlohmann's recursive copy.
    const std::string deep = std::string(100000, '[') + std::string(100000, ']');
    const auto r = labResultFromJson(record(R"("lab": "x")", "\"machine\": " + deep + R"(, "lab": "x")"), "d.json");
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().message == "d.json:1: nested deeper than 200 levels");
    // Brackets inside strings do not count, nor do escaped quotes end a string.
    const std::string bracketsInString = "\"" + std::string(1000, '[') + "\\\"" + std::string(1000, '{') + "\"";
    CHECK(labResultFromJson(record(R"("title": "t")", "\"title\": " + bracketsInString), "s.json").has_value());
}

TEST_CASE("numbers out of range and values of the wrong type name the field")
{
    struct Case {
        const char* from;
        const char* to;
        const char* message;
    };
    const Case c = GENERATE(values<Case>({
        {R"("duration_s": 0.5)", R"("duration_s": 1e999)", "o.json: duration_s: number overflow parsing '1e999'"},
        {R"("value": 3)", R"("value": -1e999)", "o.json: value: number overflow parsing '-1e999'"},
        {R"("lab": "x")", R"("lab": 7)", "o.json: key 'lab' has the wrong type"},
        {R"("name": "s")", R"("name": 7)", "o.json: series[0].name: expected a string, found a number"},
        {R"("x_unit": "B")", R"("x_unit": ["B"])", "o.json: series[0].x_unit: expected a string, found an array"},
        {R"("points": [[1, 2]])", R"("points": [[1, "2"]])", "o.json: series[0].points[0]: expected a number, found a string"},
        {R"("points": [[1, 2]])", R"("points": [1])", "o.json: series[0].points[0]: expected a pair [x, y]"},
        {R"("key": "k")", R"("key": 1)", "o.json: summary[0].key: expected a string, found a number"},
        {R"("value": 3)", R"("value": "3")", "o.json: summary[0].value: expected a number, found a string"},
        {R"("unit": "GB/s")", R"("unit": 1)", "o.json: summary[0].unit: expected a string, found a number"},
        {R"("n": 4)", R"("n": "four")", "o.json: parameters.n: expected a number, found a string"},
        {R"("notes": ["a"])", R"("notes": [1])", "o.json: notes[0]: expected a string, found a number"},
        {R"("notes": ["a"])", R"("notes": "a")", "o.json: notes: expected an array, found a string"},
        {R"("started_at": "now")", R"("started_at": 5)", "o.json: started_at: expected a string, found a number"},
        {R"("schema_version": 1)", R"("schema_version": -1)", "o.json: schema_version: -1 is not a schema version"},
        {R"("schema_version": 1)", R"("schema_version": 4294967297)", "o.json: result schema 4294967297 was made by a newer"},
        {R"([{"key")", R"([7, {"key")", "o.json: summary[0]: expected an object, found a number"},
    }));
    INFO(c.to);
    const auto r = labResultFromJson(record(c.from, c.to), "o.json");
    REQUIRE_FALSE(r.has_value());
    CHECK_THAT(r.error().message, Catch::StartsWith(c.message));
}
