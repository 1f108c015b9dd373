// SPDX-License-Identifier: MIT
// The Precision page's lesson settings contract: what a lesson may set there (app/gui/precision/ reads its ranges).
#include "labs/guided/page_contracts.hpp"

#include <limits>

namespace accelscope::labs::guided::pages::precision {

PageContract contract()
{
    using K = SettingKind;
    return {"precision",
            "Precision",
            {kindSetting("format", K::Format, "the format of the bit editor and number line (element) or block view (block)"),
             kindSetting("format2", K::Format, "the number line's second (overlaid) element format"),
             choiceSetting("view", {"bits", "number-line", "table", "block", "quantization"}, "the view shown"),
             kindSetting("value", K::Number, "a value typed into the bit editor", std::numeric_limits<double>::lowest(),
                         std::numeric_limits<double>::max()),
             kindSetting("distribution", K::Distribution, "the quantization lab's distribution"),
             kindSetting("log", K::Bool, "the number line on a log scale")}};
}

} // namespace accelscope::labs::guided::pages::precision
