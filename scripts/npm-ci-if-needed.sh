#!/usr/bin/env bash
# npm ci in DIR when node_modules is missing or older than package-lock.json. Never downloads a browser.
set -euo pipefail
dir=${1:?folder with package.json}
cd "$(dirname "${BASH_SOURCE[0]}")/../$dir"
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
    echo "installing node modules in $dir/" >&2
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
