//! `[tree]` is checked when the registry loads (registry/check_tree.rs): its parent is this register's look-up of
//! itself, its order a number column, its words a text column and each filled column one the register reads. Each
//! case below breaks one of those and must be refused under that part's name.

use schema_registry::Registry;

const FOLDER: &str = r#"
title = "Folder"
lookup = true
display_columns = ["id", "c_name"]

[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true

[[columns]]
name = "c_name"
type = "text"
label = "Name"

[[columns]]
name = "n_sort"
type = "integer"
label = "Order"

[[columns]]
name = "c_words"
type = "text"
label = "Words"

[[columns]]
name = "n_other"
type = "bigint"
label = "Other folder"

[[columns]]
name = "n_parent"
type = "bigint"
label = "Inside"
lookup = { entry = "folder", display = "c_name" }

[[columns]]
name = "n_row_version"
type = "integer"
label = "Version"
read_only = true
"#;

fn load(tree: &str) -> Result<Registry, String> {
    let source = format!("{FOLDER}\n[tree]\n{tree}\n");
    Registry::from_sources(&[("registry/x/folder.toml", "folder", source.as_str())])
        .map_err(|error| error.to_string())
}

#[test]
fn a_tree_whose_parts_fit_loads() {
    load(
        r#"parent = "n_parent"
order = "n_sort"
words = "c_words"
fills = ["c_name", "n_other"]"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn each_misfitting_part_is_refused_under_its_name() {
    let cases = [
        // A parent that is no look-up, and one that does not name the register itself.
        (
            r#"parent = "n_other""#,
            "tree.parent",
            "`n_other` must be a readable column of this entry that looks up `folder` itself",
        ),
        (
            r#"parent = "n_missing""#,
            "tree.parent",
            "`n_missing` must be a readable column",
        ),
        (
            r#"parent = "n_parent"
order = "c_name""#,
            "tree.order",
            "`c_name` must be a readable number column of this entry",
        ),
        (
            r#"parent = "n_parent"
words = "n_sort""#,
            "tree.words",
            "`n_sort` must be a readable text column of this entry",
        ),
        (
            r#"parent = "n_parent"
fills = ["c_name", "c_nowhere"]"#,
            "tree.fills",
            "`c_nowhere` must be a readable column of this entry",
        ),
    ];
    for (tree, field, message) in cases {
        let refused = load(tree).map(|_| ()).expect_err(tree);
        assert!(
            refused.contains(field) && refused.contains(message),
            "{tree}: {refused}"
        );
    }
}
