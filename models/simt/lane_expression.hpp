// SPDX-License-Identifier: MIT
// Integer expressions over a lane's identity and data, for branch conditions and trip counts.
#pragma once

#include "models/common/result.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::simt {

/// What an expression can read for one lane.
struct LaneValues {
    std::int64_t tid = 0;   ///< lane index in the warp (also `lane`)
    std::int64_t warp = 0;  ///< warp index in the block
    std::int64_t gtid = 0;  ///< thread index in the block: warp · width + tid
    std::int64_t data = 0;  ///< data[gtid]
    std::int64_t iter = 0;  ///< iteration of the innermost loop (0 on the first pass), `i`
};

/// Why an evaluation gave 0 instead of the arithmetic result.
enum class ArithmeticFault { None, DivisionByZero, Overflow };

/// A parsed expression: integers, tid/lane, warp, gtid, data, i, + − * / %, comparisons,
/// && || !, parentheses, nested at most 200 levels. Comparisons give 1 or 0; division or
/// remainder by zero and 64-bit overflow give 0 (and are reported by the simulator as an error).
class LaneExpression {
public:
    /// Parses `text`; the error says the column (1-based) and what is wrong.
    static Result<LaneExpression> parse(std::string_view text);

    /// The value for `lane`; the first fault met, if any, goes to `*fault` (when not null and still None).
    std::int64_t evaluate(const LaneValues& lane, ArithmeticFault* fault = nullptr) const;
    const std::string& text() const { return m_text; }
    /// True when the value is the same for every lane of a warp (no tid, gtid, data or i).
    bool warpUniform() const { return m_warpUniform; }
    /// Operands and operators: what one lane's evaluation costs (at most 1,000).
    std::size_t terms() const { return m_terms; }

    struct Node;

private:
    std::string m_text;
    std::shared_ptr<const Node> m_root;
    bool m_warpUniform = true;
    std::size_t m_terms = 0;
};

} // namespace accelscope::models::simt
