// SPDX-License-Identifier: MIT
// Storage sizes from models/precision: element bits / 8, block formats with their scale overhead.
#include "models/roofline/dtype.hpp"

#include "models/precision/block_format.hpp"
#include "models/precision/element_format.hpp"

#include <array>

namespace accelscope::models::roofline {
namespace {

using precision::ElementFormat;

std::string computePrecisionOf(ElementFormat f)
{
    switch (f) {
    case ElementFormat::Fp32: return "fp32";
    case ElementFormat::Tf32: return "tf32";
    case ElementFormat::Bf16: return "bf16";
    case ElementFormat::Fp16: return "fp16";
    case ElementFormat::Fp8E4M3:
    case ElementFormat::Fp8E5M2: return "fp8";
    case ElementFormat::Fp6E2M3:
    case ElementFormat::Fp6E3M2: return "fp6";
    case ElementFormat::Fp4E2M1: return "fp4";
    case ElementFormat::Int8: return "int8";
    case ElementFormat::Int4: return "int4";
    case ElementFormat::E8M0: return "";
    }
    return "";
}

// 16-bit first (the usual checkpoint), then the 8- and 4-bit formats inference engines serve
// (FP8 E4M3, NVFP4 and MXFP4 with their block scales, INT8/INT4 weight-only), FP32 last.
constexpr std::array<std::string_view, 9> llmStorageFormatList{"bf16", "fp16", "fp8", "fp4", "nvfp4", "mxfp4", "int8", "int4", "fp32"};

} // namespace

Result<DataType> dataTypeFromName(std::string_view name)
{
    // FP64 has no codec in models/precision (it is never a storage format for AI tensors there),
    // but FP64 roofs exist, so kernels at FP64 need its size.
    if (name == "fp64" || name == "double") return DataType{"fp64", 8.0, "fp64"};
    if (const auto block = precision::blockFormatFromName(name)) {
        const auto& info = precision::blockFormatInfo(*block);
        return DataType{std::string(info.name), precision::blockBytesPerElement(info),
                        computePrecisionOf(info.element)};
    }
    const auto element = precision::formatFromName(name);
    if (!element || *element == ElementFormat::E8M0) {
        return fail(ErrorCode::InvalidArgument,
                    "unknown data type '" + std::string(name) + "' (known: " + dataTypeNames() + ")");
    }
    const auto& info = precision::formatInfo(*element);
    // TF32 is a compute mode: its values live in 32-bit FP32 containers.
    const double bytes = *element == ElementFormat::Tf32 ? 4.0 : info.bits / 8.0;
    return DataType{std::string(info.name), bytes, computePrecisionOf(*element)};
}

std::string dataTypeNames()
{
    std::string out = "fp64";
    for (const auto& f : precision::allFormats()) {
        if (f.format == ElementFormat::E8M0) continue;
        out += ", " + std::string(f.name);
    }
    for (const auto& b : precision::allBlockFormats()) out += ", " + std::string(b.name);
    return out;
}

std::span<const std::string_view> llmStorageFormats() { return llmStorageFormatList; }

std::string llmStorageFormatsText()
{
    std::string out;
    for (const auto name : llmStorageFormatList) out += (out.empty() ? "" : ", ") + std::string(name);
    return out;
}

} // namespace accelscope::models::roofline
