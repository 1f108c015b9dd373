// SPDX-License-Identifier: MIT
// Block view: one MX or NVFP4 block, its shared scale, element codes and per-element error.
#pragma once

#include "app/gui/canvas/visualizer.hpp"
#include "models/precision/block_format.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace accelscope::gui::precision {

class BlockView : public Visualizer {
public:
    BlockView();
    std::string id() const override { return "precision-block"; }
    std::string title() const override { return "Block view"; }
    void draw(DrawContext& context) override;

    void setFormat(models::precision::BlockFormat format);
    /// New normal(0, 1) values with the next seed.
    void randomize();
    /// Multiplies one element by 50: every other element of the block loses precision.
    void injectOutlier();
    const std::vector<double>& values() const { return m_values; }
    void setValue(std::size_t index, double value) { m_values.at(index) = value; }
    models::precision::BlockQuantized quantized() const;

private:
    models::precision::BlockFormat m_format = models::precision::BlockFormat::MxFp4;
    std::vector<double> m_values;
    std::uint64_t m_seed = 1;
};

} // namespace accelscope::gui::precision
