// SPDX-License-Identifier: MIT
// The pages lessons can open (their keys and ranges) and the state predicates over them.
#include "labs/guided/page_predicates.hpp"

#include "labs/guided/expression.hpp"
#include "labs/guided/page_contracts.hpp"

#include "models/memory/inference_memory.hpp"
#include "models/memory/llm_memory_plan.hpp"
#include "models/memory/training_memory.hpp"
#include "models/pipeline/pipeline_schedule.hpp"
#include "models/precision/block_format.hpp"
#include "models/precision/distributions.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/roof_selection.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/kernels.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/simt/warp_simulator.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>

namespace accelscope::labs::guided {
namespace {

using models::ErrorCode;
using models::fail;
using models::Result;

std::string joinNames(const std::vector<std::string>& names)
{
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

Result<double> parseNumber(const std::string& text)
{
    if (const auto v = settingNumber(text)) return *v;
    return fail(ErrorCode::InvalidArgument, "'" + text + "' is not a number");
}

// ---- predicates ----

Result<std::string> need(const std::map<std::string, std::string>& map, const std::string& key, const char* where)
{
    const auto it = map.find(key);
    if (it == map.end() || it->second.empty()) return fail(ErrorCode::InvalidArgument, std::string(where) + " '" + key + "' is missing");
    return it->second;
}

Result<double> needNumber(const std::map<std::string, std::string>& map, const std::string& key, const char* where)
{
    auto text = need(map, key, where);
    if (!text) return std::unexpected(text.error());
    auto v = parseNumber(*text);
    if (!v) return fail(ErrorCode::InvalidArgument, std::string(where) + " '" + key + "': " + v.error().message);
    return v;
}

std::string optional(const PageState& map, const std::string& key, const std::string& fallback)
{
    const auto it = map.find(key);
    return it == map.end() || it->second.empty() ? fallback : it->second;
}

// Numbers as the learner reads them: 4 significant digits; a fraction as a percentage with one decimal.
std::string num(double value) { return formatNumber(value, "").value_or("?"); }
std::string percent(double fraction) { return formatNumber(fraction, "%1").value_or("?"); }

std::string upper(std::string text)
{
    for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
}

const models::catalog::Device* deviceOf(const LessonContext& ctx, const std::string& id)
{
    const auto d = std::find_if(ctx.devices.begin(), ctx.devices.end(), [&](const auto& x) { return x.id == id; });
    return d == ctx.devices.end() ? nullptr : &*d;
}

// The ridge the Roofline page and the lesson function ridge() show: the models' one roof rule.
Result<double> ridgeOf(const LessonContext& ctx, const std::string& device, const std::string& precision)
{
    const auto d = std::find_if(ctx.devices.begin(), ctx.devices.end(), [&](const auto& x) { return x.id == device; });
    if (d == ctx.devices.end()) return fail(ErrorCode::NotFound, "no device with id '" + device + "' in the catalog");
    return models::roofline::deviceRidge(*d, precision);
}

Result<PredicateVerdict> kernelSide(const std::map<std::string, std::string>& params, const PageState& state, const LessonContext& ctx, bool above)
{
    auto device = need(params, "device", "parameter");
    auto precision = need(params, "precision", "parameter");
    if (!device || !precision) return std::unexpected(!device ? device.error() : precision.error());
    auto r = ridgeOf(ctx, *device, *precision);
    if (!r) return std::unexpected(r.error());
    double intensity = 0;
    if (state.count("kernel_intensity")) {
        auto v = needNumber(state, "kernel_intensity", "state");
        if (!v) return std::unexpected(v.error());
        intensity = *v;
    } else {
        auto spec = need(state, "kernel", "state");
        if (!spec) return std::unexpected(spec.error());
        auto k = models::roofline::kernelFromSpec(*spec);
        if (!k) return std::unexpected(k.error());
        intensity = k->flops / k->bytes;
    }
    const bool compute = intensity >= *r;
    const std::string where = deviceOf(ctx, *device)->name + "'s " + upper(*precision) + " ridge of " + num(*r) + " FLOP/byte";
    return PredicateVerdict{above == compute, "The kernel's " + num(intensity) + " FLOP/byte is " + (compute ? "at or above the " : "below the ") +
                                                  where + (compute ? ": compute bound." : ": memory bound.")};
}

Result<double> warpEfficiency(const PageState& state, const std::string& model)
{
    auto preset = need(state, "preset", "state");
    if (!preset) return std::unexpected(preset.error());
    const auto* p = models::simt::findWarpPreset(*preset);
    if (p == nullptr) return fail(ErrorCode::NotFound, "unknown warp preset '" + *preset + "'");
    auto program = models::simt::parseWarpProgram(p->source);
    if (!program) return std::unexpected(program.error());
    models::simt::WarpConfig c;
    c.data = p->data;
    if (const std::string data = optional(state, "data", ""); !data.empty()) {
        const auto pattern = models::simt::dataPatternFromName(data);
        if (!pattern) return fail(ErrorCode::InvalidArgument, "state 'data': random, sorted or identity, not '" + data + "'");
        c.data = *pattern;
    }
    for (auto [key, field, fallback] : {std::tuple{"warps", &c.warps, "1"}, std::tuple{"width", &c.width, "32"}}) {
        auto v = parseNumber(optional(state, key, fallback));
        if (!v) return fail(ErrorCode::InvalidArgument, std::string("state '") + key + "': " + v.error().message);
        *field = static_cast<int>(*v);
    }
    c.model = model == "its" ? models::simt::ExecutionModel::Its : models::simt::ExecutionModel::PreVolta;
    auto run = models::simt::runWarps(*program, c);
    if (!run) return std::unexpected(run.error());
    return run->completed ? run->total.simdEfficiency : 0.0;
}

// The Warp page runs both execution models side by side and reports what it measured
// (efficiency_prevolta, efficiency_its: the user may have edited the program); without those the
// preset is simulated here. Either model reaching `min` passes, unless the state names one.
Result<PredicateVerdict> warpEfficiencyAtLeast(const std::map<std::string, std::string>& params, const PageState& state)
{
    auto min = needNumber(params, "min", "parameter");
    if (!min) return std::unexpected(min.error());
    if (const auto presets = params.find("presets"); presets != params.end()) { // the program must be one of these
        const auto allowed = settingList(presets->second);
        for (const auto& name : allowed) {
            if (models::simt::findWarpPreset(name) == nullptr) return fail(ErrorCode::InvalidArgument, "parameter 'presets': unknown warp preset '" + name + "'");
        }
        if (std::find(allowed.begin(), allowed.end(), optional(state, "preset", "")) == allowed.end()) {
            return PredicateVerdict{false, "The program on the page is not one this step is about (" + joinNames(allowed) + ")."};
        }
    }
    const std::string only = optional(state, "model", "");
    double best = 0.0;
    for (const char* model : {"prevolta", "its"}) {
        if (!only.empty() && only != model) continue;
        const std::string measured = std::string("efficiency_") + model;
        Result<double> e = state.count(measured) ? needNumber(state, measured, "state") : warpEfficiency(state, model);
        if (!e) return std::unexpected(e.error());
        best = std::max(best, *e);
    }
    const bool holds = best >= *min - 1e-12;
    return PredicateVerdict{holds, "The warps run at " + percent(best) + " SIMD efficiency, " + (holds ? "at least" : "below") + " the " +
                                       percent(*min) + " this step asks for."};
}

Result<double> bubbleOf(const std::string& schedule, int p, int m, int v)
{
    const auto s = models::pipeline::scheduleFromName(schedule);
    if (!s) return fail(ErrorCode::NotFound, "unknown schedule '" + schedule + "'");
    models::pipeline::PipelineConfig c;
    c.schedule = *s;
    c.stages = p;
    c.microbatches = m;
    c.chunks = *s == models::pipeline::Schedule::Interleaved ? std::max(v, 2) : 1;
    auto r = models::pipeline::simulatePipeline(c);
    if (!r) return std::unexpected(r.error());
    return r->bubbleFractionOfTotal;
}

// The page's own verdict (models::memory::fitsDevice over the LLM calculator's settings) in `mode`:
// the state's keys (llmSettingsKeys) over the page's defaults, the check's model unless the state
// names one. A state showing another model than the check's does not pass.
Result<PredicateVerdict> llmFits(const std::map<std::string, std::string>& params, const PageState& state, const LessonContext& ctx,
                                 models::memory::LlmMode mode)
{
    auto model = need(params, "model", "parameter");
    auto device = need(params, "device", "parameter");
    if (!model || !device) return std::unexpected(!model ? model.error() : device.error());
    if (auto config = models::roofline::findModelPreset(*model); !config) {
        return fail(ErrorCode::NotFound, "parameter 'model': " + config.error().message);
    }
    const auto* d = deviceOf(ctx, *device);
    if (d == nullptr) return fail(ErrorCode::NotFound, "parameter 'device': no device with id '" + *device + "' in the catalog");
    models::memory::LlmMemorySettings base;
    base.modelId = *model;
    auto settings = models::memory::llmSettingsFromKeys(state, base);
    if (!settings) return fail(ErrorCode::InvalidArgument, "state " + settings.error().message);
    if (settings->modelId != *model) return PredicateVerdict{false, "The calculator shows another model than " + *model + "."};
    settings->mode = mode;
    auto fits = models::memory::fitsDevice(*settings, *d);
    if (!fits) return fail(fits.error().code, "parameter 'device': " + fits.error().message);
    const std::string what = std::string(mode == models::memory::LlmMode::Training ? "Training " : "Serving ") + *model;
    auto breakdown = models::memory::memoryBreakdown(*settings);
    if (!breakdown) return PredicateVerdict{*fits, what + (*fits ? " fits the " : " does not fit the ") + d->name + "."};
    return PredicateVerdict{*fits, what + " needs " + formatNumber(breakdown->totalBytes / 1e9, "1").value_or("?") + " GB per " + d->name +
                                       ": " + models::memory::deviceVerdict(*d, breakdown->totalBytes).text + "."};
}

Result<PredicateVerdict> fitsInference(const std::map<std::string, std::string>& params, const PageState& state, const LessonContext& ctx)
{
    return llmFits(params, state, ctx, models::memory::LlmMode::Inference);
}

Result<PredicateVerdict> fitsTraining(const std::map<std::string, std::string>& params, const PageState& state, const LessonContext& ctx)
{
    return llmFits(params, state, ctx, models::memory::LlmMode::Training);
}

Result<PredicateVerdict> formatRepresents(const std::map<std::string, std::string>& params, const PageState& state)
{
    auto value = needNumber(params, "value", "parameter");
    auto maxBits = needNumber(params, "max_bits", "parameter");
    auto name = need(state, "format", "state");
    if (!value || !maxBits || !name) return fail(ErrorCode::InvalidArgument, !value ? value.error().message : !maxBits ? maxBits.error().message : name.error().message);
    const auto f = models::precision::formatFromName(*name);
    if (!f) return fail(ErrorCode::NotFound, "state 'format': not an element format '" + *name + "'");
    const auto& info = models::precision::formatInfo(*f);
    const std::string format = upper(*name);
    if (info.bits > *maxBits) {
        return PredicateVerdict{false, format + " has " + std::to_string(info.bits) + " bits, more than the " + num(*maxBits) + " this step allows."};
    }
    const bool holds = info.maxNormal >= *value;
    return PredicateVerdict{holds, format + " (" + std::to_string(info.bits) + " bits) reaches " + num(info.maxNormal) + (holds ? ": it holds " : ", less than ") +
                                       num(*value) + "."};
}

Result<PredicateVerdict> bubbleAtMost(const std::map<std::string, std::string>& params, const PageState& state)
{
    auto max = needNumber(params, "max", "parameter");
    auto p = needNumber(state, "p", "state");
    auto m = needNumber(state, "m", "state");
    auto schedule = need(state, "schedule", "state");
    if (!max || !p || !m || !schedule) return fail(ErrorCode::InvalidArgument, "the bubble check needs parameter max and state schedule, p and m");
    const int stages = static_cast<int>(*p);
    if (params.count("p") && std::to_string(stages) != params.at("p")) {
        return PredicateVerdict{false, "The pipeline has " + std::to_string(stages) + " stages; this step is about " + params.at("p") + "."};
    }
    auto v = parseNumber(optional(state, "v", "2"));
    if (!v) return std::unexpected(v.error());
    auto b = bubbleOf(*schedule, stages, static_cast<int>(*m), static_cast<int>(*v));
    if (!b) return std::unexpected(b.error());
    const bool holds = *b <= *max + 1e-12;
    return PredicateVerdict{holds, "The bubble is " + percent(*b) + " of the time with " + std::to_string(stages) + " stages and " +
                                       std::to_string(static_cast<int>(*m)) + " micro-batches, " + (holds ? "within" : "above") + " the " +
                                       percent(*max) + " this step asks for."};
}

// Whole numbers to try within an Integer setting's range: both ends and the powers of two between.
std::vector<std::string> rangeValues(const SettingSpec& spec)
{
    std::vector<std::string> out{std::to_string(spec.minInt())};
    for (long n = 1; n < spec.maxInt(); n *= 2) {
        if (n > spec.minInt()) out.push_back(std::to_string(n));
    }
    if (spec.maxInt() > spec.minInt()) out.push_back(std::to_string(spec.maxInt()));
    return out;
}

// Every state to try is one value per key, over all combinations of `axes` (key → values).
std::vector<PageState> combinations(const std::vector<std::pair<std::string, std::vector<std::string>>>& axes)
{
    std::vector<PageState> out{{}};
    for (const auto& [key, values] : axes) {
        std::vector<PageState> next;
        for (const auto& state : out) {
            for (const auto& value : values) {
                PageState s = state;
                s[key] = value;
                next.push_back(std::move(s));
            }
        }
        out = std::move(next);
    }
    return out;
}

// The states of `page` a predicate's reachability is tried on, from the page's contract: its
// integer ranges (both ends and powers of two between) and choices. Kernel sizes and formats come
// from the models (the kernel controls' sizes, every element format).
std::vector<PageState> reachableStates(const std::string& predicate, const PageContract& page, const std::map<std::string, std::string>& params)
{
    const auto range = [&](const char* key) { return rangeValues(page.setting(key)); };
    const auto choices = [&](const char* key) { return page.setting(key).choices; };
    const auto one = [&](const char* key, bool max) {
        return std::vector<std::string>{std::to_string(max ? page.setting(key).maxInt() : page.setting(key).minInt())};
    };
    if (predicate == "kernel_intensity_above_ridge" || predicate == "kernel_intensity_below_ridge") {
        std::vector<PageState> out;
        for (int n : {1, 16, 256, 4096, 16384, 65536}) {
            const std::string s = std::to_string(n);
            out.push_back({{"kernel", "gemm:M=" + s + ",N=" + s + ",K=" + s}});
        }
        return out;
    }
    if (predicate == "warp_efficiency_at_least") {
        std::vector<std::string> presets;
        for (const auto& p : models::simt::warpPresets()) presets.emplace_back(p.name);
        return combinations({{"preset", presets}, {"warps", {one("warps", false)[0], one("warps", true)[0]}}});
    }
    if (predicate == "bubble_at_most") {
        const std::vector<std::string> p = params.count("p") ? std::vector<std::string>{params.at("p")} : range("p");
        return combinations({{"schedule", models::pipeline::scheduleIds()}, {"p", p}, {"m", range("m")}, {"v", one("v", false)}});
    }
    if (predicate == "model_fits_device") {
        // Every format the LLM calculator offers (models/roofline llmStorageFormats), as its combos do.
        std::vector<std::string> formats;
        for (const auto f : models::roofline::llmStorageFormats()) formats.emplace_back(f);
        return combinations({{"weights", formats}, {"tp", range("tp")}, {"batch", one("batch", false)}});
    }
    if (predicate == "training_fits_device") {
        return combinations({{"zero", one("zero", true)}, {"recompute", choices("recompute")}, {"tp", range("tp")}, {"dp", range("dp")}});
    }
    if (predicate == "format_represents") {
        std::vector<PageState> out;
        for (const auto& f : models::precision::allFormats()) out.push_back({{"format", std::string(f.name)}});
        return out;
    }
    return {};
}

} // namespace

std::vector<PredicateInfo> predicates()
{
    return {
        {"kernel_intensity_above_ridge", "roofline", "the kernel's FLOP/byte reaches the device's ridge point (compute bound)",
         {"device", "precision"}, {"kernel", "kernel_intensity"}, "the kernel compute bound, at or right of the ridge"},
        {"kernel_intensity_below_ridge", "roofline", "the kernel's FLOP/byte is below the ridge point (memory bound)",
         {"device", "precision"}, {"kernel", "kernel_intensity"}, "the kernel memory bound, left of the ridge"},
        {"warp_efficiency_at_least", "warp-divergence", "the program's SIMD efficiency is at least `min` (0–1), with one of `presets` if given",
         {"min", "presets"}, {"preset", "model", "warps", "width", "data", "efficiency_prevolta", "efficiency_its"},
         "a program whose warps reach the SIMD efficiency the step asks for"},
        {"bubble_at_most", "pipeline-bubbles", "the simulated bubble fraction is at most `max` with `p` stages",
         {"max", "p"}, {"schedule", "p", "m", "v"}, "a pipeline whose bubble is as small as the step asks"},
        {"model_fits_device", "llm-calculator", "the page's inference memory per device of `model` fits the device's memory",
         {"model", "device"}, {"model", "weights", "kv", "activations", "batch", "prompt", "gen", "tp"},
         "the model served within the device's memory"},
        {"training_fits_device", "llm-calculator",
         "the page's training memory per device of `model` (weights, gradients, Adam states with ZeRO, activations) fits the device's memory",
         {"model", "device"}, {"model", "weights", "tp", "pp", "dp", "zero", "recompute", "sp", "seq", "mbs"},
         "the model trained within the device's memory"},
        {"format_represents", "precision", "the chosen element format has at most `max_bits` bits and represents `value`",
         {"value", "max_bits"}, {"format"}, "a format small enough that still holds the value"},
    };
}

std::vector<models::Error> pageActionProblems(const Action& action, const LessonContext& context, const std::string& file)
{
    std::vector<models::Error> problems;
    const auto at = [&](int line, const std::string& what) {
        problems.push_back(models::Error{ErrorCode::InvalidData, file + ":" + std::to_string(line) + ": " + what});
    };
    auto page = pageContract(action.page);
    if (!page) {
        at(action.line + 1, page.error().message);
        return problems;
    }
    for (const auto& s : action.settings) {
        const SettingSpec* spec = page->find(s.key);
        if (spec == nullptr) {
            std::vector<std::string> keys;
            for (const auto& k : page->settings) keys.push_back(k.key);
            at(s.line, "the " + page->title + " page has no setting '" + s.key + "' (" + joinNames(keys) + ")");
            continue;
        }
        if (auto ok = checkSetting(*spec, s.value, context); !ok) at(s.line, ok.error().message);
    }
    return problems;
}

models::Result<PageAction> pageAction(const Action& action, const LessonContext& context, const std::string& file)
{
    if (auto problems = pageActionProblems(action, context, file); !problems.empty()) return std::unexpected(problems.front());
    auto page = pageContract(action.page);
    PageAction out{page->id, page->title, {}};
    for (const auto& s : action.settings) out.settings[s.key] = s.value;
    return out;
}

Result<std::map<std::string, std::string>> predicateParameters(const Check& check, const Evaluator& evaluator)
{
    std::map<std::string, std::string> out;
    for (const auto& p : check.parameters) {
        auto v = evaluator.evaluate(p.value);
        if (!v) return fail(ErrorCode::InvalidArgument, "parameter '" + p.key + "': " + v.error().message);
        if (const double* d = std::get_if<double>(&*v)) {
            std::ostringstream text;
            text.precision(17);
            text << *d;
            out[p.key] = text.str();
        } else {
            out[p.key] = std::get<std::string>(*v);
        }
    }
    return out;
}

Result<PredicateVerdict> judgePredicate(const std::string& predicate, const std::map<std::string, std::string>& params,
                                        const PageState& state, const LessonContext& context)
{
    if (predicate == "kernel_intensity_above_ridge") return kernelSide(params, state, context, true);
    if (predicate == "kernel_intensity_below_ridge") return kernelSide(params, state, context, false);
    if (predicate == "warp_efficiency_at_least") return warpEfficiencyAtLeast(params, state);
    if (predicate == "bubble_at_most") return bubbleAtMost(params, state);
    if (predicate == "model_fits_device") return fitsInference(params, state, context);
    if (predicate == "training_fits_device") return fitsTraining(params, state, context);
    if (predicate == "format_represents") return formatRepresents(params, state);
    std::vector<std::string> names;
    for (const auto& p : predicates()) names.push_back(p.name);
    return fail(ErrorCode::NotFound, "unknown predicate '" + predicate + "' (" + joinNames(names) + ")");
}

Result<bool> evaluatePredicate(const std::string& predicate, const std::map<std::string, std::string>& params,
                               const PageState& state, const LessonContext& context)
{
    auto verdict = judgePredicate(predicate, params, state, context);
    if (!verdict) return std::unexpected(verdict.error());
    return verdict->holds;
}

std::string predicateGoal(const std::string& predicate)
{
    for (const auto& p : predicates()) {
        if (p.name == predicate) return p.goal;
    }
    return "the view this step asks for";
}

Result<void> predicateReachable(const std::string& page, const std::string& predicate,
                                const std::map<std::string, std::string>& params, const LessonContext& context)
{
    const auto all = predicates();
    const auto info = std::find_if(all.begin(), all.end(), [&](const auto& p) { return p.name == predicate; });
    if (info == all.end()) return std::unexpected(evaluatePredicate(predicate, params, {}, context).error());
    const auto asked = pageContract(page);
    if (!asked) return std::unexpected(asked.error());
    if (info->page != asked->id) {
        const auto about = pageContract(info->page);
        return fail(ErrorCode::InvalidArgument, "predicate " + predicate + " is about the " + (about ? about->title : info->page) + " page, not " + asked->title);
    }
    for (const auto& [key, value] : params) {
        if (std::find(info->parameters.begin(), info->parameters.end(), key) == info->parameters.end()) {
            return fail(ErrorCode::InvalidArgument, "predicate " + predicate + " has no parameter '" + key + "' (" + joinNames(info->parameters) + ")");
        }
    }
    // Try the states the page's controls can reach (values from its contract's ranges and
    // choices); the first that satisfies proves reachability.
    const std::vector<PageState> candidates = reachableStates(predicate, *asked, params);
    std::string lastError = "no state of the page within its controls satisfies it";
    for (const auto& state : candidates) {
        auto ok = evaluatePredicate(predicate, params, state, context);
        if (!ok) {
            lastError = ok.error().message;
            if (ok.error().message.find("parameter") != std::string::npos) return std::unexpected(ok.error());
            continue;
        }
        if (*ok) return {};
    }
    return fail(ErrorCode::InvalidArgument, "predicate " + predicate + " is unreachable: " + lastError);
}

} // namespace accelscope::labs::guided
