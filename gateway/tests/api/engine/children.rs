//! Child registers over HTTP against the real PostgreSQL, on the daily report: lines created with the parent's
//! permissions, totals computed by the database (without moving the report's row version), the key fixed, lines
//! frozen once the report is reviewed, deletes refused after draft, and a draft's lines going with it.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{field_messages, spawn_seeded_app, TestApp};

async fn id_of(app: &TestApp, sql: &str) -> i64 {
    app.db().await.query_one(sql, &[]).await.unwrap().get(0)
}

#[tokio::test]
async fn a_daily_report_keeps_its_lines_and_their_totals() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let viewer = app.with_token(&app.sign_in("viewer", "Viewer@123").await);
    let package = id_of(&app, "SELECT id FROM package WHERE c_code = 'C2-V02'").await;
    let engineer_id = id_of(&app, "SELECT id FROM users WHERE c_username = 'engineer'").await;

    // The screen describes the three child registers with their own columns.
    let (status, meta) = contractor
        .get_json("/api/screen?route=/contract-data-entry/dailyreport")
        .await;
    assert_eq!(status, 200, "{meta}");
    let tabs: Vec<&str> = meta["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        tabs,
        [
            "Manpower",
            "Equipment",
            "Activities done",
            "Visitors",
            "Incidents",
            "Delays"
        ]
    );
    assert_eq!(meta["children"][0]["key"], "n_report");
    assert_eq!(
        meta["children"][0]["screen"]["entry"],
        "dailyreport_manpower"
    );

    let report = json!({"n_package": package, "d_report_date": "2026-11-20", "n_reviewer": engineer_id,
                        "c_work_fronts": "TBM drive 2 ring building; cross passage CP-3"});
    let (status, created) = contractor
        .send(Method::POST, "/api/data/dailyreport", Some(&report))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["data"]["c_report_no"], "C2-V02-DR-00001");
    assert_eq!(
        created["data"]["c_shift"], "Day",
        "a required field with a default starts with it"
    );
    let (status, body) = contractor
        .send(Method::POST, "/api/data/dailyreport", Some(&report))
        .await;
    assert_eq!(status, 409, "one report per package and date: {body}");

    // Lines, with the report's permissions: the contractor may add them, the engineer (update only) may not.
    for (trade, count, hours) in [("Engineer", 3, "10"), ("Helper", 25, "8.5")] {
        let (status, body) = contractor
            .send(
                Method::POST,
                "/api/data/dailyreport_manpower",
                Some(
                    &json!({"n_report": id, "c_trade": trade, "n_count": count, "n_hours": hours}),
                ),
            )
            .await;
        assert_eq!(status, 201, "{body}");
    }
    let (status, body) = engineer
        .send(
            Method::POST,
            "/api/data/dailyreport_manpower",
            Some(&json!({"n_report": id, "c_trade": "Mason", "n_count": 1, "n_hours": 8})),
        )
        .await;
    // The engineer may update daily reports (to review them) but the lines are the report's author's.
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["code"], "PMIS-R403R");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("added and changed by the person who raised the Daily report only"),
        "{body}"
    );
    let (status, _) = viewer
        .get_json(&format!(
            "/api/custom/selectall?t=dailyreport_manpower&whrc=n_report%20%3D%20{id}"
        ))
        .await;
    assert_eq!(status, 403);
    let (status, lines) = engineer
        .get_json(&format!(
            "/api/custom/selectall?t=dailyreport_manpower&whrc=n_report%20%3D%20{id}"
        ))
        .await;
    assert_eq!(status, 200);
    assert_eq!(lines.as_array().unwrap().len(), 2);

    // The totals, computed by the database, leave the report's version where the open form has it.
    let (status, stored) = contractor
        .get_json(&format!("/api/data/dailyreport/{id}"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(stored["n_manpower_count"], 28);
    assert_eq!(stored["n_manpower_hours"].as_f64(), Some(242.5));
    assert_eq!(stored["n_row_version"], 1);

    // A line stays with its report.
    let line = lines[0]["id"].as_i64().unwrap();
    let other = id_of(
        &app,
        "SELECT min(id) FROM dailyreport WHERE c_state = 'Draft'",
    )
    .await;
    let (status, body) = contractor
        .send(
            Method::PUT,
            &format!("/api/data/dailyreport_manpower/{line}"),
            Some(&json!({"n_row_version": 1, "n_report": other})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(
        field_messages(&body)["n_report"].contains("fixed"),
        "{body}"
    );

    // Submitted and reviewed: the lines freeze, and the report can no longer be deleted.
    let (status, body) = contractor
        .send(
            Method::POST,
            &format!("/api/data/dailyreport/{id}/transition"),
            Some(&json!({"transition": "submit", "n_row_version": 1})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // With the engineer (nothing editable) the lines are already frozen.
    let (status, body) = contractor
        .send(
            Method::POST,
            "/api/data/dailyreport_manpower",
            Some(&json!({"n_report": id, "c_trade": "Mason", "n_count": 1, "n_hours": 8})),
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("is Submitted (with engineer): its Manpower lines cannot be added"),
        "{body}"
    );
    let (status, body) = engineer.send(Method::POST,
        &format!("/api/data/dailyreport/{id}/transition"),
        Some(&json!({"transition": "review", "n_row_version": 2, "fields": {"c_review_remarks": "Seen."}})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["c_state"], "Reviewed");
    let (status, body) = contractor
        .send(
            Method::POST,
            "/api/data/dailyreport_manpower",
            Some(&json!({"n_report": id, "c_trade": "Mason", "n_count": 1, "n_hours": 8})),
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("is Reviewed"),
        "{body}"
    );
    let (status, body) = contractor
        .send(
            Method::DELETE,
            &format!("/api/data/dailyreport/{id}?n_row_version=3"),
            None,
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("only a record in draft"),
        "{body}"
    );

    // A draft goes, and its lines with it (the registry and the foreign key say cascade).
    let (_, draft) = contractor.send(Method::POST,
        "/api/data/dailyreport",
        Some(&json!({"n_package": package, "d_report_date": "2026-11-21", "n_reviewer": engineer_id})),
    )
    .await;
    let draft = draft["id"].as_i64().unwrap();
    contractor.send(Method::POST,
        "/api/data/dailyreport_equipment",
        Some(&json!({"n_report": draft, "c_equipment_type": "Gantry crane", "n_count": 1, "n_working_hours": 6})),
    )
    .await;
    let (status, body) = contractor
        .send(
            Method::DELETE,
            &format!("/api/data/dailyreport/{draft}?n_row_version=1"),
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM dailyreport_equipment WHERE n_report = {draft}"
        ))
        .await,
        0
    );
}

/// A workflow state says whose lines change in it (`lines`): a deployment plan's resources are frozen while it is
/// with its reviewer, and an R&R plan's instalments are paid only once it is approved; each refusal is a 409 in
/// words, the screen tells the console, and nothing is written.
#[tokio::test]
async fn a_state_opens_or_freezes_the_lines_of_each_child_register() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let officer = app.with_token(&app.sign_in("landofficer", "Landofficer@123").await);

    let (status, meta) = officer
        .get_json("/api/screen?route=/dataentry/rrplan")
        .await;
    assert_eq!(status, 200, "{meta}");
    let states = meta["workflow"]["states"].as_array().unwrap();
    let lines_of = |name: &str| {
        states
            .iter()
            .find(|s| s["name"] == name)
            .map(|s| s["lines"].clone())
            .unwrap()
    };
    assert_eq!(lines_of("Draft"), json!([]));
    assert_eq!(lines_of("Payments"), json!(["rrplan_payment"]));

    let plan = |number: &'static str| {
        let app = &app;
        async move {
            id_of(
                app,
                &format!("SELECT id FROM rrplan WHERE c_plan_no = '{number}'"),
            )
            .await
        }
    };
    let before = app.count("SELECT count(*) FROM rrplan_payment").await;
    let instalment = |plan: i64, number: i64| {
        json!({"n_rrplan": plan, "n_instalment": number, "c_component": "Subsistence grant", "d_paid": "2026-11-20",
               "n_amount": 1000, "c_mode": "NEFT", "c_reference": "SBINN52026112009999"})
    };
    let draft = plan("C1-V01-RR-0008").await;
    let (status, body) = officer
        .send(
            Method::POST,
            "/api/data/rrplan_payment",
            Some(&instalment(draft, 1)),
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("its R&R payments lines cannot be added, changed or deleted"),
        "{body}"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM rrplan_payment").await,
        before
    );
    let paying = plan("C1-V01-RR-0004").await;
    let next = id_of(
        &app,
        &format!(
            "SELECT (coalesce(max(n_instalment), 0) + 1)::int8 FROM rrplan_payment WHERE n_rrplan = {paying}"
        ),
    )
    .await;
    let (status, body) = officer
        .send(
            Method::POST,
            "/api/data/rrplan_payment",
            Some(&instalment(paying, next)),
        )
        .await;
    assert_eq!(status, 201, "an approved plan takes instalments: {body}");

    // A submitted deployment plan's resources stay as submitted while its reviewer has it.
    let submitted = id_of(
        &app,
        "SELECT id FROM deployment_plan WHERE c_plan_no = 'C1-V01-DEP-0004'",
    )
    .await;
    let category = id_of(
        &app,
        "SELECT id FROM resource_category WHERE c_code = 'MP-BAR'",
    )
    .await;
    let (status, body) = contractor
        .send(
            Method::POST,
            "/api/data/deployment_plan_line",
            Some(&json!({"n_plan": submitted, "n_category": category, "n_planned": 12})),
        )
        .await;
    assert_eq!(status, 409, "{body}");
}
