// SPDX-License-Identifier: MIT
// The Catalog page's lesson settings contract: what a lesson may set there (app/gui/catalog/ reads its ranges).
#include "labs/guided/page_contracts.hpp"

namespace accelscope::labs::guided::pages::catalog {

PageContract contract()
{
    return {"catalog", "Catalog", {kindSetting("device", SettingKind::Device, "the device selected in the table"), kindSetting("search", SettingKind::Text, "the search text")}};
}

} // namespace accelscope::labs::guided::pages::catalog
