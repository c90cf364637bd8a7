//! Sign-in, sessions, throttling, registration, password reset and the lock screen, over HTTP.

use serde_json::json;

use crate::helpers::{
    create_database, fresh_database_name, settings_for, spawn_seeded_app, spawn_seeded_app_with,
    start_app,
};

#[tokio::test]
async fn sign_in_gives_a_token_that_opens_the_api_and_logs_the_sign_in() {
    let app = spawn_seeded_app().await.anonymous();
    let (status, body) = app
        .post_json(
            "/api/auth/signin",
            &json!({"username": "viewer", "password": "Viewer@123"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    for key in ["id", "name", "email", "accessToken", "roles", "expiresAt"] {
        assert!(body.get(key).is_some(), "{key} missing: {body}");
    }
    assert_eq!(body["roles"], json!(["user"]));
    let token = body["accessToken"].as_str().unwrap();
    assert_eq!(token.len(), 43, "256 random bits, base64url");
    let viewer = body["id"].as_i64().unwrap();
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM login_log WHERE n_user_id = {viewer}"
        ))
        .await,
        1
    );
    let stored = app
        .count(&format!(
            "SELECT count(*) FROM user_session WHERE encode(c_token_hash, 'escape') LIKE '%{}%'",
            &body["accessToken"].as_str().unwrap()[..10]
        ))
        .await;
    assert_eq!(stored, 0, "only a hash of the token is stored");
    assert_eq!(
        app.count(&format!("SELECT count(*) FROM user_session WHERE c_token_hash = sha256(convert_to('{}', 'UTF8'))", body["accessToken"].as_str().unwrap())).await,
        1,
        "its SHA-256 is"
    );

    let (status, _) = app.get_json("/api/auth/me").await;
    assert_eq!(status, 401, "no token, no answer");
    let (status, me) = app.with_token(token).get_json("/api/auth/me").await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["user"]["name"], "Priya Raman");
    let mut routes: Vec<&str> = me["routes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    routes.sort();
    assert_eq!(
        routes,
        [
            "/",
            "/dashboard/analytics",
            "/dataentry/landacquisitionstatus",
            "/masters/corridor",
            "/masters/station",
            "/reports/pendinglist"
        ]
    );
    // The navigation holds only the viewer's routes, inside their groups.
    let navigation = me["navigation"].to_string();
    assert!(
        navigation.contains("/masters/corridor") && !navigation.contains("/masters/phase"),
        "{navigation}"
    );
    assert!(me["navigation"][0]["id"].is_string());

    // Authorization: Bearer works as well; the e-mail works as the username.
    let response = app
        .client
        .get(app.url("/api/auth/me"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let (status, _) = app
        .post_json(
            "/api/auth/signin",
            &json!({"username": "PRIYA.RAMAN@metrorail.example", "password": "Viewer@123"}),
        )
        .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn wrong_credentials_get_one_message_and_five_failures_lock_for_fifteen_minutes() {
    let app = spawn_seeded_app().await.anonymous();
    let (status, unknown) = app
        .post_json(
            "/api/auth/signin",
            &json!({"username": "nobody", "password": "Whatever1"}),
        )
        .await;
    let (_, wrong) = app
        .post_json(
            "/api/auth/signin",
            &json!({"username": "viewer", "password": "Wrong@123"}),
        )
        .await;
    assert_eq!(status, 401);
    assert_eq!(
        unknown["message"], wrong["message"],
        "which part was wrong is not revealed"
    );
    assert_eq!(wrong["message"], "The username or password is not correct");

    // Five failures for one username (all from this test's one address, which is locked alongside).
    app.execute("DELETE FROM login_failure").await;
    for _ in 0..5 {
        let (status, _) = app
            .post_json(
                "/api/auth/signin",
                &json!({"username": "viewer", "password": "Wrong@123"}),
            )
            .await;
        assert_eq!(status, 401);
    }
    let response = app
        .post("/api/auth/signin")
        .json(&json!({"username": "viewer", "password": "Viewer@123"}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.status(),
        429,
        "the right password does not help during the lock"
    );
    let retry: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((800..=900).contains(&retry), "{retry}");
    assert_eq!(
        app.count("SELECT count(*) FROM login_lock l JOIN users u ON l.c_key = u.id::text WHERE l.c_kind = 'account' AND u.c_username = 'viewer'")
            .await,
        1
    );

    // The lock ends after its time.
    app.execute("UPDATE login_lock SET d_until = now() - interval '1 second'")
        .await;
    app.execute("UPDATE login_failure SET d_at = now() - interval '16 minutes'")
        .await;
    let (status, _) = app
        .post_json(
            "/api/auth/signin",
            &json!({"username": "viewer", "password": "Viewer@123"}),
        )
        .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn one_address_trying_many_usernames_is_locked_too() {
    let app = spawn_seeded_app().await.anonymous();
    for i in 0..5 {
        let (status, _) = app
            .post_json(
                "/api/auth/signin",
                &json!({"username": format!("guess{i}"), "password": "Wrong@123"}),
            )
            .await;
        assert_eq!(status, 401);
    }
    let (status, body) = app
        .post_json(
            "/api/auth/signin",
            &json!({"username": "admin", "password": "Admin@123"}),
        )
        .await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(
        app.count("SELECT count(*) FROM login_lock WHERE c_kind = 'address'")
            .await,
        1
    );
}

/// For tests that change sessions behind the API's back (in the database): no session cache.
async fn uncached_app() -> crate::helpers::TestApp {
    spawn_seeded_app_with(|settings| settings.auth.session_cache = std::time::Duration::ZERO)
        .await
        .anonymous()
}

#[tokio::test]
async fn logout_revokes_at_once_and_expired_sessions_end() {
    let app = uncached_app().await;
    let token = app.sign_in("viewer", "Viewer@123").await;
    let viewer = app.with_token(&token);
    let (_, me) = viewer.get_json("/api/auth/me").await;
    let id = me["user"]["id"].as_i64().unwrap();

    let (status, body) = viewer
        .post_json(
            "/api/auth/logout",
            &json!({"n_user_id": id + 1000, "c_token": token}),
        )
        .await;
    assert_eq!(
        (status, body["result"].clone()),
        (200, json!("failed")),
        "{body}"
    );
    let (status, body) = viewer
        .post_json(
            "/api/auth/logout",
            &json!({"n_user_id": id, "c_token": token}),
        )
        .await;
    assert_eq!(
        (status, body["result"].clone()),
        (200, json!("success")),
        "{body}"
    );
    let (status, body) = viewer.get_json("/api/auth/me").await;
    assert_eq!(status, 401, "{body}");

    let token = app.sign_in("viewer", "Viewer@123").await;
    let (status, _) = app.with_token(&token).get_json("/api/auth/me").await;
    assert_eq!(status, 200);
    app.execute("UPDATE user_session SET d_expires_at = now() - interval '1 second'")
        .await;
    let (status, body) = app.with_token(&token).get_json("/api/auth/me").await;
    assert_eq!(status, 401);
    assert_eq!(body["message"], "the session has ended; sign in again");

    for forged in ["", "x", &token[..20], "Bearer", &"A".repeat(43)] {
        let (status, _) = app.with_token(forged).get_json("/api/auth/me").await;
        assert_eq!(status, 401, "{forged:?}");
    }
}

#[tokio::test]
async fn sessions_slide_their_expiry_with_use() {
    let app = uncached_app().await;
    let token = app.sign_in("viewer", "Viewer@123").await;
    let viewer = "n_user_id = (SELECT id FROM users WHERE c_username = 'viewer')";
    app.execute(&format!(
        "UPDATE user_session SET d_last_seen_at = now() - interval '2 hours', d_expires_at = now() + interval '10 hours'
         WHERE {viewer}"
    ))
    .await;
    let (status, _) = app.with_token(&token).get_json("/api/auth/me").await;
    assert_eq!(status, 200);
    let hours = app
        .count(&format!("SELECT round(extract(epoch FROM d_expires_at - now()) / 3600)::int8 FROM user_session WHERE {viewer}"))
        .await;
    assert_eq!(hours, 12, "use moves the end to 12 hours from now");
}

#[tokio::test]
async fn a_reset_link_works_once_within_thirty_minutes() {
    let app = spawn_seeded_app().await.anonymous();
    let (status, known) = app
        .post_json(
            "/api/auth/forgot",
            &json!({"email": "priya.raman@metrorail.example"}),
        )
        .await;
    let (_, unknown) = app
        .post_json(
            "/api/auth/forgot",
            &json!({"email": "nobody@metrorail.example"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        known, unknown,
        "the same answer whether or not the address has an account"
    );
    // Only the account's owner is mailed (the demo's own mail aside).
    assert_eq!(
        app.count("SELECT count(*) FROM mail_outbox WHERE c_purpose = 'password-reset'")
            .await,
        1
    );

    let body: String = app
        .db()
        .await
        .query_one(
            "SELECT c_body FROM mail_outbox WHERE c_purpose = 'password-reset'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let token = body
        .split("/resetp?token=")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned();
    let (status, body) = app
        .post_json(
            "/api/auth/reset",
            &json!({"token": token, "password": "short"}),
        )
        .await;
    assert_eq!(status, 422);
    assert_eq!(
        body["fields"][0]["message"],
        "The password must have at least 8 characters"
    );
    let (status, body) = app
        .post_json(
            "/api/auth/reset",
            &json!({"token": token, "password": "New.Site@2026"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = app
        .post_json(
            "/api/auth/signin",
            &json!({"username": "viewer", "password": "Viewer@123"}),
        )
        .await;
    assert_eq!(status, 401, "the old password is gone");
    app.sign_in("viewer", "New.Site@2026").await;
    let (status, body) = app
        .post_json(
            "/api/auth/reset",
            &json!({"token": token, "password": "Other.Site@2026"}),
        )
        .await;
    assert_eq!(status, 400, "single use: {body}");

    app.post_json(
        "/api/auth/forgot",
        &json!({"email": "priya.raman@metrorail.example"}),
    )
    .await;
    let body: String = app
        .db()
        .await
        .query_one(
            "SELECT c_body FROM mail_outbox ORDER BY id DESC LIMIT 1",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let late = body
        .split("/resetp?token=")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned();
    app.execute("UPDATE password_reset SET d_expires_at = now() - interval '1 second' WHERE d_used_at IS NULL").await;
    let (status, _) = app
        .post_json(
            "/api/auth/reset",
            &json!({"token": late, "password": "Other.Site@2026"}),
        )
        .await;
    assert_eq!(status, 400, "expired");
}

#[tokio::test]
async fn registration_waits_for_an_administrator() {
    let app = spawn_seeded_app().await;
    let anonymous = app.anonymous();
    let (status, body) = anonymous
        .post_json(
            "/api/auth/register",
            &json!({"username": "ravi.k", "name": "", "email": "ravi", "password": "ravi.k"}),
        )
        .await;
    assert_eq!(status, 422);
    let fields: Vec<&str> = body["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["name", "email", "password", "password"], "{body}");

    let account = json!({"username": "ravi.k", "name": "Ravi Kumar", "email": "ravi.k@contractor.example", "password": "Pier.Cap@77"});
    let (status, body) = anonymous.post_json("/api/auth/register", &account).await;
    assert_eq!(status, 201, "{body}");
    let id = app
        .count("SELECT id FROM users WHERE c_username = 'ravi.k'")
        .await;
    // The same address again: the same answer (its owner is told by mail), not "taken".
    let (status, again) = anonymous.post_json("/api/auth/register", &account).await;
    assert_eq!((status, &again), (201, &body));
    assert_eq!(
        app.count("SELECT count(*) FROM users WHERE c_username = 'ravi.k'")
            .await,
        1
    );
    // A taken username with a new address is still named: usernames are not secrets.
    let (status, body) = anonymous
        .post_json(
            "/api/auth/register",
            &json!({"username": "ravi.k", "name": "Ravi K", "email": "other.ravi@contractor.example", "password": "Pier.Cap@78"}),
        )
        .await;
    assert_eq!(
        (status, body["fields"][0]["field"].clone()),
        (422, json!("username"))
    );

    let (status, body) = anonymous
        .post_json(
            "/api/auth/signin",
            &json!({"username": "ravi.k", "password": "Pier.Cap@77"}),
        )
        .await;
    assert_eq!(status, 409);
    assert_eq!(
        body["message"],
        "Your account is awaiting approval by an administrator"
    );
    let (status, _) = app
        .post_json(&format!("/api/admin/users/{id}/activate"), &json!({}))
        .await;
    assert_eq!(status, 200);
    anonymous.sign_in("ravi.k", "Pier.Cap@77").await;
}

#[tokio::test]
async fn the_configured_superadmin_address_registers_the_first_superadmin() {
    let url = create_database(&fresh_database_name()).await;
    let mut settings = settings_for(&url);
    settings.auth.superadmin_email = Some("chief@metrorail.example".into());
    let app = start_app(settings).await;
    app.wait_for_health(200, std::time::Duration::from_secs(30))
        .await;
    // The start printed a setup token in the log; a new one, as an operator restarting would get.
    let setup = gateway::auth::bootstrap::issue_setup_token(&app.pool)
        .await
        .unwrap()
        .expect("no superadmin yet");
    let (status, body) = app
        .post_json("/api/auth/register", &json!({"username": "chief", "name": "Chief Engineer", "email": "Chief@metrorail.example", "password": "Metro@Chief1", "setup_token": setup}))
        .await;
    assert_eq!(status, 201, "{body}");
    let (_, signed) = app
        .post_json(
            "/api/auth/signin",
            &json!({"username": "chief", "password": "Metro@Chief1"}),
        )
        .await;
    assert_eq!(signed["roles"], json!(["superadmin", "user"]));
    let (status, _) = app
        .post_json("/api/auth/register", &json!({"username": "second", "name": "Second", "email": "chief2@metrorail.example", "password": "Metro@Chief2"}))
        .await;
    assert_eq!(status, 201);
    assert_eq!(
        app.count("SELECT count(*) FROM users WHERE n_superadmin = 1")
            .await,
        1
    );
}

#[tokio::test]
async fn the_lock_screen_checks_the_password_again() {
    let app = spawn_seeded_app().await.anonymous();
    let viewer = app.with_token(&app.sign_in("viewer", "Viewer@123").await);
    let (status, body) = viewer
        .post_json("/api/auth/unlock", &json!({"password": "Viewer@123"}))
        .await;
    assert_eq!((status, body["result"].clone()), (200, json!("success")));
    let (status, body) = viewer
        .post_json("/api/auth/unlock", &json!({"password": "nope"}))
        .await;
    assert_eq!(status, 422);
    assert_eq!(body["message"], "The password is not correct");
    let (status, _) = app
        .post_json("/api/auth/unlock", &json!({"password": "Viewer@123"}))
        .await;
    assert_eq!(status, 401, "the lock screen needs the session");
}

#[tokio::test]
async fn two_replicas_share_sessions_and_revocations_reach_both_at_once() {
    let first = spawn_seeded_app().await;
    let second = start_app(settings_for(&first.database_url)).await;
    second
        .wait_for_health(200, std::time::Duration::from_secs(30))
        .await;
    let token = first.anonymous().sign_in("viewer", "Viewer@123").await;
    let (on_first, on_second) = (first.with_token(&token), second.with_token(&token));
    let (status, me) = on_second.get_json("/api/auth/me").await;
    assert_eq!(
        status, 200,
        "a session made on one replica works on the other"
    );
    let id = me["user"]["id"].as_i64().unwrap();
    // Both replicas now hold the session in their caches.
    assert_eq!(on_first.get_json("/api/auth/me").await.0, 200);

    // A permission granted on the first is visible on the second without waiting for the cache to age.
    let (status, _) = on_second
        .get_json("/api/custom/selectall?t=pkgactdependence")
        .await;
    assert_eq!(status, 403);
    first
        .post_json(
            "/api/admin/permissions/grant",
            &json!({"n_user_id": id, "routes": ["/dataentry/pkgactdependence"]}),
        )
        .await;
    assert_eventually(&on_second, "/api/custom/selectall?t=pkgactdependence", 200).await;

    let (_, body) = on_first
        .post_json(
            "/api/auth/logout",
            &json!({"n_user_id": id, "c_token": token}),
        )
        .await;
    assert_eq!(body["result"], "success");
    assert_eq!(
        on_first.get_json("/api/auth/me").await.0,
        401,
        "at once on the replica that logged out"
    );
    assert_eventually(&on_second, "/api/auth/me", 401).await;
}

/// The other replica learns through PostgreSQL's NOTIFY, a few milliseconds later: poll for up to a second.
async fn assert_eventually(app: &crate::helpers::TestApp, path: &str, status: u16) {
    let started = std::time::Instant::now();
    loop {
        let (now, _) = app.get_json(path).await;
        if now == status {
            return;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(1),
            "{path} still answers {now}, not {status}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn housekeeping_removes_only_rows_that_no_longer_matter() {
    let app = spawn_seeded_app().await;
    let live = app.anonymous().sign_in("viewer", "Viewer@123").await;
    app.execute(
        "INSERT INTO user_session (n_user_id, c_token_hash, d_expires_at)
         SELECT id, decode(md5(id::text || 'old'), 'hex'), now() - interval '31 days' FROM users;
         INSERT INTO login_failure (c_username, d_at) VALUES ('x', now() - interval '2 days'), ('y', now());
         INSERT INTO password_reset (n_user_id, c_token_hash, d_expires_at)
         SELECT id, decode(md5(id::text || 'reset'), 'hex'), now() - interval '8 days' FROM users;
         INSERT INTO users (c_username, c_name, c_email, c_password_hash, n_active, d_pending_until) VALUES
             ('expired.pending', 'Expired', 'expired@example.org', '!', 0, now() - interval '1 day'),
             ('waiting.pending', 'Waiting', 'waiting@example.org', '!', 0, now() + interval '1 day');
         INSERT INTO rate_event (c_kind, c_key, d_at) VALUES ('forgot-client', 'x', now() - interval '3 days'),
             ('forgot-client', 'y', now());
         INSERT INTO idempotent_request (n_user, c_key, c_request, c_record_key, d_at)
         SELECT id, 'old-key-' || id, 'create corridor', '1', now() - interval '31 days' FROM users
         WHERE c_username NOT LIKE '%.pending'
         UNION ALL SELECT id, 'new-key-' || id, 'create corridor', '1', now() FROM users",
    )
    .await;
    let removed = gateway::ops::housekeeping::run_once(&app.pool)
        .await
        .unwrap();
    assert_eq!(
        removed,
        // One old session and one spent reset per demo account.
        gateway::ops::housekeeping::Removed {
            sessions: gateway::ops::seed::DEMO_ACCOUNTS.len() as u64,
            failures: 1,
            resets: gateway::ops::seed::DEMO_ACCOUNTS.len() as u64,
            registrations: 1,
            rate_events: 1,
            idempotent_requests: gateway::ops::seed::DEMO_ACCOUNTS.len() as u64,
        }
    );
    let (status, _) = app.with_token(&live).get_json("/api/auth/me").await;
    assert_eq!(status, 200, "live sessions stay");
    assert_eq!(app.count("SELECT count(*) FROM login_failure").await, 1);
    assert_eq!(
        app.count("SELECT count(*) FROM users WHERE c_username LIKE '%.pending'")
            .await,
        1,
        "a registration still waiting stays"
    );
}

#[tokio::test]
async fn a_user_changes_their_own_password_and_keeps_only_this_session() {
    let app = spawn_seeded_app().await;
    let here = app.with_token(&app.anonymous().sign_in("viewer", "Viewer@123").await);
    let elsewhere = app.with_token(&app.anonymous().sign_in("viewer", "Viewer@123").await);
    let change =
        |current: &str, new: &str| json!({"current_password": current, "new_password": new});

    let (status, wrong) = here
        .post_json(
            "/api/auth/me/password",
            &change("Viewer@1234", "Pier.Cap@2026"),
        )
        .await;
    assert_eq!(status, 422, "{wrong}");
    assert_eq!(
        crate::helpers::field_messages(&wrong)["current_password"],
        "The current password is not correct"
    );
    let (status, same) = here
        .post_json("/api/auth/me/password", &change("Viewer@123", "Viewer@123"))
        .await;
    assert_eq!(status, 422, "{same}");
    assert!(crate::helpers::field_messages(&same).contains_key("new_password"));
    let (status, weak) = here
        .post_json("/api/auth/me/password", &change("Viewer@123", "short"))
        .await;
    assert_eq!(status, 422, "{weak}");
    assert!(crate::helpers::field_messages(&weak).contains_key("new_password"));
    assert_eq!(
        elsewhere.get_json("/api/auth/me").await.0,
        200,
        "nothing changed yet"
    );

    let (status, done) = here
        .post_json(
            "/api/auth/me/password",
            &change("Viewer@123", "Pier.Cap@2026"),
        )
        .await;
    assert_eq!(status, 200, "{done}");
    assert_eq!(done["message"], "Password changed");
    assert_eq!(
        here.get_json("/api/auth/me").await.0,
        200,
        "this session goes on"
    );
    assert_eq!(
        elsewhere.get_json("/api/auth/me").await.0,
        401,
        "every other one ended"
    );
    app.anonymous().sign_in("viewer", "Pier.Cap@2026").await;
    let (status, _) = app
        .anonymous()
        .post_json(
            "/api/auth/signin",
            &json!({"username": "viewer", "password": "Viewer@123"}),
        )
        .await;
    assert_eq!(status, 401, "the old password no longer signs in");
    assert_eq!(
        app.audit_actions("users", &user_key(&app, "viewer").await)
            .await
            .last()
            .map(String::as_str),
        Some("change-password")
    );
}

async fn user_key(app: &crate::helpers::TestApp, username: &str) -> String {
    let id: i64 = app
        .db()
        .await
        .query_one("SELECT id FROM users WHERE c_username = $1", &[&username])
        .await
        .unwrap()
        .get(0);
    id.to_string()
}
