// SPDX-License-Identifier: MIT
// LlmCalculatorPage: catalog hand-over and the mode shortcut.
#include "app/gui/llm-calculator/llm_calculator_page.hpp"

#include "app/gui/canvas/imgui_canvas.hpp"
#include "labs/guided/page_contracts.hpp"
#include "labs/measured/machine_decode.hpp"
#include "models/memory/llm_memory_plan.hpp"
#include "models/memory/training_memory.hpp"

#include <QShortcut>

namespace accelscope::gui {

LlmCalculatorPage::LlmCalculatorPage(const PageServices& services, QWidget* parent)
    : CanvasPage(m_calculator,
                 tr("Memory per device from the model and layout; the matrix tries every catalog device at 1-64 devices. "
                    "Ctrl+T switches inference/training."),
                 [this] { return m_calculator.svg(); }, parent),
      m_context(services.context), m_calculator(services.context.catalog().devices)
{
    AppContext& context = services.context;
    m_calculator.machineDecode().setActions({[this] { showThisMachine(); },
                                             [navigator = &services.navigator] { navigator->openPage("labs", {{"lab", "cpu-kernels"}}); }});
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
    bindSettings();
}

bool LlmCalculatorPage::showThisMachine()
{
    auto store = m_context.userStore();
    auto latest = store ? labs::latestMachineDecode(**store) : std::unexpected(store.error());
    auto& panel = m_calculator.machineDecode();
    if (!latest) {
        panel.setDecode(std::nullopt, "This machine: " + latest.error().message);
    } else if (!latest->has_value()) {
        panel.setDecode(std::nullopt, "No saved CPU kernels run: run the CPU kernels lab (cpu-kernels) on the Labs page and keep "
                                      "its result to see this machine's decode tokens/s, predicted and measured.");
    } else {
        panel.setDecode(std::move(**latest), {});
    }
    canvas()->update();
    return panel.decode().has_value();
}

void LlmCalculatorPage::showEvent(QShowEvent* event)
{
    CanvasPage::showEvent(event);
    showThisMachine(); // a run saved on the Labs page since the last visit
}

void LlmCalculatorPage::bindSettings()
{
    using models::memory::LlmMemorySettings;
    m_binding.bindDevices("devices", [&c = m_calculator] { return c.barDevices(); }, [&c = m_calculator](const std::vector<std::string>& ids) { c.setBarDevices(ids); });
    // The named keys go through the models' own key → settings mapping (as the CLI and the lesson
    // predicates do): "weights" also sets the activations.
    const auto named = [this](const char* key, auto get) {
        m_binding.bindText(key, [&c = m_calculator, get] { return std::string(get(c.settings())); }, [&c = m_calculator, key](const std::string& value) {
            auto updated = models::memory::llmSettingsFromKeys({{key, value}}, c.settings());
            if (updated) c.settings() = *updated;
            return updated.has_value();
        });
    };
    named("mode", [](const LlmMemorySettings& s) { return models::memory::llmModeName(s.mode); });
    named("model", [](const LlmMemorySettings& s) { return s.modelId; });
    named("weights", [](const LlmMemorySettings& s) { return s.weights; });
    named("kv", [](const LlmMemorySettings& s) { return s.kvCache; });
    named("recompute", [](const LlmMemorySettings& s) { return models::memory::recomputeName(s.recompute); });
    for (const auto& [key, field] : {std::pair{"batch", &LlmMemorySettings::batch}, std::pair{"prompt", &LlmMemorySettings::promptTokens},
                                     std::pair{"gen", &LlmMemorySettings::generatedTokens}, std::pair{"tp", &LlmMemorySettings::tensorParallel},
                                     std::pair{"pp", &LlmMemorySettings::pipelineParallel}, std::pair{"dp", &LlmMemorySettings::dataParallel},
                                     std::pair{"zero", &LlmMemorySettings::zeroStage}, std::pair{"seq", &LlmMemorySettings::sequence},
                                     std::pair{"mbs", &LlmMemorySettings::microBatch}}) {
        m_binding.bindInt(key, [&c = m_calculator, field] { return c.settings().*field; }, [&c = m_calculator, field](int n) { c.settings().*field = n; });
    }
    m_binding.bindBool("sp", [&c = m_calculator] { return c.settings().sequenceParallel; }, [&c = m_calculator](bool sp) { c.settings().sequenceParallel = sp; });
    m_binding.report<std::string>("activations", [&c = m_calculator] { return c.settings().activations; });
    m_binding.onApplied([this] { canvas()->update(); });
}

std::expected<models::figure::Figure, QString> LlmCalculatorPage::figure(bool dark)
{
    auto made = m_calculator.figure(dark);
    if (!made) return std::unexpected(QString::fromStdString(made.error()));
    return std::move(*made);
}

} // namespace accelscope::gui
