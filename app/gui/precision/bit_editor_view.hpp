// SPDX-License-Identifier: MIT
// Bit editor: click bits of a format to flip them, each field decoded under the bits with the
// live formula; type a value to see how it rounds, in this format and in several side by side.
#pragma once

#include <optional>

#include "app/gui/canvas/visualizer.hpp"
#include "models/precision/bit_decoding.hpp"
#include "models/precision/element_format.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

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
    /// What the value field holds, as if typed: encoded at once when it is a number (no Enter
    /// needed); while it is not one yet ("1e-") the code stays and a quiet message says so.
    void typeText(const std::string& text);
    void setSaturate(bool saturate);
    bool saturate() const { return m_saturate; }
    /// The current code decoded field by field (models::precision::decodeBits).
    models::precision::BitDecoding decoding() const;
    /// Why the typed value is stored as it is in this format (overflow to NaN/Inf, clamping,
    /// flush to zero, subnormal), or empty (models::precision::storageNote).
    std::string storageNote() const;
    /// The typed value (or, when none, the current value) in the comparison formats, side by side.
    std::vector<models::precision::StoredValue> sideBySide() const;
    std::uint32_t code() const { return m_code; }
    models::precision::ElementFormat format() const { return m_format; }
    const std::string& message() const { return m_message; }
    /// The value typed last (enterValue), until a bit or the format changes.
    std::optional<double> typedValue() const { return m_hasInput ? std::optional<double>(m_lastInput) : std::nullopt; }

private:
    void drawBits(bool dark);
    void drawFields(bool dark);
    void drawValue();
    void drawSideBySide();
    models::precision::ElementFormat m_format = models::precision::ElementFormat::Fp8E4M3;
    std::uint32_t m_code = 0x38; // 1.0 in E4M3
    bool m_saturate = false;
    std::array<char, 64> m_input{};
    std::string m_message;
    std::array<float, 3> m_fieldX{}; ///< screen x where the sign, exponent and fraction fields start (last frame)
    bool m_bitsWrapped = false;     ///< the bits took more than one row (last frame)
    double m_lastInput = 0.0;
    bool m_hasInput = false;
};

} // namespace accelscope::gui::precision
