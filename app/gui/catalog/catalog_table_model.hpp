// SPDX-License-Identifier: MIT
// The catalog as a Qt table model: identity columns, then one column per figure (units in headers).
#pragma once

#include "models/catalog/device.hpp"

#include <QAbstractTableModel>
#include <QColor>

#include <vector>

namespace accelscope::gui {

/// Rows are devices (not owned; replaced wholesale with setDevices), columns are fixed.
class CatalogTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    /// Custom roles: SortRole gives numbers for figure columns (missing sorts last), DeviceIdRole the id.
    enum Role { SortRole = Qt::UserRole + 1, DeviceIdRole, ProvenanceRole };
    /// The identity columns before the figure columns.
    enum Column { Name = 0, Vendor, Kind, FormFactor, Year, Origin, Status, FirstFigure };

    explicit CatalogTableModel(QObject* parent = nullptr);

    void setDevices(const std::vector<models::catalog::Device>* devices);
    void setUserRowColour(QColor colour);
    const models::catalog::Device* deviceAt(int row) const;
    /// Column of a figure key.
    static int columnOf(models::catalog::FigureKey key);
    /// Figure shown in a column, or nullopt for identity columns.
    static std::optional<models::catalog::FigureKey> figureOf(int column);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QVariant figureData(const models::catalog::Device& device, models::catalog::FigureKey key, int role) const;
    const std::vector<models::catalog::Device>* m_devices = nullptr;
    QColor m_userColour;
};

} // namespace accelscope::gui
