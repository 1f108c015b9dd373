// SPDX-License-Identifier: MIT
// Lesson functions over the catalog and the roofline: figures, roofs, ridge points, kernels.
#include "labs/guided/lesson_function_support.hpp"

#include "models/catalog/device_query.hpp"
#include "models/memory/memory_pyramid.hpp"
#include "models/memory/pyramid_roofline.hpp"
#include "models/roofline/hierarchical_roofline.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/kernels.hpp"
#include "models/roofline/roof_selection.hpp"

#include <optional>

namespace accelscope::labs::guided::detail {

using models::ErrorCode;
using models::fail;
using models::Result;
namespace roof = models::roofline;
namespace mem = models::memory;

namespace {

// The unit argument at `i`: tensor, vector, or left out (auto) for selectRoof's rule.
Result<std::optional<roof::ComputeUnit>> unitOf(Args a, std::size_t i)
{
    if (a.size() <= i) return std::optional<roof::ComputeUnit>{};
    return roof::unitChoiceFromName(word(a, i));
}

Result<roof::ComputeCeiling> ceiling(const LessonContext& ctx, Args a)
{
    auto d = device(ctx, word(a, 0));
    if (!d) return std::unexpected(d.error());
    auto unit = unitOf(a, 2);
    if (!unit) return std::unexpected(unit.error());
    return roof::selectRoof(**d, word(a, 1), roof::Sparsity::Dense, *unit);
}

Result<double> memoryBandwidth(const LessonContext& ctx, const std::string& id)
{
    auto d = device(ctx, id);
    if (!d) return std::unexpected(d.error());
    auto bw = roof::deviceMemoryCeiling(**d);
    if (!bw) return std::unexpected(bw.error());
    return bw->bandwidthGBps;
}

Result<double> ridge(const LessonContext& ctx, Args a)
{
    auto c = ceiling(ctx, a);
    if (!c) return std::unexpected(c.error());
    auto bw = memoryBandwidth(ctx, word(a, 0));
    if (!bw) return std::unexpected(bw.error());
    return roof::ridgeFlopPerByte(c->peakTflops, *bw);
}

Result<const mem::PyramidLevel*> pyramidLevel(const mem::MemoryPyramid& pyramid, const std::string& level)
{
    for (const auto& l : pyramid.levels) {
        if (roof::memoryLevelName(l.level) == level) return &l;
    }
    return fail(ErrorCode::NotFound, "no level '" + level + "' in the pyramid of " + pyramid.subject);
}

Result<double> known(const mem::SourcedValue& v, const std::string& what)
{
    if (!v.value) return fail(ErrorCode::NotFound, what + " is unknown (" + v.source + ")");
    return *v.value;
}

} // namespace

void addCatalogFunctions(std::vector<FunctionSpec>& out, const LessonContext& ctx)
{
    out.push_back(fn("figure", "figure(device, key)", "a catalog figure in its canonical unit (memory_bw_gbs: GB/s)", 2, 2,
                     [&ctx](Args a) -> Result<double> {
                         auto d = device(ctx, word(a, 0));
                         if (!d) return std::unexpected(d.error());
                         const auto key = models::catalog::figureFromJsonKey(word(a, 1));
                         if (!key) return fail(ErrorCode::NotFound, "unknown figure key '" + word(a, 1) + "'");
                         const auto v = (*d)->value(*key);
                         if (!v) return fail(ErrorCode::NotFound, word(a, 0) + " has no " + word(a, 1) + " figure");
                         return *v;
                     }));
    out.push_back(fn("peak", "peak(device, precision[, tensor|vector|auto])",
                     "dense peak TFLOP/s (roofline::selectRoof: tensor units where the device has them for the precision, else vector)", 2, 3,
                     [&ctx](Args a) -> Result<double> {
                         auto c = ceiling(ctx, a);
                         if (!c) return std::unexpected(c.error());
                         return c->peakTflops;
                     }));
    out.push_back(fn("bandwidth", "bandwidth(device)", "device-memory GB/s (roofline::deviceMemoryCeiling)", 1, 1,
                     [&ctx](Args a) { return memoryBandwidth(ctx, word(a, 0)); }));
    out.push_back(fn("ridge", "ridge(device, precision[, tensor|vector|auto])", "ridge point, FLOP/byte (roof by roofline::selectRoof)", 2, 3,
                     [&ctx](Args a) { return ridge(ctx, a); }));
    out.push_back(fn("attainable", "attainable(device, precision, intensity)", "min(peak, bandwidth × intensity), TFLOP/s", 3, 3,
                     [&ctx](Args a) -> Result<double> {
                         auto c = ceiling(ctx, a.first(2));
                         auto bw = memoryBandwidth(ctx, word(a, 0));
                         auto x = num(a, 2, "intensity");
                         if (!c || !bw || !x) return fail(ErrorCode::InvalidArgument, !c ? c.error().message : !bw ? bw.error().message : x.error().message);
                         return roof::attainableTflops(c->peakTflops, *bw, *x);
                     }));
    // A link's bandwidth roof of a device, or why it has none.
    const auto link = [&ctx](auto ceiling, std::string missing) {
        return [&ctx, ceiling, missing](Args a) -> Result<double> {
            auto d = device(ctx, word(a, 0));
            if (!d) return std::unexpected(d.error());
            const auto c = ceiling(**d);
            if (!c) return fail(ErrorCode::NotFound, word(a, 0) + missing);
            return c->bandwidthGBps;
        };
    };
    out.push_back(fn("host_link", "host_link(device)", "host link GB/s per direction (PCIe or C2C)", 1, 1,
                     link(roof::hostLinkCeiling, " has no known host link bandwidth")));
    out.push_back(fn("scale_up", "scale_up(device)", "scale-up link GB/s per direction (interconnect_gbs / 2)", 1, 1,
                     link(roof::scaleUpCeiling, " has no scale-up link figure")));
    // A figure of one level of a device's memory pyramid, or why it is unknown.
    const auto level = [&ctx](auto figure, std::string what) {
        return [&ctx, figure, what](Args a) -> Result<double> {
            auto d = device(ctx, word(a, 0));
            if (!d) return std::unexpected(d.error());
            const auto pyramid = mem::devicePyramid(**d);
            auto l = pyramidLevel(pyramid, word(a, 1));
            if (!l) return std::unexpected(l.error());
            return known(figure(**l), word(a, 0) + " " + word(a, 1) + " " + what);
        };
    };
    out.push_back(fn("level_bw", "level_bw(device, level)", "memory pyramid bandwidth of a level (registers, shared_l1, l2, last_level_cache, device_memory, host_link, scale_up), GB/s", 2, 2,
                     level([](const mem::PyramidLevel& l) { return l.bandwidthGBps; }, "bandwidth")));
    out.push_back(fn("level_capacity", "level_capacity(device, level)", "memory pyramid capacity of a level, bytes (its scope: per SM, per device)", 2, 2,
                     level([](const mem::PyramidLevel& l) { return l.capacityBytes; }, "capacity")));
}

void addKernelFunctions(std::vector<FunctionSpec>& out, const LessonContext& ctx)
{
    const auto cost = [](Args a) { return roof::kernelFromSpec(word(a, 0)); };
    out.push_back(fn("intensity", "intensity(\"kernel spec\")", "FLOP/byte of a kernel (roofline::kernelFromSpec)", 1, 1,
                     [cost](Args a) -> Result<double> {
                         auto k = cost(a);
                         if (!k) return std::unexpected(k.error());
                         return k->flops / k->bytes;
                     }));
    out.push_back(fn("kernel_flops", "kernel_flops(\"kernel spec\")", "FLOPs of a kernel", 1, 1, [cost](Args a) -> Result<double> {
        auto k = cost(a);
        if (!k) return std::unexpected(k.error());
        return k->flops;
    }));
    out.push_back(fn("kernel_bytes", "kernel_bytes(\"kernel spec\")", "device-memory bytes of a kernel", 1, 1, [cost](Args a) -> Result<double> {
        auto k = cost(a);
        if (!k) return std::unexpected(k.error());
        return k->bytes;
    }));
    out.push_back(fn("kernel_time", "kernel_time(device, precision, \"kernel spec\")", "roofline lower bound, seconds", 3, 3,
                     [&ctx, cost](Args a) -> Result<double> {
                         auto c = ceiling(ctx, a.first(2));
                         if (!c) return std::unexpected(c.error());
                         auto bw = memoryBandwidth(ctx, word(a, 0));
                         if (!bw) return std::unexpected(bw.error());
                         auto k = cost(a.subspan(2));
                         if (!k) return std::unexpected(k.error());
                         return roof::boundOn(*k, c->peakTflops, *bw).timeS;
                     }));
    out.push_back(fn("gemm_ridge_size", "gemm_ridge_size(device, precision[, dtype])",
                     "smallest square GEMM size N (M = N = K) whose intensity reaches the ridge point", 2, 3,
                     [&ctx](Args a) -> Result<double> {
                         auto r = ridge(ctx, a.first(2));
                         if (!r) return r;
                         auto b = bytesPerElement(a.size() > 2 ? word(a, 2) : "bf16");
                         if (!b) return b;
                         for (double n = 1; n <= 1 << 20; ++n) {
                             const auto k = roof::gemm(n, n, n, *b, *b, *b);
                             if (k.flops / k.bytes >= *r) return n;
                         }
                         return fail(ErrorCode::NotFound, "no square GEMM up to 2^20 reaches the ridge");
                     }));
    // Where the Roofline page draws a kernel (its cache-aware view): on the roof of the level its
    // working set lives in, never faster than a kernel launch (placeOnHierarchy), so a lesson's
    // claims about the picture are computed by the same model as the picture.
    const auto placed = [&ctx, cost](Args a) -> Result<roof::LevelPlacement> {
        auto d = device(ctx, word(a, 0));
        if (!d) return std::unexpected(d.error());
        auto h = mem::deviceHierarchy(**d, word(a, 1));
        if (!h) return std::unexpected(h.error());
        auto k = cost(a.subspan(2));
        if (!k) return std::unexpected(k.error());
        return roof::placeOnHierarchy(h->roofline, h->levels, *k);
    };
    out.push_back(fn("placed_tflops", "placed_tflops(device, precision, \"kernel spec\")",
                     "TFLOP/s where the Roofline page draws the kernel: the roof of the level its working set lives in, at most FLOPs / launch floor", 3, 3,
                     [placed](Args a) -> Result<double> {
                         auto p = placed(a);
                         if (!p) return std::unexpected(p.error());
                         return p->bound.attainableTflops;
                     }));
    out.push_back(fn("placed_level", "placed_level(device, precision, \"kernel spec\")",
                     "the memory level the kernel's working set lives in, as the Roofline page names it (a word)", 3, 3,
                     [placed](Args a) -> Result<std::string> {
                         auto p = placed(a);
                         if (!p) return std::unexpected(p.error());
                         return p->residentLabel;
                     }));
    out.push_back(fn("launch_floor", "launch_floor()", "the least time of one kernel on an accelerator, seconds (roofline::kernelLaunchFloorS, assumed)", 0, 0,
                     [](Args) -> Result<double> { return roof::kernelLaunchFloorS; }));
    out.push_back(fn("gemm_roof_size", "gemm_roof_size(device, precision)",
                     "smallest square BF16 GEMM size N that the Roofline page draws on the flat compute roof (past the ridge of the level it lives in and the launch floor)", 2, 2,
                     [&ctx](Args a) -> Result<double> {
                         auto d = device(ctx, word(a, 0));
                         if (!d) return std::unexpected(d.error());
                         auto h = mem::deviceHierarchy(**d, word(a, 1));
                         if (!h) return std::unexpected(h.error());
                         for (double n = 16; n <= 1 << 16; ++n) {
                             auto p = roof::placeOnHierarchy(h->roofline, h->levels, roof::gemm(n, n, n, 2, 2, 2));
                             if (p && p->bound.bound == roof::Bound::Compute && !p->launchBound) return n;
                         }
                         return fail(ErrorCode::NotFound, "no square GEMM up to 65,536 reaches the flat roof");
                     }));
}

} // namespace accelscope::labs::guided::detail
