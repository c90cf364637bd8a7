//! The checks of an entry's business-process sections (`[workflow]`, `[numbering]`), and the numbering pattern
//! resolved against the entry's columns. Problems carry the line of the file they are about.

use std::collections::HashSet;

use crate::model::SqlType;
use crate::workflow::{parse_pattern, parse_set_value, NumberPart, SetValue, WorkflowDef};

use super::entry::{is_identifier, Entry, ParentLink, ScopePath};
use super::problem::Problem;
use super::Registry;

/// A problem placed at the first line of the entry's file that contains `needle` (the section or the name
/// the problem is about).
fn at(
    entry: &Entry,
    needle: &str,
    field: impl Into<String>,
    message: impl Into<String>,
) -> Problem {
    let line = entry
        .source
        .lines()
        .position(|line| line.contains(needle))
        .map(|index| index + 1);
    Problem {
        file: entry.file.clone(),
        line,
        field: field.into(),
        message: message.into(),
    }
}

pub(super) fn check_workflow(entry: &Entry, problems: &mut Vec<Problem>) {
    let Some(workflow) = &entry.def.workflow else {
        return;
    };
    let section = "[workflow]";
    let mut push = |needle: &str, field: &str, message: String| {
        problems.push(at(entry, needle, field, message));
    };
    if entry.def.read_only {
        push(
            section,
            "workflow",
            "a read-only entry cannot have a workflow".into(),
        );
    }
    match entry.column(&workflow.state_column) {
        Some(column) if column.sql_type.is_text() && column.read_only && !column.hidden => {
            let names: HashSet<&str> = workflow.states.iter().map(|s| s.name.as_str()).collect();
            let listed: HashSet<&str> = column.enum_values.iter().map(String::as_str).collect();
            if !column.enum_values.is_empty() && names != listed {
                push(
                    "state_column",
                    "workflow.state_column",
                    format!(
                        "the enum of `{}` must list exactly the workflow's states",
                        column.name
                    ),
                );
            }
        }
        _ => push(
            "state_column",
            "workflow.state_column",
            format!(
                "`{}` must be a readable text column with read_only = true (only transitions change it)",
                workflow.state_column
            ),
        ),
    }
    if workflow.states.is_empty() {
        push(
            section,
            "workflow.states",
            "at least one state is needed".into(),
        );
    }
    let mut seen = HashSet::new();
    for state in &workflow.states {
        let needle = format!("\"{}\"", state.name);
        if state.name.trim().is_empty() || !seen.insert(state.name.as_str()) {
            push(
                &needle,
                "workflow.states",
                format!("state `{}` is empty or listed twice", state.name),
            );
        }
        for name in state.editable.iter().flatten() {
            if !entry
                .column(name)
                .is_some_and(|c| !c.read_only && !c.hidden)
            {
                push(
                    &needle,
                    &format!("workflow state {}", state.name),
                    format!("editable `{name}` is not a writable column of this entry"),
                );
            }
        }
    }
    if workflow.state(&workflow.initial).is_none() {
        push(
            "initial",
            "workflow.initial",
            format!("`{}` is not one of the states", workflow.initial),
        );
    }
    for (field, name) in [
        ("workflow.ball_in_court", &workflow.ball_in_court),
        ("workflow.due", &workflow.due),
        ("workflow.number_column", &workflow.number_column),
        ("workflow.title_column", &workflow.title_column),
    ] {
        let Some(name) = name else { continue };
        let key = field.trim_start_matches("workflow.");
        let fits = entry.column(name).is_some_and(|column| {
            !column.hidden
                && match key {
                    "ball_in_court" => column.sql_type.is_integer() && column.read_only,
                    "due" => column.sql_type == SqlType::Date,
                    _ => column.sql_type.is_text(),
                }
        });
        if !fits {
            let wanted = match key {
                "ball_in_court" => "a read-only integer column holding a user's id",
                "due" => "a date column",
                _ => "a readable text column",
            };
            push(
                key,
                field,
                format!("`{name}` must be {wanted} of this entry"),
            );
        }
    }
    check_transitions(entry, workflow, problems);
}

fn check_transitions(entry: &Entry, workflow: &WorkflowDef, problems: &mut Vec<Problem>) {
    let mut names = HashSet::new();
    for transition in &workflow.transitions {
        let needle = format!("\"{}\"", transition.name);
        let field = format!("workflow transition {}", transition.name);
        let mut push = |message: String| problems.push(at(entry, &needle, &field, message));
        if !is_identifier(&transition.name) || !names.insert(transition.name.as_str()) {
            push("the name must be a lower-case identifier, used once".into());
        }
        if transition.label.trim().is_empty() {
            push("label must not be empty".into());
        }
        if transition.from.is_empty() {
            push("`from` must name at least one state".into());
        }
        for state in transition.from.iter().chain([&transition.to]) {
            if workflow.state(state).is_none() {
                push(format!("`{state}` is not one of the states"));
            }
        }
        let who = &transition.who;
        if !who.creator && who.columns.is_empty() && who.routes.is_empty() {
            push(
                "`who` must allow someone: creator, columns or routes (superadmins always may)"
                    .into(),
            );
        }
        if who.creator
            && !entry
                .columns()
                .iter()
                .any(|c| c.stamp == Some(crate::model::Stamp::Creator))
        {
            push("`who.creator` needs a column with stamp = \"creator\"".into());
        }
        for name in &who.columns {
            if !entry.column(name).is_some_and(|c| c.sql_type.is_integer()) {
                push(format!(
                    "who column `{name}` is not an integer (user id) column of this entry"
                ));
            }
        }
        for route in &who.routes {
            if !route.starts_with('/') {
                push(format!(
                    "who route `{route}` must be a console route such as /masters/corridor"
                ));
            }
        }
        for name in transition.requires.iter().chain(&transition.fields) {
            if !entry
                .column(name)
                .is_some_and(|c| !c.read_only && !c.hidden)
            {
                push(format!("`{name}` is not a writable column of this entry"));
            }
        }
        for (name, value) in &transition.sets {
            let Some(column) = entry.column(name) else {
                push(format!("sets `{name}`: no such column"));
                continue;
            };
            if name == &workflow.state_column {
                push("sets cannot change the state column: `to` does".into());
            }
            let fits = match parse_set_value(value) {
                SetValue::Today | SetValue::TodayPlus(_) => column.sql_type == SqlType::Date,
                SetValue::Now => {
                    matches!(column.sql_type, SqlType::Timestamptz | SqlType::Timestamp)
                }
                SetValue::Caller => column.sql_type.is_integer(),
                SetValue::Null => !column.required,
                SetValue::Column(other) => entry.column(&other).is_some_and(|o| {
                    o.sql_type == column.sql_type
                        || (o.sql_type.is_integer() && column.sql_type.is_integer())
                        || (o.sql_type.is_text() && column.sql_type.is_text())
                }),
            };
            if !fits {
                push(format!(
                    "sets `{name} = \"{value}\"`: use today, today+N, now, caller, null or a column of the same type"
                ));
            }
        }
    }
}

/// Checks `[numbering]` and returns its pattern with every lookup resolved to the column that names the
/// record (`{package.c_code}` → via `n_package`).
pub(super) fn resolve_numbering(
    registry: &Registry,
    entry: &Entry,
    problems: &mut Vec<Problem>,
) -> Vec<NumberPart> {
    let Some(numbering) = &entry.def.numbering else {
        return Vec::new();
    };
    let mut push = |needle: &str, message: String| {
        problems.push(at(entry, needle, "numbering", message));
    };
    if !entry
        .column(&numbering.column)
        .is_some_and(|c| c.sql_type.is_text() && c.read_only && !c.hidden)
    {
        push(
            "[numbering]",
            format!(
                "`{}` must be a readable text column with read_only = true (the server fills it)",
                numbering.column
            ),
        );
    }
    if let Some(scope) = &numbering.scope {
        if entry.column(scope).is_none() {
            push(
                "scope",
                format!("scope `{scope}` is not a column of this entry"),
            );
        }
    }
    let parts = match parse_pattern(&numbering.pattern) {
        Ok(parts) => parts,
        Err(message) => {
            push("pattern", message);
            return Vec::new();
        }
    };
    let mut resolved = Vec::with_capacity(parts.len());
    for part in parts {
        match part {
            NumberPart::Column(name) => {
                if entry.column(&name).is_none() {
                    push(
                        "pattern",
                        format!("`{{{name}}}` is not a column of this entry"),
                    );
                }
                resolved.push(NumberPart::Column(name));
            }
            NumberPart::Looked { via, display } => {
                let column = entry
                    .column(&via)
                    .filter(|c| c.lookup.is_some())
                    .or_else(|| {
                        let mut referring = entry
                            .columns()
                            .iter()
                            .filter(|c| c.lookup.as_ref().is_some_and(|l| l.entry == via));
                        match (referring.next(), referring.next()) {
                            (Some(only), None) => Some(only),
                            _ => None,
                        }
                    });
                let Some(column) = column else {
                    push(
                        "pattern",
                        format!("`{{{via}.{display}}}`: `{via}` is neither a lookup column nor the entry of exactly one"),
                    );
                    continue;
                };
                let target = column
                    .lookup
                    .as_ref()
                    .and_then(|l| registry.entry(&l.entry));
                if target.is_none_or(|t| t.readable_column(&display).is_none()) {
                    push(
                        "pattern",
                        format!(
                            "`{{{via}.{display}}}`: `{display}` is not a readable column there"
                        ),
                    );
                }
                resolved.push(NumberPart::Looked {
                    via: column.name.clone(),
                    display,
                });
            }
            other => resolved.push(other),
        }
    }
    resolved
}

/// Checks each `[[children]]` and links every child to its parent (one parent per child; the child has no routes
/// of its own and takes its parent's).
pub(super) fn link_children(registry: &mut Registry, problems: &mut Vec<Problem>) {
    let mut links: Vec<(String, ParentLink, Vec<String>)> = Vec::new();
    for parent in registry.entries.values() {
        for child in &parent.def.children {
            let needle = format!("\"{}\"", child.entry);
            let mut push = |message: String| {
                problems.push(at(
                    parent,
                    &needle,
                    format!("children {}", child.entry),
                    message,
                ))
            };
            let Some(entry) = registry.entries.get(&child.entry) else {
                push(format!("no registry entry named `{}`", child.entry));
                continue;
            };
            if entry.name == parent.name {
                push("an entry cannot be its own child".into());
                continue;
            }
            if !entry.def.routes.is_empty() {
                push(format!(
                    "`{}` has routes of its own; a child register takes its parent's permissions (remove its routes)",
                    entry.name
                ));
            }
            if entry.def.read_only {
                push(format!(
                    "`{}` is read-only; a child register is edited in the parent's form",
                    entry.name
                ));
            }
            match entry.column(&child.key) {
                Some(column)
                    if column
                        .lookup
                        .as_ref()
                        .is_some_and(|l| l.entry == parent.name)
                        && !column.hidden =>
                {
                    if !column.required {
                        push(format!("key `{}` must be required", child.key));
                    }
                }
                _ => push(format!(
                    "key `{}` must be a column of `{}` with lookup = {{ entry = \"{}\", … }}",
                    child.key, entry.name, parent.name
                )),
            }
            if links.iter().any(|(name, _, _)| name == &entry.name) {
                push(format!(
                    "`{}` is already the child of another entry",
                    entry.name
                ));
                continue;
            }
            links.push((
                entry.name.clone(),
                ParentLink {
                    entry: parent.name.clone(),
                    key: child.key.clone(),
                },
                parent.def.routes.clone(),
            ));
        }
    }
    for (name, link, routes) in links {
        if let Some(entry) = registry.entries.get_mut(&name) {
            entry.parent = Some(link);
            entry.inherited_routes = routes;
        }
    }
}

/// The column a scoped entry's rows belong to a package by: its one column looking up `package` (or its key, for
/// the package entry itself); for a child register without one, its parent's, through the key.
fn package_column(entry: &Entry) -> Result<String, String> {
    if entry.name == "package" {
        return Ok(entry.def.primary_key.clone());
    }
    let mut referring = entry
        .columns()
        .iter()
        .filter(|c| c.lookup.as_ref().is_some_and(|l| l.entry == "package"));
    match (referring.next(), referring.next()) {
        (Some(only), None) => Ok(only.name.clone()),
        (Some(_), Some(_)) => {
            Err("more than one column looks up `package`; scope needs exactly one".into())
        }
        (None, _) => Err("no column looks up `package`".into()),
    }
}

pub(super) fn resolve_scopes(registry: &mut Registry, problems: &mut Vec<Problem>) {
    let mut resolved: Vec<(String, ScopePath)> = Vec::new();
    for entry in registry.entries.values() {
        if entry.def.scope.is_none() {
            continue;
        }
        let path = match (package_column(entry), &entry.parent) {
            (Ok(column), _) => Some(ScopePath::Column(column)),
            (Err(_), Some(link)) => registry
                .entries
                .get(&link.entry)
                .filter(|parent| parent.def.scope.is_some())
                .and_then(|parent| package_column(parent).ok().map(|column| (parent, column)))
                .map(|(parent, column)| ScopePath::Parent {
                    key: link.key.clone(),
                    parent_table: parent.table.clone(),
                    parent_key: parent.def.primary_key.clone(),
                    column,
                }),
            (Err(message), None) => {
                problems.push(at(entry, "scope", "scope", message));
                None
            }
        };
        match path {
            Some(path) => resolved.push((entry.name.clone(), path)),
            None if entry.parent.is_some() => problems.push(at(
                entry,
                "scope",
                "scope",
                "a child register is scoped through its parent, which must be scoped too",
            )),
            None => {}
        }
    }
    for (name, path) in resolved {
        if let Some(entry) = registry.entries.get_mut(&name) {
            entry.scope = Some(path);
        }
    }
}
