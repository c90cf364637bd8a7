//! Pipeline stage 2: may this caller read or write this registry entry, and what of it (docs/console.md §6,
//! docs/architecture.md §5). A decision only: the compile stage looks the entry up before and applies the grant
//! after.
//!
//! In order:
//! 1. superadmins pass every check;
//! 2. a permission for a route whose screen is this entry allows reading it, and the actions its row grants
//!    (create, update, delete, export; 403 naming the action otherwise); a dashboard's route allows reading the
//!    views its widgets read (`Entry::access_routes`);
//! 3. an entry with `every_user_reads` is readable by every signed-in user, limited to the rows of that filter
//!    (`n_user_id = :user_id`: one's own reminders, sign-ins, permission rows);
//! 4. an entry with a workflow's ball-in-court, or a pending rule (`pending_for_user`), is readable by the person
//!    its rows wait on, limited to the rows waiting on them: the pending list offers a document, and the person
//!    it waits on may open it (and perform their transitions) without the register's route (nobody else gains
//!    anything by it);
//! 5. a lookup list (`lookup = true`) is readable by every signed-in user, its display columns only;
//! 6. anything else is 403 "Access disabled - Please contact to Administrator".
//!
//! Whatever grants the entry, a register's `readers_see` then limits everyone but superadmins to its rows (the
//! compile stage ANDs it with the package scope), except the rows granted because they wait on the caller.

use schema_registry::Entry;

use crate::auth::Caller;
use crate::error::ApiError;

/// What a request does with an entry: read it, or one of the actions a permission row grants.
pub use crate::auth::caller::Action as Access;

/// What a caller may reach of an entry.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Grant {
    /// Only these rows (a `whrc` filter with the caller's id in place of `:user_id`).
    pub rows: Option<String>,
    /// Only these columns.
    pub columns: Option<Vec<String>>,
    /// A log of other entries' records (`records_of`): only rows about entries the caller may read, snapshots cut
    /// to what they may see of them.
    pub records_limited: bool,
    /// The rows were granted because they wait on the caller: the entry's `readers_see` does not hide them.
    pub waiting_on_caller: bool,
}

/// The entry's routes whose grants may give `access`: every route may give an export (a read); a write only a
/// route that does not show the register to read only.
fn granting_routes(entry: &Entry, access: Access) -> Box<dyn Iterator<Item = &String> + '_> {
    match access {
        Access::View | Access::Export => Box::new(entry.def.routes.iter()),
        _ => Box::new(entry.writing_routes()),
    }
}

pub fn authorise(caller: &Caller, entry: &Entry, access: Access) -> Result<Grant, ApiError> {
    // A child register's lines are part of their parent: adding, changing and deleting them is updating the
    // parent (a contractor who may respond to a record, not raise one, still fills its lines). A child with
    // routes of its own also answers to the action itself on those routes.
    let line_access = match access {
        Access::Create | Access::Delete => Access::Update,
        other => other,
    };
    if reads_whole(caller, entry) {
        // The page opens; beyond reading, the permission row must grant the action on one of its routes.
        if access != Access::View
            && !caller.superadmin
            && !granting_routes(entry, access).any(|route| caller.may(route, access))
            && !entry
                .parent_routes()
                .iter()
                .any(|route| caller.may(route, line_access))
        {
            return Err(ApiError::ForbiddenAction {
                action: access.verb(),
                title: entry.title().to_owned(),
            });
        }
        return Ok(Grant {
            records_limited: !caller.superadmin && entry.def.records_of.is_some(),
            ..Grant::default()
        });
    }
    // The read grants below cover exporting what they let one read.
    if matches!(access, Access::View | Access::Export) {
        if let Some(filter) = &entry.def.every_user_reads {
            return Ok(Grant {
                rows: Some(filter.replace(":user_id", &caller.user_id.to_string())),
                ..Grant::default()
            });
        }
        if let Some(filter) = entry
            .workflow()
            .and_then(|workflow| workflow.waiting_filter(caller.user_id))
        {
            return Ok(Grant {
                rows: Some(filter),
                waiting_on_caller: true,
                ..Grant::default()
            });
        }
        if let Some(rule) = &entry.def.pending_for_user {
            return Ok(Grant {
                rows: Some(rule.filter.replace(":user_id", &caller.user_id.to_string())),
                waiting_on_caller: true,
                ..Grant::default()
            });
        }
        if entry.def.lookup {
            // What names a row, and what other look-ups filter it by (`same`: a contract's package).
            return Ok(Grant {
                columns: Some(
                    entry
                        .display
                        .iter()
                        .chain(&entry.followed)
                        .cloned()
                        .collect(),
                ),
                ..Grant::default()
            });
        }
    }
    Err(ApiError::Forbidden)
}

/// Whether the caller may read every row of `entry`: superadmins, and holders of a route whose screen it is (a
/// child register's: its parent's).
pub fn reads_whole(caller: &Caller, entry: &Entry) -> bool {
    caller.superadmin || entry.access_routes().any(|route| caller.holds(route))
}

/// Whether records of `entry` wait on people (a workflow's ball-in-court or a pending rule): those people may
/// read the records waiting on them without the register's route.
pub fn waits_on_people(entry: &Entry) -> bool {
    entry
        .workflow()
        .is_some_and(|workflow| workflow.ball_in_court.is_some())
        || entry.def.pending_for_user.is_some()
}

/// Whether the caller may open the screen at `route` (docs/console.md §6: a permission row, or superadmin).
pub fn screen(caller: &Caller, route: &str) -> Result<(), ApiError> {
    if caller.holds(route) {
        Ok(())
    } else {
        Err(ApiError::Forbidden)
    }
}
