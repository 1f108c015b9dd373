// SPDX-License-Identifier: MIT
// `accelscope-cli format …`: JSON contract and bad input.
#include "tests/cli/cli_runner.hpp"
#include "tests/support/temp_dir.hpp"

#include <catch2/catch.hpp>

#include <cctype>
#include <nlohmann/json.hpp>

using accelscope::tests::runCli;
using accelscope::tests::TempDir;
using nlohmann::json;

TEST_CASE("format info has the documented keys")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "u.db", {"--json", "format", "info", "fp8-e4m3"});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    for (const char* key : {"max_normal", "min_normal", "min_subnormal", "bits", "exponent_bits", "mantissa_bits",
                            "bias", "has_inf", "has_nan"}) {
        INFO(key);
        CHECK(doc.contains(key));
    }
    CHECK(doc["max_normal"] == 448.0);
    CHECK(doc["has_inf"] == false);
    CHECK(doc["has_nan"] == true);
    CHECK(json::parse(runCli(dir.path() / "u.db", {"--json", "format", "info", "nvfp4"}).out)["block_size"] == 16);
}

TEST_CASE("format encode reads arguments or stdin and writes non-finite values as strings")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "u.db", {"--json", "format", "encode", "fp8-e5m2", "61440", "-inf", "0x1p-16"});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    REQUIRE(doc.size() == 3);
    CHECK(doc[0]["code"] == "0x7C");
    CHECK(doc[0]["value"] == "inf");
    CHECK(doc[1]["input"] == "-inf");
    CHECK(doc[2]["value"] == std::ldexp(1.0, -16));

    const auto piped = runCli(dir.path() / "u.db", {"format", "encode", "fp8-e4m3", "--saturate"}, "1\n 500 \n\n-3\n");
    REQUIRE(piped.status == 0);
    CHECK(piped.out == "1\t0x38\t1\n500\t0x7E\t448\n-3\t0xC4\t-3\n");
}

TEST_CASE("format encode of a block format gives scales, codes, values and states padding")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "u.db", {"--json", "format", "encode", "nvfp4", "1", "2", "3", "6"});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    CHECK(doc["scales"].size() == 1);
    CHECK(doc["codes"].size() == 4);
    CHECK(doc["values"] == json::array({1.0, 2.0, 3.0, 6.0}));
    CHECK(doc["padded_elements"] == 12);
    CHECK(doc.contains("tensor_scale"));
    const auto text = runCli(dir.path() / "u.db", {"format", "encode", "mxfp4", "1", "2"});
    CHECK_THAT(text.out, Catch::Contains("padded with 30 zeros"));
}

TEST_CASE("format decode and table")
{
    TempDir dir;
    const json decoded = json::parse(runCli(dir.path() / "u.db", {"--json", "format", "decode", "fp4-e2m1", "0x7", "8"}).out);
    CHECK(decoded[0]["value"] == 6.0);
    CHECK(decoded[1]["class"] == "zero");
    const json table = json::parse(runCli(dir.path() / "u.db", {"--json", "format", "table", "fp8-e4m3"}).out);
    CHECK(table.size() == 256);
    CHECK(table[0x7F]["value"] == "nan");
    CHECK(table[0x7E]["value"] == 448.0);
}

TEST_CASE("format quantize compares formats on a seeded distribution")
{
    TempDir dir;
    const auto run = runCli(dir.path() / "u.db", {"--json", "format", "quantize", "fp8-e4m3", "mxfp4", "int8-sym",
                                                  "--dist", "normal", "--count", "4096", "--seed", "5"});
    REQUIRE(run.status == 0);
    const json doc = json::parse(run.out);
    REQUIRE(doc["results"].size() == 3);
    CHECK(doc["input"]["count"] == 4096);
    const double fp8 = doc["results"][0]["sqnr_db"];
    const double fp4 = doc["results"][1]["sqnr_db"];
    CHECK(fp8 > fp4); // 3 mantissa bits beat 1
    CHECK(doc["results"][1]["bytes_per_element"] == 0.53125);

    // The text table prints what the Number formats page prints (metricTexts): errors to 3 digits, shares
    // in percent; before, MSE came out as 0.0019221321041091757.
    const auto text = runCli(dir.path() / "u.db", {"format", "quantize", "fp8-e4m3", "mxfp4", "--dist", "normal", "--count", "4096", "--seed", "5"});
    REQUIRE(text.status == 0);
    INFO(text.out);
    const std::string mxfp4Row = text.out.substr(text.out.find("\nmxfp4"));
    CHECK_THAT(mxfp4Row, Catch::Contains("0.53125") && Catch::Contains(" %"));
    for (std::size_t digits = 0, i = 0; i < text.out.size(); ++i) { // no run of 8 or more digits anywhere
        digits = std::isdigit(static_cast<unsigned char>(text.out[i])) ? digits + 1 : 0;
        CHECK(digits < 8);
    }
}

TEST_CASE("format bad input: unknown format, non-number, empty input, bad npy, bad code")
{
    TempDir dir;
    const auto user = dir.path() / "u.db";
    const auto unknown = runCli(user, {"format", "encode", "fp7", "1"});
    CHECK(unknown.status == 1);
    CHECK_THAT(unknown.err, Catch::Contains("unknown format 'fp7'"));
    const auto notNumber = runCli(user, {"format", "encode", "bf16", "1", "abc"});
    CHECK(notNumber.status == 1);
    CHECK_THAT(notNumber.err, Catch::Contains("'abc' is not a number"));
    const auto badLine = runCli(user, {"format", "encode", "bf16"}, "1\n2\nx3\n");
    CHECK_THAT(badLine.err, Catch::Contains("stdin:3: 'x3' is not a number"));
    const auto empty = runCli(user, {"format", "encode", "bf16"}, "");
    CHECK(empty.status == 1);
    CHECK_THAT(empty.err, Catch::Contains("no values given"));
    const auto nanFp4 = runCli(user, {"format", "encode", "fp4-e2m1", "nan"});
    CHECK_THAT(nanFp4.err, Catch::Contains("fp4-e2m1 has no NaN"));
    // The header says 0x76 bytes, fewer follow. (std::string(literal, 70) read past the literal: ASan.)
    const auto truncated = dir.write("t.npy", std::string("\x93NUMPY\x01\x00\x76\x00", 10) + "{'descr': '<f4', 'fortran_order': False, 'shape': (8,), }");
    const auto npy = runCli(user, {"format", "quantize", "fp8-e4m3", "--input", truncated.string()});
    CHECK(npy.status == 1);
    CHECK_THAT(npy.err, Catch::Contains("t.npy: truncated header"));
    const auto code = runCli(user, {"format", "decode", "fp8-e4m3", "0x1FF"});
    CHECK_THAT(code.err, Catch::Contains("'0x1FF' is not a 8-bit code of fp8-e4m3"));
    const auto wide = runCli(user, {"format", "table", "fp16"});
    CHECK_THAT(wide.err, Catch::Contains("formats up to 8 bits"));
    const auto channels = runCli(user, {"format", "quantize", "int8-sym-channel", "--dist", "normal", "--count", "10", "--channels", "3"});
    CHECK_THAT(channels.err, Catch::Contains("do not split into 3 equal channels"));
    // Issue #29: 10^8 values took 17 s and 2.1 GB; the cap is the largest tensor file's FP32 count, 2^22.
    const auto many = runCli(user, {"format", "quantize", "fp8-e4m3", "--dist", "normal", "--count", "4194305"});
    CHECK(many.status != 0);
    CHECK_THAT(many.err, Catch::Contains("--count") && Catch::Contains("4194304"));
    std::vector<std::string> seventeen{"format", "quantize"};
    for (int i = 0; i < 17; ++i) seventeen.push_back("fp8-e4m3");
    seventeen.insert(seventeen.end(), {"--dist", "normal", "--count", "64"});
    const auto formats = runCli(user, seventeen);
    CHECK(formats.status != 0);
    INFO(formats.err);
    CHECK_FALSE(formats.err.empty());
}

TEST_CASE("format decode and encode --explain print the bit editor's field decoding, format compare the side-by-side values")
{
    TempDir dir;
    const auto user = dir.path() / "user.db";
    // FP16 0x7BFF: 0 11110 1111111111 = 2^15 × 1.9990234375 = 65504.
    const auto decoded = runCli(user, {"format", "decode", "fp16", "0x7bff", "--explain"});
    INFO(decoded.out << decoded.err);
    REQUIRE(decoded.status == 0);
    CHECK(decoded.out == "0x7BFF\t65504\tnormal\n"
                         "  sign 0: +1\n"
                         "  exponent 11110: 2^(30 - 15) = 2^15\n"
                         "  fraction 1111111111: 1.f = 1.1111111111 (binary) = 1.9990234375\n"
                         "  value: +1 × 2^15 × 1.9990234375 = 65504\n");
    const json doc = json::parse(runCli(user, {"--json", "format", "decode", "fp16", "0x7bff", "--explain"}).out);
    CHECK(doc[0]["decoding"]["exponent"]["means"] == "2^(30 - 15) = 2^15");
    // 1000 in E4M3 fn: NaN, and the note says how to clamp it.
    const auto encoded = runCli(user, {"format", "encode", "fp8-e4m3", "1000", "--explain"});
    CHECK_THAT(encoded.out, Catch::StartsWith("1000\t0x7F\tnan\n  note: 1000 is beyond FP8 E4M3's largest finite value 448"));
    CHECK_THAT(encoded.out, Catch::Contains("Tick Saturate to clamp to 448."));
    const json saturated = json::parse(runCli(user, {"--json", "format", "encode", "fp8-e4m3", "1000", "--explain", "--saturate"}).out);
    CHECK(saturated[0]["code"] == "0x7E");
    CHECK(saturated[0]["decoding"]["formula"] == "+1 × 2^8 × 1.75 = 448");
    const json compared = json::parse(runCli(user, {"--json", "format", "compare", "0.1"}).out);
    REQUIRE(compared.size() == 6);
    CHECK(compared[1]["format"] == "bf16");
    CHECK(compared[1]["stored"] == 0.10009765625);
    CHECK(compared[5]["note"] == "0.1 is below half of FP4 E2M1's smallest value 0.5: it flushes to zero.");
    const auto text = runCli(user, {"format", "compare", "0.1"});
    CHECK_THAT(text.out, Catch::Contains("0.10009765625"));
    CHECK_THAT(text.out, !Catch::Contains("0.00009765624999")); // the error is rounded, no float noise
    CHECK(runCli(user, {"format", "compare", "many"}).status == 1);
}
