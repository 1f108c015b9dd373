// SPDX-License-Identifier: MIT
// The stored lab results as a table model: one row per result, newest first.
#pragma once

#include "models/catalog/catalog_store.hpp"

#include <QAbstractTableModel>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace accelscope::gui {

/// Columns: #, lab, started (UTC), machine, origin, headline (the first summary figure).
/// Every cell's IdRole is the row's stored result id.
class LabHistoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { IdColumn, LabColumn, StartedColumn, MachineColumn, OriginColumn, HeadlineColumn, ColumnCount };
    static constexpr int IdRole = Qt::UserRole + 1;

    explicit LabHistoryModel(QObject* parent = nullptr);

    /// Replaces the rows (a model reset).
    void setResults(const std::vector<models::catalog::StoredLabResult>& results);
    /// The stored result id of a row (a valid row).
    std::int64_t idAt(int row) const;
    /// The row of a stored result id; nothing when it is not listed.
    std::optional<int> rowOf(std::int64_t id) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        std::int64_t id = 0;
        QString cells[ColumnCount];
    };
    std::vector<Row> m_rows;
};

} // namespace accelscope::gui
