// SPDX-License-Identifier: MIT
// Lab commands: options → labs/ → output.
#include "app/cli/lab_commands.hpp"

#include "app/cli/text_table.hpp"
#include "labs/gpu/cuda_module.hpp"
#include "labs/lab_registry.hpp"
#include "labs/lab_result_json.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/precision/tensor_file.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

namespace accelscope::cli {
namespace {

using nlohmann::json;

struct RunOptions {
    std::string id;
    std::vector<std::string> params;
    bool quick = false;
    std::string out;
};

std::string renderResult(const labs::LabResult& r)
{
    std::string text = r.title + " (" + r.labId + "), " + r.startedAt + ", " + std::to_string(r.durationSeconds).substr(0, 5) + " s\n";
    TextTable table({"figure", "value", "unit", "note"});
    for (const auto& f : r.summary) {
        char value[32];
        std::snprintf(value, sizeof value, "%.4g", f.value);
        table.addRow({f.key, value, f.unit, f.note});
    }
    text += table.render();
    for (const auto& s : r.series) {
        text += s.name + " [" + s.xUnit + " -> " + s.yUnit + "]:";
        for (const auto& p : s.points) {
            char point[48];
            std::snprintf(point, sizeof point, " %.4g:%.4g", p.x, p.y);
            text += point;
        }
        text += "\n";
    }
    for (const auto& n : r.notes) text += "note: " + n + "\n";
    return text;
}

ExitCode runLab(const CliContext& ctx, const labs::LabRegistry& registry, const RunOptions& o)
{
    labs::Lab* lab = registry.find(o.id);
    if (lab == nullptr) return ctx.error("unknown lab '" + o.id + "' (see `accelscope-cli lab list`)");
    labs::RunConfig config;
    config.quick = o.quick;
    for (const auto& kv : o.params) {
        const auto eq = kv.find('=');
        const auto value = eq == std::string::npos ? std::nullopt : models::precision::parseNumber(kv.substr(eq + 1));
        if (!value) return ctx.error("--param '" + kv + "' is not NAME=NUMBER");
        config.parameters[kv.substr(0, eq)] = *value;
    }
    config.progress = [&ctx](double fraction, const std::string& what) {
        char line[128];
        std::snprintf(line, sizeof line, "[%3d%%] %s\n", static_cast<int>(fraction * 100), what.c_str());
        *ctx.err << line << std::flush;
    };
    auto result = lab->run(config);
    if (!result) return ctx.error(result.error());
    const json doc = labs::labResultJson(*result);
    if (!o.out.empty()) {
        if (auto ok = models::catalog::writeFileAtomically(o.out, doc.dump(2) + "\n"); !ok) return ctx.error(ok.error());
    }
    if (ctx.json) ctx.printJson(doc);
    else *ctx.out << renderResult(*result);
    return ExitCode::Ok;
}

} // namespace

void addLabCommands(CLI::App& app, CliContext& ctx, ExitCode& exitCode)
{
    auto registry = std::make_shared<labs::LabRegistry>(labs::LabRegistry::withAllLabs(ctx.executableDir));
    CLI::App* lab = app.add_subcommand("lab", "micro-labs that measure this machine");
    lab->require_subcommand(1);

    lab->add_subcommand("list", "the labs, what each teaches and its parameters")->callback([&ctx, &exitCode, registry] {
        json list = json::array();
        TextTable table({"id", "title", "parameters", "runs here"});
        std::optional<std::string> cudaMissing; // probed once, only when a lab needs CUDA
        for (const auto& l : registry->labs()) {
            const auto d = l->describe();
            if (d.needsCuda && !cudaMissing) {
                cudaMissing = labs::gpu::unavailableReason(labs::gpu::probeCuda(labs::gpu::cudaModuleSearchDirs(ctx.executableDir)));
            }
            const std::string why = d.needsCuda && !cudaMissing->empty() ? "needs CUDA: " + *cudaMissing : "";
            json params = json::array();
            std::string names;
            for (const auto& p : d.parameters) {
                params.push_back(json{{"name", p.name}, {"description", p.description}, {"unit", p.unit}, {"min", p.minValue},
                                      {"max", p.maxValue}, {"default", p.defaultValue}});
                names += (names.empty() ? "" : ", ") + p.name;
            }
            list.push_back(json{{"id", d.id}, {"title", d.title}, {"teaches", d.teaches}, {"needs_cuda", d.needsCuda},
                                {"available", why.empty()}, {"unavailable_reason", why}, {"parameters", params}});
            table.addRow({d.id, d.title, names, why.empty() ? "yes" : why});
        }
        if (ctx.json) ctx.printJson(list);
        else *ctx.out << table.render();
        exitCode = ExitCode::Ok;
    });

    auto o = std::make_shared<RunOptions>();
    CLI::App* run = lab->add_subcommand("run", "run a lab: progress on stderr, the result record on stdout");
    run->add_option("id", o->id, "lab id (see `lab list`)")->required();
    run->add_option("--param", o->params, "NAME=VALUE (repeatable)");
    run->add_flag("--quick", o->quick, "tiny sizes, for tests: checks correctness, not speed");
    run->add_option("--out", o->out, "also write the result record (JSON) to this file");
    run->callback([&ctx, &exitCode, registry, o] { exitCode = runLab(ctx, *registry, *o); });

    auto file = std::make_shared<std::string>();
    CLI::App* show = lab->add_subcommand("show", "read a result file (made here or on another machine) and print it");
    show->add_option("file", *file, "result record (JSON)")->required();
    show->callback([&ctx, &exitCode, file] {
        std::ifstream in(*file, std::ios::binary);
        if (!in) { exitCode = ctx.error(*file + ": cannot open file"); return; }
        std::ostringstream text;
        text << in.rdbuf();
        auto result = labs::labResultFromJson(text.str(), *file);
        if (!result) { exitCode = ctx.error(result.error()); return; }
        if (ctx.json) ctx.printJson(labs::labResultJson(*result));
        else *ctx.out << renderResult(*result);
        exitCode = ExitCode::Ok;
    });
}

} // namespace accelscope::cli
