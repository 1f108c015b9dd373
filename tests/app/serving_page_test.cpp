// SPDX-License-Identifier: MIT
// The Serving planner page: the table shows the planner's rows with their bound, what does not fit
// has no throughput, the Pareto chart has a curve and a band per device, the memo is written.
#include "app/gui/serving-planner/prices_box.hpp"
#include "app/gui/serving-planner/serving_chart.hpp"
#include "app/gui/serving-planner/serving_page.hpp"
#include "app/gui/serving-planner/sizing_view.hpp"
#include "labs/guided/page_contracts.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/model_presets.hpp"
#include "models/system/workload/workload_defaults.hpp"
#include "models/system/step/serving_sizing.hpp"
#include "app/gui/figure_export.hpp"
#include "app/gui/page_capture.hpp"
#include "tests/app/gui_fixture.hpp"
#include "tests/support/temp_dir.hpp"

#include <QDir>
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QTabBar>
#include <QTableWidget>

using namespace accelscope::gui;

TEST_CASE("the serving page ranks the planner's rows, each with its bound, and no number for what does not fit")
{
    accelscope::tests::GuiFixture fixture;
    ServingPage page(fixture.services());
    REQUIRE(page.settingsBinding().apply("model", "llama3.1-405b"));
    REQUIRE(page.settingsBinding().apply("weights", "fp8"));
    REQUIRE(page.settingsBinding().apply("rank", "devices"));
    page.replan();
    const auto& rows = page.rows();
    REQUIRE_FALSE(rows.empty());
    QTableWidget* table = page.table();
    REQUIRE(table->rowCount() == static_cast<int>(rows.size()));
    bool sawMiss = false;
    for (int i = 0; i < table->rowCount(); ++i) {
        const auto& row = rows[static_cast<std::size_t>(i)];
        INFO(row.device->id);
        CHECK(table->item(i, 1)->text().toStdString() == row.device->name);
        if (row.estimate && row.estimate->fits) {
            CHECK(table->item(i, 2)->text().toInt() == row.estimate->devices);
            CHECK(table->item(i, 12)->text().toStdString() == std::string(accelscope::models::serving::boundName(row.estimate->bound)));
        } else if (row.estimate) {
            sawMiss = true;
            CHECK(table->item(i, 5)->text().startsWith("does not fit (needs"));
            CHECK(table->item(i, 12)->text() == "memory");
        }
    }
    CHECK(sawMiss); // 405B in FP8 does not fit some accelerators at any count up to 64
    // 405 GB of FP8 weights: the first row by devices needs more than one 80 GB-class device.
    CHECK(rows.front().estimate->devices >= 2);
    CHECK(page.settingsBinding().state().at("top_device") == rows.front().device->id);
}

TEST_CASE("the Pareto chart draws a curve, its points and its band per device, and the calibration rows are listed")
{
    accelscope::tests::GuiFixture fixture;
    ServingPage page(fixture.services());
    REQUIRE(page.settingsBinding().apply("model", "llama2-70b"));
    page.replan();
    CHECK(page.chart()->seriesCount() >= 3); // band, line and points of at least one device
    CHECK(page.chart()->seriesCount() % 3 == 0);
    CHECK(page.calibrationTable()->rowCount() > 0);
}

TEST_CASE("the purchase memo names a source or formula for its numbers and is written to a file")
{
    accelscope::tests::GuiFixture fixture;
    ServingPage page(fixture.services());
    page.replan();
    const std::string memo = page.memo();
    CHECK(memo.find("# Serving purchase memo") != std::string::npos);
    CHECK(memo.find("memory_bw_gbs = ") != std::string::npos);
    CHECK(memo.find("https://") != std::string::npos);
    CHECK(memo.find("10.2 / 5.6") != std::string::npos);
    CHECK(memo.find("## Calibration") != std::string::npos);
    accelscope::tests::TempDir dir;
    const QString file = QString::fromStdString((dir.path() / "memo.md").string());
    REQUIRE(page.exportMemo(file));
    QFile in(file);
    REQUIRE(in.open(QIODevice::ReadOnly));
    CHECK(in.readAll().toStdString() == memo);
}

TEST_CASE("a setting outside the serving contract is refused")
{
    accelscope::tests::GuiFixture fixture;
    ServingPage page(fixture.services());
    CHECK_FALSE(page.settingsBinding().apply("input", "0"));
    CHECK_FALSE(page.settingsBinding().apply("scenario", "batch"));
    CHECK_FALSE(page.settingsBinding().apply("weights", "fp7"));
    CHECK(page.settingsBinding().state().at("input") == std::to_string(accelscope::models::system::workloadDefaults.promptTokens));
}

TEST_CASE("the serving page's format boxes offer the model's format list and its request starts at the workload defaults")
{
    using accelscope::models::system::workloadDefaults;
    accelscope::tests::GuiFixture fixture;
    ServingPage page(fixture.services());
    const auto contract = accelscope::labs::guided::pageContract("serving-planner").value();
    std::vector<std::string> formats;
    for (const auto f : accelscope::models::roofline::llmStorageFormats()) formats.emplace_back(f);
    int boxes = 0;
    for (QComboBox* box : page.findChildren<QComboBox*>()) {
        const std::string tip = box->toolTip().toStdString();
        if (tip != contract.setting("weights").meaning && tip != contract.setting("kv").meaning) continue;
        ++boxes;
        std::vector<std::string> items;
        for (int i = 0; i < box->count(); ++i) items.push_back(box->itemText(i).toStdString());
        INFO(tip);
        CHECK(items == formats);
        CHECK(box->currentText().toStdString() == workloadDefaults.servingFormat);
    }
    CHECK(boxes == 2); // weights and KV cache
    const auto state = page.settingsBinding().state();
    CHECK(state.at("input") == std::to_string(workloadDefaults.promptTokens));
    CHECK(state.at("output") == std::to_string(workloadDefaults.outputTokens));
}

TEST_CASE("the serving page's figure is its Pareto chart with one legend entry and one statistic per curve")
{
    accelscope::tests::GuiFixture fixture;
    ServingPage page(fixture.services());
    REQUIRE(page.settingsBinding().apply("model", "llama3.1-405b"));
    REQUIRE(page.settingsBinding().apply("weights", "fp8"));
    page.replan();
    const auto& curves = page.chart()->curves();
    REQUIRE_FALSE(curves.empty());
    const auto figure = page.figure(false);
    REQUIRE(figure.has_value());
    REQUIRE(figure->statistics.size() == curves.size());
    CHECK_THAT(figure->statistics[0], Catch::StartsWith(curves[0].label + ": up to "));
    CHECK(figure->legend.size() == curves.size() + 1); // and the band's meaning
    const std::string svg = accelscope::models::figure::figureSvg(*figure);
    CHECK_THAT(svg, Catch::Contains("tokens/s per user") && Catch::Contains("MLPerf Inference"));
    CHECK(distinctColours(renderFigure(*figure)) > 16); // drawn, not a blank background
}

TEST_CASE("your price typed on the serving page is kept in the user database and changes the row's $/M tokens")
{
    accelscope::tests::GuiFixture fixture;
    ServingPage page(fixture.services());
    REQUIRE(page.settingsBinding().apply("model", "llama3.1-70b"));
    REQUIRE(page.settingsBinding().apply("rank", "devices"));
    page.replan();
    const auto rowOf = [&](const std::string& id) -> const accelscope::models::serving::ServingEstimate* {
        for (const auto& r : page.rows()) {
            if (r.device->id == id && r.estimate && r.estimate->fits) return &*r.estimate;
        }
        return nullptr;
    };
    const auto* before = rowOf("nvidia-h100-sxm");
    REQUIRE(before != nullptr);
    CHECK(before->priceBasis == "cloud");
    auto* prices = page.prices();
    prices->device()->setCurrentIndex(prices->device()->findData(QStringLiteral("nvidia-h100-sxm")));
    prices->usdPerHour()->setText("-2");
    CHECK_FALSE(prices->save()); // one line, nothing stored
    CHECK(prices->status()->text().startsWith("Your $/device-hour must be a number >= 0"));
    prices->usdPerHour()->setText("1.5");
    prices->usdPerKwh()->setText("0.1");
    REQUIRE(prices->save());
    page.replan();
    const auto* mine = rowOf("nvidia-h100-sxm");
    REQUIRE(mine != nullptr);
    CHECK(mine->priceBasis == "your $/h");
    REQUIRE(mine->energyUsdPerHour.has_value());
    const double perHour = 1.5 * mine->devices + *mine->watts / 1000.0 * 0.1;
    CHECK_THAT(*mine->usdPerHour, Catch::Matchers::WithinRel(perHour, 1e-12));
    const auto store = fixture.services().context.userStore();
    REQUIRE(store.has_value());
    REQUIRE((*store)->priceOverrides()->size() == 1);
    CHECK(*(*store)->usdPerKwh().value() == 0.1);
}

TEST_CASE("the Pareto axes end on round numbers")
{
    // Table: largest value → top and tick count (0 included).
    const std::vector<std::tuple<double, double, int>> cases{
        {105.0, 120.0, 7}, {1.05, 1.2, 7}, {4600.0, 5000.0, 6}, {0.9, 1.0, 6}, {2300.0, 2500.0, 6}, {61.0, 80.0, 5}};
    for (const auto& [value, top, ticks] : cases) {
        INFO(value);
        const auto axis = serving::niceAxis(value);
        CHECK_THAT(axis.top, Catch::Matchers::WithinRel(top, 1e-12));
        CHECK(axis.ticks == ticks);
    }
}

TEST_CASE("every input of the serving page has a tooltip")
{
    accelscope::tests::GuiFixture fixture;
    ServingPage page(fixture.services());
    int inputs = 0;
    for (QWidget* w : page.findChildren<QWidget*>()) {
        const bool input = qobject_cast<QComboBox*>(w) || qobject_cast<QLineEdit*>(w) || qobject_cast<QAbstractSpinBox*>(w) ||
                           qobject_cast<QAbstractButton*>(w);
        // A spin box's or combo box's own line edit is part of its parent input.
        if (!input || qobject_cast<QAbstractSpinBox*>(w->parentWidget()) || qobject_cast<QComboBox*>(w->parentWidget())) continue;
        // Qt's own parts: a table's corner button, a tab bar's scroll arrows.
        if (qobject_cast<QAbstractItemView*>(w->parentWidget()) || qobject_cast<QTabBar*>(w->parentWidget())) continue;
        ++inputs;
        INFO(w->metaObject()->className() << " " << w->objectName().toStdString());
        CHECK_FALSE(w->toolTip().isEmpty());
    }
    CHECK(inputs >= 14);
}

TEST_CASE("Size to a load: the page's inputs and a load give the step model's counts, as serve size prints them")
{
    accelscope::tests::GuiFixture fixture;
    ServingPage page(fixture.services());
    REQUIRE(page.settingsBinding().apply("model", "llama3.1-70b"));
    REQUIRE(page.settingsBinding().apply("weights", "fp8"));
    page.replan();
    serving::SizingView* sizing = page.sizing();
    REQUIRE(sizing != nullptr);
    sizing->setLoad("users", 1000);
    sizing->setObjective(2.0, 50.0);
    sizing->setDevices("nvidia-h100-sxm, nvidia-b200");
    sizing->size();
    const auto& rows = sizing->rows();
    REQUIRE(rows.size() == 2);
    // The same question straight to the model.
    accelscope::models::system::SizingRequest r;
    r.demand = {accelscope::models::system::DemandKind::Users, 1000};
    r.devices = {"nvidia-h100-sxm", "nvidia-b200"};
    const auto expected = accelscope::models::system::sizeServing(*accelscope::models::roofline::findModelPreset("llama3.1-70b"),
                                                                   fixture.context->catalog().devices, r);
    QTableWidget* table = sizing->table();
    REQUIRE(table->rowCount() == 2);
    for (int i = 0; i < 2; ++i) {
        INFO(rows[static_cast<std::size_t>(i)].device->id);
        CHECK(rows[static_cast<std::size_t>(i)].count == expected[static_cast<std::size_t>(i)].count);
        CHECK(table->item(i, 1)->text().toInt() == expected[static_cast<std::size_t>(i)].count);
        CHECK(table->item(i, 0)->text().toStdString() == expected[static_cast<std::size_t>(i)].device->name);
    }
    CHECK(sizing->chart()->seriesCount() > 0);
    CHECK(sizing->command().contains("serve size --model llama3.1-70b --weights fp8"));
    CHECK(sizing->command().contains("--users 1000"));
    // The memo, as Markdown and as PDF; a folder that does not exist is an error that writes nothing.
    accelscope::tests::TempDir dir;
    const QString md = QString::fromStdString((dir.path() / "memo.md").string());
    const QString pdf = QString::fromStdString((dir.path() / "memo.pdf").string());
    REQUIRE(sizing->exportMemo(md));
    QFile mdFile(md);
    REQUIRE(mdFile.open(QIODevice::ReadOnly));
    const QByteArray text = mdFile.readAll();
    CHECK(text.startsWith("# Serving Llama 3.1 70B: devices for 1,000 concurrent users"));
    CHECK(text.contains("## Summary and recommendation"));
    CHECK(text.contains(sizing->command().toUtf8()));
    REQUIRE(sizing->exportMemo(pdf));
    QFile pdfFile(pdf);
    REQUIRE(pdfFile.open(QIODevice::ReadOnly));
    const QByteArray bytes = pdfFile.readAll();
    CHECK(bytes.startsWith("%PDF-"));
    CHECK(bytes.size() > 5000);
    const QString nowhere = QString::fromStdString((dir.path() / "no-such-folder" / "memo.pdf").string());
    CHECK_FALSE(sizing->exportMemo(nowhere));
    CHECK_FALSE(QFile::exists(nowhere));
    // A device that is not in the catalog is said, and nothing is sized.
    sizing->setDevices("no-such-chip");
    sizing->size();
    CHECK(sizing->rows().empty());
    CHECK(table->rowCount() == 0);
}
