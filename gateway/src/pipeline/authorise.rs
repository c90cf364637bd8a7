//! Pipeline stage 2: may this caller read or write this registry entry, and what of it (SPEC §6, DESIGN §5).
//!
//! In order:
//! 1. superadmins pass every check;
//! 2. a permission for a route whose screen is this entry allows reading and writing it;
//! 3. an entry with `every_user_reads` is readable by every signed-in user, limited to the rows of that filter
//!    (`n_user_id = :user_id`: one's own reminders, sign-ins, permission rows);
//! 4. a lookup list (`lookup = true`) is readable by every signed-in user, its display columns only;
//! 5. anything else is 403 "Access disabled - Please contact to Administrator".

use std::borrow::Cow;

use actix_web::HttpRequest;
use schema_registry::sea_query::Expr;
use schema_registry::{compile_filter, Entry, FilterLimits, Registry};

use crate::auth::Caller;
use crate::error::ApiError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
}

/// What a caller may reach of an entry.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Grant {
    /// Only these rows (a `whrc` filter with the caller's id in place of `:user_id`).
    pub rows: Option<String>,
    /// Only these columns.
    pub columns: Option<Vec<String>>,
}

impl Grant {
    /// The entry as this grant lets the caller see it: other columns hidden.
    pub fn view<'e>(&self, entry: &'e Entry) -> Cow<'e, Entry> {
        match &self.columns {
            Some(columns) => Cow::Owned(entry.restricted_to(columns)),
            None => Cow::Borrowed(entry),
        }
    }

    /// The row condition to AND into every read of the entry.
    pub fn row_condition(&self, entry: &Entry) -> Result<Option<Expr>, ApiError> {
        let Some(filter) = &self.rows else {
            return Ok(None);
        };
        let compiled = compile_filter(entry, filter, &FilterLimits::default()).map_err(|e| {
            ApiError::Internal(anyhow::anyhow!(
                "every_user_reads of {} does not compile: {e}",
                entry.name
            ))
        })?;
        Ok(compiled.condition)
    }
}

pub fn authorise(caller: &Caller, entry: &Entry, access: Access) -> Result<Grant, ApiError> {
    if caller.superadmin || entry.def.routes.iter().any(|route| caller.holds(route)) {
        return Ok(Grant::default());
    }
    if access == Access::Read {
        if let Some(filter) = &entry.def.every_user_reads {
            return Ok(Grant {
                rows: Some(filter.replace(":user_id", &caller.user_id.to_string())),
                columns: None,
            });
        }
        if entry.def.lookup {
            return Ok(Grant {
                rows: None,
                columns: Some(entry.display.clone()),
            });
        }
    }
    Err(ApiError::Forbidden)
}

/// The read every data endpoint starts with: the entry named `t`, checked for the request's caller, as that caller
/// may see it (columns outside a lookup's display columns hidden), and the row condition to AND in.
pub fn readable<'r>(
    registry: &'r Registry,
    t: &str,
    request: &HttpRequest,
) -> Result<(Cow<'r, Entry>, Option<Expr>), ApiError> {
    let entry = crate::pipeline::compile::entry(registry, t)?;
    let grant = authorise(&*Caller::of(request)?, entry, Access::Read)?;
    let entry = grant.view(entry);
    let rows = grant.row_condition(&entry)?;
    Ok((entry, rows))
}
