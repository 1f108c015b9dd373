// SPDX-License-Identifier: MIT
// The collective model against published nccl-tests measurements: data/fabric/nccl-tests-published.csv
// (the rows, with sources) and data/fabric/platforms.csv (which catalog device, how many, which rows
// a parameter was fitted on). Fit rows and check rows are reported apart.
#pragma once

#include "models/catalog/device.hpp"
#include "models/common/result.hpp"
#include "models/system/fabric/collectives.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace accelscope::models::system {

/// One measured row of nccl-tests-published.csv.
struct PublishedRow {
    std::string platform;
    Collective collective = Collective::AllReduce;
    double bytes = 0;
    double busbwGBps = 0;
    double timeUs = 0;
    int line = 0;
};

/// One platform of platforms.csv: how to build its fabric and what its rows are for.
struct PublishedPlatform {
    std::string platform;
    std::string deviceId;
    int devicesPerNode = 0;
    int nodes = 1;
    std::optional<double> linkGBps; ///< per direction, when the catalog lacks it (said in `note`)
    std::optional<double> nicGBps;  ///< per device per direction
    std::string role;               ///< "check", "fit-dedicated", "fit-network", "fit-nvls", "skip"
    Algorithm algorithm = Algorithm::Auto;
    std::string note;
    int line = 0;
};

/// Reads nccl-tests-published.csv: the header must name platform, collective, bytes, busbw_gbs and
/// time_us; errors name the line and field.
Result<std::vector<PublishedRow>> readPublishedRows(std::string_view csvText);

/// Reads platforms.csv (platform, device, gpus, nodes, link_gbs, nic_gbs, role, algorithm, note).
Result<std::vector<PublishedPlatform>> readPublishedPlatforms(std::string_view csvText);

/// A row with its prediction.
struct CheckedRow {
    PublishedRow row;
    std::string role;
    double predictedBusbwGBps = 0;
    double ratio = 0; ///< predicted / measured bus bandwidth
    std::string algorithm;
    std::string protocol;
};

/// Errors of one platform, in two size bands (|predicted / measured - 1| on bus bandwidth).
struct PlatformError {
    std::string platform;
    std::string role;
    int rowsLarge = 0;           ///< rows >= 64 MiB
    double medianErrorLarge = 0; ///< median |ratio - 1| of those
    int rowsMid = 0;             ///< rows from 1 MiB to below 64 MiB
    double medianErrorMid = 0;
    double medianRatioLarge = 0; ///< bias: median ratio >= 64 MiB
};

/// The whole comparison: every row, every platform, and the check rows' medians (fit rows excluded).
struct PublishedCheck {
    std::vector<CheckedRow> rows;
    std::vector<PlatformError> platforms;
    double checkMedianErrorLarge = 0;
    double checkMedianErrorMid = 0;
    int checkRowsLarge = 0;
    int checkRowsMid = 0;
    std::vector<std::string> skipped; ///< platforms without a usable mapping, and why
};

/// Predicts every row of a mapped platform; rows of platforms marked "skip" or unmapped are listed in
/// `skipped`. Errors: a platform naming a device the catalog lacks, or a fabric that cannot be built.
Result<PublishedCheck> checkPublished(std::span<const PublishedRow> rows, std::span<const PublishedPlatform> platforms,
                                      std::span<const catalog::Device> catalog);

} // namespace accelscope::models::system
