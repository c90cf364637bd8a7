#!/usr/bin/env bash
# End-to-end tests: Debian's Chromium drives the debug gateway serving the built console, on a fresh database.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
    if [ "$(id -u)" = 0 ]; then
        echo "installing Debian's chromium for the end-to-end tests" >&2
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
        echo "error: /usr/bin/chromium is missing: sudo apt-get install chromium (tests never download a browser)" >&2
        exit 1
    fi
fi

scripts/pg-local.sh ensure
scripts/pg-local.sh drop-dbs e2e_
db="e2e_$(date +%s)"
scripts/pg-local.sh create-db "$db"
cargo build -q -p gateway
cd e2e
E2E_DATABASE_URL="$(../scripts/pg-local.sh url "$db")" npx playwright test "$@"
