// SPDX-License-Identifier: MIT
// libFuzzer target: nccl-tests/rccl-tests output, the published-rows CSV and byte sizes. Every refusal
// is one line; every accepted row has finite, non-negative figures.
#include "models/common/byte_size.hpp"
#include "models/system/fabric/nccl_tests_output.hpp"
#include "models/system/fabric/published_check.hpp"
#include "tests/fuzz/fuzz_support.hpp"

#include <cmath>
#include <cstdlib>

namespace {

void requireOneLine(const std::string& message)
{
    if (message.empty() || message.find('\n') != std::string::npos) std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace accelscope::models;
    const std::string_view text = accelscope::fuzz::textOf(data, size);
    if (const auto run = system::parseNcclTestsOutput(text); run) {
        for (const auto& row : run->rows) {
            if (!(row.bytes >= 0) || !(row.outOfPlace.timeUs > 0) || !std::isfinite(row.outOfPlace.busbwGBps)) std::abort();
        }
    } else {
        requireOneLine(run.error().message);
    }
    if (const auto rows = system::readPublishedRows(text); !rows) requireOneLine(rows.error().message);
    if (const auto platforms = system::readPublishedPlatforms(text); !platforms) requireOneLine(platforms.error().message);
    if (size < 64) {
        if (const auto bytes = parseByteSize(text); bytes) {
            if (!(*bytes > 0) || !std::isfinite(*bytes)) std::abort();
        } else {
            requireOneLine(bytes.error().message);
        }
    }
    return 0;
}
