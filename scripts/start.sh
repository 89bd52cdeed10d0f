#!/usr/bin/env bash
# Quick start: install what the portal needs and run it on its embedded defaults with demo data.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-bun.sh
# The demo super-owner, unless the deployment names its own.
export SUPER_OWNER_EMAIL="${SUPER_OWNER_EMAIL:-super@geolabs.example}"
exec bun run start
