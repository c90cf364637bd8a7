//! Loading and checking dashboard files (`registry/dashboards/*.toml`, docs/registry.md "Dashboards"): each widget
//! reads a registered view the dashboard's route may read, with columns that exist, numeric figures, drill-through
//! links to registers, valid kinds and unique ids. Every problem names its file and line.

use std::collections::{BTreeMap, HashSet};

use crate::dashboard::{
    Dashboard, DashboardDef, WidgetDef, WidgetKind, COLOURS, COUNT_COLUMN, MAX_WIDGET_ROWS,
};
use crate::model::SqlType;

use super::entry::is_identifier;
use super::problem::Problem;
use super::Registry;

/// Parses and checks `(shown file name, TOML text)` dashboard files against the loaded entries; the dashboards by
/// route, and each widget's entry learns the dashboard routes that read it.
pub(super) fn load_dashboards(
    registry: &mut Registry,
    sources: &[(&str, &str)],
    problems: &mut Vec<Problem>,
) {
    let mut dashboards: BTreeMap<String, Dashboard> = BTreeMap::new();
    for &(file, text) in sources {
        let def: DashboardDef = match toml::from_str(text) {
            Ok(def) => def,
            Err(error) => {
                let line = error.span().map(|span| line_at(text, span.start));
                problems.push(Problem {
                    file: file.to_owned(),
                    line,
                    field: String::new(),
                    message: error.message().trim().to_owned(),
                });
                continue;
            }
        };
        let at = Place { file, text };
        check_dashboard(registry, &def, &at, problems);
        let taken: Vec<&str> = def
            .routes()
            .filter(|route| dashboards.contains_key(*route))
            .collect();
        if !taken.is_empty() {
            for route in taken {
                at.push(
                    problems,
                    "route",
                    &format!("\"{route}\""),
                    format!(
                        "`{route}` is already the dashboard of {}",
                        dashboards[route].file
                    ),
                );
            }
            continue;
        }
        let dashboard = Dashboard {
            file: file.to_owned(),
            def,
        };
        // Found by each of its routes (a dashboard is small; the copies keep lookups a plain map).
        for route in dashboard.def.routes() {
            dashboards.insert(route.to_owned(), dashboard.clone());
        }
    }
    for (route, dashboard) in &dashboards {
        // A dashboard listed inside another screen is read with that screen's grant, and lends it its views.
        let lent = dashboard.def.within.as_ref().unwrap_or(route);
        for widget in &dashboard.def.widgets {
            // Only a view is lent routes: a register counted by a widget keeps its own readers (a dashboard's
            // grant never opens a register).
            if let Some(entry) = registry
                .entries
                .get_mut(&widget.entry)
                .filter(|entry| entry.def.routes.is_empty())
            {
                if !entry.dashboard_routes.contains(lent) {
                    entry.dashboard_routes.push(lent.clone());
                }
            }
        }
    }
    registry.dashboards = dashboards;
}

/// A file and its text, to give problems their line.
struct Place<'a> {
    file: &'a str,
    text: &'a str,
}

impl Place<'_> {
    /// A problem on the first line holding `near` (`id = "by_state"`), or the whole file.
    fn push(&self, problems: &mut Vec<Problem>, field: &str, near: &str, message: String) {
        self.push_nth(problems, field, near, 0, message)
    }

    /// A problem on the line of the `nth` (from 0) occurrence of `near`: a widget whose id another one repeats.
    fn push_nth(
        &self,
        problems: &mut Vec<Problem>,
        field: &str,
        near: &str,
        nth: usize,
        message: String,
    ) {
        let line = self
            .text
            .match_indices(near)
            .nth(nth)
            .map(|(offset, _)| line_at(self.text, offset));
        problems.push(Problem {
            file: self.file.to_owned(),
            line,
            field: field.to_owned(),
            message,
        });
    }
}

fn line_at(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

fn check_dashboard(
    registry: &Registry,
    def: &DashboardDef,
    at: &Place<'_>,
    problems: &mut Vec<Problem>,
) {
    for (i, route) in def.routes().enumerate() {
        let (field, near) = if i == 0 {
            ("route", format!("route = \"{route}\""))
        } else {
            ("also", "also".to_owned())
        };
        // The home page `/` may show a dashboard; any other route is a path below it.
        let valid = route == "/" || is_console_route(route);
        if !valid || (i == 0 && route == "/") {
            at.push(
                problems,
                field,
                &near,
                format!("`{route}` is not a console route such as /dashboard/dms"),
            );
        }
        if let Some(owner) = registry.entry_for_route(route) {
            at.push(
                problems,
                field,
                &near,
                format!("`{route}` is already the screen of {}", owner.file),
            );
        }
        if def.routes().take(i).any(|earlier| earlier == route) {
            at.push(problems, field, &near, format!("`{route}` is named twice"));
        }
    }
    if let Some(within) = &def.within {
        let near = format!("within = \"{within}\"");
        if !is_console_route(within) || within == "/" {
            at.push(
                problems,
                "within",
                &near,
                format!("`{within}` is not a console route such as /reports/predefined"),
            );
        }
        if !def.also.is_empty() {
            at.push(
                problems,
                "within",
                &near,
                "a dashboard listed within another screen has no `also` routes".to_owned(),
            );
        }
        if def.routes().any(|route| route == within) {
            at.push(
                problems,
                "within",
                &near,
                "`within` names another screen's route, not the dashboard's own".to_owned(),
            );
        }
    }
    if def.menu.is_some() && def.within.is_some() {
        at.push(
            problems,
            "menu",
            "[menu]",
            "a dashboard listed within another screen has no menu item of its own (no [menu])"
                .to_owned(),
        );
    }
    if def.widgets.is_empty() {
        at.push(
            problems,
            "widgets",
            "title",
            "a dashboard needs at least one [[widgets]]".to_owned(),
        );
    }
    let mut ids = HashSet::new();
    for (i, widget) in def.widgets.iter().enumerate() {
        let near = format!("id = \"{}\"", widget.id);
        let field = format!("widget {}", widget.id);
        let nth = def.widgets[..i]
            .iter()
            .filter(|w| w.id == widget.id)
            .count();
        let mut report = |message: String| at.push_nth(problems, &field, &near, nth, message);
        if !is_identifier(&widget.id) {
            report("the id must be a lower-case identifier (a-z, 0-9, _)".to_owned());
        }
        if !ids.insert(widget.id.as_str()) {
            report("this id is used by another widget of the dashboard".to_owned());
        }
        for message in widget_problems(registry, widget) {
            report(message);
        }
    }
}

/// A path below `/` such as `/dashboard/dms`.
fn is_console_route(route: &str) -> bool {
    route.starts_with('/')
        && route.len() > 1
        && route
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-'))
}

/// What is wrong with one widget, in words.
fn widget_problems(registry: &Registry, widget: &WidgetDef) -> Vec<String> {
    let mut out = Vec::new();
    if !(1..=12).contains(&widget.span) {
        out.push(format!("span {} is not 1 to 12 grid columns", widget.span));
    }
    if let Some(limit) = widget.limit {
        if !(1..=MAX_WIDGET_ROWS).contains(&limit) {
            out.push(format!("limit {limit} is not 1 to {MAX_WIDGET_ROWS} rows"));
        }
    }
    // What each kind needs, and what it would ignore.
    let kind = widget.kind;
    let needs = |present: bool, what: &str, out: &mut Vec<String>| {
        if !present {
            out.push(format!("a {} widget needs {what}", kind_name(kind)));
        }
    };
    let ignores = |present: bool, what: &str, out: &mut Vec<String>| {
        if present {
            out.push(format!("a {} widget has no {what}", kind_name(kind)));
        }
    };
    match kind {
        WidgetKind::Stat => {
            needs(widget.value.is_some(), "`value`", &mut out);
            ignores(widget.x.is_some(), "`x`", &mut out);
            ignores(!widget.series.is_empty(), "`series`", &mut out);
            ignores(!widget.columns.is_empty(), "`columns`", &mut out);
        }
        WidgetKind::Bar | WidgetKind::Line => {
            needs(widget.x.is_some(), "`x`", &mut out);
            needs(!widget.series.is_empty(), "at least one `series`", &mut out);
            ignores(widget.value.is_some(), "`value` (use `series`)", &mut out);
            ignores(!widget.columns.is_empty(), "`columns`", &mut out);
        }
        WidgetKind::Donut => {
            needs(widget.x.is_some(), "`x` (the slice label)", &mut out);
            needs(widget.value.is_some(), "`value`", &mut out);
            ignores(!widget.series.is_empty(), "`series`", &mut out);
            ignores(!widget.columns.is_empty(), "`columns`", &mut out);
        }
        WidgetKind::Network => {
            needs(widget.x.is_some(), "`x` (the node label)", &mut out);
            needs(widget.line.is_some(), "`line`", &mut out);
            needs(
                widget.at.is_some(),
                "`at` (where a node is along its line)",
                &mut out,
            );
            needs(
                widget.value.is_some(),
                "`value` (the section's progress)",
                &mut out,
            );
            ignores(!widget.series.is_empty(), "`series`", &mut out);
            ignores(!widget.columns.is_empty(), "`columns`", &mut out);
            ignores(widget.sum, "`sum` (a node is a row)", &mut out);
        }
        WidgetKind::Table => {
            needs(!widget.columns.is_empty(), "`columns`", &mut out);
            // A table's rows are summed per `x` value (the column that names a row, such as the package).
            if widget.sum {
                needs(
                    widget.x.is_some(),
                    "`x` with `sum` (the column its rows are summed by)",
                    &mut out,
                );
            } else {
                ignores(widget.x.is_some(), "`x` without `sum`", &mut out);
            }
            ignores(!widget.series.is_empty(), "`series`", &mut out);
            ignores(widget.value.is_some(), "`value`", &mut out);
        }
    }
    if kind != WidgetKind::Network {
        ignores(widget.line.is_some(), "`line`", &mut out);
        ignores(widget.at.is_some(), "`at`", &mut out);
        ignores(widget.status.is_some(), "`status`", &mut out);
    }
    if let Some(status) = &widget.status {
        for (value, colour) in &status.colours {
            if !COLOURS.contains(&colour.as_str()) {
                out.push(format!(
                    "status {value}: colour `{colour}` is not one of {}",
                    COLOURS.join(", ")
                ));
            }
        }
    }
    if (widget.stacked || widget.horizontal) && kind != WidgetKind::Bar {
        out.push("`stacked` and `horizontal` are for bar widgets".to_owned());
    }
    for series in &widget.series {
        if let Some(colour) = &series.colour {
            if !COLOURS.contains(&colour.as_str()) {
                out.push(format!(
                    "series {}: colour `{colour}` is not one of {}",
                    series.column,
                    COLOURS.join(", ")
                ));
            }
        }
    }
    if kind == WidgetKind::Donut && widget.value.as_ref().is_some_and(|v| v.of.is_some()) {
        out.push("a donut widget's `value` has no `of` (its slices are shares already)".to_owned());
    }
    let Some(entry) = registry.entry(&widget.entry) else {
        out.push(format!("entry `{}` is not a registry entry", widget.entry));
        return out;
    };
    let is_view = entry.def.read_only && entry.def.routes.is_empty() && entry.parent.is_none();
    let is_register = !entry.def.routes.is_empty() && entry.parent.is_none();
    if widget.count {
        if !is_view && !is_register {
            out.push(format!(
                "entry `{}` must be a register with routes of its own or a read-only view with none, to count its rows",
                widget.entry
            ));
        }
        out.extend(count_problems(entry, widget));
    } else if !is_view {
        out.push(format!(
            "entry `{}` must be a read-only view with no routes of its own (it is read through the dashboard's route), \
             or the widget counts its rows (`count = true`)",
            widget.entry
        ));
    }
    let counted = widget.count;
    let column = |name: &str, role: &str, out: &mut Vec<String>| -> Option<SqlType> {
        if counted && name == COUNT_COLUMN {
            return Some(SqlType::Bigint);
        }
        match entry.readable_column(name) {
            Some(column) => Some(column.sql_type),
            None => {
                out.push(format!("{role} `{name}` is not a column of {}", entry.file));
                None
            }
        }
    };
    if let Some(x) = &widget.x {
        column(&x.column, "x", &mut out);
    }
    if let Some(line) = &widget.line {
        column(&line.column, "line", &mut out);
    }
    let numeric = |name: &str, role: &str, out: &mut Vec<String>| {
        if let Some(sql_type) = column(name, role, out) {
            if !is_numeric(sql_type) {
                out.push(format!("{role} `{name}` must be a number column"));
            }
        }
    };
    for series in &widget.series {
        numeric(&series.column, "series", &mut out);
    }
    if let Some(value) = &widget.value {
        numeric(&value.column, "value", &mut out);
    }
    for table_column in &widget.columns {
        if table_column.of.is_some() {
            numeric(&table_column.column, "column", &mut out);
        } else {
            column(&table_column.column, "column", &mut out);
        }
    }
    let ratios = widget
        .series
        .iter()
        .filter_map(|s| s.of.as_deref())
        .chain(widget.value.iter().filter_map(|v| v.of.as_deref()))
        .chain(widget.columns.iter().filter_map(|c| c.of.as_deref()));
    for of in ratios {
        numeric(of, "of", &mut out);
    }
    if let Some(at) = &widget.at {
        numeric(&at.column, "at", &mut out);
    }
    if let Some(status) = &widget.status {
        if let Some(sql_type) = column(&status.column, "status", &mut out) {
            if !matches!(sql_type, SqlType::Text | SqlType::Varchar | SqlType::Char) {
                out.push(format!("status `{}` must be a text column", status.column));
            }
        }
    }
    for (name, value) in &widget.only {
        if name == COUNT_COLUMN && counted {
            out.push(format!(
                "only `{name}`: the count is not a column to filter by"
            ));
            continue;
        }
        if let Some(sql_type) = column(name, "only", &mut out) {
            if !matches!(sql_type, SqlType::Text | SqlType::Varchar | SqlType::Char) {
                out.push(format!("only `{name}` must be a text column"));
            } else if let Some(choices) = choices(entry, name) {
                if !choices.contains(&value.as_str()) {
                    out.push(format!(
                        "only `{name}` = `{value}` is not one of its choices ({})",
                        choices.join(", ")
                    ));
                }
            }
        }
    }
    for key in &widget.sort {
        column(&key.column, "sort", &mut out);
    }
    if let Some(link) = &widget.link {
        match registry.entry_for_route(&link.route) {
            None => out.push(format!(
                "link route `{}` is not a register's console route",
                link.route
            )),
            Some(target) => {
                if let Some(filter) = &link.filter {
                    if target.readable_column(&filter.column).is_none() {
                        out.push(format!(
                            "link filter column `{}` is not a column of {}",
                            filter.column, target.file
                        ));
                    }
                }
                let listed = target.list_columns();
                for (name, value) in &link.fixed {
                    match target.readable_column(name) {
                        None => out.push(format!(
                            "link fixed column `{name}` is not a column of {}",
                            target.file
                        )),
                        Some(_) if !listed.contains(name) => out.push(format!(
                            "link fixed column `{name}` is not in {}'s list (screen.list_columns): the list \
                             could not show or apply the filter",
                            target.file
                        )),
                        Some(column) => {
                            if value.trim().is_empty() {
                                out.push(format!("link fixed `{name}` has an empty value"));
                            } else if !column.enum_values.is_empty()
                                && !column.enum_values.contains(value)
                            {
                                out.push(format!(
                                    "link fixed `{name}` = `{value}` is not one of its choices ({})",
                                    column.enum_values.join(", ")
                                ));
                            }
                        }
                    }
                }
            }
        }
        if let Some(filter) = &link.filter {
            column(&filter.from, "link filter from", &mut out);
        }
        if let Some(record) = &link.record {
            column(record, "link record", &mut out);
        }
    }
    out
}

/// The values a text column may hold, when the registry lists them: its `enum`, or the workflow's states for the
/// state column.
fn choices<'e>(entry: &'e crate::registry::Entry, name: &str) -> Option<Vec<&'e str>> {
    let column = entry.readable_column(name)?;
    if !column.enum_values.is_empty() {
        return Some(column.enum_values.iter().map(String::as_str).collect());
    }
    let workflow = entry.def.workflow.as_ref()?;
    (workflow.state_column == name).then(|| {
        workflow
            .states
            .iter()
            .map(|state| state.name.as_str())
            .collect()
    })
}

/// What a counted widget (`count = true`) may not say: its figures are the count, its rows the groups of `x`.
fn count_problems(entry: &crate::registry::Entry, widget: &WidgetDef) -> Vec<String> {
    let mut out = Vec::new();
    let x = widget.x.as_ref().map(|x| x.column.as_str());
    let is_count = |name: &str| name == COUNT_COLUMN;
    if widget.kind == WidgetKind::Network {
        out.push("a network widget cannot count rows (a node is a row)".to_owned());
    }
    if widget.sum {
        out.push("a counted widget has no `sum` (its rows are counts already)".to_owned());
    }
    let figures = widget
        .series
        .iter()
        .map(|s| (s.column.as_str(), s.of.is_some()))
        .chain(
            widget
                .value
                .iter()
                .map(|v| (v.column.as_str(), v.of.is_some())),
        );
    for (name, ratio) in figures {
        if !is_count(name) {
            out.push(format!(
                "a counted widget's figure is `{COUNT_COLUMN}`, not `{name}`"
            ));
        }
        if ratio {
            out.push(format!("a counted widget's `{name}` has no `of`"));
        }
    }
    for column in &widget.columns {
        if !is_count(&column.column) && Some(column.column.as_str()) != x {
            out.push(format!(
                "a counted table's columns are its `x` and `{COUNT_COLUMN}`, not `{}`",
                column.column
            ));
        }
        if column.of.is_some() {
            out.push(format!(
                "a counted widget's `{}` has no `of`",
                column.column
            ));
        }
    }
    if let Some(x) = &widget.x {
        if entry
            .readable_column(&x.column)
            .is_some_and(|c| c.lookup.is_some())
        {
            out.push(format!(
                "a counted widget's `x` is a column read as it is (a name, a code, a state), not the look-up `{}` \
                 (its rows would show keys)",
                x.column
            ));
        }
    }
    if widget.kind == WidgetKind::Table && x.is_none() {
        out.push("a counted table needs `x` (the column its rows are counted by)".to_owned());
    }
    for key in &widget.sort {
        if !is_count(&key.column) && Some(key.column.as_str()) != x {
            out.push(format!(
                "a counted widget is sorted by its `x` or `{COUNT_COLUMN}`, not `{}`",
                key.column
            ));
        }
    }
    if let Some(link) = &widget.link {
        if let Some(filter) = &link.filter {
            if Some(filter.from.as_str()) != x {
                out.push(format!(
                    "a counted widget's link filter is `from` its `x`, not `{}`",
                    filter.from
                ));
            }
        }
        if link.record.is_some() {
            out.push(
                "a counted widget's row is a count, not a record to open (no link `record`)"
                    .to_owned(),
            );
        }
    }
    out
}

fn kind_name(kind: WidgetKind) -> &'static str {
    match kind {
        WidgetKind::Stat => "stat",
        WidgetKind::Bar => "bar",
        WidgetKind::Line => "line",
        WidgetKind::Donut => "donut",
        WidgetKind::Table => "table",
        WidgetKind::Network => "network",
    }
}

fn is_numeric(sql_type: SqlType) -> bool {
    matches!(
        sql_type,
        SqlType::Smallint
            | SqlType::Integer
            | SqlType::Bigint
            | SqlType::Numeric
            | SqlType::Real
            | SqlType::Double
    )
}
