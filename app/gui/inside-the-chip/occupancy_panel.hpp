// SPDX-License-Identifier: MIT
// The occupancy part of the Inside-the-chip page: an NVIDIA compute capability or an AMD CDNA target, threads
// per block, registers per thread and shared memory per block in; the blocks each resource allows, the binding
// one, the warp slots and the next cliff out (models/system/chip: computeOccupancy, computeCdnaOccupancy,
// occupancyFigure; `accelscope-cli chip occupancy` prints the same).
#pragma once

#include "models/figure/figure.hpp"
#include "models/system/chip/cdna_occupancy.hpp"
#include "models/system/chip/occupancy.hpp"

#include <QString>
#include <QWidget>

#include <expected>
#include <optional>

class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;

namespace accelscope::gui {

class FigureView;

class OccupancyPanel : public QWidget {
    Q_OBJECT
public:
    explicit OccupancyPanel(QWidget* parent = nullptr);

    /// The figure of the launch in the controls.
    std::expected<models::figure::Figure, QString> figure(bool dark) const;
    /// Computes the occupancy of the launch in the controls and redraws (the controls call it on every change).
    void evaluate();
    /// The NVIDIA result shown (empty for an AMD target), and the AMD one (empty for NVIDIA).
    const std::optional<models::system::Occupancy>& nvidia() const { return m_nvidia; }
    const std::optional<models::system::CdnaOccupancy>& cdna() const { return m_cdna; }
    /// The binding resource's name as the model gives it ("registers", "VGPRs").
    QString limiter() const;
    /// The command line that prints the same numbers.
    QString command() const;

    QComboBox* architecture() const { return m_arch; }
    QSpinBox* threads() const { return m_threads; }
    QSpinBox* registers() const { return m_registers; }
    QSlider* registerSlider() const { return m_registerSlider; }
    QSpinBox* sharedBytes() const { return m_shared; }
    QSpinBox* agprs() const { return m_agprs; }
    FigureView* view() const { return m_view; }

signals:
    void statusMessage(const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildControls();
    void applyRanges();
    bool isAmd() const;

    QComboBox* m_arch = nullptr;
    QSpinBox* m_threads = nullptr;
    QSpinBox* m_registers = nullptr;
    QSlider* m_registerSlider = nullptr;
    QSpinBox* m_shared = nullptr;
    QSpinBox* m_agprs = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_hint = nullptr;
    FigureView* m_view = nullptr;
    std::optional<models::system::ArchLimits> m_archLimits;
    models::system::LaunchConfig m_launch;
    std::optional<models::system::Occupancy> m_nvidia;
    std::optional<models::system::CdnaLimits> m_cdnaLimits;
    models::system::CdnaLaunch m_cdnaLaunch;
    std::optional<models::system::CdnaOccupancy> m_cdna;
};

} // namespace accelscope::gui
