//! A register's own translations (`[languages.hi]`, docs/registry.md "Languages"): keyed as the console looks
//! them up, checked at load so that a misspelt text or a second translation of one text is refused.

use schema_registry::Registry;

const OBSERVATIONS: &str = r#"
title = "Safety observations"
singular = "Safety observation"
routes = ["/site/observations"]
[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true
[[columns]]
name = "c_state"
type = "text"
label = "Status"
enum = ["Open", "Closed"]
[[columns]]
name = "c_severity"
type = "text"
label = "Severity"
enum = ["Low", "Critical"]
[[columns]]
name = "n_row_version"
type = "integer"
label = "Row version"
read_only = true
[screen]
[[screen.sections]]
title = "Observation"
columns = ["c_severity"]
[languages.hi]
"Safety observations" = "सुरक्षा अवलोकन"
"Safety observation" = "सुरक्षा अवलोकन"
"Severity" = "गंभीरता"
"Status" = "स्थिति"
"Critical" = "गंभीर"
"Observation" = "अवलोकन"
"#;

const PERMITS: &str = r#"
title = "Permits"
routes = ["/site/permits"]
[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true
[[columns]]
name = "c_state"
type = "text"
label = "Status"
enum = ["Open", "Critical"]
[[columns]]
name = "n_row_version"
type = "integer"
label = "Row version"
read_only = true
"#;

fn load(observations: &str, permits: &str) -> Result<Registry, Vec<String>> {
    Registry::from_files(
        &[
            (
                "site/registry/observations.toml",
                "observations",
                observations,
            ),
            ("site/registry/permits.toml", "permits", permits),
        ],
        &[],
    )
    .map_err(|error| error.problems.iter().map(ToString::to_string).collect())
}

#[test]
fn a_register_s_translations_are_keyed_as_the_console_reads_them() {
    let registry = load(OBSERVATIONS, PERMITS).expect("valid");
    assert_eq!(registry.languages().into_iter().collect::<Vec<_>>(), ["hi"]);
    let hindi = registry.translations("hi");
    // A column's label is this register's alone: "Status" in the permits keeps the product's translation.
    assert_eq!(hindi["registry.observations.c_severity"], "गंभीरता");
    assert_eq!(hindi["registry.observations.c_state"], "स्थिति");
    assert!(!hindi.contains_key("Status"));
    assert!(!hindi.contains_key("registry.permits.c_state"));
    // The title, a section, a choice: keyed by their English text, as every registry text is.
    assert_eq!(hindi["Safety observations"], "सुरक्षा अवलोकन");
    assert_eq!(hindi["Observation"], "अवलोकन");
    assert_eq!(hindi["Critical"], "गंभीर");
    assert_eq!(hindi.len(), 6, "{hindi:#?}");
    assert!(registry.translations("mr").is_empty());
}

#[test]
fn a_misspelt_text_an_empty_translation_english_and_a_bad_key_are_refused() {
    let bad = OBSERVATIONS.replace(
        "\"Observation\" = \"अवलोकन\"",
        "\"Observaton\" = \"अवलोकन\"\n\"Low\" = \" \"\n[languages.en]\n\"Status\" = \"State\"\n[languages.Hindi]\n\"Status\" = \"स्थिति\"",
    );
    let problems = load(&bad, PERMITS).expect_err("refused");
    let expected = [
        "site/registry/observations.toml: languages.hi: \"Observaton\" is not a text of this register",
        "site/registry/observations.toml: languages.hi: \"Low\" has an empty translation",
        "site/registry/observations.toml: languages.en: English is the language the file is written in",
        "site/registry/observations.toml: languages.Hindi: a language is named by its two lower-case letters",
    ];
    for text in expected {
        assert!(
            problems.iter().any(|problem| problem.starts_with(text)),
            "missing `{text}` in {problems:#?}"
        );
    }
    assert_eq!(problems.len(), expected.len(), "{problems:#?}");
}

#[test]
fn one_text_translated_two_ways_by_two_registers_is_refused() {
    let permits = format!("{PERMITS}[languages.hi]\n\"Critical\" = \"अति गंभीर\"\n");
    let problems = load(OBSERVATIONS, &permits).expect_err("refused");
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(
        problems[0].contains("\"Critical\" is translated")
            && problems[0].contains("give it one translation"),
        "{problems:#?}"
    );
    // The same translation twice is one translation.
    let permits = format!("{PERMITS}[languages.hi]\n\"Critical\" = \"गंभीर\"\n");
    load(OBSERVATIONS, &permits).expect("valid");
}
