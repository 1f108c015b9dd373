// SPDX-License-Identifier: MIT
// Recursive-descent parser and tree evaluator for lane expressions.
#include "models/simt/lane_expression.hpp"

#include "models/common/number_text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <limits>
#include <utility>
#include <vector>

namespace accelscope::models::simt {

struct LaneExpression::Node {
    /// A Chain is a run of operators of one precedence level, applied left to right: `a + b - c` is one
    /// node with three operands, so a long flat sum is shallow (issue #29: a 251-term sum was refused
    /// as nested deeper than 200 levels) and is evaluated by a loop, not by recursion.
    enum class Kind { Number, Variable, Unary, Chain } kind = Kind::Number;
    std::int64_t number = 0;
    std::string op;                ///< unary operator or variable name
    std::shared_ptr<const Node> left;              ///< a Unary's operand
    std::vector<std::shared_ptr<const Node>> operands; ///< a Chain's operands, one more than its operators
    std::vector<std::string> operators;            ///< a Chain's operators, in order
    int depth = 1; ///< levels of the subtree rooted here (a leaf is 1)
};

namespace {

using Node = LaneExpression::Node;
using NodePtr = std::shared_ptr<const Node>;

/// Parentheses and unary operators nest at most this deep: parsing, evaluating
/// and freeing the tree recurse once per level, and a hostile program must not overflow the
/// stack (issue #17).
constexpr int maxNestingDepth = 200;
/// Operands and operators in one expression: every lane evaluates the whole tree at every issue, so
/// its size bounds a run's work beside the step limit.
constexpr std::size_t maxNodes = 1000;

NodePtr makeNode(Node::Kind kind, std::int64_t number, std::string op, NodePtr left)
{
    Node node;
    node.kind = kind;
    node.number = number;
    node.op = std::move(op);
    node.depth = 1 + (left ? left->depth : 0);
    node.left = std::move(left);
    return std::make_shared<const Node>(std::move(node));
}

NodePtr makeChain(std::vector<NodePtr> operands, std::vector<std::string> operators)
{
    Node node;
    node.kind = Node::Kind::Chain;
    for (const auto& o : operands) node.depth = std::max(node.depth, 1 + o->depth);
    node.operands = std::move(operands);
    node.operators = std::move(operators);
    return std::make_shared<const Node>(std::move(node));
}

// Precedence climbing, lowest first: ||, &&, == !=, < <= > >=, + -, * / %, unary.
class Parser {
public:
    explicit Parser(std::string_view text) : m_text(text) {}

    Result<NodePtr> parseAll()
    {
        auto node = parseLevel(0);
        if (!node) return node;
        skip();
        if (m_pos != m_text.size()) return error("unexpected '" + std::string(1, m_text[m_pos]) + "'");
        return node;
    }

    bool uniform = true;
    std::size_t nodes() const { return m_nodes; }

private:
    static constexpr std::array<std::array<std::string_view, 4>, 6> levels{{
        {"||", "", "", ""}, {"&&", "", "", ""}, {"==", "!=", "", ""}, {"<=", ">=", "<", ">"},
        {"+", "-", "", ""}, {"*", "/", "%", ""},
    }};

    std::unexpected<Error> tooDeep() const
    {
        return error("nested deeper than " + std::to_string(maxNestingDepth) + " levels");
    }

    std::unexpected<Error> tooLarge() const
    {
        return error("more than " + readableText(double(maxNodes)) + " terms in one expression");
    }

    std::unexpected<Error> error(const std::string& what) const
    {
        return fail(ErrorCode::InvalidArgument, "column " + std::to_string(m_pos + 1) + ": " + what);
    }

    void skip()
    {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])) != 0) ++m_pos;
    }

    std::string_view matchOperator(std::size_t level)
    {
        skip();
        for (const auto op : levels[level]) {
            if (!op.empty() && m_text.substr(m_pos, op.size()) == op) {
                m_pos += op.size();
                return op;
            }
        }
        return {};
    }

    Result<NodePtr> parseLevel(std::size_t level)
    {
        if (level == levels.size()) return parseUnary();
        auto first = parseLevel(level + 1);
        if (!first) return first;
        std::vector<NodePtr> operands{*first};
        std::vector<std::string> operators;
        for (auto op = matchOperator(level); !op.empty(); op = matchOperator(level)) {
            auto next = parseLevel(level + 1);
            if (!next) return next;
            operands.push_back(*next);
            operators.emplace_back(op);
            if (++m_nodes > maxNodes) return tooLarge();
        }
        if (operators.empty()) return first;
        auto chain = makeChain(std::move(operands), std::move(operators));
        if (chain->depth > maxNestingDepth) return tooDeep();
        return chain;
    }

    Result<NodePtr> parseUnary()
    {
        if (m_nesting >= maxNestingDepth) return tooDeep();
        if (++m_nodes > maxNodes) return tooLarge();
        ++m_nesting;
        auto node = parseOperand();
        --m_nesting;
        if (node && (*node)->depth > maxNestingDepth) return tooDeep();
        return node;
    }

    Result<NodePtr> parseOperand()
    {
        skip();
        if (m_pos >= m_text.size()) return error("expression ends too early");
        const char c = m_text[m_pos];
        if (c == '-' || c == '!') {
            ++m_pos;
            auto inner = parseUnary();
            if (!inner) return inner;
            return makeNode(Node::Kind::Unary, 0, std::string(1, c), *inner);
        }
        if (c == '(') {
            ++m_pos;
            auto inner = parseLevel(0);
            if (!inner) return inner;
            skip();
            if (m_pos >= m_text.size() || m_text[m_pos] != ')') return error("missing ')'");
            ++m_pos;
            return inner;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
            std::int64_t value = 0;
            const auto [end, ec] = std::from_chars(m_text.data() + m_pos, m_text.data() + m_text.size(), value);
            if (ec != std::errc{}) return error("number out of range");
            m_pos = static_cast<std::size_t>(end - m_text.data());
            return makeNode(Node::Kind::Number, value, "", nullptr);
        }
        if (std::isalpha(static_cast<unsigned char>(c)) != 0) {
            const std::size_t start = m_pos;
            while (m_pos < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[m_pos])) != 0 || m_text[m_pos] == '_')) ++m_pos;
            std::string name(m_text.substr(start, m_pos - start));
            if (name == "lane") name = "tid";
            if (name != "tid" && name != "warp" && name != "gtid" && name != "data" && name != "i") {
                m_pos = start;
                return error("unknown name '" + name + "' (tid, lane, warp, gtid, data, i)");
            }
            uniform &= name == "warp";
            return makeNode(Node::Kind::Variable, 0, name, nullptr);
        }
        return error("unexpected '" + std::string(1, c) + "'");
    }

    std::string_view m_text;
    std::size_t m_pos = 0;
    int m_nesting = 0;
    std::size_t m_nodes = 0;
};

void report(ArithmeticFault* fault, ArithmeticFault what)
{
    if (fault != nullptr && *fault == ArithmeticFault::None) *fault = what;
}

// Signed overflow is undefined behaviour and INT64_MIN / -1 traps (SIGFPE) on x86 (issue #17):
// every operation is checked and a fault gives 0, as division by zero does.
std::int64_t arithmetic(const std::string& op, std::int64_t a, std::int64_t b, ArithmeticFault* fault)
{
    std::int64_t out = 0;
    bool overflow = false;
    if (op == "+") overflow = __builtin_add_overflow(a, b, &out);
    else if (op == "-") overflow = __builtin_sub_overflow(a, b, &out);
    else if (op == "*") overflow = __builtin_mul_overflow(a, b, &out);
    else if (b == 0) {
        report(fault, ArithmeticFault::DivisionByZero);
        return 0;
    } else if (a == std::numeric_limits<std::int64_t>::min() && b == -1) {
        overflow = op == "/";  // the remainder is 0, the quotient does not fit
    } else {
        out = op == "/" ? a / b : a % b;
    }
    if (overflow) {
        report(fault, ArithmeticFault::Overflow);
        return 0;
    }
    return out;
}

std::int64_t binary(const std::string& op, std::int64_t a, std::int64_t b, ArithmeticFault* fault);

std::int64_t evaluateNode(const Node& n, const LaneValues& lane, ArithmeticFault* fault)
{
    switch (n.kind) {
    case Node::Kind::Number: return n.number;
    case Node::Kind::Variable:
        if (n.op == "tid") return lane.tid;
        if (n.op == "warp") return lane.warp;
        if (n.op == "gtid") return lane.gtid;
        if (n.op == "data") return lane.data;
        return lane.iter;
    case Node::Kind::Unary: {
        const std::int64_t v = evaluateNode(*n.left, lane, fault);
        if (n.op == "!") return v == 0 ? 1 : 0;
        return arithmetic("-", 0, v, fault);
    }
    case Node::Kind::Chain: break;
    }
    std::int64_t value = evaluateNode(*n.operands.front(), lane, fault);
    for (std::size_t i = 0; i < n.operators.size(); ++i) {
        value = binary(n.operators[i], value, evaluateNode(*n.operands[i + 1], lane, fault), fault);
    }
    return value;
}

std::int64_t binary(const std::string& op, std::int64_t a, std::int64_t b, ArithmeticFault* fault)
{
    if (op == "+" || op == "-" || op == "*" || op == "/" || op == "%") return arithmetic(op, a, b, fault);
    if (op == "<") return a < b;
    if (op == "<=") return a <= b;
    if (op == ">") return a > b;
    if (op == ">=") return a >= b;
    if (op == "==") return a == b;
    if (op == "!=") return a != b;
    if (op == "&&") return (a != 0) && (b != 0);
    return (a != 0) || (b != 0);
}

} // namespace

Result<LaneExpression> LaneExpression::parse(std::string_view text)
{
    Parser parser(text);
    auto root = parser.parseAll();
    if (!root) return std::unexpected(root.error());
    LaneExpression e;
    e.m_text = std::string(text);
    e.m_root = *root;
    e.m_warpUniform = parser.uniform;
    e.m_terms = parser.nodes();
    return e;
}

std::int64_t LaneExpression::evaluate(const LaneValues& lane, ArithmeticFault* fault) const
{
    return evaluateNode(*m_root, lane, fault);
}

} // namespace accelscope::models::simt
