//! `[[levels]]` is checked when the registry loads (registry/check_levels.rs): only the package register declares
//! programme levels; each has a name that is no other dashboard parameter, declared once, a look-up register, and
//! exactly one way to its packages (a package column looking it up, or a link register looking up both).

use schema_registry::Registry;

fn lookup_register(title: &str) -> String {
    format!(
        r#"
title = "{title}"
lookup = true

[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true

[[columns]]
name = "c_code"
type = "text"
label = "Code"

[[columns]]
name = "n_row_version"
type = "integer"
label = "Version"
read_only = true
"#
    )
}

const PACKAGE: &str = r#"
title = "Package"
lookup = true

[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true

[[columns]]
name = "c_code"
type = "text"
label = "Code"

[[columns]]
name = "n_corridor"
type = "bigint"
label = "Corridor"
lookup = { entry = "corridor", display = "c_code" }

[[columns]]
name = "n_row_version"
type = "integer"
label = "Version"
read_only = true
"#;

const LINK: &str = r#"
title = "Programme packages"

[[columns]]
name = "id"
type = "bigint"
label = "ID"
read_only = true

[[columns]]
name = "n_project"
type = "bigint"
label = "Programme"
lookup = { entry = "project", display = "c_code" }

[[columns]]
name = "n_package"
type = "bigint"
label = "Package"
lookup = { entry = "package", display = "c_code" }

[[columns]]
name = "n_row_version"
type = "integer"
label = "Version"
read_only = true
"#;

const FITTING: &str = r#"
[[levels]]
name = "project"
label = "Programme"
entry = "project"
through = { entry = "link", package = "n_package", level = "n_project" }

[[levels]]
name = "corridor"
label = "Corridor"
entry = "corridor"
column = "n_corridor"
"#;

fn load(levels: &str, on_corridor: &str) -> Result<Registry, String> {
    let package = format!("{PACKAGE}\n{levels}");
    let corridor = format!("{}\n{on_corridor}", lookup_register("Corridor"));
    let project = lookup_register("Programme");
    Registry::from_sources(&[
        ("registry/x/package.toml", "package", package.as_str()),
        ("registry/x/corridor.toml", "corridor", corridor.as_str()),
        ("registry/x/project.toml", "project", project.as_str()),
        ("registry/x/link.toml", "link", LINK),
    ])
    .map_err(|error| error.to_string())
}

#[test]
fn the_package_registers_levels_load_in_order() {
    let registry = load(FITTING, "").unwrap_or_else(|e| panic!("{e}"));
    let levels = &registry.entry("package").expect("package").def.levels;
    let names: Vec<&str> = levels.iter().map(|level| level.name.as_str()).collect();
    assert_eq!(names, ["project", "corridor"]);
}

#[test]
fn each_misfitting_level_is_refused() {
    let cases = [
        (FITTING.replace("name = \"corridor\"", "name = \"package\""), "", "levels `package`: the name must be small letters or _, and none of route, package, format, paper"),
        (FITTING.replace("name = \"corridor\"", "name = \"project\""), "", "levels `project`: is declared twice"),
        (FITTING.replace("entry = \"corridor\"", "entry = \"link\""), "", "`link` must be a look-up register"),
        (FITTING.replace("column = \"n_corridor\"", "column = \"c_code\""), "", "column `c_code` must be a readable column of this register looking up `corridor`"),
        (FITTING.replace("level = \"n_project\"", "level = \"n_package\""), "", "through `link` must be a register whose `n_package` looks up `package` and whose `n_package` looks up `project`"),
        (FITTING.replace("column = \"n_corridor\"", "column = \"n_corridor\"\nthrough = { entry = \"link\", package = \"n_package\", level = \"n_project\" }"), "", "levels `corridor`: needs exactly one of `column` and `through`"),
        (String::new(), "[[levels]]\nname = \"line\"\nlabel = \"Line\"\nentry = \"project\"\ncolumn = \"c_code\"", "registry/x/corridor.toml: levels: only the `package` register declares programme levels"),
    ];
    for (levels, on_corridor, message) in cases {
        let refused = load(&levels, on_corridor).map(|_| ()).expect_err(message);
        assert!(refused.contains(message), "{message}\n→ {refused}");
    }
}
