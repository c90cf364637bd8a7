//! The gateway's field validation against the shared fixture the console's form rules are tested with
//! (`tests/fixtures/form-rules.json`, also read by `frontend/src/lib/record-rules.test.ts`): both sides must
//! accept and refuse the same typed values with the same messages.

use schema_registry::model::EntryDef;
use schema_registry::record::validate;
use schema_registry::{FieldValue, Registry, WriteMode};
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
struct Fixture {
    entry: EntryDef,
    cases: Vec<Case>,
    rule_cases: Vec<RuleCase>,
}

#[derive(Deserialize)]
struct RuleCase {
    values: BTreeMap<String, String>,
    problems: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct Case {
    field: String,
    value: String,
    message: Option<String>,
}

fn fixture() -> (Fixture, Registry) {
    let text = include_str!("fixtures/form-rules.json");
    let fixture: Fixture = serde_json::from_str(text).expect("fixture parses");
    let toml_text = toml::to_string(&fixture.entry).expect("entry as TOML");
    let registry =
        Registry::from_sources(&[("rules.toml", "rules", &toml_text)]).expect("entry loads");
    (fixture, registry)
}

#[test]
fn the_gateway_answers_each_typed_value_as_the_fixture_says() {
    let (fixture, registry) = fixture();
    let entry = registry.entry("rules").expect("entry");
    let mut wrong = Vec::new();
    for case in &fixture.cases {
        let mut body = vec![(case.field.clone(), FieldValue::Text(case.value.clone()))];
        if case.field != "c_code" {
            body.push(("c_code".to_owned(), FieldValue::Text("C1".to_owned())));
        }
        let found = match validate(entry, &body, WriteMode::Create) {
            Ok(_) => None,
            Err(problems) => problems
                .into_iter()
                .find(|p| p.field == case.field)
                .map(|p| p.message),
        };
        if found != case.message {
            wrong.push(format!(
                "{} = {:?}: expected {:?}, gateway said {:?}",
                case.field, case.value, case.message, found
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(fixture.cases.len() >= 40);
}

#[test]
fn the_gateway_judges_rules_over_several_fields_as_the_fixture_says() {
    let (fixture, registry) = fixture();
    let entry = registry.entry("rules").expect("entry");
    let mut wrong = Vec::new();
    for case in &fixture.rule_cases {
        let mut body: Vec<(String, FieldValue)> = case
            .values
            .iter()
            .map(|(field, value)| (field.clone(), FieldValue::Text(value.clone())))
            .collect();
        body.push(("c_code".to_owned(), FieldValue::Text("C1".to_owned())));
        let found: BTreeMap<String, String> = match validate(entry, &body, WriteMode::Create) {
            Ok(_) => BTreeMap::new(),
            Err(problems) => problems.into_iter().map(|p| (p.field, p.message)).collect(),
        };
        if found != case.problems {
            wrong.push(format!(
                "{:?}: expected {:?}, gateway said {:?}",
                case.values, case.problems, found
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(fixture.rule_cases.len() >= 8);
}

/// A column a create leaves out is stored empty (no default fills it), so a rule asking for it is judged and
/// broken; an update leaving it out keeps the stored value, which is not known here, so that rule is not judged.
#[test]
fn a_create_leaving_out_a_column_a_rule_asks_for_is_refused_an_update_is_not_judged() {
    let toml_text = r#"
title = "Inspection"
[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true
[[columns]]
name = "n_row_version"
type = "integer"
label = "Version"
read_only = true
[[columns]]
name = "c_kind"
type = "text"
label = "Kind"
[[columns]]
name = "c_place"
type = "text"
label = "Place"
[[columns]]
name = "c_area"
type = "text"
label = "Area"
default = "Depot"
[[rules]]
check = "c_kind <> 'Site' OR c_place IS NOT NULL"
message = "Describe the place"
fields = ["c_place"]
[[rules]]
check = "c_kind <> 'Site' OR c_area IS NOT NULL"
message = "Name the area"
fields = ["c_area"]
"#;
    let registry = Registry::from_sources(&[("inspection.toml", "inspection", toml_text)])
        .expect("entry loads");
    let entry = registry.entry("inspection").expect("entry");
    let body = vec![("c_kind".to_owned(), FieldValue::Text("Site".to_owned()))];
    let problems: BTreeMap<String, String> = match validate(entry, &body, WriteMode::Create) {
        Ok(_) => BTreeMap::new(),
        Err(problems) => problems.into_iter().map(|p| (p.field, p.message)).collect(),
    };
    // The area has a default the database fills: not judged empty.
    assert_eq!(
        problems,
        BTreeMap::from([("c_place".to_owned(), "Describe the place".to_owned())])
    );
    assert!(validate(entry, &body, WriteMode::Update).is_ok());
}
