#!/usr/bin/env python3
"""`just hostile-files`: the attack of docs/security.md "Hostile files" against the release gateway, measured.

Starts the release gateway (target/release/gateway, built by the recipe) on a demo database of its own (dropped after) and,
signed in as the contractor, sends the files that once stopped or stalled the process to the import preview:
  1. a 1.9 KB workbook whose shared strings say uniqueCount="100000000000";
  2. workbooks with a cell in column AAAAA (475,255) and in ZZZZZZZ (past 2^32 when it wraps);
  3. a 7.9 MB CSV whose header has 1,000,000 columns, one of 20,000 and one of 16,384 (the widest allowed);
  4. a 125 KB workbook whose shared strings unpack to 51 MB (a zip bomb).
The workbooks go to the document register's upload too (their text read by a child process). For each: the status and words of the answer and how long it took; meanwhile another user (the engineer) calls
GET /api/auth/me every 50 ms and GET /api/health is polled, and the gateway's resident memory is sampled every
20 ms. Prints a table (and the idle memory) to paste into docs/performance.md.
"""
import io
import json
import os
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PORT = int(os.environ.get("HOSTILE_PORT", "18098"))
BASE = f"http://127.0.0.1:{PORT}"
# A document uploaded with its metadata: the document register's `[upload]`.
DOCUMENT_UPLOAD = "/api/data/dms_document/upload"


def workbook(sheet: str, shared: str) -> bytes:
    parts = {
        "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
        "_rels/.rels": '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
        "xl/worksheets/sheet1.xml": f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{sheet}</worksheet>',
        "xl/sharedStrings.xml": f'<?xml version="1.0" encoding="UTF-8"?>{shared}',
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, body in parts.items():
            z.writestr(name, body)
    return out.getvalue()


HEADER = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>'
SST = '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="{}"><si><t>Element ID</t></si></sst>'


def files():
    bomb = (
        '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        + ("<si><t>" + "a" * 40 + "</t></si>") * 1_000_000
        + "</sst>"
    )
    return [
        ("1. uniqueCount 100000000000", "kes.xlsx", workbook(f"<sheetData>{HEADER}</sheetData>", SST.format("100000000000"))),
        ("2a. cell AAAAA2", "kes.xlsx", workbook(f'<sheetData>{HEADER}<row r="2"><c r="AAAAA2"><v>1</v></c></row></sheetData>', SST.format(1))),
        ("2b. cell ZZZZZZZ2", "kes.xlsx", workbook(f'<sheetData>{HEADER}<row r="2"><c r="ZZZZZZZ2"><v>1</v></c></row></sheetData>', SST.format(1))),
        ("3. 1,000,000 header columns (CSV)", "kes.csv", ("".join(f"c{i}," for i in range(1_000_000)) + "\n1\n").encode()),
        ("3b. 20,000 header columns (CSV)", "kes.csv", ("".join(f"c{i}," for i in range(20_000)) + "\n1\n").encode()),
        ("3c. 16,384 header columns, the widest allowed (CSV)", "kes.csv", (",".join(f"c{i}" for i in range(16_384)) + "\n1\n").encode()),
        ("4. shared strings zip bomb", "kes.xlsx", workbook(f"<sheetData>{HEADER}</sheetData>", bomb)),
    ]


def request(method, path, token=None, body=None, headers=None, timeout=60):
    req = urllib.request.Request(BASE + path, data=body, method=method, headers=headers or {})
    if token:
        req.add_header("x-access-token", token)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def sign_in(user, password):
    status, body = request(
        "POST", "/api/auth/signin", body=json.dumps({"username": user, "password": password}).encode(),
        headers={"content-type": "application/json"},
    )
    if status != 200:
        sys.exit(f"hostile: sign-in of {user} answered {status}: {body[:200]}")
    return json.loads(body)["accessToken"]


def multipart(name, data, fields=()):
    boundary = uuid.uuid4().hex
    body = b"".join(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode()
        for key, value in fields
    )
    body += (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{name}"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, {"content-type": f"multipart/form-data; boundary={boundary}"}


# The bench's own database, made from nothing and dropped at the end: the documents it uploads never reach the demo
# database `just run` serves.
DATABASE = "bench_hostile"


def pg_local(*args):
    return subprocess.check_output(["scripts/pg-local.sh", *args], cwd=ROOT, text=True).strip()


def one_value(sql):
    return subprocess.check_output(["psql", "-X", "-At", pg_local("url", DATABASE), "-c", sql], text=True).strip()


def admin(sql):
    subprocess.check_call(["psql", "-X", "-q", "-At", pg_local("url", "postgres"), "-c", sql], stdout=subprocess.DEVNULL)


def document_fields(title):
    """A document of the contractor's package, as the DMS upload form sends it (its originator is stamped)."""
    return [
        ("c_volume", "C1V01"), ("c_level", "P112"), ("c_type", "DR"), ("c_role", "S"), ("c_number", ""),
        ("c_title", title), ("n_package", one_value("SELECT id FROM package WHERE c_code = 'C1-V01'")),
        ("n_discipline", one_value("SELECT min(id) FROM discipline")),
        ("n_doc_type", one_value("SELECT min(id) FROM doc_type")),
    ]


def resident_kib(pid):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def main():
    env = dict(os.environ)
    admin(f"DROP DATABASE IF EXISTS {DATABASE}")
    admin(f"CREATE DATABASE {DATABASE}")
    env["DATABASE_URL"] = pg_local("app-url", DATABASE)
    env["MIGRATION_DATABASE_URL"] = pg_local("url", DATABASE)
    env["PORT"] = str(PORT)
    env.setdefault("RUST_LOG", "warn")
    gateway = subprocess.Popen(
        [str(ROOT / "target/release/gateway"), "serve", "--seed-demo"], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(600):
            try:
                if request("GET", "/api/health", timeout=2)[0] == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        else:
            sys.exit("hostile: the gateway did not start")
        contractor = sign_in("contractor", "Contractor@123")
        engineer = sign_in("engineer", "Engineer@123")
        time.sleep(1)
        idle = resident_kib(gateway.pid)
        print(f"gateway idle: {idle / 1024:.1f} MB resident")
        quiet = []
        for _ in range(40):
            start = time.perf_counter()
            request("GET", "/api/auth/me", token=engineer)
            quiet.append(time.perf_counter() - start)
            time.sleep(0.05)
        print(f"another user's /api/auth/me with no upload: max {max(quiet) * 1000:.0f} ms, median {statistics.median(quiet) * 1000:.0f} ms")
        rows = []
        uploads = [(label, name, data, "/api/import/keyelementstatus/preview") for label, name, data in files()]
        uploads += [
            (f"{label}, as a document", name, data, DOCUMENT_UPLOAD)
            for label, name, data in files() if name.endswith(".xlsx")
        ]
        for label, name, data, path in uploads:
            stop = threading.Event()
            others, health, peak = [], [], [resident_kib(gateway.pid)]

            def other_user():
                while not stop.is_set():
                    start = time.perf_counter()
                    status, _ = request("GET", "/api/auth/me", token=engineer)
                    others.append((time.perf_counter() - start, status))
                    status, _ = request("GET", "/api/health")
                    health.append(status)
                    time.sleep(0.05)

            def sampler():
                while not stop.is_set():
                    peak.append(resident_kib(gateway.pid))
                    time.sleep(0.02)

            threads = [threading.Thread(target=other_user), threading.Thread(target=sampler)]
            for thread in threads:
                thread.start()
            if path == DOCUMENT_UPLOAD:
                body, headers = multipart(name, data, document_fields(f"Hostile file {label}"))
            else:
                body, headers = multipart(name, data)
            start = time.perf_counter()
            status, answer = request("POST", path, token=contractor, body=body, headers=headers, timeout=120)
            took = time.perf_counter() - start
            time.sleep(0.3)
            stop.set()
            for thread in threads:
                thread.join()
            message = json.loads(answer).get("message", "") if answer.startswith(b"{") else answer[:80].decode(errors="replace")
            if path == DOCUMENT_UPLOAD and status == 201:
                text = json.loads(answer)["text"][0]
                message = f"stored as {json.loads(answer)['record']['c_document_no']}; text: {text.get('note') or 'read'}"
            me = [t for t, s in others if s == 200]
            rows.append((label, len(data), status, took, message, max(peak) - idle, max(me) if me else 0, statistics.median(me) if me else 0, all(s == 200 for s in health) and gateway.poll() is None))
        print()
        print("| file | size | answer | time | words | memory above idle | another user's /api/auth/me (max / median) | health |")
        print("|---|---:|---|---:|---|---:|---:|---|")
        for label, size, status, took, message, grew, worst, median, healthy in rows:
            print(f"| {label} | {size / 1024:,.1f} KB | {status} | {took:.2f} s | {message} | {grew / 1024:.1f} MB | {worst * 1000:.0f} / {median * 1000:.0f} ms | {'answered throughout' if healthy else 'FAILED'} |")
    finally:
        gateway.terminate()
        try:
            gateway.wait(timeout=10)
        except subprocess.TimeoutExpired:
            gateway.kill()
        admin(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")


if __name__ == "__main__":
    main()
