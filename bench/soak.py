#!/usr/bin/env python3
"""`just soak`: five minutes of mixed traffic against the release gateway on the 1,000,000-row bench database.

16 connections (threads with keep-alive), each request drawn at random:
  80% reads   data table pages with a search word and a sort, selectall filtered by package and status,
              one record by id
  20% writes  creating an activity progress record (10%), updating one this connection created (10%)
Every answer is checked: a 5xx, a refused read or a refused write is counted as a failure. At the end every
write answered 2xx must be in the database with its audit row, and no other soak row may exist (nothing lost,
nothing extra); the soak's rows are deleted afterwards. The gateway's resident memory is sampled every 30 s. Prints a report and appends it to
bench/results.md. SOAK_SECONDS (default 300) and SOAK_CONNECTIONS (default 16) change the run.
"""
import http.client
import json
import os
import random
import sys
import threading
import time
import urllib.parse
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run as bench  # noqa: E402  (the bench's database, gateway start and sign-in)

SECONDS = int(os.environ.get("SOAK_SECONDS", "300"))
CONNECTIONS = int(os.environ.get("SOAK_CONNECTIONS", "16"))
STATUSES = ["Not started", "In progress", "Completed", "On hold", "Delayed"]
WORDS = ["pier", "track", "station", "crane", "monsoon", "cable"]


class Connection(threading.Thread):
    """One keep-alive client drawing requests until the deadline, keeping what it learned."""

    def __init__(self, number, deadline, packages, ids, tag):
        super().__init__(daemon=True)
        self.number = number
        self.deadline = deadline
        self.packages = packages
        self.ids = ids
        self.tag = tag
        self.random = random.Random(number)
        self.latencies = {"read": [], "write": []}
        self.failures = []
        self.created = {}  # id -> row version, for this connection's updates
        self.counts = {"datatable": 0, "selectall": 0, "by id": 0, "create": 0, "update": 0}
        self.http = http.client.HTTPConnection("127.0.0.1", bench.PORT, timeout=30)

    def call(self, method, path, body=None, content_type="application/json"):
        headers = {"x-access-token": bench.TOKEN}
        if body is not None:
            headers["content-type"] = content_type
        for attempt in (1, 2):
            try:
                self.http.request(method, path, body=body, headers=headers)
                answer = self.http.getresponse()
                return answer.status, answer.read()
            except (http.client.HTTPException, OSError) as error:
                # A closed keep-alive connection is reopened once; a second failure is a real one.
                self.http.close()
                self.http = http.client.HTTPConnection("127.0.0.1", bench.PORT, timeout=30)
                if attempt == 2:
                    return 0, str(error).encode()

    def run(self):
        while time.time() < self.deadline:
            draw = self.random.random()
            if draw < 0.40:
                self.datatable()
            elif draw < 0.65:
                self.selectall()
            elif draw < 0.80:
                self.by_id()
            elif draw < 0.90 or not self.created:
                self.create()
            else:
                self.update()

    def timed(self, kind, name, expected, method, path, body=None, content_type="application/json"):
        started = time.perf_counter()
        status, answer = self.call(method, path, body, content_type)
        self.latencies[kind].append(time.perf_counter() - started)
        self.counts[name] += 1
        if status not in expected:
            self.failures.append((name, status, answer[:200].decode("utf-8", "replace")))
            return None
        return answer

    def datatable(self):
        form = {
            "t": "activity_progress", "draw": "1", "start": str(self.random.randrange(0, 2000, 10)),
            "length": "10", "search[value]": self.random.choice(WORDS),
            "order[0][column]": "0", "order[0][dir]": "desc",
            "columns[0][data]": "d_progress_date", "columns[0][name]": "d_progress_date",
            "columns[1][data]": "c_activity_name", "columns[1][name]": "c_activity_name",
            "columns[1][searchable]": "true",
        }
        self.timed("read", "datatable", (200,), "POST", "/api/custom/datatable",
                   urllib.parse.urlencode(form), "application/x-www-form-urlencoded")

    def selectall(self):
        whrc = (f"n_package = {self.random.choice(self.packages)} AND c_status = '{self.random.choice(STATUSES)}' "
                "ORDER BY d_progress_date DESC LIMIT 50")
        query = urllib.parse.urlencode({"t": "activity_progress", "cols": bench.COLUMNS, "whrc": whrc})
        self.timed("read", "selectall", (200,), "GET", f"/api/custom/selectall?{query}")

    def by_id(self):
        query = urllib.parse.urlencode({"t": "activity_progress", "cols": bench.COLUMNS,
                                        "whrc": f"id = {self.random.randint(1, self.ids)}"})
        self.timed("read", "by id", (200,), "GET", f"/api/custom/selectall?{query}")

    def create(self):
        body = json.dumps({
            "n_package": self.random.choice(self.packages),
            "c_activity_code": f"SOAK-{self.number}",
            "c_activity_name": "Soak test pour",
            "d_progress_date": "2026-11-21",
            "n_progress_pct": f"{self.random.randint(0, 10000) / 100:.2f}",
            "c_status": self.random.choice(STATUSES),
            "c_remarks": self.tag,
        })
        answer = self.timed("write", "create", (201,), "POST", "/api/data/activity_progress", body)
        if answer is not None:
            record = json.loads(answer)
            self.created[int(record["id"])] = int(record["data"]["n_row_version"])

    def update(self):
        record_id = self.random.choice(list(self.created))
        body = json.dumps({"n_row_version": self.created[record_id],
                           "n_progress_pct": f"{self.random.randint(0, 10000) / 100:.2f}",
                           "c_status": self.random.choice(STATUSES)})
        answer = self.timed("write", "update", (200,), "PUT", f"/api/data/activity_progress/{record_id}", body)
        if answer is not None:
            self.created[record_id] = int(json.loads(answer)["data"]["n_row_version"])


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))] * 1000 if ordered else 0.0


def main():
    url, env = bench.prepare_database(reload=False)
    packages = [int(p) for p in bench.psql(url, "SELECT id FROM package ORDER BY id").split()]
    ids = int(bench.psql(url, "SELECT max(id) FROM activity_progress"))
    rows = int(bench.psql(url, "SELECT count(*) FROM activity_progress"))
    gateway = bench.start_gateway(env)
    try:
        bench.sign_in()
        tag = f"soak {uuid.uuid4().hex[:12]}"
        print(f"soak: {SECONDS} s, {CONNECTIONS} connections, 80% reads / 20% writes, "
              f"activity_progress holding {rows:,} rows", flush=True)
        deadline = time.time() + SECONDS
        connections = [Connection(n, deadline, packages, ids, tag) for n in range(CONNECTIONS)]
        started = time.time()
        rss = [(0, bench.memory_kib(gateway.pid, "VmRSS"))]
        for connection in connections:
            connection.start()
        while any(c.is_alive() for c in connections):
            time.sleep(1)
            elapsed = int(time.time() - started)
            if elapsed - rss[-1][0] >= 30:
                rss.append((elapsed, bench.memory_kib(gateway.pid, "VmRSS")))
                done = sum(sum(c.counts.values()) for c in connections)
                print(f"soak: {elapsed:>4} s  {done:,} requests  RSS {rss[-1][1] / 1024:.1f} MB", flush=True)
        took = time.time() - started
        rss.append((int(took), bench.memory_kib(gateway.pid, "VmRSS")))
        peak = bench.memory_kib(gateway.pid, "VmHWM")
    finally:
        gateway.terminate()
        gateway.wait(timeout=60)

    counts = {name: sum(c.counts[name] for c in connections) for name in connections[0].counts}
    total = sum(counts.values())
    failures = [f for c in connections for f in c.failures]
    server_errors = [f for f in failures if f[1] >= 500 or f[1] == 0]
    reads = [v for c in connections for v in c.latencies["read"]]
    writes = [v for c in connections for v in c.latencies["write"]]

    # Nothing lost, nothing extra: the database holds exactly the rows answered 2xx, each with its audit rows.
    expected = {i: v for c in connections for i, v in c.created.items()}
    stored = {}
    for line in bench.psql(url, f"SELECT a.id, a.n_row_version, (SELECT count(*) FROM audit_log l WHERE "
                                f"l.c_entry = 'activity_progress' AND l.c_key = a.id::text) FROM activity_progress a "
                                f"WHERE a.c_remarks = '{tag}'").splitlines():
        record_id, version, audits = (int(x) for x in line.split("|"))
        stored[record_id] = (version, audits)
    lost = [i for i in expected if i not in stored]
    extra = [i for i in stored if i not in expected]
    wrong = [i for i, v in expected.items() if i in stored and (stored[i][0] != v or stored[i][1] != v)]

    # The bench database stays at its 1,000,000 rows for `just bench`.
    bench.psql(url, f"DELETE FROM audit_log WHERE c_entry = 'activity_progress' AND c_key IN "
                    f"(SELECT id::text FROM activity_progress WHERE c_remarks = '{tag}'); "
                    f"DELETE FROM activity_progress WHERE c_remarks = '{tag}'")

    lines = [
        f"## Soak, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} ({took:.0f} s, {CONNECTIONS} connections, "
        f"{rows:,}-row activity_progress)",
        "",
        f"- requests: {total:,} ({total / took:,.0f}/s): " + ", ".join(f"{n} {counts[n]:,}" for n in counts),
        f"- failures: {len(failures)} (5xx or no answer: {len(server_errors)})",
        f"- writes: {len(expected):,} records created and answered 2xx; lost {len(lost)}, extra {len(extra)}, "
        f"version or audit mismatch {len(wrong)}",
        f"- latency reads p50 {percentile(reads, 0.5):.1f} ms, p99 {percentile(reads, 0.99):.1f} ms; "
        f"writes p50 {percentile(writes, 0.5):.1f} ms, p99 {percentile(writes, 0.99):.1f} ms",
        f"- gateway RSS: start {rss[0][1] / 1024:.1f} MB, end {rss[-1][1] / 1024:.1f} MB, peak {peak / 1024:.1f} MB; "
        "samples " + ", ".join(f"{s}s {k / 1024:.0f}" for s, k in rss),
        "",
    ]
    report = "\n".join(lines)
    print()
    print(report)
    for failure in failures[:10]:
        print("  failure:", failure)
    bench.record_section(report)
    if failures or lost or extra or wrong:
        sys.exit("soak: FAILED")
    print("soak: passed")


if __name__ == "__main__":
    main()
