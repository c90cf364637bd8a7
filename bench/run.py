#!/usr/bin/env python3
"""`just bench`: the gateway's read endpoints against PostgreSQL's own rate for the same SQL, in one run.

Loads 1,000,000 rows into the activity progress register of a dedicated database (kept between runs; pass
--reload to rebuild it), starts the release gateway on it, and measures with wrk (16 connections) and pgbench
(-M prepared, 16 clients) on the same machine:
  selectall  filter on package and status, sort by date descending, 50 rows
  by id      one record by primary key (selectall with `id = N`; random ids)
  datatable  a page with a global search word, a sort, offset 1,000, and its counts
  export     CSV of all rows: rows per second and the gateway's peak memory, next to COPY … TO STDOUT in psql
             (best of three), then 10,000,000 rows from a second database (pmis_bench_10m, loaded once)
  import     a 200,000-row CSV through the generic importer into a master (rows/s, the gateway's peak memory),
             next to psql's COPY … FROM of the same rows into a copy of the table
  dms search 100,000 documents (bench/load-dms-documents.sql, 30% with extracted file text) searched through
             GET /api/data/dms_document/search as a PMC engineer (visibility rule applied): a common word, a rare word, a
             number part, a phrase sorted by number, browsing with a facet filter; each answer's time at the
             client next to the time it waited for PostgreSQL (its two statements, counts and page, run at
             once on two connections: the answer's Server-Timing `database` stage). `--only dms` runs this section
             alone (BENCH_DMS_DATABASE_URL: an existing
             database to use instead of pmis_bench; BENCH_GATEWAY: another gateway binary).
  dashboards the registers the dashboards read scaled from the demo (bench/load-dashboards.sql: about 40,000
             P6 activities, 180,000 RFIs, 6,000 NCRs, 34,000 technical queries) and each dashboard read whole
             through GET /api/dashboard as a PMC engineer (every package); the answer's time at the client and
             the gateway's own (Server-Timing `total`). `--only dashboards` runs this section alone (same
             variables as dms).
Prints a table of ratios and adds it to bench/results.md (newest first; earlier runs are kept).
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DB_NAME = "pmis_bench"
ROWS = 1_000_000
CONNECTIONS = 16
DURATION = int(os.environ.get("BENCH_SECONDS", "10"))
PORT = int(os.environ.get("BENCH_PORT", "18099"))
# A common activity word (13% of rows) and a rarer remark word (1.7%): the rarer word is the harder case, too
# many matches for an index walk in date order and too few for the count to be estimated.
SEARCH_WORDS = ("pier", "crane")
COLUMNS = "id,n_package,c_activity_code,c_activity_name,d_progress_date,n_progress_pct,c_status,c_remarks"
SELECTED = ", ".join(f'"{c}" AS "{c}"' for c in COLUMNS.split(","))


def sh(*args, capture=True, check=True, env=None, input=None):
    result = subprocess.run(args, capture_output=capture, text=True, check=False, env=env, input=input)
    if check and result.returncode != 0:
        sys.exit(f"bench: {' '.join(map(str, args))} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout if capture else ""


def pg(*args):
    return ROOT / "scripts" / "pg-local.sh", *args


def psql(url, sql):
    return sh("psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", url, "-c", sql).strip()


def ensure_tools():
    for tool in ("wrk", "pgbench", "psql"):
        if shutil.which(tool) is None:
            if tool == "wrk" and os.geteuid() == 0:
                print("bench: installing wrk (Debian package)")
                sh("apt-get", "install", "-y", "-q", "wrk")
            else:
                sys.exit(f"bench: {tool} is missing (Debian: apt-get install {'wrk' if tool == 'wrk' else 'postgresql-client'})")


def prepare_database(reload):
    sh(*pg("ensure"))
    sh(*pg("create-db", DB_NAME))
    url = sh(*pg("url", DB_NAME)).strip()
    gateway = gateway_binary()
    env = dict(os.environ, DATABASE_URL=url, REGISTRY_DIR=str(ROOT / "schema-registry" / "registry"))
    sh(gateway, "seed", env=env)
    have = int(psql(url, "SELECT count(*) FROM activity_progress"))
    if reload or have != ROWS:
        print(f"bench: loading {ROWS:,} rows into activity_progress (about a minute) …", flush=True)
        started = time.time()
        sh("psql", "-X", "-q", "-v", f"rows={ROWS}", url, "-f", str(ROOT / "bench" / "load-activity-progress.sql"))
        print(f"bench: loaded in {time.time() - started:.0f} s")
    return url, env


def gateway_binary():
    return os.environ.get("BENCH_GATEWAY") or str(ROOT / "target" / "release" / "gateway")


def start_gateway(env, port=None):
    port = port or PORT
    env = dict(env, PORT=str(port), BIND_ADDRESS="127.0.0.1", LOG_LEVEL="warn", RUST_LOG="warn",
               STATIC_DIR=str(ROOT / "frontend" / "dist"), DB_POOL_SIZE=str(CONNECTIONS))
    process = subprocess.Popen([gateway_binary(), "serve"], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1) as answer:
                if answer.status == 200:
                    return process
        except Exception:
            time.sleep(0.2)
    process.kill()
    sys.exit("bench: the gateway did not become healthy")


def memory_kib(pid, field):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


TOKEN = ""


def sign_in(port=None, username="admin", password="Admin@123"):
    """The bench calls as the demo administrator, like a signed-in console."""
    global TOKEN
    request = urllib.request.Request(
        f"http://127.0.0.1:{port or PORT}/api/auth/signin",
        data=json.dumps({"username": username, "password": password}).encode(),
        headers={"content-type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        TOKEN = json.loads(answer.read())["accessToken"]


def authed(url, data=None, headers=None):
    return urllib.request.Request(url, data=data, headers={**(headers or {}), "x-access-token": TOKEN})


def wrk(name, lua):
    lua = f'wrk.headers["x-access-token"] = "{TOKEN}"\n' + lua
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write(lua)
    # Warm-up (prepared statement caches, shared buffers), then the measured run.
    sh("wrk", "-t2", f"-c{CONNECTIONS}", "-d3s", "-s", script.name, f"http://127.0.0.1:{PORT}")
    out = sh("wrk", "-t2", f"-c{CONNECTIONS}", f"-d{DURATION}s", "--latency", "-s", script.name,
             f"http://127.0.0.1:{PORT}")
    os.unlink(script.name)
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    percentiles = dict(re.findall(r"^\s+(50|99)%\s+([\d.]+\w+)", out, re.M))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    if errors:
        sys.exit(f"bench: {name}: {errors.group(1)} error answers\n{out}")
    return rate, to_ms(percentiles["50"]), to_ms(percentiles["99"])


def to_ms(text):
    number, unit = re.match(r"([\d.]+)(\w+)", text).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def pgbench(url, script_text, variables=()):
    """The gateway's SQL, as prepared statements with the same bind parameters (`-D name=value` strings)."""
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as script:
        script.write(script_text)
    defines = [f"-D{name}={value}" for name, value in variables]
    common = ["pgbench", "-n", "-M", "prepared", "-c", str(CONNECTIONS), "-j", "2", *defines, "-f", script.name]
    sh(*common, "-T", "3", url)
    out = sh(*common, "-T", str(DURATION), url)
    os.unlink(script.name)
    return float(re.search(r"tps = ([\d.]+)", out).group(1))


RECORD_COLUMNS = COLUMNS + ",n_row_version,d_created_at,d_updated_at"
RECORD_SELECTED = ", ".join(f'"{c}" AS "{c}"' for c in RECORD_COLUMNS.split(","))


def write_benchmark(url, packages, lua_packages):
    """POST /api/data/activity_progress next to pgbench running the same transaction; the rows are removed after."""
    rate, p50, p99 = wrk("create record", f"""
local packages = {lua_packages}
local counter = 0
wrk.method = "POST"
wrk.path = "/api/data/activity_progress"
wrk.headers["Content-Type"] = "application/json"
request = function()
  counter = counter + 1
  local body = '{{"n_package": ' .. packages[math.random(#packages)] ..
    ', "c_activity_code": "BENCH-' .. counter .. '", "c_activity_name": "Benchmark deck slab pour", ' ..
    '"d_progress_date": "2026-11-21", "n_progress_pct": 42.5, "c_status": "In progress"}}'
  return wrk.format(nil, nil, nil, body)
end""")
    cast = 'CAST(CAST(:{0} AS text) AS {1})'
    base = pgbench(url, f"""\\set i random(1, {len(packages)})
\\set p {min(map(int, packages))} + :i - 1
BEGIN;
SELECT EXISTS (SELECT 1 FROM "package" WHERE "id" = {cast.format('p', 'int8')});
INSERT INTO "activity_progress" ("n_package", "c_activity_code", "c_activity_name", "d_progress_date",
  "n_progress_pct", "c_status") VALUES ({cast.format('p', 'int8')}, CAST(:code AS text), CAST(:name AS text),
  {cast.format('day', 'date')}, {cast.format('pct', 'numeric')}, CAST(:status AS text))
  RETURNING CAST("id" AS text) AS key \\gset
SELECT row_to_json(q)::text AS row, q.n_row_version::int8 FROM (SELECT {RECORD_SELECTED} FROM "activity_progress"
  WHERE "id" = {cast.format('key', 'int8')}) AS "q" \\gset
INSERT INTO audit_log (n_user_id, c_entry, c_key, c_action, c_before, c_after)
  VALUES ({cast.format('actor', 'int8')}, 'activity_progress', :key, 'create', NULL, CAST(:row AS text)::jsonb);
COMMIT;
""", [("code", "BENCH-PG"), ("name", "Benchmark deck slab pour"), ("day", "2026-11-21"), ("pct", "42.5"),
      ("status", "In progress"), ("actor", psql(url, "SELECT id FROM users WHERE c_username = 'admin'"))])
    psql(url, "DELETE FROM activity_progress WHERE c_activity_code LIKE 'BENCH-%'")
    psql(url, "DELETE FROM audit_log WHERE c_entry = 'activity_progress'")
    return ("create record (validate, lookup check, insert, read back, audit row)", rate, p50, p99, base, None)


def export_run(url, pid, port=None, runs=3):
    """CSV export of every row through the gateway next to psql's COPY of the same rows: the best of `runs` of
    each (rows/s), and the gateway's peak memory during the exports (the peak is reset first: signing in hashes a
    password with Argon2, which takes 19 MiB for a moment and would otherwise be the peak)."""
    port = port or PORT
    Path(f"/proc/{pid}/clear_refs").write_text("5")
    best = None
    for _ in range(runs):
        started = time.time()
        with urllib.request.urlopen(authed(f"http://127.0.0.1:{port}/api/export?t=activity_progress&cols={COLUMNS}&format=csv")) as answer:
            lines = 0
            while chunk := answer.read(1 << 20):
                lines += chunk.count(b"\n")
        seconds = time.time() - started
        best = seconds if best is None else min(best, seconds)
    peak = memory_kib(pid, "VmHWM")
    copy_best = None
    for _ in range(runs):
        started = time.time()
        subprocess.run(["psql", "-X", "-q", url, "-c",
                        f"COPY (SELECT {COLUMNS} FROM activity_progress ORDER BY id) TO STDOUT WITH (FORMAT csv)"],
                       stdout=subprocess.DEVNULL, check=True)
        seconds = time.time() - started
        copy_best = seconds if copy_best is None else min(copy_best, seconds)
    same_best = None
    for _ in range(runs):
        started = time.time()
        subprocess.run(["psql", "-X", "-q", url, "-c", f"COPY ({EXPORT_SQL}) TO STDOUT WITH (FORMAT csv)"],
                       stdout=subprocess.DEVNULL, check=True)
        seconds = time.time() - started
        same_best = seconds if same_best is None else min(same_best, seconds)
    return {"rows": lines - 1, "seconds": best, "copy_seconds": copy_best, "same_seconds": same_best,
            "peak_kib": peak}


IMPORT_ROWS = int(os.environ.get("BENCH_IMPORT_ROWS", "200000"))


def import_run(url, pid, port=None):
    """A CSV of IMPORT_ROWS corridors through `POST /api/import/corridor` (every row validated, written with its
    audit row, in one transaction), next to psql's `COPY … FROM` of the same file into a copy of the table; the
    gateway's peak memory during the import (reset first). The rows are removed afterwards."""
    port = port or PORT
    prefix = f"I{int(time.time()) % 100000:05d}"
    boundary = "pmisbenchboundary"
    with tempfile.TemporaryDirectory() as folder:
        rows_path = Path(folder) / "rows.csv"
        with rows_path.open("w") as rows:
            rows.write("Code,Name,Length (km),Description\n")
            for i in range(IMPORT_ROWS):
                # The description holds a comma, so it is quoted: COPY refuses an unquoted one (a fifth field
                # under a four-column header), as the gateway's importer does.
                rows.write(f"{prefix}-{i:07d},Bench corridor {i},{i % 50}.5,\"imported by the bench, row {i}\"\n")
        body_path = Path(folder) / "body"
        with body_path.open("wb") as body:
            body.write((f"--{boundary}\r\nContent-Disposition: form-data; name=\"options\"\r\n\r\n{{}}\r\n"
                        f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"rows.csv\"\r\n"
                        "Content-Type: text/csv\r\n\r\n").encode())
            body.write(rows_path.read_bytes())
            body.write(f"\r\n--{boundary}--\r\n".encode())
        Path(f"/proc/{pid}/clear_refs").write_text("5")
        started = time.time()
        with body_path.open("rb") as body:
            request = authed(f"http://127.0.0.1:{port}/api/import/corridor", data=body, headers={
                "content-type": f"multipart/form-data; boundary={boundary}",
                "content-length": str(body_path.stat().st_size)})
            with urllib.request.urlopen(request, timeout=7200) as answer:
                summary = json.loads(answer.read())
        seconds = time.time() - started
        peak = memory_kib(pid, "VmHWM")
        started = time.time()
        subprocess.run(["psql", "-X", "-q", url, "-c",
                        "CREATE TEMP TABLE bench_import (LIKE corridor INCLUDING ALL)", "-c",
                        f"\\copy bench_import (c_code, c_name, n_length_km, c_description) FROM '{rows_path}' "
                        "WITH (FORMAT csv, HEADER true)"], stdout=subprocess.DEVNULL, check=True)
        copy_seconds = time.time() - started
    psql(url, f"DELETE FROM audit_log WHERE n_import_run = {int(summary['run'])}; "
              f"DELETE FROM corridor WHERE c_code LIKE '{prefix}-%'")
    return {"rows": summary["inserted"], "seconds": seconds, "copy_seconds": copy_seconds, "peak_kib": peak}


def guarded(value):
    """The export's guard against spreadsheet formulas, as the gateway writes it."""
    return (f"CASE WHEN ascii({value}) < 65 AND ascii({value}) IN (9, 13, 43, 45, 61, 64) "
            f"THEN E'\\'' || {value} ELSE {value} END")


# The statement the gateway copies for the export: the package by its name (a look-up), text guarded.
EXPORT_SQL = (f"SELECT a.id, {guarded('lk.v')}, {guarded('c_activity_code')}, {guarded('c_activity_name')}, "
              f"d_progress_date, n_progress_pct, {guarded('c_status')}, {guarded('c_remarks')} "
              "FROM activity_progress a LEFT JOIN LATERAL (SELECT c_name::text AS v FROM package p "
              "WHERE p.id = a.n_package) lk ON TRUE ORDER BY a.id")


LARGE_DB = "pmis_bench_10m"
LARGE_ROWS = int(os.environ.get("BENCH_LARGE_ROWS", "10000000"))


def large_export(env):
    """The same export from a table of 10,000,000 rows (its own database, loaded once and kept), through a fresh
    gateway so that its peak memory is the export's alone."""
    sh(*pg("create-db", LARGE_DB))
    url = sh(*pg("url", LARGE_DB)).strip()
    env = dict(env, DATABASE_URL=url)
    sh(gateway_binary(), "seed", env=env)
    if int(psql(url, "SELECT count(*) FROM activity_progress")) != LARGE_ROWS:
        print(f"bench: loading {LARGE_ROWS:,} rows into {LARGE_DB} (once; about 15 minutes) …", flush=True)
        started = time.time()
        sh("psql", "-X", "-q", "-v", f"rows={LARGE_ROWS}", url, "-f", str(ROOT / "bench" / "load-activity-progress.sql"))
        print(f"bench: loaded in {time.time() - started:.0f} s")
    psql(url, "CHECKPOINT")
    port = PORT + 1
    gateway = start_gateway(env, port)
    try:
        sign_in(port)
        start_kib = memory_kib(gateway.pid, "VmRSS")
        result = export_run(url, gateway.pid, port, runs=1)
        result["start_kib"] = start_kib
    finally:
        gateway.send_signal(signal.SIGTERM)
        gateway.wait(timeout=30)
    return result


DMS_DOCS = int(os.environ.get("BENCH_DMS_DOCS", "100000"))
DMS_RUNS = int(os.environ.get("BENCH_DMS_RUNS", "20"))


def server_database_ms(header):
    """The `database` stage of a Server-Timing header, in ms."""
    found = re.search(r"database;dur=([\d.]+)", header or "")
    return float(found.group(1)) if found else None


def dms_search(env, url):
    """Searches over DMS_DOCS documents: each search DMS_RUNS times (after two warm-ups), one at a time; the
    client's time and the time the gateway waited for PostgreSQL (Server-Timing `database`), medians and p95."""
    have = int(psql(url, "SELECT count(*) FROM dms_document WHERE c_change_note = 'bench'"))
    if have != DMS_DOCS:
        print(f"bench: loading {DMS_DOCS:,} documents for dms search (a few minutes) …", flush=True)
        started = time.time()
        sh("psql", "-X", "-q", "-v", f"docs={DMS_DOCS}", url, "-f", str(ROOT / "bench" / "load-dms-documents.sql"))
        print(f"bench: loaded in {time.time() - started:.0f} s")
    psql(url, "VACUUM ANALYZE dms_document")
    psql(url, "VACUUM ANALYZE dms_document_search")
    package = psql(url, "SELECT min(id) FROM package")
    volume = "C2V02"
    searches = [
        ("common word 'concrete', by relevance", "q=concrete"),
        ("rare word 'zyphorite' (in 0.1% of the files' text)", "q=zyphorite"),
        ("number part 'P117'", "q=P117"),
        (f"number part '{volume}' and a word, by number", f"q={volume}%20bearing&sort=number"),
        ("phrase '\"launching girder\"'", "q=%22launching%20girder%22"),
        (f"browse: state Published, package {package}, by date", f"state=Published&package={package}"),
        ("browse everything, by date", ""),
    ]
    port = PORT + 2
    gateway = start_gateway(dict(env, DATABASE_URL=url), port)
    rows = []
    try:
        sign_in(port, "engineer", "Engineer@123")
        for label, query in searches:
            client, server, total = [], [], None
            for run in range(DMS_RUNS + 2):
                started = time.perf_counter()
                with urllib.request.urlopen(authed(f"http://127.0.0.1:{port}/api/data/dms_document/search?{query}")) as answer:
                    body = json.loads(answer.read())
                    timing = answer.headers.get("Server-Timing")
                elapsed = (time.perf_counter() - started) * 1000
                if run >= 2:
                    client.append(elapsed)
                    server.append(server_database_ms(timing) or 0.0)
                total = body["total"]
            client.sort()
            server.sort()
            rows.append((label, total, client[len(client) // 2], client[int(len(client) * 0.95) - 1],
                         server[len(server) // 2]))
    finally:
        gateway.send_signal(signal.SIGTERM)
        gateway.wait(timeout=30)
    lines = [
        f"DMS search over {DMS_DOCS:,} documents ({DMS_RUNS} runs each, one at a time, as a PMC engineer; target "
        "< 200 ms):",
        "",
        "| search | hits | gateway p50 ms | gateway p95 ms | PostgreSQL p50 ms (its statements) | ratio |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for label, total, p50, p95, db in rows:
        lines.append(f"| {label} | {total:,} | {p50:.1f} | {p95:.1f} | {db:.1f} | {db / p50:.0%} |")
    return "\n".join(lines)


DASHBOARD_RUNS = 20
DASHBOARD_ACTIVITIES = 40_000


def server_total_ms(header):
    """The gateway's whole time from a Server-Timing header (`total;dur=…`)."""
    match = re.search(r"total;dur=([0-9.]+)", header or "")
    return float(match.group(1)) if match else None


def dashboards(env, url):
    """Every dashboard of issue 32 read whole DASHBOARD_RUNS times (after two warm-ups), one at a time."""
    have = int(psql(url, "SELECT count(*) FROM p6_activity"))
    if have < DASHBOARD_ACTIVITIES:
        print("bench: scaling the dashboards' registers (under a minute) …", flush=True)
        sh("psql", "-X", "-q", url, "-f", str(ROOT / "bench" / "load-dashboards.sql"))
    counts = psql(url, "SELECT (SELECT count(*) FROM p6_activity) || ' activities, ' || (SELECT count(*) FROM rfi)"
                       " || ' RFIs, ' || (SELECT count(*) FROM ncr) || ' NCRs, ' || (SELECT count(*) FROM technicalquery)"
                       " || ' technical queries'")
    routes = [
        ("analytics (home page)", "/"),
        ("dashboard summary", "/dashboard/dashboardsummary"),
        ("analytics 2 (commercial)", "/dashboard/analytics2"),
        ("quality and safety", "/dashboard/dashboard_demo"),
        ("map", "/dashboard/map"),
    ]
    port = PORT + 3
    gateway = start_gateway(dict(env, DATABASE_URL=url), port)
    rows = []
    try:
        sign_in(port, "engineer", "Engineer@123")
        for label, route in routes:
            client, server = [], []
            query = urllib.parse.urlencode({"route": route})
            for run in range(DASHBOARD_RUNS + 2):
                started = time.perf_counter()
                with urllib.request.urlopen(authed(f"http://127.0.0.1:{port}/api/dashboard?{query}")) as answer:
                    answer.read()
                    timing = answer.headers.get("Server-Timing")
                elapsed = (time.perf_counter() - started) * 1000
                if run >= 2:
                    client.append(elapsed)
                    server.append(server_total_ms(timing) or 0.0)
            client.sort()
            server.sort()
            rows.append((label, client[len(client) // 2], client[int(len(client) * 0.95) - 1],
                         server[len(server) // 2]))
    finally:
        gateway.send_signal(signal.SIGTERM)
        gateway.wait(timeout=30)
    lines = [
        f"Dashboards over {counts} ({DASHBOARD_RUNS} runs each, one at a time, as a PMC engineer; target < 200 ms):",
        "",
        "| dashboard | client p50 ms | client p95 ms | gateway p50 ms (Server-Timing total) |",
        "|---|---:|---:|---:|",
    ]
    for label, p50, p95, total in rows:
        lines.append(f"| {label} | {p50:.1f} | {p95:.1f} | {total:.1f} |")
    return "\n".join(lines)


def section_only(name, run):
    """`--only <name>`: one section alone, on BENCH_DMS_DATABASE_URL or the bench database."""
    url = os.environ.get("BENCH_DMS_DATABASE_URL")
    if url:
        env = dict(os.environ, DATABASE_URL=url, REGISTRY_DIR=str(ROOT / "schema-registry" / "registry"))
    else:
        if not os.environ.get("BENCH_GATEWAY"):
            sh("cargo", "build", "--release", "-q", "-p", "gateway", capture=False)
        url, env = prepare_database(False)
    report = run(env, url)
    print(report)
    stamp = time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())
    record_section(f"## `just bench` ({name} only), {stamp}\n\n{report}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--reload", action="store_true", help="rebuild the 1,000,000-row table")
    parser.add_argument("--only", choices=["dms", "dashboards"], help="run one section alone")
    args = parser.parse_args()
    if args.only == "dms":
        section_only("dms search", dms_search)
        return
    if args.only == "dashboards":
        section_only("dashboards", dashboards)
        return
    ensure_tools()
    print("bench: building the release gateway …", flush=True)
    sh("cargo", "build", "--release", "-q", "-p", "gateway", capture=False)
    url, env = prepare_database(args.reload)
    # Start from a quiet server: no checkpoint or autovacuum work left over from the load.
    psql(url, "VACUUM ANALYZE activity_progress")
    psql(url, "CHECKPOINT")
    packages = psql(url, "SELECT string_agg(id::text, ',' ORDER BY id) FROM package").split(",")
    max_id = int(psql(url, "SELECT max(id) FROM activity_progress"))
    gateway = start_gateway(env)
    sign_in()
    results = []
    try:
        rss_start = memory_kib(gateway.pid, "VmRSS")
        lua_packages = "{" + ",".join(packages) + "}"

        # selectall: package and status, latest first, 50 rows.
        rate, p50, p99 = wrk("selectall", f"""
local packages = {lua_packages}
request = function()
  local whrc = "n_package = " .. packages[math.random(#packages)] ..
    " AND c_status = 'In progress' ORDER BY d_progress_date DESC LIMIT 50"
  return wrk.format("GET", "/api/custom/selectall?t=activity_progress&cols={COLUMNS}&whrc=" ..
    whrc:gsub("[^%w]", function(c) return string.format("%%%02X", string.byte(c)) end))
end""")
        base = pgbench(url, f"""\\set i random(1, {len(packages)})
\\set p {min(map(int, packages))} + :i - 1
SELECT {SELECTED} FROM "activity_progress"
WHERE "n_package" = CAST(CAST(:p AS text) AS int8) AND "c_status" = CAST(:status AS text)
ORDER BY "d_progress_date" DESC, "id" DESC LIMIT 50;
""", [("status", "In progress")])
        plain = pgbench(url, f"""\\set i random(1, {len(packages)})
\\set p {min(map(int, packages))} + :i - 1
SELECT {SELECTED} FROM "activity_progress" WHERE "n_package" = :p AND "c_status" = :status
ORDER BY "d_progress_date" DESC, "id" DESC LIMIT 50;
""", [("status", "In progress")])
        results.append(("selectall (package + status, date desc, 50 rows)", rate, p50, p99, base, plain))

        # One record by primary key.
        rate, p50, p99 = wrk("by id", f"""
request = function()
  return wrk.format("GET", "/api/custom/selectall?t=activity_progress&cols={COLUMNS}&whrc=id%20%3D%20" ..
    math.random({max_id}))
end""")
        base = pgbench(url, f"""\\set id random(1, {max_id})
SELECT {SELECTED} FROM "activity_progress"
WHERE "id" = CAST(CAST(:id AS text) AS int8) ORDER BY "id" ASC LIMIT 10001;
""")
        plain = pgbench(url, f"""\\set id random(1, {max_id})
SELECT {SELECTED} FROM "activity_progress" WHERE "id" = :id;
""")
        results.append(("record by id", rate, p50, p99, base, plain))

        # A datatable page: global search, sort by date descending, offset 1,000, and its counts.
        shown = ["c_activity_code", "c_activity_name", "c_status", "d_progress_date", "c_remarks"]
        for word in SEARCH_WORDS:
            form = [("t", "activity_progress"), ("draw", "1"), ("start", "1000"), ("length", "10"),
                    ("search[value]", word), ("order[0][column]", "3"), ("order[0][dir]", "desc")]
            for i, column in enumerate(shown):
                form += [(f"columns[{i}][data]", column), (f"columns[{i}][searchable]", "true"),
                         (f"columns[{i}][orderable]", "true"), (f"columns[{i}][search][value]", "")]
            body = urllib.parse.urlencode(form)
            check = urllib.request.urlopen(authed(
                f"http://127.0.0.1:{PORT}/api/custom/datatable", data=body.encode(),
                headers={"content-type": "application/x-www-form-urlencoded"}))
            answer = json.loads(check.read())
            rate, p50, p99 = wrk("datatable", f"""
wrk.method = "POST"
wrk.path = "/api/custom/datatable"
wrk.body = "{body}"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
""")
            # The registry's search text of the entry (code, name and remarks, lower case; not status), the
            # package look-up by name first, the counts (the planner's estimate, or a count of at most
            # COUNT_ESTIMATE_THRESHOLD rows), and the page read by key first.
            searched = '"c_search_text" LIKE lower(CAST(:w AS text))'
            page_columns = ", ".join(f'"{c}" AS "{c}"' for c in shown)
            estimated_total = answer.get("recordsTotalEstimated")
            estimated_filtered = answer.get("recordsFilteredEstimated")
            order = '"activity_progress"."d_progress_date" DESC, "activity_progress"."id" DESC'
            script = "SELECT CAST(\"id\" AS text) FROM \"package\" WHERE \"c_name\" ILIKE CAST(:w AS text) LIMIT 201;\n"
            script += "EXPLAIN SELECT 1 FROM \"activity_progress\";\n"
            if not estimated_total:
                script += "SELECT count(*) FROM (SELECT 1 FROM \"activity_progress\" LIMIT 10001) AS s;\n"
            script += f"EXPLAIN SELECT 1 FROM \"activity_progress\" WHERE {searched};\n"
            # The capped count runs whenever the planner expects fewer rows than the threshold; it answers
            # "estimated" when it reaches the cap (10,001).
            if not estimated_filtered or answer["recordsFiltered"] == 10001:
                script += f"SELECT count(*) FROM (SELECT 1 FROM \"activity_progress\" WHERE {searched} LIMIT 10001) AS s;\n"
            script += (f"SELECT {page_columns} FROM \"activity_progress\" WHERE \"id\" IN (SELECT \"id\" "
                       f"FROM \"activity_progress\" WHERE {searched} ORDER BY {order} LIMIT :limit OFFSET :offset) "
                       f"ORDER BY {order};\n")
            script = "\\set limit 10\n\\set offset 1000\n" + script
            base = pgbench(url, script, [("w", f"%{word}%")])
            counts = (f"{answer['recordsFiltered']:,}{' estimated' if estimated_filtered else ''} of "
                      f"{answer['recordsTotal']:,}{' estimated' if estimated_total else ''}")
            results.append((f"datatable page (search '{word}', date desc, offset 1000; {counts})",
                            rate, p50, p99, base, None))

        # CSV export of every row, next to COPY … TO STDOUT.
        export = export_run(url, gateway.pid)
        peak = export["peak_kib"]

        # A 200,000-row CSV through the importer, next to COPY … FROM.
        imported = import_run(url, gateway.pid)

        # Record create: validation, lookup check, INSERT, read-back and audit row in one transaction.
        writes = write_benchmark(url, packages, lua_packages)
        rss_end = memory_kib(gateway.pid, "VmRSS")
    finally:
        gateway.send_signal(signal.SIGTERM)
        gateway.wait(timeout=30)

    cores = os.cpu_count()
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), "unknown CPU")
    large = large_export(env)
    dms = dms_search(env, url)
    boards = dashboards(env, url)
    lines = [
        f"Machine: {cores} cores ({cpu}); load generator, gateway and PostgreSQL share them. "
        f"{CONNECTIONS} connections, {DURATION} s per measurement, {ROWS:,} rows.",
        "",
        "| call | gateway req/s | p50 ms | p99 ms | pgbench tps, plain SELECT | ratio | pgbench tps, same SQL | ratio |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    results.append(writes)
    for name, rate, p50, p99, base, plain in results:
        plain_cells = f"{plain:,.0f} | **{rate / plain:.0%}**" if plain else "– | –"
        lines.append(f"| {name} | {rate:,.0f} | {p50:.2f} | {p99:.2f} | {plain_cells} | {base:,.0f} | {rate / base:.0%} |")

    def export_line(label, run, start_kib):
        return (f"CSV export of {run['rows']:,} rows{label}: {run['seconds']:.2f} s = "
                f"**{run['rows'] / run['seconds']:,.0f} rows/s** through the gateway; psql `COPY … TO STDOUT` of the "
                f"same rows: {run['copy_seconds']:.2f} s = {run['rows'] / run['copy_seconds']:,.0f} rows/s (ratio "
                f"{run['copy_seconds'] / run['seconds']:.0%}); of the gateway's own statement (package names, "
                f"formula guards): {run['same_seconds']:.2f} s = {run['rows'] / run['same_seconds']:,.0f} rows/s "
                f"(ratio {run['same_seconds'] / run['seconds']:.0%}). Gateway memory: {start_kib / 1024:.1f} MB at start, "
                f"peak **{run['peak_kib'] / 1024:.1f} MB**")

    lines += [
        "",
        "Plain SELECT: the same rows as the gateway's answer, as pgbench -M prepared reads them with 16 clients (the "
        "headline). Same SQL: the statements the gateway sends for the call (values as text parameters cast on the "
        "server; for a data table the look-up keys, the counts or estimates and the page), run the same way.",
        "",
        export_line(" (best of 3 runs each)", export, rss_start) + f" (during the exports), {rss_end / 1024:.1f} MB after the run.",
        "",
        export_line(f" from a {LARGE_ROWS:,}-row table, a fresh gateway", large, large["start_kib"]) + ".",
        "",
        f"CSV import of {imported['rows']:,} rows (corridors; each row validated and written with its audit row, one "
        f"transaction): {imported['seconds']:.1f} s = **{imported['rows'] / imported['seconds']:,.0f} rows/s** through "
        f"the gateway; psql `COPY … FROM` of the same file: {imported['copy_seconds']:.2f} s = "
        f"{imported['rows'] / imported['copy_seconds']:,.0f} rows/s (ratio "
        f"{imported['copy_seconds'] / imported['seconds']:.1%}). Gateway peak memory during the import "
        f"**{imported['peak_kib'] / 1024:.1f} MB**.",
        "",
        dms,
        "",
        boards,
    ]
    report = "\n".join(lines)
    print()
    print(report)
    stamp = time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())
    record_section(f"## `just bench`, {stamp}\n\n{report}")


def record_section(section: str) -> None:
    """Adds a run's section to bench/results.md, newest first, keeping earlier runs and soak reports."""
    path = ROOT / "bench" / "results.md"
    title = "# Benchmark results\n\nEach `just bench` run and `just soak` report, newest first.\n"
    earlier = path.read_text() if path.exists() else ""
    if earlier.startswith(title):
        earlier = earlier[len(title):].lstrip("\n")
    elif earlier.startswith("# "):
        # The former layout kept only the last run under a top-level heading: demote it to a section.
        earlier = "#" + earlier
    path.write_text(f"{title}\n{section.strip()}\n\n{earlier}".rstrip("\n") + "\n")


if __name__ == "__main__":
    main()
