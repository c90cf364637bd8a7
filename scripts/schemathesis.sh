#!/usr/bin/env bash
# Property-based API tests: schemathesis (PyPI) reads /api/openapi.json of a running gateway and sends generated
# requests to every operation (examples, coverage and fuzzing phases), signed in as the demo administrator. It
# fails on any 5xx and on any answer the document does not describe (status code, content type, body schema,
# headers). Runs in `just test`; SCHEMATHESIS_EXAMPLES (default 50) and SCHEMATHESIS_SEED (default 1) tune it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

scripts/pg-local.sh ensure >/dev/null
scripts/py-tools.sh ensure
cargo build -q -p gateway

. scripts/demo-gateway.sh
start_demo_gateway test_schemathesis || { echo "schemathesis: 1 failed (the gateway did not start)"; exit 1; }

report=$(mktemp)
# Logout and lock are left out: a generated call could end or lock the run's own session.
set +e
NO_COLOR=1 .pmis/venv/bin/schemathesis run "$base/api/openapi.json" \
    --header "x-access-token: $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance \
    --phases examples,coverage,fuzzing \
    --max-examples "${SCHEMATHESIS_EXAMPLES:-50}" \
    --seed "${SCHEMATHESIS_SEED:-1}" \
    --exclude-path /api/auth/logout \
    --exclude-path /api/auth/lock \
    --workers 2 | tee "$report"
status=${PIPESTATUS[0]}
set -e
operations=$(grep -oE 'Tested: [0-9]+' "$report" | grep -oE '[0-9]+' || echo 0)
cases=$(grep -oE '[0-9]+ generated' "$report" | grep -oE '[0-9]+' | head -1 || echo 0)
rm -f "$report"
if [ "$status" -eq 0 ]; then
    echo "schemathesis: $operations passed ($cases generated requests, no 5xx, every answer as documented)"
else
    echo "schemathesis: 1 failed (see above)"
    grep -iE 'panic|error' "$gateway_log" | tail -20 || true
    exit 1
fi
