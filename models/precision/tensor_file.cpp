// SPDX-License-Identifier: MIT
// .npy parsing (NumPy format specification, numpy.lib.format) and text numbers.
#include "models/precision/tensor_file.hpp"

#include "models/common/bounded_file.hpp"
#include "models/common/utf8_text.hpp"
#include "models/precision/element_format.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>

namespace accelscope::models::precision {
namespace {

struct NpyHeader {
    std::string descr;
    bool fortranOrder = false;
    std::size_t count = 1;
};

std::unexpected<Error> npyError(const std::string& name, const std::string& what)
{
    return fail(ErrorCode::InvalidData, name + ": " + what);
}

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/// The text after `'key'` and a colon (spaces skipped), or nullopt when the header lacks the key.
/// A hand-written scanner: std::regex recursed once per character and overflowed the stack on a
/// long dtype string (issue #17).
std::optional<std::string_view> valueOf(std::string_view header, std::string_view key)
{
    const std::string quoted = "'" + std::string(key) + "'";
    std::size_t at = header.find(quoted);
    if (at == std::string_view::npos) return std::nullopt;
    at += quoted.size();
    while (at < header.size() && isSpace(header[at])) ++at;
    if (at >= header.size() || header[at] != ':') return std::nullopt;
    ++at;
    while (at < header.size() && isSpace(header[at])) ++at;
    return header.substr(at);
}

/// The product of the dimensions in `(3, 4)`, `(5,)` or `()`; errors for anything else and for a
/// product that does not fit in size_t.
Result<std::size_t> shapeCount(std::string_view value, const std::string& name)
{
    if (value.empty() || value.front() != '(') return npyError(name, "header has no 'shape'");
    const std::size_t close = value.find(')');
    if (close == std::string_view::npos) return npyError(name, "header has no 'shape'");
    const std::string_view dims = value.substr(1, close - 1);
    std::size_t count = 1;
    std::size_t at = 0;
    while (at < dims.size()) {
        const std::size_t comma = std::min(dims.find(',', at), dims.size());
        std::string_view dim = dims.substr(at, comma - at);
        while (!dim.empty() && isSpace(dim.front())) dim.remove_prefix(1);
        while (!dim.empty() && isSpace(dim.back())) dim.remove_suffix(1);
        at = comma + 1;
        if (dim.empty() && comma == dims.size()) break; // "(5, )": trailing comma
        std::size_t extent = 0;
        const auto [end, ec] = std::from_chars(dim.data(), dim.data() + dim.size(), extent);
        if (dim.empty() || end != dim.data() + dim.size() || ec == std::errc::invalid_argument) {
            return npyError(name, "shape dimension '" + quotedExcerpt(dim, 40) + "' is not a number");
        }
        if (ec == std::errc::result_out_of_range || (extent != 0 && count > SIZE_MAX / extent)) {
            return npyError(name, "shape (" + quotedExcerpt(dims, 80) + ") is too large");
        }
        count *= extent;
    }
    return count;
}

Result<NpyHeader> parseHeader(std::string_view header, const std::string& name)
{
    // {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
    NpyHeader out;
    const auto descr = valueOf(header, "descr");
    if (!descr || descr->empty() || descr->front() != '\'') return npyError(name, "header has no 'descr'");
    const std::size_t descrEnd = descr->find('\'', 1);
    if (descrEnd == std::string_view::npos) return npyError(name, "header has no 'descr'");
    out.descr = descr->substr(1, descrEnd - 1);
    const auto fortran = valueOf(header, "fortran_order");
    if (fortran && fortran->starts_with("True")) {
        out.fortranOrder = true;
    } else if (!fortran || !fortran->starts_with("False")) {
        return npyError(name, "header has no 'fortran_order'");
    }
    const auto shape = valueOf(header, "shape");
    if (!shape) return npyError(name, "header has no 'shape'");
    auto count = shapeCount(*shape, name);
    if (!count) return std::unexpected(count.error());
    out.count = *count;
    return out;
}

template <typename Raw>
Raw loadLittleOrBig(const char* data, bool bigEndian)
{
    Raw raw{};
    char bytes[sizeof(Raw)];
    std::memcpy(bytes, data, sizeof(Raw));
    if (bigEndian) {
        for (std::size_t i = 0; i < sizeof(Raw) / 2; ++i) std::swap(bytes[i], bytes[sizeof(Raw) - 1 - i]);
    }
    std::memcpy(&raw, bytes, sizeof(Raw));
    return raw;
}

} // namespace

std::optional<double> parseNumber(std::string_view token)
{
    if (token.empty() || token.size() > 200) return std::nullopt;
    const std::string text(token);
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end); // decimal, hex float, nan, inf
    if (end == text.c_str() || *end != '\0') return std::nullopt;
    return value;
}

Result<std::vector<double>> parseNpy(std::string_view bytes, const std::string& name, NpyHint hint)
{
    if (bytes.size() < 10 || bytes.substr(0, 6) != "\x93NUMPY") return npyError(name, "not a .npy file (bad magic)");
    const auto major = static_cast<unsigned char>(bytes[6]);
    std::size_t headerLength = 0;
    std::size_t headerStart = 10;
    if (major == 1) {
        headerLength = static_cast<unsigned char>(bytes[8]) | (static_cast<std::size_t>(static_cast<unsigned char>(bytes[9])) << 8);
    } else if (major == 2 || major == 3) {
        if (bytes.size() < 12) return npyError(name, "truncated header");
        for (int i = 3; i >= 0; --i) headerLength = (headerLength << 8) | static_cast<unsigned char>(bytes[8 + static_cast<std::size_t>(i)]);
        headerStart = 12;
    } else {
        return npyError(name, "unsupported .npy version " + std::to_string(major));
    }
    if (bytes.size() < headerStart + headerLength) return npyError(name, "truncated header");
    auto header = parseHeader(bytes.substr(headerStart, headerLength), name);
    if (!header) return std::unexpected(header.error());
    if (header->fortranOrder) return npyError(name, "Fortran-ordered arrays are not supported (save with C order)");
    std::string descr = header->descr;
    const bool big = !descr.empty() && descr[0] == '>';
    if (!descr.empty() && (descr[0] == '<' || descr[0] == '>' || descr[0] == '|' || descr[0] == '=')) descr.erase(0, 1);
    std::size_t itemSize = 0;
    if (descr == "f4") itemSize = 4;
    else if (descr == "f2" || descr == "bfloat16") itemSize = 2;
    else if (descr == "f8") itemSize = 8;
    else if (descr == "V2" && hint == NpyHint::Bfloat16) itemSize = 2;
    else if (descr == "V2") return npyError(name, "dtype '" + header->descr + "' is a raw 2-byte type; if it is bfloat16, say so (--dtype bf16)");
    else {
        const std::string shown = quotedExcerpt(header->descr, 40);
        return npyError(name, "unsupported dtype '" + shown + "' (float32, float16, bfloat16 or float64)");
    }
    // count * itemSize wrapped around for a huge shape, passed the size check and made
    // vector::reserve throw (issue #17).
    if (header->count > SIZE_MAX / itemSize) {
        return npyError(name, "the shape promises " + std::to_string(header->count) + " values, more than memory can hold");
    }
    const std::string_view data = bytes.substr(headerStart + headerLength);
    if (data.size() != header->count * itemSize) {
        return npyError(name, "truncated data: the header promises " + std::to_string(header->count) + " values (" +
                                  std::to_string(header->count * itemSize) + " bytes), the file has " +
                                  std::to_string(data.size()) + " bytes");
    }
    std::vector<double> out;
    out.reserve(header->count);
    for (std::size_t i = 0; i < header->count; ++i) {
        const char* at = data.data() + i * itemSize;
        if (itemSize == 4) {
            out.push_back(std::bit_cast<float>(loadLittleOrBig<std::uint32_t>(at, big)));
        } else if (itemSize == 8) {
            out.push_back(std::bit_cast<double>(loadLittleOrBig<std::uint64_t>(at, big)));
        } else {
            const auto code = loadLittleOrBig<std::uint16_t>(at, big);
            out.push_back(decode(descr == "f2" ? ElementFormat::Fp16 : ElementFormat::Bf16, code));
        }
    }
    return out;
}

Result<std::vector<double>> parseTextValues(std::string_view text, const std::string& name)
{
    std::vector<double> out;
    std::istringstream lines{std::string(text)};
    std::string line;
    int lineNumber = 0;
    while (std::getline(lines, line)) {
        ++lineNumber;
        std::istringstream tokens(line);
        std::string token;
        while (tokens >> token) {
            const auto value = parseNumber(token);
            if (!value) {
                return fail(ErrorCode::InvalidData,
                            name + ":" + std::to_string(lineNumber) + ": '" + token + "' is not a number");
            }
            out.push_back(*value);
        }
    }
    return out;
}

Result<std::vector<double>> readTensorFile(const std::filesystem::path& path, NpyHint hint)
{
    auto read = readFileWithLimit(path, inputLimits::tensorFileBytes);
    if (!read) return std::unexpected(read.error());
    const std::string& bytes = *read;
    auto values = path.extension() == ".npy" ? parseNpy(bytes, path.string(), hint) : parseTextValues(bytes, path.string());
    if (values && values->empty()) return fail(ErrorCode::InvalidData, path.string() + ": the tensor is empty");
    return values;
}

} // namespace accelscope::models::precision
