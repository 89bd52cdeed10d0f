#!/usr/bin/env bash
# Quick start: install what the portal needs and run it on its embedded defaults with demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-bun.sh
# Demo data is off by default (a real install never gets accounts with a published password); the quick start
# asks for it, and says so.
# A SEED_DEMO in the environment or in .env (which Bun reads, but never over the environment) wins.
if [ -z "${SEED_DEMO:-}" ] && ! grep -qs '^SEED_DEMO=' .env; then export SEED_DEMO=true; fi
if [ "${SEED_DEMO:-}" = "true" ] || [ "${SEED_DEMO:-}" = "1" ]; then
  echo "Demo data on (SEED_DEMO=true): demo accounts with the README's published password. Not for real use."
  # The demo super-owner, unless the deployment names its own.
  if [ -z "${SUPER_OWNER_EMAIL:-}" ] && ! grep -qs '^SUPER_OWNER_EMAIL=' .env; then
    export SUPER_OWNER_EMAIL=super@geolabs.example
  fi
fi
exec bun run start
