// SPDX-License-Identifier: MIT
// OccupancyPanel: the launch controls and the occupancy figure (models/system/chip/chip_figure).
#include "app/gui/inside-the-chip/occupancy_panel.hpp"

#include "app/gui/inside-the-chip/chip_controls.hpp"
#include "app/gui/layout/figure_view.hpp"
#include "app/gui/page.hpp"
#include "models/common/number_text.hpp"
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

QString q(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

// The combo box's data of an AMD target: "amd:gfx942"; an NVIDIA entry's is its compute capability, "9.0".
QString amdPrefix() { return QStringLiteral("amd:"); }

} // namespace

OccupancyPanel::OccupancyPanel(QWidget* parent) : QWidget(parent)
{
    setObjectName("occupancy");
    buildControls();
    applyRanges();
    evaluate();
}

void OccupancyPanel::buildControls()
{
    m_arch = new QComboBox(this);
    for (const auto& [major, minor] : supportedComputeCapabilities()) {
        const QString cc = QStringLiteral("%1.%2").arg(major).arg(minor);
        m_arch->addItem(tr("NVIDIA CC %1").arg(cc), cc);
    }
    m_arch->addItem(tr("AMD gfx90a (MI200)"), amdPrefix() + "gfx90a");
    m_arch->addItem(tr("AMD gfx942 (MI300)"), amdPrefix() + "gfx942");
    m_arch->setCurrentIndex(std::max(0, m_arch->findData(QStringLiteral("9.0"))));
    m_arch->setToolTip(tr("The SM (NVIDIA, by compute capability: 8.0 A100, 9.0 Hopper, 10.0 Blackwell) or CU (AMD CDNA 2 and 3) whose limits decide occupancy"));
    m_threads = chipSpin(this, 1, 1024, 256, 32, tr("Threads (work-items) per block (workgroup); warps round up to 32 threads (waves to 64)"));
    m_registers = chipSpin(this, 0, 255, 64, 1,
                           tr("Registers (VGPRs) per thread, as ptxas -v or the AMD ISA reports them; each warp's registers round up "
                              "to the allocation unit"));
    m_registerSlider = new QSlider(Qt::Horizontal, this);
    m_registerSlider->setRange(0, 255);
    m_registerSlider->setValue(m_registers->value());
    m_registerSlider->setMinimumWidth(120);
    m_registerSlider->setToolTip(tr("Drag the registers per thread: the blocks per SM fall in steps, the cliffs"));
    m_shared = chipSpin(this, 0, 227 * 1024, 0, 1024,
                        tr("Shared memory (LDS) per block in bytes, static + dynamic; NVIDIA adds 1 KiB per block from 8.0 and rounds "
                           "to its allocation unit"));
    m_agprs = chipSpin(this, 0, 256, 0, 4, tr("AMD only: accumulation registers (AGPRs) per work-item, in the same file as the VGPRs"));

    m_summary = makeSummaryLabel(this);
    m_hint = makeSummaryLabel(this);
    m_hint->setObjectName(pageHintName);
    m_view = new FigureView(this);
    buildChipPanelLayout(this, {{{tr("Architecture"), m_arch}, {tr("Threads per block"), m_threads}},
                                {{tr("Registers per thread"), m_registers}, {tr("Shared bytes per block"), m_shared}, {tr("AGPRs"), m_agprs}}},
                         {{tr("Registers"), m_registerSlider}}, m_summary, m_hint, m_view);

    connect(m_registers, &QSpinBox::valueChanged, m_registerSlider, [this](int v) {
        const QSignalBlocker block(m_registerSlider);
        m_registerSlider->setValue(v);
    });
    connect(m_registerSlider, &QSlider::valueChanged, m_registers, &QSpinBox::setValue);
    connect(m_arch, &QComboBox::currentIndexChanged, this, [this] {
        applyRanges();
        evaluate();
    });
    for (QSpinBox* box : {m_threads, m_registers, m_shared, m_agprs}) connect(box, &QSpinBox::valueChanged, this, &OccupancyPanel::evaluate);
}

bool OccupancyPanel::isAmd() const { return m_arch->currentData().toString().startsWith(amdPrefix()); }

void OccupancyPanel::applyRanges()
{
    const QSignalBlocker blockers[] = {QSignalBlocker(m_threads), QSignalBlocker(m_registers), QSignalBlocker(m_shared),
                                       QSignalBlocker(m_registerSlider), QSignalBlocker(m_agprs)};
    m_archLimits.reset();
    m_cdnaLimits.reset();
    if (isAmd()) {
        m_cdnaLimits = cdnaLimits(m_arch->currentData().toString().mid(amdPrefix().size()).toStdString());
        m_threads->setMaximum(m_cdnaLimits->maxWorkgroupSize);
        m_registers->setMaximum(m_cdnaLimits->maxArchVgprsPerWave);
        m_shared->setMaximum(m_cdnaLimits->ldsPerCuBytes);
        m_agprs->setMaximum(m_cdnaLimits->maxAgprsPerWave);
    } else {
        const QStringList cc = m_arch->currentData().toString().split('.');
        m_archLimits = archLimitsForComputeCapability(cc.value(0).toInt(), cc.value(1).toInt());
        m_threads->setMaximum(m_archLimits->maxThreadsPerBlock);
        m_registers->setMaximum(m_archLimits->maxRegistersPerThread);
        m_shared->setMaximum(m_archLimits->maxSharedMemoryPerBlockOptInBytes);
    }
    m_registerSlider->setMaximum(m_registers->maximum());
    m_registerSlider->setValue(m_registers->value());
    m_agprs->setEnabled(isAmd());
}

QString OccupancyPanel::command() const
{
    const QString launch = QStringLiteral("--threads %1 --registers %2 --shared-bytes %3").arg(m_threads->value()).arg(m_registers->value()).arg(m_shared->value());
    if (isAmd()) {
        return QStringLiteral("accelscope-cli chip occupancy --target %1 %2 --agprs %3")
            .arg(m_arch->currentData().toString().mid(amdPrefix().size()), launch)
            .arg(m_agprs->value());
    }
    return QStringLiteral("accelscope-cli chip occupancy --cc %1 %2").arg(m_arch->currentData().toString(), launch);
}

QString OccupancyPanel::limiter() const
{
    if (m_nvidia) return q(limiterName(m_nvidia->limiter));
    if (m_cdna) return q(cdnaLimiterName(m_cdna->limiter));
    return {};
}

void OccupancyPanel::evaluate()
{
    m_nvidia.reset();
    m_cdna.reset();
    QString summary;
    if (m_cdnaLimits) {
        m_cdnaLaunch = CdnaLaunch{m_threads->value(), m_registers->value(), m_agprs->value(), m_shared->value()};
        m_cdna = computeCdnaOccupancy(*m_cdnaLimits, m_cdnaLaunch);
        summary = tr("%1 workgroups, %2 waves per CU: occupancy %3 %, limited by %4")
                      .arg(m_cdna->activeWorkgroupsPerCu)
                      .arg(m_cdna->activeWavesPerCu)
                      .arg(QString::fromStdString(models::decimalText(100 * m_cdna->occupancy, 1)), limiter());
    } else if (m_archLimits) {
        m_launch = LaunchConfig{};
        m_launch.threadsPerBlock = m_threads->value();
        m_launch.registersPerThread = m_registers->value();
        m_launch.sharedMemoryPerBlockBytes = m_shared->value();
        m_nvidia = computeOccupancy(*m_archLimits, m_launch);
        summary = tr("%1 blocks, %2 warps per SM: occupancy %3 %, limited by %4")
                      .arg(m_nvidia->activeBlocksPerSm)
                      .arg(m_nvidia->activeWarpsPerSm)
                      .arg(QString::fromStdString(models::decimalText(100 * m_nvidia->occupancy, 1)), limiter());
    }
    m_summary->setText(summary);
    m_hint->setText(tr("Move the registers or the shared memory and watch the bars: the shortest binds, and the next cliff says how far "
                       "the next step is. The same numbers and figure: %1 --svg occupancy.svg")
                        .arg(command()));
    if (auto f = figure(isDarkPalette(palette()))) {
        m_view->setFigure(std::move(*f));
    } else {
        m_view->setMessage(f.error());
    }
    emit statusMessage(summary);
}

std::expected<models::figure::Figure, QString> OccupancyPanel::figure(bool dark) const
{
    if (m_nvidia) return occupancyFigure(*m_nvidia, *m_archLimits, m_launch, dark);
    if (m_cdna) return cdnaOccupancyFigure(*m_cdna, *m_cdnaLimits, m_cdnaLaunch, dark);
    return std::unexpected(tr("Choose an architecture"));
}

void OccupancyPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && m_view != nullptr) evaluate();
}

} // namespace accelscope::gui
