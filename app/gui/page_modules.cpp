// SPDX-License-Identifier: MIT
// The page list: the collected page modules in the order of page_list.cpp, and its checks.
#include "app/gui/page_module.hpp"

#include "labs/guided/page_contracts.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>

namespace accelscope::gui {
namespace {

std::vector<PageModule> collected()
{
    std::vector<PageModule> out;
    for (const auto& [folder, make] : pages::collectedPageModules()) out.push_back(make());
    return out;
}

} // namespace

std::vector<std::string> pageListProblems() { return pageListProblems(pageOrder(), pages::collectedPageModules()); }

std::vector<std::string> pageListProblems(const std::vector<std::string_view>& order, const CollectedModules& modules)
{
    std::vector<std::string> problems;
    for (const auto& [folder, make] : modules) {
        const PageModule module = make();
        if (module.id != folder) problems.push_back("app/gui/" + std::string(folder) + "/page_module.cpp declares the id '" + module.id + "'");
        if (std::ranges::count(order, std::string_view(module.id)) != 1) {
            problems.push_back("page '" + module.id + "' is not in page_list.cpp once");
        }
        if (!module.contract.empty()) {
            const auto contract = labs::guided::pageContract(module.contract);
            if (!contract) problems.push_back("page '" + module.id + "': " + contract.error().message);
            else if (contract->id != module.id) problems.push_back("page '" + module.id + "' binds another page's contract");
            else if (contract->title != module.title) problems.push_back("page '" + module.id + "' is titled '" + module.title + "', its contract '" + contract->title + "'");
        }
    }
    for (const auto id : order) {
        if (std::ranges::none_of(modules, [&](const auto& m) { return m.first == id; })) {
            problems.push_back("page_list.cpp names '" + std::string(id) + "', which no app/gui/" + std::string(id) + "/page_module.cpp declares");
        }
    }
    for (const auto& contract : labs::guided::pageContracts()) {
        if (std::ranges::none_of(modules, [&](const auto& m) { return m.second().contract == contract.id; })) {
            problems.push_back("no page binds the contract '" + contract.id + "'");
        }
    }
    return problems;
}

std::vector<PageModule> pageList()
{
    assert(pageListProblems().empty() && "the page modules and page_list.cpp disagree");
    std::vector<PageModule> modules = collected();
    std::vector<PageModule> out;
    for (const auto id : pageOrder()) {
        const auto it = std::ranges::find(modules, id, &PageModule::id);
        if (it != modules.end()) out.push_back(std::move(*it));
    }
    return out;
}

std::string resolvePageId(std::string_view idOrTitle)
{
    const auto same = [](std::string_view a, std::string_view b) {
        return std::ranges::equal(a, b, [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y)); });
    };
    for (const auto& module : collected()) {
        if (same(module.id, idOrTitle) || same(module.title, idOrTitle)) return module.id;
    }
    return {};
}

} // namespace accelscope::gui
