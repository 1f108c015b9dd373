#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Fails when a lower layer reaches up: Qt or ImGui under models/ or labs/, SQLite outside
# models/catalog/, CUDA source outside labs/.
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
exit $status
