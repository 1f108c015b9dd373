// SPDX-License-Identifier: MIT
// A recursive-descent evaluator for derived-figure formulas.
#include "models/catalog/formula.hpp"

#include "models/common/utf8_text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace accelscope::models::catalog {
namespace {

/// Parentheses and unary minus nest at most this deep: each level is a stack frame, and a hostile
/// catalog file must not overflow the stack (issue #17).
constexpr int maxNestingDepth = 200;

// Grammar: expr := term (('+'|'-') term)*; term := factor (('*'|'/') factor)*;
//          factor := number | name | '(' expr ')' | '-' factor
class Parser {
public:
    Parser(std::string_view text, const std::function<std::optional<double>(std::string_view)>* lookup)
        : m_text(text), m_lookup(lookup)
    {
    }

    Result<double> parseAll()
    {
        auto value = expression();
        if (!value) {
            return value;
        }
        skipSpace();
        if (m_pos != m_text.size()) {
            return error("unexpected '" + std::string(1, m_text[m_pos]) + "'");
        }
        return value;
    }

    std::vector<std::string> names;

private:
    std::unexpected<Error> error(const std::string& what) const
    {
        // A hostile formula can be megabytes long, or hold line breaks: quote only its start, escaped.
        const std::string shown = quotedExcerpt(m_text);
        return fail(ErrorCode::InvalidData,
                    "formula '" + shown + "': " + what + " at column " + std::to_string(m_pos + 1));
    }

    void skipSpace()
    {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])) != 0) {
            ++m_pos;
        }
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

    Result<double> expression()
    {
        auto left = term();
        while (left) {
            if (accept('+')) {
                auto right = term();
                if (!right) return right;
                *left += *right;
            } else if (accept('-')) {
                auto right = term();
                if (!right) return right;
                *left -= *right;
            } else {
                break;
            }
        }
        return left;
    }

    Result<double> term()
    {
        auto left = factor();
        while (left) {
            if (accept('*')) {
                auto right = factor();
                if (!right) return right;
                *left *= *right;
            } else if (accept('/')) {
                auto right = factor();
                if (!right) return right;
                if (*right == 0.0 && m_lookup != nullptr) {
                    return error("division by zero");
                }
                *left = *right == 0.0 ? 0.0 : *left / *right;
            } else {
                break;
            }
        }
        return left;
    }

    Result<double> factor()
    {
        if (m_depth >= maxNestingDepth) {
            return error("nested deeper than " + std::to_string(maxNestingDepth) + " levels");
        }
        ++m_depth;
        auto value = nestedFactor();
        --m_depth;
        return value;
    }

    Result<double> nestedFactor()
    {
        skipSpace();
        if (m_pos >= m_text.size()) {
            return error("unexpected end");
        }
        if (accept('(')) {
            auto inner = expression();
            if (inner && !accept(')')) {
                return error("missing ')'");
            }
            return inner;
        }
        if (accept('-')) {
            auto inner = factor();
            if (inner) *inner = -*inner;
            return inner;
        }
        const char c = m_text[m_pos];
        if (std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '.') {
            return number();
        }
        if (std::islower(static_cast<unsigned char>(c)) != 0) {
            return name();
        }
        return error("unexpected '" + std::string(1, c) + "'");
    }

    Result<double> number()
    {
        double value = 0.0;
        const char* begin = m_text.data() + m_pos;
        const auto [end, ec] = std::from_chars(begin, m_text.data() + m_text.size(), value);
        if (ec != std::errc{}) {
            return error("bad number");
        }
        m_pos += static_cast<std::size_t>(end - begin);
        return value;
    }

    Result<double> name()
    {
        const std::size_t start = m_pos;
        while (m_pos < m_text.size() &&
               (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) != 0 || m_text[m_pos] == '_')) {
            ++m_pos;
        }
        const std::string_view id = m_text.substr(start, m_pos - start);
        if (std::ranges::find(names, id) == names.end()) {
            names.emplace_back(id);
        }
        if (m_lookup == nullptr) {
            return 1.0;
        }
        const auto value = (*m_lookup)(id);
        if (!value) {
            m_pos = start;
            return error("'" + std::string(id) + "' has no value");
        }
        return *value;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
    int m_depth = 0;
    const std::function<std::optional<double>(std::string_view)>* m_lookup;
};

} // namespace

Result<std::vector<std::string>> formulaNames(std::string_view formula)
{
    Parser parser(formula, nullptr);
    if (auto parsed = parser.parseAll(); !parsed) {
        return std::unexpected(parsed.error());
    }
    return parser.names;
}

Result<double> evaluateFormula(std::string_view formula,
                               const std::function<std::optional<double>(std::string_view)>& lookup)
{
    Parser parser(formula, &lookup);
    return parser.parseAll();
}

} // namespace accelscope::models::catalog
