#!/usr/bin/env bash
# Shared by start.sh and test.sh: make sure Bun is on PATH and the locked dependencies are installed.
set -euo pipefail
export PATH="$HOME/.bun/bin:$PATH"
if ! command -v bun >/dev/null 2>&1; then
  echo "installing bun…"
  if command -v npm >/dev/null 2>&1; then
    npm install -g bun@1.4.5 >/dev/null 2>&1 || npm install -g --prefix "$HOME/.bun" bun@1.4.5 >/dev/null
  else
    curl -fsSL https://bun.sh/install | bash -s "bun-v1.4.5" >/dev/null
  fi
fi
bun install --frozen-lockfile >/dev/null
