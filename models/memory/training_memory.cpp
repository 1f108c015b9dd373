// SPDX-License-Identifier: MIT
// ZeRO model states and Korthikanti activation memory.
#include "models/memory/training_memory.hpp"

#include <cmath>
#include <string>

namespace accelscope::models::memory {

double activationBytesPerLayer(double s, double b, double h, double a, int t, Recompute recompute, bool sequenceParallel)
{
    const double sbh = s * b * h;
    const double ten = sequenceParallel ? 10.0 / t : 10.0;
    switch (recompute) {
    case Recompute::None: return sbh * (ten + 24.0 / t + 5.0 * a * s / (h * t));
    case Recompute::Selective: return sbh * (ten + 24.0 / t);
    case Recompute::Full: return 2.0 * sbh / (sequenceParallel ? t : 1);
    }
    return 0.0;
}

Result<TrainingMemory> trainingMemory(const TrainingInput& in)
{
    const auto positive = [](const char* field, int v) -> Result<void> {
        if (v > 0) return {};
        return fail(ErrorCode::InvalidArgument, std::string(field) + " must be positive, got " + std::to_string(v));
    };
    for (const auto& [field, v] : {std::pair{"dp", in.dataParallel}, std::pair{"tp", in.tensorParallel},
                                   std::pair{"pp", in.pipelineParallel}, std::pair{"mbs", in.microBatch},
                                   std::pair{"seq", in.sequence}}) {
        if (auto r = positive(field, v); !r) return std::unexpected(r.error());
    }
    if (in.zeroStage < 0 || in.zeroStage > 3) {
        return fail(ErrorCode::InvalidArgument, "zero must be 0, 1, 2 or 3, got " + std::to_string(in.zeroStage));
    }
    TrainingMemory out;
    if (in.model) {
        const auto& c = *in.model;
        if (auto v = roofline::validateConfig(c); !v) return std::unexpected(v.error());
        if (c.heads % in.tensorParallel != 0) {
            return fail(ErrorCode::InvalidArgument, "heads " + std::to_string(c.heads) + " not divisible by tp " +
                                                        std::to_string(in.tensorParallel));
        }
        if (in.pipelineParallel > c.layers || (!in.unevenStages && c.layers % in.pipelineParallel != 0)) {
            return fail(ErrorCode::InvalidArgument, "layers " + std::to_string(c.layers) + " not divisible by pp " +
                                                        std::to_string(in.pipelineParallel));
        }
        out.parameters = roofline::countParameters(c).total;
        out.layersPerDevice = (c.layers + in.pipelineParallel - 1) / in.pipelineParallel;
        out.microbatchesInFlight = in.pipelineParallel;
        out.activationBytesPerLayer = activationBytesPerLayer(in.sequence, in.microBatch, c.hidden, c.heads, in.tensorParallel,
                                                              in.recompute, in.sequenceParallel);
        out.activationsBytes = out.activationBytesPerLayer * out.layersPerDevice * out.microbatchesInFlight;
    } else {
        if (!(in.parameters > 0.0) || !std::isfinite(in.parameters)) {
            return fail(ErrorCode::InvalidArgument, "params must be a positive number");
        }
        out.parameters = in.parameters;
    }
    const bool even = !in.model || in.model->layers % in.pipelineParallel == 0;
    const double stageShare = even ? 1.0 / in.pipelineParallel : double(out.layersPerDevice) / in.model->layers;
    const double psi = out.parameters * stageShare / in.tensorParallel;
    const double nd = in.dataParallel;
    out.weightsBytes = in.weightBytesPerParam * psi / (in.zeroStage >= 3 ? nd : 1.0);
    out.gradientsBytes = in.gradientBytesPerParam * psi / (in.zeroStage >= 2 ? nd : 1.0);
    out.optimizerBytes = in.optimizerBytesPerParam * psi / (in.zeroStage >= 1 ? nd : 1.0);
    out.totalBytes = out.weightsBytes + out.gradientsBytes + out.optimizerBytes + out.activationsBytes;
    return out;
}

std::string_view recomputeName(Recompute r)
{
    switch (r) {
    case Recompute::None: return "none";
    case Recompute::Selective: return "selective";
    case Recompute::Full: return "full";
    }
    return "none";
}

std::optional<Recompute> recomputeFromName(std::string_view name)
{
    for (const Recompute r : {Recompute::None, Recompute::Selective, Recompute::Full}) {
        if (recomputeName(r) == name) return r;
    }
    return std::nullopt;
}

} // namespace accelscope::models::memory
