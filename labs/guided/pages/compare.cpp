// SPDX-License-Identifier: MIT
// The Compare page's lesson settings contract: what a lesson may set there (app/gui/compare/ reads its ranges).
#include "labs/guided/page_contracts.hpp"

namespace accelscope::labs::guided::pages::compare {

PageContract contract()
{
    return {"compare", "Compare", {kindSetting("devices", SettingKind::DeviceList, "the devices compared side by side", 2, 6)}};
}

} // namespace accelscope::labs::guided::pages::compare
