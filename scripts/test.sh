#!/usr/bin/env bash
# Install everything the tests need (Bun, dependencies, Chromium for the browser tests) and run them all.
# The last line printed is "N passed, N failed".
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-bun.sh
need_apt=()
[ -x /usr/bin/chromium ] || [ -n "${CHROMIUM_PATH:-}" ] || need_apt+=(chromium)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "installing ${need_apt[*]}…"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
exec bun run test "$@"
