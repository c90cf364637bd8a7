#!/usr/bin/env bash
# The Python tools the tests use, in a project-local virtual environment (.pmis/venv, git-ignored):
# aiosmtpd (a real SMTP server on loopback for the mail tests), schemathesis (property-based API tests), moto (an
# S3-protocol server on loopback), openapi-spec-validator (the committed OpenAPI document is valid),
# openapi-python-client (a client generated from it works unedited) and openpyxl
# (exported workbooks read as an integrator reads them).
#   scripts/py-tools.sh ensure   create or update the environment when requirements changed
#   scripts/py-tools.sh python   print the environment's python path
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
venv=.pmis/venv
requirements=scripts/py-requirements.txt
stamp="$venv/.requirements"

case "${1:-ensure}" in
    ensure)
        if [ ! -x "$venv/bin/python" ]; then
            echo "py-tools: creating $venv"
            python3 -m venv "$venv"
        fi
        if ! cmp -s "$requirements" "$stamp"; then
            echo "py-tools: installing $(tr '\n' ' ' < "$requirements")"
            "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
            cp "$requirements" "$stamp"
        fi
        ;;
    python)
        echo "$PWD/$venv/bin/python"
        ;;
    *)
        echo "usage: $0 ensure|python" >&2
        exit 2
        ;;
esac
