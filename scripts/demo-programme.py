#!/usr/bin/env python3
"""Writes sql/seed/demo_programme.xer: the demo P6 programme of Metro Line 3 (issue 30), as P6 would export it.

Two projects: MML3-VIA (viaduct packages C1-V01, C2-V01, C2-V02: piling, pile caps, piers, pier caps, segments
and launching per stretch; elevated stations; track; systems) and MML3-UG (underground package C1-UG01: D-wall,
excavation, slabs, finishes and E&M per station; TBM drives). The dates come from a critical-path pass
(forward and backward, FS/SS with lags) on a 7-day calendar of 8 hours: the planned dates use the planned
durations, the current ones some longer durations; activities finished before the data date (2026-10-26) are
complete, those spanning it in progress; a contract completion earlier than the current finish gives negative
float. Also the export of three months before from the (shorter) tender programme,
sql/seed/demo_programme_baseline.xer: the seed imports it first, so the current import has a baseline to compare.
Deterministic: run it again and the files are the same. Usage: scripts/demo-programme.py [folder]
"""

import datetime as dt
import sys

START = dt.datetime(2025, 1, 6, 8, 0)
DATA_DATE = dt.datetime(2026, 10, 26, 8, 0)
# The export before it (sql/seed/demo_programme_baseline.xer, imported first: its planned dates become the baseline):
# three months earlier, from the tender programme whose durations were this much shorter.
BASELINE_DATA_DATE = dt.datetime(2026, 7, 27, 8, 0)
BASELINE_PLAN_SCALE = 0.9
DAY_HOURS = 8
# Planned durations below are multiplied by this: metro packages run three to four years.
SCALE = 1.45
# Contract completion against the current finish, in days: negative = late (negative float on the critical path).
MARGINS = {"C1-V01": 30, "C2-V01": 12, "C2-V02": -40, "C1-UG01": -20}

PACKAGES_VIA = [
    ("C1-V01", "Viaduct and 6 elevated stations, Airport to Riverside",
     ["International Airport", "Cargo Terminal", "Aerocity", "Tech Park", "University", "Riverside"], 0.0, 9.8),
    ("C2-V01", "Viaduct and 5 elevated stations, Northgate to Central",
     ["Northgate", "Lake View", "Civil Lines", "Stadium", "Central Station (Green Line)"], 0.0, 8.6),
    ("C2-V02", "Viaduct and 5 elevated stations, Central to Southfield",
     ["Textile Mills", "Industrial Estate", "Southfield"], 8.6, 18.12),
]
UG_STATIONS = ["Old Fort", "Market Square", "Central Station"]


class Programme:
    def __init__(self, short_name, name, proj_id, wbs_root_id):
        self.short_name, self.name, self.proj_id = short_name, name, proj_id
        self.wbs = []  # (wbs_id, parent_id, code, name, seq, proj_node)
        self.tasks = []  # dicts
        self.preds = []  # (succ, pred, type, lag_days)
        self.next_wbs = wbs_root_id
        self.root = self.add_wbs(None, short_name, name, proj_node=True)
        self.counter = {}

    def add_wbs(self, parent, code, name, proj_node=False):
        self.next_wbs += 1
        self.wbs.append((self.next_wbs, parent, code, name, len(self.wbs) * 10, proj_node))
        return self.next_wbs

    def task(self, wbs, prefix, name, days, kind="TT_Task", package=None, slip=1.0):
        days = round(days * SCALE)
        n = self.counter.get(prefix, 1000)
        self.counter[prefix] = n + 10
        t = {"code": f"{prefix}{n}", "name": name, "wbs": wbs, "days": days, "kind": kind,
             "package": package, "actual_days": round(days * slip), "index": len(self.tasks)}
        self.tasks.append(t)
        return t

    def link(self, pred, succ, kind="FS", lag=0):
        self.preds.append((succ, pred, kind, lag))


def cpm(prog, durations, finish_limits):
    """Early and late start/finish (days from START) of every task, for the given durations."""
    es, ef = {}, {}
    by_succ = {}
    by_pred = {}
    for succ, pred, kind, lag in prog.preds:
        by_succ.setdefault(succ["index"], []).append((pred, kind, lag))
        by_pred.setdefault(pred["index"], []).append((succ, kind, lag))
    for t in prog.tasks:  # tasks are created after their predecessors
        i = t["index"]
        start = t.get("not_before", 0)
        for pred, kind, lag in by_succ.get(i, []):
            j = pred["index"]
            start = max(start, (ef[j] if kind == "FS" else es[j]) + lag)
        es[i], ef[i] = start, start + durations[i]
    ls, lf = {}, {}
    for t in reversed(prog.tasks):
        i = t["index"]
        finish = finish_limits.get(t.get("limit"), max(ef.values()))
        for succ, kind, lag in by_pred.get(i, []):
            j = succ["index"]
            finish = min(finish, ls[j] - lag if kind == "FS" else ls[j] - lag + durations[i])
        lf[i], ls[i] = finish, finish - durations[i]
    return es, ef, ls, lf


def at(days, end=False):
    """The date `days` after START: a start at 08:00, or (end) the finish at 17:00 of the day before."""
    moment = START + dt.timedelta(days=days)
    if end:
        moment = moment - dt.timedelta(days=1) + dt.timedelta(hours=9)
    return moment.strftime("%Y-%m-%d %H:%M")


def ends(start, finish):
    """The finish of an activity from `start` to `finish` days: a milestone finishes when it starts."""
    return at(finish, finish > start)


def build_viaduct():
    prog = Programme("MML3-VIA", "Metro Line 3 - Viaduct and elevated stations", 7101, 81000)
    for p_index, (code, name, stations, km_from, km_to) in enumerate(PACKAGES_VIA):
        pkg = prog.add_wbs(prog.root, code, f"{code} {name}")
        pre = code.replace("-", "")
        late = 1.25 if code == "C2-V02" else 1.0
        mob = prog.add_wbs(pkg, "MOB", "Mobilisation and design")
        ntp = prog.task(mob, pre, f"{code} Notice to proceed", 0, "TT_Mile", code)
        ntp["not_before"] = 20 * p_index
        site = prog.task(mob, pre, "Site establishment and casting yard", 60, package=code)
        design = prog.task(mob, pre, "Foundation and substructure design approval", 75, package=code)
        prog.link(ntp, site)
        prog.link(ntp, design)
        yard = prog.task(mob, pre, "Segment casting yard commissioning", 45, package=code)
        prog.link(site, yard)
        stretches = 3
        length = km_to - km_from
        last_launch = None
        launches = []
        for s in range(stretches):
            a = km_from + length * s / stretches
            b = km_from + length * (s + 1) / stretches
            st = prog.add_wbs(pkg, f"VIA-{s + 1}", f"Viaduct stretch {s + 1}, Ch {a:.3f} to {b:.3f} km")
            prev_piling = None
            caps_done = []
            for g in range(3):
                first_pier = s * 90 + g * 30 + 1
                grp = prog.add_wbs(st, f"P{first_pier:03d}", f"Piers P{first_pier:03d} to P{first_pier + 29:03d}")
                slip = late if s > 0 else 1.0
                piling = prog.task(grp, pre, f"Piling P{first_pier:03d}-P{first_pier + 29:03d}", 70, package=code, slip=1.1 * slip)
                caps = prog.task(grp, pre, f"Pile caps P{first_pier:03d}-P{first_pier + 29:03d}", 60, package=code, slip=slip)
                piers = prog.task(grp, pre, f"Pier shafts P{first_pier:03d}-P{first_pier + 29:03d}", 65, package=code, slip=slip)
                pcaps = prog.task(grp, pre, f"Pier caps P{first_pier:03d}-P{first_pier + 29:03d}", 60, package=code, slip=slip)
                bearings = prog.task(grp, pre, f"Bearings and pedestals P{first_pier:03d}-P{first_pier + 29:03d}", 25, package=code)
                prog.link(design if prev_piling is None else prev_piling, piling, "FS" if prev_piling is None else "SS", 0 if prev_piling is None else 45)
                prog.link(site, piling)
                prog.link(piling, caps, "SS", 15)
                prog.link(caps, piers, "SS", 12)
                prog.link(piers, pcaps, "SS", 20)
                prog.link(pcaps, bearings, "FS", 5)
                prev_piling = piling
                caps_done.append(bearings)
            seg = prog.add_wbs(st, "SEG", "Segments and span erection")
            casting = prog.task(seg, pre, f"Segment casting, stretch {s + 1}", 150, package=code)
            prog.link(yard, casting, "FS", 0 if s == 0 else 30 * s)
            launch = prog.task(seg, pre, f"Launching girder erection, stretch {s + 1}", 20, package=code)
            prog.link(caps_done[0], launch, "FS", 0)
            if last_launch is not None:
                prog.link(last_launch, launch, "FS", 10)
            spans = prog.task(seg, pre, f"Span launching and stitching, stretch {s + 1}", 140, package=code, slip=late)
            prog.link(launch, spans)
            prog.link(casting, spans, "SS", 40)
            for done in caps_done[1:]:
                prog.link(done, spans, "SS", 0)
            parapet = prog.task(seg, pre, f"Parapets, crash barrier and drainage, stretch {s + 1}", 60, package=code)
            prog.link(spans, parapet, "SS", 30)
            complete = prog.task(seg, pre, f"Viaduct stretch {s + 1} structurally complete", 0, "TT_FinMile", code)
            prog.link(parapet, complete)
            prog.link(spans, complete)
            last_launch = spans
            launches.append(complete)
        stn_wbs = prog.add_wbs(pkg, "STN", "Elevated stations")
        station_done = []
        for k, station in enumerate(stations):
            sw = prog.add_wbs(stn_wbs, f"STN-{k + 1:02d}", f"{station} station")
            steps = [("Station foundations", 60), ("Columns and portal beams", 70), ("Concourse slab", 55),
                     ("Platform slab", 50), ("Roof steel structure and sheeting", 60),
                     ("Architectural finishes", 90), ("E&M services", 100), ("Lifts and escalators", 60)]
            prev = None
            first = None
            for label, days in steps:
                t = prog.task(sw, pre, f"{label}, {station}", days, package=code, slip=late)
                if prev is None:
                    prog.link(design, t, "FS", 30 * k)
                    first = t
                elif label in ("E&M services", "Lifts and escalators"):
                    prog.link(prev, t, "SS", 30)
                else:
                    prog.link(prev, t, "FS", 5)
                prev = t
            done = prog.task(sw, pre, f"{station} station ready for systems", 0, "TT_FinMile", code)
            prog.link(prev, done)
            station_done.append(done)
        trk = prog.add_wbs(pkg, "TRK", "Track and third rail")
        plinth = prog.task(trk, pre, "Track plinth casting", 90, package=code)
        for c in launches:
            prog.link(c, plinth, "FS", 0)
        rail = prog.task(trk, pre, "Rail laying and welding", 80, package=code)
        prog.link(plinth, rail, "SS", 30)
        third = prog.task(trk, pre, "Third rail installation", 60, package=code)
        prog.link(rail, third, "SS", 25)
        sysw = prog.add_wbs(pkg, "SYS", "Systems integration and testing")
        sig = prog.task(sysw, pre, "Signalling and telecom installation", 90, package=code)
        prog.link(third, sig, "SS", 20)
        for d in station_done:
            prog.link(d, sig, "FS", 0)
        tests = prog.task(sysw, pre, "Integrated testing and commissioning", 60, package=code)
        prog.link(sig, tests)
        prog.link(third, tests)
        handover = prog.task(sysw, pre, f"{code} Substantial completion", 0, "TT_FinMile", code)
        handover["limit"] = code
        prog.link(tests, handover)
    return prog


def build_underground():
    prog = Programme("MML3-UG", "Metro Line 3 - Underground section", 7102, 82000)
    code = "C1-UG01"
    pre = "C1UG"
    pkg = prog.add_wbs(prog.root, code, f"{code} Underground section, Riverside to Central Station")
    mob = prog.add_wbs(pkg, "MOB", "Mobilisation and design")
    ntp = prog.task(mob, pre, f"{code} Notice to proceed", 0, "TT_Mile", code)
    utilities = prog.task(mob, pre, "Utility diversions and traffic management", 120, package=code)
    design = prog.task(mob, pre, "Station box and tunnel design approval", 90, package=code)
    prog.link(ntp, utilities)
    prog.link(ntp, design)
    boxes = []
    stw = prog.add_wbs(pkg, "STN", "Underground stations")
    for k, station in enumerate(UG_STATIONS):
        sw = prog.add_wbs(stw, f"UGS-{k + 1:02d}", f"{station} station (cut and cover)")
        steps = [("Guide walls and D-wall panels", 150, 1.15), ("Plunge columns", 45, 1.0),
                 ("Roof slab (top-down)", 60, 1.1), ("Excavation to concourse level", 90, 1.2),
                 ("Concourse slab", 60, 1.1), ("Excavation to base", 100, 1.25), ("Base slab", 55, 1.0),
                 ("Internal structures and stairs", 90, 1.0), ("Architectural finishes", 120, 1.0),
                 ("E&M, tunnel ventilation and fire systems", 150, 1.0), ("Entrances and reinstatement", 90, 1.0)]
        prev = None
        for label, days, slip in steps:
            t = prog.task(sw, pre, f"{label}, {station}", days, package=code, slip=slip)
            if prev is None:
                prog.link(utilities, t, "SS", 60 + 30 * k)
                prog.link(design, t, "FS", 0)
            elif label.startswith("E&M"):
                prog.link(prev, t, "SS", 40)
            elif label.startswith("Excavation") or label.startswith("Plunge"):
                prog.link(prev, t, "SS", 30)
            else:
                prog.link(prev, t, "FS", 7)
            prev = t
            if label == "Base slab":
                boxes.append(t)
        done = prog.task(sw, pre, f"{station} station box complete", 0, "TT_FinMile", code)
        prog.link(prev, done)
    tun = prog.add_wbs(pkg, "TUN", "Bored tunnels")
    drives_done = []
    for d, (a, b) in enumerate([("Riverside portal", "Old Fort"), ("Old Fort", "Market Square"),
                                ("Market Square", "Central Station")]):
        for line in ("UP", "DN"):
            dw = prog.add_wbs(tun, f"TBM-{d + 1}{line[0]}", f"TBM drive {d + 1} {line} line, {a} to {b}")
            assemble = prog.task(dw, pre, f"TBM assembly and launch, drive {d + 1} {line}", 45, package=code)
            prog.link(boxes[max(0, d - 1)] if d > 0 else design, assemble, "FS", 30 if line == "DN" else 0)
            bore = prog.task(dw, pre, f"Tunnel boring and ring building, drive {d + 1} {line}", 160, package=code, slip=1.2)
            prog.link(assemble, bore)
            through = prog.task(dw, pre, f"TBM breakthrough at {b}, drive {d + 1} {line}", 0, "TT_Mile", code)
            prog.link(bore, through)
            cross = prog.task(dw, pre, f"Cross passages, drive {d + 1} {line}", 60, package=code)
            prog.link(bore, cross, "SS", 90)
            drives_done.append(through)
    trk = prog.add_wbs(pkg, "TRK", "Track and systems")
    plinth = prog.task(trk, pre, "Track plinth in tunnels", 100, package=code)
    for t in drives_done:
        prog.link(t, plinth)
    rail = prog.task(trk, pre, "Rail laying, welding and third rail", 90, package=code)
    prog.link(plinth, rail, "SS", 40)
    tests = prog.task(trk, pre, "Integrated testing and commissioning", 75, package=code)
    prog.link(rail, tests)
    handover = prog.task(trk, pre, f"{code} Substantial completion", 0, "TT_FinMile", code)
    handover["limit"] = code
    prog.link(tests, handover)
    return prog


def limits(prog):
    """Each package's contract completion (days from START): its current finish moved by its margin."""
    current = [t["actual_days"] if t["kind"] == "TT_Task" else 0 for t in prog.tasks]
    _, ef, _, _ = cpm(prog, current, {})
    return {t["limit"]: ef[t["index"]] + MARGINS[t["limit"]] for t in prog.tasks if t.get("limit")}


def rows(prog, limits, data_date, plan_scale):
    planned = [round(t["days"] * plan_scale) for t in prog.tasks]
    current = [t["actual_days"] if t["kind"] == "TT_Task" else 0 for t in prog.tasks]
    pes, pef, _, _ = cpm(prog, planned, {})
    ces, cef, cls, clf = cpm(prog, current, limits)
    dd = (data_date - START).days
    out = []
    for t in prog.tasks:
        i = t["index"]
        start, finish = ces[i], cef[i]
        rec = dict(t)
        rec.update(target_start=at(pes[i]), target_end=ends(pes[i], pef[i]), target_hr=planned[i] * DAY_HOURS,
                   float_hr=(cls[i] - ces[i]) * DAY_HOURS)
        if finish <= dd and (finish > start or start < dd):
            rec.update(status="TK_Complete", act_start=at(start), act_end=ends(start, finish), remain_hr=0,
                       early_start=at(start), early_end=ends(start, finish), late_start=at(start),
                       late_end=ends(start, finish), float_hr=0)
        elif start < dd:
            remain = finish - dd
            rec.update(status="TK_Active", act_start=at(start), act_end="", remain_hr=remain * DAY_HOURS,
                       early_start=at(dd), early_end=ends(dd, finish), late_start=at(cls[i] + (dd - start)),
                       late_end=ends(cls[i], clf[i]))
        else:
            rec.update(status="TK_NotStart", act_start="", act_end="", remain_hr=current[i] * DAY_HOURS,
                       early_start=at(start), early_end=ends(start, finish), late_start=at(cls[i]),
                       late_end=ends(cls[i], clf[i]))
        out.append(rec)
    return out


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "sql/seed"
    write(f"{folder}/demo_programme_baseline.xer", BASELINE_DATA_DATE, BASELINE_PLAN_SCALE)
    write(f"{folder}/demo_programme.xer", DATA_DATE, 1.0)


def write(output, data_date, plan_scale):
    via, ug = build_viaduct(), build_underground()
    limits_via, limits_ug = limits(via), limits(ug)
    exported = (data_date + dt.timedelta(days=1)).strftime("%Y-%m-%d")
    lines = [f"ERMHDR\t19.12\t{exported}\tProject\tplanner\tPMC Planning\tdbxDatabaseNoName\tProject Management\tINR"]

    def table(name, fields, records):
        lines.append(f"%T\t{name}")
        lines.append("%F\t" + "\t".join(fields))
        for r in records:
            lines.append("%R\t" + "\t".join(str(v) for v in r))

    cal_id = 9001
    table("CALENDAR", ["clndr_id", "default_flag", "clndr_name", "proj_id", "base_clndr_id", "last_chng_date",
                       "clndr_type", "day_hr_cnt", "week_hr_cnt", "month_hr_cnt", "year_hr_cnt", "rsrc_private",
                       "clndr_data"],
          [[cal_id, "Y", "Metro 7-day, 8 hours", "", "", "2025-01-01 00:00", "CA_Base", 8, 56, 240, 2920, "N",
            "(0||CalendarData()((0||DaysOfWeek()((0||1()((0||0(s|08:00|f|17:00)())))(0||2()((0||0(s|08:00|f|17:00)())))"
            "(0||3()((0||0(s|08:00|f|17:00)())))(0||4()((0||0(s|08:00|f|17:00)())))(0||5()((0||0(s|08:00|f|17:00)())))"
            "(0||6()((0||0(s|08:00|f|17:00)())))(0||7()((0||0(s|08:00|f|17:00)())))))))"]])
    progs = [(via, limits_via), (ug, limits_ug)]
    all_rows = [(p, rows(p, lim, data_date, plan_scale)) for p, lim in progs]
    project_rows = []
    for p, rs in all_rows:
        plan_end = max(r["target_end"] for r in rs)
        project_rows.append([p.proj_id, p.short_name, cal_id, data_date.strftime("%Y-%m-%d %H:%M"),
                             START.strftime("%Y-%m-%d %H:%M"), plan_end, "TT_Task"])
    table("PROJECT", ["proj_id", "proj_short_name", "clndr_id", "last_recalc_date", "plan_start_date",
                      "plan_end_date", "def_task_type"], project_rows)
    # Activity codes: the package of every activity (a code type named "Package"), as planners keep it in P6.
    codes = ["C1-V01", "C2-V01", "C2-V02", "C1-UG01"]
    table("ACTVTYPE", ["actv_code_type_id", "actv_short_len", "seq_num", "actv_code_type", "proj_id", "wbs_id",
                       "actv_code_type_scope"], [[501, 10, 10, "Package", "", "", "AS_Global"]])
    table("ACTVCODE", ["actv_code_id", "parent_actv_code_id", "actv_code_type_id", "actv_code_name", "short_name",
                       "seq_num", "color"], [[6000 + n, "", 501, f"Package {c}", c, n * 10, ""] for n, c in enumerate(codes)])
    wbs_rows = []
    for p, _ in all_rows:
        for wbs_id, parent, code, name, seq, node in p.wbs:
            wbs_rows.append([wbs_id, p.proj_id, seq, "Y" if node else "N", code, name, parent if parent else 70000])
    table("PROJWBS", ["wbs_id", "proj_id", "seq_num", "proj_node_flag", "wbs_short_name", "wbs_name",
                      "parent_wbs_id"], wbs_rows)
    task_rows, taskactv = [], []
    task_id = 300000
    ids = {}
    for p, rs in all_rows:
        for r in rs:
            task_id += 1
            ids[(p.short_name, r["index"])] = task_id
            task_rows.append([task_id, p.proj_id, r["wbs"], cal_id, "CP_Drtn", r["kind"], "DT_FixedDUR2",
                              r["status"], r["code"], r["name"], r["float_hr"], r["remain_hr"], r["target_hr"],
                              r["act_start"], r["act_end"], r["late_start"], r["late_end"], r["early_start"],
                              r["early_end"], r["target_start"], r["target_end"]])
            if r["package"]:
                taskactv.append([task_id, 501, 6000 + codes.index(r["package"]), p.proj_id])
    table("TASK", ["task_id", "proj_id", "wbs_id", "clndr_id", "complete_pct_type", "task_type", "duration_type",
                   "status_code", "task_code", "task_name", "total_float_hr_cnt", "remain_drtn_hr_cnt",
                   "target_drtn_hr_cnt", "act_start_date", "act_end_date", "late_start_date", "late_end_date",
                   "early_start_date", "early_end_date", "target_start_date", "target_end_date"], task_rows)
    pred_rows = []
    pred_id = 900000
    for p, _ in all_rows:
        for succ, pred, kind, lag in p.preds:
            pred_id += 1
            pred_rows.append([pred_id, ids[(p.short_name, succ["index"])], ids[(p.short_name, pred["index"])],
                              p.proj_id, p.proj_id, f"PR_{kind}", lag * DAY_HOURS])
    table("TASKPRED", ["task_pred_id", "task_id", "pred_task_id", "proj_id", "pred_proj_id", "pred_type",
                       "lag_hr_cnt"], pred_rows)
    table("TASKACTV", ["task_id", "actv_code_type_id", "actv_code_id", "proj_id"], taskactv)
    lines.append("%E")
    with open(output, "w", encoding="utf-8", newline="") as f:
        f.write("\r\n".join(lines) + "\r\n")
    print(output)
    for p, rs in all_rows:
        print(" ", p.short_name, "activities", len(rs), "milestones", sum(r["kind"] != "TT_Task" for r in rs),
              "wbs", len(p.wbs), "relationships", len(p.preds),
              "complete", sum(r["status"] == "TK_Complete" for r in rs),
              "active", sum(r["status"] == "TK_Active" for r in rs),
              "negative float", sum(r["float_hr"] < 0 for r in rs))


if __name__ == "__main__":
    main()
