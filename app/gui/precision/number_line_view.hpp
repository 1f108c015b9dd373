// SPDX-License-Identifier: MIT
// Number line: every representable value of a small format, linear or log scale, with an overlay.
#pragma once

#include "app/gui/canvas/visualizer.hpp"
#include "models/precision/bit_decoding.hpp"
#include "models/precision/element_format.hpp"

#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

namespace accelscope::gui::precision {

class NumberLineView : public Visualizer {
public:
    NumberLineView();
    std::string id() const override { return "precision-number-line"; }
    std::string title() const override { return "Number line"; }
    void draw(DrawContext& context) override;

    void setFormats(models::precision::ElementFormat primary, std::optional<models::precision::ElementFormat> overlay);
    void setLogScale(bool log) { m_log = log; }
    bool logScale() const { return m_log; }
    models::precision::ElementFormat primary() const { return m_primary; }
    std::optional<models::precision::ElementFormat> overlay() const { return m_overlay; }
    /// The value marked under the mouse in the last frame (nearest tick), if any.
    std::optional<double> hovered() const { return m_hovered; }
    /// The primary format's max, min normal and min subnormal, marked on its line
    /// (models::precision::formatLandmarks); on the log scale only positive ones exist anyway.
    std::vector<models::precision::FormatLandmark> markers() const;
    /// The markers whose labels the last frame drew (a label that would cover another is left out).
    int markersDrawn() const { return m_markersDrawn; }

private:
    void refresh();
    void drawLine(const std::vector<double>& values, float y, float height, ImU32 colour, float left, float width,
                  double lo, double hi, const char* name);
    float position(double value, float left, float width, double lo, double hi) const;
    void drawMarkers(float y, float height, float nameRight, float left, float width, double lo, double hi);
    models::precision::ElementFormat m_primary = models::precision::ElementFormat::Fp8E4M3;
    std::optional<models::precision::ElementFormat> m_overlay = models::precision::ElementFormat::Fp8E5M2;
    std::vector<double> m_primaryValues;
    std::vector<double> m_overlayValues;
    bool m_log = true;
    std::optional<double> m_hovered;
    int m_markersDrawn = 0;
};

} // namespace accelscope::gui::precision
