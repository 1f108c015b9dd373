// SPDX-License-Identifier: MIT
// A roofline measured on a real machine (by a lab), to draw beside the catalog's datasheet roofs.
#pragma once

#include "labs/lab.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/roofline/measured_roofs.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace accelscope::labs {

// The measured roofline's data and its comparison with a device's roofs live in models (the chart draws them).
using models::roofline::DatasheetShare;
using models::roofline::MeasuredKernel;
using models::roofline::MeasuredRoofline;
using models::roofline::datasheetShare;

/// The measured ceilings and sweep points of a cpu-roofline or cuda-roofline result; nothing for
/// other labs or a result without its ceilings. Points come from the first series with x in
/// FLOP/byte and y in GFLOP/s (the measured one; a model curve may follow). A cpu-kernels result
/// gives its one-core ceilings (fp32_peak_gflops, read_bandwidth_gbs) and its kernels (those with
/// `<key>_flops`, `_bytes`, `_measured_ms`, `_predicted_ms`: runs made before they were stored
/// give the ceilings and no kernels).
std::optional<MeasuredRoofline> measuredRoofline(const LabResult& result);

/// The newest stored cpu-kernels run (the Roofline page's "this machine"): its measured roofline,
/// nullopt when none is stored; an error when the store or its record cannot be read.
models::Result<std::optional<MeasuredRoofline>> latestKernelsRoofline(const models::catalog::UserStore& store);

/// The first of `results` that yields a measured roofline, in order; nothing when none does.
std::optional<MeasuredRoofline> firstMeasuredRoofline(const std::vector<LabResult>& results);

} // namespace accelscope::labs
