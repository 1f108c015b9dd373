// SPDX-License-Identifier: MIT
// PrecisionPage: hosts the canvas, loads tensors, exports CSV and PNG.
#include "app/gui/precision/precision_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"
#include "app/gui/plain_message_box.hpp"
#include "labs/guided/page_contracts.hpp"
#include "models/catalog/catalog_set.hpp"
#include "models/precision/tensor_file.hpp"

#include <QFile>

#include <algorithm>
#include <QFileInfo>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace accelscope::gui {

using precision::PrecisionVisualizer;

PrecisionPage::PrecisionPage(const PageServices& /*services*/, QWidget* parent)
    : CanvasPage(m_visualizer, tr("Bits, number line, table, blocks and quantization error of FP32 … FP4, MX and NVFP4."),
                 {}, parent)
{
    setObjectName("precisionPage");
    canvas()->setObjectName("precisionCanvas");
    auto* load = new QPushButton(tr("Load tensor…"), this);
    load->setToolTip(tr("Open a .npy (float32, float16, bfloat16) or text file of numbers in the quantization lab"));
    auto* csv = new QPushButton(tr("Export CSV…"), this);
    csv->setToolTip(tr("Save the format table, or the quantization metrics when that tab is open"));
    buttonRow()->insertWidget(1, load);
    buttonRow()->insertWidget(2, csv);
    connect(load, &QPushButton::clicked, this, [this] { loadTensor(); });
    connect(csv, &QPushButton::clicked, this, [this] { exportCsv(); });
    bindSettings();
}

QString PrecisionPage::viewName(int index) const
{
    static_cast<void>(this);
    constexpr const char* names[] = {"bits", "number-line", "table", "block", "quantization"};
    return index >= 0 && index < 5 ? QString(names[index]) : QString();
}

void PrecisionPage::bindSettings()
{
    m_binding.bindText("format", [&p = m_visualizer] { return p.formatName(); }, [&p = m_visualizer](const std::string& name) { return p.setFormat(name); });
    m_binding.bindText(
        "format2",
        [&p = m_visualizer]() -> std::optional<std::string> {
            const auto overlay = p.numberLine().overlay();
            return overlay ? std::optional(std::string(models::precision::formatInfo(*overlay).name)) : std::nullopt;
        },
        [&p = m_visualizer](const std::string& name) { // an element format only: block formats have no number line
            const auto f = models::precision::formatFromName(name);
            if (f) p.numberLine().setFormats(p.numberLine().primary(), *f);
            return f.has_value();
        });
    m_binding.bindText("view", [&p = m_visualizer] { return std::string(PrecisionVisualizer::tabName(p.shownTab())); },
                       [&p = m_visualizer](const std::string& name) { p.selectTab(PrecisionVisualizer::tabFromName(name).value()); });
    m_binding.bindNumber("value", [&p = m_visualizer] { return p.bits().typedValue(); },
                         [&p = m_visualizer](double value) { return p.bits().enterValue(labs::guided::numberSetting(value)); });
    m_binding.bindText("distribution", [&p = m_visualizer] { return p.quantization().distribution(); },
                       [&p = m_visualizer](const std::string& name) { return p.quantization().setDistribution(name); });
    m_binding.bindBool("log", [&p = m_visualizer] { return p.numberLine().logScale(); }, [&p = m_visualizer](bool log) { p.numberLine().setLogScale(log); });
    m_binding.onApplied([this] { canvas()->update(); });
}

void PrecisionPage::showView(int index)
{
    m_visualizer.selectTab(static_cast<PrecisionVisualizer::Tab>(std::clamp(index, 0, 4)));
    canvas()->update();
}


bool PrecisionPage::loadTensor(const QString& requested)
{
    QString file = requested;
    if (file.isEmpty()) {
        file = QFileDialog::getOpenFileName(this, tr("Load tensor"), QString(), tr("Tensors (*.npy *.txt *.csv);;All files (*)"));
        if (file.isEmpty()) return false;
    }
    auto values = models::precision::readTensorFile(file.toStdString());
    if (!values) {
        if (requested.isEmpty()) plainWarningBox(tr("Cannot load tensor"), QString::fromStdString(values.error().message), this)->exec();
        emit statusMessage(QString::fromStdString(values.error().message));
        return false;
    }
    m_visualizer.quantization().setTensor(std::move(*values), QFileInfo(file).fileName().toStdString());
    m_visualizer.selectTab(PrecisionVisualizer::Tab::Quantization);
    canvas()->update();
    emit statusMessage(tr("Loaded %1 values from %2").arg(m_visualizer.quantization().tensorSize()).arg(file));
    return true;
}

bool PrecisionPage::exportCsv(const QString& requested)
{
    const bool metrics = m_visualizer.currentTab() == PrecisionVisualizer::Tab::Quantization;
    QString file = requested;
    if (file.isEmpty()) {
        file = QFileDialog::getSaveFileName(this, tr("Export CSV"), metrics ? "quantization.csv" : "formats.csv", tr("CSV (*.csv)"));
        if (file.isEmpty()) return false;
    }
    const std::string text = metrics ? m_visualizer.quantization().csv() : m_visualizer.table().csv();
    if (auto ok = models::catalog::writeFileAtomically(file.toStdString(), text); !ok) {
        if (requested.isEmpty()) plainWarningBox(tr("Export failed"), QString::fromStdString(ok.error().message), this)->exec();
        return false;
    }
    emit statusMessage(tr("Saved %1").arg(file));
    return true;
}

} // namespace accelscope::gui
