#!/usr/bin/env bash
# Installs what the tests and the bundled examples need, idempotently:
#  - npm packages of every corpus project (exact versions pinned in its package.json; no lock files),
#  - Debian packages listed in scripts/apt-packages.txt (JVM jars for jvm-flow tests), when apt is there.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

command -v node >/dev/null || { echo "setup: node is required (Debian: apt-get install nodejs npm)" >&2; exit 1; }

# npm: every package.json under corpus/ that declares dependencies and has no node_modules yet.
while IFS= read -r pkg; do
  dir="$(dirname "$pkg")"
  if grep -q '"dependencies"' "$pkg" && [ ! -d "$dir/node_modules" ]; then
    echo "setup: npm install in $dir"
    (cd "$dir" && npm install --no-audit --no-fund --no-package-lock --loglevel=error >/dev/null)
  fi
done < <(find corpus -name package.json -not -path '*/node_modules/*' | sort)

# apt: Debian packages (jars) the JVM tests use.
if [ -f scripts/apt-packages.txt ]; then
  missing=()
  while read -r p; do
    [ -z "$p" ] || [[ "$p" == \#* ]] && continue
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done < scripts/apt-packages.txt
  if [ ${#missing[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
      echo "setup: apt-get install ${missing[*]}"
      apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
      echo "setup: cannot install ${missing[*]} (no apt-get or not root); tests that need them will say so" >&2
    fi
  fi
fi
echo "setup: done"
