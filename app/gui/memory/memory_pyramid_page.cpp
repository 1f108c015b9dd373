// SPDX-License-Identifier: MIT
// MemoryPyramidPage: the local machine from hwloc, catalog updates, measurements.
#include "app/gui/memory/memory_pyramid_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/memory/pyramid_figure.hpp"
#include "labs/guided/page_contracts.hpp"
#include "labs/machine/machine_info.hpp"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcPyramid, "accelscope.pyramid")

namespace accelscope::gui {
namespace {

std::pair<std::optional<models::memory::MemoryPyramid>, std::string> localPyramid()
{
    const auto info = labs::machine::describeLocalMachine();
    if (!info) {
        qCWarning(lcPyramid) << "hwloc:" << QString::fromStdString(info.error().message);
        return {std::nullopt, "hwloc could not read the topology: " + info.error().message};
    }
    models::memory::LocalMachine m{info->cpuModel, {}, info->memoryBytes, info->topologySource};
    for (const auto& c : info->caches) m.caches.push_back({c.level, c.type, c.sizeBytes, c.instances});
    return {models::memory::localPyramid(m), {}};
}

} // namespace

MemoryPyramidPage::MemoryPyramidPage(const PageServices& services, QWidget* parent)
    : CanvasPage(m_visualizer,
                 tr("Levels from registers to the network; width grows with log capacity. Drag 'move N bytes' to see the "
                    "time at every level. Hover a level for its sources and formulas; unknown figures say why."),
                 [this] { return m_visualizer.svg(); }, parent),
      m_context(services.context), m_visualizer(services.context.catalog().devices, std::nullopt, {})
{
    AppContext& context = services.context;
    setObjectName("memory-pyramid");
    auto [local, problem] = localPyramid();
    m_visualizer = memory::PyramidVisualizer(context.catalog().devices, std::move(local), std::move(problem));
    connect(&context, &AppContext::catalogChanged, this, [this, &context] {
        m_visualizer.setCatalog(context.catalog().devices);
        canvas()->update();
    });
}

void MemoryPyramidPage::showMeasured(const labs::MeasuredPyramid& measured)
{
    m_visualizer.showMeasured(measured);
    canvas()->update();
    emit statusMessage(tr("Memory pyramid: showing %1").arg(QString::fromStdString(measured.name)));
}

void MemoryPyramidPage::clearMeasured()
{
    m_visualizer.clearMeasured();
    canvas()->update();
}

bool MemoryPyramidPage::applySetting(const std::string& key, const std::string& value)
{
    auto& m = m_visualizer;
    bool applied = false;
    if (key == "device" || key == "device2") {
        m.setDevices(key == "device" ? value : m.firstDevice(), key == "device2" ? value : m.secondDevice());
        applied = (key == "device" ? m.firstDevice() : m.secondDevice()) == value;
    } else if (key == "local") {
        applied = value == "true" || value == "false";
        if (applied) m.setShowLocal(value == "true");
    } else if (key == "measured") {
        auto results = m_context.storedResults(value);
        const auto measured = results ? labs::measuredPyramid(*results) : std::nullopt;
        applied = measured.has_value();
        if (applied) showMeasured(*measured);
        else emit statusMessage(tr("Memory pyramid: %1").arg(results ? tr("no latency or bandwidth result among %1").arg(QString::fromStdString(value))
                                                                       : QString::fromStdString(results.error().message)));
    } else if (key == "move_bytes") {
        const auto contract = labs::guided::contractOf("memory-pyramid");
        const auto bytes = contract.setting("move_bytes").numberIn(value);
        applied = bytes.has_value();
        if (applied) m.setMoveBytes(*bytes);
    }
    canvas()->update();
    return applied;
}

labs::guided::PageState MemoryPyramidPage::state()
{
    const auto& m = m_visualizer;
    return {{"device", m.firstDevice()},
            {"device2", m.secondDevice()},
            {"local", m.showLocal() ? "true" : "false"},
            {"move_bytes", labs::guided::numberSetting(m.moveBytes())}};
}

std::expected<models::figure::Figure, QString> MemoryPyramidPage::figure(bool dark) { return memory::pyramidFigure(m_visualizer, dark); }

} // namespace accelscope::gui
