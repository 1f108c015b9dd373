// SPDX-License-Identifier: MIT
// InterconnectsPage: fabric controls, the sweep figure (models/system/fabric/fabric_figure) and the ring tab.
#include "app/gui/interconnects/interconnects_page.hpp"

#include "app/gui/interconnects/ring_view.hpp"
#include "app/gui/layout/figure_view.hpp"
#include "app/gui/layout/flow_layout.hpp"
#include "labs/measured/nccl_tests_runs.hpp"
#include "models/catalog/device_query.hpp"
#include "models/common/number_text.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QResizeEvent>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace accelscope::gui {

using namespace models::system;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString q(std::string_view s) { return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())); }

QScrollArea* scrolled(QWidget* content, QWidget* parent)
{
    auto* scroll = new QScrollArea(parent);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setMinimumHeight(60);
    return scroll;
}

constexpr Collective collectives[] = {Collective::AllReduce, Collective::AllGather, Collective::ReduceScatter,
                                      Collective::AllToAll, Collective::Broadcast, Collective::SendRecv};

} // namespace

InterconnectsPage::InterconnectsPage(const PageServices& services, QWidget* parent) : QWidget(parent), m_context(services.context)
{
    setObjectName("interconnects");
    m_dark = palette().color(QPalette::Window).lightness() < 128;
    buildControls();
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(150);
    connect(m_timer, &QTimer::timeout, this, &InterconnectsPage::evaluate);
    connect(&m_context, &AppContext::catalogChanged, this, [this] {
        fillDevices();
        scheduleEvaluate();
    });
    fillDevices();
    reloadMeasuredRuns();
    m_ring->setDark(m_dark);
    evaluate();
}

void InterconnectsPage::buildControls()
{
    auto* layout = new QVBoxLayout(this);
    auto* controls = new QWidget;
    auto* flow = new FlowLayout(controls);
    auto form = [&](std::initializer_list<std::pair<QString, QWidget*>> rows) {
        auto* box = new QWidget;
        auto* f = new QFormLayout(box);
        f->setContentsMargins(0, 0, 12, 0);
        for (const auto& [label, widget] : rows) f->addRow(label, widget);
        flow->addWidget(box);
    };
    m_device = new QComboBox(this);
    m_device->setObjectName("device");
    m_device->setToolTip(tr("The device or system: its links, scale-up domain and NICs come from the catalog"));
    m_device->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_device->setMinimumContentsLength(18);
    m_gpus = new QSpinBox(this);
    m_gpus->setObjectName("gpus");
    m_gpus->setToolTip(tr("Devices per scale-up domain taking part (at most the domain's size: 8 on an HGX board, 72 on an NVL72 rack)"));
    m_nodes = new QSpinBox(this);
    m_nodes->setObjectName("nodes");
    m_nodes->setRange(1, 1024);
    m_nodes->setToolTip(tr("Scale-up domains joined by the network (InfiniBand or RoCE: the NICs' share per device)"));
    m_collective = new QComboBox(this);
    m_collective->setObjectName("collective");
    for (const Collective c : collectives) m_collective->addItem(q(collectiveName(c)), static_cast<int>(c));
    m_collective->setToolTip(tr("The collective nccl-tests would measure (all_reduce_perf, all_gather_perf, …)"));
    m_algorithm = new QComboBox(this);
    m_algorithm->setObjectName("algorithm");
    m_algorithm->setToolTip(tr("The algorithm drawn heavy: auto is the library's choice at each size (the fastest of ring, tree, NVLS, …)"));
    m_measured = new QComboBox(this);
    m_measured->setObjectName("measured");
    m_measured->setToolTip(tr("A nccl-tests run you imported (accelscope-cli fabric import FILE): its rows as points beside the model"));
    m_measured->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_measured->setMinimumContentsLength(14);
    form({{tr("Device or system"), m_device}, {tr("GPUs per node"), m_gpus}, {tr("Nodes"), m_nodes}});
    form({{tr("Collective"), m_collective}, {tr("Algorithm"), m_algorithm}, {tr("Measured run"), m_measured}});

    // Desk help (presenter mode hides it): how to use the page and the command lines that print the same figures.
    m_hint = new QLabel(this);
    m_hint->setObjectName(pageHintName);
    m_hint->setWordWrap(true);
    m_hint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hint->setTextFormat(Qt::PlainText);
    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(controls);
    topLayout->addWidget(m_hint);

    m_sweepView = new FigureView(this);
    m_sweepView->setObjectName("sweepFigure");
    auto* sweep = new QWidget;
    auto* sweepLayout = new QVBoxLayout(sweep);
    sweepLayout->setContentsMargins(0, 0, 0, 0);
    sweepLayout->addWidget(m_sweepView);
    sweepLayout->addStretch();
    m_ring = new RingView(this);

    m_tabs = new QTabWidget(this);
    m_tabs->addTab(scrolled(sweep, this), tr("Sizes: busbw and time"));
    m_tabs->addTab(scrolled(m_ring, this), tr("Ring all-reduce, step by step"));
    m_tabs->setTabToolTip(0, tr("Every algorithm's bus bandwidth and time from 1 KiB to 16 GiB, the library's choice, the link's rate"));
    m_tabs->setTabToolTip(1, tr("Why busbw = algbw × 2(N-1)/N: each rank sends one chunk per step; Space plays, arrows step in presenter mode"));

    m_split = new QSplitter(Qt::Vertical, this);
    m_top = top;
    m_split->addWidget(scrolled(top, this));
    m_split->addWidget(m_tabs);
    m_split->setChildrenCollapsible(false);
    m_split->setStretchFactor(0, 0);
    m_split->setStretchFactor(1, 1);
    layout->addWidget(m_split);
    connect(m_split, &QSplitter::splitterMoved, this, [this] { m_splitMoved = true; });

    connect(m_device, &QComboBox::currentIndexChanged, this, &InterconnectsPage::deviceChanged);
    for (QSpinBox* box : {m_gpus, m_nodes}) connect(box, &QSpinBox::valueChanged, this, &InterconnectsPage::scheduleEvaluate);
    connect(m_collective, &QComboBox::currentIndexChanged, this, [this] {
        fillAlgorithms();
        scheduleEvaluate();
    });
    for (QComboBox* box : {m_algorithm, m_measured}) connect(box, &QComboBox::currentIndexChanged, this, &InterconnectsPage::scheduleEvaluate);
    connect(m_ring, &RingView::changed, this, &InterconnectsPage::updateHint);
    connect(m_tabs, &QTabWidget::currentChanged, this, &InterconnectsPage::updateHint);
}

void InterconnectsPage::scheduleEvaluate() { m_timer->start(); }

void InterconnectsPage::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (m_splitMoved) return;
    // The controls and the hint get their height, up to a third of the page (at a large text size they scroll).
    const int total = m_split->height();
    int needed = m_top->heightForWidth(m_split->width() - 24);
    if (needed < 0) needed = m_top->sizeHint().height();
    const int wanted = std::min(needed + 6, total / 3);
    m_split->setSizes({std::max(60, wanted), std::max(60, total - wanted)});
}

void InterconnectsPage::fillDevices()
{
    const QString current = m_device->currentData().toString();
    const QSignalBlocker block(m_device);
    m_device->clear();
    const auto& all = m_context.catalog().devices;
    for (const auto& d : all) {
        if (d.kind == models::catalog::DeviceKind::Cpu) continue;
        auto f = fabricForDevice(d, all, FabricRequest{});
        if (!f || f->domainDevices < 2) continue; // one device and no scale-up domain: nothing to reduce over in a node
        m_device->addItem(q(d.name), q(d.id));
    }
    const int keep = m_device->findData(current.isEmpty() ? QStringLiteral("nvidia-h100-sxm") : current);
    m_device->setCurrentIndex(std::max(0, keep));
    deviceChanged();
}

void InterconnectsPage::deviceChanged()
{
    auto found = models::catalog::findDevice(m_context.catalog().devices, m_device->currentData().toString().toStdString());
    if (found) {
        auto whole = fabricForDevice(**found, m_context.catalog().devices, FabricRequest{});
        if (whole) {
            const QSignalBlocker block(m_gpus);
            m_gpus->setRange(1, whole->domainDevices);
            m_gpus->setValue(whole->domainDevices);
        }
    }
    fillAlgorithms();
    scheduleEvaluate();
}

void InterconnectsPage::fillAlgorithms()
{
    const QString current = m_algorithm->currentData().toString();
    const QSignalBlocker block(m_algorithm);
    m_algorithm->clear();
    m_algorithm->addItem(tr("auto (the library's choice)"), QStringLiteral("auto"));
    if (auto f = fabric()) {
        const auto op = static_cast<Collective>(m_collective->currentData().toInt());
        for (const Algorithm a : algorithmsFor(*f, op)) m_algorithm->addItem(q(algorithmName(a)), q(algorithmName(a)));
    }
    m_algorithm->setCurrentIndex(std::max(0, m_algorithm->findData(current)));
}

void InterconnectsPage::reloadMeasuredRuns()
{
    const QVariant current = m_measured->currentData();
    const QSignalBlocker block(m_measured);
    m_measured->clear();
    m_measured->addItem(tr("none"), QVariant());
    auto store = m_context.userStore();
    if (!store) {
        m_measured->setToolTip(tr("The user database cannot be opened: %1").arg(q(store.error().message)));
        return;
    }
    auto runs = labs::storedNcclTestsRuns(**store);
    if (!runs) {
        emit statusMessage(q(runs.error().message));
        return;
    }
    for (const auto& r : *runs) m_measured->addItem(tr("#%1 %2").arg(r.id).arg(q(r.result.title)), QVariant::fromValue<qlonglong>(r.id));
    m_measured->setCurrentIndex(std::max(0, m_measured->findData(current)));
}

models::Result<Fabric> InterconnectsPage::fabric() const
{
    const auto& all = m_context.catalog().devices;
    auto found = models::catalog::findDevice(all, m_device->currentData().toString().toStdString());
    if (!found) return std::unexpected(found.error());
    return fabricForDevice(**found, all, FabricRequest{m_gpus->value(), m_nodes->value(), {}, {}});
}

std::optional<MeasuredRun> InterconnectsPage::measuredRun()
{
    if (!m_measured->currentData().isValid()) return std::nullopt;
    const qlonglong id = m_measured->currentData().toLongLong();
    auto results = m_context.storedResults(std::to_string(id));
    if (!results || results->empty()) {
        emit statusMessage(results ? tr("Result #%1 is gone").arg(id) : q(results.error().message));
        return std::nullopt;
    }
    auto run = labs::measuredRunOf(results->front(), id);
    if (!run) {
        emit statusMessage(q(run.error().message));
        return std::nullopt;
    }
    return std::move(*run);
}

QString InterconnectsPage::sweepCommand() const
{
    QString command = QStringLiteral("accelscope-cli fabric sweep --device %1 --gpus %2 --nodes %3 --op %4 --algorithm %5")
                          .arg(m_device->currentData().toString())
                          .arg(m_gpus->value())
                          .arg(m_nodes->value())
                          .arg(m_collective->currentText(), m_algorithm->currentData().toString());
    if (m_measured->currentData().isValid()) command += QStringLiteral(" --measured %1").arg(m_measured->currentData().toLongLong());
    return command + QStringLiteral(" --svg sweep.svg");
}

void InterconnectsPage::updateHint()
{
    m_hint->setText(tr("The same figures from the command line: %1 — and the ring step: %2. "
                       "The ring tab steps with its buttons; in presenter mode Space plays it and the arrow keys step it.")
                        .arg(sweepCommand(), m_ring->command()));
    if (m_tabs->currentIndex() == 1) emit statusMessage(m_ring->stepText());
}

void InterconnectsPage::evaluate()
{
    m_timer->stop();
    m_sweepFigure.reset();
    updateHint();
    auto fail = [&](const QString& why) {
        m_problem = why;
        m_sweepView->setMessage(why);
        emit statusMessage(why);
    };
    auto f = fabric();
    if (!f) return fail(q(f.error().message));
    const auto op = static_cast<Collective>(m_collective->currentData().toInt());
    const auto algorithm = algorithmFromName(m_algorithm->currentData().toString().toStdString()).value_or(Algorithm::Auto);
    auto figure = collectiveSweepFigure(*f, op, algorithm, measuredRun(), m_dark);
    if (!figure) return fail(q(figure.error().message));
    m_sweepFigure = std::move(*figure);
    m_sweepView->setFigure(*m_sweepFigure);
    m_problem.clear();
    // The fabric in a line, for the status line (the figure's subtitle and dashed lines say the same).
    emit statusMessage(tr("%1 devices: %2 per %3 domain × %4 node(s); %5 %6 per direction")
                           .arg(f->ranks())
                           .arg(f->devicesPerNode)
                           .arg(q(scaleUpKindName(f->scaleUp)))
                           .arg(f->nodes)
                           .arg(q(f->scaleUpName), q(models::quantityText(f->scaleUpGBps * 1e9, "B/s", 3))) +
                       (f->nodes > 1 ? tr("; network %1 per device").arg(q(models::quantityText(f->scaleOutGBps * 1e9, "B/s", 3))) : QString()));
}

QString InterconnectsPage::stepAnimation(int direction)
{
    m_tabs->setCurrentIndex(1);
    m_ring->stepBy(direction);
    return m_ring->stepText();
}

bool InterconnectsPage::animationAtEnd() { return m_ring->step() == m_ring->steps(); }

QString InterconnectsPage::togglePlay()
{
    m_tabs->setCurrentIndex(1);
    return m_ring->togglePlay() ? tr("Ring all-reduce: playing") : tr("Ring all-reduce: paused");
}

std::expected<models::figure::Figure, QString> InterconnectsPage::figure(bool dark)
{
    if (m_tabs->currentIndex() == 1) return m_ring->figure(dark);
    if (!m_sweepFigure) return std::unexpected(tr("Nothing to draw: %1").arg(m_problem));
    const auto f = fabric();
    if (!f) return std::unexpected(q(f.error().message));
    if (dark == m_sweepFigure->dark) return *m_sweepFigure;
    auto again = collectiveSweepFigure(*f, static_cast<Collective>(m_collective->currentData().toInt()),
                                       algorithmFromName(m_algorithm->currentData().toString().toStdString()).value_or(Algorithm::Auto),
                                       measuredRun(), dark);
    if (!again) return std::unexpected(q(again.error().message));
    return std::move(*again);
}

void InterconnectsPage::setAppearance(Theme theme, double /*fontScale*/)
{
    if (m_dark == isDark(theme)) return;
    m_dark = isDark(theme);
    m_ring->setDark(m_dark);
    evaluate();
}

} // namespace accelscope::gui
