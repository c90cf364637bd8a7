//! Which documents a person may find (search, explorer). Kept in this one function so that the engine's
//! per-state read rule (docs/registers/dms.md, engine gap 1) can replace it in one place:
//! - superadmins read every document;
//! - other holders of `/dms/dms` read the documents of their packages (package scope as the register's: the
//!   packages they are linked to today, or every package when they are linked to none);
//! - a document in WIP only by the people of its originator's organisation (`n_from_org`).

use crate::auth::Caller;
use crate::error::ApiError;

use super::ROUTE;

/// 403 unless the caller holds the document register.
pub fn ensure_reader(caller: &Caller) -> Result<(), ApiError> {
    if caller.holds(ROUTE) {
        Ok(())
    } else {
        Err(ApiError::Forbidden)
    }
}

/// The condition (SQL over the document alias `d`) of the documents the caller may read; `user` is the
/// placeholder bound to the caller's id (`$1` …), `None` for a superadmin, who needs none.
pub fn readable(caller: &Caller, user: Option<&str>) -> String {
    match user {
        Some(user) if !caller.superadmin => format!(
            "(d.n_package IN (SELECT pu.n_package FROM package_user pu WHERE pu.n_user = {user} \
                AND pu.d_from <= CURRENT_DATE AND (pu.d_to IS NULL OR pu.d_to >= CURRENT_DATE)) \
              OR NOT EXISTS (SELECT 1 FROM package_user pu WHERE pu.n_user = {user} \
                AND pu.d_from <= CURRENT_DATE AND (pu.d_to IS NULL OR pu.d_to >= CURRENT_DATE))) \
             AND (d.c_state <> 'WIP' OR d.n_from_org = (SELECT u.n_organization FROM users u WHERE u.id = {user}))"
        ),
        _ => "TRUE".to_owned(),
    }
}
