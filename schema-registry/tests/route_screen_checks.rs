//! `[[screen.routes]]` (docs/registry.md, "What a route fixes"): one register drawn at several routes, each
//! fixing some of its values (a kind of inspection) and leaving out some optional columns. Checked at load.

use schema_registry::Registry;

fn inspections(routes: &str) -> String {
    format!(
        r#"
title = "Inspections"
routes = ["/rfiwitnessing", "/siteinspection"]
[[columns]]
name = "id"
type = "bigint"
label = "ID"
[[columns]]
name = "c_kind"
type = "text"
label = "Kind"
required = true
enum = ["RFI witness", "Site inspection"]
[[columns]]
name = "c_rfi"
type = "text"
label = "RFI"
[[columns]]
name = "c_remarks"
type = "text"
label = "Remarks"
required = true
[[columns]]
name = "n_row_version"
type = "integer"
label = "Row version"
read_only = true
[screen]
list_columns = ["c_kind", "c_rfi"]
{routes}
"#
    )
}

fn problems(routes: &str) -> Vec<String> {
    match Registry::from_files(
        &[(
            "registry/test/inspections.toml",
            "inspections",
            &inspections(routes),
        )],
        &[],
    ) {
        Ok(_) => Vec::new(),
        Err(error) => error.problems.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn a_route_fixes_writable_columns_to_one_of_their_choices_and_hides_optional_ones() {
    let fine = r#"
[[screen.routes]]
route = "/rfiwitnessing"
fixed = { c_kind = "RFI witness" }
[[screen.routes]]
route = "/siteinspection"
fixed = { c_kind = "Site inspection" }
hides = ["c_rfi"]
"#;
    assert_eq!(problems(fine), Vec::<String>::new());
    // A route may only show the register to read only.
    let reading = r#"
[[screen.routes]]
route = "/siteinspection"
read_only = true
"#;
    assert_eq!(problems(reading), Vec::<String>::new());

    let said = problems(
        r#"
[[screen.routes]]
route = "/elsewhere"
fixed = { c_kind = "Walkdown", n_row_version = "1", c_none = "x" }
hides = ["c_remarks", "c_gone"]
[[screen.routes]]
route = "/siteinspection"
[[screen.routes]]
route = "/siteinspection"
fixed = { c_kind = "Site inspection" }
hides = ["c_kind"]
"#,
    )
    .join("\n");
    for expected in [
        "screen.routes `/elsewhere`: is not one of the entry's routes (/rfiwitnessing, /siteinspection)",
        "fixed `c_kind` = `Walkdown` is not one of its choices (RFI witness, Site inspection)",
        "fixed `n_row_version` is not a writable column",
        "fixed `c_none` is not a column of this entry",
        "hidden `c_remarks` is required: a form without it could not be sent",
        "hidden `c_gone` is not a readable column of this entry",
        "screen.routes `/siteinspection`: fixes nothing, hides nothing and is not read_only",
        "screen.routes `/siteinspection`: is described twice",
        "`c_kind` is both fixed and hidden",
    ] {
        assert!(said.contains(expected), "missing «{expected}» in:\n{said}");
    }
}

/// `[screen] position` names the two writable number columns a phone fills from its GPS; a text or read-only
/// column is refused.
#[test]
fn a_position_is_two_writable_number_columns() {
    let with = |position: &str| {
        let file = inspections("").replace(
            "[screen]\n",
            &format!(
                "[[columns]]\nname = \"n_latitude\"\ntype = \"numeric\"\nlabel = \"Latitude\"\n\
                 [[columns]]\nname = \"n_longitude\"\ntype = \"numeric\"\nlabel = \"Longitude\"\n\
                 [screen]\nposition = {position}\n"
            ),
        );
        match Registry::from_files(
            &[("registry/test/inspections.toml", "inspections", &file)],
            &[],
        ) {
            Ok(_) => Vec::new(),
            Err(error) => error
                .problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
        }
    };
    assert_eq!(
        with("{ latitude = \"n_latitude\", longitude = \"n_longitude\" }"),
        Vec::<String>::new()
    );
    let said = with("{ latitude = \"c_rfi\", longitude = \"n_row_version\" }").join("\n");
    for expected in [
        "screen.position: `c_rfi` must be a writable number column of this entry",
        "screen.position: `n_row_version` must be a writable number column of this entry",
    ] {
        assert!(said.contains(expected), "missing «{expected}» in:\n{said}");
    }
}
