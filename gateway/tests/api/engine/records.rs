//! Generic record writes over HTTP against the real PostgreSQL: create, read, update and delete on several
//! entries; every validation rule with its field message; read-only entries; optimistic concurrency; the audit
//! row in the change's own transaction; database refusals in words; exact numbers.

use std::collections::BTreeMap;
use std::time::Duration;

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{field_messages, spawn_seeded_app, spawn_seeded_app_with, TestApp};

/// Sends `body` (when given) with `method`; the status, headers and the raw answer text.
async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    body: Option<&Value>,
) -> (u16, reqwest::header::HeaderMap, String) {
    let mut request = app.request(method, path);
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.expect("body"))
}

async fn send(app: &TestApp, method: Method, path: &str, body: Option<&Value>) -> (u16, Value) {
    let (status, _, text) = call(app, method, path, body).await;
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
    (status, value)
}

async fn id_of(app: &TestApp, sql: &str) -> i64 {
    app.db().await.query_one(sql, &[]).await.unwrap().get(0)
}

#[tokio::test]
async fn corridor_create_read_update_delete_with_audit() {
    let app = spawn_seeded_app().await;
    let (status, headers, text) = call(
        &app,
        Method::POST,
        "/api/data/corridor",
        Some(&json!({
            "c_code": "C3", "c_name": "Corridor 3: Harbour Line", "c_line_colour": "Aqua",
            "n_length_km": 18.275, "n_chainage_from_km": "0", "n_chainage_to_km": 18.275
        })),
    )
    .await;
    assert_eq!(status, 201, "{text}");
    let created: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(created["result"], "success");
    assert_eq!(created["message"], "Submitted Successfully");
    let id = created["id"].as_i64().expect("numeric id");
    assert_eq!(
        headers["location"].to_str().unwrap(),
        format!("/api/data/corridor/{id}")
    );
    assert_eq!(headers["etag"].to_str().unwrap(), "\"1\"");
    assert_eq!(created["data"]["n_row_version"], 1);
    assert_eq!(created["data"]["c_line_colour"], "Aqua");

    // The client reads the record, changes one field and sends everything back, read-only columns included.
    let (status, headers, text) =
        call(&app, Method::GET, &format!("/api/data/corridor/{id}"), None).await;
    assert_eq!(status, 200, "{text}");
    assert_eq!(headers["etag"].to_str().unwrap(), "\"1\"");
    assert!(text.contains("\"n_length_km\":18.275"), "{text}");
    let mut record: Value = serde_json::from_str(&text).unwrap();
    record["c_name"] = json!("Corridor 3: Harbour Line (Phase 2)");
    let (status, updated) = send(
        &app,
        Method::PUT,
        &format!("/api/data/corridor/{id}"),
        Some(&record),
    )
    .await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(updated["message"], "Updated Successfully");
    assert_eq!(updated["changed"], json!(["c_name"]));
    assert_eq!(updated["data"]["n_row_version"], 2);
    assert_eq!(
        updated["data"]["c_name"],
        "Corridor 3: Harbour Line (Phase 2)"
    );

    // Sending the saved record again changes nothing: no new version, no audit row.
    let record = updated["data"].clone();
    let (status, same) = send(
        &app,
        Method::PUT,
        &format!("/api/data/corridor/{id}"),
        Some(&record),
    )
    .await;
    assert_eq!(status, 200, "{same}");
    assert_eq!(same["changed"], json!([]));
    assert_eq!(same["data"]["n_row_version"], 2);

    // A read-only column sent back with another value is refused, not written.
    let mut tampered = record.clone();
    tampered["d_created_at"] = json!("2001-01-01T00:00:00+00:00");
    let (status, refused) = send(
        &app,
        Method::PUT,
        &format!("/api/data/corridor/{id}"),
        Some(&tampered),
    )
    .await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        field_messages(&refused)["d_created_at"],
        "Created is read-only and cannot be changed"
    );

    let (status, deleted) = send(
        &app,
        Method::DELETE,
        &format!("/api/data/corridor/{id}?n_row_version=2"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{deleted}");
    assert_eq!(deleted["message"], "Deleted Successfully");
    let (status, gone) = send(&app, Method::GET, &format!("/api/data/corridor/{id}"), None).await;
    assert_eq!(status, 404);
    assert_eq!(gone["message"], format!("Corridor {id} does not exist"));

    assert_eq!(
        app.audit_actions("corridor", &id.to_string()).await,
        ["create", "update", "delete"]
    );
    let row = app
        .db()
        .await
        .query_one(
            "SELECT n_user_id, c_before->>'c_name', c_after->>'c_name'
             FROM audit_log WHERE c_entry = 'corridor' AND c_key = $1 AND c_action = 'update'",
            &[&id.to_string()],
        )
        .await
        .unwrap();
    let admin_id = id_of(&app, "SELECT id FROM users WHERE c_username = 'admin'").await;
    assert_eq!(row.get::<_, Option<i64>>(0), Some(admin_id));
    assert_eq!(row.get::<_, String>(1), "Corridor 3: Harbour Line");
    assert_eq!(
        row.get::<_, String>(2),
        "Corridor 3: Harbour Line (Phase 2)"
    );
}

#[tokio::test]
async fn activity_progress_with_date_enum_numeric_and_lookup() {
    let app = spawn_seeded_app().await;
    let package = id_of(&app, "SELECT id FROM package WHERE c_code = 'C1-V01'").await;
    let (status, created) = send(
        &app,
        Method::POST,
        "/api/data/activity_progress",
        Some(&json!({
            "n_package": package, "c_activity_code": "PIER-P112", "c_activity_name": "Pier P112 casting",
            "d_progress_date": "2026-11-02", "n_progress_pct": "37.25", "c_status": "In progress",
            "c_remarks": ""
        })),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let data = &created["data"];
    assert_eq!(data["n_package"], package);
    assert_eq!(data["d_progress_date"], "2026-11-02");
    assert_eq!(data["n_progress_pct"], 37.25);
    assert_eq!(data["c_status"], "In progress");
    assert_eq!(
        data["c_remarks"],
        Value::Null,
        "blank text is stored as no value"
    );

    let id = created["id"].as_i64().unwrap();
    let (status, updated) = send(
        &app,
        Method::PUT,
        &format!("/api/data/activity_progress/{id}"),
        Some(&json!({"n_row_version": 1, "c_status": "Completed", "n_progress_pct": 100})),
    )
    .await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(updated["data"]["c_status"], "Completed");
    assert_eq!(
        updated["data"]["c_activity_code"], "PIER-P112",
        "fields left out stay"
    );

    // A lookup value must name an existing record.
    let (status, refused) = send(
        &app,
        Method::PUT,
        &format!("/api/data/activity_progress/{id}"),
        Some(&json!({"n_row_version": 2, "n_package": 999999})),
    )
    .await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        field_messages(&refused)["n_package"],
        "Package: there is no Package with ID 999999"
    );
    assert_eq!(
        app.audit_actions("activity_progress", &id.to_string())
            .await,
        ["create", "update"]
    );
}

#[tokio::test]
async fn every_validation_rule_fails_with_its_field_message_and_nothing_is_written() {
    let app = spawn_seeded_app().await;
    let before = app.count("SELECT count(*) FROM activity_progress").await;
    let audits = app.count("SELECT count(*) FROM audit_log").await;

    let (status, refused) = send(
        &app,
        Method::POST,
        "/api/data/activity_progress",
        Some(&json!({})),
    )
    .await;
    assert_eq!(status, 422, "{refused}");
    let required = field_messages(&refused);
    for (field, label) in [
        ("n_package", "Package"),
        ("c_activity_code", "Activity code"),
        ("c_activity_name", "Activity"),
        ("d_progress_date", "Progress date"),
        ("n_progress_pct", "Progress %"),
        ("c_status", "Status"),
    ] {
        assert_eq!(required[field], format!("{label} is required"));
    }
    assert!(!required.contains_key("c_remarks"));

    let cases = [
        (
            "c_activity_code",
            json!("A".repeat(41)),
            "Activity code must be at most 40 characters (it has 41)",
        ),
        (
            "n_progress_pct",
            json!(100.5),
            "Progress % must be between 0 and 100",
        ),
        (
            "n_progress_pct",
            json!(-1),
            "Progress % must be between 0 and 100",
        ),
        (
            "n_progress_pct",
            json!(12.345),
            "Progress % allows at most 2 decimal places",
        ),
        (
            "n_progress_pct",
            json!("fifty"),
            "Progress % must be a number",
        ),
        (
            "d_progress_date",
            json!("1999-12-31"),
            "Progress date must be on or after 01 Jan, 2000",
        ),
        (
            "d_progress_date",
            json!("02/11/2026"),
            "Progress date must be a real date (day, month and year), such as 2026-11-23",
        ),
        (
            "d_progress_date",
            json!("2026-02-30"),
            "Progress date must be a real date (day, month and year), such as 2026-11-23",
        ),
        (
            "c_status",
            json!("Finished"),
            "Status must be one of: Not started, In progress, Completed, On hold, Delayed",
        ),
        ("n_package", json!("one"), "Package must be a whole number"),
        ("c_activity_name", json!(true), "Activity must be text"),
        ("id", json!(5), "ID is set by the system; leave it out"),
        (
            "c_hacker",
            json!("x"),
            "`c_hacker` is not a field of Package activity progress",
        ),
    ];
    let package = id_of(&app, "SELECT id FROM package LIMIT 1").await;
    for (field, value, message) in cases {
        let mut body = json!({
            "n_package": package, "c_activity_code": "A-1", "c_activity_name": "Activity",
            "d_progress_date": "2026-11-02", "n_progress_pct": 10, "c_status": "In progress"
        });
        body[field] = value.clone();
        let (status, refused) = send(
            &app,
            Method::POST,
            "/api/data/activity_progress",
            Some(&body),
        )
        .await;
        assert_eq!(status, 422, "{field} = {value}: {refused}");
        assert_eq!(refused["result"], "failed");
        assert_eq!(
            field_messages(&refused),
            BTreeMap::from([(field.to_owned(), message.to_owned())]),
            "{field} = {value}"
        );
        assert_eq!(refused["message"], message);
    }

    // Patterns declared in the registry are checked before the database's CHECK.
    let (status, refused) = send(
        &app,
        Method::POST,
        "/api/data/corridor",
        Some(&json!({"c_code": "c 9", "c_name": "Lower case"})),
    )
    .await;
    assert_eq!(status, 422);
    assert_eq!(
        field_messages(&refused)["c_code"],
        "Code: use capital letters, digits and hyphens, starting with a letter or digit"
    );

    assert_eq!(
        app.count("SELECT count(*) FROM activity_progress").await,
        before
    );
    assert_eq!(app.count("SELECT count(*) FROM audit_log").await, audits);
}

#[tokio::test]
async fn malformed_requests_get_clear_answers() {
    let app = spawn_seeded_app().await;
    let corridor = id_of(&app, "SELECT id FROM corridor WHERE c_code = 'C1'").await;
    let path = format!("/api/data/corridor/{corridor}");

    let (status, body) = send(&app, Method::GET, "/api/data/corridor/abc", None).await;
    assert_eq!(status, 400);
    assert!(body["message"]
        .as_str()
        .unwrap()
        .contains("`abc` is not a valid ID of Corridor"));

    // An unknown entry gets the one answer every endpoint gives it (as selectall's `t`).
    let (status, body) = send(&app, Method::GET, "/api/data/nosuch/1", None).await;
    assert_eq!(status, 400);
    assert_eq!(body["code"], "PMIS-R400T");
    assert_eq!(body["message"], "unknown table `nosuch`");
    let (status, body) = send(&app, Method::PUT, "/api/data/nosuch/1", Some(&json!({}))).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("PMIS-R400T")));

    // Update and delete need the version the client read.
    let (status, body) = send(&app, Method::PUT, &path, Some(&json!({"c_name": "X"}))).await;
    assert_eq!(status, 428, "{body}");
    let (status, _) = send(&app, Method::DELETE, &path, None).await;
    assert_eq!(status, 428);
    let response = app
        .request(Method::PUT, &path)
        .header("If-Match", "\"1\"")
        .json(&json!({"n_row_version": 2, "c_name": "X"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 400, "disagreeing versions");

    // Bodies: JSON objects only, duplicate fields refused.
    let response = app
        .request(Method::POST, "/api/data/corridor")
        .header("content-type", "text/plain")
        .body("c_code=C9")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 415);
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/data/corridor",
        Some(&json!([1, 2])),
    )
    .await;
    assert_eq!(status, 400);
    assert!(body["message"]
        .as_str()
        .unwrap()
        .contains("a JSON object of field names and values"));
    let response = app
        .request(Method::POST, "/api/data/corridor")
        .header("content-type", "application/json")
        .body(r#"{"c_code": "C9", "c_code": "C10", "c_name": "Twice"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 422);
    let body: Value = response.json().await.unwrap();
    assert_eq!(field_messages(&body)["c_code"], "`c_code` is given twice");

    // Text PostgreSQL cannot store (a NUL character) is refused, never a server error.
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/data/corridor",
        Some(&json!({"c_code": "C9", "c_name": "Nul\u{0}Line"})),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_messages(&body)["c_name"],
        "Name contains a NUL character, which cannot be stored"
    );
    let admin_id = id_of(&app, "SELECT id FROM users WHERE c_username = 'admin'").await;
    let (status, body) = send(
        &app,
        Method::PUT,
        &format!("/api/admin/users/{admin_id}"),
        Some(&json!({"mobile": "98450\u{0}00001"})),
    )
    .await;
    // Refused in words of its own: the database's text about the value never reaches the client.
    assert_eq!(status, 422, "{body}");
    let message = body["message"].as_str().unwrap_or_default();
    assert!(message.contains("not of its field's kind"), "{body}");
    assert!(
        !message.contains("0x00") && !message.contains("UTF8"),
        "{body}"
    );

    // Methods a path does not take.
    let (status, headers, _) = call(&app, Method::PATCH, &path, Some(&json!({}))).await;
    assert_eq!(status, 405);
    assert_eq!(headers["allow"], "GET, PUT, DELETE");
    let (status, _, _) = call(&app, Method::GET, "/api/data/corridor", None).await;
    assert_eq!(status, 405);
}

#[tokio::test]
async fn read_only_entries_refuse_writes_with_405() {
    let app = spawn_seeded_app().await;
    let link = id_of(&app, "SELECT id FROM phase_project_package_link LIMIT 1").await;
    for (method, path) in [
        (Method::POST, "/api/data/v_package_detail".to_owned()),
        (Method::PUT, format!("/api/data/v_package_detail/{link}")),
        (
            Method::DELETE,
            format!("/api/data/v_package_detail/{link}?n_row_version=1"),
        ),
        (Method::POST, "/api/data/users".to_owned()),
        (Method::PUT, "/api/data/users/1".to_owned()),
        (Method::POST, "/api/data/audit_log".to_owned()),
        (
            Method::DELETE,
            "/api/data/v_reminder/1?n_row_version=1".to_owned(),
        ),
    ] {
        let (status, headers, text) =
            call(&app, method.clone(), &path, Some(&json!({"x": 1}))).await;
        assert_eq!(status, 405, "{method} {path}: {text}");
        assert_eq!(headers["allow"], "GET");
        assert!(text.contains("is read-only"), "{text}");
    }
    // Reading them is fine, within the caller's rights.
    let (status, row) = send(
        &app,
        Method::GET,
        &format!("/api/data/v_package_detail/{link}"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{row}");
    assert!(row["package"].is_string());
}

#[tokio::test]
async fn two_clients_updating_the_same_record_exactly_one_wins() {
    let app = spawn_seeded_app().await;
    let first = app.with_token(&app.anonymous().sign_in("admin", "Admin@123").await);
    let second = app.with_token(&app.anonymous().sign_in("admin", "Admin@123").await);
    let id = id_of(&app, "SELECT id FROM station WHERE c_code = 'C1-S01'").await;
    let path = format!("/api/data/station/{id}");
    let (_, read) = send(&first, Method::GET, &path, None).await;
    let version = read["n_row_version"].as_i64().unwrap();

    for round in 0..5 {
        let version = version + round;
        let mine =
            json!({"n_row_version": version, "c_name": format!("Airport Terminal {round}-A")});
        let theirs =
            json!({"n_row_version": version, "c_name": format!("Airport Terminal {round}-B")});
        let (a, b) = tokio::join!(
            send(&first, Method::PUT, &path, Some(&mine)),
            send(&second, Method::PUT, &path, Some(&theirs)),
        );
        let mut statuses = [a.0, b.0];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "round {round}: {a:?} {b:?}");
        let (winner, loser) = if a.0 == 200 {
            (&mine, &b.1)
        } else {
            (&theirs, &a.1)
        };
        assert!(
            loser["message"]
                .as_str()
                .unwrap()
                .contains("changed by someone else since you opened it"),
            "{loser}"
        );
        let (_, stored) = send(&first, Method::GET, &path, None).await;
        assert_eq!(stored["c_name"], winner["c_name"]);
        assert_eq!(stored["n_row_version"], version + 1);
    }
    assert_eq!(
        app.audit_actions("station", &id.to_string()).await,
        ["update"; 5]
    );

    // A stale delete is refused too, and the record stays.
    let (status, _) = send(
        &first,
        Method::DELETE,
        &format!("{path}?n_row_version={version}"),
        None,
    )
    .await;
    assert_eq!(status, 409);
    let (status, _) = send(&first, Method::GET, &path, None).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn the_audit_row_shares_the_changes_transaction() {
    let app = spawn_seeded_app().await;
    // Make the audit insert fail for one marked record: the change itself must then not be stored either.
    app.execute(
        "CREATE FUNCTION refuse_marked_audit() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
             IF NEW.c_after->>'c_code' = 'AUDIT-FAIL' OR NEW.c_before->>'c_code' = 'AUDIT-FAIL' THEN
                 RAISE EXCEPTION 'audit refused for the test';
             END IF;
             RETURN NEW;
         END $$;
         CREATE TRIGGER refuse_marked_audit BEFORE INSERT ON audit_log
             FOR EACH ROW EXECUTE FUNCTION refuse_marked_audit();",
    )
    .await;
    let (status, body) = send(
        &app,
        Method::POST,
        "/api/data/corridor",
        Some(&json!({"c_code": "AUDIT-FAIL", "c_name": "Never stored"})),
    )
    .await;
    assert_eq!(status, 500, "{body}");
    assert_eq!(
        app.count("SELECT count(*) FROM corridor WHERE c_code = 'AUDIT-FAIL'")
            .await,
        0
    );

    // Same for an update and a delete of a record whose audit row cannot be written.
    app.execute("INSERT INTO corridor (c_code, c_name) VALUES ('AUDIT-FAIL', 'Stored directly')")
        .await;
    let id = id_of(&app, "SELECT id FROM corridor WHERE c_code = 'AUDIT-FAIL'").await;
    let (status, _) = send(
        &app,
        Method::PUT,
        &format!("/api/data/corridor/{id}"),
        Some(&json!({"n_row_version": 1, "c_name": "Renamed"})),
    )
    .await;
    assert_eq!(status, 500);
    let (status, _) = send(
        &app,
        Method::DELETE,
        &format!("/api/data/corridor/{id}?n_row_version=1"),
        None,
    )
    .await;
    assert_eq!(status, 500);
    let row = app
        .db()
        .await
        .query_one(
            "SELECT c_name, n_row_version FROM corridor WHERE id = $1",
            &[&id],
        )
        .await
        .unwrap();
    assert_eq!(row.get::<_, String>(0), "Stored directly");
    assert_eq!(row.get::<_, i32>(1), 1);

    // Writes the database refuses leave no audit row.
    let audits = app.count("SELECT count(*) FROM audit_log").await;
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/data/corridor",
        Some(&json!({"c_code": "C1", "c_name": "Duplicate code"})),
    )
    .await;
    assert_eq!(status, 409);
    assert_eq!(app.count("SELECT count(*) FROM audit_log").await, audits);
}

#[tokio::test]
async fn database_refusals_are_explained_in_the_registrys_words() {
    let app = spawn_seeded_app().await;

    let (status, duplicate) = send(
        &app,
        Method::POST,
        "/api/data/corridor",
        Some(&json!({"c_code": "C1", "c_name": "Another C1"})),
    )
    .await;
    assert_eq!(status, 409, "{duplicate}");
    assert_eq!(
        duplicate["message"],
        "a Corridor with this Code already exists"
    );
    assert_eq!(
        field_messages(&duplicate)["c_code"],
        "already used by another Corridor"
    );

    // A unique key over two columns names both.
    let corridor = id_of(&app, "SELECT id FROM corridor WHERE c_code = 'C1'").await;
    let (status, duplicate) = send(
        &app,
        Method::POST,
        "/api/data/station",
        Some(&json!({"c_code": "C1-S99", "c_name": "Second first station", "n_corridor": corridor,
                     "c_station_type": "Elevated", "n_chainage_km": 1, "n_sequence": 1, "n_interchange": 0})),
    )
    .await;
    assert_eq!(status, 409, "{duplicate}");
    assert_eq!(
        duplicate["message"],
        "a Station with this Corridor and Sequence already exists"
    );
    assert_eq!(field_messages(&duplicate).len(), 2);

    // Deleting a record other records point at names it and counts what points at it, by name.
    let (status, in_use) = send(
        &app,
        Method::DELETE,
        &format!("/api/data/corridor/{corridor}?n_row_version=1"),
        None,
    )
    .await;
    assert_eq!(status, 409, "{in_use}");
    let message = in_use["message"].as_str().unwrap();
    let corridor_name: String = app
        .db()
        .await
        .query_one("SELECT c_name FROM corridor WHERE id = $1", &[&corridor])
        .await
        .unwrap()
        .get(0);
    let stations = app
        .count(&format!(
            "SELECT count(*) FROM station WHERE n_corridor = {corridor}"
        ))
        .await;
    let first_station: String = app
        .db()
        .await
        .query_one(
            "SELECT c_code FROM station WHERE n_corridor = $1 ORDER BY c_code LIMIT 1",
            &[&corridor],
        )
        .await
        .unwrap()
        .get(0);
    assert!(
        message.starts_with(&format!(
            "Corridor C1 ({corridor_name}) cannot be deleted: it is in use by "
        )),
        "{message}"
    );
    assert!(
        message.contains(&format!("{stations} Station records ({first_station} (")),
        "{message}"
    );
    assert!(message.contains(" Package record"), "{message}");
    assert!(
        message.ends_with("Change or delete those first."),
        "{message}"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM corridor WHERE c_code = 'C1'")
            .await,
        1
    );

    // A CHECK across two columns speaks in the words of the registry's rule, checked before the database.
    let (status, refused) = send(
        &app,
        Method::POST,
        "/api/data/corridor",
        Some(&json!({"c_code": "C7", "c_name": "Backwards", "n_chainage_from_km": 10, "n_chainage_to_km": 2})),
    )
    .await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        field_messages(&refused),
        BTreeMap::from([(
            "n_chainage_to_km".to_owned(),
            "Chainage to (km) must not be less than chainage from (km)".to_owned()
        )])
    );
    assert!(
        !refused.to_string().contains("CHECK"),
        "no SQL reaches the client"
    );

    // The database's CHECK answers in the same words when only it can judge (the body leaves one side out).
    let (status, refused) = send(
        &app,
        Method::PUT,
        &format!("/api/data/corridor/{corridor}"),
        Some(&json!({"n_row_version": 1, "n_chainage_from_km": 99999})),
    )
    .await;
    assert_eq!(status, 422, "{refused}");
    assert_eq!(
        refused["message"],
        "Chainage to (km) must not be less than chainage from (km)"
    );
}

#[tokio::test]
async fn a_form_with_three_mistakes_gets_all_three_on_one_save() {
    let app = spawn_seeded_app().await;
    let contract: Value = send(&app, Method::GET, "/api/custom/selectall?t=contract", None)
        .await
        .1[0]
        .clone();
    let mut body = json!({
        "n_contract_value": -100,
        "d_start_date": "2026-05-01",
        "d_completion_date": "2026-04-30",
        "n_defect_liability_months": 121,
    });
    for name in [
        "c_contract_no",
        "c_name",
        "n_package",
        "n_contractor",
        "c_contract_type",
        "c_status",
    ] {
        body[name] = contract[name].clone();
    }
    body["c_contract_no"] = json!("NEW/CT/1");
    let (status, refused) = send(&app, Method::POST, "/api/data/contract", Some(&body)).await;
    assert_eq!(status, 422, "{refused}");
    let fields = field_messages(&refused);
    assert_eq!(
        fields["n_contract_value"],
        "Contract value (INR) must be 0 or more"
    );
    assert_eq!(
        fields["n_defect_liability_months"],
        "Defect liability (months) must be a whole number between 0 and 120"
    );
    assert_eq!(
        fields["d_completion_date"],
        "Scheduled completion must be on or after the start date"
    );
    assert_eq!(fields.len(), 3, "{fields:?}");
    assert_eq!(
        app.count("SELECT count(*) FROM contract WHERE c_contract_no = 'NEW/CT/1'")
            .await,
        0
    );
}

#[tokio::test]
async fn a_write_waiting_past_the_statement_timeout_is_503() {
    let app = spawn_seeded_app_with(|settings| {
        settings.database.statement_timeout = Duration::from_millis(500);
    })
    .await;
    let id = id_of(&app, "SELECT id FROM corridor WHERE c_code = 'C1'").await;
    let mut holder = app.db().await;
    let transaction = holder.transaction().await.unwrap();
    transaction
        .execute("SELECT 1 FROM corridor WHERE id = $1 FOR UPDATE", &[&id])
        .await
        .unwrap();
    let (status, body) = send(
        &app,
        Method::PUT,
        &format!("/api/data/corridor/{id}"),
        Some(&json!({"n_row_version": 1, "c_name": "Waits for the lock"})),
    )
    .await;
    assert_eq!(status, 503, "{body}");
    transaction.rollback().await.unwrap();
    let (status, _) = send(&app, Method::GET, &format!("/api/data/corridor/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(
        app.count("SELECT count(*) FROM corridor WHERE c_name = 'Waits for the lock'")
            .await,
        0
    );
}

#[tokio::test]
async fn numbers_round_trip_exactly() {
    let app = spawn_seeded_app().await;
    let (status, _, text) = call(
        &app,
        Method::POST,
        "/api/data/project",
        Some(
            &serde_json::from_str::<Value>(r#"{"c_code": "P-EXACT", "c_name": "Exact sums"}"#)
                .unwrap(),
        ),
    )
    .await;
    assert_eq!(status, 201, "{text}");
    let id = serde_json::from_str::<Value>(&text).unwrap()["id"]
        .as_i64()
        .unwrap();
    // serde_json would turn this number into a float, so the body is written by hand: 18 significant digits.
    for (written, stored) in [
        ("9999999999999999.99", "9999999999999999.99"),
        ("1234567890123456.7", "1234567890123456.70"),
        ("0.10", "0.10"),
    ] {
        let version: i32 = app
            .db()
            .await
            .query_one("SELECT n_row_version FROM project WHERE id = $1", &[&id])
            .await
            .unwrap()
            .get(0);
        let response = app
            .request(Method::PUT, &format!("/api/data/project/{id}"))
            .header("content-type", "application/json")
            .body(format!(
                r#"{{"n_row_version": {version}, "n_sanctioned_cost": {written}}}"#
            ))
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status().as_u16(),
            200,
            "{}",
            response.text().await.unwrap()
        );
        let (_, _, read) = call(&app, Method::GET, &format!("/api/data/project/{id}"), None).await;
        assert!(
            read.contains(&format!("\"n_sanctioned_cost\":{stored}")),
            "{written}: {read}"
        );
        let in_database: String = app
            .db()
            .await
            .query_one(
                "SELECT n_sanctioned_cost::text FROM project WHERE id = $1",
                &[&id],
            )
            .await
            .unwrap()
            .get(0);
        assert_eq!(in_database, stored);
    }
    // What numeric(18, 2) would round or overflow is refused instead.
    for (written, message) in [
        (
            "0.005",
            "Sanctioned cost (INR) allows at most 2 decimal places",
        ),
        (
            "99999999999999999",
            "Sanctioned cost (INR) is too large: at most 16 digits before the decimal point",
        ),
    ] {
        let response = app
            .request(Method::PUT, &format!("/api/data/project/{id}"))
            .header("content-type", "application/json")
            .body(format!(
                r#"{{"n_row_version": 4, "n_sanctioned_cost": {written}}}"#
            ))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 422);
        let body: Value = response.json().await.unwrap();
        assert_eq!(field_messages(&body)["n_sanctioned_cost"], message);
    }
}

#[tokio::test]
async fn writes_follow_the_screen_permissions() {
    let app = spawn_seeded_app().await;
    // The demo viewer is read-only; given every action on /masters/corridor, corridors may be written.
    app.execute(
        "UPDATE user_permission_nav p SET n_create = 1, n_update = 1, n_delete = 1
         FROM users u, navigation n
         WHERE u.id = p.n_user_id AND n.id = p.n_nav_id AND u.c_username = 'viewer' AND n.c_route = '/masters/corridor'",
    )
    .await;
    let viewer = app.with_token(&app.anonymous().sign_in("viewer", "Viewer@123").await);
    let (status, created) = send(
        &viewer,
        Method::POST,
        "/api/data/corridor",
        Some(&json!({"c_code": "V1", "c_name": "Viewer's corridor"})),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let viewer_id = id_of(&app, "SELECT id FROM users WHERE c_username = 'viewer'").await;
    let author: Option<i64> = app
        .db()
        .await
        .query_one(
            "SELECT n_user_id FROM audit_log WHERE c_entry = 'corridor' AND c_action = 'create'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(author, Some(viewer_id));

    // Packages are only a lookup for the viewer: display columns readable, nothing writable.
    let package = id_of(&app, "SELECT id FROM package LIMIT 1").await;
    let (status, row) = send(
        &viewer,
        Method::GET,
        &format!("/api/data/package/{package}"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let mut keys: Vec<&String> = row.as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(keys, ["c_code", "c_name", "id"]);
    let (status, refused) = send(
        &viewer,
        Method::PUT,
        &format!("/api/data/package/{package}"),
        Some(&json!({"n_row_version": 1, "c_name": "Not mine"})),
    )
    .await;
    assert_eq!(status, 403);
    assert_eq!(
        refused["message"],
        "Access disabled - Please contact to Administrator"
    );
    let (status, _) = send(
        &viewer,
        Method::POST,
        "/api/data/activity_progress",
        Some(&json!({"c_status": "Completed"})),
    )
    .await;
    assert_eq!(status, 403);

    // Another user's reminder is not visible as a record.
    let reminder = id_of(&app, "SELECT id FROM reminder LIMIT 1").await;
    let (status, _) = send(
        &viewer,
        Method::GET,
        &format!("/api/data/v_reminder/{reminder}"),
        None,
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = send(
        &app.anonymous(),
        Method::GET,
        &format!("/api/data/corridor/{package}"),
        None,
    )
    .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn a_delete_takes_its_row_version_from_a_json_body_too() {
    let app = spawn_seeded_app().await;
    let (status, created) = send(
        &app,
        Method::POST,
        "/api/data/corridor",
        Some(&json!({"c_code": "DEL-1", "c_name": "To delete"})),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let path = format!("/api/data/corridor/{}", created["id"]);
    // A stale version in the body is honoured as a version (409), not ignored (428).
    let (status, body) = send(
        &app,
        Method::DELETE,
        &path,
        Some(&json!({"n_row_version": 7})),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    let (status, body) = send(
        &app,
        Method::DELETE,
        &format!("{path}?n_row_version=1"),
        Some(&json!({"n_row_version": 2})),
    )
    .await;
    assert_eq!(status, 400, "query and body disagree: {body}");
    // The record as read, sent back whole, carries its version.
    let (status, body) = send(
        &app,
        Method::DELETE,
        &path,
        Some(&json!({"n_row_version": 1, "c_code": "DEL-1", "c_name": "To delete"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        app.count("SELECT count(*) FROM corridor WHERE c_code = 'DEL-1'")
            .await,
        0
    );
}

/// A look-up with `same` (a letter's contract follows its package): a contract of another package is refused under
/// the field on create, on update, and when only the package changes; the contract of the letter's own package is
/// taken.
#[tokio::test]
async fn a_lookup_following_another_field_refuses_a_row_that_does_not_agree() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let db = app.db().await;
    let id = |sql: &'static str| {
        let db = &db;
        async move { db.query_one(sql, &[]).await.unwrap().get::<_, i64>(0) }
    };
    let viaduct = id("SELECT id FROM package WHERE c_code = 'C1-V01'").await;
    let other_viaduct = id("SELECT id FROM package WHERE c_code = 'C2-V01'").await;
    let own_contract =
        id("SELECT id FROM contract WHERE c_contract_no = 'MRC/C1-V01/2022/01'").await;
    // A contract the contractor may read (their other viaduct package's), not of the letter's package: a contract
    // of a package they are not on is not theirs to name at all (referenced_rules.rs).
    let other_contract =
        id("SELECT id FROM contract WHERE c_contract_no = 'MRC/C2-V01/2025/01'").await;
    let lnt = id("SELECT id FROM organization WHERE c_code = 'LNT'").await;
    let gc = id("SELECT id FROM organization WHERE c_code = 'GC'").await;
    let letter = |contract: i64| {
        json!({"n_package": viaduct, "n_contract": contract, "c_direction": "IN", "d_letter": "2026-11-20",
               "n_from_org": lnt, "n_to_org": gc, "c_subject": "Casting yard relocation",
               "c_category": "Technical", "c_priority": "Normal", "n_confidential": 0, "n_action_required": 0})
    };
    let (status, body) = contractor
        .send(
            Method::POST,
            "/api/data/correspondence",
            Some(&letter(other_contract)),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_messages(&body)["n_contract"],
        "Contract: choose a Contract of this record's Package"
    );
    assert_eq!(
        app.count(
            "SELECT count(*) FROM correspondence WHERE c_subject = 'Casting yard relocation'"
        )
        .await,
        0,
        "nothing written"
    );

    let (status, created) = contractor
        .send(
            Method::POST,
            "/api/data/correspondence",
            Some(&letter(own_contract)),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let key = created["id"].as_i64().unwrap();
    let path = format!("/api/data/correspondence/{key}");
    let version = created["data"]["n_row_version"].clone();
    for change in [
        json!({"n_contract": other_contract, "n_row_version": version}),
        json!({"n_package": other_viaduct, "n_row_version": version}),
    ] {
        let (status, body) = contractor.send(Method::PUT, &path, Some(&change)).await;
        assert_eq!(status, 422, "{change}: {body}");
        assert!(
            field_messages(&body).contains_key("n_contract"),
            "{change}: {body}"
        );
    }
    let (status, body) = contractor
        .send(
            Method::PUT,
            &path,
            Some(
                &json!({"n_package": other_viaduct, "n_contract": null, "n_row_version": version}),
            ),
        )
        .await;
    assert_eq!(status, 200, "a blank contract follows nothing: {body}");
}
