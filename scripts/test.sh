#!/usr/bin/env bash
# The whole test suite: install what it needs while the tests build, then run every test of the
# workspace (under cargo-nextest when it is installed: each test in its own process, the binaries
# side by side; else `cargo test`).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# npm packages and Debian jars come over the network while the compiler keeps the cores busy
"$root/scripts/setup.sh" >"$log" 2>&1 &
setup=$!
build_status=0
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace --no-run || build_status=$?
else
  cargo test --workspace --no-run || build_status=$?
fi
setup_status=0
wait "$setup" || setup_status=$?
cat "$log"
[ "$setup_status" = 0 ] || { echo "test.sh: scripts/setup.sh failed ($setup_status)" >&2; exit "$setup_status"; }
[ "$build_status" = 0 ] || exit "$build_status"
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --workspace
else
  cargo test --workspace
fi
