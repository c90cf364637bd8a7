//! The shipped registry folder loads, its JSON Schema is current, and bad files are reported with file and field.

use std::path::Path;

use schema_registry::Registry;

fn shipped() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("registry")
}

#[test]
fn the_shipped_registry_loads() {
    let registry = Registry::load_dir(&shipped()).unwrap_or_else(|e| panic!("{e}"));
    for name in [
        "corridor",
        "phase",
        "project",
        "package",
        "station",
        "v_package_detail",
        "v_user_permission_nav",
        "settings",
        "login_log",
        "common_message",
        "v_reminder",
        "v_user_list",
        "activity_progress",
    ] {
        assert!(registry.entry(name).is_some(), "{name} is not registered");
    }
    let users = registry.entry("v_user_list").unwrap();
    let names: Vec<_> = users.readable_columns().map(|c| c.name.as_str()).collect();
    // Identity, address, organisation and whether it is a system administrator's account (left out of reviewers'
    // and approvers' look-ups): never credentials.
    assert_eq!(
        names,
        ["id", "name", "email", "organization", "n_superadmin"]
    );
    assert!(registry
        .entries()
        .all(|e| e.column("c_password_hash").is_none() && e.column("c_token_hash").is_none()));
    assert_eq!(
        registry.entry_for_route("/masters/corridor").unwrap().name,
        "corridor"
    );
}

/// What look-up options show a person: a document by its number, title and state, never its key nor its
/// package's key (the default); an IPA and a BOQ item as their files say.
/// Every code's meaning ("B — Approved with comments") reads in Hindi too: the console translates it through the
/// Hindi language file (frontend/public/assets/api/langs/hi.json), as it does its own texts.
#[test]
fn every_code_meaning_has_its_hindi() {
    let registry = Registry::load_dir(&shipped()).unwrap_or_else(|e| panic!("{e}"));
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../frontend/public/assets/api/langs/hi.json");
    let hindi: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let mut missing: Vec<String> = registry
        .entries()
        .flat_map(|entry| entry.columns().iter())
        .flat_map(|column| column.meanings.values())
        .filter(|meaning| !hindi.contains_key(meaning.as_str()))
        .cloned()
        .collect();
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "meanings without Hindi: {missing:?}");
}

#[test]
fn lookup_options_show_no_keys() {
    let registry = Registry::load_dir(&shipped()).unwrap_or_else(|e| panic!("{e}"));
    let options = |name: &str| registry.entry(name).unwrap().options.clone();
    assert_eq!(
        options("dms_document"),
        ["c_document_no", "c_title", "c_state"]
    );
    assert_eq!(options("boq_item"), ["c_label", "n_rate"]);
    assert_eq!(
        options("ipa"),
        [
            "c_ipa_no",
            "d_period_from",
            "d_period_to",
            "n_amount_this_period",
            "c_state"
        ]
    );
    assert_eq!(options("package"), ["c_code", "c_name"]);
}

#[test]
fn the_committed_json_schema_matches_the_types() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("registry.schema.json");
    let generated = serde_json::to_string_pretty(&schema_registry::json_schema()).unwrap() + "\n";
    if std::env::var_os("UPDATE_SCHEMA").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "registry.schema.json is out of date; run `UPDATE_SCHEMA=1 cargo test -p schema-registry --test registry_files`"
    );
}

fn problems(files: &[(&str, &str, &str)]) -> Vec<String> {
    match Registry::from_sources(files) {
        Ok(_) => Vec::new(),
        Err(error) => error.problems.iter().map(ToString::to_string).collect(),
    }
}

const CORRIDOR: &str = r#"
title = "Corridor"
routes = ["/masters/corridor"]
[[columns]]
name = "id"
type = "bigint"
label = "ID"
[[columns]]
name = "c_name"
type = "text"
label = "Name"
[[columns]]
name = "n_row_version"
type = "integer"
label = "Row version"
read_only = true
"#;

#[test]
fn problems_name_the_file_and_the_field() {
    let file = "registry/masters/corridor.toml";
    assert!(problems(&[(file, "corridor", CORRIDOR)]).is_empty());

    let typo = CORRIDOR.replace("type = \"text\"", "type = \"txt\"");
    let found = problems(&[(file, "corridor", &typo)]);
    assert!(
        found[0].starts_with("registry/masters/corridor.toml:10: "),
        "{found:?}"
    );
    assert!(found[0].contains("txt"), "{found:?}");

    let unknown_key = CORRIDOR.replace("label = \"Name\"", "label = \"Name\"\nwidth = 3");
    assert!(problems(&[(file, "corridor", &unknown_key)])[0].contains("unknown field `width`"));

    let bad_lookup = format!("{CORRIDOR}\n[[columns]]\nname = \"n_phase\"\ntype = \"bigint\"\nlabel = \"Phase\"\nlookup = {{ entry = \"phase\", display = \"c_name\" }}\n");
    assert_eq!(
        problems(&[(file, "corridor", &bad_lookup)]),
        ["registry/masters/corridor.toml: lookup of n_phase: no registry entry named `phase`"]
    );

    let twice = problems(&[
        (file, "corridor", CORRIDOR),
        ("registry/x/other.toml", "other", CORRIDOR),
    ]);
    assert_eq!(twice, ["registry/x/other.toml: routes: `/masters/corridor` is already the screen of registry/masters/corridor.toml"]);

    let bad_sort = CORRIDOR.replace("routes", "default_sort = [{ column = \"c_nam\" }]\nroutes");
    assert_eq!(
        problems(&[(file, "corridor", &bad_sort)]),
        ["registry/masters/corridor.toml: default_sort: `c_nam` is not a readable column of this entry"]
    );

    let no_version = CORRIDOR.replace("name = \"n_row_version\"", "name = \"n_version\"");
    assert_eq!(
        problems(&[(file, "corridor", &no_version)]),
        ["registry/masters/corridor.toml: columns: a writable entry needs its row version: a read-only integer \
          column `n_row_version` (updates and deletes compare it), or read_only = true"]
    );

    let bad_pattern = CORRIDOR.replace("label = \"Name\"", "label = \"Name\"\npattern = \"^[A-Z\"");
    let found = problems(&[(file, "corridor", &bad_pattern)]);
    assert!(
        found[0]
            .starts_with("registry/masters/corridor.toml: column c_name: pattern does not compile"),
        "{found:?}"
    );

    let scale_on_text = CORRIDOR.replace(
        "label = \"Name\"",
        "label = \"Name\"\nprecision = 9\nscale = 3",
    );
    assert_eq!(
        problems(&[(file, "corridor", &scale_on_text)]),
        ["registry/masters/corridor.toml: column c_name: precision and scale apply to numeric columns only"]
    );

    let bad_pending = format!("{CORRIDOR}\n[pending_for_user]\nfilter = \"n_owner = :user_id\"\ndoc_no_column = \"c_name\"\n");
    let found = problems(&[(file, "corridor", &bad_pending)]);
    assert!(
        found[0].contains("pending_for_user.filter: unknown column `n_owner`"),
        "{found:?}"
    );
}
