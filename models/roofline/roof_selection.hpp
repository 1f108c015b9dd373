// SPDX-License-Identifier: MIT
// The one rule that picks a device's compute roof for a precision: tensor units first, else vector units.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/roofline/ceilings.hpp"

#include <optional>
#include <string_view>

namespace accelscope::models::roofline {

/// The compute roof that work in `precision` runs under on `device`. Every consumer that picks a
/// roof (the roofline chart, `accelscope-cli roofline`, the lesson functions peak/ridge/…, the LLM
/// analysis) calls this, so they agree on every device and precision.
///
/// Rule: with `unit` given, that unit's figure and no other. Without it, the tensor (matrix) units
/// when the device has a tensor figure for `precision` at `sparsity`; otherwise its vector
/// (SIMD / CUDA-core) units, which is how FP32 and FP64 run on GPUs whose tensor cores lack them
/// (H100: no FP32 tensor figure, so its FP32 roof is the 67 TFLOP/s vector figure). The catalog has
/// no sparse vector figures, so a sparse roof is a tensor roof in practice.
///
/// Peak in TFLOP/s (TOP/s for integers). Error InvalidArgument for an unknown precision; NotFound
/// when the device has no figure for the precision on the chosen (or on either) unit; the message
/// names the device and the figures it does have.
Result<ComputeCeiling> selectRoof(const catalog::Device& device, std::string_view precision,
                                  Sparsity sparsity = Sparsity::Dense, std::optional<ComputeUnit> unit = std::nullopt);

/// The ridge point of `device` for `precision` in FLOP/byte: the selectRoof peak over the device
/// memory bandwidth. Errors as selectRoof, or NotFound when the device has no memory bandwidth.
Result<double> deviceRidge(const catalog::Device& device, std::string_view precision, Sparsity sparsity = Sparsity::Dense,
                           std::optional<ComputeUnit> unit = std::nullopt);

/// Parses a unit name: "tensor", "vector", or "" / "auto" for the rule of selectRoof (nullopt).
/// Error InvalidArgument for anything else.
Result<std::optional<ComputeUnit>> unitChoiceFromName(std::string_view name);

} // namespace accelscope::models::roofline
