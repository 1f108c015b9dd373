# SPDX-License-Identifier: MIT
# The one timing rule of the GPU reference scripts: warm-ups, then the median of CUDA-event-timed calls.
import statistics

import torch


def timed(fn, reps=10, warmup=3):
    """Median seconds of `reps` calls of fn, each between two CUDA events, after `warmup` untimed calls."""
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / 1e3)
    return statistics.median(times)
