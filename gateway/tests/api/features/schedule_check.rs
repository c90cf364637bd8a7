//! The schedule quality check (DCMA 14 points, V68; docs/schedule.md "Schedule quality check") of a programme made
//! for it: six activities imported twice (the first import becomes the baseline), every figure of the fourteen
//! checks worked out by hand below and compared with what the database reports, then the findings of one check
//! read as the lines of its record, and a user without the route refused.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::helpers::{spawn_seeded_app, TestApp};

/// The programme "DCMA-T", data date Monday 2 March 2026, one calendar of 8-hour days and 40-hour weeks (5 working
/// days a week). `current`: the export of the data date; otherwise the export of six weeks before, whose planned
/// dates become the baseline.
///
/// | activity | kind, status | planned (current) | float | notes |
/// |---|---|---|---|---|
/// | A1 Mobilise | task, complete | 5–16 Jan | 0 | baseline finish 16 Jan: on time |
/// | A2 Piling | task, complete, finished 13 Feb | 19 Jan–13 Feb | 0 | baseline finish 6 Feb: late |
/// | A3 Pile caps | task, in progress since 16 Feb | 16 Feb–27 Mar, 30 d | −5 d | baseline finish 27 Feb: due, not finished; a resource |
/// | A4 Piers | task, not started | 30 Mar–19 Jun, 60 d | 0 | Start On (CS_MSO) 30 Mar |
/// | A5 Parapets | task, not started | 23 Feb–6 Mar, 10 d | 50 d | forecast start before the data date; no successor |
/// | A6 Ready for trials | finish milestone | 19 Jun | −5 d | no successor (the project's finish) |
///
/// Relationships: A1→A2 FS, A2→A3 FS, A3→A4 SS lag 10 d, A4→A6 FS, A2→A5 FS lead 2 d (lag −2 d).
#[rustfmt::skip]
fn dcma_xer(current: bool) -> String {
    // (code, name, type, status, start, finish, days, remaining, float days, actual start, actual finish, cstr)
    type Row<'a> = (
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        &'a str,
        i64,
        i64,
        i64,
        &'a str,
        &'a str,
        &'a str,
    );
    let rows: Vec<Row> = if current {
        vec![
            ("A1", "Mobilise", "TT_Task", "TK_Complete", "2026-01-05 08:00", "2026-01-16 17:00", 10, 0, 0, "2026-01-05 08:00", "2026-01-16 17:00", ""),
            ("A2", "Piling", "TT_Task", "TK_Complete", "2026-01-19 08:00", "2026-02-13 17:00", 20, 0, 0, "2026-01-19 08:00", "2026-02-13 17:00", ""),
            ("A3", "Pile caps", "TT_Task", "TK_Active", "2026-02-16 08:00", "2026-03-27 17:00", 30, 20, -5, "2026-02-16 08:00", "", ""),
            ("A4", "Piers", "TT_Task", "TK_NotStart", "2026-03-30 08:00", "2026-06-19 17:00", 60, 60, 0, "", "", "CS_MSO"),
            ("A5", "Parapets", "TT_Task", "TK_NotStart", "2026-02-23 08:00", "2026-03-06 17:00", 10, 10, 50, "", "", ""),
            ("A6", "Ready for trials", "TT_FinMile", "TK_NotStart", "2026-06-19 17:00", "2026-06-19 17:00", 0, 0, -5, "", "", ""),
        ]
    } else {
        vec![
            ("A1", "Mobilise", "TT_Task", "TK_NotStart", "2026-01-05 08:00", "2026-01-16 17:00", 10, 10, 0, "", "", ""),
            ("A2", "Piling", "TT_Task", "TK_NotStart", "2026-01-19 08:00", "2026-02-06 17:00", 15, 15, 0, "", "", ""),
            ("A3", "Pile caps", "TT_Task", "TK_NotStart", "2026-02-09 08:00", "2026-02-27 17:00", 15, 15, 0, "", "", ""),
            ("A4", "Piers", "TT_Task", "TK_NotStart", "2026-03-02 08:00", "2026-05-22 17:00", 60, 60, 0, "", "", ""),
            ("A5", "Parapets", "TT_Task", "TK_NotStart", "2026-03-02 08:00", "2026-03-13 17:00", 10, 10, 50, "", "", ""),
            ("A6", "Ready for trials", "TT_FinMile", "TK_NotStart", "2026-05-22 17:00", "2026-05-22 17:00", 0, 0, 0, "", "", ""),
        ]
    };
    let data_date = if current { "2026-03-02 08:00" } else { "2026-01-05 08:00" };
    let mut out = vec![
        "ERMHDR\t19.12\t2026-03-02\tProject\tplanner\tPMC Planning\tdbxDatabaseNoName\tProject Management\tINR".to_owned(),
        "%T\tCALENDAR\n%F\tclndr_id\tdefault_flag\tclndr_name\tproj_id\tday_hr_cnt\tweek_hr_cnt\n%R\t1\tY\tFive-day, 8 hours\t\t8\t40".to_owned(),
        format!("%T\tPROJECT\n%F\tproj_id\tproj_short_name\tclndr_id\tlast_recalc_date\tplan_start_date\tplan_end_date\n%R\t10\tDCMA-T\t1\t{data_date}\t2026-01-05 08:00\t2026-06-19 17:00"),
        "%T\tPROJWBS\n%F\twbs_id\tproj_id\tseq_num\tproj_node_flag\twbs_short_name\twbs_name\tparent_wbs_id\n%R\t100\t10\t0\tY\tDCMA-T\tDCMA test programme\t".to_owned(),
        "%T\tTASK\n%F\ttask_id\tproj_id\twbs_id\tclndr_id\ttask_type\tstatus_code\ttask_code\ttask_name\ttotal_float_hr_cnt\tremain_drtn_hr_cnt\ttarget_drtn_hr_cnt\tact_start_date\tact_end_date\tearly_start_date\tearly_end_date\ttarget_start_date\ttarget_end_date\tcstr_type\tcstr_date".to_owned(),
    ];
    for (i, (code, name, kind, status, start, finish, days, remaining, float, act_start, act_finish, cstr)) in rows.iter().enumerate() {
        let (early_start, early_finish) = if *status == "TK_Complete" { ("", "") } else { (*start, *finish) };
        let cstr_date = if cstr.is_empty() { "" } else { *start };
        out.push(format!(
            "%R\t{}\t10\t100\t1\t{kind}\t{status}\t{code}\t{name}\t{}\t{}\t{}\t{act_start}\t{act_finish}\t{early_start}\t{early_finish}\t{start}\t{finish}\t{cstr}\t{cstr_date}",
            1000 + i,
            float * 8,
            remaining * 8,
            days * 8,
        ));
    }
    out.push("%T\tTASKPRED\n%F\ttask_pred_id\ttask_id\tpred_task_id\tproj_id\tpred_proj_id\tpred_type\tlag_hr_cnt".to_owned());
    for (id, succ, pred, kind, lag_days) in [
        (1, 1001, 1000, "PR_FS", 0),
        (2, 1002, 1001, "PR_FS", 0),
        (3, 1003, 1002, "PR_SS", 10),
        (4, 1005, 1003, "PR_FS", 0),
        (5, 1004, 1001, "PR_FS", -2),
    ] {
        out.push(format!("%R\t{id}\t{succ}\t{pred}\t10\t10\t{kind}\t{}", lag_days * 8));
    }
    out.push("%T\tRSRC\n%F\trsrc_id\trsrc_short_name\trsrc_name\trsrc_type\n%R\t50\tPILECREW\tPiling crew\tRT_Labor".to_owned());
    out.push("%T\tTASKRSRC\n%F\ttaskrsrc_id\ttask_id\tproj_id\trsrc_id\ttarget_qty\n%R\t60\t1002\t10\t50\t240".to_owned());
    out.push("%E".to_owned());
    out.join("\n") + "\n"
}

/// Imports `text` as `planner`, which must succeed.
async fn import(planner: &TestApp, name: &str, text: &str) {
    let (status, body) = super::schedule::import(planner, name, text.as_bytes()).await;
    assert_eq!(status, 200, "{name}: {body}");
}

async fn rows(client: &TestApp, entry: &str, whrc: &str) -> Vec<Value> {
    let (status, body) = client
        .post_json(
            "/api/custom/datatable",
            &json!({"t": entry, "draw": 1, "start": 0, "length": -1, "whrc": whrc}),
        )
        .await;
    assert_eq!(status, 200, "{entry}: {body}");
    body["data"].as_array().cloned().unwrap_or_default()
}

/// A check's number, found, out of, percent or index (NaN: none), and result.
type Expected = (i64, Option<i64>, Option<i64>, f64, &'static str);

fn number(value: &Value) -> Option<f64> {
    value
        .as_f64()
        .or_else(|| value.as_str().and_then(|s| s.parse().ok()))
}

#[tokio::test]
async fn the_dcma_check_of_a_small_programme_matches_the_hand_count() {
    let app = spawn_seeded_app().await;
    let planner = app.with_token(&app.sign_in("planner", "Planner@123").await);
    import(&planner, "dcma-baseline.xer", &dcma_xer(false)).await;
    import(&planner, "dcma.xer", &dcma_xer(true)).await;
    let project = app
        .count("SELECT id FROM p6_project WHERE c_short_name = 'DCMA-T'")
        .await;

    let checks = rows(&planner, "schedulecheck", &format!("n_project = {project}")).await;
    let by_check: BTreeMap<i64, &Value> = checks
        .iter()
        .map(|row| (row["n_check"].as_i64().expect("n_check"), row))
        .collect();
    assert_eq!(by_check.len(), 14, "{checks:?}");
    // (found, out of, percent or index, result), worked by hand from the table of dcma_xer. Open activities: A3,
    // A4, A5, A6 (4); relationships into them: A2→A3, A3→A4, A2→A5, A4→A6 (4); open tasks (not milestones): A3,
    // A4, A5 (3); due by the data date in the baseline: A1 (16 Jan), A2 (6 Feb), A3 (27 Feb) (3).
    let expected: [Expected; 14] = [
        (1, Some(2), Some(4), 50.0, "Fail"), // A5 and A6 have no successor
        (2, Some(1), Some(4), 25.0, "Fail"), // A2→A5 lag −2
        (3, Some(1), Some(4), 25.0, "Fail"), // A3→A4 lag 10
        (4, Some(1), Some(4), 25.0, "Fail"), // A3→A4 is SS
        (5, Some(1), Some(4), 25.0, "Fail"), // A4 Start On
        (6, Some(1), Some(4), 25.0, "Fail"), // A5 float 50 > 44
        (7, Some(2), Some(4), 50.0, "Fail"), // A3 and A6 float −5
        (8, Some(1), Some(3), 33.3, "Fail"), // A4 60 days > 44
        (9, Some(1), Some(6), 16.7, "Fail"), // A5 forecast start 23 Feb < 2 Mar
        (10, Some(2), Some(3), 66.7, "Fail"), // A4, A5 without a resource (A3 has the piling crew)
        (11, Some(2), Some(3), 66.7, "Fail"), // A2 finished 13 Feb > 6 Feb; A3 not finished
        (12, Some(0), Some(3), f64::NAN, "Pass"), // A6 ← A4 ← A3: every critical activity on the chain
        // 13: the finish is A6 (19 Jun, no successor); 2 Mar → 19 Jun is 109 calendar days, × 5 working days a
        // week ÷ 7 = 77.857 working days; CPLI = (77.857 − 5) ÷ 77.857 = 0.9358 → 0.94 < 0.95.
        (13, None, None, 0.94, "Fail"),
        (14, Some(2), Some(3), 0.67, "Fail"), // A1 and A2 finished, of 3 due
    ];
    for (check, found, population, value, result) in expected {
        let row = by_check[&check];
        assert_eq!(row["n_found"].as_i64(), found, "check {check}: {row}");
        assert_eq!(
            row["n_population"].as_i64(),
            population,
            "check {check}: {row}"
        );
        if value.is_nan() {
            assert_eq!(row["n_value"], Value::Null, "check {check}: {row}");
        } else {
            let got = number(&row["n_value"]).unwrap_or(f64::NAN);
            assert!(
                (got - value).abs() < 1e-9,
                "check {check}: {got} ≠ {value}: {row}"
            );
        }
        assert_eq!(row["c_result"], result, "check {check}: {row}");
    }

    // The findings of a check are the lines of its record, each saying why.
    let logic = rows(
        &planner,
        "schedule_finding",
        &format!("n_check_row = {}", project * 100 + 1),
    )
    .await;
    let mut why: Vec<(String, String)> = logic
        .iter()
        .map(|row| {
            (
                row["c_activity_code"].as_str().unwrap_or("").to_owned(),
                row["c_detail"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    why.sort();
    assert_eq!(
        why,
        [
            ("A5".to_owned(), "no successor".to_owned()),
            ("A6".to_owned(), "no successor".to_owned())
        ]
    );
    let leads = rows(
        &planner,
        "schedule_finding",
        &format!("n_check_row = {}", project * 100 + 2),
    )
    .await;
    assert_eq!(leads.len(), 1);
    assert_eq!(
        leads[0]["c_detail"],
        "FS from A2 with a lead of 2 working days"
    );
    let (status, record) = planner
        .get_json(&format!("/api/data/schedulecheck/{}", project * 100 + 13))
        .await;
    assert_eq!(status, 200, "{record}");

    // Read-only, and only for those granted the route.
    let (status, _) = planner
        .post_json("/api/data/schedulecheck", &json!({}))
        .await;
    assert!(status == 405 || status == 403, "a write answered {status}");
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let (status, _) = contractor
        .post_json(
            "/api/custom/datatable",
            &json!({"t": "schedulecheck", "draw": 1, "start": 0, "length": 5}),
        )
        .await;
    assert_eq!(
        status, 403,
        "the contractor holds no route of the schedule check"
    );
}
