# Sourced by the scripts that test a live gateway (schemathesis, attack, soak): `start_demo_gateway NAME [BINARY]`
# starts the gateway (target/debug/gateway unless BINARY is given) on a throwaway database `NAME_<pid>` of the
# project-local cluster with the demo data, waits until it is ready and signs in as the demo administrator. It
# sets `base` (http://127.0.0.1:PORT), `token`, `gateway_pid`, `gateway_log` and `DATABASE_URL`, and stops the
# gateway and drops the database when the calling script exits. Extra environment for the gateway may be exported
# before the call (DB_POOL_SIZE …).

start_demo_gateway() {
    local name=$1 binary=${2:-target/debug/gateway} port database
    scripts/pg-local.sh ensure >/dev/null
    database="${name}_$$"
    scripts/pg-local.sh create-db "$database" >/dev/null
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    gateway_log=$(mktemp)
    # Served as the least-privileged role, as `just run` does; the owner migrates, seeds and grants.
    export DATABASE_URL="$(scripts/pg-local.sh app-url "$database")" PORT="$port" BIND_ADDRESS=127.0.0.1
    export MIGRATION_DATABASE_URL="$(scripts/pg-local.sh url "$database")"
    export RUST_LOG="${RUST_LOG:-warn}"
    "$binary" seed >/dev/null
    "$binary" serve >"$gateway_log" 2>&1 &
    gateway_pid=$!
    _demo_database=$database
    trap stop_demo_gateway EXIT
    base="http://127.0.0.1:$port"
    # Wait for readiness (migrations applied), then sign in; plain Python, as curl may be missing.
    token=$(python3 - "$base" <<'PY'
import json, sys, time, urllib.request
base = sys.argv[1]
for _ in range(300):
    try:
        urllib.request.urlopen(base + "/api/health", timeout=2)
        break
    except Exception:
        time.sleep(0.2)
request = urllib.request.Request(base + "/api/auth/signin", method="POST",
    data=json.dumps({"username": "admin", "password": "Admin@123"}).encode(),
    headers={"content-type": "application/json"})
print(json.load(urllib.request.urlopen(request, timeout=10))["accessToken"])
PY
) || { echo "the gateway did not start or sign-in failed:"; cat "$gateway_log"; return 1; }
}

stop_demo_gateway() {
    kill "$gateway_pid" 2>/dev/null || true
    wait "$gateway_pid" 2>/dev/null || true
    scripts/pg-local.sh drop-dbs "$_demo_database" >/dev/null || true
    rm -f "$gateway_log"
}
