//! The business-process sections of a registry file are checked at load, every problem at once, each with the
//! file and line it is about: workflow states and transitions, numbering patterns, child registers, bookkeeping.

use schema_registry::Registry;

const USERS: &str = r#"
title = "Users"
read_only = true
lookup = true
[[columns]]
name = "id"
type = "bigint"
label = "ID"
[[columns]]
name = "name"
type = "text"
label = "Name"
"#;

const PARENT: &str = r#"
title = "Request"
routes = ["/contract-data-entry/request"]
bookkeeping = true

[numbering]
column = "c_no"
pattern = "REQ-{seq:04}"

[workflow]
state_column = "c_state"
initial = "Draft"
ball_in_court = "n_ball"

[[workflow.states]]
name = "Draft"
category = "draft"

[[workflow.states]]
name = "Done"
category = "closed"

[[workflow.transitions]]
name = "finish"
label = "Finish"
from = ["Draft"]
to = "Done"
who = { creator = true }
sets = { n_ball = "null" }

[[children]]
entry = "line"
key = "n_request"

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
name = "n_ball"
type = "bigint"
label = "Waiting on"
read_only = true
"#;

const LINE: &str = r#"
title = "Line"
bookkeeping = true
[[columns]]
name = "n_request"
type = "bigint"
label = "Request"
required = true
lookup = { entry = "request", display = "c_no" }
"#;

fn load(parent: &str) -> Result<Registry, String> {
    Registry::from_sources(&[
        ("registry/core/v_user_list.toml", "v_user_list", USERS),
        ("registry/x/request.toml", "request", parent),
        ("registry/x/line.toml", "line", LINE),
    ])
    .map_err(|e| e.to_string())
}

#[test]
fn a_sound_process_loads_with_its_bookkeeping_and_children() {
    let registry = load(PARENT).unwrap_or_else(|e| panic!("{e}"));
    let request = registry.entry("request").unwrap();
    let names: Vec<&str> = request.columns().iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "id",
            "c_no",
            "c_state",
            "n_ball",
            "n_created_by",
            "n_updated_by",
            "n_row_version",
            "d_created_at",
            "d_updated_at"
        ]
    );
    let line = registry.entry("line").unwrap();
    assert_eq!(line.parent.as_ref().unwrap().entry, "request");
    assert_eq!(line.access_routes(), ["/contract-data-entry/request"]);
}

#[test]
fn every_problem_of_a_process_is_reported_with_its_line() {
    let broken = PARENT
        .replace("initial = \"Draft\"", "initial = \"Drafted\"")
        .replace("to = \"Done\"", "to = \"Finished\"")
        .replace(
            "sets = { n_ball = \"null\" }",
            "sets = { n_ball = \"today\" }",
        )
        .replace("pattern = \"REQ-{seq:04}\"", "pattern = \"REQ-{yyyy}\"")
        .replace("key = \"n_request\"", "key = \"n_parent\"");
    let error = load(&broken).unwrap_err();
    for expected in [
        "registry/x/request.toml:12: workflow.initial: `Drafted` is not one of the states",
        "registry/x/request.toml:24: workflow transition finish: `Finished` is not one of the states",
        "sets `n_ball = \"today\"`",
        "registry/x/request.toml:8: numbering: the pattern needs the sequence",
        "children line: key `n_parent` must be a column of `line`",
    ] {
        assert!(error.contains(expected), "missing `{expected}` in:\n{error}");
    }
}
