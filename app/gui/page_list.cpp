// SPDX-License-Identifier: MIT
// The page list. A new page: its folder under app/gui, one line here, its test in tests/app.
#include "app/gui/page_list.hpp"

#include "app/gui/catalog/catalog_page.hpp"
#include "app/gui/compare/compare_page.hpp"
#include "app/gui/labs/labs_page.hpp"
#include "app/gui/lessons/lessons_page.hpp"
#include "app/gui/llm/llm_calculator_page.hpp"
#include "app/gui/memory/memory_pyramid_page.hpp"
#include "app/gui/roofline/roofline_page.hpp"
#include "app/gui/serving/serving_page.hpp"
#include "app/gui/visualizers/pipeline/pipeline_page.hpp"
#include "app/gui/visualizers/precision/precision_page.hpp"
#include "app/gui/visualizers/warp/warp_page.hpp"

#include <QtGlobal>

namespace accelscope::gui {

std::vector<PageEntry> pageList()
{
    return {
        {"catalog", QT_TRANSLATE_NOOP("Pages", "Catalog"), QT_TRANSLATE_NOOP("Pages", "Browse, search and filter every device with its sources"), makePage<CatalogPage>},
        {"compare", QT_TRANSLATE_NOOP("Pages", "Compare"), QT_TRANSLATE_NOOP("Pages", "Two to six devices side by side"), makePage<ComparePage>},
        {"precision", QT_TRANSLATE_NOOP("Pages", "Precision"), QT_TRANSLATE_NOOP("Pages", "Number formats from FP32 to FP4, MX and NVFP4: bits, ranges, error"), makePage<PrecisionPage>},
        {"warp-divergence", QT_TRANSLATE_NOOP("Pages", "Warp divergence"), QT_TRANSLATE_NOOP("Pages", "SIMT execution: divergent branches under a reconvergence stack and ITS"), makePage<WarpPage>},
        {"pipeline-bubbles", QT_TRANSLATE_NOOP("Pages", "Pipeline bubbles"), QT_TRANSLATE_NOOP("Pages", "Pipeline-parallel schedules, bubbles and activation memory"), makePage<PipelinePage>},
        {"roofline", QT_TRANSLATE_NOOP("Pages", "Roofline"), QT_TRANSLATE_NOOP("Pages", "Roofs of several devices with kernels and LLM ops placed by the model"), makePage<RooflinePage>},
        {"memory-pyramid", QT_TRANSLATE_NOOP("Pages", "Memory pyramid"), QT_TRANSLATE_NOOP("Pages", "Capacity, bandwidth and latency per level, beside this machine's caches"), makePage<MemoryPyramidPage>},
        {"llm-calculator", QT_TRANSLATE_NOOP("Pages", "LLM calculator"), QT_TRANSLATE_NOOP("Pages", "Inference and training memory per device and where a model fits"), makePage<LlmCalculatorPage>},
        {"labs", QT_TRANSLATE_NOOP("Pages", "Labs"), QT_TRANSLATE_NOOP("Pages", "Measure this machine: bandwidth, latency, compute peak, roofline; stored results"), makePage<LabsPage>},
        {"serving-planner", QT_TRANSLATE_NOOP("Pages", "Serving planner"), QT_TRANSLATE_NOOP("Pages", "Which accelerators, how many, at what tokens/s and cost: ranked layouts calibrated on MLPerf"), makePage<ServingPage>},
        {"lessons", QT_TRANSLATE_NOOP("Pages", "Lessons"), QT_TRANSLATE_NOOP("Pages", "A guided course: each step explains, shows the page and checks your answer"), makePage<LessonsPage>, true},
    };
}

} // namespace accelscope::gui
