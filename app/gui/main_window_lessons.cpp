// SPDX-License-Identifier: MIT
// MainWindow's side of the guided lessons: "Show me" puts a page into the state a step names
// (labs/guided/FORMAT.md lists the keys per page), and a page reports its state for a
// "make the view reach a state" check.
#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/llm/llm_calculator_page.hpp"
#include "app/gui/labs/labs_page.hpp"
#include "app/gui/main_window.hpp"
#include "app/gui/memory/memory_pyramid_page.hpp"
#include "app/gui/roofline/roofline_page.hpp"
#include "app/gui/visualizers/pipeline/pipeline_page.hpp"
#include "app/gui/visualizers/precision/precision_page.hpp"
#include "app/gui/visualizers/warp/warp_page.hpp"
#include "app/gui/catalog/catalog_page.hpp"
#include "app/gui/compare/compare_page.hpp"
#include "models/memory/training_memory.hpp"
#include "models/pipeline/pipeline_schedule.hpp"

#include <QLineEdit>
#include <QStringList>

#include <functional>
#include <set>

namespace accelscope::gui {
namespace {

using Settings = std::map<std::string, std::string>;

std::vector<std::string> splitIds(const std::string& list)
{
    std::vector<std::string> ids;
    for (const auto& part : QString::fromStdString(list).split(',', Qt::SkipEmptyParts)) ids.push_back(part.trimmed().toStdString());
    return ids;
}

std::optional<int> toInt(const std::string& value)
{
    bool ok = false;
    const int n = QString::fromStdString(value).toInt(&ok);
    return ok ? std::optional<int>(n) : std::nullopt;
}

/// Applies `key` through `apply` when the action has it; a false return marks the key as not applied.
void applyKey(const Settings& settings, const std::string& key, QStringList& notApplied,
              const std::function<bool(const std::string&)>& apply)
{
    if (const auto it = settings.find(key); it != settings.end() && !apply(it->second)) notApplied << QString::fromStdString(key);
}

bool setInt(int& field, const std::string& value)
{
    const auto n = toInt(value);
    if (n) field = *n;
    return n.has_value();
}

std::string number(double v) { return QString::number(v, 'g', 17).toStdString(); }

} // namespace

QString MainWindow::applyLessonAction(const labs::guided::PageAction& action)
{
    const int index = pageIndex(QString::fromStdString(action.page));
    if (index < 0) return tr("no page %1").arg(QString::fromStdString(action.page));
    showPage(index);
    m_openedByLesson = page(index); // presenter mode: the next step returns to the lesson
    const Settings& s = action.settings;
    QStringList notApplied;
    std::set<std::string> handled;
    const auto key = [&](const std::string& k, const std::function<bool(const std::string&)>& apply) {
        handled.insert(k);
        applyKey(s, k, notApplied, apply);
    };
    const std::string& page = action.page;
    if (page == "Catalog") {
        key("search", [&](const std::string& v) { m_catalog->searchField()->setText(QString::fromStdString(v)); return true; });
        key("device", [&](const std::string& v) { return m_catalog->selectDevice(QString::fromStdString(v)); });
    } else if (page == "Compare") {
        key("devices", [&](const std::string& v) {
            QStringList ids;
            for (const auto& id : splitIds(v)) ids << QString::fromStdString(id);
            m_compare->setDeviceIds(ids);
            return true;
        });
    } else if (page == "Precision") {
        auto& p = m_precision->visualizer();
        key("format", [&](const std::string& v) { return p.setFormat(v); });
        key("format2", [&](const std::string& v) {
            const auto f = models::precision::formatFromName(v);
            if (f) p.numberLine().setFormats(p.numberLine().primary(), *f);
            return f.has_value();
        });
        key("log", [&](const std::string& v) { p.numberLine().setLogScale(v == "true"); return true; });
        key("value", [&](const std::string& v) { return p.bits().enterValue(v); });
        key("distribution", [&](const std::string& v) { return p.quantization().setDistribution(v); });
        key("view", [&](const std::string& v) {
            const auto tab = precision::PrecisionVisualizer::tabFromName(v);
            if (tab) p.selectTab(*tab);
            return tab.has_value();
        });
        m_precision->canvas()->update();
    } else if (page == "Warp divergence") {
        auto& w = m_warp->visualizer();
        key("preset", [&](const std::string& v) { return w.loadPreset(v); }); // first: it resets the rest
        key("warps", [&](const std::string& v) {
            const auto n = toInt(v);
            if (n) w.setWarps(*n);
            return n.has_value();
        });
        key("width", [&](const std::string& v) {
            const auto n = toInt(v);
            if (n) w.setWidth(*n);
            return n == 32 || n == 64;
        });
        key("data", [&](const std::string& v) {
            const auto pattern = models::simt::dataPatternFromName(v);
            if (pattern) w.setDataPattern(*pattern);
            return pattern.has_value();
        });
        key("model", [&](const std::string& v) {
            using models::simt::ExecutionModel;
            w.setHighlightedModel(v == "its" ? ExecutionModel::Its : ExecutionModel::PreVolta);
            return v == "its" || v == "prevolta";
        });
        m_warp->canvas()->update();
    } else if (page == "Pipeline bubbles") {
        auto& v = m_pipeline->visualizer();
        key("schedule", [&](const std::string& value) {
            const auto schedule = models::pipeline::scheduleFromName(value);
            if (schedule) v.setSchedules(*schedule, v.bottomSchedule());
            return schedule.has_value();
        });
        key("schedule2", [&](const std::string& value) {
            const auto schedule = models::pipeline::scheduleFromName(value);
            if (schedule) v.setSchedules(v.topSchedule(), *schedule);
            return schedule.has_value();
        });
        key("p", [&](const std::string& value) { return setInt(v.config().stages, value); });
        key("m", [&](const std::string& value) { return setInt(v.config().microbatches, value); });
        key("v", [&](const std::string& value) { return setInt(v.config().chunks, value); });
        m_pipeline->canvas()->update();
    } else if (page == "Roofline") {
        auto& r = m_roofline->visualizer();
        key("devices", [&](const std::string& v) { r.setDevices(splitIds(v)); return r.deviceIds().size() == splitIds(v).size(); });
        key("precision", [&](const std::string& v) { r.showOnlyPrecision(v); return true; });
        key("sparse", [&](const std::string& v) { r.setSparse(v == "true"); return true; });
        key("kernel", [&](const std::string& v) { // the kernels mode with this one kernel, adjustable by its controls
            auto entry = roofline::kernelEntryFromSpec(v);
            if (!entry) return false;
            r.kernels() = {*entry};
            r.setMode(roofline::ChartMode::Kernels);
            return true;
        });
        key("model", [&](const std::string& v) {
            r.llm().modelId = v;
            r.setMode(roofline::ChartMode::Llm);
            return true;
        });
        key("batch", [&](const std::string& v) { return setInt(r.llm().workload.batch, v); });
        key("prompt", [&](const std::string& v) { return setInt(r.llm().workload.promptTokens, v); });
        m_roofline->canvas()->update();
    } else if (page == "Memory pyramid") {
        auto& m = m_pyramid->visualizer();
        handled.insert({"device", "device2"});
        if (s.contains("device") || s.contains("device2")) {
            const auto get = [&](const char* k) { return s.contains(k) ? s.at(k) : std::string(); };
            m.setDevices(get("device"), get("device2"));
        }
        key("local", [&](const std::string& v) { m.setShowLocal(v == "true"); return true; });
        key("move_bytes", [&](const std::string& v) {
            bool ok = false;
            const double bytes = QString::fromStdString(v).toDouble(&ok);
            if (ok) m.setMoveBytes(bytes);
            return ok;
        });
        m_pyramid->canvas()->update();
    } else if (page == "LLM calculator") {
        auto& calc = m_llm->calculator();
        auto& c = calc.settings();
        key("mode", [&](const std::string& v) {
            c.mode = v == "training" ? llm::CalcMode::Training : llm::CalcMode::Inference;
            return v == "training" || v == "inference";
        });
        key("model", [&](const std::string& v) { c.modelId = v; return true; });
        key("devices", [&](const std::string& v) { calc.setBarDevices(splitIds(v)); return true; });
        key("weights", [&](const std::string& v) { c.weights = c.activations = v; return true; });
        key("kv", [&](const std::string& v) { c.kvCache = v; return true; });
        key("recompute", [&](const std::string& v) {
            const auto r = models::memory::recomputeFromName(v);
            if (r) c.recompute = *r;
            return r.has_value();
        });
        for (auto [k, field] : {std::pair{"batch", &c.batch}, std::pair{"prompt", &c.promptTokens}, std::pair{"gen", &c.generatedTokens},
                                std::pair{"tp", &c.tensorParallel}, std::pair{"pp", &c.pipelineParallel}, std::pair{"dp", &c.dataParallel},
                                std::pair{"zero", &c.zeroStage}, std::pair{"seq", &c.sequence}, std::pair{"mbs", &c.microBatch}}) {
            key(k, [field](const std::string& v) { return setInt(*field, v); });
        }
        m_llm->canvas()->update();
    } else if (page == "Labs") {
        key("lab", [&](const std::string& v) { return m_labs->selectLab(QString::fromStdString(v)); });
    }
    // A key no branch above handles is reported, never silently dropped (the window test applies
    // every lesson's actions and requires this to stay empty).
    for (const auto& [k, v] : s) {
        if (!handled.contains(k)) notApplied << QString::fromStdString(k);
    }
    return notApplied.join(", ");
}

std::optional<labs::guided::PageState> MainWindow::lessonPageState(const std::string& page)
{
    if (page == "Pipeline bubbles") { // the top schedule and the layout
        auto& v = m_pipeline->visualizer();
        const auto& c = v.config();
        return labs::guided::PageState{{"schedule", std::string(models::pipeline::scheduleName(v.topSchedule()))},
                                       {"p", std::to_string(c.stages)},
                                       {"m", std::to_string(c.microbatches)},
                                       {"v", std::to_string(c.chunks)}};
    }
    if (page == "Roofline") { // the first kernel shown on the chart
        for (const auto& k : m_roofline->visualizer().kernels()) {
            if (!k.visible) continue;
            const auto cost = roofline::kernelCost(k);
            if (!cost || cost->bytes <= 0) return std::nullopt;
            return labs::guided::PageState{{"kernel_intensity", number(cost->flops / cost->bytes)}};
        }
        return std::nullopt;
    }
    if (page == "Warp divergence") { // what the page ran: the user may have edited program or data
        using models::simt::ExecutionModel;
        auto& w = m_warp->visualizer();
        labs::guided::PageState state{{"preset", w.preset()}, {"warps", std::to_string(w.warps())}, {"width", std::to_string(w.width())}};
        for (const auto& [model, name] : {std::pair{ExecutionModel::PreVolta, "efficiency_prevolta"}, std::pair{ExecutionModel::Its, "efficiency_its"}}) {
            const auto& run = w.run(model);
            state[name] = number(run && run->completed ? run->total.simdEfficiency : 0.0);
        }
        return state;
    }
    if (page == "Precision") {
        auto& p = m_precision->visualizer();
        labs::guided::PageState state{{"format", p.formatName()},
                                      {"view", std::string(precision::PrecisionVisualizer::tabName(p.shownTab()))}};
        if (const auto overlay = p.numberLine().overlay()) state["format2"] = std::string(models::precision::formatInfo(*overlay).name);
        return state;
    }
    if (page == "LLM calculator") {
        const auto& c = m_llm->calculator().settings();
        return labs::guided::PageState{
            {"mode", c.mode == llm::CalcMode::Training ? "training" : "inference"},
            {"model", c.modelId}, {"weights", c.weights}, {"kv", c.kvCache}, {"activations", c.activations},
            {"batch", std::to_string(c.batch)}, {"prompt", std::to_string(c.promptTokens)}, {"gen", std::to_string(c.generatedTokens)},
            {"tp", std::to_string(c.tensorParallel)}, {"pp", std::to_string(c.pipelineParallel)}, {"dp", std::to_string(c.dataParallel)},
            {"zero", std::to_string(c.zeroStage)}, {"recompute", std::string(models::memory::recomputeName(c.recompute))},
            {"seq", std::to_string(c.sequence)}, {"mbs", std::to_string(c.microBatch)}};
    }
    return std::nullopt;
}

} // namespace accelscope::gui
