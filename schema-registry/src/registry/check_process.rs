//! The checks of an entry's business-process sections (`[workflow]`, `[numbering]`), and the numbering pattern
//! resolved against the entry's columns. Problems carry the line of the file they are about.

use std::collections::HashSet;

use crate::model::SqlType;
use crate::workflow::{
    parse_pattern, parse_set_value, ChildDef, GuardDef, NumberPart, SetValue, StateCategory,
    WhoDef, WorkflowDef,
};
use crate::FilterLimits;

use super::entry::{is_identifier, Entry, ParentLink, ReadersPath, ScopePath, Through};
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

/// `[copy]`: child registers that exist, writable fields to reset or set, values that fit.
pub(super) fn check_copy(entry: &Entry, problems: &mut Vec<Problem>) {
    let Some(copy) = &entry.def.copy else {
        return;
    };
    let mut push = |message: String| problems.push(at(entry, "[copy]", "copy", message));
    if entry.def.read_only {
        push("a read-only entry cannot be copied".into());
    }
    if copy.label.trim().is_empty() {
        push("label must not be empty".into());
    }
    for name in &copy.lines {
        if !entry.def.children.iter().any(|c| &c.entry == name) {
            push(format!(
                "lines `{name}` is not a child register of this entry ([[children]])"
            ));
        }
    }
    for name in copy.reset.iter().chain(copy.set.keys()) {
        if !entry
            .column(name)
            .is_some_and(|c| !c.read_only && !c.hidden)
        {
            push(format!("`{name}` is not a writable column of this entry"));
        }
    }
    for (name, value) in &copy.set {
        let Some(column) = entry.column(name) else {
            continue;
        };
        let fits = match parse_set_value(value) {
            SetValue::Today | SetValue::TodayPlus(_) => column.sql_type == SqlType::Date,
            SetValue::Caller => column.sql_type.is_integer(),
            SetValue::Null => !column.required,
            SetValue::Literal(text) => literal_fits(column, &text),
            SetValue::Now | SetValue::Column(_) => false,
        };
        if !fits {
            push(format!(
                "set `{name} = \"{value}\"`: use today, today+N, caller, null or a fixed value in single quotes that \
                 fits the column"
            ));
        }
    }
}

/// `[[follow_ups]]`: a label, starting values for writable columns, `{placeholders}` naming readable columns.
pub(super) fn check_follow_ups(entry: &Entry, problems: &mut Vec<Problem>) {
    for follow_up in &entry.def.follow_ups {
        let mut push =
            |message: String| problems.push(at(entry, "[[follow_ups]]", "follow_ups", message));
        if entry.def.read_only {
            push("a read-only entry starts no new records".into());
        }
        if follow_up.label.trim().is_empty() {
            push("label must not be empty".into());
        }
        if follow_up.starts.is_empty() && follow_up.maps.is_empty() {
            push(format!("`{}` starts nothing", follow_up.label));
        }
        for (name, table) in &follow_up.maps {
            let Some(column) = entry.column(name).filter(|c| !c.read_only && !c.hidden) else {
                push(format!(
                    "maps `{name}`, not a writable column of this entry"
                ));
                continue;
            };
            if follow_up.starts.contains_key(name) {
                push(format!("`{name}` is both started and mapped: say it once"));
            }
            let allowed = &column.enum_values;
            if !allowed.is_empty() {
                for value in table.keys().chain(table.values()) {
                    if !allowed.contains(value) {
                        push(format!(
                            "maps `{name}`: `{value}` is not one of its values ({})",
                            allowed.join(", ")
                        ));
                    }
                }
            }
        }
        for (name, template) in &follow_up.starts {
            if !entry
                .column(name)
                .is_some_and(|c| !c.read_only && !c.hidden)
            {
                push(format!(
                    "starts `{name}`, not a writable column of this entry"
                ));
            }
            for placeholder in placeholders(template) {
                if entry.readable_column(placeholder).is_none() {
                    push(format!(
                        "starts `{name} = \"{template}\"`: `{{{placeholder}}}` is not a readable column of this \
                         entry"
                    ));
                }
            }
        }
    }
}

/// The `{column}` placeholders of a follow-up's template.
fn placeholders(template: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('}') else {
            break;
        };
        found.push(&after[..end]);
        rest = &after[end + 1..];
    }
    found
}

pub(super) fn check_workflow(registry: &Registry, entry: &Entry, problems: &mut Vec<Problem>) {
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
        if state.lines.is_some() && state.category == StateCategory::Closed {
            push(
                &needle,
                &format!("workflow state {}", state.name),
                "lines: a closed state's lines cannot change".into(),
            );
        }
        for name in state.lines.iter().flatten() {
            if !entry.def.children.iter().any(|child| &child.entry == name) {
                push(
                    &needle,
                    &format!("workflow state {}", state.name),
                    format!("lines `{name}` is not a child register ([[children]]) of this entry"),
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
    check_transitions(registry, entry, workflow, problems);
    check_people(entry, workflow, problems);
    check_reminders(entry, workflow, problems);
    check_distribution(registry, entry, workflow, problems);
    check_copies(entry, workflow, problems);
}

/// `[workflow.reminders]`: something to remind of, a person to remind (ball-in-court) and a due date in every
/// state it reminds in.
fn check_reminders(entry: &Entry, workflow: &WorkflowDef, problems: &mut Vec<Problem>) {
    let Some(rule) = &workflow.reminders else {
        return;
    };
    let mut push =
        |m: String| problems.push(at(entry, "[workflow.reminders]", "workflow.reminders", m));
    if rule.before.is_none() && !rule.overdue {
        push(
            "reminders need `before = N` (days before the due date), `overdue = true`, or both"
                .into(),
        );
    }
    if rule.before.is_some_and(|days| days > 60) {
        push("before must be 0 to 60 days".into());
    }
    match rule.overdue_days {
        Some(_) if !rule.overdue => {
            push("overdue_days needs overdue = true".into());
        }
        Some(days) if !(1..=60).contains(&days) => push("overdue_days must be 1 to 60".into()),
        _ => {}
    }
    if workflow.ball_in_court.is_none() {
        push(
            "reminders go to the person the record waits on: the workflow needs ball_in_court"
                .into(),
        );
    }
    if workflow.due_columns().is_empty() {
        push("reminders need a due date: the workflow's `due` or a state's `due`".into());
        return;
    }
    for name in &rule.states {
        match workflow.state(name) {
            None => push(format!("reminders state `{name}` is not one of the states")),
            Some(state) if state.category == crate::workflow::StateCategory::Closed => push(format!(
                "reminders state `{name}` is closed: a closed record waits on nobody"
            )),
            Some(_) if workflow.due_in(name).is_none() => push(format!(
                "reminders state `{name}` has no due date (give the state `due`, or the workflow `due`)"
            )),
            Some(_) => {}
        }
    }
    if rule.states.is_empty()
        && !workflow
            .reminded_states()
            .iter()
            .any(|name| workflow.due_in(name).is_some())
    {
        push("no open state has a due date to remind of: name the reminded `states`".into());
    }
}

/// `[[workflow.copies]]`: user columns of the entry, and a condition that compiles over its columns.
fn check_copies(entry: &Entry, workflow: &WorkflowDef, problems: &mut Vec<Problem>) {
    for (i, rule) in workflow.copies.iter().enumerate() {
        let field = format!("workflow.copies[{i}]");
        let mut push = |m: String| problems.push(at(entry, "[[workflow.copies]]", &field, m));
        if rule.to.is_empty() {
            push("`to` names no user column".into());
        }
        for name in &rule.to {
            user_column(entry, name, "copies to", &mut push);
        }
        if let Some(when) = &rule.when {
            if let Err(e) = crate::compile_filter(entry, when, &crate::FilterLimits::default()) {
                push(format!("when `{when}`: {e}"));
            }
        }
    }
}

/// `distribution = { lines, user }`: a child register of the entry with a column naming people.
fn check_distribution(
    registry: &Registry,
    entry: &Entry,
    workflow: &WorkflowDef,
    problems: &mut Vec<Problem>,
) {
    let Some(distribution) = &workflow.distribution else {
        return;
    };
    let mut push =
        |m: String| problems.push(at(entry, "distribution =", "workflow.distribution", m));
    let child = entry
        .def
        .children
        .iter()
        .find(|c| c.entry == distribution.lines)
        .and_then(|c| registry.entry(&c.entry));
    let Some(child) = child else {
        push(format!(
            "distribution lines `{}` is not a child register of this entry ([[children]])",
            distribution.lines
        ));
        return;
    };
    match child.column(&distribution.user) {
        None => push(format!(
            "distribution user `{}`: no such column in `{}`",
            distribution.user, child.name
        )),
        Some(column)
            if !column.sql_type.is_integer()
                || column.hidden
                || column
                    .lookup
                    .as_ref()
                    .is_none_or(|l| l.entry != "v_user_list") =>
        {
            push(format!(
                "distribution user `{}` of `{}` must be a user id column with lookup = {{ entry = \"v_user_list\", display = \"name\" }}",
                distribution.user, child.name
            ))
        }
        Some(_) => {}
    }
}

/// `initial_with`, `[workflow.people]`, `[[workflow.editors]]`, the states' `due` and the sections' `states`.
fn check_people(entry: &Entry, workflow: &WorkflowDef, problems: &mut Vec<Problem>) {
    if let Some(name) = &workflow.initial_with {
        let mut push =
            |m: String| problems.push(at(entry, "initial_with", "workflow.initial_with", m));
        user_column(entry, name, "initial_with", &mut push);
        if workflow.ball_in_court.is_none() {
            push("initial_with needs a ball_in_court column to hand the record over".into());
        }
        if entry.column(name).is_some_and(|c| !c.required) {
            push(format!(
                "initial_with `{name}` must be a required column (a new record must go to someone)"
            ));
        }
    }
    for (name, rule) in &workflow.people {
        let mut push = |m: String| problems.push(at(entry, name, "workflow.people", m));
        user_column(entry, name, "people", &mut push);
        if entry.column(name).is_some_and(|c| c.lookup.is_none()) {
            push(format!("people `{name}` must look up people (lookup = {{ entry = \"v_user_list\", display = \"name\" }})"));
        }
        for route in &rule.routes {
            if !route.starts_with('/') {
                push(format!("people route `{route}` must be a console route such as /contract-data-entry/rfi"));
            }
        }
        if rule.package_members && entry.scope.is_none() && entry.def.scope.is_none() {
            push("package_members needs the entry's package scope (scope = \"package\")".into());
        }
        if rule.not_creator
            && !entry
                .columns()
                .iter()
                .any(|c| c.stamp == Some(crate::model::Stamp::Creator))
        {
            push("not_creator needs a column with stamp = \"creator\"".into());
        }
    }
    let titles: Vec<&str> = entry
        .def
        .screen
        .iter()
        .flat_map(|s| s.sections.iter().map(|s| s.title.as_str()))
        .collect();
    for group in &workflow.editors {
        let mut push =
            |m: String| problems.push(at(entry, "[[workflow.editors]]", "workflow.editors", m));
        check_who(entry, &group.who, &mut push);
        if group.fields.is_empty() && group.sections.is_empty() && group.lines.is_empty() {
            push("an editors group needs fields, sections or lines".into());
        }
        for name in &group.lines {
            if !entry.def.children.iter().any(|c| &c.entry == name) {
                push(format!(
                    "editors lines `{name}` is not a child register of this entry ([[children]])"
                ));
            }
        }
        for name in &group.fields {
            if !entry
                .column(name)
                .is_some_and(|c| !c.read_only && !c.hidden)
            {
                push(format!(
                    "editors field `{name}` is not a writable column of this entry"
                ));
            }
        }
        for title in &group.sections {
            if !titles.contains(&title.as_str()) {
                push(format!(
                    "editors section `{title}` is not a [[screen.sections]] title"
                ));
            }
        }
    }
    for state in &workflow.states {
        if let Some(due) = &state.due {
            if !entry
                .column(due)
                .is_some_and(|c| c.sql_type == SqlType::Date && !c.hidden)
            {
                problems.push(at(
                    entry,
                    due,
                    format!("workflow state {}", state.name),
                    format!("due `{due}` must be a date column of this entry"),
                ));
            }
        }
    }
    for section in entry.def.screen.iter().flat_map(|s| s.sections.iter()) {
        for state in &section.states {
            if workflow.state(state).is_none() {
                problems.push(at(
                    entry,
                    &section.title,
                    format!("screen section {}", section.title),
                    format!("state `{state}` is not one of the workflow's states"),
                ));
            }
        }
    }
}

fn check_transitions(
    registry: &Registry,
    entry: &Entry,
    workflow: &WorkflowDef,
    problems: &mut Vec<Problem>,
) {
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
        check_who(entry, who, &mut push);
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
                SetValue::Literal(text) => literal_fits(column, &text),
            };
            if !fits {
                push(format!(
                    "sets `{name} = \"{value}\"`: use today, today+N, now, caller, null, a column of the same type \
                     or a fixed value in single quotes that fits the column (its type and choices)"
                ));
            }
        }
        for name in &transition.notify {
            user_column(entry, name, "notify", &mut push);
        }
        for guard in &transition.guards {
            check_guard(registry, entry, guard, &mut push);
        }
    }
}

/// `who` must allow someone, and name real things: the creator's stamp, user columns, console routes.
fn check_who(entry: &Entry, who: &WhoDef, push: &mut impl FnMut(String)) {
    if !who.creator && who.columns.is_empty() && who.routes.is_empty() {
        push(
            "`who` must allow someone: creator, columns or routes (superadmins always may)".into(),
        );
    }
    if (who.creator || who.not_creator)
        && !entry
            .columns()
            .iter()
            .any(|c| c.stamp == Some(crate::model::Stamp::Creator))
    {
        push("`who.creator` and `who.not_creator` need a column with stamp = \"creator\"".into());
    }
    for name in &who.columns {
        user_column(entry, name, "who column", push);
    }
    for route in &who.routes {
        if !route.starts_with('/') {
            push(format!(
                "who route `{route}` must be a console route such as /masters/corridor"
            ));
        }
    }
}

/// `name` must be an integer column of the entry holding a user's id; a misspelt one is "no such column".
fn user_column(entry: &Entry, name: &str, what: &str, push: &mut impl FnMut(String)) {
    match entry.column(name) {
        None => push(format!("{what} `{name}`: no such column in this entry")),
        Some(column) if !column.sql_type.is_integer() => push(format!(
            "{what} `{name}` is not an integer (user id) column"
        )),
        Some(_) => {}
    }
}

/// A guard is a condition over the record (`check`) or over a child register's lines (`lines` with `all` or
/// `any`), in the filter language, with a message.
fn check_guard(
    registry: &Registry,
    entry: &Entry,
    guard: &GuardDef,
    push: &mut impl FnMut(String),
) {
    if guard.message.trim().is_empty() {
        push("a guard needs a message".into());
    }
    let limits = FilterLimits::default();
    match (&guard.check, &guard.lines, &guard.all, &guard.any) {
        (Some(check), None, None, None) => {
            if let Err(e) = crate::compile_filter(entry, check, &limits) {
                push(format!("guard check `{check}`: {e}"));
            }
        }
        (None, Some(lines), all, any) if all.is_some() != any.is_some() => {
            let Some(child) = entry
                .def
                .children
                .iter()
                .find(|c| &c.entry == lines)
                .and_then(|c| registry.entry(&c.entry))
            else {
                push(format!(
                    "guard lines `{lines}` is not a child register of this entry ([[children]])"
                ));
                return;
            };
            let condition = all.as_deref().or(any.as_deref()).unwrap_or_default();
            if let Err(e) = crate::compile_filter(child, condition, &limits) {
                push(format!(
                    "guard on the lines of `{lines}`: `{condition}`: {e}"
                ));
            }
        }
        _ => push(
            "a guard is either `check` (over the record) or `lines` with one of `all` and `any`"
                .into(),
        ),
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
    // The server fills a numbering column; with `typed` a person may fill it too, so it is then writable.
    let column = entry.column(&numbering.column);
    if numbering.typed {
        if !column.is_some_and(|c| c.sql_type.is_text() && !c.read_only && !c.hidden) {
            push(
                "[numbering]",
                format!(
                    "`{}` must be a readable, writable text column (typed = true: a person may give the number)",
                    numbering.column
                ),
            );
        }
    } else if !column.is_some_and(|c| c.sql_type.is_text() && c.read_only && !c.hidden) {
        push(
            "[numbering]",
            format!(
                "`{}` must be a readable text column with read_only = true (the server fills it)",
                numbering.column
            ),
        );
    }
    if let Some(scope) = &numbering.scope {
        let columns = scope.columns();
        if columns.is_empty() {
            push("scope", "scope names no column".into());
        }
        for (index, name) in columns.iter().enumerate() {
            if entry.column(name).is_none() {
                push(
                    "scope",
                    format!("scope `{name}` is not a column of this entry"),
                );
            } else if columns[..index].contains(name) {
                push("scope", format!("scope names `{name}` twice"));
            } else if *name == numbering.column {
                push(
                    "scope",
                    format!("scope `{name}` is the numbering column itself"),
                );
            }
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

/// Checks each `[[children]]` and links every child to its parent (one parent per child; the child takes its
/// parent's routes, and may also have routes of its own: a screen listing its lines across parents).
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
            check_lines_rules(parent, entry, child, &mut push);
            check_prefill(registry, parent, entry, child, &mut push);
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
                parent.writing_routes().cloned().collect(),
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

/// `[[children.rules]]`: `when_any` a condition over the line, `check` over the record, a message, and fields of
/// the record.
fn check_lines_rules(
    parent: &Entry,
    lines: &Entry,
    child: &ChildDef,
    push: &mut impl FnMut(String),
) {
    let limits = FilterLimits::default();
    for rule in &child.rules {
        if rule.message.trim().is_empty() {
            push("a lines rule needs a message".into());
        }
        if rule.fields.is_empty() {
            push("a lines rule's fields must name at least one column of the record".into());
        }
        for field in &rule.fields {
            if parent.column(field).is_none() {
                push(format!(
                    "lines rule field `{field}` is not a column of this entry"
                ));
            }
        }
        if let Err(e) = crate::compile_filter(lines, &rule.when_any, &limits) {
            push(format!("lines rule when_any `{}`: {e}", rule.when_any));
        }
        if let Err(e) = crate::compile_filter(parent, &rule.check, &limits) {
            push(format!("lines rule check `{}`: {e}", rule.check));
        }
    }
}

/// `[children.prefill]`: `from` looks up a register with a child register that exactly one column of the lines
/// looks up; `shows` are columns of that child register.
fn check_prefill(
    registry: &Registry,
    parent: &Entry,
    lines: &Entry,
    child: &ChildDef,
    push: &mut impl FnMut(String),
) {
    let Some(prefill) = &child.prefill else {
        return;
    };
    match crate::prefill::source(registry, parent, lines, prefill) {
        Err(message) => push(format!("prefill: {message}")),
        Ok(source) => {
            for shown in &prefill.shows {
                if source.entry.column(shown).is_none() {
                    push(format!(
                        "prefill shows `{shown}`: no such column in `{}`",
                        source.entry.name
                    ));
                }
            }
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
    for entry in registry.entries.values() {
        if entry.def.package_optional && !matches!(entry.scope, Some(ScopePath::Column(_))) {
            problems.push(at(
                entry,
                "package_optional",
                "package_optional",
                "package_optional needs scope = \"package\" on a register with a package column of its own",
            ));
        }
    }
}

/// Whose `readers_see` limits each entry: its own, or (a child register) its parent's, through the key. A child
/// follows its parent; a rule of its own besides would be a second, contradicting answer.
pub(super) fn resolve_readers(registry: &mut Registry, problems: &mut Vec<Problem>) {
    let mut resolved: Vec<(String, ReadersPath)> = Vec::new();
    for entry in registry.entries.values() {
        let parent = entry.parent.as_ref().and_then(|link| {
            registry
                .entries
                .get(&link.entry)
                .filter(|parent| parent.def.readers_see.is_some())
                .map(|parent| (link, parent))
        });
        match (&entry.def.readers_see, parent) {
            (Some(_), Some((_, parent))) => problems.push(at(
                entry,
                "readers_see",
                "readers_see",
                format!(
                    "a child register follows its parent's readers_see (`{}`); remove this one",
                    parent.name
                ),
            )),
            (Some(_), None) => resolved.push((entry.name.clone(), ReadersPath::Own)),
            (None, Some((link, parent))) => {
                let mut parent = parent.clone();
                parent.readers = Some(ReadersPath::Own);
                resolved.push((
                    entry.name.clone(),
                    ReadersPath::Parent {
                        key: link.key.clone(),
                        parent: Box::new(parent),
                    },
                ));
            }
            (None, None) => {}
        }
    }
    for (name, path) in resolved {
        if let Some(entry) = registry.entries.get_mut(&name) {
            entry.readers = Some(path);
        }
    }
}

/// `reads_through`: each named register exists, limits its readers (its own `readers_see` or scope, or its
/// parent's), and is named by a column of this read-only entry of its key's type. Resolved after the registers'
/// own rules, so that each inherited rule is the register's whole one.
pub(super) fn resolve_through(registry: &mut Registry, problems: &mut Vec<Problem>) {
    let mut resolved: Vec<(String, Vec<Through>)> = Vec::new();
    for entry in registry.entries.values() {
        if entry.def.reads_through.is_empty() {
            continue;
        }
        let mut push = |message: String| {
            problems.push(at(entry, "reads_through", "reads_through", message));
        };
        if !entry.def.read_only {
            push("reads_through applies to read-only entries (views): a register has a rule of its own".into());
            continue;
        }
        let mut through = Vec::new();
        for inherited in &entry.def.reads_through {
            let Some(source) = registry.entries.get(&inherited.entry) else {
                push(format!("`{}` is not a registry entry", inherited.entry));
                continue;
            };
            if source.name == entry.name {
                push("an entry cannot read through itself".into());
                continue;
            }
            if !source.def.reads_through.is_empty() {
                push(format!(
                    "`{}` itself reads through other registers: name the register whose rows this view lists",
                    source.name
                ));
                continue;
            }
            if source.scope.is_none() && source.readers.is_none() {
                push(format!(
                    "`{}` limits no reader (no readers_see, no scope): there is no rule to inherit",
                    source.name
                ));
                continue;
            }
            let key = source.primary_key();
            match entry.column(&inherited.column) {
                Some(column)
                    if column.sql_type.compatible_with(key.sql_type)
                        || (column.sql_type.is_integer() && key.sql_type.is_integer()) => {}
                Some(_) => {
                    push(format!(
                        "`{}` must hold `{}`'s key ({})",
                        inherited.column, source.name, key.name
                    ));
                    continue;
                }
                None => {
                    push(format!(
                        "`{}` is not a column of this entry",
                        inherited.column
                    ));
                    continue;
                }
            }
            through.push(Through {
                column: inherited.column.clone(),
                source: Box::new(source.clone()),
            });
        }
        resolved.push((entry.name.clone(), through));
    }
    for (name, through) in resolved {
        if let Some(entry) = registry.entries.get_mut(&name) {
            entry.through = through;
        }
    }
}

/// Whether a fixed `sets` value fits its column: of its type, one of its choices when it has them, and not a
/// person (a user column is set from `caller` or another user column, never a fixed id).
fn literal_fits(column: &crate::Column, text: &str) -> bool {
    crate::values::fits(column.sql_type, text)
        && (column.enum_values.is_empty() || column.enum_values.iter().any(|v| v == text))
        && column
            .lookup
            .as_ref()
            .is_none_or(|lookup| lookup.entry != "v_user_list")
}
