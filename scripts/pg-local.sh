#!/usr/bin/env bash
# The project-local PostgreSQL cluster ("embedded default database").
#
#   scripts/pg-local.sh ensure          install binaries if missing (root only), create the cluster once, start it
#   scripts/pg-local.sh start | stop    start / stop it (data kept)
#   scripts/pg-local.sh status          say whether it runs (exit status 3 when stopped, as pg_ctl status)
#   scripts/pg-local.sh url [DBNAME]    print the owner's connection URL (migrations, seeds, tests; default db: pmis)
#   scripts/pg-local.sh app-url [DBNAME] print the serving role's URL (pmis_app: reads and writes, no DDL)
#   scripts/pg-local.sh create-db NAME  create a database (no-op when it exists)
#   scripts/pg-local.sh drop-dbs PREFIX drop every database whose name starts with PREFIX (test leftovers)
#   scripts/pg-local.sh psql [ARGS]     psql on the pmis database
#   scripts/pg-local.sh test-writes on|off  for a test run: no fsync, no full-page writes, no waiting for commits
#                                       (`just test` turns it on for its run and off after); off restores durability
#   scripts/pg-local.sh replica-start DIR PORT  a streaming replica of the cluster in DIR (made with pg_basebackup on
#                                       first use), started on 127.0.0.1:PORT; same roles and passwords
#   scripts/pg-local.sh replica-stop DIR [MODE]  stop that replica (data kept); MODE fast (default) or immediate
#   scripts/pg-local.sh replica-drop DIR  stop it at once and delete DIR
#
# Data lives in .pmis/pg (git-ignored; PMIS_PG_HOME names another folder, e.g. for a test's own cluster). Port:
# PMIS_PG_PORT, default 54329, away from a system cluster on 5432.
# initdb refuses to run as root, so as root the server runs as the unprivileged `postgres` user (created by
# Debian's package) or, failing that, a system user `pmis-pg` this script creates.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
STATE="$ROOT/.pmis"
PORT="${PMIS_PG_PORT:-54329}"
DB_USER=pmis
DB_NAME=pmis
# The role the gateway serves requests as: data only (no DDL, not superuser); the gateway grants it at start.
APP_USER=pmis_app

say() { printf 'pg-local: %s\n' "$*" >&2; }
die() { printf 'pg-local: error: %s\n' "$*" >&2; exit 1; }

find_bindir() {
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n -r); do
        [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return 0; }
    done
    if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
        dirname "$(readlink -f "$(command -v pg_ctl)")"; return 0
    fi
    return 1
}

install_binaries() {
    [ "$(id -u)" = 0 ] || die "PostgreSQL server binaries not found. Install them (Debian: sudo apt-get install postgresql postgresql-contrib) or set DATABASE_URL to an existing database."
    say "PostgreSQL server binaries not found; installing Debian's postgresql packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql postgresql-contrib >&2
}

BINDIR=$(find_bindir || true)
need_bindir() {
    if [ -z "$BINDIR" ]; then install_binaries; BINDIR=$(find_bindir) || die "PostgreSQL installed but initdb/pg_ctl not found"; fi
}

# Where the cluster lives. Normally .pmis/pg inside the checkout; when the service user cannot reach the checkout
# (a clone under a private home folder), the data goes to /var/tmp and .pmis/pg is a link to it.
PGHOME="${PMIS_PG_HOME:-$STATE/pg}"
set_paths() {
    # The real folder, not the link: the service user may not be allowed through the checkout's path.
    local home="$PGHOME"
    [ -e "$home" ] && home=$(readlink -f "$home")
    DATA="$home/data"
    RUN="$home/run"
    LOG="$home/server.log"
    PWFILE="$home/password"
    APP_PWFILE="$home/app-password"
}
set_paths

service_user() {
    if [ "$(id -u)" != 0 ]; then id -un; return; fi
    if id postgres >/dev/null 2>&1; then echo postgres; return; fi
    if ! id pmis-pg >/dev/null 2>&1; then
        useradd --system --no-create-home --shell /usr/sbin/nologin pmis-pg >&2 || die "could not create the system user pmis-pg"
    fi
    echo pmis-pg
}

as_service() {
    if [ "$(id -u)" = 0 ]; then
        # From /: the service user may not be allowed into the current folder.
        (cd / && runuser -u "$SERVICE_USER" -- "$@")
    else
        "$@"
    fi
}

prepare_home() {
    [ -e "$PGHOME" ] && return 0
    local parent
    parent=$(dirname "$PGHOME")
    mkdir -p "$parent"
    if [ "$(id -u)" = 0 ] && ! runuser -u "$SERVICE_USER" -- test -x "$parent"; then
        local elsewhere
        elsewhere="/var/tmp/pmis-pg-$(printf '%s' "$PGHOME" | sha256sum | cut -c1-12)"
        mkdir -p "$elsewhere"
        ln -s "$elsewhere" "$PGHOME"
        say "$SERVICE_USER cannot reach $ROOT; cluster data kept in $elsewhere (linked from .pmis/pg)"
    else
        mkdir -p "$PGHOME"
    fi
    set_paths
}

password() { cat "$PWFILE"; }

is_running() {
    [ -f "$DATA/postmaster.pid" ] && as_service "$BINDIR/pg_ctl" -D "$DATA" status >/dev/null 2>&1
}

init_cluster() {
    prepare_home
    mkdir -p "$RUN"
    # Random password for the pmis role, readable by the owner only.
    if [ ! -s "$PWFILE" ]; then
        (umask 077; head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' > "$PWFILE")
    fi
    [ "$(id -u)" = 0 ] && chown -R "$SERVICE_USER": "$(dirname "$DATA")"
    say "creating the project-local cluster in .pmis/pg (PostgreSQL $("$BINDIR/postgres" --version | awk '{print $3}'))"
    as_service "$BINDIR/initdb" -D "$DATA" -U "$DB_USER" --pwfile="$PWFILE" --auth-local=scram-sha-256 \
        --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$(dirname "$DATA")/initdb.log" 2>&1 \
        || { cat "$(dirname "$DATA")/initdb.log" >&2; die "initdb failed (log above)"; }
    cat >>"$DATA/postgresql.conf" <<CONF

# --- Metro PMIS project-local settings ---
listen_addresses = '127.0.0.1'
max_connections = 300
shared_buffers = 256MB
work_mem = 16MB
maintenance_work_mem = 256MB
effective_cache_size = 4GB
log_min_duration_statement = 1000
log_line_prefix = '%m [%p] %q%u@%d '
CONF
}

# TLS for clients that ask for it (`sslmode=require`): a self-signed certificate made once. The printed URLs say
# sslmode=disable: on loopback encryption costs CPU and protects nothing.
ensure_tls() {
    [ -f "$DATA/server.crt" ] && return 0
    command -v openssl >/dev/null 2>&1 || { say "openssl not found; the cluster serves without TLS"; return 0; }
    as_service openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=localhost" \
        -keyout "$DATA/server.key" -out "$DATA/server.crt" >/dev/null 2>&1 || { say "could not make a TLS certificate"; return 0; }
    as_service chmod 600 "$DATA/server.key"
    printf "\n# --- TLS (scripts/pg-local.sh) ---\nssl = on\n" >>"$DATA/postgresql.conf"
}

start() {
    need_bindir
    SERVICE_USER=$(service_user)
    [ -f "$DATA/PG_VERSION" ] || init_cluster
    if [ ! -f "$DATA/server.crt" ]; then
        ensure_tls
        if is_running; then as_service "$BINDIR/pg_ctl" -D "$DATA" reload >/dev/null; fi
    fi
    if is_running; then return 0; fi
    if "$BINDIR/pg_isready" -q -h 127.0.0.1 -p "$PORT" 2>/dev/null || [ $? = 1 ]; then
        die "port $PORT is taken by another PostgreSQL server. Stop it, or choose another port: PMIS_PG_PORT=54330 just run"
    fi
    mkdir -p "$RUN"; [ "$(id -u)" = 0 ] && chown "$SERVICE_USER": "$RUN" "$DATA"
    [ "$(id -u)" = 0 ] && touch "$LOG" && chown "$SERVICE_USER": "$LOG"
    as_service "$BINDIR/pg_ctl" -D "$DATA" -l "$LOG" -w -t 60 \
        -o "-p $PORT -k '$RUN' -c recovery_init_sync_method=syncfs" start >/dev/null \
        || { tail -n 20 "$LOG" >&2; die "PostgreSQL did not start (last lines of .pmis/pg/server.log above)"; }
    say "PostgreSQL running on 127.0.0.1:$PORT (data in .pmis/pg)"
}

ensure() {
    start
    ensure_app_role
    create_db "$DB_NAME"
}

# The serving role, with a random password kept beside the owner's.
ensure_app_role() {
    if [ ! -s "$APP_PWFILE" ]; then
        (umask 077; head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9' > "$APP_PWFILE")
    fi
    local pw; pw=$(cat "$APP_PWFILE")
    if [ -z "$(psql_admin -d postgres -tAc "SELECT 1 FROM pg_roles WHERE rolname = '$APP_USER'")" ]; then
        psql_admin -d postgres -c "CREATE ROLE $APP_USER LOGIN PASSWORD '$pw' NOSUPERUSER NOCREATEDB NOCREATEROLE"
    else
        psql_admin -d postgres -c "ALTER ROLE $APP_USER LOGIN PASSWORD '$pw' NOSUPERUSER NOCREATEDB NOCREATEROLE" >/dev/null
    fi
}

stop() {
    need_bindir
    SERVICE_USER=$(service_user)
    if [ -f "$DATA/PG_VERSION" ] && is_running; then
        as_service "$BINDIR/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null
        say "PostgreSQL stopped"
    else
        say "PostgreSQL is not running"
    fi
}

status() {
    need_bindir
    SERVICE_USER=$(service_user)
    if [ ! -f "$DATA/PG_VERSION" ]; then
        echo "stopped: no project-local cluster yet (just db-start creates and starts it)"; return 3
    elif is_running; then
        echo "running on 127.0.0.1:$PORT"
    else
        echo "stopped (data kept; just db-start starts it)"; return 3
    fi
}

url() {
    [ -s "$PWFILE" ] || die "no project-local cluster yet: run \`just db-start\` (or \`just run\`) first"
    echo "postgres://$DB_USER:$(password)@127.0.0.1:$PORT/${1:-$DB_NAME}?sslmode=disable"
}

app_url() {
    [ -s "$APP_PWFILE" ] || die "no serving role yet: run \`just db-start\` (or \`just run\`) first"
    echo "postgres://$APP_USER:$(cat "$APP_PWFILE")@127.0.0.1:$PORT/${1:-$DB_NAME}?sslmode=disable"
}

psql_admin() {
    PGPASSWORD=$(password) psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U "$DB_USER" "$@"
}

create_db() {
    local name=$1
    [[ "$name" =~ ^[a-z_][a-z0-9_]*$ ]] || die "invalid database name: $name"
    if [ -z "$(psql_admin -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$name'")" ]; then
        psql_admin -d postgres -c "CREATE DATABASE $name"
    fi
}

drop_dbs() {
    local prefix=$1 name
    [[ "$prefix" =~ ^[a-z_][a-z0-9_]*$ ]] || die "invalid prefix: $prefix"
    for name in $(psql_admin -d postgres -tAc "SELECT datname FROM pg_database WHERE datname LIKE '${prefix}%'"); do
        psql_admin -d postgres -c "DROP DATABASE \"$name\" WITH (FORCE)"
    done
}

# The tests make and drop hundreds of databases: each CREATE DATABASE … TEMPLATE writes the copy through the WAL,
# and each DROP DATABASE waits for a checkpoint, whose fsyncs cost seconds on a busy disk. A crash of the machine
# during a test run may lose that run's databases, which the next run drops anyway; `off` puts durability back
# (the cluster also serves `just run`).
test_writes() {
    case "$1" in
        on) psql_admin -d postgres -c "ALTER SYSTEM SET fsync = off" -c "ALTER SYSTEM SET full_page_writes = off" \
                -c "ALTER SYSTEM SET synchronous_commit = off" -c "SELECT pg_reload_conf()" >/dev/null ;;
        off) psql_admin -d postgres -c "ALTER SYSTEM RESET fsync" -c "ALTER SYSTEM RESET full_page_writes" \
                -c "ALTER SYSTEM RESET synchronous_commit" -c "SELECT pg_reload_conf()" -c "CHECKPOINT" >/dev/null ;;
        *) die "test-writes on|off" ;;
    esac
}

# A streaming replica (hot standby) of this cluster, for tests of reads from a replica: pg_basebackup writes the
# standby's settings (-R: primary_conninfo, standby.signal), -X stream copies the WAL the copy needs. It runs as the
# same service user as the cluster, with its socket in DIR, and shares the primary's roles and passwords.
replica_start() {
    local dir=$1 port=$2
    [[ "$port" =~ ^[0-9]+$ ]] || die "invalid replica port: $port"
    [ "$port" != "$PORT" ] || die "the replica needs a port of its own, not the cluster's $PORT"
    need_bindir
    SERVICE_USER=$(service_user)
    is_running || die "the cluster is not running: scripts/pg-local.sh ensure first"
    ensure_replication_hba
    mkdir -p "$dir"
    dir=$(readlink -f "$dir")
    [ "$(id -u)" = 0 ] && chown "$SERVICE_USER": "$dir"
    if [ ! -f "$dir/data/PG_VERSION" ]; then
        # --checkpoint=fast: otherwise the copy waits for the next scheduled checkpoint (minutes).
        PGPASSWORD=$(password) as_service "$BINDIR/pg_basebackup" -h 127.0.0.1 -p "$PORT" -U "$DB_USER" \
            -D "$dir/data" -X stream -R --checkpoint=fast --no-sync \
            || die "pg_basebackup of 127.0.0.1:$PORT into $dir/data failed"
    fi
    if as_service "$BINDIR/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then return 0; fi
    as_service "$BINDIR/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k '$dir' -c shared_buffers=32MB" start >/dev/null \
        || { tail -n 20 "$dir/server.log" >&2; die "the replica did not start (last lines of $dir/server.log above)"; }
    say "replica running on 127.0.0.1:$port (data in $dir/data)"
}

replica_stop() {
    local dir=$1 mode=$2
    [[ "$mode" =~ ^(fast|immediate)$ ]] || die "stop mode must be fast or immediate, not $mode"
    need_bindir
    SERVICE_USER=$(service_user)
    if [ -f "$dir/data/PG_VERSION" ] && as_service "$BINDIR/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
        as_service "$BINDIR/pg_ctl" -D "$dir/data" -m "$mode" -w stop >/dev/null
    fi
}

replica_drop() {
    local dir=$1
    [ -e "$dir" ] || return 0
    replica_stop "$dir" immediate
    rm -rf "$dir"
}

# A replica signs in with the replication pseudo-database; initdb's pg_hba.conf allows it on loopback, but a cluster
# whose file was edited may not. Adds the line once, then reloads.
ensure_replication_hba() {
    local hba="$DATA/pg_hba.conf"
    as_service grep -qE '^[[:space:]]*host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32' "$hba" && return 0
    printf '\n# --- replicas on loopback (scripts/pg-local.sh) ---\nhost    replication     all             127.0.0.1/32            scram-sha-256\n' \
        | as_service tee -a "$hba" >/dev/null
    as_service "$BINDIR/pg_ctl" -D "$DATA" reload >/dev/null
}

cmd=${1:-}; shift || true
case "$cmd" in
    ensure) ensure ;;
    start) start ;;
    stop) stop ;;
    status) status ;;
    url) url "$@" ;;
    app-url) app_url "$@" ;;
    create-db) create_db "${1:?database name}" ;;
    drop-dbs) drop_dbs "${1:?prefix}" ;;
    psql) psql_admin -d "$DB_NAME" "$@" ;;
    test-writes) test_writes "${1:?on or off}" ;;
    replica-start) replica_start "${1:?replica folder}" "${2:?replica port}" ;;
    replica-stop) replica_stop "${1:?replica folder}" "${2:-fast}" ;;
    replica-drop) replica_drop "${1:?replica folder}" ;;
    *) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
