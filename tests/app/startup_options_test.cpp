// SPDX-License-Identifier: MIT
// The desktop app's command line: values are checked and refused with a message naming the option.
#include "app/gui/startup_options.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <QStringList>

#include <sys/stat.h>

#include <array>
#include <filesystem>
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

TEST_CASE("the settings file option writes a link target and refuses a FIFO or a folder or a read-only file")
{
    namespace fs = std::filesystem;
    accelscope::tests::TempDir dir;
    const auto real = dir.write("real.ini", "[ui]\n");
    const fs::path link = dir.path() / "link.ini";
    fs::create_symlink(real, link);
    const auto linked = parseStartupOptions(QStringList{"accelscope", "--settings", QString::fromStdString(link.string())});
    REQUIRE(linked.has_value());
    CHECK(linked->settingsFile.toStdString() == real.string()); // QSettings' rename then replaces the target, not the link

    const fs::path fresh = dir.path() / "new.ini"; // not there yet: used as given
    const auto created = parseStartupOptions(QStringList{"accelscope", "--settings", QString::fromStdString(fresh.string())});
    REQUIRE(created.has_value());
    CHECK(created->settingsFile.toStdString() == fresh.string());

    const fs::path fifo = dir.path() / "pipe";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(refusal({"--settings", QString::fromStdString(fifo.string())}) ==
          QString::fromStdString("--settings " + fifo.string() + ": a FIFO, not a file to write: give a file name"));
    CHECK(refusal({"--settings", QString::fromStdString(dir.path().string())}).contains("a directory, not a file to write"));
    CHECK(refusal({"--settings", "/dev/null"}).contains("/dev/null: a character device, not a file to write"));
    const auto locked = dir.write("locked.ini", "");
    fs::permissions(locked, fs::perms::owner_read);
    CHECK(refusal({"--settings", QString::fromStdString(locked.string())}).contains("locked.ini: read-only file"));
}
