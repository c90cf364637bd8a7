//! `GET /api/custom/selectall` over HTTP against the real database.

use crate::helpers::{encode, spawn_seeded_app, spawn_seeded_app_with};
use std::time::Duration;

fn path(t: &str, cols: &str, whrc: &str) -> String {
    format!(
        "/api/custom/selectall?t={}&cols={}&whrc={}",
        encode(t),
        encode(cols),
        encode(whrc)
    )
}

#[tokio::test]
async fn unknown_tables_and_columns_are_400_naming_them() {
    let app = spawn_seeded_app().await;
    let (status, body) = app.get_json(&path("user_session", "", "")).await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "unknown table `user_session`");
    assert_eq!(body["code"], "PMIS-R400T");

    let (status, body) = app.get_json(&path("corridor", "c_code,c_nam", "")).await;
    assert_eq!(status, 400);
    assert_eq!(body["message"], "unknown column `c_nam` in `corridor`");

    let (status, body) = app
        .get_json(&path("v_user_list", "c_password_hash", ""))
        .await;
    assert_eq!(status, 400, "{body}");
}

#[tokio::test]
async fn all_readable_columns_and_a_filter() {
    let app = spawn_seeded_app().await;
    let (status, body) = app.get_json(&path("v_user_list", "*", "")).await;
    assert_eq!(status, 200);
    let rows = body.as_array().unwrap();
    assert_eq!(rows.len(), 11);
    let keys: Vec<&String> = rows[0].as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["email", "id", "n_superadmin", "name", "organization"],
        "only identity, address, organisation and whether it is the administrator's account"
    );
    assert!(rows[0]["id"].is_i64(), "integers are JSON numbers");

    let (status, body) = app
        .get_json(&path("corridor", "c_code, c_name", "c_code = 'C1'"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(body.as_array().unwrap().len(), 1);
    assert_eq!(body[0]["c_code"], "C1");
    assert_eq!(body[0].as_object().unwrap().len(), 2);

    // The package strip: the view, all columns, filtered on the package.
    let package: i64 = app
        .count("SELECT min(n_package) FROM phase_project_package_link")
        .await;
    let (status, body) = app
        .get_json(&path(
            "v_package_detail",
            "",
            &format!("n_package = {package}"),
        ))
        .await;
    assert_eq!(status, 200);
    for key in [
        "n_project",
        "project",
        "n_phase",
        "phase",
        "n_corridor",
        "corridor",
        "n_package",
        "package",
    ] {
        assert!(body[0].get(key).is_some(), "{key} missing from {body}");
    }
    let (_, empty) = app
        .get_json(&path("v_package_detail", "", "n_package = -1"))
        .await;
    assert_eq!(empty, serde_json::json!([]));
}

#[tokio::test]
async fn the_second_latest_login_and_the_permission_count() {
    let app = spawn_seeded_app().await;
    app.execute(
        "INSERT INTO login_log (n_user_id, d_log_date)
         SELECT id, t FROM users, (VALUES (timestamptz '2026-01-01 09:00+05:30'), ('2026-01-02 09:00+05:30'),
                                          ('2026-01-03 09:00+05:30')) v(t)
         WHERE c_username = 'viewer'",
    )
    .await;
    let viewer = app
        .count("SELECT id FROM users WHERE c_username = 'viewer'")
        .await;
    let (status, body) = app
        .get_json(&path(
            "login_log",
            "id,n_user_id,d_log_date",
            &format!("n_user_id = {viewer} ORDER BY d_log_date DESC LIMIT 1 OFFSET 1"),
        ))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body.as_array().unwrap().len(), 1);
    let logged = body[0]["d_log_date"].as_str().unwrap();
    // ISO 8601 with an offset, the same instant as 2026-01-02 09:00 IST.
    assert!(
        logged.starts_with("2026-01-02T") && (logged.ends_with("+00:00") || logged.contains('+')),
        "{logged}"
    );

    let (status, body) = app
        .get_json(&path(
            "v_user_permission_nav",
            "id",
            &format!("n_user_id = {viewer} AND c_route = '/dashboard/analytics'"),
        ))
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(body.as_array().unwrap().len() <= 1);
}

#[tokio::test]
async fn numbers_dates_and_timestamps_keep_their_exact_form() {
    let app = spawn_seeded_app().await;
    app.execute("UPDATE project SET n_sanctioned_cost = 12345678901234.56 WHERE c_code = 'MRP-BL'")
        .await;
    let response = app
        .get(&path(
            "project",
            "c_code,n_sanctioned_cost",
            "c_code = 'MRP-BL'",
        ))
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"].to_str().unwrap(),
        "application/json"
    );
    let text = response.text().await.unwrap();
    assert_eq!(
        text,
        r#"[{"c_code":"MRP-BL","n_sanctioned_cost":12345678901234.56}]"#
    );

    let (_, body) = app
        .get_json(&path("phase", "d_start_date", "c_code = 'PH1'"))
        .await;
    assert_eq!(body[0]["d_start_date"], "2022-04-01");
    let (_, body) = app
        .get_json(&path(
            "phase",
            "c_code",
            "d_start_date >= DATE '2023-01-01' ORDER BY c_code",
        ))
        .await;
    assert_eq!(
        body,
        serde_json::json!([{"c_code": "PH1A"}, {"c_code": "PH2"}])
    );
}

#[tokio::test]
async fn hostile_filters_are_400_with_reason_and_position_and_never_run() {
    let app = spawn_seeded_app().await;
    let cases = [
        (
            "c_code = 'C1'; DROP TABLE corridor",
            "`;` is not allowed",
            "position 14",
        ),
        (
            "c_code = 'C1' OR pg_sleep(5) IS NULL",
            "function calls (`pg_sleep`) are not allowed",
            "position 18",
        ),
        (
            "c_code IN (SELECT c_password_hash FROM users)",
            "subqueries are not allowed",
            "position",
        ),
        (
            "users.c_password_hash IS NOT NULL",
            "refers to another table",
            "position 1",
        ),
        ("xmin = 1", "system column", "position 1"),
        (
            "c_code = 'C1' UNION SELECT 1",
            "unexpected `UNION`",
            "position 15",
        ),
    ];
    for (whrc, reason, position) in cases {
        let started = std::time::Instant::now();
        let (status, body) = app.get_json(&path("corridor", "", whrc)).await;
        assert_eq!(status, 400, "{whrc}: {body}");
        let message = body["message"].as_str().unwrap();
        assert!(message.starts_with("whrc: "), "{message}");
        assert!(
            message.contains(reason) && message.contains(position),
            "{whrc}: {message}"
        );
        assert!(started.elapsed() < Duration::from_secs(2), "{whrc} ran");
    }
    assert_eq!(
        app.count("SELECT count(*) FROM corridor").await,
        2,
        "nothing was dropped"
    );
    let (status, _) = app
        .get_json(&path(
            "corridor",
            "",
            &format!("c_code = '{}'", "x".repeat(5000)),
        ))
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn answers_are_cut_at_the_row_limit_and_say_so() {
    let app = spawn_seeded_app_with(|settings| settings.query.max_rows = 3).await;

    let response = app.get(&path("station", "id", "")).await;
    assert_eq!(response.headers()["x-truncated"], "3");
    let rows: serde_json::Value = response.json().await.unwrap();
    assert_eq!(rows.as_array().unwrap().len(), 3);

    let response = app.get(&path("station", "id", "id > 0 LIMIT 2")).await;
    assert!(response.headers().get("x-truncated").is_none());
    let rows: serde_json::Value = response.json().await.unwrap();
    assert_eq!(rows.as_array().unwrap().len(), 2);
}
