#!/usr/bin/env bash
# The whole test suite: install what it needs, then run every test of the workspace.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
cd "$root"
cargo test --workspace
