// SPDX-License-Identifier: MIT
// Sector and bank counting by enumerating the lanes' addresses (exact for any stride).
#include "models/simt/memory_access.hpp"

#include <cassert>
#include <map>
#include <set>

namespace accelscope::models::simt {

int sectorsPerWarpRequest(int strideElements, int elementBytes, int width, int sectorBytes)
{
    assert(strideElements >= 1 && elementBytes >= 1 && width >= 1 && sectorBytes >= 1);
    std::set<long long> sectors;
    for (int lane = 0; lane < width; ++lane) {
        const long long first = static_cast<long long>(lane) * strideElements * elementBytes;
        const long long last = first + elementBytes - 1;
        for (long long s = first / sectorBytes; s <= last / sectorBytes; ++s) sectors.insert(s);
    }
    return static_cast<int>(sectors.size());
}

double coalescingEfficiency(int strideElements, int elementBytes, int width, int sectorBytes)
{
    const int sectors = sectorsPerWarpRequest(strideElements, elementBytes, width, sectorBytes);
    return static_cast<double>(width) * elementBytes / (static_cast<double>(sectors) * sectorBytes);
}

int bankConflictWays(int strideWords, int banks, int width)
{
    assert(strideWords >= 1 && banks >= 1 && width >= 1);
    // Lanes reading the same word are served by one broadcast, so count distinct words per bank.
    std::map<int, std::set<long long>> wordsPerBank;
    for (int lane = 0; lane < width; ++lane) {
        const long long word = static_cast<long long>(lane) * strideWords;
        wordsPerBank[static_cast<int>(word % banks)].insert(word);
    }
    int ways = 1;
    for (const auto& [bank, words] : wordsPerBank) ways = std::max(ways, static_cast<int>(words.size()));
    return ways;
}

} // namespace accelscope::models::simt
