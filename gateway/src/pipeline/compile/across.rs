//! Reads across registers (the pending list report, the activity wall, the gallery): the registers whose screen
//! the caller holds, each with the row condition a data read of it would carry (package scope, `readers_see`,
//! `every_user_reads`), so that a cross-register list shows exactly the records the caller could open one by one.

use schema_registry::query::Sql;
use schema_registry::sea_query::Expr;
use schema_registry::{Entry, Registry};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::authorise::{authorise, reads_whole, Access};

/// A register the caller reads, and the condition over its table that limits the rows to theirs.
pub struct Readable<'r> {
    pub entry: &'r Entry,
    pub rows: Option<Expr>,
}

/// The registers `wanted` picks that the caller reads whole (through a route they hold, or as a superadmin).
/// A register whose grant hides columns is left out: a cross-register list shows numbers and titles that the
/// grant may hide.
pub fn readable_registers<'r>(
    registry: &'r Registry,
    caller: &Caller,
    wanted: impl Fn(&Entry) -> bool,
) -> Result<Vec<Readable<'r>>, ApiError> {
    let mut readable = Vec::new();
    for entry in registry.entries() {
        if !wanted(entry) || !reads_whole(caller, entry) {
            continue;
        }
        let Ok(grant) = authorise(caller, entry, Access::View) else {
            continue;
        };
        if grant.columns.is_some() {
            continue;
        }
        let target = super::target(registry, entry, &grant, caller)?;
        readable.push(Readable {
            entry,
            rows: target.rows,
        });
    }
    Ok(readable)
}

/// Each register's newest page (`parts`, newest first), merged into the newest page of all of them: ordered by the
/// item's time in microseconds (column `time_column`, 1-based) and then its id (column 1), at most `limit` rows;
/// `None` for no parts (nothing the caller reads).
pub fn newest_first(parts: Vec<Sql>, time_column: usize, limit: u64) -> Option<Sql> {
    Sql::union_all(parts).map(|union| Sql {
        text: format!(
            "SELECT * FROM ({}) AS merged ORDER BY {time_column} DESC, 1 DESC LIMIT {limit}",
            union.text
        ),
        params: union.params,
    })
}
