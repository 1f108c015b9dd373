// SPDX-License-Identifier: MIT
// LabForm: the lab list, the parameter form and the run controls of the Labs page.
#include "app/gui/labs/lab_form.hpp"

#include "app/gui/layout/flow_layout.hpp"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QShortcut>
#include <QSpinBox>
#include <QVBoxLayout>

namespace accelscope::gui {
namespace {

constexpr int idRole = Qt::UserRole + 1;
constexpr int needsCudaRole = Qt::UserRole + 2; ///< a GPU lab's item, or the GPU heading
constexpr int teachesRole = Qt::UserRole + 3;

QString number(double value) { return QString::number(value, 'g', 4); }

} // namespace

LabForm::LabForm(const labs::LabRegistry& registry, QWidget* parent) : QWidget(parent), m_registry(registry)
{
    m_labs = new QListWidget;
    m_labs->setMaximumHeight(m_labs->fontMetrics().height() * 22);
    m_labs->setMinimumHeight(m_labs->fontMetrics().height() * 6); // a few labs in view, also when the form scrolls
    m_labs->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_labs->setWordWrap(true); // whole lab names at every text size, on two lines if need be
    m_labs->setTextElideMode(Qt::ElideNone);
    m_labs->setToolTip(tr("The labs of this build. A lab that cannot run on this machine says why."));
    m_teaches = new QLabel;
    m_teaches->setWordWrap(true);
    m_formHost = new QWidget;
    m_form = new QFormLayout(m_formHost);
    m_form->setRowWrapPolicy(QFormLayout::WrapLongRows); // a long label goes above its field when narrow
    m_quick = new QCheckBox(tr("&Quick run (tiny sizes)"));
    m_quick->setToolTip(tr("Runs with the smallest sizes, in a second or two: checks that the lab works, not speed. "
                           "The figures are not meaningful."));
    m_defaults = new QPushButton(tr("Defaults"));
    m_defaults->setToolTip(tr("Puts every parameter back to its default"));
    m_run = new QPushButton(tr("&Run"));
    m_run->setShortcut(QKeySequence(tr("Ctrl+R")));
    m_run->setToolTip(tr("Run the lab on this machine (Ctrl+R); the result is kept in your database"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the run (Esc); nothing is stored"));
    m_cancel->setEnabled(false);
    auto* escape = new QShortcut(QKeySequence(Qt::Key_Escape), this);
    connect(escape, &QShortcut::activated, this, &LabForm::cancelRequested);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    m_status = new QLabel;
    // Import errors quote file names and file content: never render them as rich text (#17).
    m_status->setTextFormat(Qt::PlainText);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* buttons = new FlowLayout; // wraps in a narrow form at large text
    buttons->addWidget(m_defaults);
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_labs, 2);
    layout->addWidget(m_teaches);
    layout->addWidget(m_formHost);
    layout->addWidget(m_quick);
    layout->addLayout(buttons);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addStretch(1);

    fillList();
    connect(m_labs, &QListWidget::currentRowChanged, this, [this] {
        buildForm();
        emit labChanged(currentLabId());
    });
    connect(m_defaults, &QPushButton::clicked, this, &LabForm::buildForm);
    connect(m_run, &QPushButton::clicked, this, &LabForm::runRequested);
    connect(m_cancel, &QPushButton::clicked, this, &LabForm::cancelRequested);
    m_labs->setCurrentRow(1); // the first lab, below its heading
}

void LabForm::fillList()
{
    QFont headingFont = font();
    headingFont.setBold(true);
    auto* cpuHeading = new QListWidgetItem(tr("This machine's CPU and memory"), m_labs);
    cpuHeading->setFlags(Qt::NoItemFlags);
    cpuHeading->setFont(headingFont);
    bool gpuHeading = false;
    for (const auto& lab : m_registry.labs()) {
        const auto d = lab->describe();
        if (d.needsCuda && !gpuHeading) {
            gpuHeading = true;
            auto* heading = new QListWidgetItem(tr("NVIDIA GPU (CUDA)"), m_labs);
            heading->setFlags(Qt::NoItemFlags);
            heading->setFont(headingFont);
            heading->setData(needsCudaRole, true);
        }
        auto* item = new QListWidgetItem(QString::fromStdString(d.title), m_labs);
        item->setData(idRole, QString::fromStdString(d.id));
        item->setData(needsCudaRole, d.needsCuda);
        item->setData(teachesRole, QString::fromStdString(d.teaches));
        item->setToolTip(QString::fromStdString(d.teaches));
    }
}

void LabForm::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    updateAvailability(); // the first time the page is seen, not at start-up
}

void LabForm::updateAvailability()
{
    if (m_availabilityKnown) return;
    m_availabilityKnown = true;
    const QString reason = QString::fromStdString(m_registry.cudaUnavailableReason());
    if (reason.isEmpty()) return;
    for (int i = 0; i < m_labs->count(); ++i) {
        QListWidgetItem* item = m_labs->item(i);
        if (!item->data(needsCudaRole).toBool()) continue;
        if (item->data(idRole).toString().isEmpty()) { // the heading
            item->setText(tr("NVIDIA GPU (CUDA): not available here"));
            item->setToolTip(reason);
            continue;
        }
        item->setToolTip(item->data(teachesRole).toString() + "\n\n" + tr("Cannot run here: %1").arg(reason));
        QFont italic = font(); // italic reads as "not here" in both themes
        italic.setItalic(true);
        item->setFont(italic);
    }
}

QString LabForm::unavailableReason(const labs::LabDescription& description)
{
    if (!description.needsCuda) return {};
    updateAvailability();
    const std::string reason = m_registry.cudaUnavailableReason();
    return reason.empty() ? QString() : tr("Cannot run here: %1").arg(QString::fromStdString(reason));
}

QString LabForm::currentLabId() const
{
    const auto* item = m_labs->currentItem();
    return item ? item->data(idRole).toString() : QString();
}

labs::Lab* LabForm::currentLab() const { return m_registry.find(currentLabId().toStdString()); }

bool LabForm::selectLab(const QString& id)
{
    for (int i = 0; i < m_labs->count(); ++i) {
        if (!id.isEmpty() && m_labs->item(i)->data(idRole).toString() == id) {
            m_labs->setCurrentRow(i);
            return true;
        }
    }
    return false;
}

void LabForm::buildForm()
{
    while (m_form->rowCount() > 0) m_form->removeRow(0);
    m_fields.clear();
    const labs::Lab* lab = currentLab();
    if (lab == nullptr) return;
    const auto d = lab->describe();
    const QString reason = unavailableReason(d);
    m_teaches->setText("<b>" + QString::fromStdString(d.title).toHtmlEscaped() + "</b><br>" +
                       QString::fromStdString(d.teaches).toHtmlEscaped() +
                       (reason.isEmpty() ? QString() : "<br><i>" + reason.toHtmlEscaped() + "</i>"));
    for (const auto& p : d.parameters) {
        const QString tip = QString::fromStdString(p.description) +
                            tr("\nRange %1 to %2%3, default %4").arg(number(p.minValue), number(p.maxValue),
                                                                     p.unit.empty() ? QString() : " " + QString::fromStdString(p.unit),
                                                                     number(p.defaultValue));
        QAbstractSpinBox* field = nullptr;
        if (p.integral) {
            auto* spin = new QSpinBox;
            spin->setRange(static_cast<int>(p.minValue), static_cast<int>(p.maxValue));
            spin->setValue(static_cast<int>(p.defaultValue));
            if (!p.unit.empty()) spin->setSuffix(" " + QString::fromStdString(p.unit));
            if (p.minValue == 0 && p.description.find("0 =") != std::string::npos) spin->setSpecialValueText(tr("auto"));
            field = spin;
        } else {
            auto* spin = new QDoubleSpinBox;
            spin->setRange(p.minValue, p.maxValue);
            spin->setValue(p.defaultValue);
            field = spin;
        }
        field->setToolTip(tip);
        field->setObjectName(QString::fromStdString(p.name));
        m_form->addRow(QString::fromStdString(p.name), field);
        m_fields[p.name] = field;
    }
    m_run->setEnabled(reason.isEmpty() && !m_running);
    m_run->setToolTip(reason.isEmpty() ? tr("Run the lab on this machine (Ctrl+R); the result is kept in your database") : reason);
}

bool LabForm::setParameter(const QString& name, double value)
{
    const auto it = m_fields.find(name.toStdString());
    if (it == m_fields.end()) return false;
    if (auto* spin = qobject_cast<QSpinBox*>(it->second)) spin->setValue(static_cast<int>(value));
    else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(it->second)) dspin->setValue(value);
    return true;
}

void LabForm::setQuick(bool quick) { m_quick->setChecked(quick); }

bool LabForm::quick() const { return m_quick->isChecked(); }

std::map<std::string, double> LabForm::parameters() const
{
    std::map<std::string, double> values;
    if (quick()) return values; // with Quick the lab's own tiny sizes apply; the form is for real runs
    for (const auto& [name, field] : m_fields) {
        if (auto* spin = qobject_cast<QSpinBox*>(field)) values[name] = spin->value();
        else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(field)) values[name] = dspin->value();
    }
    return values;
}

void LabForm::setRunning(bool running)
{
    m_running = running;
    m_labs->setEnabled(!running);
    m_formHost->setEnabled(!running);
    m_quick->setEnabled(!running);
    m_defaults->setEnabled(!running);
    const labs::Lab* lab = currentLab();
    m_run->setEnabled(!running && lab != nullptr && unavailableReason(lab->describe()).isEmpty());
    m_cancel->setEnabled(running);
}

void LabForm::setProgress(double fraction) { m_progress->setValue(static_cast<int>(fraction * 1000)); }

void LabForm::setStatus(const QString& text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #d9534f;") : QString());
}

} // namespace accelscope::gui
