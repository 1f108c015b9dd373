// SPDX-License-Identifier: MIT
// The small, safe expression language of lessons: numbers, names, calls of registered functions,
// + − × ÷ ^ and parentheses; and `{{ expression | format }}` templates in lesson text.
#pragma once

#include "models/common/result.hpp"

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace accelscope::labs::guided {

/// A value: a number, or a word (a device id, a format name, a kernel spec in quotes).
using Value = std::variant<double, std::string>;

/// A function a lesson may call. `call` gets the evaluated arguments (arity already checked).
struct FunctionSpec {
    std::string name;
    std::string signature;   ///< "ridge(device, precision[, unit])"
    std::string description; ///< what it returns, with its unit and the model that computes it
    int minArgs = 0;
    int maxArgs = 0;
    std::function<models::Result<Value>(std::span<const Value>)> call;
};

/// Evaluates expressions against a list of functions. Grammar (EBNF):
///   expr   = term { ("+" | "-") term } ;   term = power { ("*" | "/") power } ;
///   power  = unary [ "^" power ] ;           unary = [ "-" ] atom ;
///   atom   = number | string | name [ "(" [ expr { "," expr } ] ")" ] | "(" expr ")" ;
/// A name may contain letters, digits, '_', '.' and '-' ("nvidia-h100-sxm", "llama3.1-8b"), so
/// subtraction needs a space before '-' after a name. A bare name that is not called is a word.
/// Nothing else exists: no variables, no loops, no I/O. Errors say what and where (column).
class Evaluator {
public:
    explicit Evaluator(std::vector<FunctionSpec> functions) : m_functions(std::move(functions)) {}

    /// Evaluates one expression.
    models::Result<Value> evaluate(std::string_view expression) const;
    /// Evaluates an expression that must give a finite number.
    models::Result<double> evaluateNumber(std::string_view expression) const;
    /// Replaces every `{{ expression [| format] }}` in `text` by its value. Formats: `N` fixed
    /// with N decimals, `sN` N significant digits (models::engineeringText: grouped, no float noise),
    /// `%N` a fraction as a percentage with N decimals, `,N` fixed with thousands separators, `x` the
    /// exact value (models::exactText: the shortest decimal of the double, no separators), `work` the
    /// expression with its intermediate values (workText: "2^15 × (2 − 2^-10) = 32,768 × 1.9990234375 = 65,504"); no format:
    /// models::readableText (exact for short and whole values such as 65504 → "65,504", else 4 significant digits).
    models::Result<std::string> render(std::string_view text) const;

    const std::vector<FunctionSpec>& functions() const { return m_functions; }
    const FunctionSpec* find(std::string_view name) const;

private:
    std::vector<FunctionSpec> m_functions;
};

/// Formats a number with a format spec of `render` (empty: default). Error for a bad spec.
models::Result<std::string> formatNumber(double value, std::string_view spec);

/// The text of a value: a number with the default format, a word as it is.
std::string valueText(const Value& value);

} // namespace accelscope::labs::guided
