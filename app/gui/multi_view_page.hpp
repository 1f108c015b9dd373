// SPDX-License-Identifier: MIT
// A page made of several views (tabs) that screenshots, tests and lessons can step through.
#pragma once

#include <QString>

namespace accelscope::gui {

class MultiViewPage {
public:
    virtual ~MultiViewPage() = default;
    virtual int viewCount() const = 0;
    virtual QString viewName(int index) const = 0;
    /// Shows view `index` (takes effect on the next paint).
    virtual void showView(int index) = 0;
};

} // namespace accelscope::gui
