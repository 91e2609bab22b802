#!/usr/bin/env bash
# The built server on PostgreSQL: a fresh database (dropped when the server stops), seeded, then served.
set -euo pipefail
port=${1:-3101}
base=${SMOKE_DATABASE_URL:?set SMOKE_DATABASE_URL}
db="maratona_smoke_$$"
admin_url=$base
psql "$admin_url" -qc "CREATE DATABASE $db"
trap 'psql "$admin_url" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1' EXIT
url=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$base" "$db")
dir=$(mktemp -d /tmp/maratona-smoke-XXXXXX)
export MARATONA_CHECK_ROUTE_MEMO=1 DATABASE_URL="$url" DATA_DIR="$dir" PORT="$port" PUBLIC_URL="http://localhost:$port" LOG_LEVEL=warn RATE_LIMIT_SIGNIN_IP_PER_MINUTE=1000
npx tsx scripts/seed.ts >/dev/null
NODE_ENV=production node build/server.js &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; psql "$admin_url" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1' EXIT INT TERM
wait $server
