//! Copying a record as a new one (`[copy]` of a registry file), on the daily report: today's report from
//! yesterday's, with its manpower, equipment and activity lines, created as any new report (its own number, Draft,
//! the reviewer rule checked), the review not carried over; all or nothing; only for those who may create reports.

use reqwest::Method;

use crate::helpers::spawn_seeded_app;

#[tokio::test]
async fn a_daily_report_is_copied_with_its_lines_as_todays() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let db = app.db().await;
    // Yesterday's reviewed report of C1-V01, and today's draft removed so that today is free.
    let yesterday: i64 = db
        .query_one(
            "SELECT d.id FROM dailyreport d JOIN package p ON p.id = d.n_package
             WHERE p.c_code = 'C1-V01' AND d.d_report_date = CURRENT_DATE - 3",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    db.batch_execute(
        "DELETE FROM dailyreport d USING package p WHERE p.id = d.n_package AND p.c_code = 'C1-V01'
           AND d.d_report_date = CURRENT_DATE",
    )
    .await
    .unwrap();
    let lines = |id: i64| {
        format!(
            "SELECT (SELECT count(*) FROM dailyreport_manpower WHERE n_report = {id})
                  + (SELECT count(*) FROM dailyreport_equipment WHERE n_report = {id})
                  + (SELECT count(*) FROM dailyreport_activity WHERE n_report = {id})"
        )
    };
    let original_lines = app.count(&lines(yesterday)).await;
    assert!(original_lines > 5, "the demo report has lines");

    let (status, body) = engineer
        .send(
            Method::POST,
            &format!("/api/data/dailyreport/{yesterday}/copy"),
            None,
        )
        .await;
    assert_eq!(status, 403, "the engineer may not create reports: {body}");
    let (status, body) = contractor
        .send(Method::POST, "/api/data/rfi/1/copy", None)
        .await;
    assert_eq!(status, 404, "RFIs are not copied: {body}");

    let (status, copied) = contractor
        .send(
            Method::POST,
            &format!("/api/data/dailyreport/{yesterday}/copy"),
            None,
        )
        .await;
    assert_eq!(status, 201, "{copied}");
    let id = copied["id"].as_i64().unwrap();
    let data = &copied["data"];
    assert_eq!(data["c_state"], "Draft");
    assert!(data["c_report_no"]
        .as_str()
        .unwrap()
        .starts_with("C1-V01-DR-"));
    assert_eq!(data["c_review_remarks"], serde_json::Value::Null);
    assert_eq!(data["d_reviewed"], serde_json::Value::Null);
    let today: String = db
        .query_one("SELECT CURRENT_DATE::text", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(data["d_report_date"], today.as_str());
    assert_eq!(
        app.count(&lines(id)).await,
        original_lines,
        "every line comes along"
    );
    // The totals the database keeps from the lines match the original's.
    let totals =
        |id: i64| format!("SELECT n_manpower_count::int8 FROM dailyreport WHERE id = {id}");
    assert_eq!(
        app.count(&totals(id)).await,
        app.count(&totals(yesterday)).await
    );
    // A second copy for the same day is refused in words, and leaves nothing behind.
    let reports = app.count("SELECT count(*) FROM dailyreport").await;
    let all_lines = app.count("SELECT count(*) FROM dailyreport_manpower").await;
    let (status, body) = contractor
        .send(
            Method::POST,
            &format!("/api/data/dailyreport/{yesterday}/copy"),
            None,
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("already exists"),
        "{body}"
    );
    assert_eq!(app.count("SELECT count(*) FROM dailyreport").await, reports);
    assert_eq!(
        app.count("SELECT count(*) FROM dailyreport_manpower").await,
        all_lines
    );
    // The copy's history starts with its creation; each line's creation shows with it.
    let (_, history) = contractor
        .get_json(&format!("/api/data/dailyreport/{id}/history"))
        .await;
    let created_lines = history["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["line"].is_string() && e["action"] == "create")
        .count() as i64;
    assert_eq!(created_lines, original_lines);
}
