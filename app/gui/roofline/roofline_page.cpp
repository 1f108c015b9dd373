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
namespace {

// `read` of the first kernel shown on the chart; nothing when none is shown.
template <class Read>
auto firstKernel(roofline::RooflineVisualizer& r, Read read) -> decltype(read(r.kernels().front()))
{
    for (const auto& k : r.kernels()) {
        if (k.visible) return read(k);
    }
    return std::nullopt;
}

} // namespace

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
    bindSettings();
}

void RooflinePage::bindSettings()
{
    m_binding.bindDevices("devices", [&r = m_visualizer] { return r.deviceIds(); }, [&r = m_visualizer](const std::vector<std::string>& ids) { r.setDevices(ids); });
    m_binding.bindText(
        "precision",
        [&r = m_visualizer]() -> std::optional<std::string> { // reported when exactly one precision is shown
            std::optional<std::string> shown;
            for (const auto p : models::roofline::knownPrecisions()) {
                if (!r.precisionShown(std::string(p))) continue;
                if (shown) return std::nullopt;
                shown = std::string(p);
            }
            return shown;
        },
        [&r = m_visualizer](const std::string& precision) { r.showOnlyPrecision(precision); });
    m_binding.bindText(
        "kernel", [&r = m_visualizer] { return firstKernel(r, [](const auto& k) { return models::roofline::kernelEntrySpec(k); }); },
        [&r = m_visualizer](const std::string& spec) { // the kernels mode with this one kernel, adjustable by its controls
            r.kernels() = {roofline::kernelEntryFromSpec(spec).value()}; // the binding checked the spec
            r.setMode(roofline::ChartMode::Kernels);
        });
    m_binding.bindText("model", [&r = m_visualizer] { return r.llm().modelId; }, [&r = m_visualizer](const std::string& id) {
        r.llm().modelId = id;
        r.setMode(roofline::ChartMode::Llm);
    });
    m_binding.bindBool("sparse", [&r = m_visualizer] { return r.sparse(); }, [&r = m_visualizer](bool sparse) { r.setSparse(sparse); });
    m_binding.bindInt("batch", [&r = m_visualizer] { return r.llm().workload.batch; }, [&r = m_visualizer](int n) { r.llm().workload.batch = n; });
    m_binding.bindInt("prompt", [&r = m_visualizer] { return r.llm().workload.promptTokens; }, [&r = m_visualizer](int n) { r.llm().workload.promptTokens = n; });
    m_binding.report<std::string>("mode", [&r = m_visualizer] { return std::string(r.mode() == roofline::ChartMode::Llm ? "llm" : "kernels"); });
    m_binding.report<double>("kernel_intensity", [&r = m_visualizer] { // FLOP/byte of the first kernel shown
        return firstKernel(r, [](const auto& k) -> std::optional<double> {
            const auto cost = roofline::kernelCost(k);
            return cost && cost->bytes > 0 ? std::optional(cost->flops / cost->bytes) : std::nullopt;
        });
    });
    m_binding.acceptKey("measured", [this](const std::string& ids) { // from the Labs page: stored result ids
        auto results = m_context.storedResults(ids);
        const auto measured = results ? labs::firstMeasuredRoofline(*results) : std::nullopt;
        if (measured) showMeasured(*measured);
        else emit statusMessage(tr("Roofline: %1").arg(results ? tr("no roofline result among %1").arg(QString::fromStdString(ids))
                                                                 : QString::fromStdString(results.error().message)));
        return measured.has_value();
    });
    m_binding.onApplied([this] { canvas()->update(); });
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
