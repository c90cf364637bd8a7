//! The gallery's read (`/dashboard/gallery`): the images attached to the records of every register with files
//! that the caller reads, each register limited as a data read of it would be, narrowed by package, station and
//! upload day, merged newest first.

use std::collections::HashMap;

use schema_registry::gallery::{can_narrow, gallery_sql, GalleryFilter};
use schema_registry::query::Sql;
use schema_registry::Registry;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::compile::across::{newest_first, readable_registers, Readable};
use crate::pipeline::execute::internal;

/// Photos on one page of the gallery.
pub const GALLERY_PAGE: u64 = 48;

/// What the gallery says of a register: its title and screen.
pub struct GalleryRegister<'r> {
    pub title: &'r str,
    pub url: Option<&'r str>,
}

/// One page of the gallery: the statement (see `gallery_sql` for its columns) and the registers its rows name.
pub struct GalleryRead<'r> {
    pub sql: Option<Sql>,
    pub registers: HashMap<&'r str, GalleryRegister<'r>>,
}

pub fn gallery_read<'r>(
    registry: &'r Registry,
    caller: &Caller,
    filter: &GalleryFilter,
) -> Result<GalleryRead<'r>, ApiError> {
    let readable = readable_registers(registry, caller, |entry| {
        entry.def.attachments && can_narrow(entry, filter)
    })?;
    let mut parts = Vec::with_capacity(readable.len());
    let mut registers = HashMap::with_capacity(readable.len());
    for Readable { entry, rows } in readable {
        parts.push(gallery_sql(entry, rows, filter, GALLERY_PAGE).map_err(internal)?);
        registers.insert(
            entry.name.as_str(),
            GalleryRegister {
                title: entry.title(),
                url: entry.def.routes.first().map(String::as_str),
            },
        );
    }
    // Column 6: the item's time in microseconds.
    let sql = newest_first(parts, 6, GALLERY_PAGE);
    Ok(GalleryRead { sql, registers })
}
