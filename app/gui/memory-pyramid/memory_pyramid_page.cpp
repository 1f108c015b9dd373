// SPDX-License-Identifier: MIT
// MemoryPyramidPage: the local machine from hwloc, catalog updates, measurements.
#include "app/gui/memory-pyramid/memory_pyramid_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/memory-pyramid/pyramid_figure.hpp"
#include "labs/guided/page_contracts.hpp"
#include "labs/machine/machine_info.hpp"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcPyramid, "accelscope.pyramid")

namespace accelscope::gui {
namespace {

std::pair<std::optional<models::memory::MemoryPyramid>, std::string> localPyramid()
{
    auto mine = labs::machine::localMemoryPyramid();
    if (!mine) {
        qCWarning(lcPyramid) << "hwloc:" << QString::fromStdString(mine.error().message);
        return {std::nullopt, "hwloc could not read the topology: " + mine.error().message};
    }
    return {std::move(*mine), {}};
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
    bindSettings();
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

void MemoryPyramidPage::bindSettings()
{
    m_binding.bindDevice("device", [&m = m_visualizer] { return m.firstDevice(); },
                         [&m = m_visualizer](const std::string& id) { m.setDevices(id, m.secondDevice()); });
    m_binding.bindDevice("device2", [&m = m_visualizer] { return m.secondDevice(); },
                         [&m = m_visualizer](const std::string& id) { m.setDevices(m.firstDevice(), id); });
    m_binding.bindBool("local", [&m = m_visualizer] { return m.showLocal(); }, [&m = m_visualizer](bool local) { m.setShowLocal(local); });
    m_binding.bindNumber("move_bytes", [&m = m_visualizer] { return m.moveBytes(); }, [&m = m_visualizer](double bytes) { m.setMoveBytes(bytes); });
    m_binding.acceptKey("measured", [this](const std::string& ids) { // from the Labs page: stored result ids
        auto results = m_context.storedResults(ids);
        const auto measured = results ? labs::measuredPyramid(*results) : std::nullopt;
        if (measured) showMeasured(*measured);
        else emit statusMessage(tr("Memory pyramid: %1").arg(results ? tr("no latency or bandwidth result among %1").arg(QString::fromStdString(ids))
                                                                       : QString::fromStdString(results.error().message)));
        return measured.has_value();
    });
    m_binding.onApplied([this] { canvas()->update(); });
}

std::expected<models::figure::Figure, QString> MemoryPyramidPage::figure(bool dark) { return memory::pyramidFigure(m_visualizer, dark); }

} // namespace accelscope::gui
