use std::time::Duration;

use gateway::startup::{Application, StartupError};

use crate::helpers::{
    connect, create_database, fresh_database_name, settings_for, spawn_app, start_app,
};

#[tokio::test]
async fn migrations_run_once_and_are_recorded() {
    let app = spawn_app().await;
    let again = gateway::ops::migrations::run(&app.pool, None)
        .await
        .unwrap();
    assert!(again.is_empty(), "re-applied: {again:?}");
    let rows = app
        .db()
        .await
        .query(
            "SELECT name FROM refinery_schema_history ORDER BY version",
            &[],
        )
        .await
        .unwrap();
    let names: Vec<String> = rows.iter().map(|r| r.get(0)).collect();
    let known: Vec<String> = gateway::ops::migrations::known()
        .iter()
        .map(|m| m.split_once("__").unwrap().1.to_string())
        .collect();
    assert_eq!(names, known);
}

#[tokio::test]
async fn two_gateways_starting_together_migrate_the_database_once() {
    let url = create_database(&fresh_database_name()).await;
    // Sessions time out sooner than the migrations take: the gateway that waits for the other's migrations must
    // not have its wait for the lock cancelled (it once was, with the default 5 s, and never started).
    let settings = || {
        let mut settings = settings_for(&url);
        settings.database.statement_timeout = Duration::from_millis(1500);
        settings
    };
    let first = start_app(settings()).await;
    let second = start_app(settings()).await;
    first.wait_for_health(200, Duration::from_secs(30)).await;
    second.wait_for_health(200, Duration::from_secs(30)).await;
    first.assert_fully_migrated().await;
}

#[tokio::test]
async fn a_failed_migration_stops_the_start_naming_the_migration_and_the_database_error() {
    let url = create_database(&fresh_database_name()).await;
    // A table in the way makes V1__core fail.
    connect(&url)
        .await
        .batch_execute("CREATE TABLE users (unrelated integer)")
        .await
        .unwrap();
    let app = Application::build(settings_for(&url)).await.unwrap();
    let outcome = tokio::time::timeout(Duration::from_secs(30), app.run_until_stopped())
        .await
        .expect("the gateway stops by itself");
    let error = outcome.expect_err("start must fail");
    assert!(matches!(error, StartupError::Migration(_)), "{error:?}");
    let message = error.to_string();
    assert!(message.contains("V1__core"), "{message}");
    assert!(message.contains("already exists"), "{message}");
}

/// The entries and columns docs/architecture.md §6 promises integrators.
const INTEGRATOR_NAMES: &[(&str, &[&str])] = &[
    ("corridor", &["id", "c_code", "c_name"]),
    ("phase", &["id", "c_code", "c_name"]),
    ("project", &["id", "c_code", "c_name"]),
    ("package", &["id", "c_code", "c_name"]),
    ("station", &["id", "c_code", "c_name"]),
    (
        "v_package_detail",
        &[
            "n_project",
            "project",
            "n_phase",
            "phase",
            "n_corridor",
            "corridor",
            "n_package",
            "package",
        ],
    ),
    ("v_user_permission_nav", &["n_user_id", "c_route"]),
    ("settings", &["id", "c_module", "c_val"]),
    ("login_log", &["id", "n_user_id", "d_log_date"]),
    ("common_message", &["id", "c_val"]),
    (
        "v_reminder",
        &[
            "id",
            "c_url",
            "c_title",
            "c_detailed_action_plan",
            "d_scheduled_date_time",
            "n_user_id",
            "n_sent_status",
        ],
    ),
    ("v_user_list", &["id", "name", "email"]),
];

#[tokio::test]
async fn the_core_migration_creates_every_name_integrators_count_on() {
    let app = spawn_app().await;
    let db = app.db().await;
    for (relation, columns) in INTEGRATOR_NAMES {
        let rows = db
            .query(
                "SELECT column_name::text FROM information_schema.columns \
                 WHERE table_schema = 'public' AND table_name = $1",
                &[relation],
            )
            .await
            .unwrap();
        let present: Vec<String> = rows.iter().map(|r| r.get(0)).collect();
        for column in *columns {
            assert!(
                present.iter().any(|c| c == column),
                "{relation}.{column} missing; has {present:?}"
            );
        }
    }
}

#[tokio::test]
async fn the_user_list_view_never_exposes_credentials() {
    let app = spawn_app().await;
    let rows = app
        .db()
        .await
        .query(
            "SELECT column_name::text FROM information_schema.columns WHERE table_name = 'v_user_list'",
            &[],
        )
        .await
        .unwrap();
    let columns: Vec<String> = rows.iter().map(|r| r.get(0)).collect();
    assert!(
        columns
            .iter()
            .all(|c| !c.contains("password") && !c.contains("hash")),
        "{columns:?}"
    );
}

#[tokio::test]
async fn updates_move_the_row_version_and_the_update_time() {
    let app = spawn_app().await;
    let db = app.db().await;
    let row = db
        .query_one(
            "INSERT INTO corridor (c_code, c_name) VALUES ('T1', 'Test line') RETURNING id, n_row_version, d_updated_at",
            &[],
        )
        .await
        .unwrap();
    let (id, version): (i64, i32) = (row.get(0), row.get(1));
    assert_eq!(version, 1);
    let updated = db
        .query_one(
            "UPDATE corridor SET c_name = 'Test line 2' WHERE id = $1 RETURNING n_row_version, d_updated_at > $2",
            &[&id, &row.get::<_, std::time::SystemTime>(2)],
        )
        .await
        .unwrap();
    assert_eq!(updated.get::<_, i32>(0), 2);
    assert!(updated.get::<_, bool>(1));
}

#[tokio::test]
async fn pooled_sessions_carry_the_statement_timeout() {
    let app = spawn_app().await;
    let client = app.pool.get().await.unwrap();
    let timeout: String = client
        .query_one("SHOW statement_timeout", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(timeout, "5s");
    let error = client
        .batch_execute("SET statement_timeout = '100ms'; SELECT pg_sleep(1)")
        .await
        .expect_err("the statement is cancelled");
    assert_eq!(
        error.code(),
        Some(&tokio_postgres::error::SqlState::QUERY_CANCELED)
    );
}

#[tokio::test]
async fn site_migrations_apply_once_at_start_with_their_own_history() {
    let dir = std::env::temp_dir().join(format!("pmis-site-{}", fresh_database_name()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("V1__survey_marker.sql"),
        "CREATE TABLE survey_marker (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, c_code text NOT NULL);",
    )
    .unwrap();
    std::fs::write(
        dir.join("V2__survey_marker_rows.sql"),
        "INSERT INTO survey_marker (c_code) VALUES ('SM-01');",
    )
    .unwrap();
    let url = create_database(&fresh_database_name()).await;
    let mut settings = settings_for(&url);
    settings.database.site_migrations_dir = Some(dir.clone());
    let app = start_app(settings.clone()).await;
    app.wait_for_health(200, Duration::from_secs(30)).await;
    app.assert_fully_migrated().await;
    assert_eq!(
        app.count("SELECT count(*) FROM site_schema_history").await,
        2
    );
    assert_eq!(app.count("SELECT count(*) FROM survey_marker").await, 1);
    // Again (a restart): nothing is applied twice.
    let again = gateway::ops::migrations::run(&app.pool, Some(&dir))
        .await
        .unwrap();
    assert!(again.is_empty(), "{again:?}");

    // A broken one stops the start, naming it as the site's.
    std::fs::write(
        dir.join("V3__broken.sql"),
        "CREATE TABLE survey_marker (x int);",
    )
    .unwrap();
    let app = Application::build(settings).await.unwrap();
    let outcome = tokio::time::timeout(Duration::from_secs(30), app.run_until_stopped())
        .await
        .expect("the gateway stops by itself");
    let message = outcome.expect_err("start must fail").to_string();
    assert!(message.contains("V3__broken (site"), "{message}");
    assert!(message.contains("already exists"), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn site_migrations_default_to_site_migrations_without_a_warning_and_a_named_folder_must_exist(
) {
    let gateway = |root: &std::path::Path, url: &str, site: Option<&std::path::Path>| {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_gateway"));
        command
            .arg("migrate")
            .current_dir(root)
            .env("DATABASE_URL", url)
            .env("RUST_LOG", "warn")
            .env_remove("SITE_MIGRATIONS_DIR");
        if let Some(site) = site {
            command.env("SITE_MIGRATIONS_DIR", site);
        }
        command.output().expect("the gateway executable runs")
    };
    // A working folder like the repository root: site/migrations with its README, a .gitkeep and a migration.
    let root = std::env::temp_dir().join(format!("pmis-site-root-{}", fresh_database_name()));
    let folder = root.join("site/migrations");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("README.md"), "The site's own migrations.").unwrap();
    std::fs::write(folder.join(".gitkeep"), "").unwrap();
    std::fs::write(
        folder.join("V1__survey_marker.sql"),
        "CREATE TABLE survey_marker (id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY);",
    )
    .unwrap();
    let url = create_database(&fresh_database_name()).await;
    let migrated = gateway(&root, &url, None);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&migrated.stdout),
        String::from_utf8_lossy(&migrated.stderr),
    );
    assert!(migrated.status.success(), "{stdout} {stderr}");
    let client = connect(&url).await;
    let applied: Vec<String> = client
        .query("SELECT name FROM site_schema_history", &[])
        .await
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert_eq!(applied, ["survey_marker"]);
    // Neither the folder nor its README is taken for a misnamed migration.
    assert!(
        !stderr.contains("WARN") && !stderr.contains("naming convention"),
        "{stderr}"
    );

    // Without the default folder: nothing to do, silently.
    let bare = std::env::temp_dir().join(format!("pmis-bare-root-{}", fresh_database_name()));
    std::fs::create_dir_all(&bare).unwrap();
    let url = create_database(&fresh_database_name()).await;
    let migrated = gateway(&bare, &url, None);
    let stderr = String::from_utf8_lossy(&migrated.stderr);
    assert!(migrated.status.success(), "{stderr}");
    assert!(!stderr.contains("WARN"), "{stderr}");

    // A folder set explicitly that does not exist stops it, naming the variable and the folder.
    let missing = bare.join("nowhere");
    let refused = gateway(&bare, &url, Some(&missing));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success());
    assert!(
        stderr.contains("SITE_MIGRATIONS_DIR") && stderr.contains(&missing.display().to_string()),
        "{stderr}"
    );
    std::fs::remove_dir_all(&root).unwrap();
    std::fs::remove_dir_all(&bare).unwrap();
}
