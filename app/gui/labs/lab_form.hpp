// SPDX-License-Identifier: MIT
// The left of the Labs page: the labs of this build (and why a GPU lab cannot run here), what the
// chosen one teaches, its parameter form, Quick, Defaults / Run / Cancel, progress and status.
#pragma once

#include "labs/lab_registry.hpp"

#include <QWidget>

#include <map>
#include <string>

class QCheckBox;
class QFormLayout;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace accelscope::gui {

class LabForm : public QWidget {
    Q_OBJECT
public:
    /// Lists the labs of `registry` (which outlives the form). CUDA is not probed here: the GPU
    /// labs say whether they can run once the page is shown or one of them is chosen.
    explicit LabForm(const labs::LabRegistry& registry, QWidget* parent = nullptr);

    /// Selects the lab with this id in the list; false when there is none.
    bool selectLab(const QString& id);
    QString currentLabId() const;
    /// The selected lab, or nullptr.
    labs::Lab* currentLab() const;
    /// Sets a parameter's field (clamped by the field to its range); false when unknown.
    bool setParameter(const QString& name, double value);
    void setQuick(bool quick);
    bool quick() const;
    /// The form's parameters as a run takes them (empty with Quick: the lab's tiny sizes apply).
    std::map<std::string, double> parameters() const;

    /// Why a lab cannot run here, empty when it can (a GPU lab probes CUDA on first use).
    QString unavailableReason(const labs::LabDescription& description);
    /// Probes CUDA (once) and marks the GPU labs that cannot run.
    void updateAvailability();

    /// Locks the form while a run goes (Cancel is the only button then).
    void setRunning(bool running);
    void setProgress(double fraction);
    void setStatus(const QString& text, bool error = false);

    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLabel* statusLabel() const { return m_status; }
    QListWidget* labList() const { return m_labs; }

signals:
    void runRequested();
    void cancelRequested();
    void labChanged(const QString& id);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void fillList();
    void buildForm();

    const labs::LabRegistry& m_registry;
    bool m_availabilityKnown = false;
    bool m_running = false;
    std::map<std::string, QWidget*> m_fields;

    QListWidget* m_labs = nullptr;
    QLabel* m_teaches = nullptr;
    QFormLayout* m_form = nullptr;
    QWidget* m_formHost = nullptr;
    QCheckBox* m_quick = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QPushButton* m_defaults = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace accelscope::gui
