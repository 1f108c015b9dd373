// SPDX-License-Identifier: MIT
// CallbackNavigator and the "measured" setting of the Roofline and Memory pyramid pages.
#include "app/gui/measured_navigator.hpp"

#include "app/gui/app_context.hpp"
#include "labs/measured/stored_results.hpp"

namespace accelscope::gui {

CallbackNavigator::CallbackNavigator(QObject* parent, Open open, State state)
    : QObject(parent), m_open(std::move(open)), m_state(std::move(state))
{
}

QStringList CallbackNavigator::openPage(const std::string& id, const PageSettings& settings) { return m_open(id, settings); }

std::optional<labs::guided::PageState> CallbackNavigator::pageState(const std::string& id) const { return m_state(id); }

QStringList openMeasured(AppContext& context, const std::string& page, const PageSettings& settings,
                         const std::function<void(const labs::MeasuredRoofline&)>& roofline,
                         const std::function<void(const labs::MeasuredPyramid&)>& pyramid)
{
    QStringList unapplied;
    for (const auto& [key, value] : settings) {
        const auto ids = key == "measured" ? labs::parseResultIds(value) : std::nullopt;
        auto store = ids ? context.userStore() : models::fail(models::ErrorCode::InvalidArgument, "no ids");
        auto results = store ? labs::loadStoredResults(**store, *ids) : std::unexpected(store.error());
        const auto r = results && page == "roofline" ? labs::firstMeasuredRoofline(*results) : std::nullopt;
        const auto p = results && page == "memory-pyramid" ? labs::measuredPyramid(*results) : std::nullopt;
        if (r) roofline(*r);
        else if (p) pyramid(*p);
        else unapplied << QString::fromStdString(key);
    }
    return unapplied;
}

} // namespace accelscope::gui
