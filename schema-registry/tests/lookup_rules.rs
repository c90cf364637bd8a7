//! A look-up's names, its search by name and an export's display texts read the looked-up register's rows through
//! its read rule for the reader (docs/security.md, "Read rules"), with the rule's columns the looked-up table's.

use schema_registry::query::{
    lookup_display, lookup_keys_union_sql, lookup_match, lookup_names_sql, NameRead,
};
use schema_registry::readers::Reader;
use schema_registry::sea_query::PostgresQueryBuilder;
use schema_registry::Registry;

fn shipped() -> Registry {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("registry");
    Registry::load_dir(&dir).unwrap_or_else(|e| panic!("{e}"))
}

const READER: Reader = Reader {
    user_id: 7,
    organization: Some(3),
};

#[test]
fn names_searches_and_display_texts_apply_the_looked_up_registers_rule() {
    let registry = shipped();
    let line = registry.entry("dms_share_document").expect("entry");
    let document = line.column("n_document").expect("column");

    let read = |reader| {
        lookup_names_sql(
            &registry,
            &[NameRead {
                column: document,
                keys: vec!["1".into()],
            }],
            reader,
        )
        .expect("sql")
        .expect("a read")
        .text
    };
    let ruled = read(Some(READER));
    assert!(
        ruled.contains("\"c_state\" <> ") && ruled.contains("\"dms_document\".\"n_package\" IN"),
        "{ruled}"
    );
    assert!(
        !read(None).contains("c_state"),
        "a superadmin reads every row"
    );

    let search = lookup_keys_union_sql(&registry, &[document], "0001", 200, Some(READER))
        .expect("sql")
        .expect("a read")
        .text;
    assert!(search.contains("\"c_state\" <> "), "{search}");

    // Beyond the keys found, the subquery applies the rule too.
    let fallback = lookup_match(&registry, document, "0001", None, Some(READER))
        .expect("sql")
        .expect("a match");
    let mut select = schema_registry::sea_query::Query::select();
    select.expr(fallback);
    let text = select.to_string(PostgresQueryBuilder);
    assert!(text.contains("\"c_state\" <> "), "{text}");

    // The export's join reads a derived table of the readable rows, so the rule's qualified columns are the
    // document's, not the exported table's.
    let (_, join) = lookup_display(&registry, &line.table, document, Some(READER))
        .expect("sql")
        .expect("a display");
    let text = join.query.to_string(PostgresQueryBuilder);
    assert!(
        text.contains("FROM (SELECT \"id\", \"c_document_no\" FROM \"dms_document\" WHERE")
            && text.contains(") AS \"lk\""),
        "{text}"
    );
    let (_, join) = lookup_display(&registry, &line.table, document, None)
        .expect("sql")
        .expect("a display");
    let text = join.query.to_string(PostgresQueryBuilder);
    assert!(text.contains("FROM \"dms_document\" AS \"lk\""), "{text}");
}

/// A look-up names its rows by their display columns only (what every signed-in user may read of them): a look-up
/// displaying another column of a register that lists its display columns would show the raw key, so the registry
/// refuses it at load.
#[test]
fn a_lookup_displays_one_of_its_registers_display_columns() {
    let folder = |display: &str| {
        format!(
            r#"
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
name = "c_code"
type = "text"
label = "Code"

[[columns]]
name = "n_parent"
type = "bigint"
label = "Inside"
lookup = {{ entry = "folder", display = "{display}" }}

[[columns]]
name = "n_row_version"
type = "integer"
label = "Version"
read_only = true
"#
        )
    };
    let named = folder("c_name");
    Registry::from_sources(&[("registry/x/folder.toml", "folder", named.as_str())])
        .unwrap_or_else(|e| panic!("{e}"));
    let raw = folder("c_code");
    let refused = Registry::from_sources(&[("registry/x/folder.toml", "folder", raw.as_str())])
        .map(|_| ())
        .expect_err("a display outside the display columns");
    assert!(
        refused
            .to_string()
            .contains("`c_code` is not one of the display_columns of entry `folder` (id, c_name)"),
        "{refused}"
    );
}
