// SPDX-License-Identifier: MIT
#include "models/system/step/serving_band.hpp"

namespace accelscope::models::system {

const ServingBand& servingBand()
{
    static const ServingBand band{0.596, 0.808, 0.969, 128,
                                  "10th to 90th percentile of measured / predicted output tokens/s over 128 published offline runs "
                                  "from outside MLPerf (data/serving/published, TensorRT-LLM, vLLM and SGLang; "
                                  "scripts/check_serving_published.py --band, 2026-11-28)"};
    return band;
}

} // namespace accelscope::models::system
