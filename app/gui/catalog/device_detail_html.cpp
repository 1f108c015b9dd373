// SPDX-License-Identifier: MIT
// Device detail HTML.
#include "app/gui/catalog/device_detail_html.hpp"

#include "models/catalog/comparison.hpp"
#include "models/catalog/figure_parser.hpp"

#include <QObject>
#include <QStringList>
#include <QUrl>

#include <array>

namespace accelscope::gui {
namespace {

using namespace models::catalog;

QString esc(const std::string& text) { return QString::fromStdString(text).toHtmlEscaped(); }

// Only web links become links: a source URL comes from a data file or a user's import, and a
// file:, javascript: or custom-scheme link would let one click run or open something local.
// Anything else is shown as text. The host goes beside the title so the reader sees where it leads.
QString sourceLinkHtml(const Source& s)
{
    const QUrl url(QString::fromStdString(s.url), QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (url.isValid() && (scheme == "http" || scheme == "https") && !url.host().isEmpty()) {
        // FullyEncoded percent-encodes quotes, so the address cannot leave its attribute.
        return "<a href=\"" + url.toString(QUrl::FullyEncoded).toHtmlEscaped() + "\">" + esc(s.title) + "</a> (" +
               url.host().toHtmlEscaped() + ")";
    }
    return esc(s.title) + " (" + QObject::tr("not a web link") + ": <code>" + esc(s.url) + "</code>)";
}

QString groupTitle(FigureGroup group)
{
    switch (group) {
    case FigureGroup::Memory: return QObject::tr("Memory");
    case FigureGroup::Vector: return QObject::tr("Vector units (non-tensor)");
    case FigureGroup::Tensor: return QObject::tr("Tensor / matrix units");
    case FigureGroup::Chip: return QObject::tr("Chip");
    case FigureGroup::Links: return QObject::tr("Links");
    case FigureGroup::Price: return QObject::tr("Price");
    }
    return {};
}

// `source`: the document the figure cites (Device::sourceOf for a figure of the map, looked up for a listed price).
QString provenanceHtml(const Figure& f, const Source* source)
{
    QString out;
    if (f.provenance == Provenance::Derived) {
        out += "<span style='color:#b8860b'>derived</span>: <code>" + esc(f.formula) + "</code>";
    } else if (f.verified) {
        out += "<span style='color:#2e8b57'>sourced</span>";
        if (!f.stated.empty()) out += " (states “" + esc(f.stated) + "”)";
    } else {
        out += "<span style='color:#c0392b'>" + QObject::tr("unverified") + "</span> (" +
               QObject::tr("not read in a stored copy of the source") + ")";
        if (!f.stated.empty()) out += " (states “" + esc(f.stated) + "”)";
    }
    if (f.priceKind) {
        out += "<br>" + esc(std::string(priceKindName(*f.priceKind))) + ", " + esc(f.provider) +
               (f.region.empty() ? QString() : ", " + esc(f.region));
    }
    if (!f.label.empty()) out += " " + QObject::tr("vendor prints") + " “" + esc(f.label) + "”";
    if (source != nullptr) {
        out += "<br>" + sourceLinkHtml(*source) + " — " + esc(f.where);
    }
    if (!f.note.empty()) out += "<br><i>" + esc(f.note) + "</i>";
    if (!f.date.empty()) out += " (" + esc(f.date) + ")";
    return out;
}

} // namespace

QString deviceDetailHtml(const Device& d)
{
    QString html = "<h2 style='margin-bottom:2px'>" + esc(d.name) + "</h2>";
    html += "<p style='margin-top:0'><b>" + esc(d.vendor) + "</b> · " + esc(std::string(kindName(d.kind))) + " · " +
            esc(std::string(formFactorName(d.formFactor)));
    if (d.releaseYear) html += " · " + QString::number(*d.releaseYear);
    if (d.origin == Origin::User) html += " · <span style='color:#b8860b'>your device</span>";
    html += "<br>" + QObject::tr("Figures describe") + ": <b>" + esc(std::string(scopeName(d.scope))) + "</b> — " +
            esc(d.scopeNote);
    if (!d.contains.empty()) {
        QStringList parts;
        for (const auto& part : d.contains) parts << QString::number(part.count) + " × " + esc(part.deviceId);
        html += "<br>" + QObject::tr("Contains") + ": " + parts.join(", ");
    }
    const auto line = [&](const char* label, const std::string& value) {
        if (!value.empty()) html += "<br>" + QObject::tr(label) + ": " + esc(value);
    };
    line("Architecture", d.architecture);
    line("Process", d.processNode);
    line("Memory type", d.memoryType);
    line("On-chip memory", d.onchipMemoryKind);
    line("Compute unit type", d.computeUnitName);
    line("Host link", d.hostLink);
    line("Scale-up link", d.interconnectName + (d.scaleupLinkKind.empty() ? "" : " (" + d.scaleupLinkKind + ")"));
    line("Scale-up topology", d.scaleupTopology);
    line("Vendor number format", d.vendorFormatName);
    const auto dateLine = [&](const char* label, const std::optional<LifecycleDate>& date) {
        if (!date) return;
        const Source* s = d.sources.contains(date->sourceKey) ? &d.sources.at(date->sourceKey) : nullptr;
        html += "<br>" + QObject::tr(label) + ": " + esc(date->date) + (s ? " — " + sourceLinkHtml(*s) : QString()) +
                " (" + esc(date->where) + ")";
    };
    dateLine("Announced", d.lifecycle.announced);
    dateLine("Shipping since", d.lifecycle.shipping);
    dateLine("End of life", d.lifecycle.endOfLife);
    if (const auto status = lifecycleStatus(d.lifecycle, lifecycleAsOf)) {
        html += "<br>" + QObject::tr("Status") + ": <b>" + esc(std::string(lifecycleStatusName(*status))) + "</b> (" +
                QObject::tr("as of") + " " + esc(std::string(lifecycleAsOf)) + ")";
    }
    html += "</p>";
    if (!d.notes.empty()) html += "<p><i>" + esc(d.notes) + "</i></p>";

    for (const FigureGroup group : {FigureGroup::Memory, FigureGroup::Tensor, FigureGroup::Vector, FigureGroup::Chip,
                                    FigureGroup::Links, FigureGroup::Price}) {
        QString rows;
        for (const auto& info : allFigures()) {
            const Figure* f = info.group == group ? d.figure(info.key) : nullptr;
            if (f == nullptr) continue;
            rows += "<tr><td valign='top'>" + esc(std::string(info.label)) + "</td><td valign='top' align='right'><b>" +
                    esc(formatFigureValue(displayValue(info.key, f->value))) + "</b>&nbsp;" + esc(std::string(displayUnit(info.key))) +
                    "</td><td valign='top'>" + provenanceHtml(*f, d.sourceOf(info.key)) + "</td></tr>";
        }
        if (!rows.isEmpty()) {
            html += "<h3>" + groupTitle(group) + "</h3><table cellspacing='0' cellpadding='3'>" + rows + "</table>";
        }
    }
    QString more;
    for (const Figure& f : d.cloudPrices) {
        more += "<tr><td valign='top' align='right'><b>" + esc(formatFigureValue(f.value)) + "</b>&nbsp;USD/h</td><td valign='top'>" +
                provenanceHtml(f, d.sources.contains(f.sourceKey) ? &d.sources.at(f.sourceKey) : nullptr) +
                "</td></tr>";
    }
    if (!more.isEmpty()) {
        html += "<h3>" + QObject::tr("More cloud prices (per device-hour)") + "</h3><table cellspacing='0' cellpadding='3'>" +
                more + "</table>";
    }
    if (!d.missingReasons.empty()) {
        html += "<h3>" + QObject::tr("Absent figures") + "</h3><ul>";
        for (const auto& [key, reason] : d.missingReasons) {
            html += "<li>" + esc(std::string(figureInfo(key).label)) + ": " + esc(reason) + "</li>";
        }
        html += "</ul>";
    }
    QString derived;
    for (const auto& m : derivedMetrics(d)) {
        if (!m.value) continue;
        derived += "<tr><td>" + esc(m.label) + "</td><td align='right'><b>" + esc(formatFigureValue(*m.value)) +
                   "</b>&nbsp;" + esc(m.unit) + "</td><td><code>" + esc(m.formula) + "</code></td></tr>";
    }
    if (!derived.isEmpty()) {
        html += "<h3>" + QObject::tr("Derived for comparison") + "</h3><table cellspacing='0' cellpadding='3'>" +
                derived + "</table>";
    }
    html += "<h3>" + QObject::tr("Sources") + "</h3><ul>";
    for (const auto& [key, s] : d.sources) {
        html += "<li>" + sourceLinkHtml(s) + " — " + esc(s.publisher) + ", " + esc(s.kind) +
                (s.date.empty() ? QString() : ", " + esc(s.date)) + "</li>";
    }
    return html + "</ul>";
}

} // namespace accelscope::gui
