//! A registry option naming columns of its register (a calendar's date, a tree's order): each must be one the
//! register reads, of the kind its part needs. One check for every option that names columns this way.

use super::problem::{problem, Problem};
use super::Entry;
use crate::model::SqlType;

/// What a named column must be.
#[derive(Clone, Copy)]
pub(super) enum ColumnKind {
    /// A date or a date-time.
    Date,
    Text,
    Number,
    Any,
}

impl ColumnKind {
    fn fits(self, sql_type: SqlType) -> bool {
        match self {
            ColumnKind::Date => matches!(
                sql_type,
                SqlType::Date | SqlType::Timestamp | SqlType::Timestamptz
            ),
            ColumnKind::Text => sql_type.is_text(),
            ColumnKind::Number => sql_type.is_number(),
            ColumnKind::Any => true,
        }
    }

    fn word(self) -> &'static str {
        match self {
            ColumnKind::Date => " date",
            ColumnKind::Text => " text",
            ColumnKind::Number => " number",
            ColumnKind::Any => "",
        }
    }
}

/// Each `(field, column, kind)` part: "`c_name` must be a readable date column of this entry" under `field`
/// when the column is not one the entry reads or not of that kind.
pub(super) fn check_named_columns<'a>(
    entry: &Entry,
    parts: impl IntoIterator<Item = (&'a str, &'a String, ColumnKind)>,
    problems: &mut Vec<Problem>,
) {
    for (field, name, kind) in parts {
        let fits = entry
            .readable_column(name)
            .is_some_and(|column| kind.fits(column.sql_type));
        if !fits {
            problems.push(problem(
                &entry.file,
                field,
                format!(
                    "`{name}` must be a readable{} column of this entry",
                    kind.word()
                ),
            ));
        }
    }
}
