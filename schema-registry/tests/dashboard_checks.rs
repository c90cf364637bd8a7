//! Dashboard files (`registry/dashboards/*.toml`, docs/registry.md "Dashboards") are checked at load: a good one
//! loads and lets its route read its views; every problem of a bad one is reported with its file and line.

use schema_registry::Registry;

const VIEW: &str = r#"
title = "Work per package"
read_only = true
primary_key = "n_package"
[[columns]]
name = "n_package"
type = "bigint"
label = "Package"
[[columns]]
name = "c_package"
type = "text"
label = "Package code"
[[columns]]
name = "n_open"
type = "integer"
label = "Open"
"#;

const REGISTER: &str = r#"
title = "Works"
routes = ["/masters/works"]
[[columns]]
name = "id"
type = "bigint"
label = "ID"
[[columns]]
name = "n_package"
type = "bigint"
label = "Package"
[[columns]]
name = "c_kind"
type = "text"
label = "Kind"
enum = ["Civil", "Systems"]
[[columns]]
name = "n_row_version"
type = "integer"
label = "Row version"
read_only = true
"#;

const GOOD: &str = r#"
route = "/dashboard/work"
title = "Work"

[[widgets]]
id = "open"
kind = "stat"
title = "Open"
entry = "v_work"
sum = true
value = { column = "n_open", label = "Open" }

[[widgets]]
id = "per_package"
kind = "bar"
title = "Open per package"
span = 8
entry = "v_work"
x = { column = "c_package", label = "Package" }
series = [{ column = "n_open", label = "Open", colour = "blue" }]
link = { route = "/masters/works", filter = { column = "n_package", from = "n_package" } }
"#;

fn load(dashboard: &str) -> Result<Registry, Vec<String>> {
    Registry::from_files(
        &[
            ("registry/test/v_work.toml", "v_work", VIEW),
            ("registry/test/works.toml", "works", REGISTER),
        ],
        &[("registry/dashboards/work.toml", dashboard)],
    )
    .map_err(|error| error.problems.iter().map(ToString::to_string).collect())
}

#[test]
fn a_good_dashboard_loads_and_its_route_reads_its_views() {
    let registry = load(GOOD).expect("valid");
    let dashboard = registry
        .dashboard("/dashboard/work")
        .expect("the dashboard");
    assert_eq!(dashboard.def.widgets.len(), 2);
    let view = registry.entry("v_work").expect("view");
    assert!(view.access_routes().any(|route| route == "/dashboard/work"));
    let register = registry.entry("works").expect("register");
    assert!(!register
        .access_routes()
        .any(|route| route == "/dashboard/work"));
}

#[test]
fn a_bad_widget_is_refused_with_its_file_and_line() {
    let bad = r#"
route = "/dashboard/work"
title = "Work"

[[widgets]]
id = "open"
kind = "stat"
title = "Open"
entry = "v_work"
value = { column = "c_package", label = "Open" }

[[widgets]]
id = "open"
kind = "bar"
title = "Per package"
span = 13
entry = "v_work"
x = { column = "c_nowhere", label = "Package" }
series = [{ column = "n_open", label = "Open", colour = "sky" }]
link = { route = "/masters/nowhere" }

[[widgets]]
id = "lines"
kind = "table"
title = "Works"
entry = "works"
columns = [{ column = "id", label = "ID" }]
"#;
    let problems = load(bad).expect_err("refused");
    let expected = [
        "registry/dashboards/work.toml:6: widget open: value `c_package` must be a number column",
        "registry/dashboards/work.toml:13: widget open: this id is used by another widget of the dashboard",
        "registry/dashboards/work.toml:13: widget open: span 13 is not 1 to 12 grid columns",
        "registry/dashboards/work.toml:13: widget open: series n_open: colour `sky` is not one of",
        "registry/dashboards/work.toml:13: widget open: x `c_nowhere` is not a column of registry/test/v_work.toml",
        "registry/dashboards/work.toml:13: widget open: link route `/masters/nowhere` is not a register's console route",
        "registry/dashboards/work.toml:23: widget lines: entry `works` must be a read-only view with no routes of its own \
         (it is read through the dashboard's route), or the widget counts its rows (`count = true`)",
    ];
    for text in expected {
        assert!(
            problems.iter().any(|problem| problem.starts_with(text)),
            "missing `{text}` in {problems:#?}"
        );
    }
}

/// A tile of one kind of work links to the register with that kind always filtered: `fixed` names list columns
/// of the register and values each can hold; anything else would open a list the tile does not count.
#[test]
fn a_link_s_fixed_filters_name_list_columns_and_values_they_can_hold() {
    let good = GOOD.replace(
        "filter = { column = \"n_package\", from = \"n_package\" } }",
        "filter = { column = \"n_package\", from = \"n_package\" }, fixed = { c_kind = \"Civil\" } }",
    );
    let registry = load(&good).expect("valid");
    let link = registry
        .dashboard("/dashboard/work")
        .expect("dashboard")
        .def
        .widgets[1]
        .link
        .clone()
        .expect("link");
    assert_eq!(link.fixed.get("c_kind").map(String::as_str), Some("Civil"));

    let bad = GOOD.replace(
        "filter = { column = \"n_package\", from = \"n_package\" } }",
        "fixed = { c_kind = \"Mechanical\", n_row_version = \"1\", c_nowhere = \"x\", n_package = \" \" } }",
    );
    let problems = load(&bad).expect_err("refused");
    let expected = [
        "widget per_package: link fixed `c_kind` = `Mechanical` is not one of its choices (Civil, Systems)",
        "widget per_package: link fixed column `n_row_version` is not in registry/test/works.toml's list",
        "widget per_package: link fixed column `c_nowhere` is not a column of registry/test/works.toml",
        "widget per_package: link fixed `n_package` has an empty value",
    ];
    for text in expected {
        assert!(
            problems.iter().any(|problem| problem.contains(text)),
            "missing `{text}` in {problems:#?}"
        );
    }
    assert_eq!(problems.len(), expected.len(), "{problems:#?}");
}

#[test]
fn an_unknown_kind_is_refused_with_its_line() {
    let bad = GOOD.replace("kind = \"bar\"", "kind = \"pie\"");
    let problems = load(&bad).expect_err("refused");
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("registry/dashboards/work.toml:") && p.contains("pie")),
        "{problems:#?}"
    );
}

#[test]
fn a_kind_without_what_it_draws_is_refused() {
    let bad = GOOD.replace("value = { column = \"n_open\", label = \"Open\" }", "");
    let problems = load(&bad).expect_err("refused");
    assert!(
        problems
            .iter()
            .any(|p| p.ends_with("widget open: a stat widget needs `value`")),
        "{problems:#?}"
    );
}

#[test]
fn a_summed_table_names_the_column_its_rows_are_summed_by() {
    let table = |extra: &str| {
        format!(
            "{GOOD}
[[widgets]]
id = \"table\"
kind = \"table\"
title = \"Per package\"
entry = \"v_work\"
{extra}
columns = [{{ column = \"c_package\", label = \"Package\" }}, {{ column = \"n_open\", label = \"Open\", format = \"integer\" }}]
"
        )
    };
    let summed = load(&table(
        "sum = true\nx = { column = \"c_package\", label = \"Package\" }",
    ))
    .expect("valid");
    let widget = &summed
        .dashboard("/dashboard/work")
        .expect("dashboard")
        .def
        .widgets[2];
    assert_eq!(widget.summed_columns(), ["n_open"]);
    for (extra, message) in [
        (
            "sum = true",
            "a table widget needs `x` with `sum` (the column its rows are summed by)",
        ),
        (
            "x = { column = \"c_package\", label = \"Package\" }",
            "a table widget has no `x` without `sum`",
        ),
    ] {
        let problems = load(&table(extra)).expect_err("refused");
        assert!(
            problems
                .iter()
                .any(|p| p.ends_with(&format!("widget table: {message}"))),
            "{extra}: {problems:#?}"
        );
    }
}

#[test]
fn a_dashboard_shown_at_more_routes_lends_each_its_views() {
    let home = GOOD.replace("title = \"Work\"\n", "title = \"Work\"\nalso = [\"/\"]\n");
    let registry = load(&home).expect("valid");
    assert!(registry.dashboard("/").is_some());
    let view = registry.entry("v_work").expect("view");
    assert!(view.access_routes().any(|route| route == "/"));
    for (also, message) in [
        (
            "[\"/masters/works\"]",
            "`/masters/works` is already the screen of",
        ),
        ("[\"/dashboard/work\"]", "`/dashboard/work` is named twice"),
        ("[\"home\"]", "`home` is not a console route"),
    ] {
        let bad = GOOD.replace(
            "title = \"Work\"\n",
            &format!("title = \"Work\"\nalso = {also}\n"),
        );
        let problems = load(&bad).expect_err("refused");
        assert!(
            problems
                .iter()
                .any(|p| p.starts_with("registry/dashboards/work.toml:4: also: ")
                    && p.contains(message)),
            "missing `{message}` in {problems:#?}"
        );
    }
}

#[test]
fn ratios_and_row_filters_name_columns_of_the_right_kind() {
    let good = format!(
        "{GOOD}
[[widgets]]
id = \"share\"
kind = \"stat\"
title = \"Share\"
entry = \"v_work\"
sum = true
only = {{ c_package = \"C1\" }}
value = {{ column = \"n_open\", of = \"n_package\", label = \"Share\", format = \"percent\" }}
"
    );
    let registry = load(&good).expect("valid");
    let widget = &registry
        .dashboard("/dashboard/work")
        .expect("dashboard")
        .def
        .widgets[2];
    // Both sides of a ratio are summed, and read.
    assert_eq!(widget.summed_columns(), ["n_open", "n_package"]);
    assert_eq!(widget.read_columns(), ["n_open", "n_package"]);
    for (from, to, message) in [
        (
            "of = \"n_package\"",
            "of = \"c_package\"",
            "widget share: of `c_package` must be a number column",
        ),
        (
            "of = \"n_package\"",
            "of = \"n_nowhere\"",
            "widget share: of `n_nowhere` is not a column of",
        ),
        (
            "only = { c_package = \"C1\" }",
            "only = { n_open = \"1\" }",
            "widget share: only `n_open` must be a text column",
        ),
    ] {
        let problems = load(&good.replace(from, to)).expect_err("refused");
        assert!(
            problems.iter().any(|p| p.contains(message)),
            "missing `{message}` in {problems:#?}"
        );
    }
}

#[test]
fn a_network_names_its_line_position_and_section() {
    let network = |extra: &str| {
        format!(
            "{GOOD}
[[widgets]]
id = \"lines\"
kind = \"network\"
title = \"Lines\"
entry = \"v_work\"
{extra}
"
        )
    };
    let good = network(
        "line = { column = \"c_package\", label = \"Line\" }
x = { column = \"c_package\", label = \"Node\" }
at = { column = \"n_open\", label = \"Chainage\" }
status = { column = \"c_package\", label = \"Status\", colours = { Done = \"green\" } }
value = { column = \"n_open\", label = \"Section\", format = \"percent\" }",
    );
    let registry = load(&good).expect("valid");
    let widget = &registry
        .dashboard("/dashboard/work")
        .expect("dashboard")
        .def
        .widgets[2];
    assert_eq!(widget.read_columns(), ["c_package", "n_open"]);
    for (extra, message) in [
        ("", "a network widget needs `line`"),
        (
            "line = { column = \"c_package\", label = \"Line\" }\nx = { column = \"c_package\", label = \"Node\" }\nat = { column = \"c_package\", label = \"Chainage\" }\nvalue = { column = \"n_open\", label = \"Section\" }",
            "at `c_package` must be a number column",
        ),
        (
            "line = { column = \"c_package\", label = \"Line\" }\nx = { column = \"c_package\", label = \"Node\" }\nat = { column = \"n_open\", label = \"Chainage\" }\nvalue = { column = \"n_open\", label = \"Section\" }\nstatus = { column = \"c_package\", label = \"Status\", colours = { Done = \"sky\" } }",
            "status Done: colour `sky` is not one of",
        ),
        (
            "line = { column = \"c_package\", label = \"Line\" }\nx = { column = \"c_package\", label = \"Node\" }\nat = { column = \"n_open\", label = \"Chainage\" }\nvalue = { column = \"n_open\", label = \"Section\" }\nsum = true",
            "a network widget has no `sum`",
        ),
    ] {
        let problems = load(&network(extra)).expect_err("refused");
        assert!(
            problems.iter().any(|p| p.contains(message)),
            "missing `{message}` in {problems:#?}"
        );
    }
    // Only a network places nodes.
    let bar = GOOD.replace(
        "x = { column = \"c_package\", label = \"Package\" }",
        "x = { column = \"c_package\", label = \"Package\" }\nat = { column = \"n_open\", label = \"Chainage\" }",
    );
    let problems = load(&bar).expect_err("refused");
    assert!(
        problems
            .iter()
            .any(|p| p.ends_with("a bar widget has no `at`")),
        "{problems:#?}"
    );
}

#[test]
fn a_dashboard_listed_within_a_screen_lends_that_screen_its_views_and_prints_on_its_paper() {
    let listed = GOOD.replace(
        "route = \"/dashboard/work\"\ntitle = \"Work\"\n",
        "route = \"/reports/predefined/work\"\nwithin = \"/reports/predefined\"\ntitle = \"Work\"\n\
         description = \"Open work per package.\"\n[print]\npaper = \"a3\"\nlandscape = true\n",
    );
    let registry = load(&listed).expect("valid");
    let within = registry.dashboards_within("/reports/predefined");
    assert_eq!(within.len(), 1);
    let def = &within[0].def;
    assert_eq!(def.route, "/reports/predefined/work");
    assert_eq!(def.print.paper, schema_registry::dashboard::Paper::A3);
    assert!(def.print.landscape);
    let view = registry.entry("v_work").expect("view");
    // The listing screen's grant reads it; its own route has no menu item to be granted by.
    assert!(view
        .access_routes()
        .any(|route| route == "/reports/predefined"));
    assert!(!view
        .access_routes()
        .any(|route| route == "/reports/predefined/work"));
    // Printed on A4 portrait unless the file says otherwise.
    let plain = load(GOOD).expect("valid");
    let def = &plain.dashboard("/dashboard/work").expect("dashboard").def;
    assert_eq!(def.print.paper, schema_registry::dashboard::Paper::A4);
    assert!(!def.print.landscape && registry.dashboards_within("/dashboard").is_empty());

    for (change, message) in [
        ("within = \"reports\"", "`reports` is not a console route"),
        (
            "within = \"/dashboard/work\"",
            "`within` names another screen's route",
        ),
        (
            "within = \"/reports/predefined\"\nalso = [\"/\"]",
            "a dashboard listed within another screen has no `also` routes",
        ),
        (
            "within = \"/r\"\n[print]\npaper = \"a5\"",
            "unknown variant `a5`",
        ),
    ] {
        let bad = GOOD.replace(
            "title = \"Work\"\n",
            &format!("title = \"Work\"\n{change}\n"),
        );
        let problems = load(&bad).expect_err("refused");
        assert!(
            problems.iter().any(|p| p.contains(message)),
            "missing `{message}` in {problems:#?}"
        );
    }
}

/// A tile counting a register's own rows (`count = true`): the register keeps its readers (the dashboard's route
/// is not lent to it), the count is the column `count`, its rows are groups of `x`, and its `only` values are
/// values the register's columns can hold.
#[test]
fn a_counted_widget_counts_a_register_s_rows_and_lends_it_nothing() {
    let good = format!(
        "{GOOD}
[[widgets]]
id = \"civil\"
kind = \"stat\"
title = \"Civil works\"
entry = \"works\"
count = true
only = {{ c_kind = \"Civil\" }}
value = {{ column = \"count\", label = \"Civil works\", format = \"integer\" }}
link = {{ route = \"/masters/works\", fixed = {{ c_kind = \"Civil\" }} }}

[[widgets]]
id = \"kinds\"
kind = \"donut\"
title = \"Works by kind\"
entry = \"works\"
count = true
x = {{ column = \"c_kind\", label = \"Kind\" }}
value = {{ column = \"count\", label = \"Works\" }}
"
    );
    let registry = load(&good).expect("valid");
    let register = registry.entry("works").expect("register");
    assert!(!register
        .access_routes()
        .any(|route| route == "/dashboard/work"));
    let widgets = &registry
        .dashboard("/dashboard/work")
        .expect("dashboard")
        .def
        .widgets;
    assert_eq!(widgets[3].read_columns(), ["c_kind", "count"]);
    for (from, to, message) in [
        (
            "only = { c_kind = \"Civil\" }",
            "only = { c_kind = \"Tunnel\" }",
            "widget civil: only `c_kind` = `Tunnel` is not one of its choices (Civil, Systems)",
        ),
        (
            "value = { column = \"count\", label = \"Civil works\"",
            "value = { column = \"id\", label = \"Civil works\"",
            "widget civil: a counted widget's figure is `count`, not `id`",
        ),
        (
            "x = { column = \"c_kind\", label = \"Kind\" }",
            "x = { column = \"c_kind\", label = \"Kind\" }\nsum = true",
            "widget kinds: a counted widget has no `sum` (its rows are counts already)",
        ),
        (
            "entry = \"works\"\ncount = true\nx",
            "entry = \"works\"\ncount = true\nsort = [{ column = \"id\" }]\nx",
            "widget kinds: a counted widget is sorted by its `x` or `count`, not `id`",
        ),
        (
            "id = \"civil\"\nkind = \"stat\"\ntitle = \"Civil works\"\nentry = \"works\"\ncount = true\n",
            "id = \"civil\"\nkind = \"stat\"\ntitle = \"Civil works\"\nentry = \"works\"\n",
            "widget civil: entry `works` must be a read-only view with no routes of its own",
        ),
    ] {
        assert!(good.contains(from), "{from}");
        let problems = load(&good.replacen(from, to, 1)).expect_err("refused");
        assert!(
            problems.iter().any(|p| p.contains(message)),
            "missing `{message}` in {problems:#?}"
        );
    }
}

/// A dashboard's `[menu]` asks the plan for its navigation row; one listed within another screen has none.
#[test]
fn a_dashboard_s_menu_is_a_row_the_plan_makes() {
    use schema_registry::live::LiveSchema;
    use schema_registry::plan::{plan, LiveMenu, StepKind};
    let with_menu = GOOD.replace(
        "title = \"Work\"\n",
        "title = \"Work\"\n[menu]\ngroup = \"Dashboard\"\ntitle = \"Work at a glance\"\n",
    );
    let registry = load(&with_menu).expect("valid");
    let menu = LiveMenu {
        routes: Default::default(),
        groups: ["Dashboard".to_owned()].into(),
    };
    let planned = plan(&registry, &LiveSchema::default(), &menu);
    let rows: Vec<_> = planned
        .steps
        .iter()
        .filter(|step| step.kind == StepKind::Menu)
        .collect();
    assert_eq!(rows.len(), 1, "{rows:#?}");
    assert!(
        rows[0]
            .sql
            .contains("'Work at a glance', '/dashboard/work', NULL"),
        "{}",
        rows[0].sql
    );
    // Already in the menu: nothing to do.
    let present = LiveMenu {
        routes: ["/dashboard/work".to_owned()].into(),
        groups: menu.groups.clone(),
    };
    let planned = plan(&registry, &LiveSchema::default(), &present);
    assert!(!planned.steps.iter().any(|step| step.kind == StepKind::Menu));
    let within = with_menu.replace("[menu]", "within = \"/reports/predefined\"\n[menu]");
    let problems = load(&within).expect_err("refused");
    assert!(
        problems
            .iter()
            .any(|p| p.contains("has no menu item of its own")),
        "{problems:#?}"
    );
}

/// A dashboard's `[languages.hi]` translates its own texts (its title, a widget's title, a label) into the
/// language file the console reads, as a register's does; a text it does not have is refused, naming it.
#[test]
fn a_dashboard_s_languages_translate_its_own_texts() {
    let translated = format!(
        "{GOOD}
[languages.hi]
\"Work\" = \"कार्य\"
\"Open per package\" = \"पैकेज के अनुसार खुले\"
\"Package\" = \"पैकेज\"
"
    );
    let registry = load(&translated).expect("valid");
    assert!(registry.languages().contains("hi"));
    let hindi = registry.translations("hi");
    assert_eq!(
        hindi.get("Open per package").map(String::as_str),
        Some("पैकेज के अनुसार खुले")
    );
    assert_eq!(hindi.get("Package").map(String::as_str), Some("पैकेज"));
    let problems = load(&translated.replace("\"Open per package\" =", "\"Closed per package\" ="))
        .expect_err("refused");
    assert!(
        problems.iter().any(|p| p.contains(
            "\"Closed per package\" is not a text of this dashboard (its title, menu item, a widget's title or a label)"
        )),
        "{problems:#?}"
    );
}
