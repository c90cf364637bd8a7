//! The field forms' server side, against the real PostgreSQL: an inspection and its photos sent twice with the same
//! `Idempotency-Key` (one after the other, and at the same moment) are stored once; a key reused for another
//! request or malformed is refused; a phone signed in with a registered device stays signed in until the device is
//! deactivated, and is refused at once after.

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

use crate::helpers::{field_messages, spawn_seeded_app, TestApp};

const JPEG: &[u8] = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9";

async fn send(app: &TestApp, key: Option<&str>, body: &Value) -> (u16, Value, bool) {
    let mut request = app.post("/api/data/inspection").json(body);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    let replayed = response.headers().get("idempotent-replayed").is_some();
    let text = response.text().await.expect("body");
    let answer = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (status, answer, replayed)
}

async fn photos(app: &TestApp, path: &str, key: &str) -> (u16, Value, bool) {
    let form = Form::new()
        .part(
            "file",
            Part::bytes(JPEG.to_vec()).file_name("pier-p112.jpg"),
        )
        .part(
            "file",
            Part::bytes(b"\x89PNG\r\n\x1a\n".to_vec()).file_name("signature.png"),
        );
    let response = app
        .post(path)
        .header("Idempotency-Key", key)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    let status = response.status().as_u16();
    let replayed = response.headers().get("idempotent-replayed").is_some();
    let text = response.text().await.expect("body");
    let answer = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    (status, answer, replayed)
}

/// A witness of one of the engineer's packages' RFIs, as the form sends it.
async fn witness(app: &TestApp) -> Value {
    let db = app.db().await;
    let row = db
        .query_one(
            "SELECT r.id, r.n_package, u.id FROM rfi r JOIN users u ON u.c_username = 'engineer'
             ORDER BY r.id LIMIT 1",
            &[],
        )
        .await
        .unwrap();
    let (rfi, package, engineer): (i64, i64, i64) = (row.get(0), row.get(1), row.get(2));
    json!({"c_kind": "RFI witness", "n_package": package, "n_rfi": rfi, "d_inspected": "2026-11-26",
           "n_inspector": engineer, "c_result": "Witnessed", "c_remarks": "Pier P112 cap reinforcement as drawn",
           "n_latitude": 12.971599, "n_longitude": 77.594566})
}

#[tokio::test]
async fn an_inspection_sent_again_with_its_key_is_stored_once() {
    let app = spawn_seeded_app().await;
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let body = witness(&app).await;
    let before = app.count("SELECT count(*) FROM inspection").await;

    let (status, first, replayed) = send(&engineer, Some("field-0001-aaaa"), &body).await;
    assert_eq!(status, 201, "{first}");
    assert!(!replayed);
    let (status, again, replayed) = send(&engineer, Some("field-0001-aaaa"), &body).await;
    assert_eq!(status, 201, "{again}");
    assert!(replayed, "the second answer says it is the first one's");
    assert_eq!(again["id"], first["id"]);
    assert_eq!(
        again["data"]["c_remarks"],
        "Pier P112 cap reinforcement as drawn"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM inspection").await,
        before + 1
    );
    // The same key with other values is no retry: refused, never answered with the first one's record.
    let mut other = body.clone();
    other["c_remarks"] = json!("Pier P113 cap: cover short at the north face");
    let (status, refused, replayed) = send(&engineer, Some("field-0001-aaaa"), &other).await;
    assert_eq!(status, 422, "{refused}");
    assert!(!replayed);
    assert_eq!(refused["fields"][0]["field"], "Idempotency-Key");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("other values"),
        "{refused}"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM inspection").await,
        before + 1
    );

    // The same moment, twice (a phone's retry racing the first send): one record.
    let (a, b) = tokio::join!(
        send(&engineer, Some("field-0002-bbbb"), &body),
        send(&engineer, Some("field-0002-bbbb"), &body)
    );
    assert_eq!((a.0, b.0), (201, 201), "{} {}", a.1, b.1);
    assert_eq!(a.1["id"], b.1["id"]);
    assert!(a.2 != b.2, "exactly one of the two did the work");
    assert_eq!(
        app.count("SELECT count(*) FROM inspection").await,
        before + 2
    );

    // Without a key, each send creates (the old behaviour stays).
    let (status, _, _) = send(&engineer, None, &body).await;
    assert_eq!(status, 201);
    assert_eq!(
        app.count("SELECT count(*) FROM inspection").await,
        before + 3
    );

    // The photos: once, however often sent; the answer names the same files.
    let id = first["id"].as_i64().unwrap();
    let files = format!("/api/data/inspection/{id}/files");
    let (status, added, replayed) = photos(&engineer, &files, "field-0001-aaaa.files").await;
    assert_eq!(status, 201, "{added}");
    assert!(!replayed);
    let (status, again, replayed) = photos(&engineer, &files, "field-0001-aaaa.files").await;
    assert_eq!(status, 201, "{again}");
    assert!(replayed);
    assert_eq!(again["data"], added["data"]);
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM record_file WHERE c_entry = 'inspection' AND c_key = '{id}'"
        ))
        .await,
        2
    );

    // A key already used for the record, sent with the upload: refused, nothing done.
    let (status, refused, _) = photos(&engineer, &files, "field-0001-aaaa").await;
    assert_eq!(status, 422, "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .contains("another request"),
        "{refused}"
    );
    // Keys are per user: the same text from someone else is theirs.
    let admin = app.with_token(&app.sign_in("admin", "Admin@123").await);
    let (status, theirs, replayed) = send(&admin, Some("field-0001-aaaa"), &body).await;
    assert_eq!(status, 201, "{theirs}");
    assert!(!replayed);
    assert_ne!(theirs["id"], first["id"]);

    // A malformed key is refused, never ignored (the sender relies on it).
    for bad in [
        "short",
        "has space in it",
        "quote'or1=1--",
        &"k".repeat(101),
    ] {
        let (status, answer, _) = send(&engineer, Some(bad), &body).await;
        assert_eq!(status, 422, "{bad}: {answer}");
        assert_eq!(answer["fields"][0]["field"], "Idempotency-Key");
    }
    assert_eq!(
        app.count("SELECT count(*) FROM inspection").await,
        before + 4
    );

    // Without the field form's route: no inspections at all.
    let viewer = app.with_token(&app.sign_in("viewer", "Viewer@123").await);
    let (status, _, _) = send(&viewer, Some("field-0003-cccc"), &body).await;
    assert_eq!(status, 403);
    assert_eq!(
        app.count("SELECT count(*) FROM idempotent_request WHERE c_key = 'field-0003-cccc'")
            .await,
        0
    );
}

#[tokio::test]
async fn a_record_without_its_package_is_refused_by_field_in_words() {
    // The package's default (`my_package`) is the form's to fill in: sent without it, the answer names the field
    // and says what is wrong, never the database's text about a value it could not read.
    let app = spawn_seeded_app().await;
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let mut body = witness(&app).await;
    body.as_object_mut().unwrap().remove("n_package");
    let (status, answer, _) = send(&engineer, None, &body).await;
    assert_eq!(status, 422, "{answer}");
    let text = answer.to_string();
    assert!(
        !text.contains("invalid input syntax") && !text.contains("my_package"),
        "{answer}"
    );
    let fields: Vec<&str> = answer["fields"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f["field"].as_str())
        .collect();
    assert!(fields.contains(&"n_package"), "{answer}");
}

/// What an inspector must say on site is the registers' rules (inspection.toml, inspection_check.toml `[[rules]]`),
/// which the field forms judge from the metadata before sending and the gateway judges again on every write: an RFI
/// witness names its RFI, a site inspection its place, a rejection what was wrong, an item not conforming why, and
/// an inspection with such an item is not "Witnessed" (a rule over the inspection and its lines).
#[tokio::test]
async fn what_an_inspector_must_say_is_the_registers_rules_and_the_gateway_checks_them() {
    let app = spawn_seeded_app().await;
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let body = witness(&app).await;
    let before = app.count("SELECT count(*) FROM inspection").await;

    let mut rejected = body.clone();
    rejected["c_result"] = json!("Rejected");
    rejected["c_remarks"] = json!("  ");
    rejected["n_rfi"] = Value::Null;
    let (status, answer, _) = send(&engineer, None, &rejected).await;
    assert_eq!(status, 422, "{answer}");
    let messages = field_messages(&answer);
    assert_eq!(messages["c_remarks"], "Say what was wrong", "{answer}");
    assert_eq!(messages["n_rfi"], "Choose the RFI witnessed", "{answer}");

    // Not dated after today (inspection.toml `max = "today"`: the database's day, judged inside the write).
    let tomorrow: String = app
        .db()
        .await
        .query_one("SELECT (current_date + 1)::text", &[])
        .await
        .unwrap()
        .get(0);
    let mut ahead = body.clone();
    ahead["d_inspected"] = json!(tomorrow);
    let (status, answer, _) = send(&engineer, None, &ahead).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(
        field_messages(&answer)["d_inspected"],
        "Inspected on cannot be after today"
    );
    assert_eq!(app.count("SELECT count(*) FROM inspection").await, before);

    let mut site = body.clone();
    site["c_kind"] = json!("Site inspection");
    site["n_rfi"] = Value::Null;
    let (status, answer, _) = send(&engineer, None, &site).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(
        field_messages(&answer)["c_location"],
        "Choose a station or describe the place"
    );
    assert_eq!(app.count("SELECT count(*) FROM inspection").await, before);
    site["c_location"] = json!("Pier P112, north face");
    let (status, answer, _) = send(&engineer, None, &site).await;
    assert_eq!(status, 201, "{answer}");

    // A checklist item found not conforming says why.
    let inspection = answer["id"].as_i64().expect("id");
    let activity: i64 = app
        .db()
        .await
        .query_one("SELECT min(id) FROM itp_activity", &[])
        .await
        .unwrap()
        .get(0);
    let line = json!({"n_inspection": inspection, "n_itp_activity": activity, "c_result": "Does not conform"});
    let (status, answer) = engineer
        .post_json("/api/data/inspection_check", &line)
        .await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(
        field_messages(&answer)["c_remarks"],
        "Say what does not conform"
    );
    let mut explained = line.clone();
    explained["c_remarks"] = json!("Cover 30 mm, 50 mm required");
    // The inspection and its lines together (inspection.toml `[[children.rules]]`): the inspection says
    // "Witnessed", so an item that does not conform is refused, under the line's finding, and nothing is written.
    let (status, answer) = engineer
        .post_json("/api/data/inspection_check", &explained)
        .await;
    assert_eq!(status, 422, "{answer}");
    let not_witnessed = "An item does not conform: the result is Rejected or Re-inspection";
    assert_eq!(
        field_messages(&answer)["c_result"],
        not_witnessed,
        "{answer}"
    );
    let lines = format!("SELECT count(*) FROM inspection_check WHERE n_inspection = {inspection}");
    assert_eq!(app.count(&lines).await, 0);
    // Rejected first, then the line is taken.
    let path = format!("/api/data/inspection/{inspection}");
    let (status, answer) = engineer
        .send(
            reqwest::Method::PUT,
            &path,
            Some(&json!({"c_result": "Rejected", "n_row_version": 1})),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    let (status, answer) = engineer
        .post_json("/api/data/inspection_check", &explained)
        .await;
    assert_eq!(status, 201, "{answer}");
    // And the inspection cannot go back to "Witnessed" while the line stands: refused under its result.
    let (status, answer) = engineer
        .send(
            reqwest::Method::PUT,
            &path,
            Some(&json!({"c_result": "Witnessed", "n_row_version": 2})),
        )
        .await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(
        field_messages(&answer)["c_result"],
        not_witnessed,
        "{answer}"
    );
    let stored: String = app
        .db()
        .await
        .query_one(
            "SELECT c_result FROM inspection WHERE id = $1",
            &[&inspection],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(stored, "Rejected");
    // A line that conforms leaves "Witnessed" open.
    let next: i64 = app
        .db()
        .await
        .query_one(
            "SELECT min(id) FROM itp_activity WHERE id > $1",
            &[&activity],
        )
        .await
        .unwrap()
        .get(0);
    let conforming =
        json!({"n_inspection": inspection, "n_itp_activity": next, "c_result": "Conforms"});
    let (status, answer) = engineer
        .post_json("/api/data/inspection_check", &conforming)
        .await;
    assert_eq!(status, 201, "{answer}");

    // The database holds the same rules: a write beside the gateway is refused by name.
    let direct = app
        .db()
        .await
        .execute(
            "UPDATE inspection SET c_result = 'Rejected', c_remarks = NULL WHERE id = $1",
            &[&inspection],
        )
        .await
        .expect_err("inspection_remarks_check");
    assert_eq!(
        direct.as_db_error().and_then(|e| e.constraint()),
        Some("inspection_remarks_check"),
        "{direct:?}"
    );
}

/// Each field form's route fixes the inspection's kind and leaves out the other kind's look-up
/// (inspection.toml `[[screen.routes]]`): the metadata of each route says so, and the form reads it instead of
/// a table of its own.
#[tokio::test]
async fn each_field_forms_route_fixes_the_kind_it_records() {
    let app = spawn_seeded_app().await;
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    for (route, kind, hidden, asked) in [
        ("/rfiwitnessing", "RFI witness", "n_station", "n_rfi"),
        ("/siteinspection", "Site inspection", "n_rfi", "n_station"),
    ] {
        let (status, meta) = engineer
            .get_json(&format!("/api/screen?route={route}"))
            .await;
        assert_eq!(status, 200, "{meta}");
        assert_eq!(meta["fixed"], json!({ "c_kind": kind }), "{route}");
        let asks: Vec<&str> = meta["sections"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|section| section["columns"].as_array().unwrap())
            .filter_map(Value::as_str)
            .collect();
        assert!(asks.contains(&asked), "{route} asks {asked}: {asks:?}");
        assert!(
            !asks.contains(&hidden),
            "{route} leaves out {hidden}: {asks:?}"
        );
        assert!(
            !meta["list_columns"]
                .as_array()
                .unwrap()
                .contains(&json!(hidden)),
            "{meta}"
        );
        // The column stays described (its rules and limits), only the form leaves it out.
        assert!(
            meta["columns"]
                .as_array()
                .unwrap()
                .iter()
                .any(|column| column["name"] == hidden),
            "{route}"
        );
        // A column's hint is the registry's (`help`), shown under its input by every form.
        let location = meta["columns"]
            .as_array()
            .unwrap()
            .iter()
            .find(|column| column["name"] == "c_location")
            .cloned()
            .unwrap_or_default();
        assert_eq!(location["help"], "Pier, chainage or grid", "{route}");
        // The phone fills the position from its GPS (`[screen] position`), not as two number inputs.
        assert_eq!(
            meta["position"],
            json!({"latitude": "n_latitude", "longitude": "n_longitude"}),
            "{route}"
        );
        // The checklist's start and its rule with the inspection are the registry's, resolved for the form.
        let checklist = &meta["children"][0];
        assert_eq!(
            checklist["prefill"],
            json!({"from": "n_itp", "entry": "itp_activity", "key": "n_itp", "column": "n_itp_activity",
                   "name": "c_activity", "shows": [{"name": "c_acceptance", "label": "Acceptance criteria"}]}),
            "{route}"
        );
        assert_eq!(
            checklist["rules"][0]["when_any"],
            json!({"left": {"column": "c_result"}, "op": "=", "right": {"value": "Does not conform"}}),
            "{route}"
        );
        assert_eq!(checklist["rules"][0]["fields"], json!(["c_result"]));
    }
    // A register whose routes fix nothing says nothing.
    let (_, corridor) = engineer
        .get_json("/api/screen?route=/masters/corridor")
        .await;
    assert!(corridor.get("fixed").is_none(), "{corridor}");
}

#[tokio::test]
async fn a_registered_device_stays_signed_in_until_it_is_deactivated() {
    let app = spawn_seeded_app().await;
    let sign_in = |device: &'static str| {
        let app = app.clone();
        async move {
            app.anonymous()
                .post_json(
                    "/api/auth/signin",
                    &json!({"username": "contractor", "password": "Contractor@123", "device_id": device}),
                )
                .await
        }
    };
    let (status, phone) = sign_in("AND-C4B2F81E6A07").await;
    assert_eq!(status, 200, "{phone}");
    assert_eq!(phone["deviceRegistered"], true);
    let (_, lost) = sign_in("IOS-C9D3E07B5F12").await;
    assert_eq!(
        lost["deviceRegistered"], false,
        "a deactivated device signs in as any browser"
    );
    let (_, other) = sign_in("AND-E1A7C3D90F21").await;
    assert_eq!(
        other["deviceRegistered"], false,
        "someone else's device is not theirs"
    );
    let (_, plain) = app
        .anonymous()
        .post_json(
            "/api/auth/signin",
            &json!({"username": "contractor", "password": "Contractor@123"}),
        )
        .await;
    assert!(plain.get("deviceRegistered").is_none());

    let days = |token: &str| {
        format!(
            "SELECT extract(day FROM d_expires_at - now())::bigint FROM user_session
             WHERE c_token_hash = sha256(convert_to('{token}', 'UTF8'))"
        )
    };
    let token = phone["accessToken"].as_str().unwrap();
    assert_eq!(app.count(&days(token)).await, 29, "30 days on the device");
    assert_eq!(
        app.count(&days(plain["accessToken"].as_str().unwrap()))
            .await,
        0
    );

    let device = app.with_token(token);
    assert_eq!(device.get_json("/api/auth/me").await.0, 200);
    // The administrator deactivates the phone: its session is refused at once (the session cache is told).
    let admin = app.with_token(&app.sign_in("admin", "Admin@123").await);
    let (status, row) = admin
        .get_json("/api/custom/selectall?t=device_registration&cols=id,n_row_version&whrc=c_device_id%3D'AND-C4B2F81E6A07'")
        .await;
    assert_eq!(status, 200, "{row}");
    let row = &row.as_array().unwrap()[0];
    let (status, changed) = admin
        .send(
            reqwest::Method::PUT,
            &format!("/api/data/device_registration/{}", row["id"]),
            Some(&json!({"n_active": 0, "n_row_version": row["n_row_version"]})),
        )
        .await;
    assert_eq!(status, 200, "{changed}");
    // Every gateway hears of it through the session notice (milliseconds; the same path as a deactivated user).
    let started = std::time::Instant::now();
    loop {
        let (status, _) = device.get_json("/api/auth/me").await;
        if status == 401 {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(1),
            "the deactivated device's session still answers {status}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // Its other sessions are untouched.
    let other = app.with_token(plain["accessToken"].as_str().unwrap());
    assert_eq!(other.get_json("/api/auth/me").await.0, 200);
}

#[tokio::test]
async fn a_session_used_again_after_a_while_slides_by_its_own_length() {
    let app = spawn_seeded_app().await;
    let sign_in = |body: Value| {
        let app = app.clone();
        async move {
            let (status, answer) = app.anonymous().post_json("/api/auth/signin", &body).await;
            assert_eq!(status, 200, "{answer}");
            answer["accessToken"].as_str().unwrap().to_owned()
        }
    };
    let phone =
        sign_in(json!({"username": "contractor", "password": "Contractor@123", "device_id": "AND-C4B2F81E6A07"}))
            .await;
    let browser = sign_in(json!({"username": "contractor", "password": "Contractor@123"})).await;
    // Both last used two minutes ago and about to end: the next use slides each by its own length (the device's
    // days, the browser's hours). Neither token was used yet, so no gateway holds it in its session cache.
    app.execute(
        "UPDATE user_session SET d_last_seen_at = now() - interval '2 minutes',
                                 d_expires_at = now() + interval '1 minute'",
    )
    .await;
    for token in [&phone, &browser] {
        let (status, me) = app.with_token(token).get_json("/api/auth/me").await;
        assert_eq!(status, 200, "{me}");
    }
    let hours_left = |token: &str| {
        format!(
            "SELECT floor(extract(epoch FROM d_expires_at - now()) / 3600)::bigint FROM user_session
             WHERE c_token_hash = sha256(convert_to('{token}', 'UTF8'))"
        )
    };
    assert_eq!(app.count(&hours_left(&phone)).await, 30 * 24 - 1);
    assert_eq!(app.count(&hours_left(&browser)).await, 11);
}
