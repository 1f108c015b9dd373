#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fails when a lower layer reaches up: Qt or ImGui under models/ or labs/, SQLite outside
# models/catalog/, CUDA source outside labs/; and when a file in app/gui grows past 450 lines (a
# page splits by class instead: docs/ARCHITECTURE.md).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
if grep -rnE '#include *[<"](Q[A-Za-z]|imgui|backends/imgui)' models labs; then
  echo "layer check: Qt or ImGui included below app/" >&2; status=1
fi
if grep -rnlE 'sqlite3' --include='*.cpp' --include='*.hpp' models labs app | grep -v '^models/catalog/'; then
  echo "layer check: sqlite3 used outside models/catalog/" >&2; status=1
fi
if find . -name '*.cu' -not -path './labs/*' -not -path './build/*' | grep .; then
  echo "layer check: CUDA source outside labs/" >&2; status=1
fi
long=$(find app/gui -name '*.cpp' -o -name '*.hpp' | xargs wc -l | awk '$2 != "total" && $1 > 450 {print $2 " (" $1 " lines)"}')
if [[ -n "$long" ]]; then
  echo "$long" >&2
  echo "layer check: app/gui files over 450 lines; split them by class" >&2; status=1
fi
exit $status
