// SPDX-License-Identifier: MIT
#include "app/cli/train_budget_output.hpp"

#include "models/common/number_text.hpp"

namespace accelscope::cli {

using nlohmann::json;
using models::readableText;


json runCostJson(const models::system::TrainingRunCost& c)
{
    return {{"tokens", c.tokens}, {"seconds", c.seconds}, {"days", c.days}, {"device_hours", c.deviceHours},
            {"usd", c.usd ? json(*c.usd) : json(nullptr)}, {"price_basis", c.priceBasis},
            {"accelerator_mwh", c.acceleratorMwh ? json(*c.acceleratorMwh) : json(nullptr)}, {"flags", c.flags}};
}


ExitCode printDeadline(const CliContext& ctx, const models::system::DeadlineResult& r, const json& model, const std::string& device,
                       const json& layout, const std::string& layoutName, double tokens, double days)
{
    json tried = json::array();
    for (const auto& t : r.tried) tried.push_back({{"devices", t.devices}, {"days", t.days ? json(*t.days) : json(nullptr)}});
    if (ctx.json) {
        ctx.printJson({{"model", model}, {"device", device}, {"tokens", tokens}, {"days_limit", days}, {"devices", r.devices},
                       {"layout", layout}, {"run", r.cost ? runCostJson(*r.cost) : json(nullptr)}, {"tried", tried},
                       {"gpus_per_node", r.fabric ? json(r.fabric->devicesPerNode) : json(nullptr)}, {"model_kind", "step"}});
        return ExitCode::Ok;
    }
    *ctx.out << "training " << model.value("name", std::string()) << " on " << models::system::tokensText(tokens) << " within "
             << readableText(days) << " days on " << device << ":\n";
    for (const auto& t : r.tried) {
        *ctx.out << "  " << readableText(t.devices) << " devices: "
                 << (t.days ? readableText(*t.days, 3) + " days" : std::string("no layout fits")) << "\n";
    }
    if (r.devices == 0) {
        *ctx.out << "  no count up to the limit trains it in time (or the global batch leaves no layout at the larger counts: try --global-batch)\n";
        return ExitCode::Ok;
    }
    *ctx.out << "  fewest: " << readableText(r.devices) << " devices, " << layoutName << "\n  " << models::system::runCostText(*r.cost) << "\n";
    return ExitCode::Ok;
}

} // namespace accelscope::cli
