// SPDX-License-Identifier: MIT
// Stored nccl-tests runs as measured points.
#include "labs/measured/nccl_tests_runs.hpp"

#include "labs/lab_result_json.hpp"

#include <map>
#include <string>

namespace accelscope::labs {

models::Result<std::vector<StoredResult>> storedNcclTestsRuns(const models::catalog::UserStore& store)
{
    const auto stored = store.labResults();
    if (!stored) return std::unexpected(stored.error());
    std::vector<StoredResult> out;
    for (const auto& s : *stored) { // newest first
        if (s.labId != ncclTestsLabId) continue;
        auto result = labResultFromStored(s);
        if (!result) return std::unexpected(result.error());
        out.push_back({s.id, std::move(*result)});
    }
    return out;
}

models::Result<models::system::MeasuredRun> measuredRunOf(const LabResult& result, std::int64_t id)
{
    const std::string name = "result #" + std::to_string(id);
    if (result.labId != ncclTestsLabId) {
        return models::fail(models::ErrorCode::InvalidArgument, name + " is a " + result.labId + " result, not an imported nccl-tests run");
    }
    const Series* busbw = nullptr;
    const Series* algbw = nullptr;
    for (const auto& s : result.series) {
        if (s.name == "measured bus bandwidth") busbw = &s;
        if (s.name == "measured algorithm bandwidth") algbw = &s;
    }
    if (busbw == nullptr) return models::fail(models::ErrorCode::InvalidArgument, name + " has no measured bus bandwidth series");
    std::map<double, double> algbwBySize;
    if (algbw != nullptr) {
        for (const auto& p : algbw->points) algbwBySize[p.x] = p.y;
    }
    models::system::MeasuredRun run;
    run.label = result.title + ", " + name;
    for (const auto& p : busbw->points) {
        const auto a = algbwBySize.find(p.x);
        const double timeUs = a != algbwBySize.end() && a->second > 0 ? p.x / (a->second * 1e3) : 0.0; // B / (GB/s) = ns; /1e3 µs
        run.points.push_back({p.x, p.y, timeUs});
    }
    return run;
}

std::optional<models::system::Collective> measuredCollectiveOf(const LabResult& result)
{
    const std::string prefix = "nccl-tests ";
    if (!result.title.starts_with(prefix)) return std::nullopt;
    const std::string rest = result.title.substr(prefix.size());
    return models::system::collectiveFromName(rest.substr(0, rest.find(' ')));
}

} // namespace accelscope::labs
