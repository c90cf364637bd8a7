//! Regression tests of the security review: each fails on the gateway as it was before the fix.

use std::time::Duration;

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::{encode, spawn_seeded_app, spawn_seeded_app_with, TestApp};

/// Formula-looking text, as someone who registered themselves might plant it in a name an administrator exports.
const HOSTILE_CELLS: [&str; 7] = [
    "=HYPERLINK(\"https://evil.example\",\"Open\")",
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(1,1)",
    "\t=1+1",
    "\r=1+1",
    "=cmd|' /C notepad'!'A1'",
];

#[tokio::test]
async fn csv_exports_neutralise_cells_a_spreadsheet_would_run() {
    let app = spawn_seeded_app().await;
    for (i, text) in HOSTILE_CELLS.iter().enumerate() {
        let (status, body) = app
            .post_json(
                "/api/data/designation",
                &json!({"c_code": format!("HOSTILE-{i}"), "c_name": text, "n_level": 1}),
            )
            .await;
        assert_eq!(status, 201, "{body}");
    }
    let response = app
        .get(&format!(
            "/api/export?t=designation&format=csv&cols=c_code,c_name&whrc={}",
            encode("c_code LIKE 'HOSTILE-%' ORDER BY c_code")
        ))
        .await;
    assert_eq!(response.status(), 200);
    let csv = response.text().await.unwrap();
    let mut reader_cells = Vec::new();
    // The names, as a spreadsheet reads them: each line's second field, unquoted.
    let mut record = String::new();
    let mut quoted = false;
    let mut fields = Vec::new();
    let mut chars = csv.trim_start_matches('\u{feff}').chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            // A doubled quote inside a quoted field is one quote.
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                record.push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut record)),
            ('\n', false) => {
                fields.push(std::mem::take(&mut record));
                reader_cells.push(std::mem::take(&mut fields));
            }
            (c, _) => record.push(c),
        }
    }
    let names: Vec<&str> = reader_cells[1..].iter().map(|r| r[1].as_str()).collect();
    assert_eq!(names.len(), HOSTILE_CELLS.len());
    for (name, text) in names.iter().zip(HOSTILE_CELLS) {
        assert_eq!(
            *name,
            format!("'{text}"),
            "a cell starting with a formula character gets a '"
        );
    }
    // The stored values are untouched, and harmless text is exported as it is.
    let (_, rows) = app
        .get_json("/api/custom/selectall?t=designation&cols=c_name&whrc=c_code%20%3D%20'HOSTILE-0'")
        .await;
    assert_eq!(rows[0]["c_name"], HOSTILE_CELLS[0]);
    let plain = app
        .get("/api/export?t=corridor&format=csv&cols=c_code")
        .await;
    assert!(plain.text().await.unwrap().contains("\nC1\n"));
}

#[tokio::test]
async fn answers_say_how_they_may_be_cached() {
    let app = spawn_seeded_app().await;
    let cache = |response: &reqwest::Response| {
        response
            .headers()
            .get("cache-control")
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default()
    };
    for path in [
        "/api/auth/me",
        "/api/custom/selectall?t=corridor",
        "/api/custom/pendinglist",
        "/api/export?t=corridor&format=csv",
        "/api/health",
    ] {
        let response = app.get(path).await;
        assert_eq!(cache(&response), "no-store", "{path}");
    }
    let signin = app
        .anonymous()
        .post("/api/auth/signin")
        .json(&json!({"username": "admin", "password": "Admin@123"}))
        .send()
        .await
        .unwrap();
    assert_eq!(cache(&signin), "no-store", "an answer with a token");
    for path in ["/", "/index.html", "/masters/corridor"] {
        let response = app.anonymous().get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(cache(&response), "no-cache", "{path}");
        assert!(response
            .headers()
            .get("content-security-policy")
            .is_some_and(|v| v.to_str().unwrap().contains("script-src 'self'")));
    }
    // A stale asset name is a 404, never the console's page cached for a year.
    let stale = app.anonymous().get("/assets/index-0ld5tale.js").await;
    assert_eq!(stale.status(), 404);
    assert_ne!(cache(&stale), "public, max-age=31536000, immutable");
    let stale = app.anonymous().get("/assets/no-extension").await;
    assert_eq!(stale.status(), 404);
}

#[tokio::test]
async fn registration_answers_alike_whether_or_not_the_address_has_an_account() {
    let app = spawn_seeded_app().await;
    let anonymous = app.anonymous();
    let register = |username: &str, email: &str| json!({"username": username, "name": "Someone", "email": email, "password": "Register@2026x"});
    let (fresh_status, fresh) = anonymous
        .post_json(
            "/api/auth/register",
            &register("fresh.one", "fresh.one@contractor.example"),
        )
        .await;
    let (taken_status, taken) = anonymous
        .post_json(
            "/api/auth/register",
            &register("someone.else", "PRIYA.RAMAN@metrorail.example"),
        )
        .await;
    assert_eq!((fresh_status, taken_status), (201, 201), "{fresh} {taken}");
    assert_eq!(fresh, taken, "the same answer");
    // The address's owner is told; no account was made for the stranger.
    assert_eq!(
        app.count("SELECT count(*) FROM mail_outbox WHERE lower(c_to) = 'priya.raman@metrorail.example' AND c_purpose = 'notice'")
            .await,
        1
    );
    assert_eq!(
        app.count("SELECT count(*) FROM users WHERE c_username = 'someone.else'")
            .await,
        0
    );
    assert_eq!(
        app.count("SELECT count(*) FROM users WHERE c_username = 'fresh.one' AND n_active = 0 AND d_pending_until > now()")
            .await,
        1,
        "a pending registration with an expiry"
    );
}

#[tokio::test]
async fn a_username_cannot_shadow_anyone_s_e_mail_sign_in() {
    let app = spawn_seeded_app().await;
    let (status, body) = app
        .anonymous()
        .post_json(
            "/api/auth/register",
            &json!({"username": "PRIYA.RAMAN@METRORAIL.EXAMPLE", "name": "Shadow", "email": "shadow@evil.example", "password": "Shadow@2026xx"}),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["fields"][0]["field"], "username");
    // Signing in with the e-mail address finds the account it belongs to.
    app.anonymous()
        .sign_in("priya.raman@metrorail.example", "Viewer@123")
        .await;
}

#[tokio::test]
async fn sign_in_locks_count_every_spelling_of_an_account_and_ipv6_networks() {
    let app = spawn_seeded_app().await;
    let anonymous = app.anonymous();
    for login in [
        "viewer",
        "VIEWER",
        "Viewer",
        "priya.raman@metrorail.example",
        "ViEwEr",
    ] {
        let (status, _) = anonymous
            .post_json(
                "/api/auth/signin",
                &json!({"username": login, "password": "wrong"}),
            )
            .await;
        assert_eq!(status, 401, "{login}");
    }
    // The account is locked, by whatever name it is asked for, even with the right password.
    for login in ["viewer", "PRIYA.RAMAN@METRORAIL.EXAMPLE"] {
        let (status, body) = anonymous
            .post_json(
                "/api/auth/signin",
                &json!({"username": login, "password": "Viewer@123"}),
            )
            .await;
        assert_eq!(status, 429, "{login}: {body}");
    }
    assert_eq!(
        app.count("SELECT count(*) FROM login_lock WHERE c_kind = 'account'")
            .await,
        1
    );
}

#[tokio::test]
async fn public_forms_are_rate_limited_per_client_and_per_address() {
    let app = spawn_seeded_app().await;
    let anonymous = app.anonymous();
    // Reset links to one address: three an hour; more requests are answered alike and mail nothing.
    for _ in 0..5 {
        let (status, body) = anonymous
            .post_json(
                "/api/auth/forgot",
                &json!({"email": "priya.raman@metrorail.example"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(
        app.count("SELECT count(*) FROM mail_outbox WHERE c_purpose = 'password-reset'")
            .await,
        3
    );
    // One client asking for many addresses: refused after ten.
    let mut statuses = Vec::new();
    for i in 0..8 {
        let (status, _) = anonymous
            .post_json(
                "/api/auth/forgot",
                &json!({"email": format!("nobody{i}@example.org")}),
            )
            .await;
        statuses.push(status);
    }
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 5);
    let last = anonymous
        .post("/api/auth/forgot")
        .json(&json!({"email": "again@example.org"}))
        .send()
        .await
        .unwrap();
    assert_eq!(last.status(), 429);
    assert!(last.headers().contains_key("retry-after"));
    // Registrations from one client: five an hour.
    let mut statuses = Vec::new();
    for i in 0..6 {
        let (status, _) = anonymous
            .post_json(
                "/api/auth/register",
                &json!({"username": format!("flood.{i}"), "name": "Flood", "email": format!("flood{i}@example.org"), "password": "Flood@2026xxx"}),
            )
            .await;
        statuses.push(status);
    }
    assert_eq!(statuses, [201, 201, 201, 201, 201, 429]);
}

#[tokio::test]
async fn the_first_superadmin_needs_the_setup_token_not_just_the_address() {
    let app = spawn_seeded_app_with(|settings| {
        settings.auth.superadmin_email = Some("chief@metrorail.example".into());
    })
    .await;
    // The demo data has a superadmin; for this test, there is none yet.
    app.execute("UPDATE users SET n_superadmin = 0").await;
    let setup = gateway::auth::bootstrap::issue_setup_token(&app.pool)
        .await
        .unwrap()
        .expect("a token while no superadmin exists");
    let anonymous = app.anonymous();
    let (status, body) = anonymous
        .post_json(
            "/api/auth/register",
            &json!({"username": "squatter", "name": "Squatter", "email": "CHIEF@metrorail.example", "password": "Squatter@2026", "setup_token": "guess"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        app.count("SELECT count(*) FROM users WHERE n_superadmin = 1")
            .await,
        0,
        "knowing the address is not enough"
    );
    app.execute("DELETE FROM users WHERE c_username = 'squatter'")
        .await;
    let (status, body) = anonymous
        .post_json(
            "/api/auth/register",
            &json!({"username": "chief", "name": "Chief Engineer", "email": "chief@metrorail.example", "password": "Chief@2026xyz", "setup_token": setup}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(
        body["message"],
        "Registered as the first superadmin; you can sign in now"
    );
    anonymous.sign_in("chief", "Chief@2026xyz").await;
    // Spent: it makes no second superadmin.
    let client = app.pool.get().await.unwrap();
    assert!(gateway::auth::bootstrap::redeem(&client, &setup)
        .await
        .is_ok_and(|spent| !spent));
}

#[tokio::test]
async fn reminder_mail_cannot_be_a_relay() {
    let app = spawn_seeded_app().await;
    let reminder = |recipients: serde_json::Value| {
        json!({"c_title": "Pour check", "c_url": "/masters/corridor", "d_scheduled_date_time": "2099-01-01",
               "forwarded_alert_ids": recipients})
    };
    let outside: Vec<String> = (0..20)
        .map(|i| format!("outsider{i}@example.org"))
        .collect();
    let (status, body) = app
        .post_json("/api/reminder/create", &reminder(json!(outside)))
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app
        .post_json(
            "/api/reminder/create",
            &reminder(json!(["one.more@example.org"])),
        )
        .await;
    assert_eq!(status, 429, "20 outside addresses a day: {body}");
    // People of the user directory do not count.
    let (status, body) = app
        .post_json(
            "/api/reminder/create",
            &reminder(json!(["priya.raman@metrorail.example"])),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn a_new_password_cancels_reset_links_mailed_before_it() {
    let app = spawn_seeded_app().await;
    let anonymous = app.anonymous();
    anonymous
        .post_json(
            "/api/auth/forgot",
            &json!({"email": "priya.raman@metrorail.example"}),
        )
        .await;
    let viewer = app
        .count("SELECT id FROM users WHERE c_username = 'viewer'")
        .await;
    let (status, _) = app
        .post_json(
            &format!("/api/admin/users/{viewer}/password"),
            &json!({"password": "Another@2026x"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        app.count("SELECT count(*) FROM password_reset WHERE d_used_at IS NULL")
            .await,
        0
    );
    let (status, body) = app
        .get_json(&format!(
            "/api/custom/selectall?t=corridor&whrc={}",
            encode("ORDER BY c_code OFFSET 18446744073709551615")
        ))
        .await;
    assert_eq!(status, 400, "{body}");
}

/// An export request on a raw connection that reads its answer's head and then nothing more.
async fn stalled_export(app: &TestApp, token: &str) -> (u16, tokio::net::TcpStream) {
    let host = app.address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let request = format!(
        "GET /api/export?t=activity_progress&format=csv HTTP/1.1\r\nHost: localhost\r\nx-access-token: {token}\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = [0u8; 64];
    let read = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut head))
        .await
        .expect("an answer starts")
        .unwrap();
    let status = String::from_utf8_lossy(&head[..read])
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, stream)
}

#[tokio::test]
async fn stalled_exports_leave_the_pool_to_everyone_else_and_are_ended() {
    let app = spawn_seeded_app_with(|settings| {
        settings.database.pool_size = 4;
        settings.query.export_concurrency = 2;
        settings.query.export_per_user = 2;
        settings.query.export_idle_timeout = Duration::from_millis(1500);
    })
    .await;
    app.execute(
        "INSERT INTO activity_progress (n_package, c_activity_code, c_activity_name, d_progress_date, n_progress_pct, c_status, c_remarks)
         SELECT (SELECT min(id) FROM package), 'X-' || i, repeat('stalled export ', 10), DATE '2026-01-01', 1, 'Completed', repeat('z', 700)
         FROM generate_series(1, 60000) i",
    )
    .await;
    app.execute(
        "INSERT INTO user_permission_nav (n_user_id, n_nav_id)
         SELECT u.id, n.id FROM users u, navigation n WHERE u.c_username = 'viewer' AND n.c_route = '/dataentry/pkgactprogress'
         ON CONFLICT DO NOTHING",
    )
    .await;
    let viewer = app.anonymous().sign_in("viewer", "Viewer@123").await;
    let token = app.token.clone().unwrap();
    let (first, _keep_first) = stalled_export(&app, &token).await;
    let (second, _keep_second) = stalled_export(&app, &token).await;
    assert_eq!((first, second), (200, 200));
    // A third of the same user's, and anyone's beyond the overall limit, wait their turn.
    let (third, _) = stalled_export(&app, &token).await;
    assert_eq!(third, 429);
    let (theirs, _) = stalled_export(&app, &viewer).await;
    assert_eq!(theirs, 429);
    // Ordinary reads go on meanwhile.
    for _ in 0..10 {
        let (status, body) = app
            .get_json("/api/custom/selectall?t=corridor&cols=c_code")
            .await;
        assert_eq!(status, 200, "{body}");
    }
    // The stalled downloads end after the idle timeout, freeing their connections and slots.
    tokio::time::sleep(Duration::from_millis(3000)).await;
    let response = app.get("/api/export?t=corridor&format=csv").await;
    assert_eq!(response.status(), 200);
    assert!(response.text().await.unwrap().contains("C1"));
}

#[tokio::test]
async fn pooled_connections_keep_a_bounded_number_of_prepared_statements() {
    let url = crate::helpers::create_database(&crate::helpers::fresh_database_name()).await;
    let mut settings = crate::helpers::settings_for(&url);
    settings.database.pool_size = 1;
    settings.database.statement_cache_max = 20;
    let pool = gateway::ops::database::build_pool(&settings.database).unwrap();
    for round in 0..3 {
        let client = pool.get().await.unwrap();
        // 50 distinct statement shapes (an IN list of every length), as ad-hoc reads would make.
        for n in 1..=50 {
            let list: Vec<String> = (0..n).map(|i| (i + round).to_string()).collect();
            let sql = format!("SELECT 1 WHERE 1 IN ({})", list.join(","));
            client.prepare_cached(&sql).await.unwrap();
        }
        drop(client);
    }
    let client = pool.get().await.unwrap();
    let kept: i64 = client
        .query_one("SELECT count(*) FROM pg_prepared_statements", &[])
        .await
        .unwrap()
        .get(0);
    assert!(
        kept <= 21,
        "the session keeps {kept} prepared statements; the bound is 20"
    );
}

#[tokio::test]
async fn a_locked_session_answers_nothing_but_unlock_logout_and_who_am_i() {
    let app = spawn_seeded_app().await;
    let viewer = app.with_token(&app.anonymous().sign_in("viewer", "Viewer@123").await);
    let (status, _) = viewer.post_json("/api/auth/lock", &json!({})).await;
    assert_eq!(status, 200);
    let (status, body) = viewer.get_json("/api/custom/cmnmsg").await;
    assert_eq!((status, body["code"].as_str()), (423, Some("PMIS-R423")));
    let (status, body) = viewer.get_json("/api/auth/me").await;
    assert_eq!(status, 200);
    assert_eq!(body["user"]["locked"], true);
    let (status, _) = viewer
        .post_json("/api/auth/unlock", &json!({"password": "wrong"}))
        .await;
    assert_eq!(status, 422);
    let (status, _) = viewer.get_json("/api/custom/cmnmsg").await;
    assert_eq!(status, 423, "still locked after a wrong password");
    let (status, _) = viewer
        .post_json("/api/auth/unlock", &json!({"password": "Viewer@123"}))
        .await;
    assert_eq!(status, 200);
    let (status, _) = viewer.get_json("/api/custom/cmnmsg").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn the_person_a_document_waits_on_may_open_it_and_nothing_more() {
    let app = spawn_seeded_app().await;
    let viewer = app.with_token(&app.anonymous().sign_in("viewer", "Viewer@123").await);
    let (status, pending) = viewer.get_json("/api/custom/pendinglist").await;
    assert_eq!(status, 200);
    let group = pending
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["url"] == "/administration/dmsreview")
        .expect("documents wait on the viewer");
    let reference = group["data"][0]["id"].as_str().unwrap().to_owned();
    let (status, record) = viewer
        .get_json(&format!("/api/data/document_review/{reference}"))
        .await;
    assert_eq!(status, 200, "the reviewer opens her own task: {record}");
    // Rows not waiting on her stay out of reach, by key or in a list.
    let other = app
        .count("SELECT min(id) FROM document_review WHERE c_status <> 'Pending review'")
        .await;
    let (status, _) = viewer
        .get_json(&format!("/api/data/document_review/{other}"))
        .await;
    assert_eq!(status, 404);
    let (status, rows) = viewer
        .get_json("/api/custom/selectall?t=document_review&cols=c_status")
        .await;
    assert_eq!(status, 200);
    assert!(rows
        .as_array()
        .unwrap()
        .iter()
        .all(|row| row["c_status"] == "Pending review"));
    let listed = rows.as_array().unwrap().len() as i64;
    let waiting = app
        .count("SELECT count(*) FROM document_review d JOIN users u ON u.id = d.n_reviewer WHERE u.c_username = 'viewer' AND d.c_status = 'Pending review'")
        .await;
    assert_eq!(listed, waiting);
    // Reading is all: writing still needs the register's route.
    let (status, _) = viewer
        .post_json("/api/data/document_review", &json!({"c_doc_no": "X"}))
        .await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn who_requested_an_approval_comes_from_the_session() {
    let app = spawn_seeded_app().await;
    let package = app.count("SELECT min(id) FROM package").await;
    let viewer = app
        .count("SELECT id FROM users WHERE c_username = 'viewer'")
        .await;
    let admin = app
        .count("SELECT id FROM users WHERE c_username = 'admin'")
        .await;
    let request = |extra: serde_json::Value| {
        let mut body = json!({"c_reference": "APP/2026/901", "c_subject": "Cable tray drawings", "n_package": package,
            "c_approval_type": "Drawing", "n_approver": viewer, "d_requested": "2026-11-20", "c_status": "Pending"});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        body
    };
    let (status, body) = app
        .post_json(
            "/api/data/approval",
            &request(json!({"n_requested_by": viewer})),
        )
        .await;
    assert_eq!(
        status, 422,
        "nobody files a request in someone else's name: {body}"
    );
    let (status, body) = app
        .post_json("/api/data/approval", &request(json!({})))
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["n_requested_by"], json!(admin));
}

#[tokio::test]
async fn the_audit_log_shows_a_reader_only_what_they_may_see_of_each_record() {
    let app = spawn_seeded_app().await;
    let (status, created) = app
        .post_json(
            "/api/admin/users",
            &json!({"username": "audit.reader", "name": "Audit Reader", "email": "audit.reader@metrorail.example", "password": "Audit@Reader1"}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let reader_id = created["data"]["id"].as_i64().unwrap();
    app.post_json(
        "/api/admin/permissions/grant",
        &json!({"n_user_id": reader_id, "routes": ["/administration/auditlog", "/masters/station"]}),
    )
    .await;
    // A station change, a corridor change, and a station snapshot that carries a column no screen shows.
    let station = app.count("SELECT min(id) FROM station").await;
    app.execute(&format!(
        "INSERT INTO audit_log (n_user_id, c_entry, c_key, c_action, c_after)
         VALUES (NULL, 'station', '{station}', 'update', '{{\"c_code\": \"C1-S01\", \"c_not_on_any_screen\": \"x\"}}'),
                (NULL, 'corridor', '1', 'update', '{{\"c_code\": \"C1\"}}')"
    ))
    .await;
    let reader = app.with_token(
        &app.anonymous()
            .sign_in("audit.reader", "Audit@Reader1")
            .await,
    );
    let (status, rows) = reader
        .get_json("/api/custom/selectall?t=audit_log&cols=c_entry,c_after")
        .await;
    assert_eq!(status, 200, "{rows}");
    let rows = rows.as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(
        rows.iter().all(|row| row["c_entry"] == "station"),
        "only the entries the reader may read: {rows:?}"
    );
    let snapshot = rows
        .iter()
        .find(|row| row["c_after"].get("c_code") == Some(&json!("C1-S01")))
        .expect("the station row");
    assert_eq!(snapshot["c_after"], json!({"c_code": "C1-S01"}));
    // A superadmin sees everything as stored.
    let (_, all) = app
        .get_json("/api/custom/selectall?t=audit_log&cols=c_entry&whrc=c_entry%20%3D%20'corridor'")
        .await;
    assert!(!all.as_array().unwrap().is_empty());
}

#[tokio::test]
async fn hsts_is_sent_when_the_console_is_served_over_tls() {
    let plain = spawn_seeded_app().await;
    assert!(plain
        .get("/api/health")
        .await
        .headers()
        .get("strict-transport-security")
        .is_none());
    let tls = spawn_seeded_app_with(|settings| {
        settings.auth.public_url = "https://pmis.metrorail.example".into();
    })
    .await;
    let response = tls.get("/api/health").await;
    assert_eq!(
        response.headers()["strict-transport-security"],
        "max-age=31536000; includeSubDomains"
    );
}
