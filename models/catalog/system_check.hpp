// SPDX-License-Identifier: MIT
// Systems as composition: a board, node, rack or pod lists its parts, and its printed totals must
// add up from them.
#pragma once

#include "models/catalog/catalog_parser.hpp"

#include <span>

namespace accelscope::models::catalog {

/// Relative tolerance of the sum check: a system total may differ from the sum of its parts by at
/// most 1 %. Vendors round board totals (8 x 141 GB printed as "1.1 TB") by less than that; a wrong
/// per-part figure (HGX B200: 1400 GB printed for 8 x 180 GB = 1440 GB, 2.8 % off) is caught.
constexpr double systemTotalTolerance = 0.01;

/// Checks every device of `catalog` that lists `contains`:
/// - each part is a device of `catalog` or of `known` (the catalog an import is added to), not
///   the system itself, not of a larger scope than the system, and no chain of parts loops;
/// - where the system prints a total and every part prints the same figure: memory capacity and
///   each precision's dense (and vector) compute equal the sum of count x part within
///   systemTotalTolerance; TDP is at least the sum of the parts' TDP (a system also powers CPUs,
///   switches and fans), less the tolerance.
/// Each problem becomes an issue at the system's figure or part line; failing systems are removed
/// from `catalog.devices`.
void checkSystems(ParsedCatalog& catalog, std::span<const Device> known = {});

/// The sum over a system's parts of count x the part's figure, or nullopt when the system lists no
/// parts or a part lacks the figure. `devices` must hold every part (unknown ids give nullopt).
std::optional<double> sumOfParts(const Device& system, FigureKey key, std::span<const Device* const> devices);

} // namespace accelscope::models::catalog
