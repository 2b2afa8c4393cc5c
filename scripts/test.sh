#!/usr/bin/env bash
# Everything: types, lint, unit tests, API tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
# then the browser journeys in Chromium against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== typecheck"
npm run typecheck --silent
echo "== lint (incl. the web app's feature boundaries) and formatting"
npm run lint --silent
echo "== unit tests (packages/domain)"
npm run test:unit --silent
echo "== API tests on PGlite"
env -u TEST_DATABASE_URL npm run test:api --silent
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== API tests on PostgreSQL ($TEST_DATABASE_URL)"
  npm run test:api --silent
else
  echo "== API tests on PostgreSQL skipped (set TEST_DATABASE_URL=postgres://… to run them)"
fi
echo "== build web app"
npm run build --silent
echo "== browser journeys (Chromium)"
npm run test:e2e --silent
