// SPDX-License-Identifier: MIT
// libFuzzer target: a device CSV import; what parses must export back to CSV.
#include "models/catalog/device_csv.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace accelscope::models::catalog;
    const auto parsed = parseDevicesCsv(accelscope::fuzz::textOf(data, size), "fuzz.csv", Origin::User);
    for (const auto& issue : parsed.issues) {
        if (issue.message.empty() || issue.message.find('\n') != std::string::npos) std::abort();
    }
    if (parsed.issues.empty()) {
        std::vector<const Device*> devices;
        for (const auto& d : parsed.devices) devices.push_back(&d);
        if (devicesCsv(devices).empty()) std::abort();
    }
    return 0;
}
