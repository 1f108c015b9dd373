// SPDX-License-Identifier: MIT
// Serving model: decode steps and prefills on achievable roofs, continuous batching, M/M/1 prefill queue.
#include "models/serving/serving_model.hpp"

#include "models/common/number_range.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/llm_analysis.hpp"
#include "models/roofline/roof_selection.hpp"
#include "models/system/fabric/collectives.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace accelscope::models::serving {
namespace {

using catalog::FigureKey;
using roofline::TransformerConfig;

/// Shapes per device that every step needs, computed once per layout.
struct Shape {
    double weightBytes = 0.0;       ///< per device (its TP share of its PP stage)
    double expertBytes = 0.0;       ///< per device, routed experts only (read as they are touched)
    double expertBytesOne = 0.0;    ///< one expert of one layer, per device
    double moeLayers = 0.0;         ///< per stage
    double kvBytesPerToken = 0.0;   ///< per device
    double flopsPerToken = 0.0;     ///< per device: 2 × active parameters / (TP·PP)
    double attnFlopsPerPair = 0.0;  ///< per device, per (query, cached key) pair over the stage's layers
    double actBytesPerToken = 0.0;  ///< hidden state of one token (activations in 2-byte formats)
    double layersPerStage = 0.0;
};

Shape shapeOf(const TransformerConfig& c, const roofline::DataType& w, const roofline::DataType& kv, const Layout& l)
{
    Shape s;
    const auto params = roofline::countParameters(c);
    const double pp = l.pp;
    const double tp = l.tp;
    s.layersPerStage = double(c.layers) / pp;
    s.weightBytes = roofline::weightElementsPerDevice(c, l.tp) * w.bytesPerElement / pp;
    if (c.isMoe()) {
        const double gateUp = c.gatedFfn ? 3.0 : 2.0;
        const double oneExpert = gateUp * double(c.hidden) * c.moe.expertFfn;
        s.moeLayers = double(c.layers - c.moe.denseLayers) / pp;
        s.expertBytesOne = oneExpert * w.bytesPerElement / tp;
        s.expertBytes = s.moeLayers * c.moe.experts * s.expertBytesOne;
    }
    // KV heads split over TP up to one head per device; an MLA latent is replicated.
    const double kvSplit = c.usesMla() ? 1.0 : std::min(tp, double(c.kvHeads));
    s.kvBytesPerToken = roofline::kvElementsPerToken(c) * kv.bytesPerElement / kvSplit / pp;
    s.flopsPerToken = 2.0 * params.activePerToken / (tp * pp);
    const double qk = c.usesMla() ? double(c.mla.kvLoraRank + c.mla.qkRopeHeadDim) : double(c.headDim);
    const double v = c.usesMla() ? double(c.mla.kvLoraRank) : double(c.headDim);
    s.attnFlopsPerPair = 2.0 * (qk + v) * c.heads / tp * s.layersPerStage;
    s.actBytesPerToken = double(c.hidden) * 2.0;
    return s;
}

struct StepTime {
    double s = 0.0;
    double compute = 0.0;
    double memory = 0.0;
    double comm = 0.0;
};

class Engine {
public:
    Engine(const TransformerConfig& c, const ServingDevice& d, const ServingRequest& r, const Layout& l, const Shape& s)
        : m_c(c), m_d(d), m_r(r), m_l(l), m_s(s)
    {
        m_flopsPerS = d.peakTflops * 1e12 * d.efficiency.compute;
        m_bytesPerS = d.memoryBandwidthGBps * 1e9 * d.efficiency.memory;
        m_kvBytesPerS = d.memoryBandwidthGBps * 1e9 * d.efficiency.kv;
        m_linkBytesPerS = d.linkGBpsPerDirection * 1e9;
        m_stepUs = d.linkIsScaleUp ? constants::nvlinkStepLatencyUs : constants::pcieStepLatencyUs;
        m_context = double(r.inputTokens) + double(r.outputTokens) / 2.0;
    }

    /// Ring all-reduce of `bytes` over the TP group (NCCL-style alpha plus 2(n−1)/n · bytes / β).
    double allReduceS(double bytes) const
    {
        return system::ringCollectiveUs(system::Collective::AllReduce, bytes, m_l.tp, m_linkBytesPerS / 1e9,
                                        constants::collectiveBaseLatencyUs, m_stepUs) * 1e-6;
    }

    /// All-to-all of `bytes` per device over the EP group: each device keeps 1/n of it.
    double allToAllS(double bytes) const
    {
        return system::ringCollectiveUs(system::Collective::AllToAll, bytes, m_l.ep, m_linkBytesPerS / 1e9,
                                        constants::collectiveBaseLatencyUs, m_stepUs) * 1e-6;
    }

    /// Communication of one stage for `tokens` tokens: dense layers 2 all-reduces, MoE layers one
    /// all-reduce (attention) and two all-to-alls of top-k copies (dispatch, combine); a PP hand-off.
    double commS(double tokens) const
    {
        const double act = tokens * m_s.actBytesPerToken;
        const double denseLayers = m_s.layersPerStage - m_s.moeLayers;
        double t = denseLayers * 2.0 * allReduceS(act);
        if (m_s.moeLayers > 0.0) {
            t += m_s.moeLayers * (allReduceS(act) + 2.0 * allToAllS(act * m_c.moe.topK));
        }
        if (m_l.pp > 1) t += constants::collectiveBaseLatencyUs * 1e-6 + act / m_linkBytesPerS;
        return t;
    }

    /// One stage's decode step for `b` sequences at the mean context: roofline max of compute and
    /// memory (weights, touched experts, KV read) plus communication.
    StepTime stageDecode(double b) const
    {
        double weightBytes = m_s.weightBytes;
        if (m_c.isMoe()) {
            // Distinct routed experts b tokens touch, routed independently and uniformly: E·(1 − (1 − k/E)^b).
            const double e = m_c.moe.experts;
            const double touched = e * (1.0 - std::pow(1.0 - double(m_c.moe.topK) / e, b));
            weightBytes += -m_s.expertBytes + m_s.moeLayers * touched * m_s.expertBytesOne;
        }
        StepTime t;
        t.memory = weightBytes / m_bytesPerS + b * m_context * m_s.kvBytesPerToken / m_kvBytesPerS;
        t.compute = b * (m_s.flopsPerToken + m_context * m_s.attnFlopsPerPair) / m_flopsPerS;
        t.comm = commS(b);
        t.s = std::max(t.memory, t.compute) + t.comm;
        return t;
    }

    /// All B sequences advance one token: PP stages each run B/pp sequences, pp micro-batches in turn.
    StepTime decode(double batch) const
    {
        StepTime t = stageDecode(batch / m_l.pp);
        const double pp = m_l.pp;
        return {t.s * pp, t.compute * pp, t.memory * pp, t.comm * pp};
    }

    /// Prefill work of one request in replica time (prefills batched: compute-bound, weights amortised),
    /// and its latency alone (the PP stages one after another).
    std::pair<double, double> prefill() const
    {
        const double in = m_r.inputTokens;
        const double flops = in * m_s.flopsPerToken + in * in / 2.0 * m_s.attnFlopsPerPair; // causal: I²/2 pairs
        const double stage = flops / m_flopsPerS + commS(in);
        return {stage, stage * m_l.pp};
    }

private:
    const TransformerConfig& m_c;
    const ServingDevice& m_d;
    const ServingRequest& m_r;
    const Layout& m_l;
    const Shape& m_s;
    double m_flopsPerS = 0.0;
    double m_bytesPerS = 0.0;
    double m_kvBytesPerS = 0.0;
    double m_linkBytesPerS = 0.0;
    double m_stepUs = 0.0;
    double m_context = 0.0;
};

/// Throughput and latencies of one replica at batch B.
struct Operating {
    double batch = 0.0;
    double tokensPerS = 0.0; ///< one replica
    double load = 0.0;
    double ttftS = 0.0;
    double ttftP99S = 0.0;
    double tpotS = 0.0;
    double tpotP99S = 0.0;
    StepTime step;
};

/// Continuous batching in steady state: per completed request, O decode steps shared by B sequences
/// and one prefill, so tokens/s = B / (t_dec + B·t_pre / O). The prefill share ρ = x / (1 + x),
/// x = B·t_pre / (O·t_dec), is the utilisation of an M/M/1 prefill queue under Poisson arrivals:
/// mean wait ρ·t_pre / (1 − ρ), p99 wait t_pre / (1 − ρ) · ln(100ρ) (exponential tail of M/M/1,
/// Kleinrock, Queueing Systems vol. 1, 1975, section 3.2). TPOT is the step stretched by interleaved
/// prefills, t_dec / (1 − ρ); its p99 over requests takes a request's mean over O steps as normal with
/// a coefficient of variation of one step ≤ 1: × (1 + z99 / √O).
Operating operate(const Engine& e, double batch, double preWork, double preLatency, int outputTokens)
{
    Operating o;
    o.batch = batch;
    o.step = e.decode(batch);
    const double out = outputTokens;
    const double x = batch * preWork / (out * o.step.s);
    o.load = x / (1.0 + x);
    o.tokensPerS = batch / (o.step.s + batch * preWork / out);
    const double rho = o.load;
    o.ttftS = preLatency + o.step.s + rho * preWork / (1.0 - rho);
    const double tail = 100.0 * rho > 1.0 ? preWork / (1.0 - rho) * std::log(100.0 * rho) : 0.0;
    o.ttftP99S = preLatency + o.step.s + tail;
    o.tpotS = o.step.s / (1.0 - rho);
    o.tpotP99S = o.tpotS * (1.0 + constants::z99 / std::sqrt(out));
    return o;
}

bool meets(const Operating& o, const ServingRequest& r)
{
    if (r.scenario != Scenario::Server) return true;
    if (r.ttftLimitMs && o.ttftP99S * 1e3 > *r.ttftLimitMs) return false;
    if (r.tpotLimitMs && o.tpotP99S * 1e3 > *r.tpotLimitMs) return false;
    return true;
}

/// Batches tried: 1, then ×√2 steps (rounded), up to the KV limit, which is always tried.
std::vector<int> batchGrid(int maxBatch)
{
    std::vector<int> out;
    for (double b = 1.0; b < maxBatch; b *= 1.41421356) {
        const int v = static_cast<int>(std::lround(b));
        if (out.empty() || v > out.back()) out.push_back(v);
    }
    if (out.empty() || out.back() != maxBatch) out.push_back(maxBatch);
    return out;
}

void fillPowerAndCost(ServingEstimate& e, const ServingDevice& d, const ServingRequest& r)
{
    const double n = e.devices;
    if (d.tdpW) {
        e.watts = *d.tdpW * n * constants::systemPowerPerTdp;
        if (e.tokensPerS > 0.0) {
            e.joulesPerToken = *e.watts / e.tokensPerS;
            e.tokensPerSPerKw = e.tokensPerS / (*e.watts / 1000.0);
        }
    }
    const auto own = r.prices.find(d.device->id);
    const DevicePrice* mine = own == r.prices.end() ? nullptr : &own->second;
    std::optional<double> perHour;
    if (mine && mine->usdPerHour) {
        perHour = *mine->usdPerHour * n;
        e.priceBasis = "your $/h";
    } else if (mine && mine->listPriceUsd && mine->amortisationYears > 0.0) {
        perHour = *mine->listPriceUsd * n / (mine->amortisationYears * 8760.0);
        e.priceBasis = "your list";
    } else if (const auto cloud = d.device->value(FigureKey::CloudUsdPerHour)) {
        perHour = *cloud * n;
        e.priceBasis = "cloud";
    } else if (const auto list = d.device->value(FigureKey::ListPriceUsd)) {
        perHour = *list * n / constants::amortisationHours;
        e.priceBasis = "list";
    }
    if (!perHour) return;
    // A cloud rate pays for the power already; every other price is the hardware alone.
    if (r.usdPerKwh && e.watts && e.priceBasis != "cloud") {
        e.energyUsdPerHour = *e.watts / 1000.0 * *r.usdPerKwh;
        *perHour += *e.energyUsdPerHour;
    }
    e.usdPerHour = perHour;
    if (e.tokensPerS > 0.0) {
        e.usdPerMillionTokens = *perHour / (e.tokensPerS * 3600.0) * 1e6;
        if (e.energyUsdPerHour) e.energyUsdPerMillionTokens = *e.energyUsdPerHour / (e.tokensPerS * 3600.0) * 1e6;
    }
}

/// The layout splits the model (TP divides the heads, 1 ≤ PP ≤ layers) and the device has a link
/// for it; the error says which.
Result<void> checkLayout(const TransformerConfig& config, const ServingDevice& device, const Layout& layout)
{
    if (auto v = roofline::validateTensorParallel(config, layout.tp); !v) return std::unexpected(v.error());
    if (layout.pp < 1 || layout.pp > config.layers) {
        return fail(ErrorCode::InvalidArgument, "pipeline stages " + std::to_string(layout.pp) + " outside 1 to " +
                                                    std::to_string(config.layers) + " layers");
    }
    if (layout.tp * layout.pp > 1 && !(device.linkGBpsPerDirection > 0.0)) {
        return fail(ErrorCode::Unsupported, device.device->id + " has no link figure for tensor or pipeline parallelism");
    }
    return {};
}

Bound boundOf(const Operating& o, bool sloLimited, bool kvLimited)
{
    if (sloLimited) return Bound::Slo;
    const StepTime& s = o.step;
    if (s.comm > std::max(s.compute, s.memory)) return Bound::Interconnect;
    if (s.compute >= s.memory) return Bound::Compute;
    return kvLimited ? Bound::Memory : Bound::Bandwidth;
}

} // namespace

CatalogPrice catalogPrice(const catalog::Device& device)
{
    CatalogPrice p;
    p.cloudUsdPerHour = device.value(FigureKey::CloudUsdPerHour);
    p.listPriceUsd = device.value(FigureKey::ListPriceUsd);
    const auto key = p.cloudUsdPerHour ? FigureKey::CloudUsdPerHour : FigureKey::ListPriceUsd;
    if (const auto f = device.figures.find(key); f != device.figures.end()) {
        p.date = f->second.date;
        if (const auto s = device.sources.find(f->second.sourceKey); s != device.sources.end()) {
            p.sourceTitle = s->second.title;
            p.sourceUrl = s->second.url;
        }
    }
    return p;
}

double pcieGBpsPerDirection(double gen, double lanes)
{
    const double gtps = 8.0 * std::pow(2.0, gen - 3.0);
    return gtps * 128.0 / 130.0 / 8.0 * lanes;
}

std::string_view scenarioName(Scenario scenario) { return scenario == Scenario::Offline ? "offline" : "server"; }

std::optional<Scenario> scenarioFromName(std::string_view name)
{
    if (name == "offline" || name == "Offline") return Scenario::Offline;
    if (name == "server" || name == "Server") return Scenario::Server;
    return std::nullopt;
}

std::string_view boundName(Bound bound)
{
    switch (bound) {
    case Bound::Memory: return "memory";
    case Bound::Bandwidth: return "bandwidth";
    case Bound::Compute: return "compute";
    case Bound::Interconnect: return "interconnect";
    case Bound::Slo: return "slo";
    }
    return "";
}

Result<void> validateServingRequest(const ServingRequest& request)
{
    for (const auto& [name, value] : {std::pair{"--ttft-ms", request.ttftLimitMs}, std::pair{"--tpot-ms", request.tpotLimitMs}}) {
        if (!value) continue;
        if (auto ok = numberInRange(name, *value, sloLimits::minMs, sloLimits::maxMs); !ok) return std::unexpected(ok.error());
    }
    if (request.usdPerKwh) {
        if (auto ok = numberInRange("--usd-per-kwh", *request.usdPerKwh, 0.0, catalog::priceLimits::maxUsdPerKwh); !ok) return std::unexpected(ok.error());
    }
    for (const auto& [id, price] : request.prices) {
        if (auto ok = catalog::checkPriceRanges(price.usdPerHour, price.listPriceUsd, price.amortisationYears); !ok) {
            return fail(ErrorCode::InvalidArgument, id + ": " + ok.error().message);
        }
    }
    return {};
}

Result<ServingDevice> servingDevice(const catalog::Device& device, const ServingRequest& request,
                                    const EfficiencyTable& efficiencies)
{
    if (auto ok = validateServingRequest(request); !ok) return std::unexpected(ok.error());
    const auto w = roofline::dataTypeFromName(request.weights);
    if (!w) return fail(ErrorCode::InvalidArgument, "--weights: " + w.error().message);
    const auto kv = roofline::dataTypeFromName(request.kvCache);
    if (!kv) return fail(ErrorCode::InvalidArgument, "--kv: " + kv.error().message);
    const auto roof = roofline::selectRoof(device, w->computePrecision);
    if (!roof) {
        return fail(ErrorCode::Unsupported, device.id + " cannot run " + w->name + " weights: it has no " +
                                                 w->computePrecision + " compute figure");
    }
    if (kv->computePrecision != w->computePrecision && !roofline::selectRoof(device, kv->computePrecision)) {
        return fail(ErrorCode::Unsupported, device.id + " cannot run a " + kv->name + " KV cache: it has no " +
                                                 kv->computePrecision + " compute figure");
    }
    const auto gb = device.value(FigureKey::MemoryGb);
    const auto bw = device.value(FigureKey::MemoryBwGbs);
    if (!gb || !bw) {
        return fail(ErrorCode::Unsupported, device.id + " has no " + std::string(gb ? "memory_bw_gbs" : "memory_gb") +
                                                 " figure, so no serving estimate");
    }
    ServingDevice d;
    d.device = &device;
    d.computePrecision = w->computePrecision;
    d.peakTflops = roof->peakTflops;
    d.memoryBandwidthGBps = *bw;
    d.capacityBytes = *gb * 1e9;
    if (const auto link = device.value(FigureKey::InterconnectGbs)) {
        d.linkGBpsPerDirection = *link / 2.0;
        d.linkIsScaleUp = true;
    } else if (const auto gen = device.value(FigureKey::PcieGen)) {
        d.linkGBpsPerDirection = pcieGBpsPerDirection(*gen, device.value(FigureKey::PcieLanes).value_or(16.0));
    }
    d.tdpW = device.value(FigureKey::TdpW);
    d.efficiency = efficiencies.forFamily(deviceFamily(device));
    return d;
}

Result<ServingEstimate> estimateLayout(const TransformerConfig& config, const ServingDevice& device,
                                       const ServingRequest& request, const Layout& layout)
{
    if (request.inputTokens < 1 || request.outputTokens < 1) {
        return fail(ErrorCode::InvalidArgument, "--input and --output must be at least 1 token");
    }
    if (auto v = checkLayout(config, device, layout); !v) return std::unexpected(v.error());
    const auto w = roofline::dataTypeFromName(request.weights);
    const auto kv = roofline::dataTypeFromName(request.kvCache);
    if (!w || !kv) return fail(ErrorCode::InvalidArgument, "unknown weight or KV format");
    const Shape shape = shapeOf(config, *w, *kv, layout);

    ServingEstimate e;
    e.deviceId = device.device->id;
    e.devices = layout.devices();
    e.layout = layout;
    e.efficiency = device.efficiency;
    e.capacityBytesPerDevice = device.capacityBytes;
    e.weightsBytesPerDevice = shape.weightBytes;
    e.headroomBytesPerDevice = device.capacityBytes * constants::runtimeHeadroom;
    // Paged KV cache: a sequence holds on average its prompt plus half its output.
    const double seqKv = shape.kvBytesPerToken * (double(request.inputTokens) + double(request.outputTokens) / 2.0);
    e.needBytesPerDevice = shape.weightBytes + seqKv + e.headroomBytesPerDevice;
    const double kvBudget = device.capacityBytes - e.headroomBytesPerDevice - shape.weightBytes;
    e.maxBatchKv = kvBudget > 0.0 ? static_cast<int>(std::min(kvBudget / seqKv, double(constants::maxBatch))) : 0;
    e.maxBatchKv = e.maxBatchKv / layout.pp * layout.pp; // whole micro-batches
    e.fits = e.maxBatchKv >= layout.pp;
    e.memoryBytesPerDevice = e.needBytesPerDevice;
    if (!e.fits) return e;

    const Engine engine(config, device, request, layout, shape);
    const auto [preWork, preLatency] = engine.prefill();
    Operating best;
    bool found = false;
    bool sloLimited = false;
    for (const int b : batchGrid(e.maxBatchKv)) {
        const Operating o = operate(engine, b, preWork, preLatency, request.outputTokens);
        if (!meets(o, request)) {
            sloLimited = true;
            continue;
        }
        if (!found || o.tokensPerS > best.tokensPerS) {
            best = o;
            found = true;
        }
    }
    if (!found) {
        return fail(ErrorCode::InvalidArgument, "no batch meets the latency limits on " + std::to_string(e.devices) +
                                                    " x " + device.device->id);
    }
    sloLimited = sloLimited && best.batch < e.maxBatchKv;
    const double replicas = layout.replicas;
    e.batch = static_cast<int>(best.batch);
    e.tokensPerS = best.tokensPerS * replicas;
    e.tokensPerSPerDevice = e.tokensPerS / e.devices;
    e.tokensPerSLow = e.tokensPerS * (1.0 + device.efficiency.bandLow);
    e.tokensPerSHigh = e.tokensPerS * (1.0 + device.efficiency.bandHigh);
    e.tokensPerSPerUser = 1.0 / best.tpotS;
    e.ttftMs = best.ttftS * 1e3;
    e.ttftP99Ms = best.ttftP99S * 1e3;
    e.tpotMs = best.tpotS * 1e3;
    e.tpotP99Ms = best.tpotP99S * 1e3;
    // Every stage holds its layers' KV for every sequence in flight (seqKv is already per stage), as the
    // capacity check above assumes: the batch is not divided by the stages.
    e.kvBytesPerDevice = best.batch * seqKv;
    e.memoryBytesPerDevice = e.weightsBytesPerDevice + e.kvBytesPerDevice + e.headroomBytesPerDevice;
    e.decodeStepS = best.step.s;
    e.prefillS = preLatency;
    e.load = best.load;
    e.bound = boundOf(best, sloLimited, e.batch >= e.maxBatchKv && e.maxBatchKv < constants::maxBatch);
    fillPowerAndCost(e, device, request);
    return e;
}

Result<DecodeStep> decodeStep(const TransformerConfig& config, const ServingDevice& device, const ServingRequest& request,
                              const Layout& layout, int batch)
{
    if (batch < 1) return fail(ErrorCode::InvalidArgument, "batch must be at least 1 sequence");
    if (request.inputTokens < 1 || request.outputTokens < 1) {
        return fail(ErrorCode::InvalidArgument, "--input and --output must be at least 1 token");
    }
    if (auto v = checkLayout(config, device, layout); !v) return std::unexpected(v.error());
    const auto w = roofline::dataTypeFromName(request.weights);
    if (!w) return fail(ErrorCode::InvalidArgument, "--weights: " + w.error().message);
    const auto kv = roofline::dataTypeFromName(request.kvCache);
    if (!kv) return fail(ErrorCode::InvalidArgument, "--kv: " + kv.error().message);
    const Shape shape = shapeOf(config, *w, *kv, layout);
    const Engine engine(config, device, request, layout, shape);
    const double b = batch;
    const StepTime t = engine.decode(b);
    const double context = double(request.inputTokens) + double(request.outputTokens) / 2.0;
    DecodeStep out;
    out.s = t.s;
    out.computeS = t.compute;
    out.memoryS = t.memory;
    out.commS = t.comm;
    // PP micro-batches of b / pp sequences in turn: the stage's weights are read pp times, every
    // sequence's KV and FLOPs once.
    out.weightBytesPerDevice = shape.weightBytes * layout.pp;
    out.kvBytesPerDevice = b * context * shape.kvBytesPerToken;
    out.flopsPerDevice = b * (shape.flopsPerToken + context * shape.attnFlopsPerPair);
    out.tokensPerS = b / t.s;
    Operating o;
    o.step = t;
    out.bound = boundOf(o, false, false);
    return out;
}

Result<ServingEstimate> estimateServing(const TransformerConfig& config, const ServingDevice& device,
                                        const ServingRequest& request, int count)
{
    if (count < 1) return fail(ErrorCode::InvalidArgument, "--count must be at least 1");
    if (auto ok = validateServingRequest(request); !ok) return std::unexpected(ok.error());
    if (count > constants::maxDevices) return fail(ErrorCode::InvalidArgument, "--count must be at most 65,536 devices");
    std::optional<ServingEstimate> best;
    std::optional<ServingEstimate> smallest; // the layout closest to fitting, for "does not fit"
    std::optional<Error> sloError;
    for (int tp = 1; tp <= std::min(count, constants::maxTensorParallel); tp *= 2) {
        for (int pp = 1; tp * pp <= count; pp *= 2) {
            if (count % (tp * pp) != 0) continue;
            Layout l{tp, pp, config.isMoe() ? tp : 1, count / (tp * pp)};
            auto e = estimateLayout(config, device, request, l);
            if (!e) {
                if (e.error().code == ErrorCode::InvalidArgument && e.error().message.starts_with("no batch")) {
                    sloError = e.error();
                }
                continue;
            }
            if (!e->fits) {
                if (!smallest || e->needBytesPerDevice < smallest->needBytesPerDevice) smallest = *e;
                continue;
            }
            if (!best || e->tokensPerS > best->tokensPerS) best = *e;
        }
    }
    if (best) return *best;
    if (sloError) {
        return fail(ErrorCode::InvalidArgument, "no layout of " + std::to_string(count) + " x " + device.device->id +
                                                    " meets the latency limits");
    }
    if (smallest) return *smallest;
    return fail(ErrorCode::InvalidArgument, "no layout of " + std::to_string(count) + " x " + device.device->id +
                                                " splits " + config.id + " (tensor parallelism needs a link and heads divisible by it)");
}

std::vector<FrontierPoint> servingFrontier(const TransformerConfig& config, const ServingDevice& device,
                                           const ServingRequest& request, int count, const std::vector<double>& tpotLimitsMs)
{
    std::vector<FrontierPoint> out;
    ServingRequest r = request;
    r.scenario = Scenario::Server;
    for (const double limit : tpotLimitsMs) {
        r.tpotLimitMs = limit;
        const auto e = estimateServing(config, device, r, count);
        if (!e || !e->fits) continue;
        out.push_back({limit, e->tokensPerSPerUser, e->tokensPerSPerDevice, e->tokensPerSLow / e->devices,
                       e->tokensPerSHigh / e->devices, e->batch});
    }
    return out;
}

std::vector<std::string> servingAssumptions()
{
    return {
        "decode step per device = max(weights / (memory_bw_gbs x memory_eff) + KV / (memory_bw_gbs x kv_eff), FLOPs / (peak x compute_eff)) "
        "+ communication; weights: MoE reads the experts touched, E(1-(1-k/E)^b); KV: b sequences at prompt + output/2",
        "prefill per request = 2 x active parameters x prompt + causal attention FLOPs at compute_eff, batched (compute-bound)",
        "continuous batching: tokens/s = B / (t_decode(B) + B x t_prefill / output) per replica; B limited by KV capacity",
        "runtime headroom 10 % of device memory (vLLM gpu_memory_utilization default 0.9)",
        "tensor parallelism: 2 ring all-reduces per layer; alpha = 3.6 us + 0.4 us per step on NVLink, 1.0 us over PCIe "
        "(NCCL tuning model, LL protocol); beta = interconnect_gbs / 2 per direction",
        "MoE: expert parallelism over the TP group, one all-reduce and two all-to-alls of top-k copies per MoE layer",
        "pipeline parallelism: PP micro-batches in turn, one activation hand-off per stage",
        "Server scenario: Poisson arrivals, prefill queue as M/M/1 (p99 wait t/(1-rho) ln(100 rho)); TPOT p99 = mean x (1 + 2.326 / sqrt(output))",
        "power = tdp_w x devices x 10.2 / 5.6 (NVIDIA DGX H100: 10.2 kW system for 8 x 700 W GPUs)",
        "cost: $/M tokens = (device $/h x devices + W / 1000 x $/kWh) / (tokens/s x 3600) x 10^6; device $/h = your price "
        "(user database or --usd-per-hour), else cloud_usd_per_hour (power included: no energy added), else list_price_usd / (3 x 8760 h)",
        "memory_eff per device family = median published bandwidth measurement (data/serving/efficiency-sources.csv); compute_eff and kv_eff "
        "fitted per family on MLPerf Inference v4.0/v4.1 closed Llama 2 70B rows; band = 5th to 95th percentile of the residuals",
    };
}

} // namespace accelscope::models::serving
