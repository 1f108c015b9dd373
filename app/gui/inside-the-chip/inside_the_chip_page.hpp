// SPDX-License-Identifier: MIT
// The Inside-the-chip page: a GEMM's output tiles in waves over the cores (the wave-quantization sawtooth) and a
// kernel launch's occupancy (the resource that binds, the next cliff), one tab each. Everything shown is
// `accelscope-cli chip gemm` / `chip occupancy` (each tab's hint gives the command).
#pragma once

#include "app/gui/multi_view_page.hpp"
#include "app/gui/page.hpp"

#include <QWidget>

class QTabWidget;

namespace accelscope::gui {

class GemmPanel;
class OccupancyPanel;

class InsideTheChipPage : public QWidget, public FigurePage, public MultiViewPage {
    Q_OBJECT
public:
    explicit InsideTheChipPage(const PageServices& services, QWidget* parent = nullptr);

    // FigurePage: the figure of the tab shown (the one `chip gemm --svg` or `chip occupancy --svg` writes).
    std::expected<models::figure::Figure, QString> figure(bool dark) override;

    // MultiViewPage: the two tabs, "gemm-waves" and "occupancy" (screenshots take each).
    int viewCount() const override { return 2; }
    QString viewName(int index) const override;
    void showView(int index) override;

    GemmPanel* gemm() const { return m_gemm; }
    OccupancyPanel* occupancy() const { return m_occupancy; }
    QTabWidget* tabs() const { return m_tabs; }

signals:
    void statusMessage(const QString& message);

private:
    QTabWidget* m_tabs = nullptr;
    GemmPanel* m_gemm = nullptr;
    OccupancyPanel* m_occupancy = nullptr;
};

} // namespace accelscope::gui
