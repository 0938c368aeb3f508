#!/usr/bin/env bash
# Installs the Debian packages given as arguments when any is missing (a fresh CI machine has
# no PHP, Ruby, PostgreSQL or Chromium). `apt-get update` runs at most once per machine boot.
#   bash scripts/debian-packages.sh php-cli php-curl ruby
set -euo pipefail
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
run_as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
marker=/tmp/rankquill-apt-updated
if [ ! -f "$marker" ]; then
  echo "debian-packages: apt-get update" >&2
  run_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
  touch "$marker"
fi
echo "debian-packages: installing ${missing[*]}" >&2
run_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
