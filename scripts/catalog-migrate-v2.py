#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Converts catalog data files (data/catalog/*.json) from the v1 form to catalog schema v2.

1. Scope: v1 had a free-text "scope"; v2 has "scope" as an enum (chip, package, card, module,
   board, node, rack, pod) and the free text in "scope_note". Only the scope line of each device is
   edited (one line becomes two, indentation kept).
2. Memory units: a sourced memory_gb stated in a decimal unit ("80 GB", "1.4 TB") is the vendor's
   label for a binary capacity; it becomes "80 GiB" with "label": "80 GB" kept, on the same line.
   Derived memory_gb formulas over decimal constants are reported, not changed (fix them by hand).

Edits are line-local, so other branches' edits to the same files merge cleanly. The script prints
what it chose for each device and why. Idempotent: a scope already an enum name and a memory value
already in GiB are left alone. Standard library only.

Usage: scripts/catalog-migrate-v2.py FILE.json [FILE.json ...]   (exit 1 on a file it cannot convert)
"""
import json
import os
import re
import sys

SCOPES = ("chip", "package", "card", "module", "board", "node", "rack", "pod")

# The form factor decides unless the free text names a larger unit (see choose()).
BY_FORM_FACTOR = {
    "chip": "chip",
    "socket": "package",
    "SoC": "package",
    "PCIe": "card",
    "SXM": "module",
    "OAM": "module",
    "module": "module",
    "board": "board",
    "system": "node",
}

MEMORY_VALUE = re.compile(r'("memory_gb":\s*\{\s*"value":\s*)"(?P<number>[0-9.]+) ?(?P<unit>GB|TB|MB)"')
MEMORY_DERIVED = re.compile(r'"memory_gb":\s*\{\s*"derived":\s*"(?P<formula>[^"]*)"')
SCOPE_LINE = re.compile(r'^(?P<indent>\s*)"scope":\s*(?P<value>"(?:[^"\\]|\\.)*")(?P<comma>,?)\s*$')


def choose(form_factor, text):
    """Returns (scope enum, reason)."""
    lower = text.lower()
    if re.search(r"\bpod\b", lower):
        return "pod", "scope text names a pod"
    if re.search(r"\brack\b", lower):
        return "rack", "scope text names a rack"
    if form_factor in ("board", "system"):
        if re.search(r"\b(base)?board\b", lower):
            return "board", "form factor %s and scope text names a board" % form_factor
        if re.search(r"\b(node|server|system)\b", lower):
            return "node", "form factor %s and scope text names a node/system" % form_factor
    if form_factor in BY_FORM_FACTOR:
        return BY_FORM_FACTOR[form_factor], "form factor %s" % form_factor
    return None, "unknown form factor %r" % form_factor


def migrate(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        print("%s:%d: (syntax): %s" % (path, error.lineno, error.msg), file=sys.stderr)
        return False
    devices = document.get("devices", [])
    pending = [d for d in devices if isinstance(d, dict) and d.get("scope") not in SCOPES]
    lines = text.split("\n")
    out = []
    index = 0
    ok = True
    for number, line in enumerate(lines, start=1):
        memory = MEMORY_VALUE.search(line)
        if memory:
            stated = "%s %s" % (memory.group("number"), memory.group("unit"))
            binary = "%s %siB" % (memory.group("number"), memory.group("unit")[0])
            line = line[:memory.start()] + memory.group(1) + '"%s", "label": "%s"' % (binary, stated) + line[memory.end():]
            print("%s:%d: memory_gb: %s -> %s (label kept: memory is binary; see SCHEMA.md)" % (path, number, stated, binary))
        derived = MEMORY_DERIVED.search(line)
        if derived and re.search(r"[0-9]", derived.group("formula")) and "1.073741824" not in derived.group("formula"):
            print("%s:%d: memory_gb: derived from constants '%s'; if they are GB labels, multiply by 1.073741824 (GiB in GB) by hand"
                  % (path, number, derived.group("formula")), file=sys.stderr)
        match = SCOPE_LINE.match(line)
        if not match or index >= len(pending) or json.loads(match.group("value")) in SCOPES:
            out.append(line)
            continue
        device = pending[index]
        index += 1
        note = json.loads(match.group("value"))
        if note != device.get("scope"):
            print("%s:%d: scope: line order does not match device %r; not converted" % (path, number, device.get("id")),
                  file=sys.stderr)
            return False
        if "scope_note" in device:
            print("%s:%d: scope: device %r has a free-text scope and a scope_note; fix by hand" % (path, number, device.get("id")),
                  file=sys.stderr)
            return False
        scope, why = choose(device.get("form_factor"), note)
        if scope is None:
            print("%s:%d: scope: %s: %s" % (path, number, device.get("id"), why), file=sys.stderr)
            ok = False
            out.append(line)
            continue
        indent = match.group("indent")
        out.append('%s"scope": "%s",' % (indent, scope))
        out.append('%s"scope_note": %s%s' % (indent, match.group("value"), match.group("comma")))
        print("%s:%d: %s: scope %s (%s); scope_note %s" % (path, number, device.get("id"), scope, why, match.group("value")))
    if index != len(pending):
        print("%s: %d device(s) with a free-text scope not on a line of its own; not converted" % (path, len(pending) - index),
              file=sys.stderr)
        return False
    if not ok:
        return False
    converted = "\n".join(out)
    json.loads(converted)  # never write a file that no longer parses
    if converted != text:
        with open(path + ".partial", "w", encoding="utf-8") as f:
            f.write(converted)
        os.replace(path + ".partial", path)
    else:
        print("%s: already in schema v2" % path)
    return True


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().split("\n\n")[-1], file=sys.stderr)
        return 2
    results = [migrate(path) for path in argv[1:]]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
