#!/usr/bin/env bash
# Quick start: install what the portal needs and run it on its embedded defaults with demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-bun.sh
# Demo data is off by default (a real install never gets accounts with a published password); the quick start
# asks for it, and says so.
export SEED_DEMO="${SEED_DEMO:-true}"
if [ "$SEED_DEMO" = "true" ] || [ "$SEED_DEMO" = "1" ]; then
  echo "Demo data on (SEED_DEMO=true): demo accounts with the README's published password. Not for real use."
fi
# The demo super-owner, unless the deployment names its own.
export SUPER_OWNER_EMAIL="${SUPER_OWNER_EMAIL:-super@geolabs.example}"
exec bun run start
