//! `package_optional` (docs/registry.md, package scope): a row without a package is everyone's who reads the
//! register. It only means something with `scope = "package"` on a register with a package column of its own.

use schema_registry::Registry;

const PACKAGE: &str = r#"
title = "Packages"
routes = ["/masters/package"]
lookup = true
display_columns = ["id", "c_code"]
[[columns]]
name = "id"
type = "bigint"
label = "ID"
[[columns]]
name = "c_code"
type = "text"
label = "Code"
[[columns]]
name = "n_row_version"
type = "integer"
label = "Row version"
read_only = true
"#;

fn folders(extra: &str) -> String {
    format!(
        r#"
title = "Folders"
routes = ["/masters/folders"]
{extra}
[[columns]]
name = "id"
type = "bigint"
label = "ID"
[[columns]]
name = "n_package"
type = "bigint"
label = "Package"
lookup = {{ entry = "package", display = "c_code" }}
[[columns]]
name = "n_row_version"
type = "integer"
label = "Row version"
read_only = true
"#
    )
}

fn load(folders: &str) -> Result<Registry, Vec<String>> {
    Registry::from_files(
        &[
            ("registry/test/package.toml", "package", PACKAGE),
            ("registry/test/folders.toml", "folders", folders),
        ],
        &[],
    )
    .map_err(|error| error.problems.iter().map(ToString::to_string).collect())
}

#[test]
fn package_optional_rows_without_a_package_are_everyones() {
    let registry = load(&folders("scope = \"package\"\npackage_optional = true")).expect("valid");
    let entry = registry.entry("folders").expect("folders");
    let condition = schema_registry::process::scope_condition(entry, 7).expect("scoped");
    let sql = schema_registry::sea_query::Query::select()
        .expr(condition)
        .to_string(schema_registry::sea_query::PostgresQueryBuilder);
    assert!(
        sql.starts_with(
            r#"SELECT ("folders"."n_package" IS NULL) OR (("folders"."n_package" IN ("#
        ),
        "{sql}"
    );
}

#[test]
fn package_optional_needs_package_scope() {
    let problems = load(&folders("package_optional = true")).expect_err("refused");
    assert!(
        problems.iter().any(|p| p.contains(
            "package_optional needs scope = \"package\" on a register with a package column of its own"
        )),
        "{problems:#?}"
    );
}
