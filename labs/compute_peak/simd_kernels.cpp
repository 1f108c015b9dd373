// SPDX-License-Identifier: MIT
#include "labs/compute_peak/simd_kernels.hpp"

namespace accelscope::labs::compute_peak {

IsaInfo isaInfo(Isa isa)
{
    switch (isa) {
    case Isa::Scalar: return {"scalar (multiply + add)", 0, false};
    case Isa::ScalarFma: return {"scalar FMA", 0, true};
    case Isa::Sse: return {"SSE2 (multiply + add)", 128, false};
    case Isa::Avx2Fma: return {"AVX2 + FMA", 256, true};
    default: return {"AVX-512F", 512, true};
    }
}

bool isaSupported(Isa isa)
{
    // __builtin_cpu_supports reads cpuid; the AVX bits there are only set by the kernel when it
    // saves the wider registers (XSAVE), so a "yes" is safe to run.
    switch (isa) {
    case Isa::Scalar:
    case Isa::Sse: return true; // part of x86-64
    case Isa::ScalarFma: return __builtin_cpu_supports("fma");
    case Isa::Avx2Fma: return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    default: return __builtin_cpu_supports("avx512f");
    }
}

Isa widestIsa()
{
    Isa best = Isa::Sse;
    for (const Isa isa : allIsas) {
        if (isaSupported(isa) && isaInfo(isa).widthBits > isaInfo(best).widthBits) best = isa;
    }
    return best;
}

int lanes(Isa isa, Precision precision)
{
    const int width = isaInfo(isa).widthBits;
    if (width == 0) return 1;
    return width / (precision == Precision::Fp32 ? 32 : 64);
}

double fmaPeakLoop(Isa isa, Precision precision, std::uint64_t iterations)
{
    switch (isa) {
    case Isa::Scalar: return detail::peakScalar(precision, iterations);
    case Isa::ScalarFma: return detail::peakScalarFma(precision, iterations);
    case Isa::Sse: return detail::peakSse(precision, iterations);
    case Isa::Avx2Fma: return detail::peakAvx2(precision, iterations);
    default: return detail::peakAvx512(precision, iterations);
    }
}

std::size_t intensityBlockElements(Isa isa)
{
    return static_cast<std::size_t>(intensityChains * lanes(isa, Precision::Fp32));
}

double intensityLoop(Isa isa, std::span<const float> data, int fmas)
{
    switch (isa) {
    case Isa::Scalar: return detail::intensityScalar(data.data(), data.size(), fmas);
    case Isa::ScalarFma: return detail::intensityScalarFma(data.data(), data.size(), fmas);
    case Isa::Sse: return detail::intensitySse(data.data(), data.size(), fmas);
    case Isa::Avx2Fma: return detail::intensityAvx2(data.data(), data.size(), fmas);
    default: return detail::intensityAvx512(data.data(), data.size(), fmas);
    }
}

} // namespace accelscope::labs::compute_peak
