#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Converts catalog data files (data/catalog/*.json) from the v1 form to catalog schema v2.

v1 had a free-text "scope"; v2 has "scope" as an enum (chip, package, card, module, board, node,
rack, pod) and the free text in "scope_note". The script edits only the scope line of each device
(one line becomes two, indentation kept), so other branches' edits to the same files merge cleanly.
It prints what it chose for each device and why. Idempotent: a device whose scope is already an enum
name is left alone. Standard library only.

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
