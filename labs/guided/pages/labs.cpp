// SPDX-License-Identifier: MIT
// The Labs page's lesson settings contract: what a lesson may set there (app/gui/labs/ reads its ranges).
#include "labs/guided/page_contracts.hpp"

namespace accelscope::labs::guided::pages::labs {

PageContract contract()
{
    return {"labs", "Labs",
            {kindSetting("lab", SettingKind::Lab, "the lab selected in the list"),
             kindSetting("parameters", SettingKind::LabParameters,
                         "the selected lab's parameters as NAME=NUMBER pairs separated by ',' (model_mib=32): set after 'lab'")}};
}

} // namespace accelscope::labs::guided::pages::labs
