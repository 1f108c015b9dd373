// SPDX-License-Identifier: MIT
// The Labs page's chart (Qt Charts): the series of one result, or of several overlaid, drawn as
// they are measured. Named categories on x (kernels, rungs, instruction sets) are grouped bars;
// sweeps are lines over numeric axes, which switch to logarithmic when the data spans a wide
// range (working sets from KiB to GiB, intensities from 0.25 to 128 FLOP/byte).
#pragma once

#include "labs/lab.hpp"

#include <QChartView>
#include <QString>
#include <QStringList>

#include <vector>

namespace accelscope::gui {

class LabChart : public QChartView {
    Q_OBJECT
public:
    explicit LabChart(QWidget* parent = nullptr);

    /// Replaces everything with these series (their names are the legend). Series sharing the
    /// first one's units share its axes; others are left out (and counted in `skipped()`).
    void setSeries(const std::vector<labs::Series>& series, const QString& title);
    /// Adds or replaces the series with this name (a curve that grows during a run).
    void updateSeries(const labs::Series& series);
    void clear(const QString& message);
    /// Replaces the title and keeps the series (a run's state: measuring, cancelled, failed).
    void setTitle(const QString& title);
    /// Vertical dashed lines at these x values with their labels (e.g. the cache sizes on a
    /// working-set axis); cleared by setSeries and clear.
    void setMarkers(std::vector<std::pair<double, QString>> markers);
    int markerCount() const { return static_cast<int>(m_markers.size()); }

    int seriesCount() const { return static_cast<int>(m_series.size()); }
    const std::vector<labs::Series>& series() const { return m_series; }
    const std::vector<std::pair<double, QString>>& markers() const { return m_markers; }
    const QString& title() const { return m_title; }
    int skipped() const { return m_skipped; }
    /// The x axis's category names when the series are bars (in index order, those measured so
    /// far); empty for a numeric x axis.
    const QStringList& categories() const { return m_categories; }
    /// Bars or points drawn, summed over the series shown.
    int pointsShown() const { return m_pointsShown; }
    /// True when the bars lie horizontally, their names on the left, each on one line: side by
    /// side under upright bars the names would not fit (a narrow chart at projector text sizes).
    bool barsHorizontal() const { return m_horizontal; }
    bool logX() const { return m_logX; }
    bool logY() const { return m_logY; }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    void addLines(QChart* chart, const std::vector<const labs::Series*>& shown);
    void addBars(QChart* chart, const std::vector<const labs::Series*>& shown, const std::vector<std::string>& names);
    QString wrappedTitle() const;
    bool wantsHorizontalBars() const;
    int widestCategory() const; ///< pixels of the widest category name in the chart's font
    int categoryRoom() const;   ///< pixels a line of a category name may take beside horizontal bars
    QStringList wrappedCategories() const; ///< the axis's labels, "<br>" between lines, in index order
    QString wrappedLegendEntry(const QString& name, int entries) const;
    QStringList wrappedLabels() const; ///< the categories' and the legend's labels as drawn now
    void updateToolTip();
    std::vector<labs::Series> m_series;
    std::vector<std::pair<double, QString>> m_markers;
    QString m_title;
    QStringList m_categories;
    QStringList m_legendNames; ///< the legend's entries in order, unwrapped
    QStringList m_wrapped;     ///< wrappedLabels() when the chart was built
    int m_skipped = 0;
    int m_pointsShown = 0;
    bool m_logX = false;
    bool m_logY = false;
    bool m_horizontal = false;
    QString m_namesTitle;           ///< the category axis's title ("kernel")
    bool m_namesTitleShown = true;  ///< false when it was left out beside horizontal bars
};

/// True when positive values span at least `ratio` (the axis then reads better in log scale).
bool wantsLogAxis(const std::vector<double>& values, double ratio = 30.0);

} // namespace accelscope::gui
