// SPDX-License-Identifier: MIT
// LLM calculator settings → inference/training memory inputs, breakdowns, bar verdicts and the fit matrix.
#include "models/memory/llm_memory_plan.hpp"

#include "models/common/number_text.hpp"
#include "models/memory/device_fit.hpp"
#include "models/memory/recompute_names.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/model_presets.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace accelscope::models::memory {
namespace {

std::string gbText(double bytes) { return models::decimalText(bytes / 1e9, 1, false) + " GB"; }
// Device capacity is said in GiB, the unit memory is built and shown in (catalog display rule).
std::string gibText(double bytes) { return models::decimalText(bytes / catalog::bytesPerGib, 1, false) + " GiB"; }

Result<int> parseInt(const std::string& key, const std::string& text)
{
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || v != std::floor(v) || std::abs(v) > 1e9) {
        return fail(ErrorCode::InvalidArgument, key + ": '" + text + "' is not a whole number");
    }
    return static_cast<int>(v);
}

std::string inferenceSummary(const roofline::TransformerConfig& c, const LlmMemorySettings& s, double params, const InferenceMemory& m)
{
    return c.name + ": " + models::decimalText(params / 1e9, 1, false) + " B parameters" + "; inference, batch " + std::to_string(s.batch) + ", " +
           std::to_string(s.promptTokens) + " + " + std::to_string(s.generatedTokens) + " tokens, tp " + std::to_string(s.tensorParallel) +
           "; per device " + gbText(m.totalBytes) + " (KV " + models::decimalText(m.kvBytesPerToken, 0, false) + " bytes per token" + ")";
}

std::string trainingSummary(const roofline::TransformerConfig& c, const LlmMemorySettings& s, double params, const TrainingMemory& m)
{
    return c.name + ": " + models::decimalText(params / 1e9, 1, false) + " B parameters" + "; training on dp " + std::to_string(s.dataParallel) + " x tp " +
           std::to_string(s.tensorParallel) + " x pp " + std::to_string(s.pipelineParallel) + " = " +
           std::to_string(s.dataParallel * s.tensorParallel * s.pipelineParallel) + " devices, ZeRO-" + std::to_string(s.zeroStage) +
           ", recompute " + std::string(recomputeName(s.recompute)) + "; Adam states 12 bytes/param; per device " + gbText(m.totalBytes);
}

} // namespace

std::string_view llmModeName(LlmMode mode) { return mode == LlmMode::Training ? "training" : "inference"; }

std::map<std::string, std::string> llmSettingsKeys(const LlmMemorySettings& s)
{
    return {{"mode", std::string(llmModeName(s.mode))},
            {"model", s.modelId},
            {"weights", s.weights},
            {"kv", s.kvCache},
            {"activations", s.activations},
            {"batch", std::to_string(s.batch)},
            {"prompt", std::to_string(s.promptTokens)},
            {"gen", std::to_string(s.generatedTokens)},
            {"tp", std::to_string(s.tensorParallel)},
            {"pp", std::to_string(s.pipelineParallel)},
            {"dp", std::to_string(s.dataParallel)},
            {"zero", std::to_string(s.zeroStage)},
            {"recompute", std::string(recomputeName(s.recompute))},
            {"sp", s.sequenceParallel ? "true" : "false"},
            {"seq", std::to_string(s.sequence)},
            {"mbs", std::to_string(s.microBatch)}};
}

Result<LlmMemorySettings> llmSettingsFromKeys(const std::map<std::string, std::string>& keys, LlmMemorySettings s)
{
    for (const auto& [key, value] : keys) {
        if (key == "mode") {
            if (value != "inference" && value != "training") {
                return fail(ErrorCode::InvalidArgument, "mode: inference or training, not '" + value + "'");
            }
            s.mode = value == "training" ? LlmMode::Training : LlmMode::Inference;
        } else if (key == "model") {
            s.modelId = value;
        } else if (key == "weights") {
            s.weights = value;
            if (!keys.contains("activations")) s.activations = value;
        } else if (key == "kv") {
            s.kvCache = value;
        } else if (key == "activations") {
            s.activations = value;
        } else if (key == "recompute") {
            const auto r = recomputeFromName(value);
            if (!r) return fail(ErrorCode::InvalidArgument, "recompute: " + recomputeNamesText() + ", not '" + value + "'");
            s.recompute = *r;
        } else if (key == "sp") {
            if (value != "true" && value != "false") return fail(ErrorCode::InvalidArgument, "sp: true or false, not '" + value + "'");
            s.sequenceParallel = value == "true";
        }
    }
    for (auto [key, field] : {std::pair{"batch", &s.batch}, std::pair{"prompt", &s.promptTokens}, std::pair{"gen", &s.generatedTokens},
                              std::pair{"tp", &s.tensorParallel}, std::pair{"pp", &s.pipelineParallel}, std::pair{"dp", &s.dataParallel},
                              std::pair{"zero", &s.zeroStage}, std::pair{"seq", &s.sequence}, std::pair{"mbs", &s.microBatch}}) {
        const auto it = keys.find(key);
        if (it == keys.end()) continue;
        auto v = parseInt(key, it->second);
        if (!v) return std::unexpected(v.error());
        *field = *v;
    }
    return s;
}

InferenceMemoryInput inferenceInput(const LlmMemorySettings& s, int tensorParallel)
{
    return {s.batch, s.promptTokens, s.generatedTokens, s.weights, s.activations, s.kvCache, tensorParallel, s.workspaceBytes};
}

Result<TrainingInput> trainingInput(const LlmMemorySettings& s, const roofline::TransformerConfig& model, int dataParallel)
{
    auto in = trainingInput(s, 0.0, dataParallel);
    if (in) in->model = model;
    return in;
}

Result<TrainingInput> trainingInput(const LlmMemorySettings& s, double parameters, int dataParallel)
{
    const auto weight = roofline::dataTypeFromName(s.weights);
    if (!weight) return fail(ErrorCode::InvalidArgument, "weights: " + weight.error().message);
    TrainingInput in;
    in.parameters = parameters;
    in.dataParallel = dataParallel;
    in.tensorParallel = s.tensorParallel;
    in.pipelineParallel = s.pipelineParallel;
    in.zeroStage = s.zeroStage;
    in.recompute = s.recompute;
    in.sequenceParallel = s.sequenceParallel;
    in.microBatch = s.microBatch;
    in.sequence = s.sequence;
    in.weightBytesPerParam = weight->bytesPerElement;
    in.gradientBytesPerParam = weight->bytesPerElement;
    return in;
}

std::string_view variedDimension(LlmMode mode) { return mode == LlmMode::Inference ? "tp" : "dp"; }

int variedDegree(const LlmMemorySettings& s) { return s.mode == LlmMode::Inference ? s.tensorParallel : s.dataParallel; }

Result<double> perDeviceBytesAt(const LlmMemorySettings& s, const roofline::TransformerConfig& model, int degree)
{
    if (s.mode == LlmMode::Inference) {
        const auto m = inferenceMemory(model, inferenceInput(s, degree));
        if (!m) return std::unexpected(m.error());
        return m->totalBytes;
    }
    const auto in = trainingInput(s, model, degree);
    if (!in) return std::unexpected(in.error());
    const auto m = trainingMemory(*in);
    if (!m) return std::unexpected(m.error());
    return m->totalBytes;
}

Result<MemoryBreakdown> memoryBreakdown(const LlmMemorySettings& s)
{
    const auto config = roofline::findModelPreset(s.modelId);
    if (!config) return std::unexpected(config.error());
    return memoryBreakdown(s, *config);
}

Result<MemoryBreakdown> memoryBreakdown(const LlmMemorySettings& s, const roofline::TransformerConfig& model)
{
    MemoryBreakdown out;
    out.parameters = roofline::countParameters(model).total;
    if (s.mode == LlmMode::Inference) {
        const auto m = inferenceMemory(model, inferenceInput(s, s.tensorParallel));
        if (!m) return std::unexpected(m.error());
        out.parts = {{"weights", m->weightsBytes}, {"KV cache", m->kvCacheBytes}, {"activations", m->activationsBytes}};
        out.totalBytes = m->totalBytes;
        out.devices = s.tensorParallel;
        out.summary = inferenceSummary(model, s, out.parameters, *m);
        return out;
    }
    const auto in = trainingInput(s, model, s.dataParallel);
    if (!in) return std::unexpected(in.error());
    const auto m = trainingMemory(*in);
    if (!m) return std::unexpected(m.error());
    out.parts = {{"weights", m->weightsBytes}, {"gradients", m->gradientsBytes}, {"optimizer", m->optimizerBytes},
                 {"activations", m->activationsBytes}};
    out.totalBytes = m->totalBytes;
    out.devices = s.dataParallel * s.tensorParallel * s.pipelineParallel;
    out.summary = trainingSummary(model, s, out.parameters, *m);
    return out;
}

DeviceVerdict deviceVerdict(const catalog::Device& device, double totalBytes)
{
    DeviceVerdict v;
    const auto gb = device.value(catalog::FigureKey::MemoryGb);
    if (!gb) {
        v.text = "no memory figure in the catalog";
        return v;
    }
    const double capacity = *gb * 1e9;
    v.capacityBytes = capacity;
    v.fits = fitsOnDevice(device, totalBytes);
    v.fraction = capacity > 0 ? totalBytes / capacity : 0.0;
    v.text = v.fits ? "fits: " + models::decimalText(100 * v.fraction, 0, false) + "% of " + gibText(capacity) + " (" +
                          models::decimalText(100 * runtimeHeadroom, 0, false) + "% kept free)"
                    : doesNotFitText(totalBytes, capacity);
    return v;
}

Result<bool> fitsDevice(const LlmMemorySettings& settings, const catalog::Device& device)
{
    if (!device.value(catalog::FigureKey::MemoryGb)) {
        return fail(ErrorCode::NotFound, "device '" + device.id + "' has no memory_gb figure");
    }
    const auto config = roofline::findModelPreset(settings.modelId);
    if (!config) return std::unexpected(config.error());
    const auto bytes = perDeviceBytesAt(settings, *config, variedDegree(settings));
    if (!bytes) return false; // a layout the model refuses (tp not dividing the heads) holds nothing
    return deviceVerdict(device, *bytes).fits;
}

std::vector<FitRow> fitMatrix(const LlmMemorySettings& settings, const std::vector<catalog::Device>& devices)
{
    const auto config = roofline::findModelPreset(settings.modelId);
    if (!config) return {};
    return fitMatrix(settings, *config, devices);
}

std::vector<FitRow> fitMatrix(const LlmMemorySettings& settings, const roofline::TransformerConfig& model,
                              const std::vector<catalog::Device>& devices)
{
    return fitMatrix([&](int degree) { return perDeviceBytesAt(settings, model, degree); }, devices);
}

std::vector<FitRow> fitMatrix(const PerDeviceBytesAtDegree& perDeviceBytes, const std::vector<catalog::Device>& devices)
{
    constexpr int maxDevices = fitMatrixDegrees.back();
    std::vector<Result<double>> byDegree;
    byDegree.reserve(maxDevices + 1);
    byDegree.emplace_back(0.0); // index 0 is never asked for
    for (int n = 1; n <= maxDevices; ++n) byDegree.push_back(perDeviceBytes(n));
    const auto at = [&](int n) -> const Result<double>& { return byDegree[static_cast<std::size_t>(n)]; };
    const auto ranked = fewestDevices(
        devices, [&](int n) { return at(n) ? std::optional<double>(*at(n)) : std::nullopt; }, maxDevices);
    std::vector<FitRow> out;
    for (const DeviceFit& f : ranked) {
        FitRow row{f.device->id, f.device->name, f.capacityBytes, f.devices, f.perDeviceBytes, f.listPriceUsd, f.cloudUsdPerHour, {}};
        for (const int d : fitMatrixDegrees) {
            const auto& bytes = at(d);
            if (bytes) row.cells.push_back({d, *bytes, *bytes <= f.capacityBytes, {}});
            else row.cells.push_back({d, std::nullopt, false, bytes.error().message});
        }
        out.push_back(std::move(row));
    }
    return out;
}

FitMatrixSummary summarizeFitMatrix(const std::vector<FitRow>& matrix)
{
    FitMatrixSummary out;
    out.devices = static_cast<int>(matrix.size());
    out.fittingDevices = static_cast<int>(std::ranges::count_if(matrix, [](const FitRow& r) { return r.fewest.has_value(); }));
    // Every row has the same per-device bytes by degree (only the capacity differs): the first row decides.
    if (!matrix.empty() && !matrix.front().cells.empty() &&
        std::ranges::none_of(matrix.front().cells, [](const FitCell& c) { return c.perDeviceBytes.has_value(); })) {
        out.noValidLayout = matrix.front().cells.front().problem;
    }
    return out;
}

} // namespace accelscope::models::memory
