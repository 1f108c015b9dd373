// SPDX-License-Identifier: MIT
// The Compare page: 2–6 devices side by side, best values highlighted, a normalised bar chart.
#pragma once

#include "app/gui/app_context.hpp"
#include "app/gui/compare/compare_chart.hpp"
#include "app/gui/page.hpp"

#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSplitter;
class QTableWidget;

namespace accelscope::gui {

class ImGuiCanvas;

class ComparePage : public QWidget, public LessonTarget, public StyledPage, public PersistentPage, public FigurePage {
    Q_OBJECT
public:
    static constexpr int maxDevices = 6;

    ComparePage(const PageServices& services, QWidget* parent = nullptr);

    // LessonTarget: `devices` (comma-separated ids, 2 to maxDevices)
    labs::guided::SettingsBinding& settingsBinding() override { return m_binding; }
    void setAppearance(Theme theme, double fontScale) override;

    /// Replaces the chosen devices (unknown ids are skipped; at most maxDevices are kept).
    void setDeviceIds(const QStringList& ids);
    QStringList deviceIds() const { return m_ids; }
    QTableWidget* table() const { return m_table; }
    ImGuiCanvas* canvas() const { return m_canvas; }
    const CompareChart& chart() const { return m_chart; }
    void setFontScale(float scale);
    void setDarkTheme(bool dark);
    void saveState() override;
    /// FigurePage: the chart's bars with legend, headline figures and the devices' sources.
    std::expected<models::figure::Figure, QString> figure(bool dark) override;

public slots:
    bool exportCsv(const QString& file = {});
    bool exportPng(const QString& file = {});

signals:
    void statusMessage(const QString& message);

private:
    /// Binds each key of the page's contract to its controls (once, in the constructor).
    void bindSettings();
    void addFromPicker();
    void removeSelected();
    void rebuild();
    void fitToFont();
    void resizeEvent(QResizeEvent* event) override; ///< table rows, columns and the device list for the current text size
    void fillPicker();

    AppContext& m_context;
    QStringList m_ids;
    CompareChart m_chart;
    QComboBox* m_picker = nullptr;
    QListWidget* m_chosen = nullptr;
    QTableWidget* m_table = nullptr;
    ImGuiCanvas* m_canvas = nullptr;
    QSplitter* m_splitter = nullptr;
    QLabel* m_hint = nullptr;
    QPushButton* m_add = nullptr;
    QPushButton* m_exportCsv = nullptr;
    QPushButton* m_exportPng = nullptr;
    bool m_dark = false;
    labs::guided::SettingsBinding m_binding{labs::guided::contractOf("compare")};
};

} // namespace accelscope::gui
