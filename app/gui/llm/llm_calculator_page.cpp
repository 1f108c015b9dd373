// SPDX-License-Identifier: MIT
// LlmCalculatorPage: catalog hand-over and the mode shortcut.
#include "app/gui/llm/llm_calculator_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"
#include "labs/guided/page_contracts.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/model_presets.hpp"

#include <QShortcut>

namespace accelscope::gui {

LlmCalculatorPage::LlmCalculatorPage(const PageServices& services, QWidget* parent)
    : CanvasPage(m_calculator,
                 tr("Memory per device from the model and layout; the matrix tries every catalog device at 1-64 devices. "
                    "Ctrl+T switches inference/training."),
                 [this] { return m_calculator.svg(); }, parent),
      m_calculator(services.context.catalog().devices)
{
    AppContext& context = services.context;
    setObjectName("llm-calculator");
    connect(&context, &AppContext::catalogChanged, this, [this, &context] {
        m_calculator.setCatalog(context.catalog().devices);
        canvas()->update();
    });
    auto* mode = new QShortcut(QKeySequence(tr("Ctrl+T")), this);
    connect(mode, &QShortcut::activated, this, [this] {
        auto& s = m_calculator.settings();
        s.mode = s.mode == llm::CalcMode::Inference ? llm::CalcMode::Training : llm::CalcMode::Inference;
        canvas()->update();
    });
}

namespace {

/// The calculator's whole-number settings by contract key.
int* intField(llm::CalcSettings& c, const std::string& key)
{
    const std::pair<const char*, int*> fields[] = {{"batch", &c.batch},         {"prompt", &c.promptTokens},     {"gen", &c.generatedTokens},
                                                   {"tp", &c.tensorParallel},   {"pp", &c.pipelineParallel},     {"dp", &c.dataParallel},
                                                   {"zero", &c.zeroStage},      {"seq", &c.sequence},            {"mbs", &c.microBatch}};
    for (const auto& [name, field] : fields) {
        if (key == name) return field;
    }
    return nullptr;
}

} // namespace

bool LlmCalculatorPage::applySetting(const std::string& key, const std::string& value)
{
    auto& c = m_calculator.settings();
    bool applied = false;
    if (key == "mode") {
        applied = value == "training" || value == "inference";
        if (applied) c.mode = value == "training" ? llm::CalcMode::Training : llm::CalcMode::Inference;
    } else if (key == "model") {
        applied = models::roofline::findModelPreset(value).has_value();
        if (applied) c.modelId = value;
    } else if (key == "devices") {
        const auto ids = labs::guided::settingList(value);
        m_calculator.setBarDevices(ids);
        applied = m_calculator.barDevices() == ids;
    } else if (key == "weights" || key == "kv") {
        applied = models::roofline::dataTypeFromName(value).has_value();
        if (applied && key == "weights") c.weights = c.activations = value;
        if (applied && key == "kv") c.kvCache = value;
    } else if (key == "recompute") {
        const auto r = models::memory::recomputeFromName(value);
        applied = r.has_value();
        if (applied) c.recompute = *r;
    } else if (int* field = intField(c, key)) {
        const auto& range = labs::guided::contractOf("llm-calculator").setting(key);
        const auto n = labs::guided::settingInt(value);
        applied = n && *n >= range.minInt() && *n <= range.maxInt();
        if (applied) *field = *n;
    }
    canvas()->update();
    return applied;
}

labs::guided::PageState LlmCalculatorPage::state()
{
    auto& c = m_calculator.settings();
    std::string devices;
    for (const auto& id : m_calculator.barDevices()) devices += (devices.empty() ? "" : ",") + id;
    labs::guided::PageState out{{"mode", c.mode == llm::CalcMode::Training ? "training" : "inference"},
                                {"model", c.modelId},
                                {"devices", devices},
                                {"weights", c.weights},
                                {"kv", c.kvCache},
                                {"activations", c.activations},
                                {"recompute", std::string(models::memory::recomputeName(c.recompute))}};
    for (const char* key : {"batch", "prompt", "gen", "tp", "pp", "dp", "zero", "seq", "mbs"}) out[key] = std::to_string(*intField(c, key));
    return out;
}

} // namespace accelscope::gui
