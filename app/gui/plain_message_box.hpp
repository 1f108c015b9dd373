// SPDX-License-Identifier: MIT
// Message boxes whose text is plain: error messages quote file names and file content.
#pragma once

#include <QMessageBox>
#include <QString>

#include <memory>

namespace accelscope::gui {

/// A message box (not yet shown) whose text is plain: rich text would render markup in a quoted
/// file name or file content (links to local files, images) (#17).
std::unique_ptr<QMessageBox> plainMessageBox(QMessageBox::Icon icon, const QString& title, const QString& text,
                                             QWidget* parent = nullptr);

/// plainMessageBox with the warning icon.
std::unique_ptr<QMessageBox> plainWarningBox(const QString& title, const QString& text, QWidget* parent = nullptr);

} // namespace accelscope::gui
