// SPDX-License-Identifier: MIT
// TrainingStepPage: controls, the step figure (models/system/step/step_figure) and the best layouts.
#include "app/gui/training-step/training_step_page.hpp"

#include "app/gui/training-step/run_budget_panel.hpp"

#include "app/gui/layout/figure_view.hpp"
#include "app/gui/layout/flow_layout.hpp"
#include "app/gui/layout/table_font.hpp"
#include "models/catalog/device_query.hpp"
#include "models/common/number_text.hpp"
#include "models/memory/recompute_names.hpp"
#include "models/roofline/ceilings.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/system/step/step_figure.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QEvent>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace accelscope::gui {

using namespace models::system;

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }
QString num(double v, int significant = 4) { return q(models::readableText(v, significant)); }

QSpinBox* spin(QWidget* parent, int low, int high, int value, const QString& tip)
{
    auto* box = new QSpinBox(parent);
    box->setRange(low, high);
    box->setValue(value);
    box->setToolTip(tip);
    box->setAccelerated(true);
    return box;
}

QString layoutText(const TrainingStepEstimate& e)
{
    const auto& l = e.spec.parallel;
    QString text = QObject::tr("TP %1 PP %2").arg(l.tp).arg(l.pp);
    if (e.spec.virtualStages > 1) text += QStringLiteral("×%1").arg(e.spec.virtualStages);
    if (l.cp > 1) text += QObject::tr(" CP %1").arg(l.cp);
    if (l.ep > 1) text += QObject::tr(" EP %1").arg(l.ep);
    return text + QObject::tr(" DP %1, ZeRO-%2, micro-batch %3, %4 recomputation")
                      .arg(l.dp)
                      .arg(l.zero)
                      .arg(e.spec.microBatch)
                      .arg(q(std::string(models::memory::recomputeName(e.spec.recompute))));
}

} // namespace

TrainingStepPage::TrainingStepPage(const PageServices& services, QWidget* parent) : QWidget(parent), m_context(services.context)
{
    setObjectName("training-step");
    buildControls();
    bindSettings();
    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(200);
    connect(m_timer, &QTimer::timeout, this, &TrainingStepPage::evaluate);
    connect(&m_context, &AppContext::catalogChanged, this, &TrainingStepPage::scheduleEvaluate);
    scheduleEvaluate();
}

void TrainingStepPage::buildControls()
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

    m_model = new QComboBox(this);
    if (const auto presets = models::roofline::modelPresets()) {
        for (const auto& p : *presets) m_model->addItem(q(p.name), q(p.id));
    }
    m_model->setCurrentIndex(std::max(0, m_model->findData(QStringLiteral("llama3.1-70b"))));
    m_model->setToolTip(tr("The model trained (a preset of models/roofline)"));
    m_device = new QComboBox(this);
    for (const auto& d : m_context.catalog().devices) {
        if (d.kind == models::catalog::DeviceKind::Cpu || !models::roofline::computeCeiling(d, "bf16")) continue;
        m_device->addItem(q(d.name), q(d.id));
    }
    m_device->setCurrentIndex(std::max(0, m_device->findData(QStringLiteral("nvidia-h100-sxm"))));
    m_device->setToolTip(tr("The accelerator: its peaks, memory and links come from the catalog, its kernel efficiencies from data/kernels"));
    m_devices = spin(this, 1, 65536, 64, tr("Devices in the run: TP × CP × PP × DP"));
    m_globalBatch = spin(this, 1, 1 << 20, 128, tr("Sequences per optimizer step"));
    m_sequence = spin(this, 128, 1 << 20, 8192, tr("Tokens per sequence"));
    m_sequence->setSingleStep(1024);
    m_precision = new QComboBox(this);
    for (const auto p : models::system::trainingGemmPrecisions()) m_precision->addItem(q(std::string(p)).toUpper(), q(std::string(p)));
    m_precision->setCurrentIndex(std::max(0, m_precision->findData(QStringLiteral("fp8"))));
    m_precision->setToolTip(tr("The linear layers' format; attention, norms and the output layer stay BF16"));
    form({{tr("Model"), m_model}, {tr("Device"), m_device}, {tr("Devices"), m_devices}});
    form({{tr("Global batch"), m_globalBatch}, {tr("Sequence"), m_sequence}, {tr("GEMMs"), m_precision}});

    m_tp = spin(this, 1, 72, 4, tr("Tensor parallel: splits every layer's GEMMs inside the scale-up domain"));
    m_pp = spin(this, 1, 256, 4, tr("Pipeline stages"));
    m_vp = spin(this, 1, 32, 5, tr("Virtual stages (interleaved 1F1B): model chunks per pipeline rank; the bubble shrinks by this factor"));
    m_cp = spin(this, 1, 64, 2, tr("Context parallel: splits each sequence; K and V travel around the group"));
    m_ep = spin(this, 1, 1024, 1, tr("Expert parallel (MoE models): divides DP"));
    m_zero = spin(this, 0, 3, 1, tr("0: DP all-reduce; 1: distributed optimizer (reduce-scatter + all-gather); 3: parameters sharded too"));
    m_recompute = new QComboBox(this);
    for (const auto& name : models::memory::recomputeNames()) m_recompute->addItem(q(name), q(name));
    m_recompute->setToolTip(tr("Activation recomputation: memory for extra forward FLOPs"));
    m_microBatch = spin(this, 1, 1024, 1, tr("Sequences per micro-batch"));
    m_dp = new QLabel(this);
    m_dp->setToolTip(tr("Data parallel = devices / (TP × CP × PP)"));
    form({{tr("TP"), m_tp}, {tr("PP"), m_pp}, {tr("VP"), m_vp}});
    form({{tr("CP"), m_cp}, {tr("EP"), m_ep}, {tr("DP"), m_dp}});
    form({{tr("ZeRO"), m_zero}, {tr("Recompute"), m_recompute}, {tr("Micro-batch"), m_microBatch}});
    m_find = new QPushButton(tr("Find the best layouts"), this);
    m_find->setToolTip(tr("Search every TP × CP × PP × VP × DP × EP × ZeRO × recomputation × micro-batch layout of these devices (train plan); "
                          "click a row to show it (Ctrl+Return)"));
    m_find->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    flow->addWidget(m_find);

    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setTextFormat(Qt::PlainText);
    // Desk help (presenter mode hides it): the command line that prints the same figures.
    m_command = new QLabel(this);
    m_command->setObjectName(pageHintName);
    m_command->setWordWrap(true);
    m_command->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_command->setTextFormat(Qt::PlainText);

    m_view = new FigureView(this);
    auto* result = new QWidget;
    auto* resultLayout = new QVBoxLayout(result);
    resultLayout->setContentsMargins(0, 0, 0, 0);
    resultLayout->addWidget(m_summary);
    m_budget = new RunBudgetPanel(this);
    m_budget->inputs = [this]() -> std::optional<DeadlineInputs> {
        auto model = models::roofline::findModelPreset(m_model->currentData().toString().toStdString());
        const models::catalog::Device* d = device();
        if (!model || d == nullptr) return std::nullopt;
        TrainingSearch search;
        search.globalBatch = m_globalBatch->value();
        search.sequence = m_sequence->value();
        search.gemmPrecision = m_precision->currentData().toString().toStdString();
        return DeadlineInputs{*model, *d, m_context.catalog().devices, search};
    };
    connect(m_budget, &RunBudgetPanel::statusMessage, this, &TrainingStepPage::statusMessage);
    connect(m_budget, &RunBudgetPanel::deadlineFound, this, [this](const models::system::DeadlineResult& r) {
        const QSignalBlocker block(m_devices);
        m_devices->setValue(r.devices);
        m_best = {*r.best};
        applyRow(0);
    });
    // Desk work (a buyer's): presenter mode hides it with the other hints, so that the room sees the figure.
    m_budget->setObjectName(pageHintName);
    resultLayout->addWidget(m_budget);
    resultLayout->addWidget(m_command);
    resultLayout->addWidget(m_view);
    resultLayout->addStretch();
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(result);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    m_table = new QTableWidget(0, 6, this);
    m_table->setHorizontalHeaderLabels({tr("Layout"), tr("Step"), tr("Tokens/s per device"), tr("MFU"), tr("Memory per device"), tr("Largest loss")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->setToolTip(tr("The fastest layouts that fit, from “Find the best layouts”; click one to show it"));
    m_table->setMinimumHeight(60);
    m_table->hide(); // until "Find the best layouts" fills it

    auto* split = new QSplitter(Qt::Vertical, this);
    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(controls);
    // The controls flow and wrap; at a large text size they scroll in their pane rather than push the chart out.
    auto* topScroll = new QScrollArea(this);
    topScroll->setWidget(top);
    topScroll->setWidgetResizable(true);
    topScroll->setFrameShape(QFrame::NoFrame);
    topScroll->setMinimumHeight(60);
    split->addWidget(topScroll);
    split->addWidget(scroll);
    split->addWidget(m_table);
    split->setChildrenCollapsible(false);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 1);
    layout->addWidget(split);
    m_split = split;
    split->installEventFilter(this);
    connect(split, &QSplitter::splitterMoved, this, [this] { m_splitPlaced = true; });

    for (QSpinBox* box : {m_devices, m_globalBatch, m_sequence, m_tp, m_pp, m_vp, m_cp, m_ep, m_zero, m_microBatch}) {
        connect(box, &QSpinBox::valueChanged, this, &TrainingStepPage::scheduleEvaluate);
    }
    for (QComboBox* box : {m_model, m_device, m_precision, m_recompute}) {
        connect(box, &QComboBox::currentIndexChanged, this, &TrainingStepPage::scheduleEvaluate);
    }
    connect(m_find, &QPushButton::clicked, this, &TrainingStepPage::findBest);
    connect(m_table, &QTableWidget::cellClicked, this, [this](int row, int) { applyRow(row); });
}

void TrainingStepPage::bindSettings()
{
    auto comboText = [this](QComboBox* box) {
        m_binding.bindText(box == m_model ? "model" : box == m_precision ? "precision" : "recompute",
                           [box] { return box->currentData().toString().toStdString(); },
                           [box](const std::string& v) {
                               const int i = box->findData(QString::fromStdString(v));
                               if (i < 0) return false;
                               box->setCurrentIndex(i);
                               return true;
                           });
    };
    for (QComboBox* box : {m_model, m_precision, m_recompute}) comboText(box);
    m_binding.bindDevice("device", [this] { return m_device->currentData().toString().toStdString(); },
                         [this](const std::string& id) {
                             const int i = m_device->findData(QString::fromStdString(id));
                             if (i < 0) return false;
                             m_device->setCurrentIndex(i);
                             return true;
                         });
    for (const auto& [key, box] : {std::pair{"devices", m_devices}, std::pair{"global_batch", m_globalBatch}, std::pair{"sequence", m_sequence},
                                   std::pair{"tp", m_tp}, std::pair{"pp", m_pp}, std::pair{"vp", m_vp}, std::pair{"cp", m_cp},
                                   std::pair{"ep", m_ep}, std::pair{"zero", m_zero}, std::pair{"micro_batch", m_microBatch}}) {
        m_binding.bindInt(key, [box] { return box->value(); }, [box](int v) { box->setValue(v); });
    }
    // The layout in the controls: what a lesson's check reads (a change still waiting for the timer is evaluated first,
    // so the state is the controls' and never a moment old; nothing when the layout does not run).
    auto shown = [this](auto get) {
        return [this, get]() -> std::optional<double> {
            if (m_timer->isActive()) evaluate();
            if (!m_estimate) return std::nullopt;
            return get(*m_estimate);
        };
    };
    m_binding.report<double>("step_s", shown([](const TrainingStepEstimate& e) { return e.stepS; }));
    m_binding.report<double>("mfu", shown([](const TrainingStepEstimate& e) { return e.mfu; }));
    m_binding.report<double>("bubble_share", shown([](const TrainingStepEstimate& e) { return e.breakdown.bubbleS / e.stepS; }));
    m_binding.report<double>("tp_share", shown([](const TrainingStepEstimate& e) { return e.breakdown.tpExposedS / e.stepS; }));
    m_binding.report<bool>("fits", [this]() -> std::optional<bool> {
        if (m_timer->isActive()) evaluate();
        if (!m_estimate) return std::nullopt;
        return m_estimate->fits;
    });
    m_binding.onApplied([this] { evaluate(); });
}

void TrainingStepPage::scheduleEvaluate() { m_timer->start(); }

bool TrainingStepPage::eventFilter(QObject* watched, QEvent* event)
{
    // Until the user drags the splitter: the controls get the height their rows need (at most 40 %), the layout
    // table a fifth, the result the rest (the result's large size hint would otherwise squeeze the controls mid-row).
    if (watched == m_split && event->type() == QEvent::Resize && !m_splitPlaced && m_split->height() > 0) {
        auto* top = qobject_cast<QScrollArea*>(m_split->widget(0));
        const int total = m_split->height();
        QWidget* controls = top ? top->widget() : nullptr;
        const int wanted = controls ? (controls->hasHeightForWidth() ? controls->heightForWidth(m_split->width()) : controls->sizeHint().height()) : total / 4;
        const int first = std::min(wanted + 4, total * 2 / 5);
        const int last = total / 5;
        m_split->setSizes({first, total - first - last, last});
    }
    return QWidget::eventFilter(watched, event);
}

const models::catalog::Device* TrainingStepPage::device() const
{
    auto found = models::catalog::findDevice(m_context.catalog().devices, m_device->currentData().toString().toStdString());
    return found ? *found : nullptr;
}

models::Result<Fabric> TrainingStepPage::fabric(const models::catalog::Device& d, int devices) const
{
    return fabricForDeviceCount(d, m_context.catalog().devices, devices);
}

QString TrainingStepPage::command() const
{
    return QStringLiteral("accelscope-cli train estimate --model %1 --device %2 --tp %3 --pp %4 --vp %5 --cp %6 --ep %7 --dp %8 --zero %9 "
                          "--recompute %10 --micro-batch %11 --global-batch %12 --seq %13 --precision %14")
        .arg(m_model->currentData().toString(), m_device->currentData().toString())
        .arg(m_tp->value())
        .arg(m_pp->value())
        .arg(m_vp->value())
        .arg(m_cp->value())
        .arg(m_ep->value())
        .arg(m_devices->value() / std::max(1, m_tp->value() * m_cp->value() * m_pp->value()))
        .arg(m_zero->value())
        .arg(m_recompute->currentData().toString())
        .arg(m_microBatch->value())
        .arg(m_globalBatch->value())
        .arg(m_sequence->value())
        .arg(m_precision->currentData().toString());
}

void TrainingStepPage::evaluate()
{
    m_timer->stop();
    m_estimate.reset();
    const int devices = m_devices->value();
    const int split = m_tp->value() * m_cp->value() * m_pp->value();
    auto fail = [&](const QString& why) {
        m_dp->setText(devices % split == 0 ? QString::number(devices / split) : tr("—"));
        m_summary->setText(why);
        m_command->clear();
        m_view->setMessage(why);
        m_budget->setEstimate(std::nullopt, nullptr);
        emit statusMessage(why);
    };
    if (devices % split != 0) {
        return fail(tr("%1 devices do not divide into TP × CP × PP = %2: change the devices or the layout").arg(devices).arg(split));
    }
    m_dp->setText(QString::number(devices / split));
    auto model = models::roofline::findModelPreset(m_model->currentData().toString().toStdString());
    const models::catalog::Device* d = device();
    if (!model || d == nullptr) return fail(tr("Choose a model and a device"));
    auto f = fabric(*d, devices);
    if (!f) return fail(q(f.error().message));
    TrainingLayoutSpec spec;
    spec.parallel = ParallelLayout{m_tp->value(), m_cp->value(), m_ep->value(), devices / split, m_pp->value(), m_tp->value() > 1, m_zero->value()};
    spec.virtualStages = m_vp->value();
    spec.recompute = *models::memory::recomputeFromName(m_recompute->currentData().toString().toStdString());
    spec.microBatch = m_microBatch->value();
    spec.globalBatch = m_globalBatch->value();
    spec.sequence = m_sequence->value();
    spec.gemmPrecision = m_precision->currentData().toString().toStdString();
    auto e = estimateTrainingStep(*model, *d, *f, spec);
    if (!e) return fail(q(e.error().message));
    m_estimate = std::move(*e);
    m_modelName = model->name;
    m_deviceName = d->name;
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    m_view->setFigure(trainingStepFigure(*m_estimate, m_modelName, m_deviceName, dark));
    m_summary->setText(tr("Step %1 s, %2 tokens/s per device, MFU %3 %, memory %4 of %5 GB (%6)")
                           .arg(num(m_estimate->stepS, 3), num(m_estimate->tokensPerSPerDevice), q(models::decimalText(100 * m_estimate->mfu, 1)),
                                q(models::decimalText(m_estimate->memory.totalBytes / 1e9, 1)),
                                q(models::decimalText(m_estimate->capacityBytes / 1e9, 0)),
                                m_estimate->fits ? tr("fits") : tr("does not fit")));
    m_command->setText(tr("The same figures and the figure as SVG: %1 --svg step.svg").arg(command()));
    m_budget->setEstimate(m_estimate, d);
}

void TrainingStepPage::findBest()
{
    auto model = models::roofline::findModelPreset(m_model->currentData().toString().toStdString());
    const models::catalog::Device* d = device();
    if (!model || d == nullptr) return;
    auto f = fabric(*d, m_devices->value());
    if (!f) {
        emit statusMessage(q(f.error().message));
        return;
    }
    TrainingSearch search;
    search.devices = m_devices->value();
    search.globalBatch = m_globalBatch->value();
    search.sequence = m_sequence->value();
    search.gemmPrecision = m_precision->currentData().toString().toStdString();
    auto r = searchTrainingLayouts(*model, *d, *f, search, 10);
    if (!r) {
        emit statusMessage(q(r.error().message));
        return;
    }
    m_best = r->best.empty() ? r->closest : r->best;
    m_table->show();
    m_table->setRowCount(static_cast<int>(m_best.size()));
    for (int i = 0; i < static_cast<int>(m_best.size()); ++i) {
        const auto& e = m_best[static_cast<std::size_t>(i)];
        const auto& b = e.breakdown;
        const std::pair<QString, double> losses[] = {{tr("bubble"), b.bubbleS}, {tr("TP"), b.tpExposedS}, {tr("CP"), b.cpExposedS},
                                                     {tr("EP"), b.epExposedS}, {tr("DP"), b.dpExposedS}, {tr("host launches"), b.hostBoundS}};
        const auto worst = std::max_element(std::begin(losses), std::end(losses), [](const auto& a, const auto& c) { return a.second < c.second; });
        const QStringList cells{layoutText(e), num(e.stepS, 3) + tr(" s"), num(e.tokensPerSPerDevice), q(models::decimalText(100 * e.mfu, 1)) + " %",
                                q(models::decimalText(e.memory.totalBytes / 1e9, 1)) + tr(" GB") + (e.fits ? QString() : tr(" (does not fit)")),
                                worst->first + " " + q(models::decimalText(100 * worst->second / e.stepS, 1)) + " %"};
        for (int c = 0; c < cells.size(); ++c) m_table->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
    emit statusMessage(r->best.empty() ? tr("No layout of %1 devices fits: the table shows those needing the least memory").arg(search.devices)
                                       : tr("%1 layouts evaluated, %2 fit; the fastest first").arg(r->evaluated).arg(r->fitting));
}

void TrainingStepPage::applyRow(int row)
{
    if (row < 0 || row >= static_cast<int>(m_best.size())) return;
    const auto& e = m_best[static_cast<std::size_t>(row)];
    const auto& l = e.spec.parallel;
    const QSignalBlocker blockers[] = {QSignalBlocker(m_tp), QSignalBlocker(m_pp), QSignalBlocker(m_vp), QSignalBlocker(m_cp),
                                       QSignalBlocker(m_ep), QSignalBlocker(m_zero), QSignalBlocker(m_recompute), QSignalBlocker(m_microBatch)};
    m_tp->setValue(l.tp);
    m_pp->setValue(l.pp);
    m_vp->setValue(e.spec.virtualStages);
    m_cp->setValue(l.cp);
    m_ep->setValue(l.ep);
    m_zero->setValue(l.zero);
    m_recompute->setCurrentIndex(m_recompute->findData(q(std::string(models::memory::recomputeName(e.spec.recompute)))));
    m_microBatch->setValue(e.spec.microBatch);
    evaluate();
}

std::expected<models::figure::Figure, QString> TrainingStepPage::figure(bool dark)
{
    if (!m_estimate) return std::unexpected(tr("This layout does not run: %1").arg(m_summary->text()));
    return trainingStepFigure(*m_estimate, m_modelName, m_deviceName, dark);
}

} // namespace accelscope::gui
