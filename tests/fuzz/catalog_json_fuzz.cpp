// SPDX-License-Identifier: MIT
// libFuzzer target: a catalog data file or JSON import (parser, validation, derived-figure formulas).
#include "models/catalog/catalog_parser.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace accelscope;
    const auto parsed = models::catalog::parseCatalogText(fuzz::textOf(data, size), "fuzz.json", models::catalog::Origin::User);
    for (const auto& issue : parsed.issues) {
        if (issue.message.empty() || issue.message.find('\n') != std::string::npos) std::abort();
    }
    return 0;
}
