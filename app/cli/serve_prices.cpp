// SPDX-License-Identifier: MIT
// `serve prices`: the user's device prices and $/kWh in the user database, listed beside the catalog's.
#include "app/cli/serve_prices.hpp"

#include "app/cli/model_options.hpp"
#include "app/cli/text_table.hpp"
#include "models/catalog/catalog_store.hpp"
#include "models/common/number_text.hpp"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cmath>
#include <memory>

namespace accelscope::cli {
namespace {

using models::catalog::FigureKey;
using models::catalog::PriceOverride;
using models::catalog::UserStore;
using nlohmann::json;

struct PriceOptions {
    std::string device;
    std::string usdPerHour;
    std::string listPriceUsd;
    std::string years;
    std::string usdPerKwh;
    bool all = false;
};

json optionalJson(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

ExitCode runSet(const CliContext& ctx, const PriceOptions& o)
{
    if (o.device.empty() && o.usdPerKwh.empty()) return ctx.error("give --device with --usd-per-hour or --list-price-usd, or --usd-per-kwh");
    std::optional<double> kwh;
    if (!o.usdPerKwh.empty()) {
        auto v = parsePrice("--usd-per-kwh", o.usdPerKwh);
        if (!v) return ctx.error(v.error());
        kwh = *v;
    }
    PriceOverride p;
    if (!o.device.empty()) {
        auto device = resolveDevice(ctx, o.device);
        if (!device) return ctx.error(device.error());
        p.deviceId = device->id;
        for (const auto& [name, text, slot] : {std::tuple{"--usd-per-hour", &o.usdPerHour, &p.usdPerHour},
                                               std::tuple{"--list-price-usd", &o.listPriceUsd, &p.listPriceUsd}}) {
            if (text->empty()) continue;
            auto v = parsePrice(name, *text);
            if (!v) return ctx.error(v.error());
            *slot = *v;
        }
        if (!o.years.empty()) {
            auto v = parsePrice("--years", o.years);
            if (!v) return ctx.error(v.error());
            if (!(*v > 0.0)) return ctx.error("--years must be a number > 0, got " + o.years);
            p.amortisationYears = *v;
        }
        if (const auto why = models::catalog::priceOverrideProblem(p); !why.empty()) return ctx.error(why);
    } else if (!o.usdPerHour.empty() || !o.listPriceUsd.empty() || !o.years.empty()) {
        return ctx.error("--usd-per-hour, --list-price-usd and --years need --device");
    }
    auto store = UserStore::open(ctx.resolvedUserDatabase());
    if (!store) return ctx.error(store.error());
    if (!p.deviceId.empty()) {
        if (auto ok = store->savePriceOverride(p); !ok) return ctx.error(ok.error());
    }
    if (kwh) {
        if (auto ok = store->saveUsdPerKwh(*kwh); !ok) return ctx.error(ok.error());
    }
    if (ctx.json) ctx.printJson({{"saved", true}, {"device", p.deviceId.empty() ? json(nullptr) : json(p.deviceId)}});
    else *ctx.out << "saved in " << store->path().string() << "\n";
    return ExitCode::Ok;
}

ExitCode runList(const CliContext& ctx)
{
    auto set = ctx.loadCatalog();
    if (!set) return ctx.error(set.error());
    auto store = UserStore::open(ctx.resolvedUserDatabase());
    if (!store) return ctx.error(store.error());
    auto prices = store->priceOverrides();
    if (!prices) return ctx.error(prices.error());
    auto kwh = store->usdPerKwh();
    if (!kwh) return ctx.error(kwh.error());
    json arr = json::array();
    TextTable t({"device", "your $/h", "your list price", "years", "catalog $/h", "catalog list price", "catalog source"});
    for (const auto& p : *prices) {
        const auto* d = [&]() -> const models::catalog::Device* {
            for (const auto& dev : set->devices) if (dev.id == p.deviceId) return &dev;
            return nullptr;
        }();
        const auto catalog = d ? models::serving::catalogPrice(*d) : models::serving::CatalogPrice{};
        const auto& cloud = catalog.cloudUsdPerHour;
        const auto& list = catalog.listPriceUsd;
        const std::string source = catalog.sourceUrl.empty() ? "" : catalog.sourceUrl + (catalog.date.empty() ? "" : ", " + catalog.date);
        arr.push_back({{"device", p.deviceId}, {"usd_per_hour", optionalJson(p.usdPerHour)},
                       {"list_price_usd", optionalJson(p.listPriceUsd)}, {"amortisation_years", p.amortisationYears},
                       {"updated_at", p.updatedAt}, {"catalog_cloud_usd_per_hour", optionalJson(cloud)},
                       {"catalog_list_price_usd", optionalJson(list)}, {"catalog_source", source}});
        const auto money = [](const std::optional<double>& v) { return v ? models::usdText(*v) : std::string("-"); };
        t.addRow({p.deviceId, money(p.usdPerHour), money(p.listPriceUsd), models::readableText(p.amortisationYears), money(cloud),
                  money(list), source.empty() ? "-" : source});
    }
    if (ctx.json) {
        ctx.printJson({{"prices", arr}, {"usd_per_kwh", optionalJson(*kwh)}});
        return ExitCode::Ok;
    }
    *ctx.out << t.render();
    *ctx.out << "electricity: " << (*kwh ? models::usdText(**kwh) + " per kWh" : std::string("not set (no energy cost added)")) << "\n";
    return ExitCode::Ok;
}

ExitCode runClear(const CliContext& ctx, const PriceOptions& o)
{
    if (o.device.empty() && !o.all && o.usdPerKwh.empty()) return ctx.error("give --device ID, --usd-per-kwh or --all");
    auto store = UserStore::open(ctx.resolvedUserDatabase());
    if (!store) return ctx.error(store.error());
    int cleared = 0;
    std::vector<std::string> ids;
    if (o.all) {
        auto prices = store->priceOverrides();
        if (!prices) return ctx.error(prices.error());
        for (const auto& p : *prices) ids.push_back(p.deviceId);
    } else if (!o.device.empty()) {
        ids.push_back(o.device);
    }
    for (const auto& id : ids) {
        auto removed = store->clearPriceOverride(id);
        if (!removed) return ctx.error(removed.error());
        if (!*removed) return ctx.error("no price of yours is stored for '" + id + "' (`serve prices list` shows them)");
        ++cleared;
    }
    if (o.all || !o.usdPerKwh.empty()) {
        auto removed = store->clearUsdPerKwh();
        if (!removed) return ctx.error(removed.error());
        cleared += *removed ? 1 : 0;
    }
    if (ctx.json) ctx.printJson({{"cleared", cleared}});
    else *ctx.out << "cleared " << cleared << " price(s)\n";
    return ExitCode::Ok;
}

} // namespace

models::Result<double> parsePrice(const std::string& option, const std::string& typed)
{
    // CLI11 hands a negative number over with a space before it (" -1"): trim blanks on both sides.
    const auto first = typed.find_first_not_of(" \t");
    const std::string text = first == std::string::npos ? "" : typed.substr(first, typed.find_last_not_of(" \t") - first + 1);
    double v = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || end != text.data() + text.size() || !std::isfinite(v)) {
        return models::fail(models::ErrorCode::InvalidArgument, option + " must be a number >= 0, got '" + text + "'");
    }
    if (v < 0.0) return models::fail(models::ErrorCode::InvalidArgument, option + " must be a number >= 0, got " + text);
    return v;
}

models::Result<void> applyUserPrices(const CliContext& ctx, models::serving::ServingRequest& request, const std::string& usdPerKwh)
{
    if (!usdPerKwh.empty()) {
        auto v = parsePrice("--usd-per-kwh", usdPerKwh);
        if (!v) return std::unexpected(v.error());
        request.usdPerKwh = *v;
    }
    auto store = UserStore::open(ctx.resolvedUserDatabase());
    if (!store) return std::unexpected(store.error());
    auto prices = store->priceOverrides();
    if (!prices) return std::unexpected(prices.error());
    for (const auto& p : *prices) {
        if (!request.prices.contains(p.deviceId)) request.prices[p.deviceId] = {p.usdPerHour, p.listPriceUsd, p.amortisationYears};
    }
    if (!request.usdPerKwh) {
        auto kwh = store->usdPerKwh();
        if (!kwh) return std::unexpected(kwh.error());
        request.usdPerKwh = *kwh;
    }
    return {};
}

void addPriceCommands(CLI::App& serve, CliContext& ctx, ExitCode& exitCode)
{
    auto o = std::make_shared<PriceOptions>();
    CLI::App* prices = serve.add_subcommand("prices", "your device prices and $/kWh, kept in the user database");
    prices->require_subcommand(1);
    CLI::App* set = prices->add_subcommand("set", "store a device's price ($/device-hour or list price) and/or the $/kWh");
    set->add_option("--device", o->device, "catalog device");
    set->add_option("--usd-per-hour", o->usdPerHour, "what one device-hour costs you, energy not included");
    set->add_option("--list-price-usd", o->listPriceUsd, "what one device costs you (amortised over --years)");
    set->add_option("--years", o->years, "amortisation years of --list-price-usd (default 3)");
    set->add_option("--usd-per-kwh", o->usdPerKwh, "electricity price, $/kWh");
    set->callback([&ctx, &exitCode, o] { exitCode = runSet(ctx, *o); });
    prices->add_subcommand("list", "your prices beside the catalog's")->callback([&ctx, &exitCode] { exitCode = runList(ctx); });
    CLI::App* clear = prices->add_subcommand("clear", "delete a device's price, the $/kWh, or everything");
    clear->add_option("--device", o->device, "the device whose price to delete");
    clear->add_flag("--usd-per-kwh", o->usdPerKwh, "delete the stored $/kWh")->default_str("");
    clear->add_flag("--all", o->all, "delete every price and the $/kWh");
    clear->callback([&ctx, &exitCode, o] { exitCode = runClear(ctx, *o); });
}

} // namespace accelscope::cli
