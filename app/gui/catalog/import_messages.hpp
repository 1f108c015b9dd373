// SPDX-License-Identifier: MIT
// Message boxes for catalog import and export problems: file content is always
// shown as plain text.
#pragma once

#include "models/catalog/catalog_parser.hpp"

#include <QMessageBox>
#include <QString>

#include <memory>
#include <vector>

namespace accelscope::gui {

/// A warning box whose text is plain: an error message may quote a file name or
/// file content, and rich text would render its markup (links to local files,
/// images).
std::unique_ptr<QMessageBox> plainWarningBox(const QString &title,
                                             const QString &text,
                                             QWidget *parent = nullptr);

/// The "Import rejected" box for `file` and its validation issues (plain text,
/// details included).
std::unique_ptr<QMessageBox>
importRejectedBox(const QString &file,
                  const std::vector<models::catalog::ValidationIssue> &issues,
                  QWidget *parent = nullptr);

} // namespace accelscope::gui
