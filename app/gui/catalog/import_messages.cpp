// SPDX-License-Identifier: MIT
// The box for a rejected catalog import.
#include "app/gui/catalog/import_messages.hpp"

#include "app/gui/plain_message_box.hpp"

#include <QObject>

namespace accelscope::gui {

std::unique_ptr<QMessageBox> importRejectedBox(const QString& file,
                                               const std::vector<models::catalog::ValidationIssue>& issues,
                                               QWidget* parent)
{
    // The first issue goes into the main (plain) text rather than the informative text, whose label
    // Qt creates with automatic format and external links enabled.
    QString text = QObject::tr("%1 has %2 problem(s); nothing was imported and your devices are unchanged.")
                       .arg(file)
                       .arg(issues.size());
    if (!issues.empty()) text += "\n\n" + QString::fromStdString(issues.front().format());
    auto box = plainWarningBox(QObject::tr("Import rejected"), text, parent);
    // The details pane is a plain-text editor.
    box->setDetailedText(QString::fromStdString(models::catalog::formatIssues(issues, 40)));
    return box;
}

} // namespace accelscope::gui
