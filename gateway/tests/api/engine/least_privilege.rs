//! The gateway serves requests as a role that cannot do more than the product needs: no superuser, no DDL, no
//! secrets; the schema's owner migrates and grants it. And TLS to PostgreSQL when the URL asks for it.

use std::time::Duration;

use serde_json::json;

use crate::helpers::{
    admin_url, connect, create_database, fresh_database_name, settings_for, start_app, url_for,
};

const ROLE: &str = "pmis_test_serving";
const PASSWORD: &str = "Serving-Role-Test-2026";

/// `url` signing in as the test's serving role instead of the owner.
fn as_serving_role(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("a URL");
    let (_, host) = rest.split_once('@').expect("credentials");
    format!("{scheme}://{ROLE}:{PASSWORD}@{host}")
}

#[test]
fn the_serving_url_keeps_host_database_and_parameters() {
    assert_eq!(
        as_serving_role("postgres://pmis:pw@127.0.0.1:54329/test_x?sslmode=disable"),
        format!("postgres://{ROLE}:{PASSWORD}@127.0.0.1:54329/test_x?sslmode=disable")
    );
}

async fn ensure_role() {
    let admin = connect(&url_for("postgres")).await;
    // Roles are cluster-wide and tests run in parallel: create it once, tolerating a concurrent creation.
    let _ = admin
        .batch_execute(&format!(
            "DO $$ BEGIN
                 IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
                     CREATE ROLE {ROLE} LOGIN PASSWORD '{PASSWORD}' NOSUPERUSER NOCREATEDB NOCREATEROLE;
                 END IF;
             END $$"
        ))
        .await;
}

#[tokio::test]
async fn requests_are_served_by_a_role_without_ddl_superuser_or_secrets() {
    ensure_role().await;
    let owner_url = create_database(&fresh_database_name()).await;
    let serving_url = as_serving_role(&owner_url);
    let mut settings = settings_for(&serving_url);
    settings.database.migration_url = Some(owner_url.clone());
    let app = start_app(settings).await;
    app.wait_for_health(200, Duration::from_secs(30)).await;
    // The demo data, as `just seed` loads it: by the owner.
    let owner_pool =
        gateway::ops::database::build_pool_for(&settings_for(&owner_url).database, &owner_url, 1)
            .unwrap();
    gateway::ops::seed::load_demo_data(&owner_pool)
        .await
        .unwrap();

    // The product works: sign-in (the hash through its function), reads, a write with its audit row, an export,
    // record references (their key through its function).
    let token = app.sign_in("admin", "Admin@123").await;
    let admin = app.with_token(&token);
    let (status, rows) = admin
        .get_json("/api/custom/selectall?t=corridor&cols=c_code")
        .await;
    assert_eq!(status, 200, "{rows}");
    let (status, body) = admin
        .post_json(
            "/api/data/corridor",
            &json!({"c_code": "LP1", "c_name": "Least privilege line"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let export = admin.get("/api/export?t=corridor&format=csv").await;
    assert_eq!(export.status(), 200);
    let (status, pending) = admin.get_json("/api/custom/pendinglist").await;
    assert_eq!(status, 200, "{pending}");
    let viewer = app.anonymous().sign_in("viewer", "Viewer@123").await;
    let (status, _) = app
        .with_token(&viewer)
        .post_json("/api/auth/unlock", &json!({"password": "Viewer@123"}))
        .await;
    assert_eq!(status, 200);

    // What the role itself can do, asked directly.
    let serving = connect(&serving_url).await;
    let superuser: String = serving
        .query_one("SELECT current_setting('is_superuser')", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(superuser, "off");
    for refused in [
        "SELECT c_password_hash FROM users",
        "SELECT * FROM app_secret",
        "CREATE TABLE intruder (id int)",
        "COPY (SELECT 1) TO PROGRAM 'true'",
        "ALTER TABLE corridor ADD COLUMN c_x text",
        "DROP TABLE corridor",
        "SELECT * FROM refinery_schema_history",
    ] {
        let error = serving.batch_execute(refused).await.expect_err(refused);
        let error = error
            .as_db_error()
            .map(|db| db.message().to_owned())
            .unwrap_or_else(|| error.to_string());
        assert!(
            error.contains("permission denied")
                || error.contains("must be owner")
                || error.contains("superuser"),
            "{refused}: {error}"
        );
    }
}

#[tokio::test]
async fn connections_are_encrypted_when_the_url_asks_for_it() {
    let url = create_database(&fresh_database_name()).await;
    let (base, _) = url.split_once('?').unwrap_or((&url, ""));
    let tls_url = format!("{base}?sslmode=require");
    let mut settings = settings_for(&tls_url);
    settings.database.pool_size = 1;
    let pool = gateway::ops::database::build_pool(&settings.database).unwrap();
    let client = pool.get().await.expect("a TLS connection");
    let encrypted: bool = client
        .query_one(
            "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(encrypted, "sslmode=require gives an encrypted session");
    // The project-local URLs say sslmode=disable: plain on loopback.
    if admin_url().contains("sslmode=disable") {
        let plain = gateway::ops::database::build_pool(&settings_for(&url).database).unwrap();
        let encrypted: bool = plain
            .get()
            .await
            .unwrap()
            .query_one(
                "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                &[],
            )
            .await
            .unwrap()
            .get(0);
        assert!(!encrypted);
    }
}
