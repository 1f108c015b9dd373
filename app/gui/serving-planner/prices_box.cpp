// SPDX-License-Identifier: MIT
// PricesBox: "from catalog (source, date)" beside "your price", saved in the user database.
#include "app/gui/serving-planner/prices_box.hpp"

#include "models/catalog/catalog_store.hpp"
#include "models/common/number_text.hpp"
#include "models/serving/serving_plan.hpp"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include <cmath>

namespace accelscope::gui::serving {
namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

/// A price field: empty (none), or a finite number ≥ 0; the error names the field.
models::Result<std::optional<double>> priceIn(const QLineEdit* field, const QString& name)
{
    const QString text = field->text().trimmed();
    if (text.isEmpty()) return std::optional<double>{};
    bool ok = false;
    const double v = text.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0.0) {
        return models::fail(models::ErrorCode::InvalidArgument,
                            (name + QStringLiteral(" must be a number >= 0, got '%1'").arg(text)).toStdString());
    }
    return std::optional<double>{v};
}

} // namespace

PricesBox::PricesBox(AppContext& context, QWidget* parent) : QWidget(parent), m_context(context)
{
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    m_device = new QComboBox(this);
    m_device->setToolTip(tr("The device whose price you set; the planner uses yours instead of the catalog's"));
    // Long device names would widen the controls past a projector's width: the box shows 14 characters.
    m_device->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_device->setMinimumContentsLength(14);
    m_catalogPrice = new QLabel(this);
    m_catalogPrice->setWordWrap(true);
    m_catalogPrice->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_usdPerHour = new QLineEdit(this);
    m_usdPerHour->setPlaceholderText(tr("catalog price"));
    m_usdPerHour->setToolTip(tr("What one device-hour costs you, energy not included; empty: the catalog's price"));
    m_usdPerKwh = new QLineEdit(this);
    m_usdPerKwh->setPlaceholderText(tr("no energy cost"));
    m_usdPerKwh->setToolTip(tr("Electricity, $ per kWh: adds W / 1000 x $/kWh per hour to every price but a catalog cloud rate "
                               "(which pays for power); empty: none"));
    m_save = new QPushButton(tr("Save prices"), this);
    m_save->setToolTip(tr("Keep your $/device-hour and $/kWh in the user database (accelscope-cli serve prices list shows them)"));
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    form->addRow(tr("Price of"), m_device);
    form->addRow(tr("Catalog"), m_catalogPrice);
    form->addRow(tr("Your $/h"), m_usdPerHour);
    form->addRow(tr("Your $/kWh"), m_usdPerKwh);
    form->addRow(m_save, m_status);
    reloadDevices();
    connect(m_device, &QComboBox::currentIndexChanged, this, &PricesBox::showDevice);
    connect(m_save, &QPushButton::clicked, this, &PricesBox::save);
    for (QLineEdit* field : {m_usdPerHour, m_usdPerKwh}) connect(field, &QLineEdit::returnPressed, this, &PricesBox::save);
}

void PricesBox::reloadDevices()
{
    const QString current = m_device->currentData().toString();
    const QSignalBlocker block(m_device);
    m_device->clear();
    for (const auto& d : m_context.catalog().devices) {
        if (models::serving::isAccelerator(d)) m_device->addItem(q(d.name), q(d.id));
    }
    const int keep = m_device->findData(current.isEmpty() ? QStringLiteral("nvidia-h100-sxm") : current);
    m_device->setCurrentIndex(std::max(keep, 0));
    showDevice();
}

void PricesBox::showDevice()
{
    const std::string id = m_device->currentData().toString().toStdString();
    QString text = tr("no price");
    for (const auto& d : m_context.catalog().devices) {
        if (d.id != id) continue;
        const auto p = models::serving::catalogPrice(d);
        const QString where = p.date.empty() ? tr("undated") : q(p.date);
        if (p.cloudUsdPerHour) text = tr("%1 per hour (%2)").arg(q(models::usdText(*p.cloudUsdPerHour)), where);
        else if (p.listPriceUsd) text = tr("list %1, over 3 years (%2)").arg(q(models::usdText(*p.listPriceUsd)), where);
        m_catalogPrice->setToolTip(q(p.sourceTitle + (p.sourceUrl.empty() ? "" : ": " + p.sourceUrl)));
    }
    m_catalogPrice->setText(tr("from catalog: %1").arg(text));
    m_usdPerHour->clear();
    if (auto store = m_context.userStore()) {
        if (const auto prices = (*store)->priceOverrides()) {
            for (const auto& p : *prices) {
                if (p.deviceId == id && p.usdPerHour) m_usdPerHour->setText(q(models::exactText(*p.usdPerHour)));
            }
        }
        if (const auto kwh = (*store)->usdPerKwh(); kwh && *kwh) m_usdPerKwh->setText(q(models::exactText(**kwh)));
    }
    m_status->setText(m_usdPerHour->text().isEmpty() ? tr("using the catalog's price") : tr("using your price"));
}

bool PricesBox::save()
{
    const auto perHour = priceIn(m_usdPerHour, tr("Your $/device-hour"));
    const auto perKwh = priceIn(m_usdPerKwh, tr("Your $/kWh"));
    auto store = m_context.userStore();
    const models::Error* problem = !perHour ? &perHour.error() : !perKwh ? &perKwh.error() : !store ? &store.error() : nullptr;
    if (problem != nullptr) {
        m_status->setText(q(problem->message));
        return false;
    }
    models::catalog::UserStore& s = **store;
    const std::string id = m_device->currentData().toString().toStdString();
    models::Result<void> ok;
    if (*perHour) {
        models::catalog::PriceOverride p;
        p.deviceId = id;
        p.usdPerHour = **perHour;
        ok = s.savePriceOverride(p);
    } else if (auto cleared = s.clearPriceOverride(id); !cleared) {
        ok = std::unexpected(cleared.error());
    }
    if (ok && *perKwh) ok = s.saveUsdPerKwh(**perKwh);
    else if (ok) {
        if (auto cleared = s.clearUsdPerKwh(); !cleared) ok = std::unexpected(cleared.error());
    }
    m_status->setText(ok ? (*perHour ? tr("saved: using your price") : tr("saved: using the catalog's price")) : q(ok.error().message));
    if (ok) emit pricesChanged();
    return ok.has_value();
}

void PricesBox::apply(models::serving::ServingRequest& request)
{
    auto store = m_context.userStore();
    if (!store) return;
    if (const auto prices = (*store)->priceOverrides()) {
        for (const auto& p : *prices) request.prices[p.deviceId] = {p.usdPerHour, p.listPriceUsd, p.amortisationYears};
    }
    if (const auto kwh = (*store)->usdPerKwh()) request.usdPerKwh = *kwh;
}

} // namespace accelscope::gui::serving
