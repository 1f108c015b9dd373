// SPDX-License-Identifier: MIT
// Message boxes for catalog import and export problems.
#include "app/gui/catalog/import_messages.hpp"

#include <QObject>

namespace accelscope::gui {

std::unique_ptr<QMessageBox>
plainWarningBox(const QString &title, const QString &text, QWidget *parent) {
  auto box = std::make_unique<QMessageBox>(QMessageBox::Warning, title,
                                           QString(), QMessageBox::Ok, parent);
  // Set before the text: QMessageBox decides the format of its label from this
  // property.
  box->setTextFormat(Qt::PlainText);
  box->setText(text);
  return box;
}

std::unique_ptr<QMessageBox>
importRejectedBox(const QString &file,
                  const std::vector<models::catalog::ValidationIssue> &issues,
                  QWidget *parent) {
  // The first issue goes into the main (plain) text rather than the informative
  // text, whose label Qt creates with automatic format and external links
  // enabled.
  QString text = QObject::tr("%1 has %2 problem(s); nothing was imported and "
                             "your devices are unchanged.")
                     .arg(file)
                     .arg(issues.size());
  if (!issues.empty())
    text += "\n\n" + QString::fromStdString(issues.front().format());
  auto box = plainWarningBox(QObject::tr("Import rejected"), text, parent);
  // The details pane is a plain-text editor.
  box->setDetailedText(
      QString::fromStdString(models::catalog::formatIssues(issues, 40)));
  return box;
}

} // namespace accelscope::gui
