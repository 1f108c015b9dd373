// SPDX-License-Identifier: MIT
// The page tables of README.md (the tour) and docs/ARCHITECTURE.md (where each page's numbers come
// from) name every page of app/gui/page_list.cpp, in its order, and no other.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string readSource(const std::string& relative)
{
    std::ifstream in(std::string(ACCELSCOPE_TEST_SOURCE_DIR) + "/" + relative);
    REQUIRE(in.good());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The page ids of the page list, in order: every quoted id-shaped string ("catalog",
// "llm-calculator") outside the #include lines. Titles, tooltips and the translation context have
// capitals or spaces, so the same regex serves a list of entries and a list of ids one per line.
std::vector<std::string> pageListIds()
{
    std::istringstream lines(readSource("app/gui/page_list.cpp"));
    const std::regex quotedId(R"re("([a-z][a-z0-9]*(?:-[a-z0-9]+)*)")re");
    std::vector<std::string> ids;
    for (std::string line; std::getline(lines, line);) {
        if (line.starts_with("#")) continue;
        for (auto it = std::sregex_iterator(line.begin(), line.end(), quotedId); it != std::sregex_iterator(); ++it) {
            ids.push_back((*it)[1]);
        }
    }
    return ids;
}

std::vector<std::string> cellsOf(const std::string& row)
{
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < row.size(); ++i) { // past the leading '|'
        if (row[i] == '|' && row[i - 1] != '\\') {
            const auto first = cell.find_first_not_of(' ');
            cells.push_back(first == std::string::npos ? "" : cell.substr(first, cell.find_last_not_of(' ') - first + 1));
            cell.clear();
        } else {
            cell += row[i];
        }
    }
    return cells;
}

// The ids in the `id` column of the first table after the line `heading`, in row order; a row
// whose id cell holds no `backticked` id (a feature with no page yet) is passed over.
std::vector<std::string> tableIds(const std::string& file, const std::string& heading)
{
    std::istringstream lines(readSource(file));
    std::string line;
    while (std::getline(lines, line) && line != heading) {}
    INFO(file << ": no line '" << heading << "'");
    REQUIRE(line == heading);
    while (std::getline(lines, line) && !line.starts_with("|")) {}
    const auto header = cellsOf(line);
    const auto column = std::find(header.begin(), header.end(), "id") - header.begin();
    INFO(file << ": the table after '" << heading << "' has no id column: " << line);
    REQUIRE(column < static_cast<long>(header.size()));
    std::getline(lines, line); // |---|---|
    std::vector<std::string> ids;
    const std::regex backticked("^`([^`]+)`$");
    while (std::getline(lines, line) && line.starts_with("|")) {
        const auto cells = cellsOf(line);
        std::smatch id;
        if (column < static_cast<long>(cells.size()) && std::regex_match(cells[column], id, backticked)) ids.push_back(id[1]);
    }
    return ids;
}

} // namespace

TEST_CASE("the page list reads as page ids, each once, Catalog first and Lessons last")
{
    const auto ids = pageListIds();
    REQUIRE(ids.size() >= 11);
    CHECK(ids.front() == "catalog");
    CHECK(ids.back() == "lessons");
    CHECK(std::find(ids.begin(), ids.end(), "serving-planner") != ids.end());
    auto sorted = ids;
    std::ranges::sort(sorted);
    CHECK(std::ranges::adjacent_find(sorted) == sorted.end());
}

TEST_CASE("the README's tour and ARCHITECTURE's page table name every page of the page list, in its order")
{
    const auto ids = pageListIds();
    CHECK(tableIds("README.md", "## Tour") == ids);
    CHECK(tableIds("docs/ARCHITECTURE.md", "## Where each page's numbers come from (and the CLI that prints them)") == ids);
}
