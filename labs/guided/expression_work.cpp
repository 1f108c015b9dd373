// SPDX-License-Identifier: MIT
// workText: the structure of an expression (the Evaluator's grammar, spans only) reduced round by
// round, each value computed by the Evaluator itself so the steps and the answer cannot disagree.
#include "labs/guided/expression_work.hpp"

#include "models/common/exponent_text.hpp"
#include "models/common/number_text.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <algorithm>
#include <map>
#include <optional>

namespace accelscope::labs::guided {
namespace {

enum class NodeKind { Literal, Word, Call, Binary, Negate, Group };

struct Node {
    NodeKind kind = NodeKind::Literal;
    std::size_t begin = 0;
    std::size_t end = 0;
    char op = 0;
    std::vector<std::size_t> kids;
    std::size_t nameEnd = 0; ///< calls: where the function's name ends
};

bool nameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool nameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.' || c == '-'; }

/// Spans of the Evaluator's grammar (expression.hpp); the expression has already evaluated, so
/// it is well formed and no deeper than the Evaluator allows. Returns false if it is not.
class Structure {
public:
    explicit Structure(std::string_view text) : m_text(text) {}
    std::vector<Node> nodes;

    bool parse(std::size_t& root)
    {
        auto r = expr();
        skip();
        if (!r || m_pos != m_text.size()) return false;
        root = *r;
        return true;
    }

private:
    using Index = std::optional<std::size_t>;
    void skip()
    {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])) != 0) ++m_pos;
    }
    bool accept(char c)
    {
        skip();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    std::size_t add(NodeKind kind, std::size_t begin, char op, std::vector<std::size_t> kids)
    {
        nodes.push_back({kind, begin, m_pos, op, std::move(kids), 0});
        return nodes.size() - 1;
    }
    Index binaryChain(Index (Structure::*operand)(), std::string_view ops)
    {
        Index left = (this->*operand)();
        while (left) {
            skip();
            if (m_pos >= m_text.size() || ops.find(m_text[m_pos]) == std::string_view::npos) break;
            const char op = m_text[m_pos++];
            Index right = (this->*operand)();
            if (!right) return std::nullopt;
            left = add(NodeKind::Binary, nodes[*left].begin, op, {*left, *right});
        }
        return left;
    }
    Index expr() { return binaryChain(&Structure::term, "+-"); }
    Index term() { return binaryChain(&Structure::power, "*/"); }
    Index power()
    {
        Index base = unary();
        if (base && accept('^')) {
            Index exponent = power();
            if (!exponent) return std::nullopt;
            return add(NodeKind::Binary, nodes[*base].begin, '^', {*base, *exponent});
        }
        return base;
    }
    Index unary()
    {
        skip();
        const std::size_t begin = m_pos;
        if (accept('-')) {
            Index operand = unary();
            if (!operand) return std::nullopt;
            return add(NodeKind::Negate, begin, '-', {*operand});
        }
        return atom();
    }
    Index atom()
    {
        skip();
        if (m_pos >= m_text.size()) return std::nullopt;
        const std::size_t begin = m_pos;
        const char c = m_text[m_pos];
        if (c == '(') {
            ++m_pos;
            Index inner = expr();
            if (!inner || !accept(')')) return std::nullopt;
            return add(NodeKind::Group, begin, 0, {*inner});
        }
        if (c == '"') {
            const auto close = m_text.find('"', m_pos + 1);
            if (close == std::string_view::npos) return std::nullopt;
            m_pos = close + 1;
            return add(NodeKind::Word, begin, 0, {});
        }
        if (std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '.') {
            double ignored = 0;
            const auto [ptr, ec] = std::from_chars(m_text.data() + m_pos, m_text.data() + m_text.size(), ignored);
            if (ec != std::errc()) return std::nullopt;
            m_pos = static_cast<std::size_t>(ptr - m_text.data());
            if (m_pos >= m_text.size() || !nameStart(m_text[m_pos])) return add(NodeKind::Literal, begin, 0, {});
            m_pos = begin; // "1f1b": a word that starts with a digit
        } else if (!nameStart(c)) {
            return std::nullopt;
        }
        while (m_pos < m_text.size() && nameChar(m_text[m_pos])) ++m_pos;
        while (m_pos > begin + 1 && m_text[m_pos - 1] == '-') --m_pos;
        const std::size_t nameEnd = m_pos;
        if (!accept('(')) {
            m_pos = nameEnd;
            return add(NodeKind::Word, begin, 0, {});
        }
        std::vector<std::size_t> args;
        if (!accept(')')) {
            do {
                Index arg = expr();
                if (!arg) return std::nullopt;
                args.push_back(*arg);
            } while (accept(','));
            if (!accept(')')) return std::nullopt;
        }
        nodes.push_back({NodeKind::Call, begin, m_pos, 0, std::move(args), nameEnd});
        return nodes.size() - 1;
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
};

class Reducer {
public:
    Reducer(const Evaluator& evaluator, std::string_view text, Structure& structure)
        : m_evaluator(evaluator), m_text(text), m_s(structure)
    {
    }

    std::string render(std::size_t n) const
    {
        if (const auto r = m_reduced.find(n); r != m_reduced.end()) return r->second;
        const Node& node = m_s.nodes[n];
        switch (node.kind) {
        case NodeKind::Literal: {
            // A number as people write it: 1e9 is 1,000,000,000 (the formatter), never "1e9".
            const std::string_view literal = m_text.substr(node.begin, node.end - node.begin);
            double value = 0;
            const auto [ptr, ec] = std::from_chars(literal.data(), literal.data() + literal.size(), value);
            if (ec != std::errc() || literal.find_first_of("eE") == std::string_view::npos) return std::string(literal);
            return workNumber(value);
        }
        case NodeKind::Word: return std::string(m_text.substr(node.begin, node.end - node.begin));
        case NodeKind::Negate: return "-" + render(node.kids[0]);
        case NodeKind::Group: return "(" + render(node.kids[0]) + ")";
        case NodeKind::Call: return phrase(n);
        case NodeKind::Binary: {
            const char* op = node.op == '*' ? " × " : node.op == '-' ? " − " : node.op == '+' ? " + " : node.op == '/' ? " / " : "^";
            return render(node.kids[0]) + op + render(node.kids[1]);
        }
        }
        return {};
    }

    /// A call in words, not code: its function's phrase with the arguments in words ("the BF16
    /// peak of the NVIDIA A100 SXM4 80GB"), or its name in words and its arguments ("warp
    /// efficiency of nested-ifs"), so a worked solution never shows `peak(nvidia-…, bf16)`.
    std::string phrase(std::size_t n) const
    {
        const Node& node = m_s.nodes[n];
        const std::string name(m_text.substr(node.begin, node.nameEnd - node.begin));
        std::vector<std::string> args;
        for (const std::size_t k : node.kids) args.push_back(argument(k));
        const FunctionSpec* f = m_evaluator.find(name);
        std::string out;
        if (f != nullptr && !f->phrase.empty()) {
            const std::string& pattern = f->phrase;
            for (std::size_t i = 0; i < pattern.size(); ++i) {
                const auto close = pattern.find('}', i);
                if (pattern[i] == '{' && close != std::string::npos && close == i + 2 && std::isdigit(static_cast<unsigned char>(pattern[i + 1])) != 0) {
                    const auto index = static_cast<std::size_t>(pattern[i + 1] - '1');
                    if (index < args.size()) out += args[index];
                    i = close;
                } else {
                    out += pattern[i];
                }
            }
            return out;
        }
        for (const char c : name) out += c == '_' ? ' ' : c;
        for (std::size_t i = 0; i < args.size(); ++i) out += (i == 0 ? " of " : ", ") + args[i];
        return out;
    }

    /// A call's argument in words: a value computed, a word by its name, a call by its phrase.
    std::string argument(std::size_t k) const
    {
        if (const auto r = m_reduced.find(k); r != m_reduced.end()) return r->second;
        const Node& kid = m_s.nodes[k];
        if (kid.kind == NodeKind::Word) {
            std::string word(m_text.substr(kid.begin, kid.end - kid.begin));
            if (word.size() >= 2 && word.front() == '"') return word.substr(1, word.size() - 2);
            return m_evaluator.wordName(word);
        }
        return render(k);
    }

    /// A number, a word, a negated number or a value already computed: nothing left to do there.
    bool settled(std::size_t n) const
    {
        if (m_reduced.count(n)) return true;
        const Node& node = m_s.nodes[n];
        switch (node.kind) {
        case NodeKind::Literal:
        case NodeKind::Word: return true;
        case NodeKind::Negate: return m_s.nodes[node.kids[0]].kind == NodeKind::Literal;
        case NodeKind::Group: return settled(node.kids[0]);
        default: return false;
        }
    }

    /// One round: every operation whose operands are settled becomes its value.
    models::Result<bool> round()
    {
        std::vector<std::size_t> ready;
        for (std::size_t n = 0; n < m_s.nodes.size(); ++n) {
            if (settled(n)) continue;
            const auto& kids = m_s.nodes[n].kids;
            if (std::all_of(kids.begin(), kids.end(), [&](std::size_t k) { return settled(k); })) ready.push_back(n);
        }
        if (ready.empty()) return false;
        for (const std::size_t n : ready) {
            if (auto ok = reduce(n); !ok) return std::unexpected(ok.error());
        }
        // Parentheses around a value just computed go with it.
        for (std::size_t n = 0; n < m_s.nodes.size(); ++n) {
            const Node& node = m_s.nodes[n];
            if (node.kind == NodeKind::Group && !m_reduced.count(n) && m_reduced.count(node.kids[0])) {
                m_reduced[n] = m_reduced.at(node.kids[0]);
                m_values[n] = m_values.at(node.kids[0]);
            }
        }
        return true;
    }

    bool done(std::size_t root) const { return m_reduced.count(root) > 0 || settled(root); }

private:
    /// A settled operand as the Evaluator reads it: a value computed earlier in its exact
    /// shortest form (so it reads back as the same double, and no call is evaluated twice), else
    /// its source text.
    std::string operand(std::size_t k) const
    {
        if (const auto v = m_values.find(k); v != m_values.end()) {
            if (const double* d = std::get_if<double>(&v->second)) return "(" + models::exactText(*d) + ")";
            return "\"" + std::get<std::string>(v->second) + "\"";
        }
        const Node& kid = m_s.nodes[k];
        return "(" + std::string(m_text.substr(kid.begin, kid.end - kid.begin)) + ")";
    }

public:
    /// The whole expression's value, known before the rounds start: the last round reuses it.
    void setRoot(std::size_t root, Value value)
    {
        m_root = root;
        m_rootValue = std::move(value);
    }

private:

    models::Result<void> reduce(std::size_t n)
    {
        if (n == m_root && m_rootValue) {
            const double* d = std::get_if<double>(&*m_rootValue);
            m_reduced[n] = d != nullptr ? workNumber(*d) : std::get<std::string>(*m_rootValue);
            m_values[n] = *m_rootValue;
            return {};
        }
        const Node& node = m_s.nodes[n];
        std::string text;
        switch (node.kind) {
        case NodeKind::Binary: text = operand(node.kids[0]) + node.op + operand(node.kids[1]); break;
        case NodeKind::Negate: text = "-" + operand(node.kids[0]); break;
        case NodeKind::Call: {
            text = std::string(m_text.substr(node.begin, node.nameEnd - node.begin)) + "(";
            for (std::size_t i = 0; i < node.kids.size(); ++i) {
                const Node& arg = m_s.nodes[node.kids[i]];
                // Words stay words: a device id is not a quoted string to the functions.
                const bool word = arg.kind == NodeKind::Word && !m_values.count(node.kids[i]);
                text += (i ? "," : "") + (word ? std::string(m_text.substr(arg.begin, arg.end - arg.begin)) : operand(node.kids[i]));
            }
            text += ")";
            break;
        }
        default: text = m_text.substr(node.begin, node.end - node.begin);
        }
        auto value = m_evaluator.evaluate(text);
        if (!value) return std::unexpected(value.error());
        const double* d = std::get_if<double>(&*value);
        m_reduced[n] = d != nullptr ? workNumber(*d) : std::get<std::string>(*value);
        m_values[n] = *value;
        return {};
    }

    const Evaluator& m_evaluator;
    std::string_view m_text;
    Structure& m_s;
    std::map<std::size_t, std::string> m_reduced;
    std::map<std::size_t, Value> m_values; ///< the exact value of each reduced node
    std::size_t m_root = static_cast<std::size_t>(-1);
    std::optional<Value> m_rootValue;
};

} // namespace

std::string workNumber(double value)
{
    if (!std::isfinite(value)) return models::exactText(value);
    if (value == std::floor(value) && std::fabs(value) < 1e15) return models::readableText(value);
    const std::string exact = models::exactText(value);
    int significant = 0;
    bool leading = true;
    for (const char c : exact) {
        if (c == 'e') return models::exponentForPeople(models::engineeringText(value, 6));
        if (c < '0' || c > '9') continue;
        if (leading && c == '0') continue;
        leading = false;
        ++significant;
    }
    return significant <= 12 ? exact : models::exponentForPeople(models::engineeringText(value, 6));
}

models::Result<std::string> workText(const Evaluator& evaluator, std::string_view expression, int maxForms)
{
    auto value = evaluator.evaluate(expression);
    if (!value) return std::unexpected(value.error());
    const std::string result = valueText(*value);
    const std::string final = std::holds_alternative<double>(*value) ? workNumber(std::get<double>(*value)) : result;
    // Each operation is evaluated from its own text, so the work grows with nodes × length: a
    // long (or hostile, #17) expression is shown with its value only.
    constexpr std::size_t longest = 400;
    if (expression.size() > longest) return std::string(expression.substr(0, longest)) + "... = " + final;
    Structure structure(expression);
    std::size_t root = 0;
    if (!structure.parse(root)) return std::string(expression) + " = " + final;
    Reducer reducer(evaluator, expression, structure);
    reducer.setRoot(root, *value);
    if (reducer.done(root)) return final;
    std::vector<std::string> forms{reducer.render(root)};
    while (!reducer.done(root)) {
        auto progressed = reducer.round();
        if (!progressed) return std::unexpected(progressed.error());
        if (!*progressed) break;
        const std::string form = reducer.render(root);
        if (form != forms.back()) forms.push_back(form);
    }
    if (forms.back() != final) forms.push_back(final);
    const auto keep = static_cast<std::size_t>(std::max(2, maxForms));
    if (forms.size() > keep) forms.erase(forms.begin() + 1, forms.end() - static_cast<long>(keep - 1));
    std::string out;
    for (const auto& f : forms) out += (out.empty() ? "" : " = ") + f;
    return out;
}

} // namespace accelscope::labs::guided
