// SPDX-License-Identifier: MIT
// The lab registry probes CUDA lazily and says why GPU labs cannot run; the lessons folder is found.
#include "labs/guided/lessons_directory.hpp"
#include "labs/lab_registry.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace accelscope::labs;

TEST_CASE("without the CUDA module the registry lists every lab and says why GPU labs cannot run")
{
    const accelscope::tests::TempDir empty; // no libaccelscope_cuda.so here
    const auto registry = LabRegistry::withAllLabs(empty.path());
    REQUIRE(registry.find("cpu-roofline") != nullptr);
    REQUIRE(registry.find("cuda-roofline") != nullptr);
    const std::string reason = registry.cudaUnavailableReason();
    CHECK_THAT(reason, Catch::StartsWith("no CUDA module"));
    CHECK(registry.cudaUnavailableReason() == reason); // probed once, remembered
    CHECK(registry.canRun(registry.find("cpu-roofline")->describe()));
    CHECK_FALSE(registry.canRun(registry.find("cuda-roofline")->describe()));
}

TEST_CASE("the lessons folder is the installed one beside the program, else the source tree's")
{
    const accelscope::tests::TempDir prefix;
    std::filesystem::create_directories(prefix.path() / "bin");
    // Not installed: the source tree's lessons.
    const auto source = guided::lessonsDirectory(prefix.path() / "bin");
    CHECK(std::filesystem::exists(source / "02-roofline.md"));
    std::filesystem::create_directories(prefix.path() / "share" / "accelscope" / "lessons");
    CHECK(guided::lessonsDirectory(prefix.path() / "bin") == prefix.path() / "share" / "accelscope" / "lessons");
}
