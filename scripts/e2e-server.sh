#!/usr/bin/env bash
# A fresh data directory, seeded, then the built server. The per-IP sign-in limit is raised because every
# test comes from 127.0.0.1; the per-account limit stays at the product's 10 a minute.
set -euo pipefail
port=${1:-3100}
dir=$(mktemp -d /tmp/maratona-e2e-XXXXXX)
export DATA_DIR="$dir" PORT="$port" PUBLIC_URL="http://localhost:$port" LOG_LEVEL=warn
# Every request also checks the route tree memo against react-router's own answer (vite-plugins/route-tree-once.ts).
export MARATONA_CHECK_ROUTE_MEMO=1
export RATE_LIMIT_SIGNIN_IP_PER_MINUTE=1000 RATE_LIMIT_SIGNUP_IP_PER_5_MINUTES=1000 RATE_LIMIT_EMAILS_PER_ADDRESS_PER_HOUR=1000
unset DATABASE_URL
npx tsx scripts/seed.ts >/dev/null
exec env NODE_ENV=production node build/server.js
