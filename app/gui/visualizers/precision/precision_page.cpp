// SPDX-License-Identifier: MIT
// PrecisionPage: hosts the canvas, loads tensors, exports CSV and PNG.
#include "app/gui/visualizers/precision/precision_page.hpp"

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
}

QString PrecisionPage::viewName(int index) const
{
    static_cast<void>(this);
    constexpr const char* names[] = {"bits", "number-line", "table", "block", "quantization"};
    return index >= 0 && index < 5 ? QString(names[index]) : QString();
}

bool PrecisionPage::applySetting(const std::string& key, const std::string& value)
{
    auto& p = m_visualizer;
    bool applied = false;
    if (key == "format") {
        applied = p.setFormat(value);
    } else if (key == "format2") {
        const auto f = models::precision::formatFromName(value);
        applied = f.has_value();
        if (applied) p.numberLine().setFormats(p.numberLine().primary(), *f);
    } else if (key == "log") {
        applied = value == "true" || value == "false";
        if (applied) p.numberLine().setLogScale(value == "true");
    } else if (key == "value") {
        applied = labs::guided::settingNumber(value) && p.bits().enterValue(value); // finite numbers, as the contract says
    } else if (key == "distribution") {
        applied = p.quantization().setDistribution(value);
    } else if (key == "view") {
        const auto tab = PrecisionVisualizer::tabFromName(value);
        applied = tab.has_value();
        if (applied) p.selectTab(*tab);
    }
    canvas()->update();
    return applied;
}

labs::guided::PageState PrecisionPage::state()
{
    auto& p = m_visualizer;
    labs::guided::PageState out{{"format", p.formatName()},
                                {"view", std::string(PrecisionVisualizer::tabName(p.shownTab()))},
                                {"log", p.numberLine().logScale() ? "true" : "false"},
                                {"distribution", p.quantization().distribution()}};
    if (const auto overlay = p.numberLine().overlay()) out["format2"] = std::string(models::precision::formatInfo(*overlay).name);
    if (const auto typed = p.bits().typedValue()) out["value"] = labs::guided::numberSetting(*typed);
    return out;
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
