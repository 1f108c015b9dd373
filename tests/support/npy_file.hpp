// SPDX-License-Identifier: MIT
// A .npy file's bytes (format 1.0) from its dtype, shape and data, for tests of the tensor reader.
#pragma once

#include <string>

namespace accelscope::tests {

/// The header padded to 64 bytes as numpy writes it, then `data` as given.
inline std::string npyFile(const std::string& descr, const std::string& shape, const std::string& data, bool fortran = false)
{
    std::string header = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
                         ", 'shape': (" + shape + "), }";
    while ((10 + header.size() + 1) % 64 != 0) header += ' ';
    header += '\n';
    std::string out = "\x93NUMPY";
    out += '\x01';
    out += '\x00';
    out += static_cast<char>(header.size() & 0xFF);
    out += static_cast<char>(header.size() >> 8);
    return out + header + data;
}

} // namespace accelscope::tests
