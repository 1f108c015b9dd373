// SPDX-License-Identifier: MIT
// RooflinePage: catalog hand-over, shortcuts, measured roofs.
#include "app/gui/roofline/roofline_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/roofline/roofline_figure.hpp"
#include "labs/guided/page_contracts.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/model_presets.hpp"

#include <QShortcut>

namespace accelscope::gui {

RooflinePage::RooflinePage(const PageServices& services, QWidget* parent)
    : CanvasPage(m_visualizer,
                 tr("Roofs per device and precision; kernels placed by the kernel library (drag size and batch). Hover "
                    "a line or a dot for its numbers and source. Ctrl+L: LLM ops; Ctrl+K: add a kernel."),
                 [this] { return m_visualizer.svg(); }, parent),
      m_context(services.context), m_navigator(services.navigator), m_visualizer(services.context.catalog().devices)
{
    m_visualizer.state().setMachineActions({[this] { showThisMachine(); },
                                            [this] { m_navigator.openPage("labs", {{"lab", "cpu-kernels"}}); }});
    AppContext& context = services.context;
    setObjectName("roofline");
    connect(&context, &AppContext::catalogChanged, this, [this, &context] {
        m_visualizer.setCatalog(context.catalog().devices);
        canvas()->update();
    });
    auto* mode = new QShortcut(QKeySequence(tr("Ctrl+L")), this);
    connect(mode, &QShortcut::activated, this, [this] {
        m_visualizer.setMode(m_visualizer.mode() == roofline::ChartMode::Kernels ? roofline::ChartMode::Llm
                                                                                 : roofline::ChartMode::Kernels);
        canvas()->update();
    });
    auto* add = new QShortcut(QKeySequence(tr("Ctrl+K")), this);
    connect(add, &QShortcut::activated, this, [this] {
        if (m_visualizer.kernels().size() < 8) m_visualizer.kernels().push_back({roofline::KernelKind::Softmax, 4096, 4096, "bf16", true});
        m_visualizer.setMode(roofline::ChartMode::Kernels);
        canvas()->update();
    });
}

bool RooflinePage::applySetting(const std::string& key, const std::string& value)
{
    auto& r = m_visualizer;
    bool applied = false;
    if (key == "devices") {
        const auto ids = labs::guided::settingList(value);
        r.setDevices(ids);
        applied = r.deviceIds() == ids;
    } else if (key == "precision") {
        const auto known = models::roofline::knownPrecisions();
        applied = std::find(known.begin(), known.end(), value) != known.end();
        if (applied) r.showOnlyPrecision(value);
    } else if (key == "sparse") {
        applied = value == "true" || value == "false";
        if (applied) r.setSparse(value == "true");
    } else if (key == "kernel") { // the kernels mode with this one kernel, adjustable by its controls
        auto entry = roofline::kernelEntryFromSpec(value);
        applied = entry.has_value();
        if (applied) {
            r.kernels() = {*entry};
            r.setMode(roofline::ChartMode::Kernels);
        }
    } else if (key == "model") {
        applied = models::roofline::findModelPreset(value).has_value();
        if (applied) {
            r.llm().modelId = value;
            r.setMode(roofline::ChartMode::Llm);
        }
    } else if (key == "measured") {
        auto results = m_context.storedResults(value);
        const auto measured = results ? labs::firstMeasuredRoofline(*results) : std::nullopt;
        applied = measured.has_value();
        if (applied) showMeasured(*measured);
        else emit statusMessage(tr("Roofline: %1").arg(results ? tr("no roofline result among %1").arg(QString::fromStdString(value))
                                                                 : QString::fromStdString(results.error().message)));
    } else if (key == "batch" || key == "prompt") {
        const auto contract = labs::guided::contractOf("roofline");
        const auto n = contract.setting(key).integerIn(value);
        applied = n.has_value();
        if (applied) (key == "batch" ? r.llm().workload.batch : r.llm().workload.promptTokens) = *n;
    }
    canvas()->update();
    return applied;
}

labs::guided::PageState RooflinePage::state()
{
    auto& r = m_visualizer;
    std::string devices;
    for (const auto& id : r.deviceIds()) devices += (devices.empty() ? "" : ",") + id;
    labs::guided::PageState out{{"devices", devices},
                                {"sparse", r.sparse() ? "true" : "false"},
                                {"model", r.llm().modelId},
                                {"batch", std::to_string(r.llm().workload.batch)},
                                {"prompt", std::to_string(r.llm().workload.promptTokens)},
                                {"mode", r.mode() == roofline::ChartMode::Llm ? "llm" : "kernels"}};
    std::vector<std::string> shown;
    for (const auto& p : models::roofline::knownPrecisions()) {
        if (r.precisionShown(std::string(p))) shown.push_back(std::string(p));
    }
    if (shown.size() == 1) out["precision"] = shown.front();
    for (const auto& k : r.kernels()) { // the first kernel shown on the chart
        if (!k.visible) continue;
        if (const auto spec = models::roofline::kernelEntrySpec(k)) out["kernel"] = *spec;
        if (const auto cost = roofline::kernelCost(k); cost && cost->bytes > 0) {
            out["kernel_intensity"] = labs::guided::numberSetting(cost->flops / cost->bytes);
        }
        break;
    }
    return out;
}

void RooflinePage::showMeasured(const labs::MeasuredRoofline& measured)
{
    m_visualizer.showMeasured(measured);
    canvas()->update();
    emit statusMessage(tr("Roofline: showing %1").arg(QString::fromStdString(measured.name)));
}

bool RooflinePage::showThisMachine()
{
    auto& state = m_visualizer.state();
    auto store = m_context.userStore();
    auto latest = store ? labs::latestKernelsRoofline(**store) : std::unexpected(store.error());
    if (!latest) state.setMachineProblem("This machine: " + latest.error().message);
    else if (!latest->has_value()) state.setMachineProblem("No saved CPU kernels run: run the CPU kernels lab (cpu-kernels) on the Labs page and keep its result.");
    else if ((*latest)->kernels.empty()) state.setMachineProblem("The latest saved CPU kernels run has no kernel figures (made by an older version): run the CPU kernels lab again.");
    else state.setMachineProblem({});
    canvas()->update();
    if (!latest || !latest->has_value()) return false;
    showMeasured(**latest);
    return !(*latest)->kernels.empty();
}

void RooflinePage::clearMeasured()
{
    m_visualizer.clearMeasured();
    canvas()->update();
}

std::expected<models::figure::Figure, QString> RooflinePage::figure(bool dark) { return roofline::rooflineFigure(m_visualizer, dark); }

} // namespace accelscope::gui
