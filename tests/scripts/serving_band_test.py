#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The band `serve step` prints (models/system/step/serving_band.cpp) is what scripts/check_serving_published.py --band
computes from the published rows with today's model: a change to the model or the rows must update both.
Usage: serving_band_test.py CLI"""
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

cli = sys.argv[1]
# The CLI keeps a user database under $XDG_DATA_HOME: a throw-away one, not the machine's.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="accelscope-band-")
root = Path(__file__).resolve().parents[2]
band = json.loads(subprocess.run([sys.executable, str(root / "scripts/check_serving_published.py"), cli, "--band"],
                                 capture_output=True, text=True, check=True).stdout)
step = json.loads(subprocess.run([cli, "--json", "serve", "step", "--model", "llama3.1-8b", "--device", "nvidia-h100-sxm"],
                                 capture_output=True, text=True, check=True).stdout)["band"]
failures = []
for key, printed in (("p10", "measured_over_predicted_p10"), ("p50", "measured_over_predicted_p50"), ("p90", "measured_over_predicted_p90")):
    if abs(band[key] - step[printed]) > 0.005:
        failures.append(f"{key}: the rows give {band[key]:.3f}, serve step prints {step[printed]:.3f}")
if band["rows"] != step["rows"]:
    failures.append(f"rows: the script judged {band['rows']}, serve step says {step['rows']}")
if failures:
    print("models/system/step/serving_band.cpp is out of date:\n  " + "\n  ".join(failures))
    sys.exit(1)
print(f"band holds: {band}")
