// SPDX-License-Identifier: MIT
// The box for a rejected catalog import: file names and issues are shown as plain text.
#pragma once

#include "models/catalog/catalog_parser.hpp"

#include <QMessageBox>
#include <QString>

#include <memory>
#include <vector>

namespace accelscope::gui {

/// The "Import rejected" box for `file` and its validation issues (plain text, details included).
std::unique_ptr<QMessageBox> importRejectedBox(const QString& file,
                                               const std::vector<models::catalog::ValidationIssue>& issues,
                                               QWidget* parent = nullptr);

} // namespace accelscope::gui
