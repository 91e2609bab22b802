#!/usr/bin/env bash
# Everything CI needs, in one command: typecheck, lint, unit + integration tests, a smoke run of `npm run dev`,
# one production build, end-to-end tests in Chromium against the built server, and a smoke run of the built
# server on PostgreSQL. With DATABASE_URL set (CI), the whole integration suite runs on PostgreSQL, the
# production configuration, and on PGlite only what differs between the two drivers (decision 0039); without
# it, the whole suite runs on PGlite. Prints each suite's duration and one closing line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."

passed=0
failed=0
summary=()
out=$(mktemp -d)

# Counts from a Vitest or Playwright JSON report.
count() {
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    let p = 0, f = 0;
    if (r.numPassedTests !== undefined) { p = r.numPassedTests; f = r.numFailedTests; }
    else if (r.stats) { p = r.stats.expected + (r.stats.flaky || 0); f = r.stats.unexpected; }
    console.log(p + " " + f);
  ' "$1" 2>/dev/null || echo "0 1"
}

step() { # name, command...
  local name=$1; shift
  echo "::: $name"
  local start=$SECONDS
  if "$@"; then passed=$((passed + 1)); summary+=("ok    $name ($((SECONDS - start)) s)"); else failed=$((failed + 1)); summary+=("FAIL  $name ($((SECONDS - start)) s)"); fi
}

suite() { # name, json file, command...
  local name=$1 json=$2; shift 2
  echo "::: $name"
  local start=$SECONDS
  "$@"
  local code=$?
  local took=$((SECONDS - start))
  read -r p f < <(count "$json")
  if [ "$code" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  passed=$((passed + p)); failed=$((failed + f))
  summary+=("$( [ "$f" -eq 0 ] && echo 'ok  ' || echo 'FAIL') $name: $p passed, $f failed ($took s)")
}

if [ ! -d node_modules ]; then npm ci --no-audit --no-fund || exit 1; fi
bash scripts/ensure-chromium.sh || { echo "Chromium is required for the end-to-end tests."; exit 1; }

step "typecheck" npm run --silent typecheck
step "lint" npx eslint . --max-warnings 0
step "formatting" npx prettier --check . --log-level warn

PG_URL="${DATABASE_URL:-}"
vitest_on() { # database URL (empty: PGlite), JSON report, vitest's file filters...
  local url=$1 json=$2; shift 2
  local args=(run --reporter=default --reporter=json --outputFile.json="$json" "$@")
  if [ -n "$url" ]; then env DATABASE_URL="$url" npx vitest "${args[@]}"; else env -u DATABASE_URL npx vitest "${args[@]}"; fi
}
if [ -n "$PG_URL" ]; then
  suite "unit + integration (PostgreSQL)" "$out/vitest-pg.json" vitest_on "$PG_URL" "$out/vitest-pg.json"
  # On PGlite, what differs between the drivers (decision 0039): the database client, locks and crash
  # recovery, backups, the job runner, realtime and the cache's LISTEN/NOTIFY, sessions (app/db, app/server);
  # the extensions' search (catalog search); and every route's loader for every role (the authorization
  # matrix). The end-to-end suite below runs the whole app on PGlite.
  suite "driver, search and routes (PGlite)" "$out/vitest-pglite.json" vitest_on "" "$out/vitest-pglite.json" \
    app/db/ app/server/ app/features/catalog/search.test.ts app/routes/authorization.test.ts
else
  suite "unit + integration (PGlite)" "$out/vitest-pglite.json" vitest_on "" "$out/vitest-pglite.json"
fi

# The development server (server.ts with Vite, decision 0037) on PGlite: headers, origin check, jobs.
suite "development server (Chromium, PGlite)" "$out/dev.json" env -u DATABASE_URL PLAYWRIGHT_JSON_OUTPUT_NAME="$out/dev.json" npx playwright test --config playwright.dev.config.ts --reporter=list,json

step "production build" npm run --silent build
if [ -f build/server/index.js ]; then
  suite "end-to-end (Chromium, PGlite)" "$out/e2e.json" env -u DATABASE_URL PLAYWRIGHT_JSON_OUTPUT_NAME="$out/e2e.json" npx playwright test --reporter=list,json
  if [ -n "$PG_URL" ]; then
    suite "smoke (built server on PostgreSQL)" "$out/smoke.json" env SMOKE_DATABASE_URL="$PG_URL" PLAYWRIGHT_JSON_OUTPUT_NAME="$out/smoke.json" npx playwright test --config playwright.smoke.config.ts --reporter=list,json
  fi
fi

# The reason of every failure (and every test that passed only on its retry), repeated here so the last
# lines of a long CI log say why, not only how many.
node -e '
  const fs = require("fs");
  const lines = [];
  const cut = (text) => String(text ?? "").replace(/\x1b\[[0-9;]*m/g, "").split("\n").slice(0, 12).map((l) => "    " + l).join("\n");
  for (const file of process.argv.slice(1)) {
    let r; try { r = JSON.parse(fs.readFileSync(file, "utf8")); } catch { continue; }
    for (const suite of r.testResults ?? []) for (const t of suite.assertionResults ?? []) {
      if (t.status === "failed") lines.push("FAILED " + t.fullName + "\n" + cut((t.failureMessages ?? []).join("\n")));
    }
    const walk = (s, path) => {
      for (const spec of s.specs ?? []) for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected" && t.status !== "flaky") continue;
        const errors = (t.results ?? []).flatMap((res) => res.errors ?? []).map((e) => e.message);
        lines.push((t.status === "flaky" ? "FLAKY " : "FAILED ") + spec.file + ":" + spec.line + " " + spec.title + "\n" + cut(errors.join("\n")));
      }
      for (const child of s.suites ?? []) walk(child);
    };
    for (const s of r.suites ?? []) walk(s);
  }
  if (lines.length) console.log("\n" + lines.join("\n\n"));
' "$out"/*.json

echo
printf '%s\n' "${summary[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
