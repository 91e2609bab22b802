#!/usr/bin/env bash
# `npm run dev` on a fresh seeded data directory, removed when the server stops (e2e/dev-server.spec.ts).
set -euo pipefail
port=${1:?port}
dir=$(mktemp -d /tmp/maratona-dev-XXXXXX)
export DATA_DIR="$dir" PORT="$port" PUBLIC_URL="http://localhost:$port" LOG_LEVEL=warn RATE_LIMIT_SIGNIN_IP_PER_MINUTE=1000
unset DATABASE_URL
trap 'rm -rf "$dir"' EXIT
npx tsx scripts/seed.ts >/dev/null
npm run --silent dev &
server=$!
stop() {
  kill -TERM "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 143' INT TERM
wait "$server"
