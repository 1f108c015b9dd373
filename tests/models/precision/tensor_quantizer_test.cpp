// SPDX-License-Identifier: MIT
// Scaled-integer schemes, metrics, distributions and tensor files.
#include "models/precision/distributions.hpp"
#include "models/precision/tensor_file.hpp"
#include "models/precision/tensor_quantizer.hpp"

#include "tests/support/npy_file.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>

using namespace accelscope::models::precision;

namespace {

std::string npy(const std::string& descr, const std::string& shape, const std::string& data, bool fortran = false)
{
    return accelscope::tests::npyFile(descr, shape, data, fortran);
}

std::string floats(std::initializer_list<float> values)
{
    std::string out(values.size() * 4, '\0');
    std::memcpy(out.data(), values.begin(), out.size());
    return out;
}

} // namespace

TEST_CASE("symmetric int8 per tensor maps the largest magnitude to 127")
{
    const std::vector<double> x{-1.0, 0.5, 1.0, 0.25};
    auto scheme = schemeFromName("int8-sym");
    REQUIRE(scheme.has_value());
    const auto r = applyScheme(*scheme, x);
    REQUIRE(r.has_value());
    CHECK(r->values[0] == -1.0);
    CHECK(r->values[2] == 1.0);
    CHECK_THAT(r->values[1], Catch::WithinAbs(64.0 / 127.0, 1e-15)); // 0.5·127 = 63.5 → 64 (even)
    CHECK(r->bytesPerElement == 1.0 + 4.0 / 4.0); // one FP32 scale for 4 values
}

TEST_CASE("asymmetric int4 per group keeps zero exact and costs a scale and zero point per group")
{
    std::vector<double> x;
    for (int i = 0; i < 256; ++i) x.push_back(i / 256.0);
    auto scheme = schemeFromName("int4-asym-g128");
    REQUIRE(scheme.has_value());
    const auto r = applyScheme(*scheme, x);
    REQUIRE(r.has_value());
    CHECK(r->values[0] == 0.0);
    CHECK(r->bytesPerElement == 0.5 + 2 * (4.0 + 0.5) / 256.0);
    const auto m = measure(x, *r);
    // The range always includes 0, so group 2 spans [0, 255/256]: error ≤ half its step.
    CHECK(m.maxAbsError <= (255.0 / 256.0) / 15.0 / 2.0 + 1e-12);
}

TEST_CASE("per-channel needs the tensor to split evenly")
{
    auto scheme = schemeFromName("int8-sym-channel", 3);
    REQUIRE(scheme.has_value());
    const auto r = applyScheme(*scheme, std::vector<double>(10, 1.0));
    REQUIRE_FALSE(r.has_value());
    CHECK_THAT(r.error().message, Catch::Contains("do not split into 3 equal channels"));
    CHECK_FALSE(schemeFromName("int8-symmetric").has_value());
    CHECK_THAT(schemeFromName("fp5").error().message, Catch::Contains("unknown format 'fp5'"));
}

TEST_CASE("metrics: exact → infinite SQNR, flushing and saturation are counted")
{
    const std::vector<double> x{0.5, 1.0, 0.1, 100.0};
    auto fp4 = applyScheme(*schemeFromName("fp4-e2m1"), x);
    REQUIRE(fp4.has_value());
    const auto m = measure(x, *fp4);
    CHECK(m.fractionFlushedToZero == 0.25); // 0.1 → 0
    CHECK(m.fractionSaturated == 0.25);     // 100 → 6
    CHECK(m.maxAbsError == 94.0);
    CHECK(m.bytesPerElement == 0.5);
    const auto exact = measure(std::vector<double>{0.5, 1.0}, *applyScheme(*schemeFromName("bf16"), std::vector<double>{0.5, 1.0}));
    CHECK(std::isinf(exact.sqnrDb));
}

TEST_CASE("distributions are seeded and reproducible")
{
    const auto a = generateDistribution("student-t", 1000, 42);
    const auto b = generateDistribution("student-t", 1000, 42);
    REQUIRE(a.has_value());
    CHECK(*a == *b);
    CHECK(*a != *generateDistribution("student-t", 1000, 43));
    CHECK_FALSE(generateDistribution("cauchy", 10, 1).has_value());
    for (const auto name : distributionNames()) CHECK(generateDistribution(name, 10, 1)->size() == 10);
}

TEST_CASE(".npy files: float32, float16, bfloat16 and the errors of bad files")
{
    const auto f32 = parseNpy(npy("<f4", "3,", floats({1.5f, -2.0f, 0.25f})), "a.npy");
    REQUIRE(f32.has_value());
    CHECK(*f32 == std::vector<double>{1.5, -2.0, 0.25});
    const std::string halfOne("\x00\x3c", 2); // FP16 1.0 = 0x3C00, little-endian
    CHECK(*parseNpy(npy("<f2", "1,", halfOne), "h.npy") == std::vector<double>{1.0});
    const std::string bfOne("\x80\x3f", 2);   // BF16 1.0 = 0x3F80
    CHECK(*parseNpy(npy("<V2", "1,", bfOne), "b.npy", NpyHint::Bfloat16) == std::vector<double>{1.0});
    CHECK_THAT(parseNpy(npy("<V2", "1,", bfOne), "b.npy").error().message, Catch::Contains("--dtype bf16"));
    CHECK_THAT(parseNpy(npy("<f4", "3,", floats({1.0f})), "t.npy").error().message,
               Catch::Contains("t.npy: truncated data: the header promises 3 values (12 bytes), the file has 4 bytes"));
    CHECK_THAT(parseNpy(npy("<i4", "1,", floats({1.0f})), "i.npy").error().message, Catch::Contains("unsupported dtype '<i4'"));
    CHECK_THAT(parseNpy(npy("<f4", "1,", floats({1.0f}), true), "f.npy").error().message, Catch::Contains("Fortran"));
    CHECK_THAT(parseNpy("PK\x03\x04 not numpy", "z.npy").error().message, Catch::Contains("bad magic"));
    CHECK_THAT(parseNpy(std::string("\x93NUMPY\x01\x00\xff\x00{'descr'", 16), "h.npy").error().message,
               Catch::Contains("truncated header"));
}

TEST_CASE(".npy headers from a hostile file are errors, not a crash")
{
    // Issue #17: a long dtype string overflowed the stack of std::regex; a shape whose extent
    // overflows made stoull throw; a count times item size that wraps around passed the size
    // check and made vector::reserve throw.
    const std::string longDescr(60000, 'f');
    CHECK_THAT(parseNpy(npy(longDescr, "1,", floats({1.0f})), "l.npy").error().message,
               Catch::Contains("l.npy: unsupported dtype 'ffff"));
    CHECK(parseNpy(npy(longDescr, "1,", floats({1.0f})), "l.npy").error().message.size() < 200);
    CHECK_THAT(parseNpy(npy("<f4", "99999999999999999999999,", floats({1.0f})), "o.npy").error().message,
               Catch::Contains("o.npy: shape (99999999999999999999999,) is too large"));
    CHECK_THAT(parseNpy(npy("<f4", "4294967296, 4294967296, 2", floats({1.0f})), "p.npy").error().message,
               Catch::Contains("p.npy: shape (4294967296, 4294967296, 2) is too large"));
    // 2^62 values of 4 bytes: the count fits in size_t, the byte count wraps to 0.
    CHECK_THAT(parseNpy(npy("<f4", "4611686018427387904,", ""), "w.npy").error().message,
               Catch::Contains("w.npy: the shape promises 4611686018427387904 values, more than memory can hold"));
    CHECK_THAT(parseNpy(npy("<f4", "x,", floats({1.0f})), "x.npy").error().message,
               Catch::Contains("x.npy: shape dimension 'x' is not a number"));
    // Scalars, trailing commas and spaces still parse.
    CHECK(*parseNpy(npy("<f4", "", floats({2.0f})), "s.npy") == std::vector<double>{2.0});
    CHECK(parseNpy(npy("<f4", " 1 , 2 ", floats({1.0f, 2.0f})), "t.npy")->size() == 2);
    CHECK(parseNpy(npy("<f4", "0,", ""), "z.npy")->empty());
}

TEST_CASE("text values accept decimals, hex floats and specials, and name bad tokens")
{
    const auto v = parseTextValues("1.5 0x1.8p1\nnan -inf\n", "v.txt");
    REQUIRE(v.has_value());
    REQUIRE(v->size() == 4);
    CHECK((*v)[1] == 3.0);
    CHECK(std::isnan((*v)[2]));
    CHECK((*v)[3] == -INFINITY);
    CHECK(parseTextValues("1\n2 abc\n", "v.txt").error().message == "v.txt:2: 'abc' is not a number");
    CHECK_FALSE(parseNumber("1.5x").has_value());
    CHECK_FALSE(parseNumber("").has_value());
}
