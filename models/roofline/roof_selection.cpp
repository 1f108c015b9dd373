// SPDX-License-Identifier: MIT
// The one rule that picks a device's compute roof for a precision: tensor units first, else vector units.
#include "models/roofline/roof_selection.hpp"

#include <string>

namespace accelscope::models::roofline {

Result<ComputeCeiling> selectRoof(const catalog::Device& device, std::string_view precision, Sparsity sparsity,
                                  std::optional<ComputeUnit> unit)
{
    if (unit) return computeCeiling(device, precision, *unit, sparsity);
    auto tensor = computeCeiling(device, precision, ComputeUnit::Tensor, sparsity);
    if (tensor || tensor.error().code != ErrorCode::NotFound) return tensor;
    if (auto vector = computeCeiling(device, precision, ComputeUnit::Vector, sparsity)) return vector;
    return fail(ErrorCode::NotFound, tensor.error().message + " (and no " + std::string(precision) + " " +
                                         std::string(sparsityName(sparsity)) + " vector figure either)");
}

Result<double> deviceRidge(const catalog::Device& device, std::string_view precision, Sparsity sparsity,
                           std::optional<ComputeUnit> unit)
{
    auto roof = selectRoof(device, precision, sparsity, unit);
    if (!roof) return std::unexpected(roof.error());
    auto memory = deviceMemoryCeiling(device);
    if (!memory) return std::unexpected(memory.error());
    return ridgeFlopPerByte(roof->peakTflops, memory->bandwidthGBps);
}

Result<std::optional<ComputeUnit>> unitChoiceFromName(std::string_view name)
{
    if (name.empty() || name == "auto") return std::optional<ComputeUnit>{};
    if (name == "tensor") return std::optional<ComputeUnit>{ComputeUnit::Tensor};
    if (name == "vector") return std::optional<ComputeUnit>{ComputeUnit::Vector};
    return fail(ErrorCode::InvalidArgument, "unit must be tensor, vector or auto, not '" + std::string(name) + "'");
}

} // namespace accelscope::models::roofline
