#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Start-up time of accelscope against a bare Qt 6 window with one QOpenGLWidget (issue #14: at most
# 2x), both timed by the same first-paint probe, interleaved under one Xvfb.
# Usage: scripts/startup-compare.sh [BUILD_DIR] [ROUNDS] [-- extra accelscope options]
# (default build/dev, 12 rounds; e.g. `-- --page roofline`). Needs both programs and the catalog:
#   cmake --build --preset dev --target accelscope bare_qt_window catalog_db
# Prints every run, then medians, min-max and the ratio of the medians, in three columns:
# startup_ms (main() to the first painted frame, what --startup-probe prints), wall_ms (the whole
# process as the shell sees it: loading its libraries, start-up, the first frame, exit) and cpu_ms
# (the process's user + system CPU time for all of that: less sensitive to other load on the machine).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/dev}"
rounds="${2:-12}"
shift $(( $# >= 2 ? 2 : $# ))
[[ "${1:-}" == "--" ]] && shift
if ! [[ "$rounds" =~ ^[0-9]+$ ]] || (( rounds < 1 )); then
  echo "startup-compare: ROUNDS must be a positive whole number, not '$rounds'" >&2
  exit 2
fi
for exe in "$build/bin/accelscope" "$build/bin/bare_qt_window" "$build/bin/accelscope.db"; do
  [[ -e "$exe" ]] || { echo "startup-compare: $exe: not built (build accelscope, bare_qt_window and catalog_db)" >&2; exit 2; }
done
if [[ -z "${DISPLAY:-}" ]]; then
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$0" "$build" "$rounds" -- "$@"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# display $DISPLAY; load average before: $(cut -d' ' -f1-3 /proc/loadavg); busiest processes now (%CPU, command):"
top -b -n 1 -o %CPU -w 200 | awk 'NR > 7 && NR <= 13 { print "#   " $9, $12 }'
python3 - "$build" "$rounds" "$work" "$@" <<'PY'
import os, re, statistics, sys, time

build, rounds, work, extra = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
size = "1280x800"
programs = {
    "accelscope": [f"{build}/bin/accelscope", "--settings", f"{work}/settings.ini", "--user-db", f"{work}/user.db",
                   "--size", size, "--startup-probe", *extra],
    "bare": [f"{build}/bin/bare_qt_window", "--size", size],
}

def timed(name):
    """One run: (startup_ms, wall_ms, cpu_ms); exits naming the program when it fails or prints no time."""
    out_path, err_path = f"{work}/{name}.out", f"{work}/{name}.err"
    with open(out_path, "w") as out, open(err_path, "w") as err:
        start = time.perf_counter_ns()
        pid = os.posix_spawn(programs[name][0], programs[name], os.environ,
                             file_actions=[(os.POSIX_SPAWN_DUP2, out.fileno(), 1), (os.POSIX_SPAWN_DUP2, err.fileno(), 2)])
        _, status, usage = os.wait4(pid, 0)  # the child's own CPU time, to the microsecond
        wall_ms = (time.perf_counter_ns() - start) / 1e6
    found = re.search(r"^startup_ms ([0-9.]+)$", open(out_path).read(), re.M)
    if os.waitstatus_to_exitcode(status) != 0 or not found:
        sys.exit(f"startup-compare: {name} exited with {os.waitstatus_to_exitcode(status)} and no startup_ms line: "
                 f"{open(err_path).read().strip()[-300:]}")
    return float(found.group(1)), wall_ms, (usage.ru_utime + usage.ru_stime) * 1000

print(f"# window {size}, {rounds} rounds, accelscope options: {' '.join(extra) or '(none)'}")
timed("accelscope"), timed("bare")  # warm-up, not counted: creates settings and user database, fills the page cache
runs = {"accelscope": [], "bare": []}
for i in range(rounds):
    # Alternate which goes first, so neither always runs right after the other.
    for name in ("accelscope", "bare") if i % 2 == 0 else ("bare", "accelscope"):
        values = timed(name)
        runs[name].append(values)
        print(f"{name:10} startup_ms {values[0]:7.1f}  wall_ms {values[1]:7.1f}  cpu_ms {values[2]:6.0f}", flush=True)
print(f"# load average after: {open('/proc/loadavg').read().split()[:3]}")
columns = ("startup_ms", "wall_ms", "cpu_ms")
median = {}
for name, values in runs.items():
    for col, label in enumerate(columns):
        column = sorted(v[col] for v in values)
        median[name, col] = statistics.median(column)
        print(f"{name:10} {label:10} median {median[name, col]:7.1f}  min {column[0]:7.1f}  max {column[-1]:7.1f}  (n={len(column)})")
for col, label in enumerate(columns):
    print(f"ratio of medians, {label}: {median['accelscope', col] / median['bare', col]:.2f}")
PY
