// SPDX-License-Identifier: MIT
// The device detail pane's HTML: device text is escaped and only http(s) sources become links (#17).
#include "app/gui/catalog/device_detail_html.hpp"
#include "tests/app/gui_fixture.hpp"

#include <algorithm>

using namespace accelscope::gui;
using namespace accelscope::models::catalog;

namespace {

// A bundled device whose every source (the per-figure ones included) points at `url`.
Device deviceWithSourceUrl(const accelscope::tests::GuiFixture& fixture, const std::string& url)
{
    Device d = fixture.context->catalog().devices.front();
    REQUIRE_FALSE(d.sources.empty());
    for (auto& [key, source] : d.sources) source.url = url;
    return d;
}

} // namespace

TEST_CASE("a source URL that is not http or https is shown as text, not as a link")
{
    accelscope::tests::GuiFixture fixture;
    const auto [url, scheme] = GENERATE(table<std::string, std::string>({
        {"file:///usr/bin/xterm", "file:"},
        {"javascript:alert(1)", "javascript:"},
        {"JavaScript:alert(1)", "javascript:"},
        {"ftp://example.com/x.pdf", "ftp:"},
        {"smb://server/share", "smb:"},
    }));
    CAPTURE(url);
    const std::string html = deviceDetailHtml(deviceWithSourceUrl(fixture, url)).toLower().toStdString();
    CHECK_THAT(html, !Catch::Contains("href=\"" + scheme) && !Catch::Contains("href='" + scheme));
    CHECK_THAT(html, Catch::Contains(QString::fromStdString(url).toLower().toHtmlEscaped().toStdString()));
    CHECK_THAT(html, Catch::Contains("not a web link"));
}

TEST_CASE("an https source is a link with its host beside it")
{
    accelscope::tests::GuiFixture fixture;
    const std::string html =
        deviceDetailHtml(deviceWithSourceUrl(fixture, "https://www.nvidia.com/en-us/data-center/h100/")).toStdString();
    CHECK_THAT(html, Catch::Contains("<a href=\"https://www.nvidia.com/en-us/data-center/h100/\">"));
    CHECK_THAT(html, Catch::Contains("(www.nvidia.com)"));
}

TEST_CASE("a quote in a source URL cannot leave the href attribute")
{
    accelscope::tests::GuiFixture fixture;
    // The detail HTML quotes href with '"', so a '"' in the address must not reach the HTML raw.
    const std::string html =
        deviceDetailHtml(deviceWithSourceUrl(fixture, "https://a.example/x\"onclick=\"y")).toStdString();
    CHECK_THAT(html, !Catch::Contains("\"onclick") && !Catch::Contains("href=\"https://a.example/x\""));
}

TEST_CASE("device names, notes and source titles are escaped in the detail HTML")
{
    accelscope::tests::GuiFixture fixture;
    Device d = fixture.context->catalog().devices.front();
    d.name = "<b>Bold</b> GPU";
    d.notes = "<img src=\"file:///etc/passwd\">";
    for (auto& [key, source] : d.sources) source.title = "<a href=\"file:///etc/passwd\">click</a>";
    const std::string html = deviceDetailHtml(d).toStdString();
    CHECK_THAT(html, Catch::Contains("&lt;b&gt;Bold&lt;/b&gt; GPU"));
    CHECK_THAT(html, !Catch::Contains("<b>Bold</b>"));
    CHECK_THAT(html, !Catch::Contains("<img"));
    CHECK_THAT(html, !Catch::Contains("<a href=\"file:"));
    CHECK_THAT(html, Catch::Contains("&lt;a href=&quot;file:///etc/passwd&quot;&gt;click&lt;/a&gt;"));
}

TEST_CASE("the detail pane shows a system's scope, parts, topology and memory in GiB with the vendor's label")
{
    accelscope::tests::GuiFixture fixture;
    const auto& devices = fixture.context->catalog().devices;
    const auto board = std::ranges::find(devices, std::string("nvidia-hgx-b200"), &Device::id);
    REQUIRE(board != devices.end());
    const QString html = deviceDetailHtml(*board);
    CHECK(html.contains("Figures describe: <b>board</b>"));
    CHECK(html.contains("Contains: 8 × nvidia-b200"));
    CHECK(html.contains("Scale-up topology"));
    const auto mi300x = std::ranges::find(devices, std::string("amd-instinct-mi300x"), &Device::id);
    REQUIRE(mi300x != devices.end());
    const QString memory = deviceDetailHtml(*mi300x);
    CHECK(memory.contains("<b>192</b>&nbsp;GiB"));
    CHECK(memory.contains("vendor prints “192 GB”"));
}

TEST_CASE("the detail pane names the scale-up link kind and the per-direction scale-out figure")
{
    accelscope::tests::GuiFixture fixture;
    const auto& devices = fixture.context->catalog().devices;
    const auto gaudi = std::ranges::find(devices, std::string("intel-gaudi3-hl325l"), &Device::id);
    REQUIRE(gaudi != devices.end());
    const QString html = deviceDetailHtml(*gaudi);
    CHECK(html.contains("Scale-up link: RoCE v2 (24x 200 GbE, integrated) (ethernet)"));
    CHECK(html.contains("Scale-out network per device (per direction)"));
    const auto l4 = std::ranges::find(devices, std::string("nvidia-l4"), &Device::id);
    REQUIRE(l4 != devices.end());
    CHECK_FALSE(deviceDetailHtml(*l4).contains("(dedicated)"));
}

TEST_CASE("the detail pane shows lifecycle dates with their sources and the status as of the catalog's day")
{
    accelscope::tests::GuiFixture fixture;
    const auto& devices = fixture.context->catalog().devices;
    const auto it = std::ranges::find(devices, std::string("nvidia-gb200-nvl72"), &Device::id);
    REQUIRE(it != devices.end());
    const std::string html = deviceDetailHtml(*it).toStdString();
    CHECK_THAT(html, Catch::Contains("Announced: 2024-03-18"));
    CHECK_THAT(html, Catch::Contains("Shipping since: 2025-02-04"));
    CHECK_THAT(html, Catch::Contains("<b>shipping</b> (as of 2026-11-24)"));
    CHECK_THAT(html, Catch::Contains("NVIDIA Blackwell Platform Arrives"));
}

TEST_CASE("the detail pane marks an unverified figure, names each price's kind and seller, and says why a figure is absent")
{
    accelscope::tests::GuiFixture fixture;
    const auto& devices = fixture.context->catalog().devices;
    const auto h100 = std::ranges::find(devices, std::string("nvidia-h100-sxm"), &Device::id);
    REQUIRE(h100 != devices.end());
    const QString html = deviceDetailHtml(*h100);
    CHECK(html.contains("unverified"));                          // the AWS on-demand headline price
    CHECK(html.contains("on-demand, AWS, us-east-1"));
    CHECK(html.contains("More cloud prices (per device-hour)"));
    CHECK(html.contains("capacity-block, AWS, us-east-1"));       // the 2024 rate, listed, not the headline
    const auto v6e = std::ranges::find(devices, std::string("google-tpu-v6e"), &Device::id);
    REQUIRE(v6e != devices.end());
    const QString tpu = deviceDetailHtml(*v6e);
    CHECK(tpu.contains("Absent figures"));
    CHECK(tpu.contains("no per-chip power"));
    CHECK(tpu.contains("committed-3y, Google Cloud"));
}
