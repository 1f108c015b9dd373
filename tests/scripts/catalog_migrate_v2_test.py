#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# scripts/catalog-migrate-v2.py: converts a v1 catalog file line-locally, says what it chose, and
# changes nothing on a second run.
import json
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "catalog-migrate-v2.py")

V1 = """{
  "sources": {
    "ds": {"title": "T", "publisher": "Acme", "kind": "datasheet", "url": "https://acme.example/t.pdf"}
  },
  "devices": [
    {
      "id": "acme-card",
      "form_factor": "PCIe",
      "scope": "one board (1 ASIC)",
      "figures": {
        "memory_gb": {"value": "80 GB", "source": "ds", "where": "t"}
      }
    },
    {
      "id": "acme-hgx",
      "form_factor": "system",
      "scope": "one HGX baseboard (8 GPUs); board totals",
      "figures": {}
    },
    {
      "id": "acme-spark",
      "form_factor": "system",
      "scope": "whole desktop system",
      "figures": {}
    },
    {
      "id": "acme-nvl",
      "form_factor": "system",
      "scope": "one NVL72 rack",
      "figures": {}
    },
    {
      "id": "acme-tpu",
      "form_factor": "chip",
      "scope": "one chip (2 \\"TensorCores\\")",
      "figures": {}
    }
  ]
}
"""


def run(path):
    return subprocess.run([sys.executable, SCRIPT, path], capture_output=True, text=True)


class MigrateTest(unittest.TestCase):
    def test_converts_then_leaves_alone(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "acme.json")
            with open(path, "w", encoding="utf-8") as f:
                f.write(V1)
            first = run(path)
            self.assertEqual(first.returncode, 0, first.stderr)
            with open(path, encoding="utf-8") as f:
                converted = f.read()
            devices = {d["id"]: d for d in json.loads(converted)["devices"]}
            self.assertEqual(devices["acme-card"]["scope"], "card")  # form factor wins over the word "board"
            self.assertEqual(devices["acme-hgx"]["scope"], "board")
            self.assertEqual(devices["acme-spark"]["scope"], "node")
            self.assertEqual(devices["acme-nvl"]["scope"], "rack")
            self.assertEqual(devices["acme-tpu"]["scope"], "chip")
            self.assertEqual(devices["acme-tpu"]["scope_note"], 'one chip (2 "TensorCores")')
            self.assertIn("acme.json:9: acme-card: scope card (form factor PCIe)", first.stdout)
            memory = devices["acme-card"]["figures"]["memory_gb"]
            self.assertEqual((memory["value"], memory["label"]), ("80 GiB", "80 GB"))
            self.assertIn("acme.json:11: memory_gb: 80 GB -> 80 GiB", first.stdout)
            # Line-local: every other line is unchanged, each scope line became two.
            self.assertEqual(len(converted.split("\n")), len(V1.split("\n")) + 5)
            second = run(path)
            self.assertEqual(second.returncode, 0, second.stderr)
            self.assertIn("already in schema v2", second.stdout)
            with open(path, encoding="utf-8") as f:
                self.assertEqual(f.read(), converted)

    def test_unknown_form_factor_fails_and_writes_nothing(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "bad.json")
            bad = V1.replace('"form_factor": "PCIe"', '"form_factor": "dongle"')
            with open(path, "w", encoding="utf-8") as f:
                f.write(bad)
            result = run(path)
            self.assertEqual(result.returncode, 1)
            self.assertIn("bad.json:9: scope: acme-card: unknown form factor 'dongle'", result.stderr)
            with open(path, encoding="utf-8") as f:
                self.assertEqual(f.read(), bad)


if __name__ == "__main__":
    unittest.main()
