// SPDX-License-Identifier: MIT
// Derived views of formats for teaching: representable values, values per binade, histograms,
// and the storage a model needs in each format.
#pragma once

#include "models/precision/element_format.hpp"

#include <span>
#include <string>
#include <vector>

namespace accelscope::models::precision {

/// Every finite value of a format with at most 16 bits, sorted ascending, −0 merged with +0.
std::vector<double> representableValues(ElementFormat format);

/// How many positive representable values lie in each binade [2^k, 2^(k+1)).
struct BinadeCount {
    int exponent;   ///< k
    int values;
};
std::vector<BinadeCount> valuesPerBinade(ElementFormat format);

/// Counts of `values` in `bins` equal bins over [lo, hi]; values outside are counted apart.
struct Histogram {
    double lo = 0.0;
    double hi = 0.0;
    std::vector<std::size_t> counts;
    std::size_t below = 0;
    std::size_t above = 0;
    std::size_t maxCount() const;
};

/// Histogram over a symmetric range ±r where r is the `percentile` (e.g. 0.999) of |x|, so a few
/// outliers do not flatten the picture; values beyond fall into below/above.
Histogram symmetricHistogram(std::span<const double> values, std::size_t bins, double percentile = 0.999);

/// Gigabytes (10^9 B) to store `parameters` weights at `bytesPerElement`.
double storageGigabytes(double parameters, double bytesPerElement);

} // namespace accelscope::models::precision
