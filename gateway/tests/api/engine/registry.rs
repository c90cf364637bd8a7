//! The registry at start: an invalid file or a mismatch with the live database stops the gateway with a
//! message naming the file and the field; `gateway check-registry` and `registry scaffold` for administrators.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::helpers::{create_database, fresh_database_name, registry_dir, settings_for, spawn_app};

const GATEWAY: &str = env!("CARGO_BIN_EXE_gateway");

/// Runs the gateway executable with `args` against `database_url` and the registry in `registry` (no site
/// registry folder: the tests run in gateway/, which has no `site/registry`).
fn gateway_command(args: &[&str], database_url: &str, registry: &Path) -> std::process::Output {
    gateway_command_in(args, database_url, registry, None, None)
}

/// The same with the site's registry folder set (`SITE_REGISTRY_DIR`) and/or run in another working folder.
pub(super) fn gateway_command_in(
    args: &[&str],
    database_url: &str,
    registry: &Path,
    site_registry: Option<&Path>,
    working_folder: Option<&Path>,
) -> std::process::Output {
    let mut command = Command::new(GATEWAY);
    command
        .args(args)
        .env("DATABASE_URL", database_url)
        .env("REGISTRY_DIR", registry)
        .env_remove("SITE_REGISTRY_DIR");
    if let Some(site) = site_registry {
        command.env("SITE_REGISTRY_DIR", site);
    }
    if let Some(folder) = working_folder {
        command.current_dir(folder);
    }
    command.output().expect("the gateway executable runs")
}

/// A copy of the shipped registry in a temporary folder named `registry`, to break on purpose.
/// The tables and views `check-registry` lists as not registered.
fn unregistered(stdout: &str) -> Vec<String> {
    stdout
        .rsplit_once("(unreachable): ")
        .map(|(_, list)| list.trim().split(", ").map(str::to_owned).collect())
        .unwrap_or_default()
}

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

    // Scaffold a starter for a table nobody registered, into the site's registry folder (apart from the
    // product's files, which stay as shipped); it passes the check, with both folders, as written.
    let site = std::env::temp_dir().join(format!(
        "pmis-site-registry-{}",
        uuid::Uuid::new_v4().simple()
    ));
    let scaffold = gateway_command_in(
        &["registry", "scaffold", "reminder"],
        &app.database_url,
        &registry_dir(),
        Some(&site),
        None,
    );
    assert!(
        scaffold.status.success(),
        "{}",
        String::from_utf8_lossy(&scaffold.stderr)
    );
    let written = std::fs::read_to_string(site.join("reminder.toml")).unwrap();
    assert!(
        written.contains("name = \"d_scheduled_date_time\"\ntype = \"timestamptz\""),
        "{written}"
    );
    let again = gateway_command_in(
        &["check-registry"],
        &app.database_url,
        &registry_dir(),
        Some(&site),
        None,
    );
    let stdout = String::from_utf8_lossy(&again.stdout);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert!(
        stdout.contains(&format!("and {}", site.display()))
            && !unregistered(&stdout).contains(&"reminder".to_owned()),
        "the site's entry is checked with the product's: {stdout}"
    );
    let refused = gateway_command_in(
        &["registry", "scaffold", "reminder"],
        &app.database_url,
        &registry_dir(),
        Some(&site),
        None,
    );
    assert!(
        !refused.status.success(),
        "an existing file is not overwritten"
    );
    std::fs::remove_dir_all(&site).unwrap();
}

#[tokio::test]
async fn the_site_registry_folder_defaults_to_site_registry_and_its_entries_may_not_repeat_the_products(
) {
    let app = spawn_app().await;
    // A working folder like the repository root, without site/registry yet.
    let root =
        std::env::temp_dir().join(format!("pmis-site-root-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&root).unwrap();
    let run = |args: &[&str]| {
        gateway_command_in(args, &app.database_url, &registry_dir(), None, Some(&root))
    };
    // Without the folder, the product's registry alone, silently.
    let alone = run(&["check-registry"]);
    assert!(
        alone.status.success(),
        "{}",
        String::from_utf8_lossy(&alone.stderr)
    );
    let stdout = String::from_utf8_lossy(&alone.stdout);
    assert!(!stdout.contains("site/registry"), "{stdout}");
    assert!(
        unregistered(&stdout).contains(&"reminder".to_owned()),
        "{stdout}"
    );

    // scaffold writes site/registry/<table>.toml, creating the folder; the check then reads it too.
    let scaffold = run(&["registry", "scaffold", "reminder"]);
    assert!(
        scaffold.status.success(),
        "{}",
        String::from_utf8_lossy(&scaffold.stderr)
    );
    assert!(root.join("site/registry/reminder.toml").is_file());
    let both = run(&["check-registry"]);
    let stdout = String::from_utf8_lossy(&both.stdout);
    assert!(
        both.status.success(),
        "{}",
        String::from_utf8_lossy(&both.stderr)
    );
    assert!(stdout.contains("and site/registry"), "{stdout}");
    assert!(
        !unregistered(&stdout).contains(&"reminder".to_owned()),
        "reminder is registered now: {stdout}"
    );

    // An entry the product defines already: refused, naming both files.
    std::fs::copy(
        registry_dir().join("masters/corridor.toml"),
        root.join("site/registry/corridor.toml"),
    )
    .unwrap();
    let twice = run(&["check-registry"]);
    assert!(!twice.status.success());
    let stderr = String::from_utf8_lossy(&twice.stderr);
    assert!(
        stderr.contains(
            "site/registry/corridor.toml: entry `corridor` is already defined in registry/masters/corridor.toml"
        ),
        "{stderr}"
    );
    // The gateway refuses to start on it too.
    let mut settings = settings_for(&app.database_url);
    settings.query.site_registry_dir = Some(root.join("site/registry"));
    let error = gateway::startup::Application::build(settings)
        .await
        .err()
        .expect("refused")
        .to_string();
    assert!(
        error.contains("entry `corridor` is already defined in registry/masters/corridor.toml"),
        "{error}"
    );

    // A folder named explicitly must exist.
    let missing = gateway_command_in(
        &["check-registry"],
        &app.database_url,
        &registry_dir(),
        Some(&root.join("nonexistent")),
        Some(&root),
    );
    assert!(!missing.status.success());
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(
        stderr.contains("nonexistent") && stderr.contains("cannot read the registry folder"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&root).unwrap();
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
    let file = registry.join("site/dailyreport.toml");
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
        stderr.contains("registry/site/dailyreport.toml: children dailyreport_manpower: delete = \"refuse\" (the default) but the foreign key dailyreport_manpower.n_report does not refuse"),
        "{stderr}"
    );
}

#[tokio::test]
async fn check_registry_refuses_a_readers_rule_that_does_not_compile() {
    let app = spawn_app().await;
    let registry = registry_copy();
    let document = registry.join("dms/dms_document.toml");
    let text = std::fs::read_to_string(&document).unwrap();
    let unknown = text.replacen("n_from_org = :org_id\"", "n_from_org = :organisation\"", 1);
    assert_ne!(unknown, text);
    std::fs::write(&document, unknown).unwrap();
    let shared = registry.join("dms/v_dms_shared_with_me.toml");
    let text = std::fs::read_to_string(&shared).unwrap();
    let typo = text.replacen(
        "readers_see = \"n_user = :user_id\"",
        "readers_see = \"n_usr = :user_id\"",
        1,
    );
    assert_ne!(typo, text);
    std::fs::write(&shared, typo).unwrap();
    let refused = gateway_command(&["check-registry"], &app.database_url, &registry);
    assert!(!refused.status.success());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("registry/dms/dms_document.toml: readers_see: unknown placeholder :organisation; a rule names the caller by :user_id and their organisation by :org_id"),
        "{stderr}"
    );
    assert!(
        stderr.contains("registry/dms/v_dms_shared_with_me.toml: readers_see: "),
        "{stderr}"
    );
}
