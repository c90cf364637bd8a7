//! Which documents a person may find (search, explorer) or add a revision to. Kept in this one place so that the
//! engine's per-state read rule (docs/registers/dms.md, engine gap 1) can replace it:
//! - superadmins read every document;
//! - other holders of `/dms/dms` read the documents of their packages (package scope as the register's: the
//!   packages they are linked to today, or every package when they are linked to none);
//! - a document in WIP only by the people of its originator's organisation (`n_from_org`).
//!
//! The caller's packages and organisation are read first ([`reader`]) and bound as values, so that the planner
//! sees a plain condition (a sub-select here made it scan every document even for a rare word).

use deadpool_postgres::GenericClient;

use super::Binds;
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

/// What the rule needs to know of the caller.
#[derive(Debug, Clone)]
pub struct Reader {
    superadmin: bool,
    /// `None`: linked to no package (every package).
    packages: Option<Vec<i64>>,
    organisation: Option<i64>,
}

/// The caller's packages (linked today) and organisation.
pub async fn reader(client: &impl GenericClient, caller: &Caller) -> Result<Reader, ApiError> {
    if caller.superadmin {
        return Ok(Reader {
            superadmin: true,
            packages: None,
            organisation: None,
        });
    }
    let row = client
        .query_one(
            "SELECT array(SELECT pu.n_package FROM package_user pu WHERE pu.n_user = $1
                            AND pu.d_from <= CURRENT_DATE AND (pu.d_to IS NULL OR pu.d_to >= CURRENT_DATE)),
                    (SELECT u.n_organization FROM users u WHERE u.id = $1)",
            &[&caller.user_id],
        )
        .await?;
    let packages: Vec<i64> = row.try_get(0)?;
    Ok(Reader {
        superadmin: false,
        packages: (!packages.is_empty()).then_some(packages),
        organisation: row.try_get(1)?,
    })
}

/// The condition (SQL over the document alias `d`) of the documents the reader may read, its values bound.
pub fn readable(reader: &Reader, binds: &mut Binds) -> String {
    if reader.superadmin {
        return "TRUE".to_owned();
    }
    let mut parts = Vec::new();
    if let Some(packages) = &reader.packages {
        parts.push(format!(
            "d.n_package = ANY({}::int8[])",
            binds.bind(packages.clone())
        ));
    }
    parts.push(match reader.organisation {
        Some(organisation) => format!(
            "(d.c_state <> 'WIP' OR d.n_from_org = {}::int8)",
            binds.bind(organisation)
        ),
        None => "d.c_state <> 'WIP'".to_owned(),
    });
    parts.join(" AND ")
}
