// SPDX-License-Identifier: MIT
// Until the window builds pages from the page list: a PageNavigator over callbacks, and the
// Roofline / Memory pyramid side of "measured" (stored result ids) that the Labs page sends.
#pragma once

#include "app/gui/page.hpp"
#include "labs/measured/measured_pyramid.hpp"
#include "labs/measured/measured_roofline.hpp"

#include <QObject>

#include <functional>

namespace accelscope::gui {

/// A PageNavigator over two callbacks, owned by its parent (the window).
class CallbackNavigator : public QObject, public PageNavigator {
public:
    using Open = std::function<QStringList(const std::string&, const PageSettings&)>;
    using State = std::function<std::optional<labs::guided::PageState>(const std::string&)>;
    CallbackNavigator(QObject* parent, Open open, State state);
    QStringList openPage(const std::string& id, const PageSettings& settings) override;
    std::optional<labs::guided::PageState> pageState(const std::string& id) const override;

private:
    Open m_open;
    State m_state;
};

/// Applies `measured` = stored result ids for page "roofline" (calls `roofline` with their
/// measured roofline) or "memory-pyramid" (calls `pyramid`); returns the keys not applied.
QStringList openMeasured(AppContext& context, const std::string& page, const PageSettings& settings,
                         const std::function<void(const labs::MeasuredRoofline&)>& roofline,
                         const std::function<void(const labs::MeasuredPyramid&)>& pyramid);

} // namespace accelscope::gui
