#!/usr/bin/env bash
# Backups of the PMIS database (`just backup`, `just restore FILE`).
#
#   scripts/backup.sh backup            pg_dump (custom format) of DATABASE_URL, or of the project-local database,
#                                       into BACKUP_DIR (default backups/) as <database>-<UTC time>.dump, and the
#                                       files attached to records (FILES_DIR, default data/files) beside it as
#                                       <same name>.files.tar.gz; prints the dump's path
#   scripts/backup.sh restore FILE      restores FILE into DATABASE_URL (or the project-local database) in one
#                                       transaction: everything or nothing; then its .files.tar.gz into FILES_DIR.
#                                       A database that already holds tables is first backed up itself
#                                       (pre-restore-…, with its files), so a wrong file costs nothing.
#
# Files kept in an S3 bucket (FILES_S3_BUCKET) are not in the backup, and a restore leaves the bucket as it is: the
# bucket's own versioning and replication keep them. Both commands say so when they run.
#
# The dump is written under a temporary name and renamed when complete, so a failed backup never leaves a file
# that looks whole. Uses the newest installed PostgreSQL client (pg_dump must not be older than the server).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BACKUP_DIR="${BACKUP_DIR:-$ROOT/backups}"
FILES_DIR="${FILES_DIR:-$ROOT/data/files}"

say() { printf 'backup: %s\n' "$*" >&2; }
die() { printf 'backup: error: %s\n' "$*" >&2; exit 1; }

bindir() {
    local dir
    for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n -r); do
        [ -x "$dir/pg_dump" ] && [ -x "$dir/pg_restore" ] && { echo "$dir"; return 0; }
    done
    command -v pg_dump >/dev/null 2>&1 && { dirname "$(command -v pg_dump)"; return 0; }
    die "pg_dump not found: install the PostgreSQL client (Debian: apt-get install postgresql-client)"
}
BIN=$(bindir)

target_url() {
    if [ -n "${DATABASE_URL:-}" ]; then
        echo "$DATABASE_URL"
    else
        "$ROOT/scripts/pg-local.sh" ensure >&2
        "$ROOT/scripts/pg-local.sh" url
    fi
}

# The database name of a URL (for the file name), path only, without parameters.
database_name() {
    local name=${1##*/}
    name=${name%%\?*}
    printf '%s' "${name:-pmis}" | tr -c 'A-Za-z0-9_-' '_'
}

backup_to() {
    local url=$1 prefix=$2 name file partial
    name=$(database_name "$url")
    mkdir -p "$BACKUP_DIR"
    file="$BACKUP_DIR/${prefix}${name}-$(date -u +%Y%m%dT%H%M%S.%3NZ).dump"
    partial="$file.partial"
    trap 'rm -f "$partial"' EXIT
    "$BIN/pg_dump" --format=custom --compress=6 --no-owner --no-privileges --file="$partial" --dbname="$url" \
        || die "pg_dump failed (above); no backup written"
    "$BIN/pg_restore" --list "$partial" >/dev/null || die "the dump cannot be read back; no backup written"
    if [ -z "${FILES_S3_BUCKET:-}" ] && [ -d "$FILES_DIR" ]; then
        tar --create --gzip --file="${file%.dump}.files.tar.gz.partial" --directory="$FILES_DIR" \
            --exclude=./.incoming . || die "the files of $FILES_DIR could not be archived; no backup written"
        mv "${file%.dump}.files.tar.gz.partial" "${file%.dump}.files.tar.gz"
    fi
    mv "$partial" "$file"
    trap - EXIT
    echo "$file"
}

# With the files in S3, says plainly that a backup or restore covers the database only, and what keeps the files.
s3_note() {
    [ -n "${FILES_S3_BUCKET:-}" ] || return 0
    if [ "$1" = backup ]; then
        say "the files attached to records are in the S3 bucket ${FILES_S3_BUCKET} (FILES_S3_BUCKET) and are NOT in"
        say "  this backup: it holds the database only."
    else
        say "the files attached to records are in the S3 bucket ${FILES_S3_BUCKET} (FILES_S3_BUCKET): the restore"
        say "  brought back the database only and left the bucket as it is."
    fi
    say "  The bucket's own versioning (and replication to another region or account) keeps those files: turn it on"
    say "  for ${FILES_S3_BUCKET} if it is not (docs/operations.md, \"Backups and restore\")."
}

backup() {
    local url file
    url=$(target_url)
    file=$(backup_to "$url" "")
    say "wrote $file ($(du -h "$file" | cut -f1))"
    s3_note backup
    echo "$file"
}

restore() {
    local file=${1:-} url tables safety
    [ -n "$file" ] || die "name the backup to restore: just restore backups/pmis-….dump"
    [ -f "$file" ] || die "no such file: $file"
    "$BIN/pg_restore" --list "$file" >/dev/null 2>&1 \
        || die "$file is not a PostgreSQL custom-format backup (made by \`just backup\`)"
    url=$(target_url)
    tables=$("$BIN/psql" -X -q -At -v ON_ERROR_STOP=1 --dbname="$url" \
        -c "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") \
        || die "cannot reach the database to restore into"
    if [ "$tables" != 0 ]; then
        safety=$(backup_to "$url" "pre-restore-")
        say "the database held $tables tables; kept them first in $safety"
    fi
    # One transaction: a failure anywhere leaves the database as it was.
    "$BIN/pg_restore" --clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error \
        --dbname="$url" "$file" \
        || die "restore failed (above); the database is unchanged"
    local files="${file%.dump}.files.tar.gz"
    if [ -f "$files" ]; then
        # Content-addressed: files already present are the same bytes; the archive adds the missing ones.
        mkdir -p "$FILES_DIR"
        tar --extract --gzip --file="$files" --directory="$FILES_DIR" || die "the files of $files could not be restored"
        say "restored the files of $files into $FILES_DIR"
    fi
    say "restored $file"
    s3_note restore
}

cmd=${1:-}; shift || true
case "$cmd" in
    backup) backup ;;
    restore) restore "$@" ;;
    *) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
