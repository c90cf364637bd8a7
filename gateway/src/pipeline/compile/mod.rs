//! Pipeline stage 3, and the only reader of the schema registry: registry names → trusted entries, grants →
//! views and row conditions, typed requests → read queries ([`reads`]), routes → screen descriptions
//! ([`screen`]), the registry's pending rules → the pending list's reads ([`pending`]). Every identifier comes
//! from the registry and every value is a bind parameter (schema-registry builds the SQL).

pub mod pending;
pub mod reads;
pub mod screen;

use std::borrow::Cow;

use schema_registry::sea_query::Expr;
use schema_registry::text::quote;
use schema_registry::{compile_filter, Entry, FilterLimits, Registry};

use crate::error::ApiError;
use crate::pipeline::authorise::Grant;

pub use reads::{datatable, selectall, table_selection, DEFAULT_PAGE_SIZE};

/// The entry a request names (`t`, `{entry}`): the one lookup, with one answer for a name the registry does not
/// have (400 `PMIS-R400T`).
pub fn entry<'r>(registry: &'r Registry, name: &str) -> Result<&'r Entry, ApiError> {
    let name = name.trim();
    registry
        .entry(name)
        .ok_or_else(|| ApiError::UnknownTable(quote(name)))
}

/// [`entry`] for a write: read-only entries (views, tables changed only through their own API) answer 405.
pub fn writable_entry<'r>(registry: &'r Registry, name: &str) -> Result<&'r Entry, ApiError> {
    let entry = entry(registry, name)?;
    if entry.def.read_only {
        return Err(ApiError::MethodNotAllowed {
            message: format!(
                "{} is read-only: its records cannot be written",
                entry.title()
            ),
            allow: "GET",
        });
    }
    Ok(entry)
}

/// An entry as a grant lets the caller read it: other columns hidden, and the row condition to AND into every
/// read of it.
pub struct Target<'r> {
    pub entry: Cow<'r, Entry>,
    pub rows: Option<Expr>,
}

pub fn target<'r>(entry: &'r Entry, grant: &Grant) -> Result<Target<'r>, ApiError> {
    let entry = match &grant.columns {
        Some(columns) => Cow::Owned(entry.restricted_to(columns)),
        None => Cow::Borrowed(entry),
    };
    let rows = match &grant.rows {
        None => None,
        Some(filter) => {
            compile_filter(&entry, filter, &FilterLimits::default())
                .map_err(|e| {
                    ApiError::Internal(anyhow::anyhow!(
                        "every_user_reads of {} does not compile: {e}",
                        entry.name
                    ))
                })?
                .condition
        }
    };
    Ok(Target { entry, rows })
}

/// The registry's screens (route, title): the console's catalogue lists those without a menu item too.
pub fn screen_routes(registry: &Registry) -> Vec<(String, String)> {
    registry
        .entries()
        .flat_map(|entry| {
            entry
                .def
                .routes
                .iter()
                .map(|route| (route.clone(), entry.title().to_owned()))
        })
        .collect()
}
