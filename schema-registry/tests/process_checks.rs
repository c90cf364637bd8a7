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
        (
            "registry/administration/v_user_list.toml",
            "v_user_list",
            USERS,
        ),
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
    let routes: Vec<&String> = line.access_routes().collect();
    assert_eq!(routes, ["/contract-data-entry/request"]);
}

/// A child register with a route of its own is also a screen listing its lines across parents: readable through
/// either route; its lines are edited with the parent's Update or with its own route's permissions.
#[test]
fn a_child_with_a_route_of_its_own_answers_to_both_routes() {
    let line = LINE.replace(
        "title = \"Line\"",
        "title = \"Line\"\nroutes = [\"/contract-data-entry/line\"]",
    );
    let registry = Registry::from_sources(&[
        (
            "registry/administration/v_user_list.toml",
            "v_user_list",
            USERS,
        ),
        ("registry/x/request.toml", "request", PARENT),
        ("registry/x/line.toml", "line", &line),
    ])
    .unwrap_or_else(|e| panic!("{e}"));
    let line = registry.entry("line").unwrap();
    assert_eq!(line.parent.as_ref().unwrap().entry, "request");
    let routes: Vec<&String> = line.access_routes().collect();
    assert_eq!(
        routes,
        ["/contract-data-entry/line", "/contract-data-entry/request"]
    );
    assert_eq!(line.parent_routes(), ["/contract-data-entry/request"]);
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

/// A process with the engine's newer sections: who may be picked, who edits what, guards, a due date per step,
/// the first hand-over, copies of the hand-off mail, sections per state.
fn with_people(extra_columns: &str, workflow_tail: &str) -> String {
    PARENT
        .replace(
            "ball_in_court = \"n_ball\"",
            "ball_in_court = \"n_ball\"\ninitial_with = \"n_responder\"",
        )
        .replace("[[children]]", &format!("{workflow_tail}\n\n[[children]]"))
        + extra_columns
}

const RESPONDER: &str = r#"
[[columns]]
name = "n_responder"
type = "bigint"
label = "Responder"
required = true
lookup = { entry = "v_user_list", display = "name" }

[[columns]]
name = "c_answer"
type = "text"
label = "Answer"

[[columns]]
name = "d_reply_due"
type = "date"
label = "Reply due"

[screen]
[[screen.sections]]
title = "Reply"
columns = ["c_answer"]
states = ["Draft"]
"#;

#[test]
fn people_editors_guards_and_step_dues_load_when_sound() {
    let text = with_people(
        RESPONDER,
        r#"
[workflow.people.n_responder]
routes = ["/contract-data-entry/request"]
sides = ["contractor"]
not_creator = true

[[workflow.editors]]
who = { columns = ["n_responder"] }
sections = ["Reply"]

[[workflow.transitions.guards]]
lines = "line"
all = "n_request IS NOT NULL"
message = "Every line needs its request"
"#,
    )
    .replace(
        "category = \"draft\"",
        "category = \"draft\"\ndue = \"d_reply_due\"",
    );
    let registry = load(&text).unwrap_or_else(|e| panic!("{e}"));
    let request = registry.entry("request").unwrap();
    assert_eq!(request.editors_of("c_answer").len(), 1);
    assert!(request.editors_of("c_no").is_empty());
    let workflow = request.workflow().unwrap();
    assert_eq!(workflow.due_in("Draft"), Some("d_reply_due"));
    assert_eq!(workflow.due_in("Done"), None);
}

#[test]
fn people_editors_and_guards_report_every_mistake() {
    let text = with_people(
        RESPONDER,
        r#"
[workflow.people.n_responderr]
routes = ["contract-data-entry/request"]

[[workflow.editors]]
who = { columns = ["n_answerer"] }
fields = ["c_no"]
sections = ["Replies"]

[[workflow.transitions.guards]]
check = "c_nothing IS NULL"
message = "never"

[[workflow.transitions.guards]]
lines = "not_a_child"
all = "TRUE"
message = "never"
"#,
    )
    .replace(
        "who = { creator = true }",
        "who = { creator = true, columns = [\"n_reponder\"] }",
    )
    .replace("states = [\"Draft\"]", "states = [\"Drafts\"]");
    let error = load(&text).unwrap_err();
    for expected in [
        "people `n_responderr`: no such column in this entry",
        "people route `contract-data-entry/request` must be a console route",
        "who column `n_answerer`: no such column in this entry",
        "who column `n_reponder`: no such column in this entry",
        "editors field `c_no` is not a writable column",
        "editors section `Replies` is not a [[screen.sections]] title",
        "guard check `c_nothing IS NULL`",
        "guard lines `not_a_child` is not a child register",
        "state `Drafts` is not one of the workflow's states",
    ] {
        assert!(
            error.contains(expected),
            "missing `{expected}` in:\n{error}"
        );
    }
}

#[test]
fn a_file_that_does_not_parse_is_reported_once_not_again_by_the_files_that_refer_to_it() {
    let error = Registry::from_sources(&[
        (
            "registry/administration/v_user_list.toml",
            "v_user_list",
            USERS,
        ),
        (
            "registry/x/request.toml",
            "request",
            "title = \"Request\"\n[[columns]\nname = 1",
        ),
        ("registry/x/line.toml", "line", LINE),
    ])
    .unwrap_err()
    .to_string();
    assert!(error.contains("registry/x/request.toml"), "{error}");
    assert!(
        !error.contains("registry/x/line.toml"),
        "a knock-on problem: {error}"
    );
}

/// A line register with a column naming people, for a distribution.
const COPIED: &str = r#"
title = "Copied"
bookkeeping = true
[[columns]]
name = "n_request"
type = "bigint"
label = "Request"
required = true
lookup = { entry = "request", display = "c_no" }
[[columns]]
name = "n_person"
type = "bigint"
label = "Person"
required = true
lookup = { entry = "v_user_list", display = "name" }
[[columns]]
name = "c_note"
type = "text"
label = "Note"
"#;

fn load_with_copied(parent: &str) -> Result<Registry, String> {
    Registry::from_sources(&[
        (
            "registry/administration/v_user_list.toml",
            "v_user_list",
            USERS,
        ),
        ("registry/x/request.toml", "request", parent),
        ("registry/x/line.toml", "line", LINE),
        ("registry/x/copied.toml", "copied", COPIED),
    ])
    .map_err(|e| e.to_string())
}

/// The process with step due dates, `tail` after its transitions, `workflow_keys` in `[workflow]` and the
/// `copied` register as a second child.
fn with_reminders(workflow_keys: &str, tail: &str) -> String {
    with_people(RESPONDER, tail)
        .replace(
            "ball_in_court = \"n_ball\"",
            &format!("ball_in_court = \"n_ball\"\n{workflow_keys}"),
        )
        .replace(
            "category = \"draft\"",
            "category = \"draft\"\ndue = \"d_reply_due\"",
        )
        .replace(
            "[[children]]\nentry = \"line\"",
            "[[children]]\nentry = \"copied\"\nkey = \"n_request\"\n\n[[children]]\nentry = \"line\"",
        )
}

/// The 1-based line of `text` holding `needle` first.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|line| line.contains(needle))
        .map(|index| index + 1)
        .unwrap_or_else(|| panic!("no `{needle}` in the file"))
}

#[test]
fn reminders_and_a_distribution_load_when_sound() {
    let text = with_reminders(
        "distribution = { lines = \"copied\", user = \"n_person\" }",
        r#"
[workflow.reminders]
before = 1
overdue = true
overdue_days = 7
states = ["Draft"]
"#,
    );
    let registry = load_with_copied(&text).unwrap_or_else(|e| panic!("{e}"));
    let workflow = registry.entry("request").unwrap().workflow().unwrap();
    let reminders = workflow.reminders.as_ref().unwrap();
    assert_eq!(reminders.before, Some(1));
    assert_eq!(reminders.overdue_limit(), Some(7));
    assert_eq!(workflow.reminded_states(), ["Draft"]);
    assert_eq!(workflow.distribution.as_ref().unwrap().user, "n_person");
    // Overdue reminders go on for 14 days unless told otherwise; without `states`, the open states are reminded.
    let text = with_reminders(
        "",
        "\n[workflow.reminders]\noverdue = true\nstates = [\"Draft\"]\n",
    );
    let registry = load_with_copied(&text).unwrap_or_else(|e| panic!("{e}"));
    let workflow = registry.entry("request").unwrap().workflow().unwrap();
    assert_eq!(
        workflow.reminders.as_ref().unwrap().overdue_limit(),
        Some(14)
    );
}

#[test]
fn reminders_and_distributions_report_every_mistake_with_its_line() {
    let text = with_reminders(
        "distribution = { lines = \"not_a_child\", user = \"n_person\" }",
        r#"
[workflow.reminders]
before = 90
overdue_days = 3
states = ["Done", "Nowhere"]
"#,
    );
    let error = load_with_copied(&text).unwrap_err();
    let reminders = line_of(&text, "[workflow.reminders]");
    let distribution = line_of(&text, "distribution =");
    for expected in [
        format!("registry/x/request.toml:{reminders}: workflow.reminders: before must be 0 to 60 days"),
        format!("registry/x/request.toml:{reminders}: workflow.reminders: overdue_days needs overdue = true"),
        "reminders state `Done` is closed".to_owned(),
        "reminders state `Nowhere` is not one of the states".to_owned(),
        format!(
            "registry/x/request.toml:{distribution}: workflow.distribution: distribution lines `not_a_child` is not a child register"
        ),
    ] {
        assert!(error.contains(&expected), "missing `{expected}` in:\n{error}");
    }

    // A user column that looks up something else than people, and one the child does not have.
    for (user, expected) in [
        (
            "n_request",
            "distribution user `n_request` of `copied` must be a user id column",
        ),
        (
            "n_nobody",
            "distribution user `n_nobody`: no such column in `copied`",
        ),
        (
            "c_note",
            "distribution user `c_note` of `copied` must be a user id column",
        ),
    ] {
        let text = with_reminders(
            &format!("distribution = {{ lines = \"copied\", user = \"{user}\" }}"),
            "",
        );
        let error = load_with_copied(&text).unwrap_err();
        assert!(
            error.contains(expected),
            "missing `{expected}` in:\n{error}"
        );
    }

    // Nothing to remind of; and reminders without a person in court or a due date.
    let text = with_reminders("", "\n[workflow.reminders]\nstates = [\"Draft\"]\n");
    let error = load_with_copied(&text).unwrap_err();
    assert!(error.contains("reminders need `before = N`"), "{error}");
    let text = PARENT.replace(
        "[[children]]",
        "[workflow.reminders]\noverdue = true\n\n[[children]]",
    );
    let error = load(&text).unwrap_err();
    assert!(
        error.contains("reminders need a due date: the workflow's `due` or a state's `due`"),
        "{error}"
    );
    let text = PARENT
        .replace("ball_in_court = \"n_ball\"\n", "due = \"d_reply_due\"\n")
        .replace(
            "[[children]]",
            "[workflow.reminders]\nbefore = 2\n\n[[children]]",
        )
        + RESPONDER;
    let error = load(&text).unwrap_err();
    assert!(
        error.contains("the workflow needs ball_in_court"),
        "{error}"
    );
    // The states reminded by default (the open ones: here none) have no due date: say which to remind.
    let text = with_reminders("", "\n[workflow.reminders]\nbefore = 1\n");
    let error = load_with_copied(&text).unwrap_err();
    assert!(
        error.contains("no open state has a due date to remind of"),
        "{error}"
    );
}

/// `[[follow_ups]]` (a letter's Reply): a label, starting values for writable columns, `{placeholders}` naming
/// readable columns; each misfit is named.
#[test]
fn a_follow_up_starts_writable_columns_from_readable_ones() {
    let with = |follow_up: &str| load(&format!("{PARENT}\n[[follow_ups]]\n{follow_up}\n"));
    let registry = with("label = \"Answer\"\nstarts = { n_ball = \"{n_ball}\" }");
    // n_ball is read-only in PARENT: refused.
    let error = registry.unwrap_err();
    assert!(
        error.contains("starts `n_ball`, not a writable column of this entry"),
        "{error}"
    );
    let parent = format!(
        "{PARENT}\n[[columns]]\nname = \"c_subject\"\ntype = \"text\"\nlabel = \"Subject\"\n"
    );
    let load_with = |follow_up: &str| load(&format!("{parent}\n[[follow_ups]]\n{follow_up}\n"));
    let registry =
        load_with("label = \"Answer\"\nstarts = { c_subject = \"Re: {c_subject} ({n_ball})\" }")
            .unwrap_or_else(|e| panic!("{e}"));
    let follow_up = &registry.entry("request").unwrap().def.follow_ups[0];
    assert_eq!(follow_up.starts["c_subject"], "Re: {c_subject} ({n_ball})");
    for (follow_up, expected) in [
        (
            "label = \" \"\nstarts = { c_subject = \"x\" }",
            "label must not be empty",
        ),
        ("label = \"Answer\"\nstarts = {}", "`Answer` starts nothing"),
        (
            "label = \"Answer\"\nstarts = { c_subject = \"Re: {c_nothing}\" }",
            "`{c_nothing}` is not a readable column of this entry",
        ),
    ] {
        let error = load_with(follow_up).unwrap_err();
        assert!(
            error.contains(expected),
            "missing `{expected}` in:\n{error}"
        );
    }
}

/// A look-up's `where` is a condition over the looked-up entry, said to a person by `choose`; its columns are read
/// with the options; an entry's `option_columns` are readable columns, and by default an option shows neither the
/// key nor another row's key.
#[test]
fn a_lookup_offering_some_rows_and_what_its_options_show_are_checked_at_load() {
    let offering = |lookup: &str, parent_extra: &str| -> Result<Registry, String> {
        let line = LINE.replace(
            "lookup = { entry = \"request\", display = \"c_no\" }",
            &format!("lookup = {{ entry = \"request\", display = \"c_no\"{lookup} }}"),
        );
        let parent = PARENT.replace(
            "bookkeeping = true\n",
            &format!("bookkeeping = true\n{parent_extra}"),
        );
        Registry::from_sources(&[
            (
                "registry/administration/v_user_list.toml",
                "v_user_list",
                USERS,
            ),
            ("registry/x/request.toml", "request", &parent),
            ("registry/x/line.toml", "line", &line),
        ])
        .map_err(|e| e.to_string())
    };
    let registry = offering(
        ", where = \"c_state = 'Done'\", choose = \"a finished request\"",
        "option_columns = [\"c_no\", \"c_state\"]\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let lookup = registry
        .entry("line")
        .unwrap()
        .column("n_request")
        .unwrap()
        .lookup
        .clone()
        .unwrap();
    assert_eq!(lookup.condition.as_deref(), Some("c_state = 'Done'"));
    assert_eq!(lookup.choose.as_deref(), Some("a finished request"));
    let request = registry.entry("request").unwrap();
    assert_eq!(request.options, ["c_no", "c_state"]);

    for (lookup, extra, expected) in [
        (", where = \"c_state = 'Done'\"", "", "where needs `choose`"),
        (
            ", choose = \"a finished request\"",
            "",
            "choose applies only with `where`",
        ),
        (
            ", where = \"c_nothing = 1\", choose = \"a request\"",
            "",
            "where: ",
        ),
        (
            ", where = \"pg_sleep(1) IS NULL\", choose = \"a request\"",
            "",
            "where: ",
        ),
        (
            "",
            "option_columns = [\"c_missing\"]\n",
            "`c_missing` is not a readable column of this entry",
        ),
    ] {
        let error = offering(lookup, extra).unwrap_err();
        assert!(
            error.contains(expected),
            "missing `{expected}` in:\n{error}"
        );
    }
}

/// A look-up's `same` names a readable column of the looked-up entry and a column of its own entry, of one type.
#[test]
fn a_lookup_following_another_column_is_checked_at_load() {
    let line = LINE.replace(
        "lookup = { entry = \"request\", display = \"c_no\" }",
        "lookup = { entry = \"request\", display = \"c_no\", same = { c_state = \"c_note\" } }\n\
         [[columns]]\nname = \"c_note\"\ntype = \"text\"\nlabel = \"Note\"",
    );
    let load = |line: &str| {
        Registry::from_sources(&[
            (
                "registry/administration/v_user_list.toml",
                "v_user_list",
                USERS,
            ),
            ("registry/x/request.toml", "request", PARENT),
            ("registry/x/line.toml", "line", line),
        ])
        .map_err(|e| e.to_string())
    };
    let registry = load(&line).unwrap_or_else(|e| panic!("{e}"));
    let key = registry.entry("line").unwrap().column("n_request").unwrap();
    assert_eq!(key.lookup.as_ref().unwrap().same["c_state"], "c_note");
    let error = load(
        &line
            .replace("same = { c_state", "same = { c_nothing")
            .replace("= \"c_note\" }", "= \"c_note\", n_ball = \"c_missing\" }"),
    )
    .unwrap_err();
    for expected in [
        "same: `c_nothing` is not a readable column of entry `request`",
        "same: `c_missing` is not a column of entry `line`",
    ] {
        assert!(
            error.contains(expected),
            "missing `{expected}` in:\n{error}"
        );
    }
    let error = load(&line.replace("same = { c_state", "same = { n_ball")).unwrap_err();
    assert!(
        error.contains("same: `request.n_ball` and `c_note` are of different types"),
        "{error}"
    );
}

/// A look-up's `same` may follow a column of the record one of the entry's look-ups names (a line's parent, through
/// its key): `n_request.n_ball` is a readable column of the entry `n_request` looks up, one look-up deep, of the
/// looked-up entry's column's type; it is readable with that entry's look-up columns.
#[test]
fn a_lookup_following_a_column_of_another_record_is_checked_at_load() {
    let line = |same: &str| {
        format!(
            "{LINE}\n[[columns]]\nname = \"n_person\"\ntype = \"bigint\"\nlabel = \"Person\"\n\
             lookup = {{ entry = \"v_user_list\", display = \"name\", same = {{ {same} }} }}\n\
             [[columns]]\nname = \"c_note\"\ntype = \"text\"\nlabel = \"Note\"\n"
        )
    };
    let load = |line: &str| {
        Registry::from_sources(&[
            (
                "registry/administration/v_user_list.toml",
                "v_user_list",
                USERS,
            ),
            ("registry/x/request.toml", "request", PARENT),
            ("registry/x/line.toml", "line", line),
        ])
        .map_err(|e| e.to_string())
    };
    let registry = load(&line("id = \"n_request.n_ball\"")).unwrap_or_else(|e| panic!("{e}"));
    let person = registry.entry("line").unwrap().column("n_person").unwrap();
    assert_eq!(
        schema_registry::model::Follows::parse(&person.lookup.as_ref().unwrap().same["id"]),
        schema_registry::model::Follows::Through {
            column: "n_request",
            of: "n_ball"
        }
    );
    for (same, expected) in [
        (
            "id = \"n_request.c_nothing\"",
            "same: `c_nothing` is not a readable column of entry `request` (which `n_request` looks up)",
        ),
        (
            "id = \"c_note.n_ball\"",
            "same: `c_note.n_ball` follows a column of another record through `c_note`, which is not a look-up",
        ),
        (
            "id = \"n_request.n_ball.id\"",
            "same: `n_request.n_ball.id` goes through more than one look-up",
        ),
        (
            "id = \"n_nothing.n_ball\"",
            "same: `n_nothing` is not a column of entry `line`",
        ),
        (
            "id = \"n_request.c_state\"",
            "same: `v_user_list.id` and `n_request.c_state` are of different types",
        ),
    ] {
        let error = load(&line(same)).unwrap_err();
        assert!(
            error.contains(expected),
            "missing `{expected}` in:\n{error}"
        );
    }
}

/// A transition may set a fixed value, in single quotes: of its column's type and among its choices.
#[test]
fn a_transition_sets_a_fixed_value_that_fits_its_column() {
    let outcome = r#"
[[columns]]
name = "c_outcome"
type = "text"
label = "Outcome"
enum = ["Agreed", "Rejected"]

[[columns]]
name = "n_days"
type = "integer"
label = "Days"
"#;
    let with = |sets: &str| {
        PARENT.replace(
            "sets = { n_ball = \"null\" }",
            &format!("sets = {{ {sets} }}"),
        ) + outcome
    };
    load(&with(
        r#"n_ball = "null", c_outcome = "'Agreed'", n_days = "'14'""#,
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    let error = load(&with(r#"c_outcome = "'Maybe'", n_days = "'two weeks'""#)).unwrap_err();
    for expected in [
        "sets `c_outcome = \"'Maybe'\"`",
        "sets `n_days = \"'two weeks'\"`",
    ] {
        assert!(
            error.contains(expected),
            "missing `{expected}` in:\n{error}"
        );
    }
}

/// `readers_see` on a parent: its rows for the reader (its own rule, or the rows waiting on them), and its child
/// register's lines through the key; a rule on the child besides, an unknown placeholder or column, refused.
#[test]
fn a_readers_rule_limits_the_parent_and_its_lines_and_is_checked_at_load() {
    use schema_registry::readers::{readers_condition, Reader};
    use schema_registry::sea_query::{PostgresQueryBuilder, Query};
    let parent = PARENT.replace(
        "bookkeeping = true\n",
        "bookkeeping = true\nreaders_see = \"c_state <> 'Draft' OR n_created_by = :user_id OR n_ball = :org_id\"\n",
    );
    let registry = load(&parent).unwrap_or_else(|e| panic!("{e}"));
    let reader = Reader {
        user_id: 7,
        organization: None,
    };
    let sql = |entry: &str| {
        let entry = registry.entry(entry).unwrap();
        let condition = readers_condition(entry, reader).unwrap().unwrap();
        Query::select()
            .expr(schema_registry::sea_query::Expr::cust("1"))
            .from(schema_registry::sea_query::Alias::new(entry.table.clone()))
            .and_where(condition)
            .to_string(PostgresQueryBuilder)
    };
    let own = sql("request");
    assert!(
        own.contains("\"c_state\" <> CAST('Draft' AS text)"),
        "{own}"
    );
    assert!(own.contains("\"n_created_by\" = CAST(CAST('7'"), "{own}");
    assert!(
        own.contains("\"n_ball\" = CAST(CAST('0'"),
        "no organisation matches none: {own}"
    );
    assert!(
        own.contains("OR (\"n_ball\" = CAST(CAST('7' AS text) AS int8) AND \"c_state\" IN"),
        "the rows waiting on the reader: {own}"
    );
    let lines = sql("line");
    assert!(
        lines.contains("\"line\".\"n_request\" IN (SELECT \"id\" FROM \"request\" WHERE"),
        "{lines}"
    );

    let twice = Registry::from_sources(&[
        (
            "registry/administration/v_user_list.toml",
            "v_user_list",
            USERS,
        ),
        ("registry/x/request.toml", "request", &parent),
        (
            "registry/x/line.toml",
            "line",
            &LINE.replace(
                "bookkeeping = true\n",
                "bookkeeping = true\nreaders_see = \"id > 0\"\n",
            ),
        ),
    ])
    .unwrap_err()
    .to_string();
    assert!(
        twice.contains("registry/x/line.toml:4: readers_see: a child register follows its parent's readers_see (`request`); remove this one"),
        "{twice}"
    );
    let bad = load(&PARENT.replace(
        "bookkeeping = true\n",
        "bookkeeping = true\nreaders_see = \"n_owner = :user_id OR n_ball = :org\"\n",
    ))
    .unwrap_err();
    assert!(
        bad.contains("registry/x/request.toml: readers_see: unknown placeholder :org"),
        "{bad}"
    );
    let bad = load(&PARENT.replace(
        "bookkeeping = true\n",
        "bookkeeping = true\nreaders_see = \"n_owner = :user_id\"\n",
    ))
    .unwrap_err();
    assert!(
        bad.contains("registry/x/request.toml: readers_see: "),
        "{bad}"
    );
    assert!(bad.contains("n_owner"), "{bad}");
}

#[test]
fn copies_name_user_columns_and_a_condition_that_compiles() {
    let sound = with_reminders(
        "",
        "\n[[workflow.copies]]\nto = [\"n_ball\"]\nwhen = \"d_reply_due IS NOT NULL\"\nbecause = \"Copied while due.\"\n",
    );
    load_with_copied(&sound).expect("a sound copies rule loads");
    let text = with_reminders(
        "",
        "\n[[workflow.copies]]\nto = [\"n_nobody\", \"d_reply_due\"]\nwhen = \"c_nowhere = 'x'\"\n",
    );
    let error = load_with_copied(&text).unwrap_err();
    let line = line_of(&text, "[[workflow.copies]]");
    for expected in [
        format!("registry/x/request.toml:{line}: workflow.copies[0]: copies to `n_nobody`: no such column"),
        "copies to `d_reply_due`".to_owned(),
        "when `c_nowhere = 'x'`".to_owned(),
    ] {
        assert!(error.contains(&expected), "missing `{expected}` in:\n{error}");
    }
}

/// `[numbering]` scoped by several columns (an ISO 19650 number counts within its prefix) and `typed` (a person may
/// give the number): the column is then writable, and each scope column must be one of the entry's, once, and not
/// the number itself.
#[test]
fn numbering_by_several_columns_and_typed_numbers() {
    let typed = PARENT
        .replace(
            "pattern = \"REQ-{seq:04}\"",
            "pattern = \"{seq:04}\"\nscope = [\"c_state\", \"n_ball\"]\ntyped = true",
        )
        .replace(
            "name = \"c_no\"\ntype = \"text\"\nlabel = \"No.\"\nread_only = true",
            "name = \"c_no\"\ntype = \"text\"\nlabel = \"No.\"",
        );
    let registry = load(&typed).unwrap_or_else(|e| panic!("{e}"));
    let (numbering, _) = registry.entry("request").unwrap().numbering().unwrap();
    assert!(numbering.typed);
    assert_eq!(
        numbering.scope.as_ref().unwrap().columns(),
        ["c_state", "n_ball"]
    );

    // Typed, but the column is still read-only: nobody could type it.
    let read_only = typed.replace(
        "name = \"c_no\"\ntype = \"text\"\nlabel = \"No.\"",
        "name = \"c_no\"\ntype = \"text\"\nlabel = \"No.\"\nread_only = true",
    );
    let error = load(&read_only).unwrap_err();
    assert!(
        error.contains("`c_no` must be a readable, writable text column (typed = true"),
        "{error}"
    );
    // Not typed, and writable: the server fills it, so a person may not.
    let writable = typed.replace("typed = true", "");
    let error = load(&writable).unwrap_err();
    assert!(
        error.contains("`c_no` must be a readable text column with read_only = true"),
        "{error}"
    );
    // Scope columns that do not exist, come twice or are the number itself; an empty scope.
    for (scope, expected) in [
        (
            "[\"c_state\", \"c_stage\"]",
            "scope `c_stage` is not a column of this entry",
        ),
        ("[\"c_state\", \"c_state\"]", "scope names `c_state` twice"),
        ("[\"c_no\"]", "scope `c_no` is the numbering column itself"),
        ("[]", "scope names no column"),
    ] {
        let broken = typed.replace(
            "scope = [\"c_state\", \"n_ball\"]",
            &format!("scope = {scope}"),
        );
        let error = load(&broken).unwrap_err();
        assert!(
            error.contains(expected),
            "missing `{expected}` in:\n{error}"
        );
    }
}

/// `[upload]`: a record uploaded with its files on a line of its child register, and the next line while the
/// workflow's state allows.
const FIRST_LINE: &str = r#"
[[columns]]
name = "n_first_line"
type = "bigint"
label = "First line"
read_only = true
lookup = { entry = "line", display = "id" }
"#;

fn with_upload(upload: &str) -> String {
    PARENT.replace("[[children]]", &format!("{upload}\n\n[[children]]")) + FIRST_LINE
}

#[test]
fn an_upload_names_a_child_register_its_first_line_and_the_states_of_a_next_line() {
    let sound = with_upload(
        r#"[upload]
lines = "line"
first_line = "n_first_line"
next_in = ["Draft"]
refused = "Only a draft takes a new line"
refused_in = { Done = "A finished request is read-only" }"#,
    );
    let registry = load(&sound).unwrap_or_else(|e| panic!("{e}"));
    let upload = registry
        .entry("request")
        .unwrap()
        .def
        .upload
        .clone()
        .unwrap();
    assert_eq!(upload.refusal("Done"), "A finished request is read-only");
    assert_eq!(upload.refusal("Draft"), "Only a draft takes a new line");

    let broken = with_upload(
        r#"[upload]
lines = "v_user_list"
first_line = "c_no"
next_in = ["Drafted"]"#,
    );
    let error = load(&broken).unwrap_err();
    assert!(
        error
            .contains("upload.lines: `v_user_list` must be a child register (lines) of this entry"),
        "{error}"
    );
    let broken = with_upload(
        r#"[upload]
lines = "line"
first_line = "c_no"
next_in = ["Drafted"]
next_fields = ["n_request", "c_nothing"]
refused_in = { Gone = "x" }"#,
    );
    let error = load(&broken).unwrap_err();
    for expected in [
        "upload.first_line: `c_no` must be a readable column of this entry that looks up `line`",
        "upload.next_in: `Drafted` is not a state of this entry's workflow",
        "upload.refused_in: `Gone` is not a state of this entry's workflow",
        "upload.next_fields: `n_request` must be a writable column of `line` (not its key to this entry)",
        "upload.next_fields: `c_nothing` must be a writable column of `line`",
    ] {
        assert!(error.contains(expected), "missing `{expected}` in:\n{error}");
    }
}
