//! The checks of a register's `[calendar]` that need no database: each named column is one the register reads, of
//! the type its part needs; the state's values are among the column's own when it lists them; `opens` is a console
//! path.

use super::named_columns::{check_named_columns, ColumnKind as Kind};
use super::problem::{problem, Problem};
use super::Entry;

pub(super) fn check_calendar(entry: &Entry, problems: &mut Vec<Problem>) {
    let Some(calendar) = &entry.def.calendar else {
        return;
    };
    let file = entry.file.as_str();
    let state = calendar.state.as_ref();
    let parts = [
        ("calendar.date", Some(&calendar.date), Kind::Date),
        ("calendar.title", Some(&calendar.title), Kind::Text),
        (
            "calendar.late_days",
            calendar.late_days.as_ref(),
            Kind::Number,
        ),
        (
            "calendar.state.column",
            state.map(|state| &state.column),
            Kind::Any,
        ),
    ]
    .into_iter()
    .filter_map(|(field, name, kind)| name.map(|name| (field, name, kind)))
    .chain(
        calendar
            .detail
            .iter()
            .map(|name| ("calendar.detail", name, Kind::Any)),
    );
    check_named_columns(entry, parts, problems);
    if let Some(state) = state {
        let listed = entry
            .readable_column(&state.column)
            .map(|column| column.enum_values.as_slice())
            .unwrap_or_default();
        for value in state.done.iter().chain(&state.overdue) {
            if !listed.is_empty() && !listed.contains(value) {
                problems.push(problem(
                    file,
                    "calendar.state",
                    format!(
                        "`{value}` is not one of the values of `{}` ({})",
                        state.column,
                        listed.join(", ")
                    ),
                ));
            }
        }
    }
    if let Some(opens) = &calendar.opens {
        let path = opens.strip_prefix('/').unwrap_or_default();
        let console_path = !path.is_empty()
            && path.split('/').all(|part| {
                !part.is_empty()
                    && part
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_".contains(c))
            });
        if !console_path {
            problems.push(problem(
                file,
                "calendar.opens",
                format!("`{opens}` must be a console path such as /dataentry/timeline"),
            ));
        }
    }
}
