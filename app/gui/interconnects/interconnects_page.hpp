// SPDX-License-Identifier: MIT
// The Interconnects page: a device's or system's fabric from the catalog, every collective algorithm's bus
// bandwidth and time by message size beside the library's choice, the link's rate and your nccl-tests run, and
// the ring all-reduce step by step. Everything shown is `accelscope-cli fabric sweep` / `fabric ring` (the hint
// gives the commands).
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/page.hpp"
#include "models/system/fabric/fabric_figure.hpp"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QSpinBox;
class QSplitter;
class QTabWidget;
class QTimer;

namespace accelscope::gui {

class FigureView;
class RingView;

class InterconnectsPage : public QWidget, public AnimatedPage, public FigurePage, public StyledPage {
    Q_OBJECT
public:
    explicit InterconnectsPage(const PageServices& services, QWidget* parent = nullptr);

    // AnimatedPage: the ring all-reduce, one step at a time (shows its tab).
    QString stepAnimation(int direction) override;
    bool animationAtEnd() override;
    QString togglePlay() override;
    // FigurePage: the figure of the tab shown (the sweep or the ring step).
    std::expected<models::figure::Figure, QString> figure(bool dark) override;
    // StyledPage: the figures follow the theme.
    void setAppearance(Theme theme, double fontScale) override;

    /// Evaluates the controls now (the page also does it shortly after a change).
    void evaluate();
    /// Re-reads the stored nccl-tests runs into the measured-run list.
    void reloadMeasuredRuns();
    FigureView* sweepView() const { return m_sweepView; }
    RingView* ring() const { return m_ring; }
    QTabWidget* tabs() const { return m_tabs; }
    /// The command line that prints the sweep and writes its figure.
    QString sweepCommand() const;

signals:
    void statusMessage(const QString& message);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void buildControls();
    void scheduleEvaluate();
    void fillDevices();
    void deviceChanged();
    void fillAlgorithms();
    void updateHint();
    models::Result<models::system::Fabric> fabric() const;
    std::optional<models::system::MeasuredRun> measuredRun();

    AppContext& m_context;
    QComboBox* m_device = nullptr;
    QSpinBox* m_gpus = nullptr;
    QSpinBox* m_nodes = nullptr;
    QComboBox* m_collective = nullptr;
    QComboBox* m_algorithm = nullptr;
    QComboBox* m_measured = nullptr;
    QLabel* m_hint = nullptr;
    QTabWidget* m_tabs = nullptr;
    FigureView* m_sweepView = nullptr;
    RingView* m_ring = nullptr;
    QTimer* m_timer = nullptr;
    QSplitter* m_split = nullptr;
    QWidget* m_top = nullptr;
    bool m_splitMoved = false;
    bool m_dark = false;
    std::optional<models::figure::Figure> m_sweepFigure;
    QString m_problem; ///< why there is no sweep figure (shown in its place)
};

} // namespace accelscope::gui
