#!/usr/bin/env bash
# Unpacks every corpus/realworld/<name>/ release from the npm registry into <name>/package/ (as
# `npm pack` does) and installs its test dependencies there, idempotently. What to fetch is in
# <name>/realworld.json:
#   { "release": "minimist@1.2.8",                  exact version
#     "install": "devDependencies" | ["tape@5.7.5", …] }  the release's devDependencies, or its
#                                                      dependencies and these (none for [])
# Nothing third-party is committed: package/ is git-ignored.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
field() { node -e 'const m = require(process.argv[1]); const v = m[process.argv[2]]; console.log(Array.isArray(v) ? v.join(" ") : (v || ""))' "$1" "$2"; }
# one release: unpacked and its test dependencies installed
unpack() {
  manifest="$1"
  dir="$(dirname "$manifest")"
  [ -f "$dir/package/.decisionprof-installed" ] && return 0
  release="$(field "$manifest" release)"
  install="$(field "$manifest" install)"
  echo "setup: realworld $release"
  rm -rf "$dir/package" "$dir"/*.tgz
  tgz="$(cd "$dir" && npm pack "$release" --silent --loglevel=error | tail -1)"
  tar -xzf "$dir/$tgz" -C "$dir"
  rm -f "$dir/$tgz"
  if [ "$install" = "devDependencies" ]; then
    (cd "$dir/package" && npm install --ignore-scripts --no-audit --no-fund --no-package-lock --loglevel=error >/dev/null)
  else
    # the release's own dependencies and the listed packages, without its devDependencies (their
    # linters, bundlers and runners are not what the tests need): the list replaces them
    (cd "$dir/package" && cp package.json .package.json.orig \
      && node -e 'const f = "package.json", p = require("./" + f); delete p.devDependencies; require("fs").writeFileSync(f, JSON.stringify(p, null, 2))' \
      && { # shellcheck disable=SC2086
           npm install --ignore-scripts --no-audit --no-fund --no-package-lock --no-save --loglevel=error $install >/dev/null; } \
      ; status=$?; mv .package.json.orig package.json; exit $status)
  fi
  touch "$dir/package/.decisionprof-installed"
}
export -f field unpack
# four at a time: they wait on the network, not the cores
printf '%s\0' "$root"/corpus/realworld/*/realworld.json | xargs -0 -r -n 1 -P 4 bash -c 'set -euo pipefail; unpack "$0"'
