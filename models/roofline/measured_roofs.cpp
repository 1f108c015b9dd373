// SPDX-License-Identifier: MIT
// A measured point against a device's datasheet roofs.
#include "models/roofline/measured_roofs.hpp"

#include "models/roofline/ceilings.hpp"
#include "models/roofline/roof_selection.hpp"

namespace accelscope::models::roofline {

Result<DatasheetShare> datasheetShare(double intensityFlopPerByte, double gflops, const catalog::Device& device,
                                std::string_view precision)
{
    auto roof = selectRoof(device, precision);
    if (!roof) return std::unexpected(roof.error());
    auto memory = deviceMemoryCeiling(device);
    if (!memory) return std::unexpected(memory.error());
    const double attainableGflops = attainableTflops(roof->peakTflops, memory->bandwidthGBps, intensityFlopPerByte) * 1000;
    return DatasheetShare{gflops / (roof->peakTflops * 1000), gflops / attainableGflops};
}

} // namespace accelscope::models::roofline
