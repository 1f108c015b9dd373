// SPDX-License-Identifier: MIT
// The desktop app's command line: values are checked and refused with a message naming the option.
#include "app/gui/startup_options.hpp"

#include <catch2/catch.hpp>

#include <QStringList>

#include <array>
#include <string>
#include <utility>

using accelscope::gui::asksForTextOnly;
using accelscope::gui::parseStartupOptions;

namespace {

QString refusal(const QStringList& args)
{
    const auto parsed = parseStartupOptions(QStringList{"accelscope"} + args);
    return parsed ? QString() : parsed.error();
}

} // namespace

TEST_CASE("start-up options are read into their fields")
{
    const auto parsed = parseStartupOptions(QStringList{"accelscope", "--page", "roofline", "--compare", "a,b,,c", "--theme",
                                                        "dark", "--font-scale", "1.5", "--size", "1024x768",
                                                        "--startup-probe", "--presenter", "--lesson", "busbw-and-tp"});
    REQUIRE(parsed.has_value());
    CHECK(parsed->page == "roofline");
    CHECK(parsed->lesson == "busbw-and-tp");
    CHECK(parsed->compare == QStringList{"a", "b", "c"});
    CHECK(parsed->theme == "dark");
    CHECK(parsed->fontScale == 1.5);
    CHECK(parsed->windowSize == QSize(1024, 768));
    CHECK(parsed->startupProbe);
    CHECK(parsed->presenter);
    CHECK(parsed->headlessTask()); // the probe exits by itself: no message box on errors

    const auto plain = parseStartupOptions(QStringList{"accelscope"});
    REQUIRE(plain.has_value());
    CHECK_FALSE(plain->startupProbe);
    CHECK_FALSE(plain->headlessTask());
    CHECK(plain->fontScale == 0.0); // 0: keep the saved text size
    CHECK_FALSE(plain->windowSize.isValid());
}

TEST_CASE("bad start-up options are refused naming the option and the value")
{
    CHECK(refusal({"--font-scale", "9"}) == "--font-scale must be a number from 0.8 to 2.5, not '9'");
    CHECK(refusal({"--font-scale", "big"}) == "--font-scale must be a number from 0.8 to 2.5, not 'big'");
    CHECK(refusal({"--font-scale", "nan"}) == "--font-scale must be a number from 0.8 to 2.5, not 'nan'"); // issue #29
    CHECK(refusal({"--font-scale", "inf"}) == "--font-scale must be a number from 0.8 to 2.5, not 'inf'");
    CHECK(refusal({"--theme", "pink"}) == "--theme must be light, dark or high-contrast, not 'pink'");
    CHECK(refusal({"--size", "639x480"}) == "--size must be WIDTHxHEIGHT from 640x480 to 7680x4320, not '639x480'");
    CHECK(refusal({"--size", "1024"}) == "--size must be WIDTHxHEIGHT from 640x480 to 7680x4320, not '1024'");
    CHECK(refusal({"--no-such-option"}).contains("no-such-option"));
    CHECK(refusal({"--size", "7680x4320"}).isEmpty()); // the edges are allowed
    CHECK(refusal({"--font-scale", "0.8"}).isEmpty());
}

TEST_CASE("only --help and --version are text-only requests, wherever they stand")
{
    std::array<char*, 3> args{};
    std::string program = "accelscope";
    std::string first;
    std::string second;
    const auto asks = [&](std::string a, std::string b) {
        first = std::move(a);
        second = std::move(b);
        args = {program.data(), first.data(), second.data()};
        return asksForTextOnly(3, args.data());
    };
    CHECK(asks("--startup-probe", "--version"));
    CHECK(asks("--help", "x"));
    CHECK(asks("-h", "x"));
    CHECK(asks("-v", "x"));
    CHECK(asks("--help-all", "x"));
    CHECK_FALSE(asks("--page", "help"));
    CHECK_FALSE(asks("--startup-probe", "--presenter"));
}

TEST_CASE("with no display, no Wayland and no platform named, the app has a reason not to start")
{
    // This process's own environment, put back at the end.
    const QByteArray display = qgetenv("DISPLAY");
    const QByteArray wayland = qgetenv("WAYLAND_DISPLAY");
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    std::string program = "accelscope";
    std::string platformFlag = "-platform";
    std::string platformName = "offscreen";
    std::array<char*, 3> args{program.data(), platformFlag.data(), platformName.data()};
    qunsetenv("DISPLAY");
    qunsetenv("WAYLAND_DISPLAY");
    qunsetenv("QT_QPA_PLATFORM");
    const QString reason = accelscope::gui::noDisplayReason(1, args.data());
    const QString withPlatformArgument = accelscope::gui::noDisplayReason(3, args.data());
    qputenv("WAYLAND_DISPLAY", "wayland-0");
    const QString withWayland = accelscope::gui::noDisplayReason(1, args.data());
    qunsetenv("WAYLAND_DISPLAY");
    qputenv("QT_QPA_PLATFORM", "offscreen");
    const QString withPlatform = accelscope::gui::noDisplayReason(1, args.data());
    for (const auto& [name, value] : {std::pair{"DISPLAY", display}, {"WAYLAND_DISPLAY", wayland}, {"QT_QPA_PLATFORM", platform}}) {
        if (value.isNull()) qunsetenv(name);
        else qputenv(name, value);
    }
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
    CHECK(reason.startsWith("no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set)"));
#endif
    CHECK(withPlatformArgument.isEmpty());
    CHECK(withWayland.isEmpty());
    CHECK(withPlatform.isEmpty());
}
