// SPDX-License-Identifier: MIT
// The Training step page: it shows the step model's estimate of the layout in its controls (the same as
// `train estimate`), refuses a layout that does not divide the devices with a message, finds the best layouts and
// shows the one clicked; its figure is the one `train estimate --svg` writes.
#include "app/gui/layout/figure_view.hpp"
#include "app/gui/training-step/run_budget_panel.hpp"
#include "app/gui/training-step/training_step_page.hpp"
#include "labs/guided/page_contracts.hpp"
#include "models/catalog/device_query.hpp"
#include "models/system/step/training_step.hpp"
#include "models/system/step/training_budget.hpp"
#include "models/figure/figure.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/system/step/step_figure.hpp"
#include "tests/app/gui_fixture.hpp"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>

using namespace accelscope::gui;
using namespace accelscope::models::system;

namespace {

QSpinBox* spinWithTip(TrainingStepPage& page, const char* tipStart)
{
    for (auto* box : page.findChildren<QSpinBox*>()) {
        if (box->toolTip().startsWith(QString::fromUtf8(tipStart))) return box;
    }
    FAIL("no spin box whose tooltip starts with " << tipStart);
    return nullptr;
}

} // namespace

TEST_CASE("the training step page shows the step model's estimate of its layout, as train estimate computes it")
{
    accelscope::tests::GuiFixture fixture;
    TrainingStepPage page(fixture.services());
    page.evaluate();
    REQUIRE(page.estimate().has_value());
    const TrainingStepEstimate& shown = *page.estimate();
    // The defaults: Llama 3.1 70B on 64 H100s, TP 4 CP 2 PP 4 VP 5 DP 2, FP8 GEMMs (NeMo 24.07's published layout).
    CHECK(shown.devices == 64);
    CHECK(shown.spec.parallel.dp == 2);
    CHECK(shown.spec.virtualStages == 5);
    CHECK(shown.fits);
    CHECK(page.command().contains("--tp 4 --pp 4 --vp 5 --cp 2"));
    // The same estimate from the model directly.
    const auto& all = fixture.services().context.catalog().devices;
    const auto h100 = std::find_if(all.begin(), all.end(), [](const auto& d) { return d.id == "nvidia-h100-sxm"; });
    REQUIRE(h100 != all.end());
    auto fabric = fabricForDevice(*h100, all, FabricRequest{8, 8, {}, {}});
    REQUIRE(fabric.has_value());
    auto direct = estimateTrainingStep(*accelscope::models::roofline::findModelPreset("llama3.1-70b"), *h100, *fabric, shown.spec);
    REQUIRE(direct.has_value());
    CHECK(direct->stepS == Approx(shown.stepS));
    // The page's figure is the model's figure (what --svg writes), and the view shows it.
    auto figure = page.figure(false);
    REQUIRE(figure.has_value());
    CHECK(accelscope::models::figure::figureSvg(*figure) ==
          accelscope::models::figure::figureSvg(trainingStepFigure(*direct, "Llama 3.1 70B", h100->name, false)));
    REQUIRE(page.view()->figure().has_value());
}

TEST_CASE("a layout that does not divide the devices is refused with a message and no figure")
{
    accelscope::tests::GuiFixture fixture;
    TrainingStepPage page(fixture.services());
    spinWithTip(page, "Tensor parallel")->setValue(3);
    page.evaluate();
    CHECK_FALSE(page.estimate().has_value());
    CHECK_FALSE(page.view()->figure().has_value());
    CHECK_FALSE(page.figure(false).has_value());
}

TEST_CASE("find the best layouts fills the table fastest first and a click shows that layout")
{
    accelscope::tests::GuiFixture fixture;
    TrainingStepPage page(fixture.services());
    spinWithTip(page, "Devices in the run")->setValue(16);
    spinWithTip(page, "Tokens per sequence")->setValue(4096);
    auto* model = page.findChildren<QComboBox*>().front();
    const int eightB = model->findData(QStringLiteral("llama3.1-8b"));
    REQUIRE(eightB >= 0);
    model->setCurrentIndex(eightB);
    page.findBest();
    QTableWidget* table = page.table();
    REQUIRE(table->rowCount() > 1);
    emit table->cellClicked(1, 0);
    REQUIRE(page.estimate().has_value());
    CHECK(page.estimate()->devices == 16);
    CHECK(page.estimate()->fits);
    const double second = page.estimate()->stepS;
    emit table->cellClicked(0, 0);
    REQUIRE(page.estimate().has_value());
    CHECK(page.estimate()->stepS <= second);
}

TEST_CASE("the training step page gives the run's days, device-hours, cost and energy, and the fewest devices for a deadline")
{
    accelscope::tests::GuiFixture fixture;
    TrainingStepPage page(fixture.services());
    page.evaluate();
    REQUIRE(page.estimate().has_value());
    RunBudgetPanel* budget = page.budget();
    REQUIRE(budget != nullptr);
    budget->setTokens(1e12);
    budget->setDays(30);
    // The shown layout's run, as trainingRunCost computes it.
    const auto* h100 = *accelscope::models::catalog::findDevice(fixture.context->catalog().devices, "nvidia-h100-sxm");
    const TrainingRunCost cost = trainingRunCost(*page.estimate(), *h100, 1e12);
    CHECK(budget->runLabel()->text().toStdString() == "This layout trains " + runCostText(cost));
    CHECK(budget->runLabel()->text().startsWith("This layout trains 1T tokens in "));
    // The deadline: the page takes the count found and shows its layout.
    const auto found = budget->searchNow();
    REQUIRE(found.has_value());
    REQUIRE(found->devices > 0);
    CHECK(found->cost->days <= 30.0);
    REQUIRE(page.estimate().has_value());
    CHECK(page.estimate()->devices == found->devices);
    CHECK(page.estimate()->spec.parallel.tp == found->best->spec.parallel.tp);
    CHECK(budget->deadlineLabel()->text().startsWith(QString("Fewest: %1 devices").arg(found->devices)));
}

TEST_CASE("the training step page's GEMM format box offers the step model's precisions")
{
    accelscope::tests::GuiFixture fixture;
    TrainingStepPage page(fixture.services());
    QComboBox* box = nullptr;
    for (auto* b : page.findChildren<QComboBox*>()) {
        if (b->toolTip().startsWith(QStringLiteral("The linear layers' format"))) box = b;
    }
    REQUIRE(box != nullptr);
    std::vector<std::string> offered;
    for (int i = 0; i < box->count(); ++i) offered.push_back(box->itemData(i).toString().toStdString());
    std::vector<std::string> model;
    for (const auto p : trainingGemmPrecisions()) model.emplace_back(p);
    CHECK(offered == model);
    // The lesson contract offers the same choices.
    CHECK(accelscope::labs::guided::pageContract("training-step")->setting("precision").choices == model);
}
