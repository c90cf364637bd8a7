//! The reports of issue 32: the report lists (the views of V43, registry/{programme,commercial,quality}/v_report_*)
//! against the demo seed, each figure checked against the registers it is made from; and the pending list report
//! (`GET /api/reports/pendinglist`): everything waiting on anyone, as the reader may read it.

use serde_json::Value;

use crate::features::dashboard::as_user;
use crate::helpers::{spawn_seeded_app, TestApp};

async fn rows(app: &TestApp, entry: &str, cols: &str) -> Vec<Value> {
    let (status, body) = app
        .get_json(&format!("/api/custom/selectall?t={entry}&cols={cols}"))
        .await;
    assert_eq!(status, 200, "{entry}: {body}");
    body.as_array().expect("rows").clone()
}

fn number(row: &Value, column: &str) -> f64 {
    match &row[column] {
        Value::Number(n) => n.as_f64().expect("a number"),
        Value::String(text) => text.parse().unwrap_or_else(|_| panic!("{column}: {text}")),
        other => panic!("{column} is not a number: {other}"),
    }
}

#[tokio::test]
async fn the_report_lists_add_up_their_registers() {
    let app = spawn_seeded_app().await;
    let db = app.db().await;

    // Package-wise BOQ: per package, the bills' contract amounts add up to the BOQ's items, and what they have
    // executed to the certified IPAs' lines.
    let boq = rows(
        &app,
        "v_report_package_boq",
        "c_package,c_bill,n_items,n_contract_amount,n_executed_amount,n_balance_amount",
    )
    .await;
    assert!(!boq.is_empty());
    for row in &boq {
        let (package, bill) = (
            row["c_package"].as_str().expect("package"),
            row["c_bill"].as_str().expect("bill"),
        );
        let expected = db
            .query_one(
                "SELECT count(*)::float8, sum(b.n_amount)::float8, \
                        coalesce(sum((SELECT sum(l.n_amount_this_period) FROM ipa_item l JOIN ipa i ON i.id = l.n_ipa \
                                      WHERE l.n_boq_item = b.id AND i.c_state = 'Certified')), 0)::float8 \
                 FROM boq_item b JOIN package p ON p.id = b.n_package WHERE p.c_code = $1 AND b.c_bill = $2",
                &[&package, &bill],
            )
            .await
            .expect("the bill");
        let (items, amount, executed): (f64, f64, f64) =
            (expected.get(0), expected.get(1), expected.get(2));
        assert_eq!(number(row, "n_items"), items, "{row}");
        assert!(
            (number(row, "n_contract_amount") - amount).abs() < 0.005,
            "{row}"
        );
        assert!(
            (number(row, "n_executed_amount") - executed).abs() < 0.005,
            "{row}"
        );
        assert!(
            (number(row, "n_balance_amount") - (amount - executed)).abs() < 0.005,
            "{row}"
        );
    }
    assert!(
        boq.iter().any(|row| number(row, "n_executed_amount") > 0.0),
        "some bill has certified work"
    );

    // RFI witness list: demo-reports witnesses every answered or closed RFI once, and every fourth twice (rejected,
    // then witnessed on re-inspection).
    let witnessed = rows(
        &app,
        "v_report_rfi_witness",
        "c_rfi_no,c_result,d_inspected",
    )
    .await;
    let (answered, fourth): (i64, i64) = {
        let row = db
            .query_one(
                "SELECT count(*), count(*) FILTER (WHERE id % 4 = 0) FROM rfi \
                 WHERE c_state IN ('Answered', 'Closed') AND d_answered IS NOT NULL",
                &[],
            )
            .await
            .expect("RFIs");
        (row.get(0), row.get(1))
    };
    assert!(answered > 0);
    assert_eq!(witnessed.len() as i64, answered + fourth);
    let rejected = witnessed
        .iter()
        .filter(|row| row["c_result"] == "Rejected")
        .count() as i64;
    assert_eq!(rejected, fourth);

    // Site visit list: the daily reports' visitors and the site inspections, one row each.
    let visits = rows(&app, "v_report_site_visit", "id,c_source,c_visitor").await;
    let visitors: i64 = db
        .query_one("SELECT count(*) FROM dailyreport_visitor", &[])
        .await
        .expect("visitors")
        .get(0);
    let inspections: i64 = db
        .query_one(
            "SELECT count(*) FROM inspection WHERE c_kind = 'Site inspection'",
            &[],
        )
        .await
        .expect("inspections")
        .get(0);
    assert!(visitors > 0 && inspections > 0);
    assert_eq!(visits.len() as i64, visitors + inspections);
    let mut keys: Vec<i64> = visits
        .iter()
        .map(|row| row["id"].as_i64().expect("id"))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(
        keys.len(),
        visits.len(),
        "every visit keeps a key of its own"
    );

    // Package-wise list: one row per package, its contracts named.
    let packages = rows(
        &app,
        "v_report_package",
        "c_package,c_contracts,n_contract_value",
    )
    .await;
    let count: i64 = db
        .query_one("SELECT count(*) FROM package", &[])
        .await
        .expect("packages")
        .get(0);
    assert_eq!(packages.len() as i64, count);
    let c1 = packages
        .iter()
        .find(|row| row["c_package"] == "C1-V01")
        .expect("C1-V01");
    let contracts: String = db
        .query_one(
            "SELECT string_agg(c.c_contract_no, ', ' ORDER BY c.c_contract_no) FROM contract c \
             JOIN package p ON p.id = c.n_package WHERE p.c_code = 'C1-V01'",
            &[],
        )
        .await
        .expect("contracts")
        .get(0);
    assert_eq!(c1["c_contracts"], contracts.as_str());
}

#[tokio::test]
async fn the_report_lists_are_read_only_screens_for_their_holders() {
    let app = spawn_seeded_app().await;
    for route in [
        "/reports/pkgwiselist",
        "/reports/pkgwiseboq",
        "/reports/rfiwitnesslist",
        "/reports/sitvisitlist",
    ] {
        let (status, screen) = app.get_json(&format!("/api/screen?route={route}")).await;
        assert_eq!(status, 200, "{route}: {screen}");
        assert_eq!(screen["writable"], false, "{route}");
        assert_eq!(screen["actions"]["export"], true, "{route}");
    }
    // The contractor holds them (demo-reports) and sees their own packages' rows only.
    let contractor = as_user(&app, "contractor", "Contractor@123").await;
    let theirs = rows(&contractor, "v_report_rfi_witness", "n_package").await;
    let all = rows(&app, "v_report_rfi_witness", "n_package").await;
    assert!(!theirs.is_empty() && theirs.len() < all.len());
    let linked = linked_packages(&app, "contractor").await;
    assert!(theirs
        .iter()
        .all(|row| linked.contains(&row["n_package"].as_i64().expect("package"))));
    // The viewer holds none of them.
    let viewer = as_user(&app, "viewer", "Viewer@123").await;
    let (status, body) = viewer
        .get_json("/api/screen?route=/reports/pkgwiseboq")
        .await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = viewer
        .get_json("/api/custom/selectall?t=v_report_package_boq&cols=c_bill")
        .await;
    assert_eq!(status, 403, "{body}");
}

/// The packages `username` is linked to (package scope: the rows they read).
async fn linked_packages(app: &TestApp, username: &str) -> Vec<i64> {
    app.db()
        .await
        .query(
            "SELECT pu.n_package FROM package_user pu JOIN users u ON u.id = pu.n_user \
             WHERE u.c_username = $1",
            &[&username],
        )
        .await
        .expect("links")
        .iter()
        .map(|row| row.get(0))
        .collect()
}

/// The open records of `table` waiting on someone, in the packages `packages` (all when None).
async fn waiting_in(app: &TestApp, table: &str, open: &[&str], packages: Option<&[i64]>) -> i64 {
    let db = app.db().await;
    let states: Vec<String> = open.iter().map(|s| (*s).to_owned()).collect();
    let all: Vec<i64> = Vec::new();
    let row = db
        .query_one(
            &format!(
                "SELECT count(*) FROM {table} WHERE n_ball_in_court IS NOT NULL AND c_state = ANY($1) \
                 AND ($2 OR n_package = ANY($3))"
            ),
            &[&states, &packages.is_none(), &packages.unwrap_or(&all)],
        )
        .await
        .expect("waiting records");
    row.get(0)
}

fn of_register<'a>(report: &'a Value, register: &str) -> Vec<&'a Value> {
    report["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .filter(|row| row["register"] == register)
        .collect()
}

#[tokio::test]
async fn the_pending_report_lists_what_waits_on_anyone_as_the_reader_may_read_it() {
    let app = spawn_seeded_app().await;
    let (status, report) = app.get_json("/api/reports/pendinglist").await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["truncated"], serde_json::json!([]));

    // A superadmin: every open RFI and NCR with someone in court, named, each linking to its record.
    let rfis = of_register(&report, "RFI");
    let rfi_open = ["Draft", "Open", "Answered"];
    assert_eq!(
        rfis.len() as i64,
        waiting_in(&app, "rfi", &rfi_open, None).await
    );
    assert!(rfis.len() > 3);
    let db = app.db().await;
    for row in &rfis {
        let name: String = db
            .query_one(
                "SELECT c_name FROM users WHERE id = $1",
                &[&row["waiting_on"].as_i64().expect("user")],
            )
            .await
            .expect("the user")
            .get(0);
        assert_eq!(row["waiting_on_name"], name.as_str());
        let record = row["document"]["record_url"].as_str().expect("record url");
        assert!(
            record.starts_with("/contract-data-entry/rfi?record="),
            "{record}"
        );
        assert!(row["document"]["c_doc_no"].as_str().is_some());
    }
    // The records open through the reference the report gives.
    let reference = rfis[0]["document"]["id"].as_str().expect("reference");
    let (status, body) = app.get_json(&format!("/api/data/rfi/{reference}")).await;
    assert_eq!(status, 200, "{body}");

    // A contract manager who holds the report but is linked to some packages: only those packages' records, and
    // only the registers they read.
    app.execute(
        "INSERT INTO user_permission_nav (n_user_id, n_nav_id) \
         SELECT u.id, n.id FROM users u, navigation n \
         WHERE u.c_username = 'contractor' AND n.c_route = '/reports/pendinglist'",
    )
    .await;
    let contractor = as_user(&app, "contractor", "Contractor@123").await;
    let (status, theirs) = contractor.get_json("/api/reports/pendinglist").await;
    assert_eq!(status, 200, "{theirs}");
    let linked = linked_packages(&app, "contractor").await;
    let their_rfis = of_register(&theirs, "RFI");
    assert_eq!(
        their_rfis.len() as i64,
        waiting_in(&app, "rfi", &rfi_open, Some(&linked)).await
    );
    assert!(!their_rfis.is_empty() && their_rfis.len() < rfis.len());
    // A register whose route the contractor does not hold is not in their report, though it is in the admin's.
    let held: Vec<String> = db
        .query(
            "SELECT n.c_route FROM user_permission_nav p JOIN navigation n ON n.id = p.n_nav_id \
             JOIN users u ON u.id = p.n_user_id WHERE u.c_username = 'contractor'",
            &[],
        )
        .await
        .expect("grants")
        .iter()
        .map(|row| row.get(0))
        .collect();
    let registers = |report: &Value| -> Vec<(String, String)> {
        report["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|row| {
                (
                    row["register"].as_str().unwrap_or_default().to_owned(),
                    row["url"].as_str().unwrap_or_default().to_owned(),
                )
            })
            .collect()
    };
    let missing: Vec<(String, String)> = registers(&report)
        .into_iter()
        .filter(|(_, url)| !held.contains(url))
        .collect();
    assert!(
        !missing.is_empty(),
        "the admin sees registers the contractor does not hold"
    );
    for (register, _) in &missing {
        assert!(
            registers(&theirs).iter().all(|(r, _)| r != register),
            "{register} is not the contractor's"
        );
    }

    // The demo's viewer holds the report but reads no workflow register: nothing to list.
    let viewer = as_user(&app, "viewer", "Viewer@123").await;
    let (status, body) = viewer.get_json("/api/reports/pendinglist").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["rows"], serde_json::json!([]));
    // Without the report's route: refused, and nobody signed out reads it.
    let surveyor = as_user(&app, "surveyor", "Surveyor@123").await;
    let (status, body) = surveyor.get_json("/api/reports/pendinglist").await;
    assert_eq!(status, 403, "{body}");
    let (status, _) = app.anonymous().get_json("/api/reports/pendinglist").await;
    assert_eq!(status, 401);
}
