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
    /// How worked arithmetic names a call for people, `{1}`… standing for the arguments in words
    /// ("the {2} peak of the {1}" → "the BF16 peak of the NVIDIA A100 SXM4 80GB"); empty: the
    /// function's name in words and its arguments ("mantissa bits of FP16" style, expression_work).
    std::string phrase;
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
    /// exact value (models::exactDisplayText: the shortest decimal of the double, no separators, and
    /// outside 1e-6 to 1e15 "1.1920929 × 10^-7"), `work` the
    /// expression with its intermediate values (workText: "2^15 × (2 − 2^-10) = 32,768 × 1.9990234375 = 65,504"); no format:
    /// models::readableText (exact for short and whole values such as 65504 → "65,504", else 4 significant digits).
    /// An exponent always reads "× 10^N" (models::exponentForPeople), never "e+N".
    models::Result<std::string> render(std::string_view text) const;

    const std::vector<FunctionSpec>& functions() const { return m_functions; }
    const FunctionSpec* find(std::string_view name) const;

    /// How a word argument reads in worked arithmetic (a device id as the device's name, a format
    /// as "BF16"); the default keeps the word as written.
    void setWordNamer(std::function<std::string(std::string_view)> namer) { m_wordNamer = std::move(namer); }
    std::string wordName(std::string_view word) const { return m_wordNamer ? m_wordNamer(word) : std::string(word); }

private:
    std::vector<FunctionSpec> m_functions;
    std::function<std::string(std::string_view)> m_wordNamer;
};

/// Formats a number with a format spec of `render` (empty: default). Error for a bad spec.
models::Result<std::string> formatNumber(double value, std::string_view spec);

/// The text of a value: a number with the default format, a word as it is.
std::string valueText(const Value& value);

} // namespace accelscope::labs::guided
