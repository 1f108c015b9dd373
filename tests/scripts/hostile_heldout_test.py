#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Issue #29's held-out round: hostile inputs written after the fixes, none of them among the 187 cases
the fixes were made for. Each case runs `accelscope-cli` as a careless or malicious user would and must
end in one of two ways:
  refused  - exit status 1 or 2, one line on stderr that contains the expected words, nothing on stdout
             that looks like a result, and no file left where an output was asked;
  accepted - exit status 0 and a result that is correct (the check named in the case).
Every case must end within 30 s (an endless input or an unbounded number would not).
Usage: hostile_heldout_test.py PATH/TO/accelscope-cli [--table]   (--table prints a Markdown table)"""
import os
import stat
import subprocess
import sys
import tempfile
import time

CLI = sys.argv[1]
TABLE = "--table" in sys.argv
LIMIT_S = 30


def run(args, stdin=None, env=None, feed=None):
    start = time.monotonic()
    writer = None
    if feed:  # a process writing zeros into the FIFO until the reader goes
        writer = subprocess.Popen(["sh", "-c", f"exec cat /dev/zero > '{feed}'"], stderr=subprocess.DEVNULL)
    try:
        p = subprocess.run([CLI, *args], input=stdin, capture_output=True, timeout=LIMIT_S, env=env)
    except subprocess.TimeoutExpired:
        return None, "", f"did not end within {LIMIT_S} s", LIMIT_S
    finally:
        if writer:
            writer.kill()
            writer.wait()
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"), time.monotonic() - start


def main():
    failures = []
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        user = os.path.join(tmp, "user.db")
        base = ["--user-db", user]
        fifo = os.path.join(tmp, "fifo")
        os.mkfifo(fifo)
        folder = os.path.join(tmp, "folder")
        os.mkdir(folder)
        readonly = os.path.join(tmp, "readonly.svg")
        with open(readonly, "w") as f:
            f.write("keep")
        os.chmod(readonly, stat.S_IRUSR)
        loop = os.path.join(tmp, "loop.svg")
        os.symlink(loop, loop)  # a link to itself
        dangling = os.path.join(tmp, "dangling.svg")
        os.symlink(os.path.join(tmp, "made-by-link.svg"), dangling)
        huge = os.path.join(tmp, "huge.json")
        with open(huge, "wb") as f:
            f.truncate(64 << 20)  # 64 MiB of zeros, sparse
        nul_csv = os.path.join(tmp, "nul.csv")
        exported = subprocess.run([CLI, "--user-db", os.path.join(tmp, "seed.db"), "catalog", "export", "nvidia-h100-sxm", "--format", "csv"],
                                  capture_output=True, check=True).stdout
        header, row = exported.split(b"\n", 2)[:2]
        with open(nul_csv, "wb") as f:
            f.write(header + b"\n" + row.replace(b"nvidia-h100-sxm", b"my-h100", 1).replace(b"H100", b"H1\x0000", 1) + b"\n")
        deep = os.path.join(tmp, "deep.json")
        with open(deep, "w") as f:
            f.write("[" * 100000 + "]" * 100000)
        bom_config = os.path.join(tmp, "bom.json")
        with open(bom_config, "wb") as f:
            f.write(b"\xef\xbb\xbf{\"layers\": 1e400}")
        lesson_zero = os.path.join(tmp, "zero.md")
        with open(lesson_zero, "wb") as f:
            f.write(b"\x00" * 1000)

        m70 = ["--model", "llama2-70b"]
        # (name, args, expectation, words on stderr or a check on the result, output file that must not exist)
        cases = [
            # Output targets
            ("chip gemm --svg to a FIFO", ["chip", "gemm", "--device", "nvidia-h100-sxm", "--m", "64", "--n", "64", "--k", "64", "--svg", fifo], "refused", "FIFO", None),
            ("fabric ring --svg to a folder", ["fabric", "ring", "--svg", folder], "refused", "directory", None),
            ("train estimate --svg to a read-only file", ["train", "estimate", *m70, "--device", "nvidia-h100-sxm", "--tp", "8", "--svg", readonly], "refused", "read-only", None),
            ("pipeline --svg to a link to itself", ["pipeline", "--svg", loop], "refused", "symbolic links", None),
            ("pipeline --svg through a dangling link", ["pipeline", "--svg", dangling], "accepted", lambda o, e: os.path.isfile(os.path.join(tmp, "made-by-link.svg")) and os.path.islink(dangling), None),
            ("chip occupancy --svg to /dev/full", ["chip", "occupancy", "--cc", "9.0", "--svg", "/dev/full"], "refused", "character device", None),
            ("catalog export --out into a missing folder", ["catalog", "export", "--out", os.path.join(tmp, "no", "such", "x.json")], "refused", "", os.path.join(tmp, "no")),
            # Endless or oversized input
            ("fabric import from a FIFO fed without end", ["fabric", "import", fifo, "--no-save"], "refused", "too large", None),
            ("lab import of a 64 MiB sparse file", ["lab", "import", huge], "refused", "too large", None),
            ("--config from /dev/urandom", ["serve", "step", "--config", "/dev/urandom", "--device", "nvidia-h100-sxm"], "refused", "too large", None),
            ("lesson check of 1,000 NUL bytes", ["lesson", "check", lesson_zero], "refused", "1 problem", None),
            ("catalog import of 100,000 nested brackets", ["catalog", "import", deep, "--dry-run"], "refused-lines", "deep.json", None),
            ("catalog import of a CSV with a NUL in a name", ["catalog", "import", nul_csv, "--dry-run"], "refused-lines", "control character", None),
            ("--config with a BOM and 1e400 layers", ["serve", "step", "--config", bom_config, "--device", "nvidia-h100-sxm"], "refused", "bom.json", None),
            ("warp run --program from a folder", ["warp", "run", "--program", folder], "refused", "directory", None),
            # Unbounded numbers
            ("serve size --users 1e300", ["serve", "size", *m70, "--users", "1e300", "--devices", "h100"], "refused", "--users", None),
            ("serve size --tokens-per-day inf", ["serve", "size", *m70, "--tokens-per-day", "inf", "--devices", "h100"], "refused", "--tokens-per-day", None),
            ("serve size --requests-per-s 0", ["serve", "size", *m70, "--requests-per-s", "0", "--devices", "h100"], "refused", "--requests-per-s", None),
            ("train plan --tokens nan", ["train", "plan", *m70, "--device", "nvidia-h100-sxm", "--count", "64", "--tokens", "nan"], "refused", "--tokens", None),
            ("train plan --days 1e-300", ["train", "plan", *m70, "--device", "nvidia-h100-sxm", "--count", "64", "--tokens", "1e12", "--days", "1e-300"], "refused", "--days", None),
            ("chip gemm --m 1e30", ["chip", "gemm", "--device", "nvidia-h100-sxm", "--m", "1e30", "--n", "64", "--k", "64"], "refused", "--m", None),
            ("chip occupancy --threads 4294967297", ["chip", "occupancy", "--cc", "9.0", "--threads", "4294967297"], "refused", "--threads", None),
            ("chip occupancy --registers -1", ["chip", "occupancy", "--cc", "9.0", "--registers", "-1"], "refused", "--registers", None),
            ("fabric collective --bytes 1e30", ["fabric", "collective", "--device", "nvidia-h100-sxm", "--bytes", "1e30"], "refused", "--bytes", None),
            ("fabric collective --nodes 2147483647", ["fabric", "collective", "--device", "nvidia-h100-sxm", "--nodes", "2147483647"], "refused", "--nodes", None),
            ("fabric ring --ranks 100000", ["fabric", "ring", "--ranks", "100000"], "refused", "--ranks", None),
            ("fabric ring --step 2147483647", ["fabric", "ring", "--step", "2147483647"], "refused", "--step", None),
            ("pipeline --microbatches 2147483647", ["pipeline", "-m", "2147483647"], "refused", "micro-batches", None),
            ("pipeline --f -1", ["pipeline", "--f", "-1"], "refused", "positive finite", None),
            ("pipeline --w inf", ["pipeline", "--w", "inf"], "refused", "positive finite", None),
            ("roofline --kernel gemm:M=1e400", ["roofline", "--device", "nvidia-h100-sxm", "--kernel", "gemm:M=1e400,N=8,K=8"], "refused", "M=1e400", None),
            ("classroom tally --measured nan", ["classroom", "tally", "roofline", "2", "3", "--measured", "nan"], "refused", "--measured", None),
            ("format quantize --count 0", ["format", "quantize", "fp8-e4m3", "--dist", "normal", "--count", "0"], "refused", "--count", None),
            ("format encode of 10^400", ["format", "encode", "fp16", "1e400"], "accepted", lambda o, e: "inf" in o.lower(), None),
            ("format decode of a 65-bit code", ["format", "decode", "fp16", "0x1" + "0" * 16], "refused", "fp16", None),
            # Silently wrong
            ("lab history with --user-db in a missing folder", ["--user-db", os.path.join(tmp, "none", "u.db"), "lab", "history"], "accepted", lambda o, e: "no stored results" in o, os.path.join(tmp, "none")),
            ("chip gemm --k 1.5", ["chip", "gemm", "--device", "nvidia-h100-sxm", "--m", "64", "--n", "64", "--k", "1.5"], "refused", "whole number", None),
            ("catalog show of an id with a newline", ["catalog", "show", "nvidia-h100-sxm\nrm"], "refused", "", None),
            ("--user-db /dev/null for a listing", ["--user-db", "/dev/null", "lab", "history"], "refused", "not a database file", "/dev/null-journal"),
            ("--user-db a folder for an import", ["--user-db", folder, "catalog", "import", nul_csv], "refused", "not a database file", None),
            ("compare one device against itself", ["catalog", "compare", "nvidia-h100-sxm", "nvidia-h100-sxm"], "accepted", lambda o, e: o.count("nvidia-h100-sxm") >= 2, None),
        ]
        for name, args, expect, check, mustNotExist in cases:
            full = args if args[0] == "--user-db" else base + args
            status, out, err, seconds = run(full, feed=fifo if "FIFO fed" in name else None)
            lines = [l for l in err.splitlines() if l.strip()]
            problem = None
            if status is None:
                problem = err
            elif status < 0 or status >= 128:
                problem = f"ended by signal or crash (status {status})"
            elif expect == "refused-lines":  # an import lists every problem, one line each, naming the file
                if status != 1:
                    problem = f"accepted (status {status})"
                elif not any(check.lower() in l.lower() for l in lines) or any("\x00" in l for l in lines):
                    problem = f"no line names '{check}': {err[:300]!r}"
            elif expect == "refused":
                if status not in (1, 2):
                    problem = f"accepted (status {status}); stdout: {out[:120]!r}"
                elif len(lines) != 1:
                    problem = f"{len(lines)} lines on stderr: {err[:300]!r}"
                elif check and check.lower() not in lines[0].lower():
                    problem = f"stderr does not name '{check}': {lines[0]!r}"
            else:
                if status != 0:
                    problem = f"refused (status {status}): {err[:200]!r}"
                elif not check(out, err):
                    problem = f"wrong result: {out[:200]!r}"
            if mustNotExist and os.path.exists(mustNotExist):
                problem = (problem or "") + f" left {mustNotExist} behind"
            with open(readonly) as f:
                if f.read() != "keep":
                    problem = (problem or "") + " the read-only file was changed"
            rows.append((name, expect, status, lines[0] if lines else (out.splitlines() or [""])[0], seconds, problem))
            if problem:
                failures.append(f"{name}: {problem}")
    if TABLE:
        print("| case | expected | status | first line | s |\n|---|---|---:|---|---:|")
        for name, expect, status, line, seconds, problem in rows:
            shown = line.replace("|", "\\|")[:140]
            print(f"| {name} | {expect}{' — FAILED: ' + problem if problem else ''} | {status} | {shown} | {seconds:.2f} |")
    for f in failures:
        print("FAILED:", f, file=sys.stderr)
    print(f"{len(rows) - len(failures)} of {len(rows)} held-out hostile cases end as they should", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
