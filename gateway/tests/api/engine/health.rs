use std::time::Duration;

use crate::helpers::{
    create_database, fresh_database_name, settings_for, spawn_app, spawn_seeded_app, start_app,
    url_for,
};

#[tokio::test]
async fn health_answers_200_with_the_database_up() {
    let app = spawn_app().await;
    let response = app.get("/api/health").await;
    assert_eq!(response.status(), 200);
    let request_id = response
        .headers()
        .get("x-request-id")
        .expect("x-request-id header")
        .to_str()
        .unwrap()
        .to_string();
    assert!(uuid::Uuid::parse_str(&request_id).is_ok(), "{request_id}");
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ok");
    assert_eq!(body["database"], "up");
}

#[tokio::test]
async fn health_is_503_until_the_database_exists_and_then_recovers_without_a_restart() {
    // The database does not exist yet: every connection attempt fails, as when the server is down.
    let name = fresh_database_name();
    let app = start_app(settings_for(&url_for(&name))).await;

    let response = app.get("/api/health").await;
    assert_eq!(response.status(), 503);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "starting");
    assert_eq!(body["database"], "down");

    create_database(&name).await;
    app.wait_for_health(200, Duration::from_secs(30)).await;
    app.assert_fully_migrated().await;
}

#[tokio::test]
async fn every_answer_carries_a_distinct_request_id_and_hardening_headers() {
    let app = spawn_app().await;
    let first = app.get("/api/health").await;
    let second = app.get("/api/health").await;
    let id = |r: &reqwest::Response| r.headers()["x-request-id"].to_str().unwrap().to_string();
    assert_ne!(id(&first), id(&second));
    assert_eq!(first.headers()["x-content-type-options"], "nosniff");
    assert_eq!(first.headers()["x-frame-options"], "DENY");
}

#[tokio::test]
async fn unknown_api_paths_are_json_404s_never_the_console_page() {
    // Signed in: a JSON 404. Without a session every API path, known or not, is a JSON 401 (a 404 would tell a
    // stranger which paths exist).
    let app = spawn_seeded_app().await;
    for path in ["/api/does-not-exist", "/api/custom/nothing/here", "/api"] {
        let anonymous = app.anonymous().get(path).await;
        assert_eq!(anonymous.status(), 401, "{path}");
        assert_eq!(anonymous.headers()["content-type"], "application/json");
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "application/json",
            "{path}"
        );
        let body: serde_json::Value = response.json().await.unwrap();
        assert_eq!(body["code"], "PMIS-R404", "{path}");
        assert!(body["message"].as_str().unwrap().contains(path), "{body}");
    }
    let response = app
        .post("/api/nope")
        .json(&serde_json::json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
}
