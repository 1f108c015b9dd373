// SPDX-License-Identifier: MIT
// The page modules: every folder's module is in the order file once and every id there has one;
// titles, tooltips and contracts agree; the lists built from them (the --page help) name every page.
#include "app/gui/page_module.hpp"
#include "app/gui/startup_options.hpp"
#include "labs/guided/page_contracts.hpp"

#include <catch2/catch.hpp>

#include <QWidget>

#include <algorithm>
#include <string>

using namespace accelscope;
using gui::PageModule;

namespace {

QWidget* noPage(const gui::PageServices&, QWidget*) { return nullptr; }
PageModule alpha() { return {.id = "alpha", .title = "Alpha", .tooltip = "a", .make = noPage}; }
PageModule beta() { return {.id = "beta", .title = "Beta", .tooltip = "b", .make = noPage}; }
PageModule misnamed() { return {.id = "gamma", .title = "Gamma", .tooltip = "c", .make = noPage}; }
PageModule roofs() { return {.id = "roofs", .title = "Roofs", .tooltip = "r", .make = noPage, .contract = "roofline"}; }

bool mentions(const std::vector<std::string>& problems, const std::string& text)
{
    return std::ranges::any_of(problems, [&](const std::string& p) { return p.find(text) != std::string::npos; });
}

} // namespace

TEST_CASE("every page module is in the order file once and every id there has a module")
{
    for (const auto& problem : gui::pageListProblems()) FAIL_CHECK(problem);
    const auto list = gui::pageList();
    const auto order = gui::pageOrder();
    REQUIRE(list.size() == order.size());
    for (std::size_t i = 0; i < list.size(); ++i) CHECK(list[i].id == order[i]);
    CHECK(list.size() >= 11);
    CHECK(std::ranges::count_if(list, [](const PageModule& m) { return m.pinnedF1; }) == 1);
    for (const auto& m : list) {
        INFO(m.id);
        CHECK(std::string(m.title).size() > 0);
        CHECK(std::string(m.tooltip).size() > 10);
        CHECK(static_cast<bool>(m.make));
    }
}

TEST_CASE("the page list check names an id without a module, a module out of the order and a misnamed folder")
{
    const gui::CollectedModules modules{{"alpha", &alpha}, {"beta", &beta}, {"delta", &misnamed}};
    const auto problems = gui::pageListProblems({"alpha", "omega", "gamma"}, modules);
    CHECK(mentions(problems, "page_list.cpp names 'omega', which no app/gui/omega/page_module.cpp declares"));
    CHECK(mentions(problems, "page 'beta' is not in page_list.cpp once"));
    CHECK(mentions(problems, "app/gui/delta/page_module.cpp declares the id 'gamma'"));
    CHECK_FALSE(mentions(problems, "'alpha'"));
    CHECK(gui::pageListProblems({"alpha", "alpha", "beta"}, {{"alpha", &alpha}, {"beta", &beta}}).size() >= 1); // twice
    // A contract no page binds, and a page binding another page's contract.
    const auto contracts = gui::pageListProblems({"roofs"}, {{"roofs", &roofs}});
    CHECK(mentions(contracts, "page 'roofs' binds another page's contract"));
    CHECK(mentions(contracts, "no page binds the contract 'compare'"));
}

TEST_CASE("a page with a lesson contract binds its own, under the contract's title")
{
    int bound = 0;
    for (const auto& m : gui::pageList()) {
        if (m.contract.empty()) continue;
        INFO(m.id);
        const auto contract = labs::guided::pageContract(m.contract);
        REQUIRE(contract.has_value());
        CHECK(contract->id == m.id);
        CHECK(contract->title == m.title);
        ++bound;
    }
    CHECK(bound == static_cast<int>(labs::guided::pageContracts().size()));
}

TEST_CASE("the command line resolves a page by id or English title once, from the modules")
{
    CHECK(gui::resolvePageId("serving-planner") == "serving-planner");
    CHECK(gui::resolvePageId("Serving planner") == "serving-planner");
    CHECK(gui::resolvePageId("LLM CALCULATOR") == "llm-calculator");
    CHECK(gui::resolvePageId("nowhere").empty());
    for (const auto& m : gui::pageList()) CHECK(gui::resolvePageId(m.id) == m.id);
}

TEST_CASE("the --page help names every page module, the serving planner included")
{
    const QString help = gui::pageOptionHelp();
    for (const auto& m : gui::pageList()) CHECK(help.contains(QString::fromStdString(m.id)));
    CHECK(help.contains("serving-planner"));
}
