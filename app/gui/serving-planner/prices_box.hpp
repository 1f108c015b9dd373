// SPDX-License-Identifier: MIT
// The Serving page's prices: the catalog's price of a device beside yours, and your $/kWh, kept in the user database.
#pragma once

#include "app/gui/app_context.hpp"
#include "models/serving/serving_model.hpp"

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace accelscope::gui::serving {

/// Edits the user database's price_overrides and $/kWh (what `accelscope-cli serve prices` edits).
class PricesBox : public QWidget {
    Q_OBJECT
public:
    explicit PricesBox(AppContext& context, QWidget* parent = nullptr);

    /// Adds the stored prices and $/kWh to `request` (the planner then uses them).
    void apply(models::serving::ServingRequest& request);
    /// Refills the device list from the catalog (after an import or removal).
    void reloadDevices();
    /// Saves the fields; false, with the reason shown in the box, on bad input (nothing is stored then).
    bool save();

    QComboBox* device() const { return m_device; }
    QLineEdit* usdPerHour() const { return m_usdPerHour; }
    QLineEdit* usdPerKwh() const { return m_usdPerKwh; }
    QLabel* status() const { return m_status; }

signals:
    void pricesChanged();

private:
    void showDevice();

    AppContext& m_context;
    QComboBox* m_device = nullptr;
    QLabel* m_catalogPrice = nullptr;
    QLineEdit* m_usdPerHour = nullptr;
    QLineEdit* m_usdPerKwh = nullptr;
    QPushButton* m_save = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace accelscope::gui::serving
