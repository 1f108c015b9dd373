// SPDX-License-Identifier: MIT
// .npy parsing (NumPy format specification, numpy.lib.format) and text numbers.
#include "models/precision/tensor_file.hpp"

#include "models/precision/element_format.hpp"

#include <cstdlib>
#include <bit>
#include <cstring>
#include <fstream>
#include <optional>
#include <regex>
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

Result<NpyHeader> parseHeader(const std::string& header, const std::string& name)
{
    // {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
    NpyHeader out;
    std::smatch match;
    if (!std::regex_search(header, match, std::regex(R"('descr'\s*:\s*'([^']*)')"))) {
        return npyError(name, "header has no 'descr'");
    }
    out.descr = match[1];
    if (!std::regex_search(header, match, std::regex(R"('fortran_order'\s*:\s*(True|False))"))) {
        return npyError(name, "header has no 'fortran_order'");
    }
    out.fortranOrder = match[1] == "True";
    if (!std::regex_search(header, match, std::regex(R"('shape'\s*:\s*\(([^)]*)\))"))) {
        return npyError(name, "header has no 'shape'");
    }
    const std::string dims = match[1];
    const std::regex number(R"(\d+)");
    for (auto it = std::sregex_iterator(dims.begin(), dims.end(), number); it != std::sregex_iterator(); ++it) {
        out.count *= static_cast<std::size_t>(std::stoull(it->str()));
    }
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
    auto header = parseHeader(std::string(bytes.substr(headerStart, headerLength)), name);
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
    else return npyError(name, "unsupported dtype '" + header->descr + "' (float32, float16, bfloat16 or float64)");
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
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(ErrorCode::Io, path.string() + ": cannot open file");
    std::ostringstream buffer;
    buffer << in.rdbuf();
    const std::string bytes = buffer.str();
    auto values = path.extension() == ".npy" ? parseNpy(bytes, path.string(), hint) : parseTextValues(bytes, path.string());
    if (values && values->empty()) return fail(ErrorCode::InvalidData, path.string() + ": the tensor is empty");
    return values;
}

} // namespace accelscope::models::precision
