//! The pending list's reads, from the registry: one query per entry whose records wait on a user, either through
//! its workflow's ball-in-court (open records waiting on the user, with number, title, due date and days waiting)
//! or through a `pending_for_user` rule (key and document number); and the pending list report's, the open records
//! of every workflow register the caller reads, whoever they wait on.

use schema_registry::process::{waiting_sql, WaitingOn};
use schema_registry::query::Sql;
use schema_registry::{compile_filter, FilterLimits, ReadQuery, Registry};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::compile::across::{readable_registers, Readable};
use crate::pipeline::execute::internal;

/// Documents listed per register at most (the modal is a reminder, not a register).
pub const PENDING_LIMIT: u64 = 200;

/// One register's pending read.
pub struct PendingRead<'r> {
    /// The entry (for the opaque references of its documents).
    pub entry: &'r str,
    pub title: &'r str,
    /// The register's screen.
    pub url: Option<&'r str>,
    /// Selects (key as text, document number) and, for workflows, (title, due date as text, days waiting); for
    /// a line opened in its record (`opens_in`), (key, number, the record's key).
    pub sql: Sql,
    /// A child register's line is worked in its record's form, at its tab (the Reviewers tab of a document
    /// review), where the people it waits on may write it; its own screen may be read-only to them.
    pub opens_in: Option<OpensIn<'r>>,
}

/// Where a pending line opens: its record's register, that register's screen, and the line's tab there.
pub struct OpensIn<'r> {
    pub entry: &'r str,
    pub url: &'r str,
    pub tab: &'r str,
}

impl<'r> PendingRead<'r> {
    /// `entry`'s read: its name, title and first screen, and `sql`.
    fn of(entry: &'r schema_registry::Entry, sql: Sql) -> PendingRead<'r> {
        PendingRead {
            entry: &entry.name,
            title: entry.title(),
            url: entry.def.routes.first().map(String::as_str),
            sql,
            opens_in: None,
        }
    }
}

/// A child register's record, when it has a screen: its entry, route and the child's key column.
fn parent_screen<'r>(
    registry: &'r Registry,
    entry: &'r schema_registry::Entry,
) -> Option<(OpensIn<'r>, &'r schema_registry::Column)> {
    let link = entry.parent.as_ref()?;
    let parent = registry.entry(&link.entry)?;
    let url = parent.def.routes.first()?;
    let key = entry.column(&link.key)?;
    Some((
        OpensIn {
            entry: &parent.name,
            url,
            tab: &entry.name,
        },
        key,
    ))
}

/// The pending reads of `user_id`; `scoped`: only records of the packages the user is linked to (when linked),
/// as the user could open them.
pub fn pending_reads(
    registry: &Registry,
    user_id: i64,
    scoped: bool,
) -> Result<Vec<PendingRead<'_>>, ApiError> {
    let mut reads = Vec::new();
    for entry in registry.entries() {
        let sql = if let Some(workflow) = entry.workflow() {
            let on = WaitingOn::User {
                user: user_id,
                scoped,
            };
            match waiting_sql(entry, workflow, &on, PENDING_LIMIT).map_err(internal)? {
                Some(sql) => sql,
                None => continue,
            }
        } else if let Some(rule) = &entry.def.pending_for_user {
            let filter = rule.filter.replace(":user_id", &user_id.to_string());
            let compiled =
                compile_filter(entry, &filter, &FilterLimits::default()).map_err(|e| {
                    ApiError::Internal(anyhow::anyhow!(
                        "pending_for_user of {} does not compile: {e}",
                        entry.name
                    ))
                })?;
            let doc_no = entry.readable_column(&rule.doc_no_column).ok_or_else(|| {
                ApiError::Internal(anyhow::anyhow!("{}: no doc_no column", entry.name))
            })?;
            let parent = parent_screen(registry, entry);
            let mut columns = vec![entry.primary_key(), doc_no];
            columns.extend(parent.as_ref().map(|(_, key)| *key));
            let mut query = ReadQuery::new(entry, columns);
            if let Some(condition) = compiled.condition {
                query.and_where(condition);
            }
            query.limit = Some(PENDING_LIMIT);
            let mut read = PendingRead::of(entry, query.select_text_sql().map_err(internal)?);
            read.opens_in = parent.map(|(opens, _)| opens);
            reads.push(read);
            continue;
        } else {
            continue;
        };
        reads.push(PendingRead::of(entry, sql));
    }
    Ok(reads)
}

/// Records listed per register at most in the pending list report.
pub const PENDING_REPORT_LIMIT: u64 = 2000;

/// The pending list report's reads (`/reports/pendinglist`): in every workflow register the caller reads, the
/// open records waiting on anyone, as the caller may read them. Each selects what [`pending_reads`]' workflow
/// reads select, then the person in court (id, name).
pub fn pending_report_reads<'r>(
    registry: &'r Registry,
    caller: &Caller,
) -> Result<Vec<PendingRead<'r>>, ApiError> {
    let registers = readable_registers(registry, caller, |entry| {
        entry
            .workflow()
            .is_some_and(|workflow| workflow.ball_in_court.is_some())
    })?;
    let mut reads = Vec::with_capacity(registers.len());
    for Readable { entry, rows } in registers {
        let Some(workflow) = entry.workflow() else {
            continue;
        };
        let on = WaitingOn::Anyone { rows };
        let Some(sql) =
            waiting_sql(entry, workflow, &on, PENDING_REPORT_LIMIT).map_err(internal)?
        else {
            continue;
        };
        reads.push(PendingRead::of(entry, sql));
    }
    Ok(reads)
}
