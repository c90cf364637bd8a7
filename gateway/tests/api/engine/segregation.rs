//! Workflows people can trust, over HTTP against the real PostgreSQL: who may be picked for the people a record is
//! handed to (`[workflow.people]`), nobody approving their own record, a record never handed to someone who cannot
//! open it (nor listed or mailed to them), opaque references that do not reveal the record's key, and transition
//! bodies naming columns the system sets. Each of these was found possible before (docs in the issue "Workflows
//! people can trust").

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{field_messages, spawn_seeded_app, TestApp};

async fn id_of(app: &TestApp, sql: &str) -> i64 {
    app.db()
        .await
        .query_one(sql, &[])
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .get(0)
}

async fn user(app: &TestApp, username: &str) -> i64 {
    id_of(
        app,
        &format!("SELECT id FROM users WHERE c_username = '{username}'"),
    )
    .await
}

async fn package(app: &TestApp, code: &str) -> i64 {
    id_of(
        app,
        &format!("SELECT id FROM package WHERE c_code = '{code}'"),
    )
    .await
}

fn rfi(package: i64, assignee: i64) -> Value {
    json!({"n_package": package, "c_subject": "Which cover governs?", "c_question": "Drawing or specification?",
           "n_assigned_to": assignee, "d_due": "2099-01-31"})
}

async fn transition(
    app: &TestApp,
    entry: &str,
    id: i64,
    name: &str,
    fields: Value,
    comment: Option<&str>,
) -> (u16, Value) {
    let version = id_of(
        app,
        &format!("SELECT n_row_version::int8 FROM {entry} WHERE id = {id}"),
    )
    .await;
    app.send(
        Method::POST,
        &format!("/api/data/{entry}/{id}/transition"),
        Some(&json!({"transition": name, "n_row_version": version, "fields": fields, "comment": comment})),
    )
    .await
}

#[tokio::test]
async fn an_rfi_is_answered_only_by_the_employers_engineers_and_never_by_its_raiser() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let admin = app.with_token(&app.sign_in("admin", "Admin@123").await);
    let c1 = package(&app, "C1-V01").await;
    // The contractor assigns it to themselves, to the read-only viewer, to another contractor: each refused under
    // the field, in words, and nothing stored.
    for (who, why) in [
        ("contractor", "not the person who raised"),
        ("viewer", "who may update on RFI"),
        (
            "contractor2",
            "of the employer's staff or the engineer's staff",
        ),
        ("admin", "never the system administrator's account"),
    ] {
        let before = app.count("SELECT count(*) FROM rfi").await;
        let (status, body) = contractor
            .send(
                Method::POST,
                "/api/data/rfi",
                Some(&rfi(c1, user(&app, who).await)),
            )
            .await;
        assert_eq!(status, 422, "{who}: {body}");
        let message = &field_messages(&body)["n_assigned_to"];
        assert!(
            message.contains("cannot be chosen here") && message.contains(why),
            "{who}: {message}"
        );
        assert_eq!(app.count("SELECT count(*) FROM rfi").await, before);
    }
    // Assigned to the engineer it goes through; changing the assignee to oneself later is refused too.
    let (status, created) = contractor
        .send(
            Method::POST,
            "/api/data/rfi",
            Some(&rfi(c1, user(&app, "engineer").await)),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let (status, body) = contractor
        .send(
            Method::PUT,
            &format!("/api/data/rfi/{id}"),
            Some(&json!({"n_row_version": 1, "n_assigned_to": user(&app, "contractor").await})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(field_messages(&body).contains_key("n_assigned_to"));
    // An RFI stored before the rule (assigned to its own raiser) cannot be handed over: refused at the hand-off.
    app.execute(&format!(
        "UPDATE rfi SET n_assigned_to = n_raised_by WHERE id = {id}"
    ))
    .await;
    let (status, body) = transition(&contractor, "rfi", id, "submit", json!({}), None).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        field_messages(&body).contains_key("n_assigned_to"),
        "{body}"
    );
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM rfi WHERE id = {id} AND c_state = 'Draft'"
        ))
        .await,
        1
    );

    // Even a superadmin does not answer an RFI they raised.
    let (status, created) = admin
        .send(
            Method::POST,
            "/api/data/rfi",
            Some(&rfi(c1, user(&app, "engineer").await)),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let own = created["id"].as_i64().unwrap();
    let (status, body) = transition(&admin, "rfi", own, "submit", json!({}), None).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = transition(
        &admin,
        "rfi",
        own,
        "answer",
        json!({"c_response": "Mine."}),
        None,
    )
    .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["code"], "PMIS-R403T");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("You raised this RFI"),
        "{body}"
    );
}

#[tokio::test]
async fn the_people_picker_offers_only_who_may_be_picked() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let (status, body) = contractor
        .get_json("/api/data/rfi/people/n_assigned_to")
        .await;
    assert_eq!(status, 200, "{body}");
    let names: Vec<&str> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Arjun Mehta"), "{names:?}");
    // Nor the system administrator's account (MRC, every route): no person of the project.
    for absent in [
        "Rahul Verma",
        "Sunil Rao",
        "Priya Raman",
        "Meera Iyer",
        "PMIS Administrator",
    ] {
        assert!(!names.contains(&absent), "{absent} offered: {names:?}");
    }
    assert_eq!(body["recordsFiltered"], names.len());
    let (_, found) = contractor
        .get_json("/api/data/rfi/people/n_assigned_to?search=arj")
        .await;
    assert_eq!(found["data"][0]["organization"], "GC", "{found}");
    // The NCR's responder is the contractor's person linked to the NCR's package; the engineer raising it sees them.
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let c1 = package(&app, "C1-V01").await;
    let ug = package(&app, "C1-UG01").await;
    let (_, on_viaduct) = engineer
        .get_json(&format!("/api/data/ncr/people/n_responder?package={c1}"))
        .await;
    let names: Vec<&str> = on_viaduct["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Rahul Verma"], "{on_viaduct}");
    let (_, on_tunnel) = engineer
        .get_json(&format!("/api/data/ncr/people/n_responder?package={ug}"))
        .await;
    let names: Vec<&str> = on_tunnel["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Sunil Rao"], "{on_tunnel}");
    // A column without a rule has no picker of its own.
    let (status, _) = contractor
        .get_json("/api/data/rfi/people/n_raised_by")
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_record_is_never_handed_to_listed_for_or_mailed_to_someone_who_cannot_open_it() {
    let app = spawn_seeded_app().await;
    // An engineer of the employer's side who may answer RFIs but works only on the underground package.
    app.execute(
        "INSERT INTO users (c_username, c_name, c_email, c_password_hash, n_active, n_organization)
         SELECT 'tunnel.engineer', 'Kavya Rao', 'kavya.rao@metrogc.example', '!', 1, id FROM organization WHERE c_code = 'GC';
         INSERT INTO user_permission_nav (n_user_id, n_nav_id)
         SELECT u.id, n.id FROM users u, navigation n WHERE u.c_username = 'tunnel.engineer' AND n.c_route = '/contract-data-entry/rfi';
         INSERT INTO package_user (n_package, n_user, c_role, d_from)
         SELECT p.id, u.id, 'Resident engineer', DATE '2025-01-01' FROM package p, users u
         WHERE p.c_code = 'C1-UG01' AND u.c_username = 'tunnel.engineer';",
    )
    .await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let c1 = package(&app, "C1-V01").await;
    let tunnel = user(&app, "tunnel.engineer").await;
    // The picker leaves them out for a record of C1-V01? The rule does not ask for package members, so they may be
    // assigned; handing the RFI to them is what must fail, in words, naming the field.
    let (status, created) = contractor
        .send(Method::POST, "/api/data/rfi", Some(&rfi(c1, tunnel)))
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let mails = app.count("SELECT count(*) FROM mail_outbox").await;
    let (status, body) = transition(&contractor, "rfi", id, "submit", json!({}), None).await;
    assert_eq!(status, 422, "{body}");
    let message = &field_messages(&body)["n_assigned_to"];
    assert!(
        message.contains("Kavya Rao cannot open this RFI"),
        "{message}"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM mail_outbox").await,
        mails,
        "no mail about it"
    );
    // Records waiting on contractor2 in packages they are not linked to (set behind the engine's back) are not in
    // their pending list.
    app.execute(&format!(
        "UPDATE rfi SET n_ball_in_court = (SELECT id FROM users WHERE c_username = 'contractor2'), c_state = 'Answered'
         WHERE id = {id}"
    ))
    .await;
    let contractor2 = app.with_token(&app.sign_in("contractor2", "Contractor2@123").await);
    let (status, pending) = contractor2.get_json("/api/custom/pendinglist").await;
    assert_eq!(status, 200);
    let number = created["data"]["c_rfi_no"].as_str().unwrap();
    assert!(!pending.to_string().contains(number), "{pending}");
    // Opening a record by an opaque reference that is not theirs says nothing about its key.
    let reference = app
        .with_token(&app.sign_in("contractor", "Contractor@123").await)
        .get_json("/api/custom/pendinglist")
        .await
        .1
        .as_array()
        .unwrap()
        .iter()
        .filter(|group| group["url"] == "/contract-data-entry/rfi")
        .flat_map(|group| group["data"].as_array().unwrap().clone())
        .map(|doc| doc["id"].as_str().unwrap().to_owned())
        .next()
        .expect("something waits on the contractor");
    let (status, body) = contractor2
        .get_json(&format!("/api/data/rfi/{reference}"))
        .await;
    assert_eq!(status, 404, "{body}");
    let message = body["message"].as_str().unwrap();
    assert_eq!(
        message,
        "This RFI does not exist, or is not one you may open"
    );
    assert!(!message.chars().any(|c| c.is_ascii_digit()), "{message}");
}

#[tokio::test]
async fn a_daily_report_is_reviewed_by_an_engineer_never_its_author() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let c1 = package(&app, "C1-V01").await;
    let report = |reviewer: i64| {
        json!({"n_package": c1, "d_report_date": "2026-01-05", "c_shift": "Day", "c_weather": "Clear",
               "n_reviewer": reviewer})
    };
    let (status, body) = contractor
        .send(
            Method::POST,
            "/api/data/dailyreport",
            Some(&report(user(&app, "contractor").await)),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(
        field_messages(&body)["n_reviewer"].contains("not the person who raised"),
        "{body}"
    );
    let (status, created) = contractor
        .send(
            Method::POST,
            "/api/data/dailyreport",
            Some(&report(user(&app, "engineer").await)),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    // Its author cannot review it even when named reviewer behind the engine's back.
    app.execute(&format!(
        "UPDATE dailyreport SET n_reviewer = n_created_by WHERE id = {id}"
    ))
    .await;
    let (status, body) =
        transition(&contractor, "dailyreport", id, "submit", json!({}), None).await;
    assert_eq!(status, 422, "{body}");
    app.execute(&format!(
        "UPDATE dailyreport SET n_reviewer = n_created_by, c_state = 'Submitted', n_ball_in_court = n_created_by WHERE id = {id}"
    ))
    .await;
    let (status, body) =
        transition(&contractor, "dailyreport", id, "review", json!({}), None).await;
    assert_eq!(status, 403, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("You raised this Daily report"),
        "{body}"
    );
}

#[tokio::test]
async fn a_transition_naming_columns_the_system_sets_is_refused() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let c1 = package(&app, "C1-V01").await;
    let (_, created) = contractor
        .send(
            Method::POST,
            "/api/data/rfi",
            Some(&rfi(c1, user(&app, "engineer").await)),
        )
        .await;
    let id = created["id"].as_i64().unwrap();
    let (status, body) = transition(
        &contractor,
        "rfi",
        id,
        "submit",
        json!({"n_ball_in_court": user(&app, "contractor2").await, "c_rfi_no": "MINE-1", "d_answered": "2026-01-01"}),
        None,
    )
    .await;
    assert_eq!(status, 422, "{body}");
    let fields = field_messages(&body);
    for column in ["n_ball_in_court", "c_rfi_no", "d_answered"] {
        assert!(
            fields.get(column).is_some_and(|m| m.contains("is set by")),
            "{column}: {body}"
        );
    }
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM rfi WHERE id = {id} AND c_state = 'Draft'"
        ))
        .await,
        1
    );
}
