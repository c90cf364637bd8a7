//! `GET /api/dashboard` (docs/registry.md "Dashboards"): the DMS dashboards' figures against the demo seed
//! (`sql/seed/demo_dms.sql`, counted by hand from its `seed_doc` and `seed_review` rows and demo.sql's six legacy
//! reviews), package scope, and the refusals.

use serde_json::Value;

use crate::helpers::{spawn_seeded_app, TestApp};

pub(crate) fn widget<'a>(dashboard: &'a Value, id: &str) -> &'a Value {
    dashboard["widgets"]
        .as_array()
        .and_then(|widgets| widgets.iter().find(|w| w["id"] == id))
        .unwrap_or_else(|| panic!("no widget {id} in {dashboard}"))
}

/// A stat widget's figure (one row once summed).
fn stat(dashboard: &Value, id: &str) -> i64 {
    let widget = widget(dashboard, id);
    let column = widget["value"]["column"].as_str().expect("value column");
    assert_eq!(widget["rows"].as_array().map(Vec::len), Some(1), "{widget}");
    widget["rows"][0][column].as_i64().expect("a whole number")
}

/// The rows of a widget as (x value, column value) pairs.
fn pairs(dashboard: &Value, id: &str, x: &str, column: &str) -> Vec<(String, Value)> {
    widget(dashboard, id)["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| (row[x].as_str().expect("x").to_owned(), row[column].clone()))
        .collect()
}

pub(crate) async fn dashboard(app: &TestApp, query: &str) -> Value {
    let (status, body) = app.get_json(&format!("/api/dashboard?{query}")).await;
    assert_eq!(status, 200, "{query}: {body}");
    body
}

pub(crate) async fn as_user(app: &TestApp, username: &str, password: &str) -> TestApp {
    let token = app.sign_in(username, password).await;
    app.with_token(&token)
}

#[tokio::test]
async fn the_dms_dashboard_counts_the_seed() {
    let app = spawn_seeded_app().await;
    let dms = dashboard(&app, "route=/dashboard/dms").await;
    assert_eq!(dms["title"], "DMS Dashboard");
    // 50 documents: seed_doc targets WIP (8) + WIPR (4) = 12; SO, SI, SC (12) + SN (2) = 14 shared; PA (6), PB (4),
    // PCR (2) = 12 published; AR = 12 archived.
    assert_eq!(stat(&dms, "documents"), 50);
    assert_eq!(stat(&dms, "wip"), 12);
    assert_eq!(stat(&dms, "shared"), 14);
    assert_eq!(stat(&dms, "published"), 12);
    // Reviews not closed: Open 4 + In review 4 + Consolidated 4 of documents, and demo.sql's 4 legacy reviews
    // pending review (In review) = 16. Overdue: due = started + 14 days, started = age - 3 days ago, so the
    // consolidated documents 21-24 (ages 22, 25, 20, 19) are 5, 8, 3 and 2 days late; the others are not yet due.
    assert_eq!(stat(&dms, "open_reviews"), 16);
    assert_eq!(stat(&dms, "overdue_reviews"), 4);

    // Documents by state per package, C1-V01 (seed_doc 1, 2, 9 WIP; 13, 17, 22, 49 shared; 25, 26, 33 published;
    // 37, 38, 48 archived).
    let by_state = widget(&dms, "by_state");
    assert_eq!(by_state["stacked"], true);
    assert_eq!(by_state["rows"].as_array().map(Vec::len), Some(6));
    let c1v01 = by_state["rows"]
        .as_array()
        .and_then(|rows| rows.iter().find(|row| row["c_package"] == "C1-V01"))
        .expect("C1-V01");
    assert_eq!(
        [
            &c1v01["n_wip"],
            &c1v01["n_shared"],
            &c1v01["n_published"],
            &c1v01["n_archived"]
        ],
        [3, 4, 3, 3]
    );
    assert!(
        c1v01["n_package"].is_i64(),
        "the drill-through column is sent"
    );
    assert_eq!(by_state["link"]["filter"]["from"], "n_package");

    // Status codes over all packages, one slice each (the view keeps one row per package and code: summed).
    let by_status = pairs(&dms, "by_status", "c_status_code", "n_count");
    let count = |code: &str| {
        by_status
            .iter()
            .find(|(c, _)| c == code)
            .map(|(_, n)| n.clone())
    };
    for (code, expected) in [
        ("S0", 12),
        ("S2", 2),
        ("S3", 8),
        ("S4", 4),
        ("A", 13),
        ("B", 7),
        ("CR", 4),
    ] {
        assert_eq!(count(code), Some(expected.into()), "{code}: {by_status:?}");
    }
    let codes: Vec<&str> = by_status.iter().map(|(code, _)| code.as_str()).collect();
    assert_eq!(
        codes,
        ["S0", "S2", "S3", "S4", "A", "B", "CR"],
        "one slice per code, in a document's life order"
    );

    // Overdue reviews, most overdue first: the review number is the document number and revision.
    let overdue = widget(&dms, "overdue");
    let days: Vec<i64> = overdue["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| row["n_days_overdue"].as_i64().expect("days"))
        .collect();
    assert_eq!(days, [8, 5, 3, 2]);
    let first = &overdue["rows"][0];
    assert_eq!(first["c_review_no"], "MML3-DDC-C1V01-ZZ-RP-S-0011/P01");
    assert_eq!(first["c_lead"], "Arjun Mehta");
    assert!(first["id"].is_i64(), "the record the click opens");
    assert_eq!(overdue["link"]["record"], "id");

    // Turnaround: every seeded review closed 10 days after it started (legacy reviews have none to measure).
    for (package, avg) in pairs(&dms, "turnaround", "c_package", "n_turnaround_avg") {
        assert_eq!(avg.as_f64(), Some(10.0), "{package}");
    }
}

#[tokio::test]
async fn the_package_summary_has_a_row_per_package() {
    let app = spawn_seeded_app().await;
    let cde = dashboard(&app, "route=/dashboard/cde").await;
    let summary = widget(&cde, "summary");
    let rows = summary["rows"].as_array().expect("rows");
    let packages: Vec<&str> = rows
        .iter()
        .filter_map(|r| r["c_package"].as_str())
        .collect();
    assert_eq!(
        packages,
        ["C1-DP01", "C1-SYS1", "C1-UG01", "C1-V01", "C2-V01", "C2-V02"]
    );
    let total = |column: &str| rows.iter().filter_map(|r| r[column].as_i64()).sum::<i64>();
    assert_eq!(total("n_documents"), 50);
    assert_eq!(total("n_archived"), 12);
    assert_eq!(total("n_open_reviews"), 16);
    assert_eq!(total("n_overdue_reviews"), 4);
    // Shares: Issued 11, 3 of them past their expiry = 8 active. Closures: Draft 4 + Submitted 4 = 8 open.
    assert_eq!(total("n_active_shares"), 8);
    assert_eq!(total("n_open_closures"), 8);
    let bar = widget(&cde, "open_work");
    assert_eq!(bar["kind"], "bar");
    assert_eq!(bar["rows"].as_array().map(Vec::len), Some(6));
}

#[tokio::test]
async fn a_contractor_sees_only_their_packages() {
    let app = spawn_seeded_app().await;
    // contractor: C1-V01 (13 documents), C2-V01 (9), C2-V02 (8), two of them another organisation's work in
    // progress, which they do not read (dms_document's `readers_see`): 28, as their document search says.
    let contractor = as_user(&app, "contractor", "Contractor@123").await;
    let searched = |query: String| {
        let contractor = contractor.clone();
        async move {
            let (status, body) = contractor
                .get_json(&format!("/api/data/dms_document/search?size=1&{query}"))
                .await;
            assert_eq!(status, 200, "{body}");
            body["total"].as_i64().expect("total")
        }
    };
    let dms = dashboard(&contractor, "route=/dashboard/dms").await;
    assert_eq!(stat(&dms, "documents"), 28);
    assert_eq!(stat(&dms, "documents"), searched(String::new()).await);
    assert_eq!(stat(&dms, "wip"), searched("state=WIP".into()).await);
    let donut_total: i64 = pairs(&dms, "by_status", "c_status_code", "n_count")
        .iter()
        .filter_map(|(_, n)| n.as_i64())
        .sum();
    assert_eq!(donut_total, 28);
    let packages: Vec<String> = pairs(&dms, "by_state", "c_package", "n_wip")
        .into_iter()
        .map(|(package, _)| package)
        .collect();
    assert_eq!(packages, ["C1-V01", "C2-V01", "C2-V02"]);
    let overdue = pairs(&dms, "overdue", "c_package", "n_days_overdue");
    assert_eq!(
        overdue,
        [
            ("C1-V01".to_owned(), 8.into()),
            ("C2-V02".to_owned(), 3.into())
        ]
    );

    // One package of theirs; another's reads as nothing.
    let (status, packages) = app
        .get_json("/api/custom/selectall?t=package&cols=id,c_code&whrc=c_code%20IN%20('C1-V01','C1-UG01')%20ORDER%20BY%20c_code")
        .await;
    assert_eq!(status, 200, "{packages}");
    let ug01 = packages[0]["id"].as_i64().expect("C1-UG01");
    let v01 = packages[1]["id"].as_i64().expect("C1-V01");
    let one = dashboard(&contractor, &format!("route=/dashboard/dms&package={v01}")).await;
    assert_eq!(
        stat(&one, "documents"),
        searched(format!("package={v01}")).await
    );
    assert_eq!(
        stat(&one, "wip"),
        searched(format!("package={v01}&state=WIP")).await
    );
    let other = dashboard(&contractor, &format!("route=/dashboard/dms&package={ug01}")).await;
    assert_eq!(stat(&other, "documents"), 0);
    assert_eq!(widget(&other, "by_state")["rows"], Value::Array(Vec::new()));
    let cde = dashboard(&contractor, "route=/dashboard/cde").await;
    let summary = widget(&cde, "summary")["rows"]
        .as_array()
        .cloned()
        .expect("rows");
    assert_eq!(summary.len(), 3, "one row per package: {summary:?}");
    let documents: i64 = summary
        .iter()
        .filter_map(|r| r["n_documents"].as_i64())
        .sum();
    assert_eq!(documents, 28);
    assert!(
        summary.iter().all(|r| r["n_turnaround_avg"] == 10.0),
        "the turnaround stays on a package's row: {summary:?}"
    );
}

#[tokio::test]
async fn refusals_are_answered_in_words() {
    let app = spawn_seeded_app().await;
    for (query, status, code) in [
        ("", 400, "PMIS-R400"),
        ("route=", 400, "PMIS-R400"),
        ("route=/dms/dms", 400, "PMIS-R400"),
        ("route=/dashboard/dms&package=C1", 400, "PMIS-R400"),
        ("route=/dashboard/dms&package=-1", 400, "PMIS-R400"),
        ("route=/dashboard/nowhere", 404, "PMIS-R404D"),
    ] {
        let (got, body) = app.get_json(&format!("/api/dashboard?{query}")).await;
        assert_eq!(
            (got, body["code"].as_str()),
            (status, Some(code)),
            "{query}: {body}"
        );
        assert!(
            body["message"].as_str().is_some_and(|m| m.len() > 10),
            "{body}"
        );
    }
    // The viewer holds neither dashboard route.
    let viewer = as_user(&app, "viewer", "Viewer@123").await;
    for route in ["/dashboard/dms", "/dashboard/cde"] {
        let (status, body) = viewer
            .get_json(&format!("/api/dashboard?route={route}"))
            .await;
        assert_eq!(status, 403, "{body}");
    }
    let (status, _) = app
        .anonymous()
        .get_json("/api/dashboard?route=/dashboard/dms")
        .await;
    assert_eq!(status, 401);
}
