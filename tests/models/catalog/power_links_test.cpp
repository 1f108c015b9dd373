// SPDX-License-Identifier: MIT
// The bundled catalog's power and link coverage (issues #13 and #15): every data-centre
// accelerator has a TDP or a reasoned exception, system TDP notes state their overhead, and
// the new link fields are stored with their direction.
#include "models/catalog/catalog_store.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

using namespace accelscope::models::catalog;

namespace {

std::string reviewText()
{
    const auto path = std::filesystem::path(ACCELSCOPE_TEST_DATA_DIR) / ".." / "data" / "catalog" / "review" /
                      "tdp-2026-11.md";
    std::ifstream in(path);
    REQUIRE(in.good());
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Rows `| id | text |` of the table between `<!-- name: begin -->` and `<!-- name: end -->`,
// header and separator rows left out.
std::map<std::string, std::string> markedTable(const std::string& text, const std::string& name)
{
    const auto begin = text.find("<!-- " + name + ": begin -->");
    const auto end = text.find("<!-- " + name + ": end -->");
    REQUIRE(begin != std::string::npos);
    REQUIRE(end != std::string::npos);
    REQUIRE(begin < end);
    std::map<std::string, std::string> rows;
    std::size_t line = text.find('\n', begin) + 1;
    int seen = 0;
    while (line < end) {
        const auto next = text.find('\n', line);
        const std::string row = text.substr(line, next - line);
        line = next + 1;
        if (!row.starts_with("| ")) continue; // the |---| separator and text around the table
        if (++seen == 1) continue;            // the header
        const auto bar = row.find(" | ", 2);
        REQUIRE(bar != std::string::npos);
        const std::string id = row.substr(2, bar - 2);
        std::string reason = row.substr(bar + 3);
        if (reason.ends_with(" |")) reason.resize(reason.size() - 2);
        INFO(row);
        CHECK_FALSE(rows.contains(id)); // listed twice
        rows[id] = reason;
    }
    return rows;
}

bool isAccelerator(const Device& d)
{
    return d.kind == DeviceKind::Gpu || d.kind == DeviceKind::Tpu || d.kind == DeviceKind::Asic;
}

std::vector<Device> bundled()
{
    auto devices = BundledCatalog::open(ACCELSCOPE_TEST_CATALOG_DB)->loadAll();
    REQUIRE(devices.has_value());
    return *devices;
}

} // namespace

TEST_CASE("every data-centre accelerator has a TDP or a reasoned exception in the review file")
{
    const std::string text = reviewText();
    const auto exceptions = markedTable(text, "tdp-exceptions");
    const auto notDataCentre = markedTable(text, "not-data-centre");
    CHECK(exceptions.size() >= 10);
    const auto devices = bundled();
    std::map<std::string, const Device*> byId;
    for (const auto& d : devices) byId[d.id] = &d;

    int checked = 0;
    for (const auto& d : devices) {
        if (!isAccelerator(d) || notDataCentre.contains(d.id)) continue;
        INFO(d.id << " (" << d.sourceFile << ") has no tdp_w and is not in data/catalog/review/tdp-2026-11.md");
        CHECK((d.value(FigureKey::TdpW).has_value() || exceptions.contains(d.id)));
        ++checked;
    }
    CHECK(checked >= 100);
    // The lists stay true: each entry names an accelerator of the catalog that still has no TDP,
    // and says why in words.
    for (const auto* table : {&exceptions, &notDataCentre}) {
        for (const auto& [id, reason] : *table) {
            INFO(id << ": " << reason);
            REQUIRE(byId.contains(id));
            CHECK(isAccelerator(*byId.at(id)));
            CHECK_FALSE(byId.at(id)->value(FigureKey::TdpW).has_value());
            CHECK(reason.size() >= 30);
        }
    }
}

TEST_CASE("a system's TDP note states its power overhead over the accelerators it holds")
{
    const auto devices = bundled();
    std::map<std::string, const Device*> byId;
    for (const auto& d : devices) byId[d.id] = &d;
    // Sum of part TDPs, parts expanded down to non-system devices; nullopt when one lacks a TDP.
    const auto leafTdp = [&](const auto& self, const Device& d) -> std::optional<double> {
        if (d.contains.empty()) return d.value(FigureKey::TdpW);
        double sum = 0;
        for (const auto& part : d.contains) {
            const auto it = byId.find(part.deviceId);
            if (it == byId.end()) return std::nullopt;
            const auto partTdp = self(self, *it->second);
            if (!partTdp) return std::nullopt;
            sum += part.count * *partTdp;
        }
        return sum;
    };
    int stated = 0;
    for (const auto& d : devices) {
        const Figure* tdp = d.figure(FigureKey::TdpW);
        if (!isSystemScope(d.scope) || tdp == nullptr || d.contains.empty()) continue;
        const auto parts = leafTdp(leafTdp, d);
        if (!parts) continue;
        const double share = 100.0 * (tdp->value - *parts) / tdp->value;
        const std::string percent = std::to_string(static_cast<int>(std::lround(share))) + " %";
        INFO(d.id << ": " << tdp->value << " W over accelerators of " << *parts << " W; note: " << tdp->note);
        CHECK(share > -1.0); // system >= parts (the composition check allows 1 %)
        CHECK(tdp->note.find("overhead") != std::string::npos);
        CHECK(tdp->note.find(percent) != std::string::npos);
        ++stated;
    }
    CHECK(stated >= 5);
}

TEST_CASE("the link fields of the bundled catalog keep their direction and kind")
{
    const auto devices = bundled();
    std::map<std::string, const Device*> byId;
    for (const auto& d : devices) byId[d.id] = &d;
    // DGX B200: 8 ConnectX-7 at 400 Gb/s for 8 GPUs is 50 GB/s per GPU in one direction.
    REQUIRE(byId.contains("nvidia-dgx-b200"));
    CHECK(byId.at("nvidia-dgx-b200")->value(FigureKey::ScaleoutGbsPerDevice) == 50.0);
    CHECK(byId.at("intel-gaudi3-hl325l")->value(FigureKey::ScaleoutGbsPerDevice) == 75.0);
    CHECK(byId.at("intel-gaudi3-hl325l")->scaleupLinkKind == "ethernet");
    CHECK(byId.at("nvidia-h100-sxm")->scaleupLinkKind == "dedicated");
    CHECK(byId.at("aws-trainium2")->scaleupLinkKind == "dedicated");
    CHECK(byId.at("nvidia-b200")->value(FigureKey::TdpW) == 1000.0);
    int kinds = 0;
    for (const auto& d : devices) {
        INFO(d.id);
        // A stated per-direction figure is half the both-directions one, never more.
        const auto both = d.value(FigureKey::InterconnectGbs);
        const auto one = d.value(FigureKey::InterconnectGbsPerDirection);
        if (both && one) CHECK_THAT(*both, Catch::WithinRel(*one * 2, 1e-9));
        if (!d.scaleupLinkKind.empty()) {
            CHECK_FALSE(d.interconnectName.empty());
            ++kinds;
        }
        // A unit slip (Gb/s written as GB/s) makes a scale-out figure 8 times too large; a few
        // 800 Gb/s ports per accelerator stay far below 400 GB/s.
        if (const auto out = d.value(FigureKey::ScaleoutGbsPerDevice)) CHECK(*out <= 400.0);
    }
    CHECK(kinds >= 60);
}
