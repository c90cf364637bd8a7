//! `[[children.rules]]` and `[children.prefill]` are checked when the registry loads (registry/check_process.rs):
//! a rule's `when_any` reads the lines, its `check` and fields the record, and it has a message; a prefill's
//! `from` looks up a register whose child register the lines look up by exactly one column, and its `shows` are
//! that child register's columns. Each case below breaks one part and must be refused naming it.

use schema_registry::Registry;

/// The key and the row version every writable register lists.
macro_rules! key_columns {
    () => {
        "[[columns]]\nname = \"id\"\ntype = \"bigint\"\nlabel = \"ID\"\n\
         [[columns]]\nname = \"n_row_version\"\ntype = \"integer\"\nlabel = \"Version\"\nread_only = true\n"
    };
}

const ITP: &str = concat!(
    "title = \"ITP\"\n",
    key_columns!(),
    r#"[[columns]]
name = "c_itp_no"
type = "text"
label = "ITP No."
[[children]]
entry = "itp_activity"
key = "n_itp"
"#
);

const ITP_ACTIVITY: &str = concat!(
    "title = \"ITP activity\"\n",
    key_columns!(),
    r#"[[columns]]
name = "n_itp"
type = "bigint"
label = "ITP"
required = true
lookup = { entry = "itp", display = "c_itp_no" }
[[columns]]
name = "c_activity"
type = "text"
label = "Activity"
[[columns]]
name = "c_acceptance"
type = "text"
label = "Acceptance"
"#
);

const INSPECTION: &str = concat!(
    "title = \"Inspection\"\n",
    key_columns!(),
    r#"[[columns]]
name = "n_itp"
type = "bigint"
label = "ITP"
lookup = { entry = "itp", display = "c_itp_no" }
[[columns]]
name = "c_result"
type = "text"
label = "Result"
enum = ["Witnessed", "Rejected"]
[[children]]
entry = "inspection_check"
key = "n_inspection"
"#
);

const CHECK: &str = concat!(
    "title = \"Checklist\"\n",
    key_columns!(),
    r#"[[columns]]
name = "n_inspection"
type = "bigint"
label = "Inspection"
required = true
lookup = { entry = "inspection", display = "id" }
[[columns]]
name = "n_itp_activity"
type = "bigint"
label = "Activity"
lookup = { entry = "itp_activity", display = "c_activity" }
[[columns]]
name = "c_result"
type = "text"
label = "Found"
enum = ["Conforms", "Does not conform"]
"#
);

const FITTING: &str = r#"
[children.prefill]
from = "n_itp"
shows = ["c_acceptance"]

[[children.rules]]
when_any = "c_result = 'Does not conform'"
check = "c_result <> 'Witnessed'"
message = "An item does not conform"
fields = ["c_result"]
"#;

/// The four registers, the inspection's file ending with `options`.
fn load_with(itp: &str, options: &str) -> Result<Registry, String> {
    let inspection = format!("{INSPECTION}{options}");
    Registry::from_sources(&[
        ("registry/q/itp.toml", "itp", itp),
        ("registry/q/itp_activity.toml", "itp_activity", ITP_ACTIVITY),
        ("registry/q/inspection.toml", "inspection", &inspection),
        (
            "registry/q/inspection_check.toml",
            "inspection_check",
            CHECK,
        ),
    ])
    .map_err(|error| error.to_string())
}

fn load(options: &str) -> Result<Registry, String> {
    load_with(ITP, options)
}

#[test]
fn fitting_rules_and_prefill_load_and_resolve_through_the_look_ups() {
    let registry = load(FITTING).unwrap_or_else(|e| panic!("{e}"));
    let inspection = registry.entry("inspection").expect("inspection");
    let lines = registry.entry("inspection_check").expect("lines");
    let child = &inspection.def.children[0];
    let prefill = child.prefill.as_ref().expect("prefill");
    let source = schema_registry::prefill::source(&registry, inspection, lines, prefill)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (source.entry.name.as_str(), source.key, source.column),
        ("itp_activity", "n_itp", "n_itp_activity")
    );
    assert_eq!(child.rules.len(), 1);
}

#[test]
fn each_misfitting_part_is_refused_naming_it() {
    let cases = [
        (
            "when_any = \"c_result = 'Does not conform'\"",
            "when_any = \"c_gone = 'x'\"",
            "lines rule when_any `c_gone = 'x'`",
        ),
        (
            "check = \"c_result <> 'Witnessed'\"",
            "check = \"n_itp_activity IS NULL\"",
            "lines rule check `n_itp_activity IS NULL`",
        ),
        (
            "message = \"An item does not conform\"",
            "message = \" \"",
            "a lines rule needs a message",
        ),
        (
            "fields = [\"c_result\"]",
            "fields = [\"c_found\"]",
            "lines rule field `c_found` is not a column of this entry",
        ),
        (
            "fields = [\"c_result\"]",
            "fields = []",
            "fields must name at least one column of the record",
        ),
        (
            "from = \"n_itp\"",
            "from = \"c_result\"",
            "prefill: from `c_result` must be a look-up column of `inspection`",
        ),
        (
            "shows = [\"c_acceptance\"]",
            "shows = [\"c_gone\"]",
            "prefill shows `c_gone`: no such column in `itp_activity`",
        ),
    ];
    for (fitting, broken, expected) in cases {
        assert!(FITTING.contains(fitting), "the case replaces {fitting}");
        let error = load(&FITTING.replace(fitting, broken))
            .expect_err(&format!("{broken} must be refused"));
        assert!(error.contains(expected), "{broken}: got {error}");
        assert!(
            error.contains("children inspection_check"),
            "{broken}: got {error}"
        );
    }
}

#[test]
fn a_prefill_whose_chosen_register_has_no_lines_the_checklist_looks_up_is_refused() {
    let without = ITP.replace(
        "[[children]]\nentry = \"itp_activity\"\nkey = \"n_itp\"\n",
        "",
    );
    let error = load_with(&without, FITTING).expect_err("no activities under the ITP");
    assert!(
        error.contains("prefill: no child register of `itp` is looked up by exactly one column of `inspection_check`"),
        "{error}"
    );
}

/// A register looked up by another but lacking its own key column is that register's problem, reported as such:
/// loading used to panic on the look-up's key type check.
#[test]
fn a_look_up_of_a_register_without_its_key_column_is_refused_not_a_panic() {
    let keyless = ITP.replace(
        "[[columns]]\nname = \"id\"\ntype = \"bigint\"\nlabel = \"ID\"\n",
        "",
    );
    assert_ne!(keyless, ITP, "the fixture lists its key");
    let error = load_with(&keyless, FITTING).expect_err("a register without its key column");
    assert!(
        error.contains("`id` is not one of the listed columns"),
        "{error}"
    );
}
