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
# The language suites run side by side (scripts/test.mjs): one install at a time, the others wait.
# apt-get runs with fd 9 closed, so that no service a package starts holds the lock after us.
exec 9>"${TMPDIR:-/tmp}/rankquill-apt.lock"
flock 9
marker=/tmp/rankquill-apt-updated
if [ ! -f "$marker" ]; then
  echo "debian-packages: apt-get update" >&2
  run_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 9>&-
  touch "$marker"
fi
echo "debian-packages: installing ${missing[*]}" >&2
run_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  -o DPkg::Lock::Timeout=600 "${missing[@]}" >&2 9>&-
