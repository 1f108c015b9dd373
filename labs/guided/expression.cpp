// SPDX-License-Identifier: MIT
// Recursive-descent evaluator of lesson expressions and the `{{ … }}` template renderer.
#include "labs/guided/expression.hpp"

#include "labs/guided/expression_work.hpp"
#include "models/common/exponent_text.hpp"
#include "models/common/number_text.hpp"
#include "models/common/utf8_text.hpp"

#include <cctype>
#include <charconv>
#include <cmath>

namespace accelscope::labs::guided {
namespace {

using models::ErrorCode;
using models::fail;
using models::Result;

/// Parentheses, unary minus, '^' chains and calls nest at most this deep: each level is a stack
/// frame, and a hostile expression must not overflow the stack (issue #17).
constexpr int maxNestingDepth = 200;

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool isNameChar(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.' || c == '-';
}

class Parser {
public:
    Parser(std::string_view text, const Evaluator& evaluator) : m_text(text), m_evaluator(evaluator) {}

    Result<Value> parseAll()
    {
        auto value = expr();
        if (!value) return value;
        skipSpace();
        if (m_pos != m_text.size()) return error("unexpected '" + models::quotedExcerpt(m_text.substr(m_pos, 1)) + "'");
        return value;
    }

private:
    std::unexpected<models::Error> error(const std::string& what) const
    {
        // A hostile expression can be megabytes long, or hold line breaks: quote only its start, escaped.
        const std::string shown = models::quotedExcerpt(m_text);
        return fail(ErrorCode::InvalidArgument,
                    "in '" + shown + "' at column " + std::to_string(m_pos + 1) + ": " + what);
    }
    void skipSpace()
    {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])) != 0) ++m_pos;
    }
    bool accept(char c)
    {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    Result<double> number(const Result<Value>& v, const char* what)
    {
        if (!v) return std::unexpected(v.error());
        if (const double* d = std::get_if<double>(&*v)) return *d;
        return error("'" + models::quotedExcerpt(std::get<std::string>(*v)) + "' is a word, not a number (" + what + ")");
    }
    Result<Value> binary(Result<Value> left, char op, Result<Value> right)
    {
        auto a = number(left, "left of an operator");
        if (!a) return std::unexpected(a.error());
        auto b = number(right, "right of an operator");
        if (!b) return std::unexpected(b.error());
        switch (op) {
        case '+': return Value{*a + *b};
        case '-': return Value{*a - *b};
        case '*': return Value{*a * *b};
        case '/':
            if (*b == 0.0) return error("division by zero");
            return Value{*a / *b};
        default: return Value{std::pow(*a, *b)};
        }
    }
    Result<Value> expr()
    {
        auto left = term();
        while (left) {
            if (accept('+')) left = binary(std::move(left), '+', term());
            else if (accept('-')) left = binary(std::move(left), '-', term());
            else break;
        }
        return left;
    }
    Result<Value> term()
    {
        auto left = power();
        while (left) {
            if (accept('*')) left = binary(std::move(left), '*', power());
            else if (accept('/')) left = binary(std::move(left), '/', power());
            else break;
        }
        return left;
    }
    // Every recursive rule enters through here, so the depth bounds the stack.
    template <typename Rule>
    Result<Value> nested(Rule rule)
    {
        if (m_depth >= maxNestingDepth) {
            return error("nested deeper than " + std::to_string(maxNestingDepth) + " levels");
        }
        ++m_depth;
        auto out = rule();
        --m_depth;
        return out;
    }
    Result<Value> power()
    {
        auto base = unary();
        if (base && accept('^')) return binary(std::move(base), '^', nested([this] { return power(); }));
        return base;
    }
    Result<Value> unary()
    {
        if (accept('-')) {
            auto v = number(nested([this] { return unary(); }), "after '-'");
            if (!v) return std::unexpected(v.error());
            return Value{-*v};
        }
        return nested([this] { return atom(); });
    }
    Result<Value> atom()
    {
        skipSpace();
        if (m_pos >= m_text.size()) return error("an expression is missing");
        const char c = m_text[m_pos];
        Result<Value> out = error("unexpected '" + models::quotedExcerpt(std::string(1, c)) + "'");
        if (c == '(') {
            ++m_pos;
            out = expr();
            if (out && !accept(')')) out = error("')' expected");
        } else if (c == '"') {
            const auto end = m_text.find('"', m_pos + 1);
            if (end == std::string_view::npos) {
                out = error("a closing '\"' is missing");
            } else {
                out = Value{std::string(m_text.substr(m_pos + 1, end - m_pos - 1))};
                m_pos = end + 1;
            }
        } else if (std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '.') {
            out = numberLiteral();
            // "1f1b" is a word that starts with a digit, not the number 1 followed by "f1b".
            if (out && m_pos < m_text.size() && isNameStart(m_text[m_pos])) {
                while (m_pos > 0 && isNameChar(m_text[m_pos - 1])) --m_pos;
                out = nameOrCall();
            }
        } else if (isNameStart(c)) {
            out = nameOrCall();
        }
        return out;
    }
    Result<Value> numberLiteral()
    {
        double value = 0.0;
        const char* begin = m_text.data() + m_pos;
        const auto [ptr, ec] = std::from_chars(begin, m_text.data() + m_text.size(), value);
        if (ec != std::errc()) return error("bad number");
        m_pos += static_cast<std::size_t>(ptr - begin);
        return Value{value};
    }
    Result<Value> nameOrCall()
    {
        const std::size_t start = m_pos;
        while (m_pos < m_text.size() && isNameChar(m_text[m_pos])) ++m_pos;
        // A trailing '-' belongs to a subtraction ("a- 1"), not to the name.
        while (m_pos > start + 1 && m_text[m_pos - 1] == '-') --m_pos;
        const std::string name(m_text.substr(start, m_pos - start));
        skipSpace();
        if (m_pos >= m_text.size() || m_text[m_pos] != '(') return Value{name};
        ++m_pos;
        std::vector<Value> args;
        if (!accept(')')) {
            do {
                auto arg = expr();
                if (!arg) return arg;
                args.push_back(std::move(*arg));
            } while (accept(','));
            if (!accept(')')) return error("')' or ',' expected in the arguments of " + name);
        }
        const FunctionSpec* f = m_evaluator.find(name);
        if (f == nullptr) return fail(ErrorCode::NotFound, "unknown function '" + models::quotedExcerpt(name) + "'");
        const int n = static_cast<int>(args.size());
        if (n < f->minArgs || n > f->maxArgs) {
            return fail(ErrorCode::InvalidArgument, name + " takes " +
                                                        (f->minArgs == f->maxArgs ? std::to_string(f->minArgs)
                                                                                  : std::to_string(f->minArgs) + " to " +
                                                                                        std::to_string(f->maxArgs)) +
                                                        " arguments, not " + std::to_string(n) + ": " + f->signature);
        }
        auto result = f->call(args);
        if (!result) return fail(result.error().code, name + ": " + result.error().message);
        return result;
    }

    std::string_view m_text;
    const Evaluator& m_evaluator;
    std::size_t m_pos = 0;
    int m_depth = 0;
};

} // namespace

const FunctionSpec* Evaluator::find(std::string_view name) const
{
    for (const auto& f : m_functions) {
        if (f.name == name) return &f;
    }
    return nullptr;
}

models::Result<Value> Evaluator::evaluate(std::string_view expression) const
{
    Parser parser(expression, *this);
    return parser.parseAll();
}

models::Result<double> Evaluator::evaluateNumber(std::string_view expression) const
{
    auto value = evaluate(expression);
    if (!value) return std::unexpected(value.error());
    const double* d = std::get_if<double>(&*value);
    if (d == nullptr) {
        return fail(ErrorCode::InvalidArgument, "'" + models::quotedExcerpt(expression) + "' gives the word '" +
                                                    models::quotedExcerpt(std::get<std::string>(*value)) + "', not a number");
    }
    if (!std::isfinite(*d)) return fail(ErrorCode::InvalidArgument, "'" + models::quotedExcerpt(expression) + "' is not finite");
    return *d;
}

models::Result<std::string> formatNumber(double value, std::string_view spec)
{
    // Text for people: an exponent reads "× 10^38", never "e+38" (#30).
    if (spec.empty()) return models::exponentForPeople(models::readableText(value));
    if (spec == "x") return models::exactDisplayText(value); // a value of a binary format, to the last digit: 65504, 1.0078125
    char kind = 'f';
    std::string_view digits = spec;
    if (spec[0] == 's' || spec[0] == '%' || spec[0] == ',') {
        kind = spec[0];
        digits = spec.substr(1);
    }
    int n = 0;
    const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (digits.empty() || ec != std::errc() || ptr != digits.data() + digits.size() || n < 0 || n > 12) {
        return fail(ErrorCode::InvalidArgument, "bad number format '" + models::quotedExcerpt(spec) +
                                                    "' (N decimals, sN significant digits, %N percent, ,N grouped, x exact)");
    }
    switch (kind) {
    case 's': return models::exponentForPeople(models::engineeringText(value, n == 0 ? 1 : n));
    case '%': return std::isfinite(value) ? models::decimalText(value * 100.0, n, false) + "%" : models::decimalText(value, n);
    case ',': return models::decimalText(value, n, true);
    default: return models::decimalText(value, n, false);
    }
}

std::string valueText(const Value& value)
{
    if (const double* d = std::get_if<double>(&value)) return formatNumber(*d, "").value_or("?");
    return std::get<std::string>(value);
}

models::Result<std::string> Evaluator::render(std::string_view text) const
{
    std::string out;
    std::size_t pos = 0;
    while (true) {
        const auto open = text.find("{{", pos);
        if (open == std::string_view::npos) break;
        const auto close = text.find("}}", open + 2);
        if (close == std::string_view::npos) return fail(ErrorCode::InvalidArgument, "'{{' without '}}'");
        out.append(text.substr(pos, open - pos));
        std::string_view inner = text.substr(open + 2, close - open - 2);
        std::string_view spec;
        if (const auto bar = inner.rfind('|'); bar != std::string_view::npos) {
            spec = inner.substr(bar + 1);
            inner = inner.substr(0, bar);
            while (!spec.empty() && spec.front() == ' ') spec.remove_prefix(1);
            while (!spec.empty() && spec.back() == ' ') spec.remove_suffix(1);
        }
        if (spec == "work") { // the expression with its intermediate values (expression_work.hpp)
            auto worked = workText(*this, inner);
            if (!worked) return std::unexpected(worked.error());
            out += *worked;
            pos = close + 2;
            continue;
        }
        auto value = evaluate(inner);
        if (!value) return std::unexpected(value.error());
        if (const double* d = std::get_if<double>(&*value)) {
            if (!std::isfinite(*d)) return fail(ErrorCode::InvalidArgument, "'" + models::quotedExcerpt(inner) + "' is not finite");
            auto formatted = formatNumber(*d, spec);
            if (!formatted) return std::unexpected(formatted.error());
            out += *formatted;
        } else {
            out += std::get<std::string>(*value);
        }
        pos = close + 2;
    }
    out.append(text.substr(pos));
    return out;
}

} // namespace accelscope::labs::guided
