// SPDX-License-Identifier: MIT
// Result<T>: expected failures as values (bad input, invalid data, I/O and SQL errors).
#pragma once

#include <expected>
#include <string>
#include <utility>

namespace accelscope::models {

/// Why an operation failed; the message names the bad input (file, line, field, argument).
enum class ErrorCode {
    InvalidArgument, ///< a caller-supplied value is malformed or out of range
    NotFound,        ///< an id, name or file does not exist
    Ambiguous,       ///< a name matches more than one thing; the message lists the candidates
    InvalidData,     ///< a data file or import row fails validation
    Io,              ///< a file could not be read or written
    Database,        ///< SQLite reported an error
    Unsupported,     ///< the feature is not available on this build or machine
    Cancelled,       ///< the user stopped a long operation; nothing was written
};

/// An expected failure: a code for programs and a one-line message for people.
struct Error {
    ErrorCode code = ErrorCode::InvalidArgument;
    std::string message;
};

/// A value or the reason there is none (C++23 std::expected).
template <typename T>
using Result = std::expected<T, Error>;

/// Shorthand for returning a failure: `return fail(ErrorCode::NotFound, "no device 'x'");`.
inline std::unexpected<Error> fail(ErrorCode code, std::string message)
{
    return std::unexpected<Error>(Error{code, std::move(message)});
}

/// Name of an error code for logs and JSON (`"not_found"`).
constexpr const char* errorCodeName(ErrorCode code)
{
    switch (code) {
    case ErrorCode::InvalidArgument: return "invalid_argument";
    case ErrorCode::NotFound: return "not_found";
    case ErrorCode::Ambiguous: return "ambiguous";
    case ErrorCode::InvalidData: return "invalid_data";
    case ErrorCode::Io: return "io";
    case ErrorCode::Database: return "database";
    case ErrorCode::Unsupported: return "unsupported";
    case ErrorCode::Cancelled: return "cancelled";
    }
    return "unknown";
}

} // namespace accelscope::models
