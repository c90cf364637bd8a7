//! The NCR register, declared only in a migration and registry files, walked over HTTP from both sides: raised by
//! the engineer and waiting on the contractor's responder at once (with the hand-off mail), the contractor unable to
//! raise one, each side editing only its own fields and lines, a concession guarded to the employer's approver,
//! closing guarded by the open corrective actions, a due date per step, lines in the record's History.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{field_messages, spawn_seeded_app, TestApp};

async fn one(app: &TestApp, sql: &str) -> i64 {
    app.db()
        .await
        .query_one(sql, &[])
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .get(0)
}

async fn step(
    app: &TestApp,
    id: i64,
    name: &str,
    fields: Value,
    comment: Option<&str>,
) -> (u16, Value) {
    let version = one(
        app,
        &format!("SELECT n_row_version::int8 FROM ncr WHERE id = {id}"),
    )
    .await;
    app.send(
        Method::POST,
        &format!("/api/data/ncr/{id}/transition"),
        Some(&json!({"transition": name, "n_row_version": version, "fields": fields, "comment": comment})),
    )
    .await
}

async fn update(app: &TestApp, id: i64, fields: Value) -> (u16, Value) {
    let version = one(
        app,
        &format!("SELECT n_row_version::int8 FROM ncr WHERE id = {id}"),
    )
    .await;
    let mut body = fields;
    body["n_row_version"] = json!(version);
    app.send(Method::PUT, &format!("/api/data/ncr/{id}"), Some(&body))
        .await
}

#[tokio::test]
async fn an_ncr_walks_from_the_engineer_to_the_contractor_and_back_to_closed() {
    let app = spawn_seeded_app().await;
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let employer = app.with_token(&app.sign_in("employer", "Employer@123").await);
    let c1 = one(&app, "SELECT id FROM package WHERE c_code = 'C1-V01'").await;
    let rahul = one(&app, "SELECT id FROM users WHERE c_username = 'contractor'").await;
    let meera = one(&app, "SELECT id FROM users WHERE c_username = 'employer'").await;
    let ncr = json!({"n_package": c1, "c_title": "Spalling at pier P118", "c_description": "Spalled cover, 0.2 m2.",
                     "c_severity": "Major", "d_observed": "2026-11-20", "n_responder": rahul,
                     "d_response_due": "2026-11-30"});

    // The contractor may respond to NCRs, not raise them.
    let (status, body) = contractor
        .send(Method::POST, "/api/data/ncr", Some(&ncr))
        .await;
    assert_eq!(status, 403, "{body}");
    // The engineer cannot fill the contractor's response when raising it.
    let mut nosy = ncr.clone();
    nosy["c_root_cause"] = json!("Careless crew");
    let (status, body) = engineer
        .send(Method::POST, "/api/data/ncr", Some(&nosy))
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(
        field_messages(&body)["c_root_cause"].contains("filled in by the user in Responder"),
        "{body}"
    );
    let mails = app.count("SELECT count(*) FROM mail_outbox").await;
    let (status, created) = engineer
        .send(Method::POST, "/api/data/ncr", Some(&ncr))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    assert_eq!(created["data"]["c_state"], "Open");
    assert_eq!(
        created["data"]["n_ball_in_court"], rahul,
        "with the contractor at once"
    );
    assert!(created["data"]["c_ncr_no"]
        .as_str()
        .unwrap()
        .starts_with("C1-V01-NCR-"));
    assert_eq!(
        app.count("SELECT count(*) FROM mail_outbox").await,
        mails + 1
    );
    let subject = app
        .db()
        .await
        .query_one(
            "SELECT c_subject, c_to FROM mail_outbox ORDER BY id DESC LIMIT 1",
            &[],
        )
        .await
        .unwrap();
    assert!(
        subject.get::<_, String>(0).contains("is waiting on you"),
        "{:?}",
        subject.get::<_, String>(0)
    );
    assert_eq!(
        subject.get::<_, String>(1),
        "rahul.verma@contractor.example"
    );
    // It is in the contractor's pending list with the response due.
    let (_, pending) = contractor.get_json("/api/custom/pendinglist").await;
    let group = pending
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["url"] == "/contract-data-entry/ncr")
        .unwrap()
        .clone();
    assert!(
        group["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["due"] == "2026-11-30"),
        "{group}"
    );

    // Each side edits only its own fields.
    let (status, body) = update(&contractor, id, json!({"c_title": "Minor spalling"})).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        field_messages(&body)["c_title"].contains("changed by the person who raised the NCR only"),
        "{body}"
    );
    let (status, body) = update(&engineer, id, json!({"c_root_cause": "Poor compaction"})).await;
    assert_eq!(status, 422, "{body}");
    let (status, body) = update(
        &contractor,
        id,
        json!({"c_root_cause": "Poor compaction at the joint"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // The corrective actions are the contractor's lines.
    let action = |text: &str| json!({"n_ncr": id, "c_action": text, "d_target": "2026-12-05", "n_owner": rahul});
    let (status, body) = engineer
        .send(
            Method::POST,
            "/api/data/ncr_action",
            Some(&action("Engineer's idea")),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    let (status, line) = contractor
        .send(
            Method::POST,
            "/api/data/ncr_action",
            Some(&action("Repair with micro-concrete")),
        )
        .await;
    assert_eq!(status, 201, "{line}");
    let line_id = line["id"].as_i64().unwrap();

    // The response needs its root cause, disposition and corrective action; the engineer cannot respond.
    let (status, _) = step(&engineer, id, "respond", json!({}), None).await;
    assert_eq!(status, 403);
    let (status, body) = step(&contractor, id, "respond", json!({}), None).await;
    assert_eq!(status, 422, "{body}");
    assert!(field_messages(&body).contains_key("c_disposition"));
    let (status, body) = step(
        &contractor,
        id,
        "respond",
        json!({"c_disposition": "Concession", "c_corrective_action": "Apply protective coating"}),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["c_state"], "Responded");
    assert!(
        body["data"]["d_verification_due"].is_string(),
        "the verification step's due date: {body}"
    );
    // A concession cannot be accepted by the engineer: it goes to the employer's approver, who is never the raiser.
    let (status, body) = step(&engineer, id, "verify", json!({}), None).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("A concession needs the employer's approval"),
        "{body}"
    );
    let engineer_id = one(&app, "SELECT id FROM users WHERE c_username = 'engineer'").await;
    let (status, body) = step(
        &engineer,
        id,
        "refer_to_client",
        json!({"n_client_approver": engineer_id}),
        None,
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert!(
        field_messages(&body).contains_key("n_client_approver"),
        "{body}"
    );
    let (status, body) = step(
        &engineer,
        id,
        "refer_to_client",
        json!({"n_client_approver": meera}),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["n_ball_in_court"], meera);
    let (status, body) = step(
        &employer,
        id,
        "approve_concession",
        json!({}),
        Some("Coating accepted"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["c_state"], "Verified");

    // The response accepted is not the work done: the NCR shows its actions, none done, and the contractor's
    // report of the work waits for every corrective action's done date.
    assert_eq!(
        (
            body["data"]["n_actions"].as_i64(),
            body["data"]["n_actions_done"].as_i64()
        ),
        (Some(1), Some(0)),
        "{body}"
    );
    let (status, body) = step(&contractor, id, "actions_done", json!({}), None).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("Every corrective action needs its done date"),
        "{body}"
    );
    let version = one(
        &app,
        &format!("SELECT n_row_version::int8 FROM ncr_action WHERE id = {line_id}"),
    )
    .await;
    let (status, body) = contractor
        .send(
            Method::PUT,
            &format!("/api/data/ncr_action/{line_id}"),
            Some(
                &json!({"n_row_version": version, "d_done": "2026-12-03", "c_evidence": "Photos"}),
            ),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = step(&contractor, id, "actions_done", json!({}), None).await;
    assert_eq!(status, 200, "{body}");
    // Reported done: the engineer verifies it (the database counted the line's done date).
    assert_eq!(body["data"]["c_state"], "Actions done");
    assert_eq!(
        (
            body["data"]["n_actions"].as_i64(),
            body["data"]["n_actions_done"].as_i64()
        ),
        (Some(1), Some(1)),
        "{body}"
    );
    let engineer_id = one(&app, "SELECT id FROM users WHERE c_username = 'engineer'").await;
    assert_eq!(body["data"]["n_ball_in_court"], engineer_id, "{body}");
    // An action that did not work goes back to the contractor, with the reason.
    let (status, body) = step(
        &engineer,
        id,
        "actions_not_effective",
        json!({}),
        Some("Cover meter readings still short at P114"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["c_state"], "Verified");
    let (status, body) = step(&contractor, id, "actions_done", json!({}), None).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = step(&engineer, id, "close", json!({}), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["c_state"], "Closed");

    // The History tells the whole story, lines included.
    let (_, history) = engineer
        .get_json(&format!("/api/data/ncr/{id}/history"))
        .await;
    let entries = history["data"].as_array().unwrap();
    let line_entries: Vec<&Value> = entries
        .iter()
        .filter(|e| e["line"] == "Corrective actions")
        .collect();
    assert_eq!(
        line_entries.len(),
        2,
        "the line's create and update: {history}"
    );
    let done = line_entries
        .iter()
        .find(|e| e["action"] == "update")
        .unwrap();
    assert!(
        done["changes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["label"] == "Done on"),
        "{done}"
    );
    let steps: Vec<&str> = entries
        .iter()
        .filter_map(|e| e["transition"].as_str())
        .collect();
    assert_eq!(
        steps,
        [
            "Verify and close NCR",
            "Report corrective action done",
            "Return: action not effective",
            "Report corrective action done",
            "Approve concession",
            "Refer concession to employer",
            "Send response to engineer"
        ]
    );
}
