// SPDX-License-Identifier: MIT
// Roofline, memory pyramid and LLM calculator views: they show what models/roofline and models/memory compute.
#include "app/gui/canvas/drawing_painter.hpp"
#include "app/gui/canvas/imgui_layout.hpp"
#include "app/gui/llm-calculator/llm_calculator.hpp"
#include "app/gui/memory-pyramid/pyramid_visualizer.hpp"
#include "app/gui/roofline/roofline_visualizer.hpp"
#include "models/memory/llm_memory_plan.hpp"
#include "models/roofline/kernels.hpp"
#include "models/roofline/placements.hpp"
#include "models/roofline/model_presets.hpp"
#include "tests/app/gui_fixture.hpp"
#include "tests/app/headless_imgui.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

namespace gui = accelscope::gui;
namespace rl = accelscope::models::roofline;
namespace mem = accelscope::models::memory;
using accelscope::tests::FakeDrawContext;
using accelscope::tests::GuiFixture;
using accelscope::tests::HeadlessImGui;

namespace {

// Everything drawn in `chart` lies inside its width and height: text (by its anchor and
// measured width), markers and rectangles. Returns the first thing that does not, or "".
std::string outside(const accelscope::models::figure::Drawing& chart, const accelscope::models::figure::Measure& measure)
{
    namespace fig = accelscope::models::figure;
    const double w = chart.width;
    const double h = chart.height;
    constexpr double slack = 0.5; // rounding
    for (const auto& t : chart.texts) {
        const double width = measure ? measure(t.text, static_cast<float>(t.size)) : fig::textWidthEstimate(t.text, t.size);
        const double left = t.anchor == fig::Anchor::Start ? t.x : t.anchor == fig::Anchor::Middle ? t.x - width / 2 : t.x - width;
        if (left < -slack || left + width > w + slack || t.y < -slack || t.y + t.size > h + slack) return "text '" + t.text + "'";
    }
    for (const auto& m : chart.markers) {
        if (m.x - m.radius < -slack || m.x + m.radius > w + slack) return "a marker";
    }
    for (const auto& r : chart.rects) {
        if (r.x < -slack || r.x + r.width > w + slack) return "a rectangle";
    }
    return {};
}

} // namespace

// The numbers of the dots (bounds, roofs, LLM analyses) are tested in tests/models/roofline/placements_test.cpp;
// these tests check that the view hands its settings to the model and draws what comes back.
TEST_CASE("roofline view: its dots are the model's placements of the chosen devices and kernels")
{
    GuiFixture fixture;
    gui::roofline::RooflineVisualizer view(fixture.context->catalog().devices);
    REQUIRE(view.deviceIds() == std::vector<std::string>{"nvidia-h100-sxm", "amd-instinct-mi300x"});
    const auto& devices = fixture.context->catalog().devices;
    const std::vector<const accelscope::models::catalog::Device*> chosen{gui::findDevice(devices, "nvidia-h100-sxm"),
                                                                         gui::findDevice(devices, "amd-instinct-mi300x")};
    view.kernels()[1].batch = 4096; // the GEMV's batch slider
    view.setSparse(true);
    const auto mine = view.placements();
    const auto model = rl::placeKernels(view.kernels(), chosen, rl::Sparsity::Sparse);
    REQUIRE(mine.size() == model.size());
    for (std::size_t i = 0; i < mine.size(); ++i) {
        CHECK(mine[i].kernel == model[i].kernel);
        CHECK(mine[i].device == model[i].device);
        CHECK(mine[i].roof == model[i].roof);
        CHECK(mine[i].peakTflops == model[i].peakTflops);
    }
}

TEST_CASE("roofline view: hovering a dot tells its bound")
{
    GuiFixture fixture;
    gui::roofline::RooflineVisualizer view(fixture.context->catalog().devices);
    const auto chart = view.chart(1000, 700, false, 13);
    // Find the dot's hit area through its tip text.
    const auto hit = std::ranges::find_if(chart.hits, [](const auto& h) {
        return h.tip.starts_with("GEMM 4096^3 bf16 on NVIDIA H100");
    });
    REQUIRE(hit != chart.hits.end());
    const std::string tip = accelscope::models::figure::tipAt(chart, (hit->x0 + hit->x1) / 2, (hit->y0 + hit->y1) / 2);
    CHECK_THAT(tip, Catch::Contains("compute bound") && Catch::Contains("ridge") && Catch::Contains("roof: bf16 tensor dense"));
}

TEST_CASE("roofline view: the chart's roofs and ridges are selectRoof's, FP32 on H100 from its vector units")
{
    GuiFixture fixture;
    gui::roofline::RooflineVisualizer view(fixture.context->catalog().devices);
    view.setDevices({"nvidia-h100-sxm", "nvidia-rtx-pro-6000-blackwell-workstation"});
    view.showOnlyPrecision("fp32");
    const auto chart = view.chart(1000, 700, false, 13);
    // 67 TFLOP/s / 3350 GB/s = 20 FLOP/byte; the RTX PRO 6000 has no tensor figure: 125 / 1792 = 69.8 FLOP/byte.
    const auto roofTip = [&](const std::string& start) {
        const auto hit = std::ranges::find_if(chart.hits, [&](const auto& h) { return h.tip.starts_with(start); });
        return hit == chart.hits.end() ? std::string() : hit->tip;
    };
    CHECK_THAT(roofTip("NVIDIA H100 SXM5 80GB\nfp32 vector: 67 TFLOP/s"), Catch::Contains("ridge point 20 FLOP/byte"));
    CHECK_THAT(roofTip("NVIDIA RTX PRO 6000 Blackwell Workstation Edition 96GB\nfp32 vector: 125 TFLOP/s"),
               Catch::Contains("ridge point 69.8 FLOP/byte"));
}

TEST_CASE("roofline view: LLM mode plots every prefill and decode op, a layout that does not divide shows the model's message")
{
    GuiFixture fixture;
    gui::roofline::RooflineVisualizer view(fixture.context->catalog().devices);
    view.setMode(gui::roofline::ChartMode::Llm);
    view.llm().modelId = "llama2-70b";
    const auto chart = view.chart(1000, 700, false, 13);
    const auto decodeDots = std::ranges::count_if(chart.hits, [](const auto& h) { return h.tip.starts_with("decode "); });
    const auto prefillDots = std::ranges::count_if(chart.hits, [](const auto& h) { return h.tip.starts_with("prefill "); });
    CHECK(decodeDots >= 5);
    CHECK(prefillDots >= 5);
    view.llm().workload.tensorParallel = 3;
    const auto bad = view.chart(1000, 700, false, 13);
    CHECK(std::ranges::any_of(bad.drawing.texts, [](const auto& t) { return t.text.find("not divisible by tp 3") != std::string::npos; }));
}

TEST_CASE("roofline view: measured roofs are drawn dashed and points give the share of the datasheet peak")
{
    GuiFixture fixture;
    gui::roofline::RooflineVisualizer view(fixture.context->catalog().devices);
    view.setPrecisionShown("fp8", false); // compare with the BF16 roof
    view.showMeasured({"test machine", 2000.0, 100.0, {{10.0, 900.0}}, "unit test"});
    const auto chart = view.chart(1000, 700, false, 13);
    CHECK(std::ranges::count_if(chart.drawing.lines, [](const auto& l) { return l.dashed; }) == 3); // two roofs + the legend swatch
    const auto hit = std::ranges::find_if(chart.hits, [](const auto& h) { return h.tip.starts_with("test machine (measured)\n10"); });
    REQUIRE(hit != chart.hits.end());
    // 900 GFLOP/s of H100's 989.5 TFLOP/s BF16 dense peak is 0.09 %.
    CHECK_THAT(hit->tip, Catch::Contains("45.0% of its measured compute ceiling") && Catch::Contains("0.09% of its bf16 datasheet peak"));
    view.clearMeasured();
    const auto cleared = view.chart(1000, 700, false, 13);
    CHECK(std::ranges::none_of(cleared.drawing.lines, [](const auto& l) { return l.dashed; }));
}

TEST_CASE("pyramid view: a row per level with sourced and unknown marks, measurements fill the local unknowns")
{
    GuiFixture fixture;
    mem::LocalMachine machine{"Test CPU", {{1, "data", 48 * 1024, 8}, {2, "unified", 2 * 1024 * 1024, 8}, {3, "unified", 32u << 20, 1}},
                              64'000'000'000, "hwloc test"};
    gui::memory::PyramidVisualizer view(fixture.context->catalog().devices, mem::localPyramid(machine), {});
    view.setDevices("nvidia-h100-sxm", "");
    const auto h100 = mem::devicePyramid(*gui::findDevice(fixture.context->catalog().devices, "nvidia-h100-sxm"));
    auto rows = view.rows();
    REQUIRE(rows.size() == h100.levels.size() + 4);
    CHECK(rows[0].label == "Register file");
    CHECK(rows[0].capacityBasis == rl::Basis::Sourced);
    CHECK_THAT(rows[0].capacity, Catch::Contains("256 KiB [S]"));
    const auto hbm = std::ranges::find_if(rows, [](const auto& r) { return r.label == "HBM3"; });
    REQUIRE(hbm != rows.end());
    CHECK(hbm->bandwidth == "3,350 GB/s [S]");
    CHECK(hbm->capacity == "80 GiB [S]"); // the catalog's display rule: H100's "80GB" is 80 GiB, never "85.9 GB"
    CHECK_THAT(hbm->latency, Catch::StartsWith("27") && Catch::EndsWith(" ns [P]")); // Luo et al.: 478.8 cycles at 1755 MHz
    view.setMoveBytes(3.35e9);
    const auto moved = view.rows();
    CHECK(std::ranges::find_if(moved, [](const auto& r) { return r.label == "HBM3"; })->moveTime == "1 ms"); // 3.35 GB at 3350 GB/s + 273 ns
    const auto link = std::ranges::find_if(rows, [](const auto& r) { return r.label.starts_with("PCIe"); });
    REQUIRE(link != rows.end());
    CHECK(link->bandwidthBasis == rl::Basis::Derived);
    CHECK_THAT(link->bandwidth, Catch::EndsWith("[D]"));

    view.showMeasured({"labs", {{"L2", 1 << 20, 4.5, 300.0}, {"DRAM", 1e9, 90.0, 0.0}}});
    rows = view.rows();
    const auto l2 = std::ranges::find_if(rows, [](const auto& r) { return r.label == "L2 unified cache"; });
    REQUIRE(l2 != rows.end());
    CHECK(l2->latency == "4.5 ns [M]");
    CHECK(l2->bandwidth == "300 GB/s [M]");
    const auto dram = std::ranges::find_if(rows, [](const auto& r) { return r.subject == "Test CPU" && r.label == "Host DRAM"; });
    CHECK(dram->latency == "90 ns [M]");
    CHECK(dram->bandwidth == "bw ?"); // 0 = not measured
}

TEST_CASE("pyramid view: a level's hover text gives each figure's source and formula and the lab that measures it")
{
    GuiFixture fixture;
    gui::memory::PyramidVisualizer view(fixture.context->catalog().devices, std::nullopt, "no hwloc in this test");
    view.setDevices("nvidia-a100-sxm4-80gb", "amd-instinct-mi300x");
    const auto chart = view.chart(1280, 800, false, 13);
    const auto tip = [&](const std::string& start) {
        const auto hit = std::ranges::find_if(chart.hits, [&](const auto& h) { return h.tip.starts_with(start); });
        REQUIRE(hit != chart.hits.end());
        return hit->tip;
    };
    const std::string shared = tip("NVIDIA A100 SXM4 80GB\nShared memory / L1");
    CHECK_THAT(shared, Catch::Contains("= smem_banks * smem_bank_bytes_per_clk * sms * boost_clock_ghz") &&
                           Catch::Contains("[P]") && Catch::Contains("arXiv 2208.11174") && Catch::Contains("measure it: on an NVIDIA GPU, the cuda-latency"));
    const std::string lds = tip("AMD Instinct MI300X (OAM, 192 GB HBM3)\nLDS");
    CHECK_THAT(lds, Catch::Contains("measure it: no lab in this build measures") && !Catch::Contains("cpu-latency"));
    const auto rows = view.rows();
    const auto llc = std::ranges::find_if(rows, [](const auto& r) { return r.label == "Infinity Cache (MALL)"; });
    REQUIRE(llc != rows.end());
    CHECK(llc->bandwidth == "17,200 GB/s [S]");
}

TEST_CASE("pyramid view: the hover tip wraps inside the window, however narrow and whatever the text size")
{
    for (const float window : {300.0f, 500.0f, 1280.0f, 3000.0f}) {
        for (const float font : {10.0f, 13.0f, 26.0f, 40.0f}) {
            CAPTURE(window, font);
            const float wrap = gui::tooltipWrapWidth(window, font);
            CHECK(wrap > 0);
            CHECK(wrap + 2 * font <= window); // the tip's padding, a little over 0.6 em each side, still fits
            CHECK(wrap <= font * 42);
        }
    }
    // Drawn: a tool tip over a level of a 500 px wide window is narrower than it (one long source line
    // unwrapped would be thousands of pixels wide).
    GuiFixture fixture;
    HeadlessImGui imgui;
    ImGui::GetIO().DisplaySize = ImVec2(500, 700);
    FakeDrawContext context;
    gui::memory::PyramidVisualizer view(fixture.context->catalog().devices, std::nullopt, "no hwloc in this test");
    view.setDevices("nvidia-a100-sxm4-80gb", "");
    bool tipped = false;
    for (float y = 300; y < 700 && !tipped; y += 25) { // below the controls: over the levels
        for (int pass = 0; pass < 4; ++pass) accelscope::tests::frame(view, context, ImVec2(250, y)); // a new tip is sized, then placed
        const ImDrawData* data = ImGui::GetDrawData();
        for (int i = 0; i < data->CmdListsCount; ++i) {
            const ImDrawList* list = data->CmdLists[i];
            if (list->_OwnerName == nullptr || !std::string_view(list->_OwnerName).starts_with("##Tooltip")) continue;
            float left = 1e9f;
            float right = -1e9f;
            for (const ImDrawVert& v : list->VtxBuffer) {
                left = std::min(left, v.pos.x);
                right = std::max(right, v.pos.x);
            }
            tipped = right > left;
            CHECK(left >= 0.0f);
            CAPTURE(left, right);
            CHECK(right - left <= 500.0f); // where it goes is ImGui's placement; how wide it is, the wrap's
        }
    }
    CHECK(tipped);
}

TEST_CASE("LLM calculator: the bars and the matrix are models::memory's for the page's settings")
{
    // The numbers are tested in tests/models/memory/llm_memory_plan_test.cpp; the page only shows them.
    GuiFixture fixture;
    gui::llm::LlmCalculator calc(fixture.context->catalog().devices);
    calc.settings().weights = "fp16";
    calc.settings().kvCache = "fp16";
    CHECK(calc.breakdown()->totalBytes == mem::memoryBreakdown(calc.settings())->totalBytes);
    const auto& matrix = calc.fitMatrix();
    const auto expected = mem::fitMatrix(calc.settings(), fixture.context->catalog().devices);
    REQUIRE(matrix.size() == expected.size());
    CHECK(matrix.front().deviceId == expected.front().deviceId);
    calc.settings().mode = gui::llm::CalcMode::Training;
    calc.settings().tensorParallel = 3; // 64 heads do not split over 3 devices
    CHECK_THAT(calc.breakdown().error().message, Catch::Contains("not divisible"));
    CHECK(calc.fitMatrix().front().cells.front().problem == calc.breakdown().error().message);
    calc.setBarDevices({"nvidia-h100-sxm", "no-such-device", "nvidia-h100-sxm", "nvidia-b200", "amd-instinct-mi300x", "nvidia-a100-sxm4-80gb"});
    CHECK(calc.barDevices() == std::vector<std::string>{"nvidia-h100-sxm", "nvidia-b200", "amd-instinct-mi300x", "nvidia-a100-sxm4-80gb"});
}

TEST_CASE("the three hardware views draw headless frames in both themes and export SVG")
{
    GuiFixture fixture;
    HeadlessImGui imgui;
    FakeDrawContext context;
    const auto& devices = fixture.context->catalog().devices;
    gui::roofline::RooflineVisualizer roofline(devices);
    gui::memory::PyramidVisualizer pyramid(devices, std::nullopt, "no hwloc in this test");
    gui::llm::LlmCalculator calc(devices);
    for (int frame = 0; frame < 4; ++frame) {
        context.dark = frame % 2 == 1;
        roofline.setMode(frame < 2 ? gui::roofline::ChartMode::Kernels : gui::roofline::ChartMode::Llm);
        calc.settings().mode = frame < 2 ? gui::llm::CalcMode::Inference : gui::llm::CalcMode::Training;
        for (gui::Visualizer* v : {static_cast<gui::Visualizer*>(&roofline), static_cast<gui::Visualizer*>(&pyramid),
                                   static_cast<gui::Visualizer*>(&calc)}) {
            accelscope::tests::frame(*v, context, ImVec2(600, 300));
            CHECK(ImGui::GetDrawData()->TotalVtxCount > 500);
        }
    }
    CHECK_THAT(roofline.svg(), Catch::StartsWith("<svg") && Catch::Contains("<line") && Catch::Contains("NVIDIA H100"));
    CHECK_THAT(pyramid.svg(), Catch::StartsWith("<svg") && Catch::Contains("no hwloc in this test"));
    CHECK_THAT(calc.svg(), Catch::StartsWith("<svg") && Catch::Contains("<rect"));
}

TEST_CASE("roofline view: at projector text size 2.5 the legend wraps and nothing leaves the chart")
{
    GuiFixture fixture;
    HeadlessImGui imgui;
    gui::roofline::RooflineVisualizer view(fixture.context->catalog().devices);
    const bool llm = GENERATE(false, true);
    view.setMode(llm ? gui::roofline::ChartMode::Llm : gui::roofline::ChartMode::Kernels);
    // 13 px text at 2.5; 770 x 560 px is what the chart gets in presenter mode on a 1280 x 800 screen.
    constexpr float fontSize = 13.0f * 2.5f;
    const float width = GENERATE(500.0f, 770.0f, 1200.0f);
    ImGui::NewFrame(); // the ImGui font measures text inside a frame
    for (const bool imguiFont : {false, true}) {
        const accelscope::models::figure::Measure measure = imguiFont ? gui::imguiMeasure() : accelscope::models::figure::Measure{};
        INFO((llm ? "LLM mode, " : "kernel mode, ") << width << " px wide, " << (imguiFont ? "ImGui font" : "estimated widths"));
        // The default view (H100 and MI300X, BF16 and FP8): every legend line and label fits, and
        // the legend leaves the plot most of the height (the plot's frame starts in the upper half).
        view.setDevices({"nvidia-h100-sxm", "amd-instinct-mi300x"});
        view.setPrecisionShown("fp4", false);
        view.clearMeasured();
        auto chart = view.chart(width, 560, true, fontSize, measure);
        INFO(outside(chart.drawing, measure));
        CHECK(outside(chart.drawing, measure).empty());
        const auto frame = std::ranges::find_if(chart.drawing.rects, [](const auto& r) { return r.fill.a == 0 && r.stroke.a > 0; });
        REQUIRE(frame != chart.drawing.rects.end());
        CHECK(frame->y < 560 * 0.5f);
        const auto texts = [&chart](const std::string& what) {
            return std::ranges::count_if(chart.drawing.texts, [&what](const auto& t) { return t.text.find(what) != std::string::npos; });
        };
        CHECK(texts("3,350 GB/s") >= 1); // each device's legend names its memory bandwidth (H100 HBM3, MI300X HBM3)
        CHECK(texts("5,300 GB/s") >= 1);
        view.setDramOnly(true); // DRAM only: one bandwidth per device, the legend's
        chart = view.chart(width, 560, true, fontSize, measure);
        CHECK(texts("GB/s") == 2);
        CHECK(outside(chart.drawing, measure).empty());
        view.setDramOnly(false);

        // A crowded view (three devices, a precision H100 lacks, a measured machine) still stays inside.
        view.setDevices({"nvidia-h100-sxm", "amd-instinct-mi300x", "google-tpu-v5p"});
        view.setPrecisionShown("fp4", true);
        view.showMeasured({"test machine", 2000.0, 100.0, {{10.0, 900.0}}, "unit test"});
        chart = view.chart(width, 560, true, fontSize, measure);
        INFO(outside(chart.drawing, measure));
        CHECK(outside(chart.drawing, measure).empty());
    }
    ImGui::EndFrame();
}

TEST_CASE("LLM calculator training layouts are models::serving::planTraining's for the page's model and device count")
{
    GuiFixture fixture;
    const auto& devices = fixture.context->catalog().devices;
    const auto h100 = std::ranges::find(devices, std::string("nvidia-h100-sxm"), &accelscope::models::catalog::Device::id);
    REQUIRE(h100 != devices.end());
    mem::LlmMemorySettings s;
    s.mode = mem::LlmMode::Training;
    s.modelId = "llama3.1-405b";
    s.tensorParallel = 8;
    s.pipelineParallel = 2;
    s.dataParallel = 8; // 128 devices
    gui::llm::TrainingLayouts view;
    const auto& plan = view.plan(s, *h100);
    REQUIRE(plan.has_value());
    CHECK(plan->fitting > 0);
    accelscope::models::serving::ServingRequest bf16;
    bf16.weights = bf16.kvCache = "bf16";
    const auto d = accelscope::models::serving::servingDevice(*h100, bf16, *accelscope::models::serving::bundledEfficiencies());
    accelscope::models::serving::TrainingRequest r;
    r.devices = 128;
    r.sequence = s.sequence;
    const auto expected = accelscope::models::serving::planTraining(*accelscope::models::roofline::findModelPreset("llama3.1-405b"), *d, r);
    REQUIRE(expected.has_value());
    CHECK(plan->layouts.size() == expected->layouts.size());
    CHECK(plan->layouts.front().stepS == expected->layouts.front().stepS);
}
