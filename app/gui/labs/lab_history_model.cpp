// SPDX-License-Identifier: MIT
// LabHistoryModel: stored results → rows of text.
#include "app/gui/labs/lab_history_model.hpp"

#include "app/gui/plain_tool_tip.hpp"
#include "labs/lab_result_json.hpp"
#include "models/common/number_text.hpp"

#include <algorithm>

namespace accelscope::gui {

LabHistoryModel::LabHistoryModel(QObject* parent) : QAbstractTableModel(parent) {}

void LabHistoryModel::setResults(const std::vector<models::catalog::StoredLabResult>& results)
{
    beginResetModel();
    m_rows.clear();
    for (const auto& r : results) {
        QString headline;
        if (auto parsed = labs::labResultFromStored(r); !parsed) {
            // A record no face can read (stored by an older version, or planted): listed, never fatal.
            headline = tr("damaged: %1").arg(QString::fromStdString(parsed.error().message));
        } else if (!parsed->summary.empty()) {
            const auto& f = parsed->summary.front();
            headline = QString::fromStdString(f.key) + " " + QString::fromStdString(models::engineeringText(f.value)) + " " +
                       QString::fromStdString(f.unit);
        }
        Row row;
        row.id = r.id;
        row.cells[IdColumn] = QString::number(r.id);
        row.cells[LabColumn] = QString::fromStdString(r.labId);
        row.cells[StartedColumn] = QString::fromStdString(r.startedAt);
        row.cells[MachineColumn] = QString::fromStdString(r.machine);
        row.cells[OriginColumn] = r.origin == "imported" ? tr("imported (%1)").arg(QString::fromStdString(r.sourceFile)) : tr("this machine");
        row.cells[HeadlineColumn] = headline;
        m_rows.push_back(std::move(row));
    }
    endResetModel();
}

std::int64_t LabHistoryModel::idAt(int row) const { return m_rows.at(static_cast<std::size_t>(row)).id; }

std::optional<int> LabHistoryModel::rowOf(std::int64_t id) const
{
    const auto it = std::ranges::find(m_rows, id, &Row::id);
    if (it == m_rows.end()) return std::nullopt;
    return static_cast<int>(it - m_rows.begin());
}

int LabHistoryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int LabHistoryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant LabHistoryModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole: return row.cells[index.column()];
    case Qt::ToolTipRole: return plainToolTip(row.cells[index.column()]);
    case IdRole: return static_cast<qlonglong>(row.id);
    default: return {};
    }
}

QVariant LabHistoryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount) return {};
    switch (section) {
    case IdColumn: return tr("#");
    case LabColumn: return tr("Lab");
    case StartedColumn: return tr("Started (UTC)");
    case MachineColumn: return tr("Machine");
    case OriginColumn: return tr("Origin");
    default: return tr("Headline");
    }
}

} // namespace accelscope::gui
