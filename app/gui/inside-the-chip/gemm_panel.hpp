// SPDX-License-Identifier: MIT
// The GEMM-waves part of the Inside-the-chip page: a device, M, N, K and the precision in, the output tiles
// coloured by wave, the last wave's idle cores and the TFLOP/s sawtooth out (models/system/chip: gemmWaves,
// gemmWavesFigure; `accelscope-cli chip gemm` prints the same).
#pragma once

#include "app/gui/app_context.hpp"
#include "models/figure/figure.hpp"
#include "models/system/chip/gemm_waves.hpp"

#include <QString>
#include <QWidget>

#include <expected>
#include <optional>
#include <string>

class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;

namespace accelscope::gui {

class FigureView;

class GemmPanel : public QWidget {
    Q_OBJECT
public:
    explicit GemmPanel(AppContext& context, QWidget* parent = nullptr);

    /// The figure of the GEMM in the controls, for `dark` or the light theme; why not when there is none.
    std::expected<models::figure::Figure, QString> figure(bool dark) const;
    /// Computes the GEMM in the controls and redraws (the controls call it on every change).
    void evaluate();
    /// The tiling and waves shown, when the device has the precision's peak.
    const std::optional<models::system::GemmWaves>& waves() const { return m_waves; }
    /// The command line that prints the same numbers.
    QString command() const;

    QComboBox* device() const { return m_device; }
    QComboBox* dtype() const { return m_dtype; }
    QSpinBox* m() const { return m_m; }
    QSpinBox* n() const { return m_n; }
    QSpinBox* k() const { return m_k; }
    QSlider* nSlider() const { return m_nSlider; }
    FigureView* view() const { return m_view; }

signals:
    void statusMessage(const QString& message);

protected:
    void changeEvent(QEvent* event) override;

private:
    void buildControls();
    void fillDevices();

    AppContext& m_context;
    QComboBox* m_device = nullptr;
    QComboBox* m_dtype = nullptr;
    QSpinBox* m_m = nullptr;
    QSpinBox* m_n = nullptr;
    QSpinBox* m_k = nullptr;
    QSlider* m_nSlider = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_hint = nullptr;
    FigureView* m_view = nullptr;
    std::optional<models::system::GemmChip> m_chip;
    models::system::GemmShape m_shape;
    std::optional<models::system::GemmWaves> m_waves;
    std::string m_deviceName;
};

} // namespace accelscope::gui
