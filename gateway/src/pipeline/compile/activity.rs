//! The activity wall's read (`/dashboard/social-wall`): the latest workflow events (an RFI raised, answered or
//! closed, an NCR issued, a document shared or published) of every workflow register the caller reads, each as a
//! data read of that register would limit it, merged newest first.

use std::collections::HashMap;

use schema_registry::process::events_sql;
use schema_registry::query::Sql;
use schema_registry::Registry;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::compile::across::{newest_first, readable_registers, Readable};
use crate::pipeline::execute::internal;

/// Events on one page of the wall.
pub const WALL_PAGE: u64 = 30;

/// What the wall says of a register: its title, its screen, and its transitions' labels by name.
pub struct WallRegister<'r> {
    pub title: &'r str,
    pub url: Option<&'r str>,
    pub labels: HashMap<&'r str, &'r str>,
}

/// One page of the wall: the statement (see `events_sql` for its columns) and the registers its rows name.
pub struct WallRead<'r> {
    pub sql: Option<Sql>,
    pub registers: HashMap<&'r str, WallRegister<'r>>,
}

/// The page of events after `before` (an event's time in microseconds since 1970 and its id), newest first; the
/// newest page without it.
pub fn wall_read<'r>(
    registry: &'r Registry,
    caller: &Caller,
    before: Option<(i64, i64)>,
) -> Result<WallRead<'r>, ApiError> {
    let readable = readable_registers(registry, caller, |entry| entry.workflow().is_some())?;
    let mut parts = Vec::with_capacity(readable.len());
    let mut registers = HashMap::with_capacity(readable.len());
    for Readable { entry, rows } in readable {
        let Some(workflow) = entry.workflow() else {
            continue;
        };
        parts.push(events_sql(entry, workflow, rows, before, WALL_PAGE).map_err(internal)?);
        registers.insert(
            entry.name.as_str(),
            WallRegister {
                title: entry.title(),
                url: entry.def.routes.first().map(String::as_str),
                labels: workflow
                    .transitions
                    .iter()
                    .map(|t| (t.name.as_str(), t.label.as_str()))
                    .collect(),
            },
        );
    }
    // Column 3: the item's time in microseconds.
    let sql = newest_first(parts, 3, WALL_PAGE);
    Ok(WallRead { sql, registers })
}
