// SPDX-License-Identifier: MIT
// What the lesson function files share: argument readers and catalog look-ups.
#include "labs/guided/lesson_function_support.hpp"

#include "models/catalog/device_query.hpp"
#include "models/precision/block_format.hpp"
#include "models/precision/element_format.hpp"
#include "models/roofline/dtype.hpp"
#include "models/roofline/model_presets.hpp"

#include <cmath>

namespace accelscope::labs::guided::detail {

using models::ErrorCode;
using models::fail;
using models::Result;
namespace roof = models::roofline;
namespace prec = models::precision;

Result<double> num(Args a, std::size_t i, const char* what)
{
    if (const double* d = std::get_if<double>(&a[i])) return *d;
    return fail(ErrorCode::InvalidArgument, std::string(what) + " must be a number, not '" + std::get<std::string>(a[i]) + "'");
}

Result<int> whole(Args a, std::size_t i, const char* what, int lo, int hi)
{
    auto d = num(a, i, what);
    if (!d) return std::unexpected(d.error());
    if (*d != std::floor(*d) || *d < lo || *d > hi) {
        return fail(ErrorCode::InvalidArgument, std::string(what) + " must be a whole number from " + std::to_string(lo) +
                                                    " to " + std::to_string(hi) + ", not " + valueText(a[i]));
    }
    return static_cast<int>(*d);
}

std::string word(Args a, std::size_t i) { return valueText(a[i]); }

Result<const models::catalog::Device*> device(const LessonContext& ctx, const std::string& id)
{
    for (const auto& d : ctx.devices) {
        if (d.id == id) return &d;
    }
    auto near = models::catalog::findDevice(ctx.devices, id);
    if (near) return fail(ErrorCode::NotFound, "unknown device id '" + id + "' (did you mean '" + (*near)->id + "'?)");
    return fail(ErrorCode::NotFound, "unknown device id '" + id + "': " + near.error().message);
}

Result<roof::TransformerConfig> model(const std::string& id) { return roof::findModelPreset(id); }

Result<double> bytesPerElement(const std::string& name)
{
    if (const auto b = prec::blockFormatFromName(name)) return prec::blockBytesPerElement(prec::blockFormatInfo(*b));
    if (const auto e = prec::formatFromName(name)) return prec::formatInfo(*e).bits / 8.0;
    auto dt = roof::dataTypeFromName(name);
    if (!dt) return std::unexpected(dt.error());
    return dt->bytesPerElement;
}

} // namespace accelscope::labs::guided::detail
