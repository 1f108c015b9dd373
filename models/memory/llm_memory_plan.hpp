// SPDX-License-Identifier: MIT
// The LLM calculator's settings turned into per-device memory, bar verdicts and the device fit matrix (one place for page, CLI and lessons).
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/memory/inference_memory.hpp"
#include "models/memory/training_memory.hpp"
#include "models/roofline/transformer_config.hpp"
#include "models/system/workload/workload_defaults.hpp"

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::memory {

/// Serving a model (weights, KV cache, activations) or training it (ZeRO model states and activations).
enum class LlmMode { Inference, Training };

/// Everything the LLM calculator lets the user set. Inference reads model, formats, batch, prompt,
/// generated and tp; training reads model, weights (weights and gradients), tp, pp, dp, ZeRO,
/// recomputation, sequence parallelism, micro-batch and sequence.
struct LlmMemorySettings {
    std::string modelId = "llama2-70b"; ///< a roofline::modelPresets() id
    LlmMode mode = LlmMode::Inference;
    std::string weights = "bf16";       ///< weight format (training: weights and gradients); a roofline::dataTypeFromName name
    std::string kvCache = "bf16";       ///< inference: KV-cache format
    std::string activations = "bf16";   ///< activation format (inference activations; training counts 16-bit activations)
    int batch = system::workloadDefaults.batch;                  ///< inference: sequences served together
    int promptTokens = system::workloadDefaults.promptTokens;    ///< inference: prompt tokens per sequence
    int generatedTokens = system::workloadDefaults.outputTokens; ///< inference: generated tokens per sequence
    int tensorParallel = 1;             ///< inference and training
    int dataParallel = 8;               ///< training: the ZeRO partition degree
    int pipelineParallel = 1;           ///< training: pipeline stages (must divide the layers)
    int zeroStage = 1;                  ///< training: ZeRO stage 0–3
    Recompute recompute = Recompute::Selective; ///< training: activation recomputation
    bool sequenceParallel = false;      ///< training: Megatron sequence parallelism
    int microBatch = system::workloadDefaults.microBatch; ///< training: sequences per micro-batch
    int sequence = system::workloadDefaults.sequence;     ///< training: tokens per sequence
    double workspaceBytes = 0.0;        ///< inference: library workspace per device (the page leaves it 0; the CLI's --workspace-bytes)
    bool operator==(const LlmMemorySettings&) const = default;
};

/// "inference" or "training".
std::string_view llmModeName(LlmMode mode);

/// The settings as the page's state keys (mode, model, weights, kv, activations, batch, prompt, gen,
/// tp, pp, dp, zero, recompute, sp, seq, mbs), values as text.
std::map<std::string, std::string> llmSettingsKeys(const LlmMemorySettings& settings);

/// `base` with every key of `keys` applied (the keys of llmSettingsKeys). "weights" also sets the
/// activations unless "activations" is given, as the page does. Unknown keys are ignored; a bad
/// value is an error that names the key.
Result<LlmMemorySettings> llmSettingsFromKeys(const std::map<std::string, std::string>& keys, LlmMemorySettings base = {});

/// The inference input of the settings at `tensorParallel` devices.
InferenceMemoryInput inferenceInput(const LlmMemorySettings& settings, int tensorParallel);

/// The training input of the settings at `dataParallel` devices: the model's architecture (so
/// activations count), weight and gradient bytes from the weight format, Adam K = 12.
Result<TrainingInput> trainingInput(const LlmMemorySettings& settings, const roofline::TransformerConfig& model, int dataParallel);
/// The training input of the settings for `parameters` elements and no architecture: model states
/// only (no activations), as the CLI's `memory train --params`.
Result<TrainingInput> trainingInput(const LlmMemorySettings& settings, double parameters, int dataParallel);

/// The parallel degree the fit matrix varies: "tp" for inference, "dp" for training.
std::string_view variedDimension(LlmMode mode);

/// The settings' own degree in the varied dimension (tensorParallel or dataParallel).
int variedDegree(const LlmMemorySettings& settings);

/// Per-device bytes (total) with `degree` devices in the varied dimension; an error when the layout is not valid.
Result<double> perDeviceBytesAt(const LlmMemorySettings& settings, const roofline::TransformerConfig& model, int degree);

/// One stacked part of the per-device bytes.
struct MemoryPart {
    std::string name; ///< "weights", "KV cache", "gradients", "optimizer", "activations"
    double bytes = 0.0;
    bool operator==(const MemoryPart&) const = default;
};

/// Per-device bytes at the settings' own layout, part by part.
struct MemoryBreakdown {
    std::vector<MemoryPart> parts; ///< inference: weights, KV cache, activations; training: weights, gradients, optimizer, activations
    double totalBytes = 0.0;       ///< per device
    double parameters = 0.0;       ///< of the whole model
    int devices = 1;               ///< tp (inference) or dp·tp·pp (training)
    std::string summary;           ///< parameters and layout in words, as the page prints it
};

/// The breakdown of the settings for `model` (any architecture, preset or not); errors name the bad field.
Result<MemoryBreakdown> memoryBreakdown(const LlmMemorySettings& settings, const roofline::TransformerConfig& model);
/// The breakdown of the settings' model preset (modelId); errors name the bad field or preset.
Result<MemoryBreakdown> memoryBreakdown(const LlmMemorySettings& settings);

/// What a stacked bar says about one device.
struct DeviceVerdict {
    std::optional<double> capacityBytes; ///< memory_gb × 10^9; empty: no memory figure in the catalog
    bool fits = false;                   ///< totalBytes ≤ (1 − runtimeHeadroom) × capacity (false without a figure)
    double fraction = 0.0;               ///< totalBytes / capacity (0 without a figure)
    std::string text;                    ///< "fits: 52% of 80.0 GiB (10% kept free)", "does not fit (needs 130.4 GiB, has 80.0 GiB with 10 % kept free)", "no memory figure in the catalog"
};

/// The verdict of `totalBytes` per device on `device` (see DeviceVerdict).
DeviceVerdict deviceVerdict(const catalog::Device& device, double totalBytes);

/// Whether the settings' per-device memory fits the device (the page's bar verdict); an error when
/// the preset is unknown or the device has no memory figure, false when the layout is not valid.
Result<bool> fitsDevice(const LlmMemorySettings& settings, const catalog::Device& device);

/// The degrees the fit matrix shows as columns.
constexpr std::array<int, 7> fitMatrixDegrees{1, 2, 4, 8, 16, 32, 64};

/// One cell of the fit matrix: `degree` devices in the varied dimension.
struct FitCell {
    int degree = 1;
    std::optional<double> perDeviceBytes; ///< empty: the layout is not valid (see problem)
    bool fits = false;
    std::string problem;
};

/// One catalog device across the fit matrix's degrees.
struct FitRow {
    std::string deviceId;
    std::string name;
    double capacityBytes = 0.0;
    std::optional<int> fewest;  ///< fewest devices in the varied dimension (1..64) that hold the model
    double perDeviceBytes = 0.0; ///< at `fewest` (or at the largest valid degree tried)
    std::optional<double> listPriceUsd;    ///< fewest × list_price_usd, when the catalog has a price
    std::optional<double> cloudUsdPerHour; ///< fewest × cloud_usd_per_hour, when the catalog has a price
    std::vector<FitCell> cells;  ///< one per fitMatrixDegrees entry
};

/// Per-device bytes with `degree` devices in the dimension a fit matrix varies; an error when not a valid layout.
using PerDeviceBytesAtDegree = std::function<Result<double>(int degree)>;

/// Every device with a memory figure against 1–64 devices, the bytes from `perDeviceBytes` (called
/// once per degree), ranked as fewestDevices ranks them (fitting first, fewest devices, price, name).
std::vector<FitRow> fitMatrix(const PerDeviceBytesAtDegree& perDeviceBytes, const std::vector<catalog::Device>& devices);
/// Every device with a memory figure against 1–64 devices in the varied dimension for `model`,
/// ranked as fewestDevices ranks them (fitting first, fewest devices, price, name).
std::vector<FitRow> fitMatrix(const LlmMemorySettings& settings, const roofline::TransformerConfig& model,
                              const std::vector<catalog::Device>& devices);
/// The fit matrix of the settings' model preset; empty when the preset is unknown.
std::vector<FitRow> fitMatrix(const LlmMemorySettings& settings, const std::vector<catalog::Device>& devices);

/// What the page says above the fit matrix.
struct FitMatrixSummary {
    int fittingDevices = 0; ///< rows with a fewest count (fit with up to 64 devices)
    int devices = 0;        ///< rows (catalog devices with a memory figure)
    std::optional<std::string> noValidLayout; ///< the model's refusal when no degree from 1 to 64 gives a valid layout
};

/// Counts the fitting rows of `matrix` and says whether any degree gave a valid layout.
FitMatrixSummary summarizeFitMatrix(const std::vector<FitRow>& matrix);

} // namespace accelscope::models::memory
