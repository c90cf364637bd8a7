//! The business-process engine over HTTP against the real PostgreSQL, on the RFI register: numbering inside the
//! create's transaction (also under 20 parallel creates), the workflow's transitions and every refusal (illegal,
//! not your turn, missing field, stale version, a plain update of the state or of a frozen field), ball-in-court
//! in the pending list and the access it gives, the hand-off mail, and the record's history.

use std::collections::BTreeSet;

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{field_messages, spawn_seeded_app, spawn_seeded_app_with, SmtpSink, TestApp};

async fn package_id(app: &TestApp, code: &str) -> i64 {
    app.db()
        .await
        .query_one("SELECT id FROM package WHERE c_code = $1", &[&code])
        .await
        .unwrap()
        .get(0)
}

async fn user_id(app: &TestApp, username: &str) -> i64 {
    app.db()
        .await
        .query_one("SELECT id FROM users WHERE c_username = $1", &[&username])
        .await
        .unwrap()
        .get(0)
}

struct People {
    contractor: TestApp,
    engineer: TestApp,
    viewer: TestApp,
    engineer_id: i64,
    contractor_id: i64,
}

async fn people(app: &TestApp) -> People {
    People {
        contractor: app.with_token(&app.sign_in("contractor", "Contractor@123").await),
        engineer: app.with_token(&app.sign_in("engineer", "Engineer@123").await),
        viewer: app.with_token(&app.sign_in("viewer", "Viewer@123").await),
        engineer_id: user_id(app, "engineer").await,
        contractor_id: user_id(app, "contractor").await,
    }
}

async fn transition(
    app: &TestApp,
    id: i64,
    name: &str,
    version: i64,
    fields: Value,
    comment: Option<&str>,
) -> (u16, Value) {
    app.send(
        Method::POST,
        &format!("/api/data/rfi/{id}/transition"),
        Some(&json!({"transition": name, "n_row_version": version, "fields": fields, "comment": comment})),
    )
    .await
}

#[tokio::test]
async fn an_rfi_walks_from_draft_to_closed_with_every_refusal_on_the_way() {
    let app = spawn_seeded_app().await;
    let p = people(&app).await;
    let package = package_id(&app, "C1-V01").await;
    let before: i64 = app
        .count(&format!(
            "SELECT count(*) FROM rfi WHERE n_package = {package}"
        ))
        .await;

    // Raised by the contractor: numbered in the package, in Draft, waiting on its raiser.
    let (status, created) = p.contractor.send(Method::POST,
        "/api/data/rfi",
        Some(&json!({
            "n_package": package, "c_subject": "Pier P114 anchor bolt projection",
            "c_question": "Drawing shows 150 mm projection; the bearing needs 180 mm. Which governs?",
            "n_assigned_to": p.engineer_id, "c_rfi_no": "MINE-1", "c_state": "Closed"
        })),
    )
    .await;
    // A number or state the client sends is not the client's to set.
    assert_eq!(status, 422, "{created}");
    let (status, created) = p.contractor.send(Method::POST,
        "/api/data/rfi",
        Some(&json!({
            "n_package": package, "c_subject": "Pier P114 anchor bolt projection",
            "c_question": "Drawing shows 150 mm projection; the bearing needs 180 mm. Which governs?",
            "n_assigned_to": p.engineer_id
        })),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let record = &created["data"];
    assert_eq!(
        record["c_rfi_no"],
        format!("C1-V01-RFI-{:05}", before + 1),
        "{record}"
    );
    assert_eq!(record["c_state"], "Draft");
    assert_eq!(record["n_ball_in_court"], p.contractor_id);
    assert_eq!(record["n_raised_by"], p.contractor_id);

    // The state changes only through transitions.
    let (status, body) = p
        .contractor
        .send(
            Method::PUT,
            &format!("/api/data/rfi/{id}"),
            Some(&json!({"n_row_version": 1, "c_state": "Closed"})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(field_messages(&body).contains_key("c_state"), "{body}");

    // Unknown and illegal transitions name the ones allowed now.
    let (status, body) = transition(&p.contractor, id, "approve", 1, json!({}), None).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "PMIS-R409T");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("Submit to engineer (`submit`)"),
        "{body}"
    );
    let (status, body) = transition(&p.contractor, id, "close", 1, json!({}), None).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("Close cannot be done while the RFI is Draft"),
        "{body}"
    );

    // Submit requires the due date: 422 under the field, nothing changed.
    let (status, body) = transition(&p.contractor, id, "submit", 1, json!({}), None).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_messages(&body)["d_due"],
        "Response needed by is required to Submit to engineer"
    );
    // Not the engineer's turn to submit.
    let (status, body) = transition(
        &p.engineer,
        id,
        "submit",
        1,
        json!({"d_due": "2026-12-31"}),
        None,
    )
    .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["code"], "PMIS-R403T");
    // The viewer, without the register and not in court, learns nothing.
    let (status, _) = transition(
        &p.viewer,
        id,
        "submit",
        1,
        json!({"d_due": "2026-12-31"}),
        None,
    )
    .await;
    assert!(status == 403 || status == 404, "{status}");

    let (status, body) = transition(
        &p.contractor,
        id,
        "submit",
        1,
        json!({"d_due": "2026-12-31"}),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["c_state"], "Open");
    assert_eq!(body["data"]["n_ball_in_court"], p.engineer_id);
    assert_eq!(body["data"]["d_due"], "2026-12-31");
    let version = body["data"]["n_row_version"].as_i64().unwrap();

    // The hand-off queued a mail to the engineer with the number and a link that opens the record.
    let db = app.db().await;
    let mail = db
        .query_one(
            "SELECT c_to, c_subject, c_body FROM mail_outbox WHERE c_purpose = 'workflow' ORDER BY id DESC LIMIT 1",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(mail.get::<_, String>(0), "arjun.mehta@pmc.example");
    let number = body["data"]["c_rfi_no"].as_str().unwrap().to_owned();
    assert!(mail.get::<_, String>(1).contains(&number));
    let text: String = mail.get(2);
    assert!(
        text.contains("/contract-data-entry/rfi?record=r."),
        "{text}"
    );
    assert!(text.contains("Due: 31 Dec, 2026"), "{text}");

    // The engineer's pending list shows it, with the link to the record and the days waiting.
    let (status, groups) = p.engineer.get_json("/api/custom/pendinglist").await;
    assert_eq!(status, 200);
    let group = groups
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["title"] == "RFI")
        .expect("an RFI group");
    let mine = group["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["c_doc_no"] == number.as_str())
        .expect("the submitted RFI");
    assert_eq!(mine["title"], "Pier P114 anchor bolt projection");
    assert_eq!(mine["days_waiting"], 0);
    assert!(mine["record_url"]
        .as_str()
        .unwrap()
        .starts_with("/contract-data-entry/rfi?record=r."));

    // The question is frozen after Draft.
    let (status, body) = p
        .contractor
        .send(
            Method::PUT,
            &format!("/api/data/rfi/{id}"),
            Some(&json!({"n_row_version": version, "c_question": "Changed after submission"})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_messages(&body)["c_question"],
        "Question cannot be changed while the RFI is Open (with engineer)"
    );

    // Answer: requires the response; a field the transition does not take is refused; a stale version is 409.
    let (status, body) = transition(&p.engineer, id, "answer", version, json!({}), None).await;
    assert_eq!(status, 422, "{body}");
    assert!(field_messages(&body).contains_key("c_response"));
    let (status, body) = transition(
        &p.engineer,
        id,
        "answer",
        version,
        json!({"c_response": "Use 180 mm.", "c_subject": "Renamed"}),
        None,
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_messages(&body)["c_subject"],
        "Subject is not changed by Answer"
    );
    let (status, body) = transition(
        &p.engineer,
        id,
        "answer",
        version - 1,
        json!({"c_response": "Use 180 mm."}),
        None,
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["code"], "PMIS-R409V");
    let (status, body) = transition(
        &p.engineer,
        id,
        "answer",
        version,
        json!({"c_response": "Use 180 mm projection as per bearing supplier's drawing.", "c_cost_impact": "No"}),
        Some("Checked with the bearing supplier"),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["c_state"], "Answered");
    assert_eq!(body["data"]["n_ball_in_court"], p.contractor_id);
    assert!(body["data"]["d_answered"].is_string());
    let version = body["data"]["n_row_version"].as_i64().unwrap();

    // Close by the raiser; the ball leaves the court.
    let (status, body) = transition(&p.engineer, id, "close", version, json!({}), None).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = transition(&p.contractor, id, "close", version, json!({}), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["c_state"], "Closed");
    assert!(body["data"]["n_ball_in_court"].is_null());

    // Each transition left its event and its audit row in the same transaction.
    let events = app
        .count(&format!(
            "SELECT count(*) FROM workflow_event WHERE c_entry = 'rfi' AND c_key = '{id}'"
        ))
        .await;
    assert_eq!(events, 3);
    assert_eq!(
        app.audit_actions("rfi", &id.to_string()).await,
        [
            "create",
            "transition:submit",
            "transition:answer",
            "transition:close"
        ]
    );

    // The history, newest first, field by field with labels and names.
    let (status, history) = p
        .contractor
        .get_json(&format!("/api/data/rfi/{id}/history"))
        .await;
    assert_eq!(status, 200, "{history}");
    let entries = history["data"].as_array().unwrap();
    let actions: Vec<&str> = entries
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        ["transition", "transition", "transition", "create"]
    );
    assert_eq!(entries[0]["transition"], "Close");
    assert_eq!(entries[0]["from"], "Answered (with raiser)");
    assert_eq!(entries[0]["to"], "Closed");
    assert_eq!(entries[1]["comment"], "Checked with the bearing supplier");
    assert_eq!(entries[1]["by"], "Arjun Mehta");
    let moved = entries[2]["changes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["field"] == "n_ball_in_court")
        .expect("the ball moved on submit");
    assert_eq!(moved["label"], "Waiting on");
    assert_eq!(moved["before"], "Rahul Verma");
    assert_eq!(moved["after"], "Arjun Mehta");

    // A closed record: nothing but Reopen, with its required comment.
    let version = app
        .count(&format!(
            "SELECT n_row_version::int8 FROM rfi WHERE id = {id}"
        ))
        .await;
    let (status, body) = transition(&p.contractor, id, "reopen", version, json!({}), None).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_messages(&body)["comment"],
        "A comment is required to Reopen"
    );
}

#[tokio::test]
async fn the_person_in_court_opens_and_acts_without_the_register_and_nobody_else_gains() {
    let app = spawn_seeded_app().await;
    let p = people(&app).await;
    // The engineer loses the register's route: only what waits on them stays open to them.
    app.execute(
        "DELETE FROM user_permission_nav WHERE n_user_id = (SELECT id FROM users WHERE c_username = 'engineer')
           AND n_nav_id = (SELECT id FROM navigation WHERE c_route = '/contract-data-entry/rfi')",
    )
    .await;
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let waiting = app
        .count(&format!(
            "SELECT min(id) FROM rfi WHERE n_ball_in_court = {} AND c_state = 'Open'",
            p.engineer_id
        ))
        .await;
    let elsewhere = app
        .count("SELECT min(id) FROM rfi WHERE c_state = 'Draft'")
        .await;
    let (status, record) = engineer.get_json(&format!("/api/data/rfi/{waiting}")).await;
    assert_eq!(status, 200, "{record}");
    let (status, _) = engineer
        .get_json(&format!("/api/data/rfi/{elsewhere}"))
        .await;
    assert_eq!(status, 404);
    // The screen describes the register to them, marked as waiting-only, with no actions.
    let (status, meta) = engineer
        .get_json("/api/screen?route=/contract-data-entry/rfi")
        .await;
    assert_eq!(status, 200, "{meta}");
    assert_eq!(meta["waiting_only"], true);
    assert_eq!(meta["actions"]["create"], false);
    assert_eq!(meta["workflow"]["state_column"], "c_state");
    assert_eq!(meta["numbering"]["column"], "c_rfi_no");
    // A plain update is not theirs; the transition is.
    let version = record["n_row_version"].as_i64().unwrap();
    let (status, _) = engineer
        .send(
            Method::PUT,
            &format!("/api/data/rfi/{waiting}"),
            Some(&json!({"n_row_version": version, "c_reference": "X"})),
        )
        .await;
    assert_eq!(status, 403);
    let (status, body) = transition(
        &engineer,
        waiting,
        "answer",
        version,
        json!({"c_response": "Proceed as drawn."}),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // Once answered it waits on the raiser: the engineer no longer reaches it.
    let (status, _) = engineer.get_json(&format!("/api/data/rfi/{waiting}")).await;
    assert_eq!(status, 404);
    let (status, _) = transition(&engineer, elsewhere, "answer", 1, json!({}), None).await;
    assert!(status == 403 || status == 404, "{status}");
    // The viewer has neither the register nor anything waiting.
    let (status, list) = p
        .viewer
        .send(Method::GET, "/api/custom/selectall?t=rfi", None)
        .await;
    assert!(status == 200 || status == 403, "{status}");
    if status == 200 {
        assert_eq!(list["data"].as_array().map_or(0, Vec::len), 0, "{list}");
    }
}

#[tokio::test]
async fn fifty_parallel_creates_in_one_package_get_fifty_consecutive_numbers() {
    let app = spawn_seeded_app().await;
    let engineer = user_id(&app, "engineer").await;
    let package = package_id(&app, "C2-V02").await;
    let start: i64 = app
        .count(&format!(
            "SELECT coalesce(max(n_last), 0) FROM doc_sequence WHERE c_entry = 'rfi' AND c_scope = '{package}'"
        ))
        .await;
    let creates = (0..50).map(|n| {
        let app = app.clone();
        async move {
            app.send(
                Method::POST,
                "/api/data/rfi",
                Some(&json!({
                    "n_package": package, "c_subject": format!("Parallel question {n}"),
                    "c_question": "Which detail governs?", "n_assigned_to": engineer
                })),
            )
            .await
        }
    });
    let answers = futures_util::future::join_all(creates).await;
    let mut numbers = BTreeSet::new();
    for (status, body) in answers {
        assert_eq!(status, 201, "{body}");
        numbers.insert(body["data"]["c_rfi_no"].as_str().unwrap().to_owned());
    }
    let expected: BTreeSet<String> = (start + 1..=start + 50)
        .map(|n| format!("C2-V02-RFI-{n:05}"))
        .collect();
    assert_eq!(numbers, expected);
}

#[tokio::test]
async fn the_hand_off_mail_reaches_the_smtp_server_with_a_link_to_the_record() {
    let sink = SmtpSink::accepting();
    let url = sink.url();
    let app = spawn_seeded_app_with(move |settings| {
        settings.mail.smtp_url = Some(url);
        settings.mail.poll = std::time::Duration::from_millis(50);
    })
    .await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let package = package_id(&app, "C1-V01").await;
    let engineer = user_id(&app, "engineer").await;
    let (status, created) = contractor.send(Method::POST,
        "/api/data/rfi",
        Some(&json!({"n_package": package, "c_subject": "Cable trough cover level",
                     "c_question": "Flush with the walkway or 25 mm above?", "n_assigned_to": engineer,
                     "d_due": "2026-12-15"})),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let (status, body) = transition(&contractor, id, "submit", 1, json!({}), None).await;
    assert_eq!(status, 200, "{body}");
    let messages = sink.wait_for(1, std::time::Duration::from_secs(20)).await;
    let mail = messages
        .iter()
        .find(|m| m["rcpt_tos"] == json!(["arjun.mehta@pmc.example"]))
        .expect("a message to the engineer");
    // The body is quoted-printable: join its soft line breaks and decode `=3D`.
    let data = mail["data"]
        .as_str()
        .unwrap()
        .replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=3D", "=");
    assert!(
        data.contains(created["data"]["c_rfi_no"].as_str().unwrap()),
        "{data}"
    );
    assert!(
        data.contains("/contract-data-entry/rfi?record=r."),
        "{data}"
    );
    assert!(data.contains("Cable trough cover level"), "{data}");
}

#[tokio::test]
async fn a_record_loaded_with_its_events_shows_them_in_its_history() {
    let app = spawn_seeded_app().await;
    let closed = app
        .count("SELECT min(id) FROM rfi WHERE c_state = 'Closed'")
        .await;
    let (status, history) = app
        .get_json(&format!("/api/data/rfi/{closed}/history"))
        .await;
    assert_eq!(status, 200, "{history}");
    let steps: Vec<&str> = history["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["transition"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(steps, ["Close", "Answer", "Submit to engineer"]);
    assert_eq!(history["data"][1]["by"], "Arjun Mehta");
}

#[tokio::test]
async fn people_are_searched_as_one_types_twenty_at_a_time() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let (status, found) = contractor
        .post_json(
            "/api/custom/datatable",
            &json!({"t": "v_user_list", "draw": 1, "start": 0, "length": 20, "search": {"value": "arj"}}),
        )
        .await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(found["recordsFiltered"], 1, "{found}");
    assert_eq!(found["data"][0]["name"], "Arjun Mehta");
    assert_eq!(found["data"][0]["email"], "arjun.mehta@pmc.example");
}
