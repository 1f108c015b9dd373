// SPDX-License-Identifier: MIT
// A SAX handler over nlohmann::json that builds the DOM and records line numbers.
#include "models/catalog/located_json.hpp"

#include "models/common/utf8_text.hpp"

#include <algorithm>
#include <iterator>
#include <vector>

namespace accelscope::models::catalog {
namespace {

using nlohmann::json;

/// Arrays and objects nest at most this deep. Each level lengthens the JSON pointer recorded for
/// every value below it, so 100000 levels took gigabytes (bad_alloc), and the parsed document is
/// copied recursively later (issue #17).
constexpr std::size_t maxNestingDepth = 200;

// Iterator over the text that counts the newlines it has stepped over. The lexer reads a
// string key up to its closing quote and no further, so at the SAX `key` event the count is
// exactly the key's line.
class CountingIterator {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    CountingIterator() = default;
    CountingIterator(const char* position, int* newlines) : m_position(position), m_newlines(newlines) {}

    reference operator*() const { return *m_position; }
    CountingIterator& operator++()
    {
        if (*m_position == '\n') {
            ++*m_newlines;
        }
        ++m_position;
        return *this;
    }
    CountingIterator operator++(int)
    {
        CountingIterator before = *this;
        ++*this;
        return before;
    }
    bool operator==(const CountingIterator& other) const { return m_position == other.m_position; }

private:
    const char* m_position = nullptr;
    int* m_newlines = nullptr;
};

class LocatingHandler {
public:
    LocatingHandler(std::string_view text, const int* newlines, LocatedJson* out)
        : m_text(text), m_newlines(newlines), m_out(out)
    {
    }

    bool null() { return put(json(nullptr)); }
    bool boolean(bool value) { return put(json(value)); }
    bool number_integer(json::number_integer_t value) { return put(json(value)); }
    bool number_unsigned(json::number_unsigned_t value) { return put(json(value)); }
    bool number_float(json::number_float_t value, const json::string_t&) { return put(json(value)); }
    bool string(json::string_t& value) { return put(json(value)); }
    bool binary(json::binary_t&) { return false; }

    bool start_object(std::size_t) { return open(json::object()); }
    bool end_object() { return close(); }
    bool start_array(std::size_t) { return open(json::array()); }
    bool end_array() { return close(); }

    bool key(json::string_t& key)
    {
        // nlohmann keeps the last of two equal keys; a reviewer reading the file sees the first.
        // Neither is what the author meant to be sure of, so the file is refused (issue #17).
        if (!m_stack.empty() && m_stack.back().value->contains(key)) {
            m_errorLine = line();
            m_errorMessage = "duplicate key '" + quotedExcerpt(key) + "'";
            return false;
        }
        m_pendingKey = key;
        m_keyLine = line();
        return true;
    }

    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex)
    {
        // The line of the last character read (`position` counts them). The iterator's count can
        // be one too far: a number is ended by the newline after it ("1e999\n" was line + 1).
        const std::size_t last = std::min(position, m_text.size());
        m_errorLine = 1 + static_cast<int>(std::count(m_text.begin(), m_text.begin() + static_cast<std::ptrdiff_t>(last > 0 ? last - 1 : 0), '\n'));
        m_errorMessage = ex.what();
        return false;
    }

    int errorLine() const { return m_errorLine; }
    const std::string& errorMessage() const { return m_errorMessage; }

private:
    struct Frame {
        json* value;
        std::string pointer;
    };

    int line() const { return *m_newlines + 1; }

    // Inserts `value` into the current container and returns where it went.
    std::pair<json*, std::string> insert(json value)
    {
        if (m_stack.empty()) {
            m_out->root = std::move(value);
            m_out->lines[""] = line();
            return {&m_out->root, ""};
        }
        Frame& top = m_stack.back();
        if (top.value->is_object()) {
            std::string pointer = top.pointer + "/" + escapePointerToken(m_pendingKey);
            m_out->lines[pointer] = m_keyLine;
            json& slot = (*top.value)[m_pendingKey];
            slot = std::move(value);
            return {&slot, pointer};
        }
        std::string pointer = top.pointer + "/" + std::to_string(top.value->size());
        m_out->lines[pointer] = line();
        top.value->push_back(std::move(value));
        return {&top.value->back(), pointer};
    }

    bool put(json value)
    {
        insert(std::move(value));
        return true;
    }

    bool open(json container)
    {
        if (m_stack.size() >= maxNestingDepth) {
            m_errorLine = line();
            m_errorMessage = "nested deeper than " + std::to_string(maxNestingDepth) + " levels";
            return false;
        }
        auto [slot, pointer] = insert(std::move(container));
        m_stack.push_back(Frame{slot, pointer});
        return true;
    }

    bool close()
    {
        m_stack.pop_back();
        return true;
    }

    std::string_view m_text;
    const int* m_newlines;
    LocatedJson* m_out;
    std::vector<Frame> m_stack;
    std::string m_pendingKey;
    int m_keyLine = 1;
    int m_errorLine = 0;
    std::string m_errorMessage;
};

} // namespace

int LocatedJson::lineOf(const std::string& pointer) const
{
    std::string p = pointer;
    while (true) {
        if (const auto it = lines.find(p); it != lines.end()) {
            return it->second;
        }
        const auto slash = p.rfind('/');
        if (slash == std::string::npos) {
            return 1;
        }
        p.erase(slash);
    }
}

std::expected<LocatedJson, JsonSyntaxError> parseLocatedJson(std::string_view text)
{
    // Checked first: nlohmann's message for a bad byte quotes it raw, so the error itself would not be UTF-8.
    if (const auto problem = firstInvalidUtf8(text)) return std::unexpected(JsonSyntaxError{problem->line, utf8ProblemText(*problem)});
    LocatedJson out;
    int newlines = 0;
    LocatingHandler handler(text, &newlines, &out);
    CountingIterator first(text.data(), &newlines);
    CountingIterator last(text.data() + text.size(), &newlines);
    const bool ok = json::sax_parse(first, last, &handler);
    if (!ok) {
        std::string what = handler.errorMessage();
        // nlohmann prefixes "[json.exception.parse_error.101] parse error at line L, column C: ",
        // or "[json.exception.out_of_range.406] " for a number such as 1e999.
        if (what.starts_with("[json.exception.")) {
            if (const auto close = what.find("] "); close != std::string::npos) {
                what = what.substr(close + 2);
            }
        }
        if (what.starts_with("parse error")) {
            if (const auto colon = what.find(": "); colon != std::string::npos) {
                what = what.substr(colon + 2);
            }
        }
        return std::unexpected(JsonSyntaxError{handler.errorLine(), what});
    }
    return out;
}

std::optional<std::int64_t> wholeNumberIn(const nlohmann::json& value, std::int64_t min, std::int64_t max)
{
    if (value.is_number_unsigned()) {
        const auto v = value.get<std::uint64_t>();
        if (max < 0 || v > static_cast<std::uint64_t>(max) || (min > 0 && v < static_cast<std::uint64_t>(min))) return std::nullopt;
        return static_cast<std::int64_t>(v);
    }
    if (!value.is_number_integer()) return std::nullopt;
    const auto v = value.get<std::int64_t>();
    if (v < min || v > max) return std::nullopt;
    return v;
}

std::string escapePointerToken(std::string_view key)
{
    std::string out;
    out.reserve(key.size());
    for (const char c : key) {
        if (c == '~') {
            out += "~0";
        } else if (c == '/') {
            out += "~1";
        } else {
            out += c;
        }
    }
    return out;
}

} // namespace accelscope::models::catalog
