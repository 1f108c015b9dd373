// SPDX-License-Identifier: MIT
// Predict, measure, explain: real kernels (the GEMM ladder against the system BLAS, GEMV,
// softmax, RMSNorm, attention two ways, a decode step of a small Llama-shaped model) predicted
// from this machine's one-core ceilings measured in the same run, then measured, with the gap
// explained in a sentence built from the numbers.
#pragma once

#include "labs/common/cpu_lab.hpp"

namespace accelscope::labs::kernels {

struct Ceilings;

/// Lab "cpu-kernels". Summary keys the CLI contract names: fp32_peak_gflops, sgemm_blas_gflops,
/// sgemm_best_own_gflops, gemv_measured_over_predicted, attention_tiled_over_materialised,
/// decode_tokens_per_s, decode_measured_over_predicted (and one set of figures per kernel).
class CpuKernelsLab : public CpuLab {
public:
    LabDescription describe() const override;

protected:
    models::Result<void> measure(CpuRunStart& run, const RunMonitor& monitor) override;

private:
    static models::Result<void> measureGemm(CpuRunStart& run, const RunMonitor& monitor, const Ceilings& ceilings);
    static models::Result<void> measureStreaming(CpuRunStart& run, const Ceilings& ceilings, std::size_t streamBytes);
    static models::Result<void> measureAttention(CpuRunStart& run, const Ceilings& ceilings);
    static models::Result<void> measureDecode(CpuRunStart& run, const RunMonitor& monitor, const Ceilings& ceilings,
                                              std::size_t modelBytes);
};

} // namespace accelscope::labs::kernels
