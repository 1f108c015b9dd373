// SPDX-License-Identifier: MIT
// Reading a whole input file with a size limit (issue #29: /dev/zero or a FIFO grew memory until the
// process died; a 5-million-point lab result was accepted).
#include "models/common/bounded_file.hpp"

#include "models/common/number_text.hpp"

#include <array>
#include <fstream>

namespace accelscope::models {

namespace {

std::string bytesText(std::uint64_t bytes)
{
    return readableText(static_cast<double>(bytes));
}

} // namespace

Result<std::string> readFileWithLimit(const std::filesystem::path& path, std::uint64_t limitBytes)
{
    const std::string name = path.string();
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status)) return fail(ErrorCode::Io, name + ": cannot open file (no such file)");
    if (std::filesystem::is_directory(status)) return fail(ErrorCode::Io, name + ": a directory, not a file");
    if (std::filesystem::is_regular_file(status)) {
        const auto size = std::filesystem::file_size(path, ec);
        if (!ec && size > limitBytes) {
            return fail(ErrorCode::InvalidData,
                        name + ": too large (" + bytesText(size) + " > " + bytesText(limitBytes) + " bytes)");
        }
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail(ErrorCode::Io, name + ": cannot open file");
    // Read in chunks and stop one byte past the limit: a regular file may grow after the size check,
    // and a FIFO or a device has no size at all.
    std::string text;
    std::array<char, 65536> chunk{};
    while (in) {
        in.read(chunk.data(), chunk.size());
        const auto got = static_cast<std::uint64_t>(in.gcount());
        if (text.size() + got > limitBytes) {
            return fail(ErrorCode::InvalidData, name + ": too large (more than " + bytesText(limitBytes) + " bytes)");
        }
        text.append(chunk.data(), static_cast<std::size_t>(got));
    }
    if (in.bad()) return fail(ErrorCode::Io, name + ": read error");
    return text;
}

std::string_view fileKindName(std::filesystem::file_type type)
{
    switch (type) {
    case std::filesystem::file_type::directory: return "a directory";
    case std::filesystem::file_type::fifo: return "a FIFO";
    case std::filesystem::file_type::socket: return "a socket";
    case std::filesystem::file_type::block: return "a block device";
    case std::filesystem::file_type::character: return "a character device";
    default: return "not a regular file";
    }
}

} // namespace accelscope::models
