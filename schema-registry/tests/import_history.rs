//! Importing a register's history (docs/registry.md "Imports"): `import_only` columns only an import fills, and a
//! preset's `arrives_in`, the closed state imported records arrive in. Checked at load.

use schema_registry::record::{self, FieldValue, WriteMode};
use schema_registry::Registry;

const REGISTER: &str = r#"
title = "Observations"
routes = ["/site/observations"]
[numbering]
column = "c_no"
pattern = "SO-{seq:04}"
[workflow]
state_column = "c_state"
initial = "Open"
[[workflow.states]]
name = "Open"
category = "open"
[[workflow.states]]
name = "Closed"
category = "closed"
[[workflow.transitions]]
name = "close"
label = "Close"
from = ["Open"]
to = "Closed"
who = { routes = ["/site/observations"] }
sets = { d_closed = "today" }
[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true
[[columns]]
name = "n_row_version"
type = "integer"
label = "Row version"
read_only = true
[[columns]]
name = "c_no"
type = "text"
label = "No."
read_only = true
[[columns]]
name = "c_state"
type = "text"
label = "Status"
read_only = true
[[columns]]
name = "c_title"
type = "text"
label = "Title"
required = true
[[columns]]
name = "d_closed"
type = "date"
label = "Closed on"
import_only = true
[[imports]]
route = "/site/observations/history"
title = "Import closed observations"
arrives_in = "Closed"
"#;

fn load(text: &str) -> Result<Registry, Vec<String>> {
    Registry::from_files(
        &[("site/registry/observations.toml", "observations", text)],
        &[],
    )
    .map_err(|error| error.problems.iter().map(ToString::to_string).collect())
}

#[test]
fn an_import_only_column_is_read_only_to_clients_and_filled_by_an_import() {
    let registry = load(REGISTER).expect("valid");
    let entry = registry.entry("observations").expect("entry");
    let column = entry.column("d_closed").expect("column");
    assert!(column.read_only && column.import_only && column.importable());
    assert!(!entry.column("c_state").expect("state").importable());
    let fields = [
        (
            "c_title".to_owned(),
            FieldValue::Text("Loose scaffold".into()),
        ),
        ("d_closed".to_owned(), FieldValue::Text("2025-03-14".into())),
    ];
    let refused = record::validate(entry, &fields, WriteMode::Create).expect_err("a client");
    assert_eq!(refused[0].field, "d_closed");
    assert!(
        refused[0].message.contains("set by the system"),
        "{refused:?}"
    );
    let input = record::validate_imported(entry, &fields, WriteMode::Create).expect("an import");
    assert!(input
        .writes
        .iter()
        .any(|(c, v)| c.name == "d_closed" && v.as_deref() == Some("2025-03-14")));
    assert_eq!(entry.def.imports[0].arrives_in.as_deref(), Some("Closed"));
}

#[test]
fn history_arrives_in_a_closed_state_of_the_workflow_by_insert_and_the_server_s_columns_stay_its_own(
) {
    let bad = REGISTER
        .replace(
            "arrives_in = \"Closed\"",
            "arrives_in = \"Open\"\nmode = \"upsert\"\nkey = [\"c_no\"]",
        )
        .replace(
            "name = \"c_state\"\ntype = \"text\"\nlabel = \"Status\"\nread_only = true",
            "name = \"c_state\"\ntype = \"text\"\nlabel = \"Status\"\nimport_only = true",
        );
    let problems = load(&bad).expect_err("refused");
    let expected = [
        "imports /site/observations/history: arrives_in: `Open` is not a closed state",
        "imports /site/observations/history: arrives_in: history is imported as new records",
        "column c_state: import_only is for a column an import's file fills",
    ];
    for text in expected {
        assert!(
            problems.iter().any(|problem| problem.contains(text)),
            "missing `{text}` in {problems:#?}"
        );
    }
    let nowhere = REGISTER.replace("arrives_in = \"Closed\"", "arrives_in = \"Archived\"");
    let problems = load(&nowhere).expect_err("refused");
    assert!(
        problems
            .iter()
            .any(|p| p.contains("arrives_in: `Archived` is not a state of the workflow")),
        "{problems:#?}"
    );
}
