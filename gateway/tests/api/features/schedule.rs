//! The P6 XER importer and the schedule API against the real PostgreSQL: the public samples import (the malformed
//! one with a warning), golden values of PredecessorCalendar.xer, a generated programme of 2 × 2,500 activities
//! imported and re-imported as an update (baseline, removed), refusals that store nothing, permissions.

use std::time::Instant;

use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::helpers::{spawn_seeded_app, spawn_seeded_app_with, TestApp};

macro_rules! fixture {
    ($name:literal) => {
        include_bytes!(concat!("../../fixtures/xer/", $name)).as_slice()
    };
}

/// Uploads an XER file as `app`; the status and the JSON answer.
pub(crate) async fn import(app: &TestApp, name: &str, bytes: &[u8]) -> (u16, Value) {
    let form = Form::new().part(
        "file",
        Part::bytes(bytes.to_vec()).file_name(name.to_owned()),
    );
    let response = app
        .post("/api/import/xer")
        .multipart(form)
        .send()
        .await
        .expect("upload");
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    (
        status,
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}")),
    )
}

async fn planner(app: &TestApp) -> TestApp {
    let token = app.sign_in("planner", "Planner@123").await;
    app.with_token(&token)
}

fn project<'a>(summary: &'a Value, short_name: &str) -> &'a Value {
    summary["projects"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["short_name"] == short_name))
        .unwrap_or_else(|| panic!("{short_name} in {summary}"))
}

#[tokio::test]
async fn public_samples_import_with_golden_values() {
    let app = spawn_seeded_app().await;
    let planner = planner(&app).await;
    let (status, summary) = import(
        &planner,
        "PredecessorCalendar.xer",
        fixture!("PredecessorCalendar.xer"),
    )
    .await;
    assert_eq!(status, 200, "{summary}");
    let test = project(&summary, "TEST PROJECT");
    assert_eq!(test["name"], "TEST PROJECT");
    assert_eq!(
        (
            test["activities"].as_i64(),
            test["milestones"].as_i64(),
            test["wbs"].as_i64()
        ),
        (Some(1), Some(0), Some(1))
    );
    assert_eq!(test["data_date"], "2019-10-02T00:00:00");
    assert_eq!(test["updated"], false);
    let (status, detail) = planner
        .get_json(&format!("/api/schedule/projects/{}", test["id"]))
        .await;
    assert_eq!(status, 200, "{detail}");
    let activity = &detail["activities"][0];
    assert_eq!(activity["code"], "A1000");
    assert_eq!(activity["status"], "TK_Complete");
    assert_eq!(activity["planned_start"], "2019-06-10T08:00:00");
    assert_eq!(activity["planned_finish"], "2019-06-12T17:00:00");
    assert_eq!(activity["actual_start"], "2019-06-10T08:00:00");
    assert_eq!(activity["actual_finish"], "2019-06-12T17:00:00");
    assert_eq!(activity["late_finish"], "2020-12-30T08:00:00");
    assert_eq!(activity["duration_days"].as_f64(), Some(3.0));
    assert_eq!(activity["remaining_days"].as_f64(), Some(0.0));
    assert_eq!(activity["total_float_days"], Value::Null);
    assert_eq!(activity["pct_complete"].as_f64(), Some(100.0));
    assert_eq!(activity["critical"], false);

    let (status, summary) = import(&planner, "invalid-8.4.xer", fixture!("invalid-8.4.xer")).await;
    assert_eq!(status, 200, "{summary}");
    assert_eq!(project(&summary, "EC00640")["activities"], 12);
    assert_eq!(summary["warnings"][0]["line"], 33, "{summary}");
    assert!(summary["warnings"][0]["message"]
        .as_str()
        .is_some_and(|m| m.contains("malformed")));

    let (status, summary) = import(
        &planner,
        "resource-rates-test.xer",
        fixture!("resource-rates-test.xer"),
    )
    .await;
    assert_eq!(status, 200, "{summary}");
    let assignments = app.count("SELECT count(*) FROM p6_assignment s JOIN p6_activity a ON a.id = s.n_activity JOIN p6_project p ON p.id = a.n_project WHERE p.c_short_name = 'NEWPROJ'").await;
    assert!(assignments > 0);

    let (status, imports) = planner.get_json("/api/schedule/imports").await;
    assert_eq!(status, 200);
    assert_eq!(imports[0]["file_name"], "resource-rates-test.xer");
    assert_eq!(imports[1]["warnings"][0]["line"], 33);
    assert_eq!(
        app.count(
            "SELECT count(*) FROM audit_log WHERE c_entry = 'p6_import' AND c_action = 'import'"
        )
        .await,
        app.count("SELECT count(*) FROM p6_import").await
    );
}

/// Days since 1970-01-01 as "YYYY-MM-DD" (H. Hinnant's civil_from_days).
fn day(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Two projects of `count` activities each (every 25th a milestone), 50 WBS groups under a package node, a chain
/// of FS relationships. The `update` variant: other `*_id` numbers, planned dates a week later, activity 17
/// removed, a new one added.
fn generated(count: usize, update: bool) -> String {
    const START: i64 = 20_458; // 2026-01-05
    let ids = if update { 500_000 } else { 0 };
    let shift = if update { 7 } else { 0 };
    let mut out = vec!["ERMHDR\t19.12\t2026-10-27\tProject\tplanner".to_owned()];
    out.push("%T\tCALENDAR\n%F\tclndr_id\tclndr_name\tproj_id\tday_hr_cnt".to_owned());
    out.push(format!("%R\t{}\tStandard 8h\t\t8", ids + 1));
    out.push(
        "%T\tPROJECT\n%F\tproj_id\tproj_short_name\tlast_recalc_date\tplan_start_date".to_owned(),
    );
    let projects = [("GEN-VIA", "C1-V01"), ("GEN-UG", "C1-UG01")];
    for (p, (name, _)) in projects.iter().enumerate() {
        out.push(format!(
            "%R\t{}\t{name}\t2026-10-26 08:00\t2026-01-05 08:00",
            ids + 10 + p
        ));
    }
    out.push("%T\tPROJWBS\n%F\twbs_id\tproj_id\tseq_num\tproj_node_flag\twbs_short_name\twbs_name\tparent_wbs_id".to_owned());
    for (p, (name, package)) in projects.iter().enumerate() {
        let base = ids + 1000 * (p + 1);
        out.push(format!(
            "%R\t{base}\t{}\t0\tY\t{name}\t{name} programme\t1",
            ids + 10 + p
        ));
        out.push(format!(
            "%R\t{}\t{}\t1\tN\t{package}\tPackage {package}\t{base}",
            base + 1,
            ids + 10 + p
        ));
        for g in 0..50 {
            out.push(format!(
                "%R\t{}\t{}\t{}\tN\tG{g:02}\tGroup {g}\t{}",
                base + 2 + g,
                ids + 10 + p,
                g + 2,
                base + 1
            ));
        }
    }
    out.push("%T\tTASK\n%F\ttask_id\tproj_id\twbs_id\tclndr_id\ttask_type\tstatus_code\ttask_code\ttask_name\ttarget_drtn_hr_cnt\tremain_drtn_hr_cnt\ttotal_float_hr_cnt\ttarget_start_date\ttarget_end_date".to_owned());
    let mut codes: Vec<Vec<usize>> = Vec::new();
    for (p, _) in projects.iter().enumerate() {
        let mut kept = Vec::new();
        let numbers: Box<dyn Iterator<Item = usize>> = if update {
            Box::new(
                (0..count)
                    .filter(|&i| i != 17)
                    .chain(std::iter::once(9_999)),
            )
        } else {
            Box::new(0..count)
        };
        for i in numbers {
            let milestone = i % 25 == 0;
            let start = START + (i as i64 % 700) + shift;
            let days = if milestone { 0 } else { 5 + (i as i64 % 20) };
            out.push(format!(
                "%R\t{}\t{}\t{}\t{}\t{}\tTK_NotStart\tA{i:05}\tActivity {i}\t{h}\t{h}\t{f}\t{} 08:00\t{} 17:00",
                ids + 100_000 * (p + 1) + i,
                ids + 10 + p,
                ids + 1000 * (p + 1) + 2 + i % 50,
                ids + 1,
                if milestone { "TT_Mile" } else { "TT_Task" },
                day(start),
                day(start + days),
                h = days * 8,
                f = (i as i64 % 7 - 2) * 8,
            ));
            kept.push(i);
        }
        codes.push(kept);
    }
    out.push("%T\tTASKPRED\n%F\ttask_pred_id\ttask_id\tpred_task_id\tproj_id\tpred_proj_id\tpred_type\tlag_hr_cnt".to_owned());
    let mut n = ids;
    for (p, kept) in codes.iter().enumerate() {
        for pair in kept.windows(2) {
            n += 1;
            let task = |i: usize| ids + 100_000 * (p + 1) + i;
            out.push(format!(
                "%R\t{n}\t{}\t{}\t{}\t{}\tPR_{}\t{}",
                task(pair[1]),
                task(pair[0]),
                ids + 10 + p,
                ids + 10 + p,
                if n % 3 == 0 { "SS" } else { "FS" },
                (n % 4) * 8
            ));
        }
    }
    out.push("%E".to_owned());
    out.join("\r\n")
}

#[tokio::test]
async fn generated_programme_imports_then_reimports_as_an_update() {
    let app = spawn_seeded_app().await;
    let planner = planner(&app).await;
    let first = generated(2_500, false);
    let started = Instant::now();
    let (status, summary) = import(&planner, "generated.xer", first.as_bytes()).await;
    let took = started.elapsed();
    assert_eq!(status, 200, "{summary}");
    let first_import = summary["import"].clone();
    println!(
        "import of 2 × 2,500 activities ({} bytes): {took:?}",
        first.len()
    );
    for name in ["GEN-VIA", "GEN-UG"] {
        let p = project(&summary, name);
        assert_eq!(
            (
                p["activities"].as_i64(),
                p["milestones"].as_i64(),
                p["wbs"].as_i64(),
                p["updated"].as_bool(),
                p["removed"].as_i64()
            ),
            (Some(2_500), Some(100), Some(52), Some(false), Some(0)),
            "{name}"
        );
    }
    assert_eq!(summary["relationships"], 2 * 2_499);
    assert_eq!(summary["warnings"], serde_json::json!([]));
    let via = project(&summary, "GEN-VIA")["id"].as_i64().expect("id");
    let packaged = app.count(&format!("SELECT count(*) FROM p6_activity a JOIN package k ON k.id = a.n_package WHERE a.n_project = {via} AND k.c_code = 'C1-V01'")).await;
    assert_eq!(
        packaged, 2_500,
        "every activity under the C1-V01 WBS node is the package's"
    );

    let started = Instant::now();
    let (status, detail) = planner
        .get_json(&format!("/api/schedule/projects/{via}"))
        .await;
    println!(
        "GET /api/schedule/projects/{{id}} of 2,500 activities: {:?}",
        started.elapsed()
    );
    assert_eq!(status, 200);
    assert_eq!(detail["activities"].as_array().map(Vec::len), Some(2_500));
    assert_eq!(detail["wbs"].as_array().map(Vec::len), Some(52));
    assert_eq!(
        detail["relationships"].as_array().map(Vec::len),
        Some(2_499)
    );
    let package = app
        .count("SELECT id FROM package WHERE c_code = 'C1-V01'")
        .await;
    let (_, filtered) = planner
        .get_json(&format!("/api/schedule/projects/{via}?package={package}"))
        .await;
    assert_eq!(filtered["activities"].as_array().map(Vec::len), Some(2_500));
    let other = app
        .count("SELECT id FROM package WHERE c_code = 'C2-V01'")
        .await;
    let (_, empty) = planner
        .get_json(&format!("/api/schedule/projects/{via}?package={other}"))
        .await;
    assert_eq!(empty["activities"], serde_json::json!([]));
    assert_eq!(empty["relationships"], serde_json::json!([]));

    let first_a1 = detail["activities"]
        .as_array()
        .and_then(|a| a.iter().find(|a| a["code"] == "A00001"))
        .cloned()
        .expect("A00001");
    let started = Instant::now();
    let (status, summary) = import(
        &planner,
        "generated-update.xer",
        generated(2_500, true).as_bytes(),
    )
    .await;
    println!("re-import of 2 × 2,500 activities: {:?}", started.elapsed());
    assert_eq!(status, 200, "{summary}");
    for name in ["GEN-VIA", "GEN-UG"] {
        let p = project(&summary, name);
        assert_eq!(
            (
                p["activities"].as_i64(),
                p["updated"].as_bool(),
                p["removed"].as_i64()
            ),
            (Some(2_500), Some(true), Some(1)),
            "{name}"
        );
    }
    assert_eq!(
        project(&summary, "GEN-VIA")["id"].as_i64(),
        Some(via),
        "matched on the short name"
    );
    assert_eq!(summary["relationships"], 2 * 2_499);
    let (_, detail) = planner
        .get_json(&format!("/api/schedule/projects/{via}"))
        .await;
    assert_eq!(detail["project"]["import"], summary["import"]);
    assert_eq!(
        detail["project"]["baseline_import"], first_import,
        "the previous import is the baseline"
    );
    let activities = detail["activities"].as_array().expect("activities");
    let a1 = activities
        .iter()
        .find(|a| a["code"] == "A00001")
        .expect("A00001");
    assert_eq!(
        a1["id"], first_a1["id"],
        "the same row, matched on the code"
    );
    assert_eq!(a1["baseline_start"], first_a1["planned_start"]);
    assert_eq!(a1["baseline_finish"], first_a1["planned_finish"]);
    assert_ne!(a1["planned_start"], first_a1["planned_start"]);
    // Worked by hand: A00001 was planned START+1 → START+7 (6 days) and is now START+8 → START+14 (the update moves
    // every activity 7 days later, same duration). P6's variances are baseline minus current: start and finish
    // -7 calendar days (late), duration 0 working days.
    assert_eq!(
        (
            a1["start_variance_days"].as_i64(),
            a1["finish_variance_days"].as_i64(),
            a1["duration_variance_days"].as_f64()
        ),
        (Some(-7), Some(-7), Some(0.0))
    );
    assert!(activities.iter().all(|a| a["code"] != "A00017"), "removed");
    let added = activities
        .iter()
        .find(|a| a["code"] == "A09999")
        .expect("added");
    assert_eq!(added["baseline_start"], Value::Null);
    assert_eq!(
        added["finish_variance_days"],
        Value::Null,
        "no baseline, no variance"
    );
}

#[tokio::test]
async fn refused_files_store_nothing_and_permissions_hold() {
    let app = spawn_seeded_app().await;
    let planner = planner(&app).await;
    let before = app.count("SELECT count(*) FROM p6_import").await;
    let activities = app.count("SELECT count(*) FROM p6_activity").await;
    for (name, bytes, status, line) in [
        (
            "not-xer.xer",
            fixture!("not-xer.xer"),
            422,
            "line 1: not a Primavera P6 XER file",
        ),
        (
            "row-before-fields.xer",
            fixture!("row-before-fields.xer"),
            422,
            "line 3:",
        ),
        (
            "too-many-fields.xer",
            fixture!("too-many-fields.xer"),
            422,
            "line 15:",
        ),
        (
            "bad-date.xer",
            fixture!("bad-date.xer"),
            422,
            "line 18, TASK.target_start_date: '2015-13-01 08:00' is not a date",
        ),
        ("empty.xer", b"".as_slice(), 400, "empty"),
    ] {
        let (got, body) = import(&planner, name, bytes).await;
        assert_eq!(got, status, "{name}: {body}");
        assert!(
            body["message"].as_str().is_some_and(|m| m.contains(line)),
            "{name}: {body}"
        );
    }
    assert_eq!(app.count("SELECT count(*) FROM p6_import").await, before);
    assert_eq!(
        app.count("SELECT count(*) FROM p6_activity").await,
        activities
    );

    let (status, summary) = import(
        &planner,
        "missing-predecessor.xer",
        fixture!("missing-predecessor.xer"),
    )
    .await;
    assert_eq!(status, 200, "{summary}");
    assert_eq!(summary["relationships"], 2);
    assert_eq!(summary["warnings"][0]["line"], 22, "{summary}");

    for (user, password) in [("viewer", "Viewer@123"), ("contractor", "Contractor@123")] {
        let token = app.sign_in(user, password).await;
        let caller = app.with_token(&token);
        let (status, body) = import(&caller, "small.xer", fixture!("small.xer")).await;
        assert_eq!(status, 403, "{user}: {body}");
    }
    let token = app.sign_in("viewer", "Viewer@123").await;
    let (status, _) = app
        .with_token(&token)
        .get_json("/api/schedule/projects")
        .await;
    assert_eq!(status, 403);
    let token = app.sign_in("contractor", "Contractor@123").await;
    let (status, projects) = app
        .with_token(&token)
        .get_json("/api/schedule/projects")
        .await;
    assert_eq!(status, 200, "contractors read the timeline");
    assert!(
        projects
            .as_array()
            .is_some_and(|p| p.iter().any(|p| p["short_name"] == "MML3-VIA")),
        "the demo programme: {projects}"
    );
    let (status, _) = planner.get_json("/api/schedule/projects/987654").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_file_over_the_size_limit_is_413() {
    let app = spawn_seeded_app_with(|settings| settings.files.max_bytes = 1_000).await;
    let planner = planner(&app).await;
    let before = app.count("SELECT count(*) FROM p6_import").await;
    let (status, body) = import(&planner, "small.xer", fixture!("small.xer")).await;
    assert_eq!(status, 413, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("nothing was imported")),
        "{body}"
    );
    assert_eq!(app.count("SELECT count(*) FROM p6_import").await, before);
}
