// SPDX-License-Identifier: MIT
// A cpu-kernels lab result made of hand-set timings (no kernel runs): two kernels, one-core ceilings.
#pragma once

#include "labs/kernels/kernel_report.hpp"
#include "labs/lab.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace accelscope::tests {

/// Ceilings 100 GFLOP/s FP32 and 20 GB/s read. SGEMM 256^3 (33.6 MFLOP, 786 kB, compute bound:
/// predicted 0.3355 ms) measured at 0.5 ms; GEMV 1024x1024 (2.1 MFLOP, 4.2 MB, memory bound:
/// predicted 0.2101 ms) measured at 0.42 ms.
inline labs::LabResult kernelsResult(const std::string& startedAt = "2026-11-24T09:00:00Z")
{
    namespace k = labs::kernels;
    labs::LabResult r;
    r.labId = "cpu-kernels";
    r.title = "CPU kernels";
    r.startedAt = startedAt;
    r.machine = nlohmann::json{{"cpu_model", "Test CPU"}};
    const k::Ceilings ceilings{100.0, 50.0, 20.0, 3000.0, "hand-set for the test"};
    r.summary.push_back({"fp32_peak_gflops", 100.0, "GFLOP/s", ""});
    r.summary.push_back({"read_bandwidth_gbs", 20.0, "GB/s", ""});
    const auto timing = [](double s) { return k::Timing{s, s, s, 3, 1.0}; };
    k::addReport(r, k::makeReport("sgemm_simd", "SGEMM 256x256x256", models::roofline::gemm(256, 256, 256, 4, 4, 4), false,
                                  timing(5e-4), ceilings, "test"));
    k::addReport(r, k::makeReport("gemv", "GEMV 1024x1024", models::roofline::gemv(1024, 1024, 4, 4), false, timing(4.2e-4),
                                  ceilings, "test"));
    return r;
}

} // namespace accelscope::tests
