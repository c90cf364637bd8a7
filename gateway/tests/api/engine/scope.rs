//! Package scoping over HTTP against the real PostgreSQL, with two contractors on different packages: each reads,
//! searches, writes and acts only on the rows of their packages, a row of another package answers 404 (its
//! existence not revealed), a child register is scoped through its parent, and the employer's engineer, linked
//! to no package, sees all.

use reqwest::Method;
use serde_json::json;

use crate::helpers::{field_messages, spawn_seeded_app, TestApp};

async fn ids(app: &TestApp, sql: &str) -> Vec<i64> {
    app.db()
        .await
        .query(sql, &[])
        .await
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect()
}

#[tokio::test]
async fn two_contractors_see_and_touch_only_their_own_packages() {
    let app = spawn_seeded_app().await;
    let viaduct = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let tunnel = app.with_token(&app.sign_in("contractor2", "Contractor2@123").await);
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let linked = ids(
        &app,
        "SELECT pu.n_package FROM package_user pu JOIN users u ON u.id = pu.n_user
         WHERE u.c_username = 'contractor' ORDER BY 1",
    )
    .await;
    let (_, me) = viaduct.get_json("/api/auth/me").await;
    assert_eq!(me["packages"], json!(linked));
    let (_, me) = engineer.get_json("/api/auth/me").await;
    assert!(me["packages"].is_null(), "the engineer is not limited");

    // Lists: only the contractor's packages; the engineer sees every RFI.
    let (status, rows) = viaduct
        .get_json("/api/custom/selectall?t=rfi&cols=id,n_package")
        .await;
    assert_eq!(status, 200, "{rows}");
    let rows = rows.as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows
        .iter()
        .all(|r| linked.contains(&r["n_package"].as_i64().unwrap())));
    let everything = app.count("SELECT count(*) FROM rfi").await;
    let (_, all) = engineer
        .get_json("/api/custom/selectall?t=rfi&cols=id")
        .await;
    assert_eq!(all.as_array().unwrap().len() as i64, everything);
    let (status, table) = tunnel
        .post_json(
            "/api/custom/datatable",
            &json!({"t": "rfi", "draw": 1, "start": 0, "length": 100, "search": {"value": "Pier"}}),
        )
        .await;
    assert_eq!(status, 200, "{table}");
    let theirs = app
        .count(
            "SELECT count(*) FROM rfi r JOIN package_user pu ON pu.n_package = r.n_package
             JOIN users u ON u.id = pu.n_user WHERE u.c_username = 'contractor2'",
        )
        .await;
    assert_eq!(table["recordsTotal"].as_i64(), Some(theirs), "{table}");

    // Another contractor's RFI does not exist for the tunnel contractor, whatever they try.
    let foreign = ids(
        &app,
        "SELECT r.id FROM rfi r JOIN package_user pu ON pu.n_package = r.n_package
         JOIN users u ON u.id = pu.n_user WHERE u.c_username = 'contractor' ORDER BY r.id LIMIT 1",
    )
    .await[0];
    for (method, path, body) in [
        (Method::GET, format!("/api/data/rfi/{foreign}"), None),
        (
            Method::GET,
            format!("/api/data/rfi/{foreign}/history"),
            None,
        ),
        (
            Method::PUT,
            format!("/api/data/rfi/{foreign}"),
            Some(json!({"n_row_version": 1, "c_reference": "X"})),
        ),
        (
            Method::POST,
            format!("/api/data/rfi/{foreign}/transition"),
            Some(json!({"transition": "close", "n_row_version": 1})),
        ),
    ] {
        let (status, body) = tunnel.send(method.clone(), &path, body.as_ref()).await;
        assert_eq!(status, 404, "{method} {path}: {body}");
        assert_eq!(body["code"], "PMIS-R404D");
    }

    // Nor another contractor's daily report (the tunnel contractor may delete their own drafts).
    let draft = ids(
        &app,
        "SELECT id FROM dailyreport WHERE c_state = 'Draft' ORDER BY id LIMIT 1",
    )
    .await[0];
    let (status, body) = tunnel
        .send(
            Method::DELETE,
            &format!("/api/data/dailyreport/{draft}?n_row_version=1"),
            None,
        )
        .await;
    assert_eq!(status, 404, "{body}");

    // Writing into another contractor's package is refused under the field.
    let engineer_id = ids(&app, "SELECT id FROM users WHERE c_username = 'engineer'").await[0];
    let (status, body) = tunnel.send(Method::POST,
        "/api/data/rfi",
        Some(&json!({"n_package": linked[0], "c_subject": "Not mine", "c_question": "?", "n_assigned_to": engineer_id})),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_messages(&body)["n_package"],
        "Package: choose one of the packages you are linked to"
    );

    // A child register follows its parent: the viaduct contractor's daily report lines are not the tunnel's.
    let report = ids(
        &app,
        &format!(
            "SELECT id FROM dailyreport WHERE n_package = {} ORDER BY id LIMIT 1",
            linked[0]
        ),
    )
    .await[0];
    let (status, lines) = tunnel
        .get_json(&format!(
            "/api/custom/selectall?t=dailyreport_manpower&whrc=n_report%20%3D%20{report}"
        ))
        .await;
    assert_eq!(status, 200, "{lines}");
    assert_eq!(lines, json!([]));
    let (status, lines) = viaduct
        .get_json(&format!(
            "/api/custom/selectall?t=dailyreport_manpower&whrc=n_report%20%3D%20{report}"
        ))
        .await;
    assert_eq!(status, 200);
    assert_eq!(lines.as_array().unwrap().len(), 5);
    let (status, body) = tunnel
        .send(
            Method::POST,
            "/api/data/dailyreport_manpower",
            Some(&json!({"n_report": report, "c_trade": "Mason", "n_count": 2, "n_hours": 8})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(field_messages(&body).contains_key("n_report"), "{body}");
}
