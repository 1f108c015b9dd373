// SPDX-License-Identifier: MIT
// CatalogTableModel: display, sort keys, tooltips with provenance.
#include "app/gui/catalog/catalog_table_model.hpp"

#include "app/gui/plain_tool_tip.hpp"
#include "models/catalog/figure_parser.hpp"

#include <QFont>

#include <limits>

namespace accelscope::gui {
namespace {

/// Where a kind sorts: the accelerators a buyer compares first, general-purpose processors last.
int kindRank(models::catalog::DeviceKind kind)
{
    using models::catalog::DeviceKind;
    switch (kind) {
    case DeviceKind::Gpu: return 0;
    case DeviceKind::Tpu: return 1;
    case DeviceKind::Asic: return 2;
    case DeviceKind::Npu: return 3;
    case DeviceKind::Soc: return 4;
    case DeviceKind::Cpu: return 5;
    }
    return 6;
}

} // namespace

using namespace models::catalog;

CatalogTableModel::CatalogTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void CatalogTableModel::setDevices(const std::vector<Device>* devices)
{
    beginResetModel();
    m_devices = devices;
    endResetModel();
}

void CatalogTableModel::setUserRowColour(QColor colour)
{
    m_userColour = colour;
    if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::BackgroundRole});
}

const Device* CatalogTableModel::deviceAt(int row) const
{
    if (m_devices == nullptr || row < 0 || row >= static_cast<int>(m_devices->size())) return nullptr;
    return &(*m_devices)[static_cast<std::size_t>(row)];
}

int CatalogTableModel::columnOf(FigureKey key) { return FirstFigure + static_cast<int>(key); }

std::optional<FigureKey> CatalogTableModel::figureOf(int column)
{
    if (column < FirstFigure || column >= FirstFigure + static_cast<int>(allFigures().size())) return std::nullopt;
    return allFigures()[static_cast<std::size_t>(column - FirstFigure)].key;
}

int CatalogTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || m_devices == nullptr ? 0 : static_cast<int>(m_devices->size());
}

int CatalogTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FirstFigure + static_cast<int>(allFigures().size());
}

QVariant CatalogTableModel::figureData(const Device& device, FigureKey key, int role) const
{
    const Figure* figure = device.figure(key);
    switch (role) {
    case Qt::DisplayRole:
        return figure ? QString::fromStdString(formatFigureValue(displayValue(key, figure->value))) : QString();
    case SortRole:
        // Missing figures sort after every number in ascending order.
        return figure ? figure->value : std::numeric_limits<double>::infinity();
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
        if (figure && figure->provenance == Provenance::Derived) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        return {};
    case ProvenanceRole:
        if (!figure) return QString();
        if (!figure->verified) return QStringLiteral("unverified");
        return QString(figure->provenance == Provenance::Derived ? "derived" : "sourced");
    case Qt::ToolTipRole: {
        if (!figure) return QStringLiteral("not published by the source");
        QString tip = QString::fromStdString(formatFigureValue(displayValue(key, figure->value)) + " " +
                                             std::string(displayUnit(key)));
        if (!figure->label.empty()) tip += "\n" + tr("vendor prints \"%1\"").arg(QString::fromStdString(figure->label));
        if (figure->provenance == Provenance::Derived) tip += "\nderived: " + QString::fromStdString(figure->formula);
        if (!figure->verified) tip += "\n" + tr("unverified: not read in a stored copy of the source");
        if (const Source* s = device.sourceOf(key)) {
            tip += "\n" + QString::fromStdString(s->title) + "\n" + QString::fromStdString(figure->where);
        }
        return plainToolTip(tip);
    }
    default:
        return {};
    }
}

QVariant CatalogTableModel::data(const QModelIndex& index, int role) const
{
    const Device* device = index.isValid() ? deviceAt(index.row()) : nullptr;
    if (device == nullptr || index.column() >= columnCount()) return {};
    if (role == DeviceIdRole) return QString::fromStdString(device->id);
    if (role == Qt::BackgroundRole) {
        return device->origin == models::catalog::Origin::User && m_userColour.isValid() ? QVariant(m_userColour) : QVariant();
    }
    if (const auto key = figureOf(index.column())) return figureData(*device, *key, role);
    if (role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole) return {};
    switch (index.column()) {
    case Name:
        if (role == Qt::ToolTipRole) return plainToolTip(QString::fromStdString(std::string(models::catalog::scopeName(device->scope)) + ": " + device->scopeNote));
        return QString::fromStdString(device->name);
    case Vendor: return QString::fromStdString(device->vendor);
    case Kind:
        // Sorted accelerators first, then by vendor and name within a kind.
        if (role == SortRole) return QStringLiteral("%1 %2 %3").arg(kindRank(device->kind)).arg(QString::fromStdString(device->vendor), QString::fromStdString(device->name));
        return QString::fromStdString(std::string(kindName(device->kind)));
    case FormFactor: return QString::fromStdString(std::string(formFactorName(device->formFactor)));
    case Year:
        if (role == SortRole) return device->releaseYear.value_or(9999);
        return device->releaseYear ? QVariant(*device->releaseYear) : QVariant();
    case Origin:
        return device->origin == models::catalog::Origin::User ? tr("yours") : tr("bundled");
    case Status: {
        // Derived from the sourced dates as of the catalog's stated day (SCHEMA.md, "Lifecycle").
        const auto status = lifecycleStatus(device->lifecycle, lifecycleAsOf);
        const QString name = status ? QString::fromStdString(std::string(lifecycleStatusName(*status))) : QString();
        if (role != Qt::ToolTipRole) return name;
        QString tip = tr("as of %1").arg(QString::fromStdString(std::string(lifecycleAsOf)));
        if (device->lifecycle.announced) tip += "\n" + tr("announced %1").arg(QString::fromStdString(device->lifecycle.announced->date));
        if (device->lifecycle.shipping) tip += "\n" + tr("shipping since %1").arg(QString::fromStdString(device->lifecycle.shipping->date));
        if (device->lifecycle.endOfLife) tip += "\n" + tr("end of life %1").arg(QString::fromStdString(device->lifecycle.endOfLife->date));
        return plainToolTip(tip);
    }
    default: return {};
    }
}

QVariant CatalogTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount()) return {};
    if (const auto key = figureOf(section)) {
        const FigureInfo& info = figureInfo(*key);
        const QString label = QString::fromStdString(std::string(info.label));
        if (role == Qt::DisplayRole) {
            const std::string unit(displayUnit(info.key));
            return unit.empty() ? label : label + " [" + QString::fromStdString(unit) + "]";
        }
        if (role == Qt::ToolTipRole) return QString::fromStdString(std::string(info.jsonKey));
        return {};
    }
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case Name: return tr("Name");
    case Vendor: return tr("Vendor");
    case Kind: return tr("Kind");
    case FormFactor: return tr("Form factor");
    case Year: return tr("Year");
    case Origin: return tr("Origin");
    case Status: return tr("Status");
    default: return {};
    }
}

} // namespace accelscope::gui
