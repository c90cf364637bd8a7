//! The checks of a register's `[calendar]` that need no database: each named column is one the register reads, of
//! the type its part needs; the state's values are among the column's own when it lists them; `opens` is a console
//! path.

use super::problem::{problem, Problem};
use super::Entry;
use crate::model::SqlType;

/// What a named column must be.
#[derive(Clone, Copy)]
enum Kind {
    Date,
    Text,
    Number,
    Any,
}

impl Kind {
    fn fits(self, sql_type: SqlType) -> bool {
        match self {
            Kind::Date => matches!(
                sql_type,
                SqlType::Date | SqlType::Timestamp | SqlType::Timestamptz
            ),
            Kind::Text => sql_type.is_text(),
            Kind::Number => sql_type.is_number(),
            Kind::Any => true,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Kind::Date => " date",
            Kind::Text => " text",
            Kind::Number => " number",
            Kind::Any => "",
        }
    }
}

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
    for (field, name, kind) in parts {
        let fits = entry
            .readable_column(name)
            .is_some_and(|column| kind.fits(column.sql_type));
        if !fits {
            problems.push(problem(
                file,
                field,
                format!(
                    "`{name}` must be a readable{} column of this entry",
                    kind.word()
                ),
            ));
        }
    }
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
