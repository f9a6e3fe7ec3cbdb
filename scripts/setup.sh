#!/usr/bin/env bash
# Installs what the tests and the bundled examples need, idempotently:
#  - npm packages of every corpus project (exact versions pinned in its package.json; no lock files),
#  - the corpus/realworld releases and their test dependencies (scripts/setup-realworld.sh),
#  - Debian packages listed in scripts/apt-packages.txt (JVM jars for jvm-flow tests), when apt is there.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

can_apt() { command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; }
apt_updated=
apt_install() {
  [ -n "$apt_updated" ] || { apt-get update -qq >/dev/null; apt_updated=1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Toolchains the project runs: node + npm (workloads, the timing gate) and a JDK (jvm-flow).
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  if can_apt; then echo "setup: apt-get install nodejs npm"; apt_install nodejs npm; fi
fi
command -v node >/dev/null || { echo "setup: node is required (Debian: apt-get install nodejs npm)" >&2; exit 1; }
if ! command -v javac >/dev/null || ! command -v java >/dev/null; then
  if can_apt; then echo "setup: apt-get install default-jdk-headless"; apt_install default-jdk-headless; fi
fi
command -v javac >/dev/null || echo "setup: no JDK (javac); the jvm-flow tests will say so" >&2

# npm: every package.json under corpus/ that declares dependencies and has no node_modules yet,
# four installs at a time (they wait on the network, not the cores).
npm_install() {
  echo "setup: npm install in $1"
  (cd "$1" && npm install --no-audit --no-fund --no-package-lock --loglevel=error >/dev/null)
}
export -f npm_install
while IFS= read -r pkg; do
  dir="$(dirname "$pkg")"
  if grep -q '"dependencies"' "$pkg" && [ ! -d "$dir/node_modules" ]; then
    printf '%s\0' "$dir"
  fi
done < <(find corpus -name package.json -not -path '*/node_modules/*' -not -path 'corpus/realworld/*' | sort) \
  | xargs -0 -r -n 1 -P 4 bash -c 'set -euo pipefail; npm_install "$0"'

# real npm packages with their own test suites (corpus/realworld/*/realworld.json)
"$root/scripts/setup-realworld.sh"

# apt: Debian packages (jars) the JVM tests use.
if [ -f scripts/apt-packages.txt ]; then
  missing=()
  while read -r p; do
    [ -z "$p" ] || [[ "$p" == \#* ]] && continue
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done < scripts/apt-packages.txt
  if [ ${#missing[@]} -gt 0 ]; then
    if can_apt; then
      echo "setup: apt-get install ${missing[*]}"
      apt_install "${missing[@]}"
    else
      echo "setup: cannot install ${missing[*]} (no apt-get or not root); tests that need them will say so" >&2
    fi
  fi
fi
echo "setup: done"
