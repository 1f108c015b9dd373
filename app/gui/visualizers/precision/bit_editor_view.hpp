// SPDX-License-Identifier: MIT
// Bit editor: click bits of a format to flip them; type a value to see how it rounds.
#pragma once

#include <optional>

#include "app/gui/canvas/visualizer.hpp"
#include "models/precision/element_format.hpp"

#include <array>
#include <cstdint>
#include <string>

namespace accelscope::gui::precision {

class BitEditorView : public Visualizer {
public:
    std::string id() const override { return "precision-bits"; }
    std::string title() const override { return "Bit editor"; }
    void draw(DrawContext& context) override;

    /// State, for tests and presenter actions.
    void setFormat(models::precision::ElementFormat format);
    void setCode(std::uint32_t code) { m_code = code; }
    void flipBit(int bit);
    /// Encodes `text` (a number) into the current format; false (and a message) when not a number.
    bool enterValue(const std::string& text);
    std::uint32_t code() const { return m_code; }
    models::precision::ElementFormat format() const { return m_format; }
    const std::string& message() const { return m_message; }
    /// The value typed last (enterValue), until a bit or the format changes.
    std::optional<double> typedValue() const { return m_hasInput ? std::optional<double>(m_lastInput) : std::nullopt; }

private:
    void drawBits(bool dark);
    void drawValue();
    models::precision::ElementFormat m_format = models::precision::ElementFormat::Fp8E4M3;
    std::uint32_t m_code = 0x38; // 1.0 in E4M3
    bool m_saturate = false;
    std::array<char, 64> m_input{};
    std::string m_message;
    double m_lastInput = 0.0;
    bool m_hasInput = false;
};

} // namespace accelscope::gui::precision
