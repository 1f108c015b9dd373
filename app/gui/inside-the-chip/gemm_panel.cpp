// SPDX-License-Identifier: MIT
// GemmPanel: the GEMM controls and the waves figure (models/system/chip/chip_figure).
#include "app/gui/inside-the-chip/gemm_panel.hpp"

#include "app/gui/inside-the-chip/chip_controls.hpp"
#include "app/gui/layout/figure_view.hpp"
#include "app/gui/page.hpp"
#include "models/catalog/device_query.hpp"
#include "models/common/number_text.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/system/chip/chip_figure.hpp"

#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QSlider>
#include <QSpinBox>

#include <algorithm>

namespace accelscope::gui {

using namespace models::system;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString num(double v) { return q(models::readableText(v)); }

constexpr int maxDimension = static_cast<int>(models::system::maxGemmDimension); // the CLI's limit

} // namespace

GemmPanel::GemmPanel(AppContext& context, QWidget* parent) : QWidget(parent), m_context(context)
{
    setObjectName("gemm-waves");
    buildControls();
    connect(&m_context, &AppContext::catalogChanged, this, [this] {
        fillDevices();
        evaluate();
    });
    evaluate();
}

void GemmPanel::fillDevices()
{
    const QString current = m_device->currentData().toString();
    const QSignalBlocker block(m_device);
    m_device->clear();
    for (const auto& d : m_context.catalog().devices) {
        if (d.kind == models::catalog::DeviceKind::Cpu || !models::roofline::computeCeiling(d, "bf16")) continue;
        m_device->addItem(q(d.name), q(d.id));
    }
    const QString wanted = current.isEmpty() ? QStringLiteral("nvidia-h100-sxm") : current;
    m_device->setCurrentIndex(std::max(0, m_device->findData(wanted)));
}

void GemmPanel::buildControls()
{
    m_device = new QComboBox(this);
    m_device->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_device->setMinimumContentsLength(22);
    m_device->setToolTip(tr("The accelerator: its cores (SMs, CUs) and peaks come from the catalog, its GEMM efficiencies from "
                            "kernel microbenchmarks (data/kernels)"));
    fillDevices();
    m_dtype = new QComboBox(this);
    m_dtype->addItem(tr("BF16"), QStringLiteral("bf16"));
    m_dtype->addItem(tr("FP8"), QStringLiteral("fp8"));
    m_dtype->setToolTip(tr("Input precision of A and B: its dense tensor peak; C stays BF16"));
    m_m = chipSpin(this, 1, maxDimension, 4096, 64, tr("M: rows of A and C (tokens in a linear layer)"));
    m_n = chipSpin(this, 1, maxDimension, 4096, 64,
                   tr("N: columns of B and C (a layer's output features); one more tile column can start a new wave"));
    m_k = chipSpin(this, 1, maxDimension, 4096, 256, tr("K: the reduced dimension (input features); each tile's loop runs over it"));
    m_nSlider = new QSlider(Qt::Horizontal, this);
    m_nSlider->setRange(64, 32768);
    m_nSlider->setSingleStep(64);
    m_nSlider->setPageStep(256);
    m_nSlider->setValue(m_n->value());
    m_nSlider->setToolTip(tr("Drag N and watch the waves: achieved TFLOP/s drops each time the tiles spill into one more wave"));
    m_nSlider->setMinimumWidth(120);

    m_summary = makeSummaryLabel(this);
    m_hint = makeSummaryLabel(this);
    m_hint->setObjectName(pageHintName);
    m_view = new FigureView(this);
    buildChipPanelLayout(this, {{{tr("Device"), m_device}, {tr("Inputs"), m_dtype}}, {{tr("M"), m_m}, {tr("N"), m_n}, {tr("K"), m_k}}},
                         {{tr("Sweep N"), m_nSlider}}, m_summary, m_hint, m_view);

    connect(m_n, &QSpinBox::valueChanged, m_nSlider, [this](int v) {
        const QSignalBlocker block(m_nSlider);
        m_nSlider->setValue(v);
    });
    connect(m_nSlider, &QSlider::valueChanged, m_n, &QSpinBox::setValue);
    for (QSpinBox* box : {m_m, m_n, m_k}) connect(box, &QSpinBox::valueChanged, this, &GemmPanel::evaluate);
    for (QComboBox* box : {m_device, m_dtype}) connect(box, &QComboBox::currentIndexChanged, this, &GemmPanel::evaluate);
}

QString GemmPanel::command() const
{
    return QStringLiteral("accelscope-cli chip gemm --device %1 --m %2 --n %3 --k %4 --dtype %5")
        .arg(m_device->currentData().toString())
        .arg(m_m->value())
        .arg(m_n->value())
        .arg(m_k->value())
        .arg(m_dtype->currentData().toString());
}

void GemmPanel::evaluate()
{
    m_waves.reset();
    m_chip.reset();
    auto found = models::catalog::findDevice(m_context.catalog().devices, m_device->currentData().toString().toStdString());
    const QString dtype = m_dtype->currentData().toString();
    auto fail = [&](const QString& why) {
        m_summary->setText(why);
        m_hint->clear();
        m_view->setMessage(why);
        emit statusMessage(why);
    };
    if (!found) return fail(tr("Choose a device"));
    const models::catalog::Device& d = **found;
    auto chip = gemmChipForDevice(d, dtype.toStdString());
    if (!chip) return fail(tr("%1 has no %2 tensor peak in the catalog: %3").arg(q(d.name), dtype.toUpper(), q(chip.error().message)));
    m_chip = *chip;
    m_shape = gemmShapeFor(m_m->value(), m_n->value(), m_k->value(), dtype.toStdString());
    m_deviceName = d.name;
    m_waves = gemmWaves(*m_chip, m_shape);
    const GemmTime& t = m_waves->time;
    m_view->setFigure(gemmWavesFigure(*m_chip, m_shape, isDarkPalette(palette()), m_deviceName));
    m_summary->setText(tr("%1 on %2 cores, wave efficiency %3 % (%4 cores idle in the last wave), split-K %5; %6 TFLOP/s of %7 (%8 %), %9-bound")
                           .arg(t.waves == 1 ? tr("1 wave") : tr("%1 waves").arg(num(t.waves)))
                           .arg(m_chip->cores)
                           .arg(q(models::decimalText(100 * t.waveEfficiency, 1)))
                           .arg(m_waves->idleCoresLastWave)
                           .arg(t.splitK)
                           .arg(num(m_waves->achievedTflops), num(m_chip->peakTflops),
                                q(models::decimalText(100 * m_waves->achievedTflops / m_chip->peakTflops, 1)),
                                t.memoryBound ? tr("memory") : tr("compute")));
    m_hint->setText(tr("Drag N or step it by 64: the tiles fill the cores in waves, and a tile column more can cost a whole wave. "
                       "The same numbers and figure: %1 --svg gemm.svg")
                        .arg(command()));
}

std::expected<models::figure::Figure, QString> GemmPanel::figure(bool dark) const
{
    if (!m_waves || !m_chip) return std::unexpected(m_summary->text());
    return gemmWavesFigure(*m_chip, m_shape, dark, m_deviceName);
}

void GemmPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_view != nullptr) evaluate();
}

} // namespace accelscope::gui
