// SPDX-License-Identifier: MIT
// The keys `accelscope-cli catalog show --json` promises (issue #2's contract), for tests.
#pragma once

#include <array>

namespace accelscope::tests {

inline constexpr std::array showContractKeys{
    "id", "name", "vendor", "kind", "memory_gb", "memory_bw_gbs", "fp64_tflops", "fp32_tflops",
    "tf32_tflops_dense", "bf16_tflops_dense", "fp16_tflops_dense", "fp8_tflops_dense", "int8_tops_dense",
    "fp4_tflops_dense", "tf32_tflops_sparse", "bf16_tflops_sparse", "fp16_tflops_sparse", "fp8_tflops_sparse",
    "int8_tops_sparse", "fp4_tflops_sparse", "tdp_w", "interconnect_gbs", "release_year", "sources",
    "scope", "scope_note", "contains", "scaleup_topology", "scaleup_domain_devices", "memory_gib", "memory_bytes",
    "scaleup_link_kind", "scaleout_gbs_per_device", "prices", "missing"};

} // namespace accelscope::tests
