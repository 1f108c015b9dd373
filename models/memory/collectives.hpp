// SPDX-License-Identifier: MIT
// Cost of collective communication between devices (alpha-beta model).
#pragma once

namespace accelscope::models::memory {

/// Seconds of a ring all-reduce of `bytes` over `devices` devices whose links carry
/// `bandwidthGBps` (10^9 B/s, per direction) with `latencyUs` per message:
/// 2(n−1)·α + 2·(n−1)/n · bytes / β (a reduce-scatter then an all-gather, each n−1 steps moving
/// bytes/n; Patarasuk and Yuan, "Bandwidth optimal all-reduce algorithms for clusters of
/// workstations", JPDC 69(2), 2009). 0 for one device. Preconditions: devices ≥ 1, bandwidth > 0.
double ringAllReduceTimeS(double bytes, int devices, double bandwidthGBps, double latencyUs = 0.0);

/// Bytes each device sends in a ring all-reduce: 2·(n−1)/n · bytes (tends to 2× the buffer).
double ringAllReduceBytesPerDevice(double bytes, int devices);

} // namespace accelscope::models::memory
