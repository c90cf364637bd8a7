# Metro PMIS: every task a person runs. `just run` serves the product; `just test` runs every test.
set shell := ["bash", "-euo", "pipefail", "-c"]

# Port of the project-local PostgreSQL (away from a system cluster on 5432).
export PMIS_PG_PORT := env_var_or_default("PMIS_PG_PORT", "54329")

# List the recipes.
default:
    @just --list --unsorted

# Run the product on :8080 (PORT to change). Without DATABASE_URL: project-local PostgreSQL plus demo data (once).
run: ui-build
    #!/usr/bin/env bash
    set -euo pipefail
    seed=()
    if [ -z "${DATABASE_URL:-}" ]; then
        scripts/pg-local.sh ensure
        # Served as pmis_app (data only); the owner migrates, seeds and grants it.
        export DATABASE_URL="$(scripts/pg-local.sh app-url)" MIGRATION_DATABASE_URL="$(scripts/pg-local.sh url)"
        seed=(--seed-demo)
    fi
    cargo build --release -p gateway
    echo
    echo "Metro PMIS on http://localhost:${PORT:-8080}  (health: http://localhost:${PORT:-8080}/api/health)"
    if [ ${#seed[@]} -gt 0 ]; then
        echo "Demo sign-in: admin / Admin@123 (administrator), viewer / Viewer@123 (restricted),"
        echo "  contractor / Contractor@123 and contractor2 / Contractor2@123 (contractors), engineer / Engineer@123 (PMC)"
        echo "  employer / Employer@123, manager / Manager@123 (employer), planner / Planner@123 (PMC), designer / Designer@123"
        echo "  landofficer / Landofficer@123 (land acquisition), surveyor / Surveyor@123 (SIA surveys)"
    fi
    echo "Stop with Ctrl-C; the database keeps running (just db-stop stops it)."
    echo
    exec target/release/gateway serve "${seed[@]}"

# Run every test: formatting and lints, Rust unit and integration tests (real PostgreSQL), Vitest, Playwright.
test: ui-deps e2e-deps
    scripts/test-all.sh

# Start the project-local PostgreSQL (created on first use).
db-start:
    scripts/pg-local.sh ensure

# Stop the project-local PostgreSQL (data is kept).
db-stop:
    scripts/pg-local.sh stop

# Back up DATABASE_URL (or the project-local database) to backups/<db>-<UTC time>.dump (pg_dump, custom format).
backup:
    scripts/backup.sh backup

# Restore a backup into DATABASE_URL (or the project-local database), all or nothing; current tables are kept first.
restore FILE:
    scripts/backup.sh restore "{{FILE}}"

# Say whether the project-local PostgreSQL runs (stopped is an answer, not a failure).
db-status:
    @scripts/pg-local.sh status || [ $? = 3 ]

# Print the project-local DATABASE_URL.
db-url:
    @scripts/pg-local.sh url

# psql on the project-local database (arguments pass through, e.g. just psql -c 'select 1').
[positional-arguments]
psql *ARGS:
    scripts/pg-local.sh psql "$@"

# Apply migrations to DATABASE_URL (or the project-local database).
migrate:
    #!/usr/bin/env bash
    set -euo pipefail
    if [ -z "${DATABASE_URL:-}" ]; then scripts/pg-local.sh ensure; export DATABASE_URL="$(scripts/pg-local.sh url)"; fi
    cargo build --release -p gateway
    target/release/gateway migrate

# Write the OpenAPI document of the current code and registry to openapi/openapi.json (a test compares them).
openapi:
    cargo build --release -p gateway
    target/release/gateway openapi --output openapi/openapi.json

# Load the demo data into DATABASE_URL (or the project-local database), once.
seed:
    #!/usr/bin/env bash
    set -euo pipefail
    if [ -z "${DATABASE_URL:-}" ]; then scripts/pg-local.sh ensure; export DATABASE_URL="$(scripts/pg-local.sh url)"; fi
    cargo build --release -p gateway
    target/release/gateway seed

# Install the console's node modules when missing or out of date.
ui-deps:
    scripts/npm-ci-if-needed.sh frontend

# Build the console into frontend/dist.
ui-build: ui-deps
    npm --prefix frontend run --silent build

# Install the end-to-end tests' node modules when missing or out of date.
e2e-deps:
    scripts/npm-ci-if-needed.sh e2e

# Run the end-to-end tests in Debian's Chromium against a fresh database.
e2e: ui-build e2e-deps
    scripts/e2e.sh

# Format Rust and TypeScript.
fmt:
    cargo fmt --all
    npm --prefix frontend run --silent format

# rustfmt check, clippy with warnings as errors, no import circle in the Rust crates; the console's generated API
# types against openapi.json, TypeScript, ESLint (layers, no import cycles, kebab-case names) and Prettier over
# frontend/ and e2e/.
# Lint everything: rustfmt, clippy, import circles, the console's types, ESLint and Prettier.
lint: lint-except-clippy
    cargo clippy --workspace --all-targets -- -D warnings

# Every lint but clippy (`just test` runs clippy as the compiler of its test build: scripts/test-all.sh).
lint-except-clippy: ui-deps e2e-deps
    cargo fmt --all -- --check
    python3 scripts/import-cycles.py
    npm --prefix frontend run --silent lint

# sqlmap against selectall, the data table, the export and the record endpoints of a live demo gateway (minutes; not in CI).
attack:
    scripts/attack.sh

# Five minutes of mixed traffic (80% reads, 20% writes, 16 connections) on the 1,000,000-row bench database: no 5xx,
# no lost writes, memory sampled; adds its report to bench/results.md (newest first) (SOAK_SECONDS to change; not in CI).
soak:
    cargo build -q --release -p gateway
    python3 bench/soak.py

# The hostile files of docs/security.md sent to the release gateway on the demo database as a contractor: each
# answer's words and time, the gateway's memory, another user's latency meanwhile (not in CI).
hostile-files: db-start
    cargo build -q --release -p gateway
    python3 bench/hostile.py

# Benchmark the read and write endpoints against pgbench on 1,000,000 rows (not part of `just test`; --reload rebuilds).
bench *ARGS:
    python3 bench/run.py {{ARGS}}
