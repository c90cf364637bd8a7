#!/usr/bin/env bash
# `just attack`: sqlmap (PyPI) against a live gateway on a throwaway demo database, signed in with a valid token:
# selectall (`t`, `cols`, `whrc`), the data table (every form parameter, and the JSON body), the export, and the
# record endpoints (path key, query row version, every JSON field of create and update). It fails when sqlmap
# reports any injection point or could not test a target; the summary line per target goes to the README's
# security section. SQLMAP_LEVEL (default 3) and SQLMAP_RISK (default 2) widen or narrow the payloads.
# Not part of `just test` (it takes minutes).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/py-tools.sh ensure >/dev/null
venv=.pmis/venv
if ! cmp -s scripts/py-attack-requirements.txt "$venv/.attack-requirements"; then
    echo "attack: installing $(cat scripts/py-attack-requirements.txt)"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r scripts/py-attack-requirements.txt
    cp scripts/py-attack-requirements.txt "$venv/.attack-requirements"
fi
cargo build -q --release -p gateway

. scripts/demo-gateway.sh
start_demo_gateway test_attack target/release/gateway

work=$(mktemp -d)
trap 'stop_demo_gateway; rm -rf "$work"' EXIT
level=${SQLMAP_LEVEL:-3}
risk=${SQLMAP_RISK:-2}
found=0
failed=0
summary=()

# attack NAME SQLMAP-ARGS...: one sqlmap run; its verdict appended to `summary`.
attack() {
    local name=$1; shift
    local out="$work/$name.out"
    echo
    echo "==> $name"
    "$venv/bin/sqlmap" --batch --flush-session --disable-coloring --dbms=PostgreSQL \
        --level="$level" --risk="$risk" --threads=4 --timeout=15 --retries=1 \
        --output-dir="$work/sqlmap" -t "$work/$name.traffic" -H "x-access-token: $token" "$@" >"$out" 2>&1 || true
    local requests parameters
    requests=$(grep -c '^HTTP request \[#' "$work/$name.traffic" 2>/dev/null || true)
    parameters=$(grep -oE "testing for SQL injection on [^']*'[^']+'" "$out" | sed -E "s/.*'([^']+)'/\1/" \
        | awk '!seen[$0]++' | paste -sd, - || true)
    if grep -q "identified the following injection point" "$out"; then
        found=$((found + 1))
        summary+=("$name: INJECTABLE (see below)")
        sed -n '/identified the following injection point/,/^---$/p' "$out"
    elif grep -q "do not appear to be injectable" "$out"; then
        summary+=("$name: nothing found in ${parameters:-?} (${requests:-?} requests)")
    else
        failed=$((failed + 1))
        summary+=("$name: sqlmap could not complete (see below)")
        tail -n 25 "$out"
    fi
    echo "${summary[-1]}"
}

attack selectall -u "$base/api/custom/selectall?t=corridor&cols=c_code,c_name&whrc=c_code%20%3D%20%27C1%27" -p "t,cols,whrc"
attack datatable-form -u "$base/api/custom/datatable" \
    --data "t=station&draw=1&start=0&length=5&search%5Bvalue%5D=C1&order%5B0%5D%5Bcolumn%5D=0&order%5B0%5D%5Bdir%5D=asc&columns%5B0%5D%5Bdata%5D=c_code&columns%5B0%5D%5Bname%5D=c_code&columns%5B0%5D%5Bsearchable%5D=true&columns%5B0%5D%5Borderable%5D=true&columns%5B0%5D%5Bsearch%5D%5Bvalue%5D=S0&columns%5B1%5D%5Bdata%5D=c_name&columns%5B1%5D%5Bname%5D=c_name&columns%5B1%5D%5Bsearchable%5D=true&columns%5B1%5D%5Borderable%5D=true&columns%5B1%5D%5Bsearch%5D%5Bvalue%5D="
attack datatable-json -u "$base/api/custom/datatable" -H "Content-Type: application/json" \
    --data '{"t":"station","draw":1,"start":0,"length":5,"search":{"value":"C1"},"order":[{"column":0,"dir":"asc"}],"columns":[{"data":"c_code","name":"c_code","searchable":true,"orderable":true,"search":{"value":"S0"}}]}'
attack export -u "$base/api/export?t=station&cols=c_code,c_name&format=csv&search%5Bvalue%5D=C1"
attack record-read -u "$base/api/data/station/1*"
attack record-create -u "$base/api/data/corridor" -H "Content-Type: application/json" \
    --data '{"c_code":"SQ-1","c_name":"Probe corridor","c_description":"probe","n_length_km":"12.5"}'
attack record-update -u "$base/api/data/corridor/1" --method PUT -H "Content-Type: application/json" \
    --data '{"c_name":"Probe corridor","c_line_colour":"Red","n_row_version":1}'
# Corridor 1 is referenced by stations and the version is stale: no probe can delete it, every answer is a 409.
attack record-delete -u "$base/api/data/corridor/1*?n_row_version=999*" --method DELETE

echo
echo "sqlmap $(.pmis/venv/bin/sqlmap --version 2>/dev/null | tail -1), level $level, risk $risk:"
printf '  %s\n' "${summary[@]}"
if [ "$found" -gt 0 ] || [ "$failed" -gt 0 ]; then
    echo "attack: $found target(s) injectable, $failed not completed"
    exit 1
fi
echo "attack: nothing injectable in ${#summary[@]} targets"
