// SPDX-License-Identifier: MIT
#include "app/gui/labs/lab_chart.hpp"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QHorizontalBarSeries>
#include <QChart>
#include <QEvent>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace accelscope::gui {

bool wantsLogAxis(const std::vector<double>& values, double ratio)
{
    if (values.size() < 2) return false;
    const auto [lo, hi] = std::ranges::minmax(values);
    return lo > 0 && hi / lo >= ratio;
}

LabChart::LabChart(QWidget* parent) : QChartView(parent)
{
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(240);
    clear(tr("Run a lab or pick a stored result to see its curves."));
}

void LabChart::clear(const QString& message)
{
    m_series.clear();
    m_markers.clear();
    m_title = message;
    rebuild();
}

void LabChart::setSeries(const std::vector<labs::Series>& series, const QString& title)
{
    m_series = series;
    m_markers.clear();
    m_title = title;
    rebuild();
}

void LabChart::setMarkers(std::vector<std::pair<double, QString>> markers)
{
    m_markers = std::move(markers);
    rebuild();
}

void LabChart::updateSeries(const labs::Series& series)
{
    const auto it = std::ranges::find(m_series, series.name, &labs::Series::name);
    if (it == m_series.end()) m_series.push_back(series);
    else *it = series;
    rebuild();
}

namespace {

// Words on lines of at most `room` pixels, joined by "<br>" (Qt Charts draws its titles, axis labels
// and legend entries as HTML): a word wider than the room breaks after its hyphens, else stays whole.
QString wrapText(const QString& text, const QFontMetrics& metrics, int room)
{
    QStringList words;
    for (const QString& word : text.split(' ', Qt::SkipEmptyParts)) {
        if (metrics.horizontalAdvance(word) <= room || !word.contains('-')) {
            words << word;
            continue;
        }
        const QStringList parts = word.split('-');
        for (qsizetype i = 0; i < parts.size(); ++i) words << parts[i] + (i + 1 < parts.size() ? QStringLiteral("-") : QString());
    }
    QStringList lines;
    bool glued = false; // the last piece ended in a hyphen: the next one joins it without a space
    for (const QString& word : std::as_const(words)) {
        const QString joined = lines.isEmpty() ? word : lines.last() + (glued ? QString() : QStringLiteral(" ")) + word;
        if (!lines.isEmpty() && metrics.horizontalAdvance(joined) <= room) lines.last() = joined;
        else lines << word;
        glued = word.endsWith('-');
    }
    for (QString& line : lines) line = line.toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

// The widest line of wrapText's result, in pixels.
int widestLine(const QString& wrapped, const QFontMetrics& metrics)
{
    int widest = 0;
    for (const QString& line : wrapped.split(QStringLiteral("<br>"))) widest = std::max(widest, metrics.horizontalAdvance(line));
    return widest;
}

} // namespace

// Qt Charts cuts a title wider than the chart with "...": break it between words instead, for the
// width the chart has now (a narrow Labs page at projector text sizes).
QString LabChart::wrappedTitle() const
{
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics metrics(bold);
    return wrapText(m_title, metrics, std::max(metrics.averageCharWidth() * 10, width() - metrics.averageCharWidth() * 4));
}

void LabChart::resizeEvent(QResizeEvent* event)
{
    QChartView::resizeEvent(event);
    // The bars turn when their names stop fitting; names and legend entries wrap to the new width.
    if (m_horizontal != wantsHorizontalBars() || wrappedLabels() != m_wrapped) rebuild();
    else if (chart() != nullptr) chart()->setTitle(wrappedTitle());
    updateToolTip();
}

// Category names side by side that would not fit under their bars (Qt Charts cuts them to "..."
// then, and upright names take the height the bars need: a narrow page at projector text sizes)
// go on the left of horizontal bars instead, each on one line.
bool LabChart::wantsHorizontalBars() const
{
    if (m_categories.isEmpty()) return false;
    const qsizetype needed = m_categories.size() * (widestCategory() + QFontMetrics(font()).averageCharWidth() * 2);
    return needed > width() * 7 / 10;
}

// Qt cuts a name wider than about a third of the chart to "...": beside horizontal bars a name
// wider than a third less two characters goes on more lines (between words, after hyphens).
int LabChart::categoryRoom() const { return width() / 3 - QFontMetrics(font()).averageCharWidth() * 2; }

QStringList LabChart::wrappedCategories() const
{
    if (!m_horizontal) return m_categories;
    QStringList out;
    const QFontMetrics metrics(font());
    for (const QString& name : m_categories) out << wrapText(name, metrics, categoryRoom());
    return out;
}

// Under the plot Qt puts the legend on one row and cuts the longest entries to "..." until the row
// fits: each entry gets its share of the width, on more lines where it needs them.
QString LabChart::wrappedLegendEntry(const QString& name, int entries) const
{
    const QFontMetrics metrics(font());
    const int share = (width() - metrics.averageCharWidth() * 6) / std::max(entries, 1) - metrics.height() * 2;
    return wrapText(name, metrics, std::max(share, metrics.averageCharWidth() * 6));
}

QStringList LabChart::wrappedLabels() const
{
    QStringList out = wrappedCategories();
    for (const QString& name : m_legendNames) out << wrappedLegendEntry(name, static_cast<int>(m_legendNames.size()));
    return out;
}

// A name still wider than its room (one long word) is cut: the tooltip then names them all; else it
// keeps the names' axis title when that was left out.
void LabChart::updateToolTip()
{
    if (!m_horizontal) return setToolTip(QString());
    const QFontMetrics metrics(font());
    int widest = 0;
    for (const QString& name : wrappedCategories()) widest = std::max(widest, widestLine(name, metrics));
    const bool namesCut = widest > categoryRoom();
    setToolTip(namesCut ? m_namesTitle + ": " + m_categories.join(QStringLiteral(", ")) : m_namesTitleShown ? QString() : m_namesTitle);
}

int LabChart::widestCategory() const
{
    const QFontMetrics metrics(font());
    int widest = 0;
    for (const QString& name : std::as_const(m_categories)) widest = std::max(widest, metrics.horizontalAdvance(name));
    return widest;
}

void LabChart::changeEvent(QEvent* event)
{
    // Follow the light/dark theme and the text size (the axes and the legend take the widget's font).
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) rebuild();
    QChartView::changeEvent(event);
}

namespace {

// Okabe–Ito colours: distinct for colour-blind readers, on light and dark backgrounds.
const QColor okabeIto[] = {QColor(0, 114, 178), QColor(230, 159, 0), QColor(0, 158, 115), QColor(204, 121, 167),
                           QColor(86, 180, 233), QColor(213, 94, 0), QColor(240, 228, 66), QColor(153, 153, 153)};

QString axisTitle(const std::string& label, const std::string& unit)
{
    return QString::fromStdString(label) + (unit.empty() ? QString() : QStringLiteral(" (%1)").arg(QString::fromStdString(unit)));
}

QAbstractAxis* makeValueAxis(bool log, const QString& title)
{
    if (log) {
        auto* axis = new QLogValueAxis();
        axis->setBase(10.0);
        axis->setLabelFormat("%g");
        axis->setMinorTickCount(8);
        axis->setTitleText(title);
        return axis;
    }
    auto* axis = new QValueAxis();
    axis->setLabelFormat("%g");
    axis->setTitleText(title);
    return axis;
}

// The categories every shown series names, when they all name the same ones; else none (lines).
std::vector<std::string> sharedCategories(const std::vector<const labs::Series*>& shown)
{
    if (shown.empty()) return {};
    const auto names = labs::xCategories(*shown.front());
    for (const auto* s : shown) {
        if (labs::xCategories(*s) != names) return {};
    }
    return names;
}

} // namespace

void LabChart::setTitle(const QString& title)
{
    m_title = title;
    if (chart() != nullptr) chart()->setTitle(wrappedTitle());
}

void LabChart::rebuild()
{
    auto* chart = new QChart();
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    chart->setTheme(dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(palette().color(QPalette::Base));
    chart->setTitle(wrappedTitle());
    // Under the plot, the legend has the chart's width; a name Qt shortens to "..." there (many
    // series at projector text sizes) shows whole in its tooltip. Beside the plot it took the
    // width the bar names and the axis title needed.
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setShowToolTips(true);
    QFont font = this->font();
    chart->setFont(font);
    chart->legend()->setFont(font);
    font.setBold(true);
    chart->setTitleFont(font);

    m_skipped = 0;
    m_pointsShown = 0;
    m_categories.clear();
    m_legendNames.clear();
    m_horizontal = false;
    setToolTip(QString());
    std::vector<const labs::Series*> shown;
    for (const auto& s : m_series) {
        if (s.points.empty()) continue;
        if (!shown.empty() && (s.xUnit != shown.front()->xUnit || s.yUnit != shown.front()->yUnit)) {
            ++m_skipped; // another quantity: it would need its own axes
            continue;
        }
        shown.push_back(&s);
    }
    if (const auto names = sharedCategories(shown); !names.empty()) addBars(chart, shown, names);
    else addLines(chart, shown);
    const auto markers = chart->legend()->markers();
    for (qsizetype i = 0; i < markers.size() && i < m_legendNames.size(); ++i)
        markers[i]->setLabel(wrappedLegendEntry(m_legendNames[i], static_cast<int>(m_legendNames.size())));
    m_wrapped = wrappedLabels();
    for (QAbstractAxis* axis : chart->axes()) {
        // The chart theme gives axes its own small fonts: the widget's font (the text size) instead.
        axis->setLabelsFont(this->font());
        axis->setTitleFont(this->font());
    }
    QChart* old = this->chart();
    setChart(chart);
    delete old;
}

// Grouped bars: one set per series, one group per category measured so far (a run adds a group
// per kernel as it goes). The value axis is linear from zero: bar lengths compare.
void LabChart::addBars(QChart* chart, const std::vector<const labs::Series*>& shown, const std::vector<std::string>& names)
{
    m_logX = m_logY = false;
    std::vector<bool> measured(names.size(), false);
    for (const auto* s : shown) {
        for (const auto& p : s->points) {
            if (std::isfinite(p.y)) measured[static_cast<std::size_t>(p.x)] = true;
        }
    }
    std::vector<std::size_t> columns;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (measured[i]) {
            columns.push_back(i);
            m_categories << QString::fromStdString(names[i]);
        }
    }
    m_horizontal = wantsHorizontalBars();
    // Lying down, the first category is on top, as it reads in a list (Qt puts index 0 at the bottom).
    if (m_horizontal) std::ranges::reverse(columns);
    QAbstractBarSeries* bars = m_horizontal ? static_cast<QAbstractBarSeries*>(new QHorizontalBarSeries()) : new QBarSeries();
    double top = 0.0;
    std::size_t colour = 0;
    for (const auto* s : shown) {
        auto* set = new QBarSet(QString::fromStdString(s->name));
        m_legendNames << set->label();
        set->setColor(okabeIto[colour++ % std::size(okabeIto)]);
        set->setBorderColor(set->color());
        for (const std::size_t column : columns) {
            const auto it = std::ranges::find_if(s->points, [&](const labs::Point& p) { return p.x == static_cast<double>(column); });
            const bool has = it != s->points.end() && std::isfinite(it->y);
            *set << (has ? it->y : 0.0);
            if (has) {
                top = std::max(top, it->y);
                ++m_pointsShown;
            }
        }
        bars->append(set);
    }
    chart->addSeries(bars);
    auto* axisNames = new QBarCategoryAxis();
    QStringList labels = wrappedCategories();
    if (m_horizontal) std::ranges::reverse(labels);
    axisNames->append(labels);
    const QString namesTitle = QString::fromStdString(labs::xAxisName(*shown.front()));
    // Beside horizontal bars the title runs up the left edge and takes width from the names (Qt
    // cuts them to "..." past about a quarter of the chart): left out then, and when the chart is
    // too short for it (the names say what they are; the chart's tooltip keeps it).
    const QFontMetrics metrics(font());
    int widestName = 0;
    for (const QString& name : labels) widestName = std::max(widestName, widestLine(name, metrics));
    const bool titleFits = !m_horizontal || (metrics.horizontalAdvance(namesTitle) < height() / 2 &&
                                             widestName + metrics.height() * 2 <= width() / 4);
    axisNames->setTitleText(titleFits ? namesTitle : QString());
    // Qt gives a label the height of one of n + 1 slots and cuts a name on two lines to "..." there,
    // though the bars are n slots apart: names whose lines all fit their room are drawn whole
    // (a longer word is still cut, and the tooltip names them all).
    axisNames->setTruncateLabels(!m_horizontal || widestName > categoryRoom());
    m_namesTitle = namesTitle;
    m_namesTitleShown = titleFits;
    updateToolTip();
    auto* axisValues = static_cast<QValueAxis*>(makeValueAxis(false, axisTitle(shown.front()->yLabel, shown.front()->yUnit)));
    axisValues->setRange(0.0, top > 0 ? top * 1.08 : 1.0);
    axisValues->applyNiceNumbers(); // ticks at 0, 50, 100, not at 63.8833
    chart->addAxis(axisNames, m_horizontal ? Qt::AlignLeft : Qt::AlignBottom);
    chart->addAxis(axisValues, m_horizontal ? Qt::AlignBottom : Qt::AlignLeft);
    bars->attachAxis(axisNames);
    bars->attachAxis(axisValues);
}

void LabChart::addLines(QChart* chart, const std::vector<const labs::Series*>& shown)
{
    std::vector<double> xs, ys;
    for (const auto* s : shown) {
        for (const auto& p : s->points) {
            if (!std::isfinite(p.x) || !std::isfinite(p.y)) continue;
            xs.push_back(p.x);
            ys.push_back(p.y);
        }
    }
    m_logX = wantsLogAxis(xs);
    m_logY = wantsLogAxis(ys);
    if (shown.empty()) return;
    // Log axes cannot show zero or negative values: such points are left out there.
    const auto visible = [&](const labs::Point& p) {
        return std::isfinite(p.x) && std::isfinite(p.y) && (!m_logX || p.x > 0) && (!m_logY || p.y > 0);
    };
    QAbstractAxis* axisX = makeValueAxis(m_logX, axisTitle(shown.front()->xLabel, shown.front()->xUnit));
    QAbstractAxis* axisY = makeValueAxis(m_logY, axisTitle(shown.front()->yLabel, shown.front()->yUnit));
    chart->addAxis(axisX, Qt::AlignBottom);
    chart->addAxis(axisY, Qt::AlignLeft);
    std::size_t colour = 0;
    for (const auto* s : shown) {
        auto* line = new QLineSeries();
        line->setName(QString::fromStdString(s->name));
        m_legendNames << line->name();
        for (const auto& p : s->points) {
            if (!visible(p)) continue;
            line->append(p.x, p.y);
            ++m_pointsShown;
        }
        line->setPointsVisible(true);
        QPen pen(okabeIto[colour++ % std::size(okabeIto)]);
        pen.setWidthF(2.0);
        line->setPen(pen);
        chart->addSeries(line);
        line->attachAxis(axisX);
        line->attachAxis(axisY);
    }
    if (ys.empty()) return;
    const auto [lo, hi] = std::ranges::minmax(ys);
    const auto [xlo, xhi] = std::ranges::minmax(xs);
    for (const auto& [x, label] : m_markers) {
        if (x < xlo || x > xhi) continue;
        auto* line = new QLineSeries();
        line->setName(label);
        m_legendNames << label;
        line->append(x, m_logY ? lo / 1.5 : std::min(0.0, lo));
        line->append(x, m_logY ? hi * 1.5 : hi * 1.08);
        QPen pen(palette().color(QPalette::Text));
        pen.setStyle(Qt::DashLine);
        pen.setWidthF(1.0);
        line->setPen(pen);
        chart->addSeries(line);
        line->attachAxis(axisX);
        line->attachAxis(axisY);
    }
    if (m_logY) static_cast<QLogValueAxis*>(axisY)->setRange(lo / 1.5, hi * 1.5); // room above and below
    else {
        static_cast<QValueAxis*>(axisY)->setRange(std::min(0.0, lo), hi * 1.08); // a linear axis starts at zero
        static_cast<QValueAxis*>(axisY)->applyNiceNumbers();
    }
    if (m_logX) static_cast<QLogValueAxis*>(axisX)->setRange(xlo / 1.3, xhi * 1.3);
}

} // namespace accelscope::gui
