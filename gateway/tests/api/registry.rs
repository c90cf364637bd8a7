//! The registry at start: an invalid file or a mismatch with the live database stops the gateway with a
//! message naming the file and the field; `gateway check-registry` and `registry scaffold` for administrators.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::helpers::{create_database, fresh_database_name, registry_dir, settings_for, spawn_app};

const GATEWAY: &str = env!("CARGO_BIN_EXE_gateway");

/// Runs the gateway executable with `args` against `database_url` and the registry in `registry`.
fn gateway_command(args: &[&str], database_url: &str, registry: &Path) -> std::process::Output {
    Command::new(GATEWAY)
        .args(args)
        .env("DATABASE_URL", database_url)
        .env("REGISTRY_DIR", registry)
        .output()
        .expect("the gateway executable runs")
}

/// A copy of the shipped registry in a temporary folder named `registry`, to break on purpose.
fn registry_copy() -> PathBuf {
    let root =
        std::env::temp_dir().join(format!("pmis-registry-{}", uuid::Uuid::new_v4().simple()));
    let target = root.join("registry");
    copy_dir(&registry_dir(), &target);
    target
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for item in std::fs::read_dir(from).unwrap().flatten() {
        let path = item.path();
        if path.is_dir() {
            copy_dir(&path, &to.join(item.file_name()));
        } else {
            std::fs::copy(&path, to.join(item.file_name())).unwrap();
        }
    }
}

fn break_corridor(registry: &Path) {
    let file = registry.join("masters/corridor.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    // A column no other entry refers to, renamed to one the table does not have.
    std::fs::write(&file, text.replace("c_line_colour", "c_nam")).unwrap();
}

#[tokio::test]
async fn a_file_that_does_not_parse_stops_the_start() {
    let registry = registry_copy();
    std::fs::write(
        registry.join("masters/broken.toml"),
        "title = \"Broken\"\ncolumns = 3\n",
    )
    .unwrap();
    let url = create_database(&fresh_database_name()).await;
    let mut settings = settings_for(&url);
    settings.query.registry_dir = registry.clone();
    let error = gateway::startup::Application::build(settings)
        .await
        .err()
        .expect("refused")
        .to_string();
    assert!(
        error.contains("registry/masters/broken.toml:2: invalid type"),
        "{error}"
    );
}

#[tokio::test]
async fn a_column_missing_from_the_database_stops_the_gateway() {
    let registry = registry_copy();
    break_corridor(&registry);
    let url = create_database(&fresh_database_name()).await;
    let mut settings = settings_for(&url);
    settings.query.registry_dir = registry;
    let app = gateway::startup::Application::build(settings)
        .await
        .expect("files are well-formed");
    let outcome = tokio::time::timeout(Duration::from_secs(30), app.run_until_stopped())
        .await
        .expect("stops");
    let error = outcome.expect_err("refuses to serve").to_string();
    assert!(
        error.contains(
            "registry/masters/corridor.toml: column c_nam: no such column in table corridor"
        ),
        "{error}"
    );
}

#[tokio::test]
async fn check_registry_and_scaffold_for_administrators() {
    let app = spawn_app().await;
    let ok = gateway_command(&["check-registry"], &app.database_url, &registry_dir());
    let stdout = String::from_utf8_lossy(&ok.stdout);
    assert!(
        ok.status.success(),
        "{stdout} {}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(stdout.contains("registry OK"), "{stdout}");
    assert!(
        !stdout.contains("warning:"),
        "the shipped registry is clean: {stdout}"
    );
    assert!(
        stdout.contains("user_session"),
        "unregistered relations are listed: {stdout}"
    );

    let broken = registry_copy();
    break_corridor(&broken);
    let bad = gateway_command(&["check-registry"], &app.database_url, &broken);
    assert!(!bad.status.success());
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(
        stderr.contains(
            "registry/masters/corridor.toml: column c_nam: no such column in table corridor"
        ),
        "{stderr}"
    );

    // Scaffold a starter for a table nobody registered; it passes the check as written.
    let fresh = registry_copy();
    let scaffold = gateway_command(
        &["registry", "scaffold", "reminder"],
        &app.database_url,
        &fresh,
    );
    assert!(
        scaffold.status.success(),
        "{}",
        String::from_utf8_lossy(&scaffold.stderr)
    );
    let written = std::fs::read_to_string(fresh.join("scaffolded/reminder.toml")).unwrap();
    assert!(
        written.contains("name = \"d_scheduled_date_time\"\ntype = \"timestamptz\""),
        "{written}"
    );
    let again = gateway_command(&["check-registry"], &app.database_url, &fresh);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    let refused = gateway_command(
        &["registry", "scaffold", "reminder"],
        &app.database_url,
        &fresh,
    );
    assert!(
        !refused.status.success(),
        "an existing file is not overwritten"
    );
}

#[tokio::test]
async fn check_registry_refuses_a_check_the_registry_does_not_describe() {
    let app = spawn_app().await;
    let registry = registry_copy();
    let file = registry.join("masters/contract.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    // Drop the rule that describes contract_check, and the minimum that describes the contract value's.
    let without_rules = text.split("\n[[rules]]").next().unwrap().replace(
        "label = \"Contract value (INR)\"\nmin = 0\n",
        "label = \"Contract value (INR)\"\n",
    );
    assert_ne!(without_rules, text);
    std::fs::write(&file, without_rules).unwrap();
    let refused = gateway_command(&["check-registry"], &app.database_url, &registry);
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    for constraint in [
        "contract_check",
        "contract_check1",
        "contract_n_contract_value_check",
    ] {
        assert!(
            stderr.contains(&format!(
                "registry/masters/contract.toml: rules: the database enforces `{constraint}` on contract"
            )),
            "{constraint}: {stderr}"
        );
    }
}

#[tokio::test]
async fn check_registry_refuses_a_child_register_whose_foreign_key_disagrees() {
    let app = spawn_app().await;
    let registry = registry_copy();
    let file = registry.join("contract_data_entry/dailyreport.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    // The manpower lines' foreign key cascades; the file now says a report with lines is refused.
    let refuse = text.replacen(
        "title = \"Manpower\"\ndelete = \"cascade\"",
        "title = \"Manpower\"",
        1,
    );
    assert_ne!(refuse, text);
    std::fs::write(&file, refuse).unwrap();
    let refused = gateway_command(&["check-registry"], &app.database_url, &registry);
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("registry/contract_data_entry/dailyreport.toml: children dailyreport_manpower: delete = \"refuse\" (the default) but the foreign key dailyreport_manpower.n_report does not refuse"),
        "{stderr}"
    );
}
