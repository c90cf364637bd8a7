//! The record service's writes, over the pipeline's stages and the process engine's rules: each create, update and delete runs in one transaction together with its
//! audit row, so a write that fails leaves neither. Updates and deletes lock the row (`FOR UPDATE`) and compare
//! its version with the one the client read: a concurrent writer waits for the lock, then finds a new version
//! and gets 409 instead of overwriting.

use deadpool_postgres::{GenericClient, Object};
use schema_registry::model::Follows;
use schema_registry::record::{self, LookupRule, RecordInput};
use schema_registry::{Column, Entry, Registry};

use crate::auth::Caller;
use crate::base::audit;
use crate::error::{ApiError, FieldError};
use crate::pipeline::compile::Target;
use crate::pipeline::constraint::{self, Action};
use crate::pipeline::execute::{internal, query_one, query_opt, run};
use crate::pipeline::idempotency::Once;
use crate::pipeline::record::{fetch, not_found, Saved};
use crate::workflow::hand_off::{self, Links, Mover, Step};
use crate::workflow::people;
use crate::workflow::rules;

/// A failure inside the transaction: the database's own refusal (explained after rollback) or an answer.
pub(crate) enum Failure {
    Database(tokio_postgres::Error),
    Answer(ApiError),
}

impl From<tokio_postgres::Error> for Failure {
    fn from(error: tokio_postgres::Error) -> Self {
        Failure::Database(error)
    }
}

impl From<ApiError> for Failure {
    fn from(error: ApiError) -> Self {
        Failure::Answer(error)
    }
}

/// Who writes (stamps, the audit row, who may fill which fields) and, when the entry's package scope limits
/// them (not a superadmin), their id for the scope's checks; how a hand-off mail links to a record.
#[derive(Clone, Copy)]
pub struct Writer<'a> {
    pub caller: &'a Caller,
    pub scoped: Option<schema_registry::readers::Reader>,
    pub links: &'a Links<'a>,
}

/// A create's outcome: the record, and whether an earlier request with the same idempotency key made it.
#[derive(Debug, Clone)]
pub struct Created {
    pub saved: Saved,
    pub replayed: bool,
}

/// Creates a record; with `once` (an `Idempotency-Key`), a key already used answers the record it created.
pub async fn create(
    client: &mut Object,
    registry: &Registry,
    entry: &Entry,
    input: &RecordInput<'_>,
    writer: Writer<'_>,
    once: Option<&Once<'_>>,
) -> Result<Created, ApiError> {
    let outcome = async {
        let transaction = client.transaction().await?;
        if let Some(earlier) = match once {
            Some(once) => once.begin(&transaction).await?,
            None => None,
        } {
            let record = fetch(&transaction, &Target::whole(entry), &earlier.record_key)
                .await?
                .ok_or_else(|| {
                    ApiError::Conflict(format!(
                        "The {} this request created earlier has since been deleted",
                        entry.title()
                    ))
                })?;
            let saved = Saved {
                key: earlier.record_key,
                record,
                changed: Vec::new(),
            };
            return Ok::<_, Failure>(Created {
                saved,
                replayed: true,
            });
        }
        let saved = create_in(&transaction, registry, entry, input, writer).await?;
        if let Some(once) = once {
            once.remember(&transaction, &saved.key, None).await?;
        }
        transaction.commit().await?;
        Ok(Created {
            saved,
            replayed: false,
        })
    }
    .await;
    settle(client, registry, entry, None, Action::Create, outcome).await
}

/// A create's steps inside a transaction the caller commits (a copy creates the record and its lines in one).
pub(crate) async fn create_in(
    transaction: &deadpool_postgres::Transaction<'_>,
    registry: &Registry,
    entry: &Entry,
    input: &RecordInput<'_>,
    writer: Writer<'_>,
) -> Result<Saved, Failure> {
    let Writer {
        caller,
        scoped,
        links,
    } = writer;
    let actor = caller.user_id;
    let stamped = rules::stamp_organisations(transaction, entry, input, caller, true).await?;
    let input = &stamped;
    check_lookups(transaction, registry, entry, input, caller).await?;
    // Imported history (`arrives_in`) is the importer's to fill whole: the workflow's steps and sections are for
    // records that go through it.
    let history = input.arrives_in.is_some();
    if !history {
        rules::check_creatable(entry, input)?;
        rules::check_editors_on_create(entry, input, caller)?;
    }
    let sent_parent = entry.parent.as_ref().and_then(|link| {
        input
            .writes
            .iter()
            .find(|(c, _)| c.name == link.key)
            .and_then(|(_, v)| v.as_deref())
    });
    rules::check_scope_allows(transaction, entry, input, scoped).await?;
    rules::check_parent_open(transaction, registry, entry, None, sent_parent, caller).await?;
    let input = &rules::prepare_create(transaction, registry, entry, input, actor).await?;
    let sql = record::insert_sql(entry, input).map_err(internal)?;
    let key: String = query_one(transaction, &sql).await?.try_get(0)?;
    let written: Vec<&str> = input.writes.iter().map(|(c, _)| c.name.as_str()).collect();
    people::check_people(transaction, registry, entry, &key, &written).await?;
    check_offered_lookups(transaction, registry, entry, &key, &written, caller).await?;
    check_today_bounds(transaction, entry, &key, &written).await?;
    rules::check_lines_rules(transaction, registry, entry, &key).await?;
    let handed_to = match entry.workflow().filter(|_| !history) {
        Some(workflow) => match (
            workflow.initial_with.as_deref(),
            workflow.ball_in_court.as_deref(),
        ) {
            (Some(with), Some(ball)) => {
                people::check_reachable(transaction, entry, &key, ball, with).await?;
                Some(workflow)
            }
            _ => None,
        },
        None => None,
    };
    let record = fetch(transaction, &Target::whole(entry), &key)
        .await?
        .ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!(
                "the new {} row is not readable",
                entry.name
            ))
        })?;
    audit::record_change(
        transaction,
        Some(actor),
        entry,
        &key,
        "create",
        None,
        Some(&record.json),
    )
    .await?;
    if let Some(workflow) = handed_to {
        let label = format!("new {}", entry.title());
        hand_off::hand_off(
            transaction,
            registry,
            entry,
            workflow,
            &key,
            Some(actor),
            &Mover {
                user: actor,
                name: &caller.name,
            },
            &Step {
                label: &label,
                comment: None,
                notify: &[],
            },
            links,
        )
        .await?;
    }
    Ok(Saved {
        key,
        record,
        changed: input.writes.iter().map(|(c, _)| c.name.clone()).collect(),
    })
}

pub async fn update(
    client: &mut Object,
    registry: &Registry,
    entry: &Entry,
    key: &str,
    input: &RecordInput<'_>,
    version: i64,
    writer: Writer<'_>,
) -> Result<Saved, ApiError> {
    let outcome = async {
        let transaction = client.transaction().await?;
        let saved = update_in(&transaction, registry, entry, key, input, version, writer).await?;
        transaction.commit().await?;
        Ok::<_, Failure>(saved)
    }
    .await;
    settle(client, registry, entry, Some(key), Action::Update, outcome).await
}

/// An update's steps inside a transaction the caller commits (an import updates many records in one).
#[allow(clippy::too_many_arguments)]
pub(crate) async fn update_in(
    transaction: &deadpool_postgres::Transaction<'_>,
    registry: &Registry,
    entry: &Entry,
    key: &str,
    input: &RecordInput<'_>,
    version: i64,
    writer: Writer<'_>,
) -> Result<Saved, Failure> {
    let Writer { caller, scoped, .. } = writer;
    let actor = caller.user_id;
    let sql = record::lock_sql(entry, key, input).map_err(internal)?;
    let Some(row) = query_opt(transaction, &sql).await? else {
        return Err(not_found(entry, key).into());
    };
    rules::ensure_in_scope(transaction, entry, key, scoped).await?;
    check_version(entry, key, row.try_get(0)?, version)?;
    let mut index = 1;
    let mut altered = Vec::new();
    for (column, _) in &input.carried {
        if !row.try_get::<_, bool>(index)? {
            altered.push(FieldError::new(
                &column.name,
                format!("{} is read-only and cannot be changed", column.label),
            ));
        }
        index += 1;
    }
    if !altered.is_empty() {
        return Err(ApiError::Validation {
            message: "read-only fields cannot be changed".into(),
            fields: altered,
        }
        .into());
    }
    let mut changes = Vec::new();
    for write in &input.writes {
        if row.try_get::<_, bool>(index)? {
            changes.push(write.clone());
        }
        index += 1;
    }
    let before = fetch(transaction, &Target::whole(entry), key)
        .await?
        .ok_or_else(|| not_found(entry, key))?;
    if changes.is_empty() {
        // Nothing differs from what is stored: no new version, no audit row.
        return Ok(Saved {
            key: key.to_owned(),
            record: before,
            changed: Vec::new(),
        });
    }
    rules::check_editable(transaction, entry, key, &changes, caller).await?;
    let changed_input = RecordInput {
        writes: changes.clone(),
        carried: Vec::new(),
        row_version: None,
        arrives_in: None,
    };
    rules::stamp_organisations(transaction, entry, &changed_input, caller, false).await?;
    rules::check_scope_allows(transaction, entry, &changed_input, scoped).await?;
    rules::check_parent_open(transaction, registry, entry, Some(key), None, caller).await?;
    check_lookups(transaction, registry, entry, &changed_input, caller).await?;
    let sql = record::update_sql(entry, key, &changes).map_err(internal)?;
    run(transaction, &sql).await?;
    let written: Vec<&str> = changes.iter().map(|(c, _)| c.name.as_str()).collect();
    people::check_people(transaction, registry, entry, key, &written).await?;
    check_offered_lookups(transaction, registry, entry, key, &written, caller).await?;
    check_today_bounds(transaction, entry, key, &written).await?;
    rules::check_lines_rules(transaction, registry, entry, key).await?;
    let after = fetch(transaction, &Target::whole(entry), key)
        .await?
        .ok_or_else(|| not_found(entry, key))?;
    audit::record_change(
        transaction,
        Some(actor),
        entry,
        key,
        "update",
        Some(&before.json),
        Some(&after.json),
    )
    .await?;
    Ok(Saved {
        key: key.to_owned(),
        record: after,
        changed: changes.iter().map(|(c, _)| c.name.clone()).collect(),
    })
}

pub async fn delete(
    client: &mut Object,
    registry: &Registry,
    entry: &Entry,
    key: &str,
    version: i64,
    writer: Writer<'_>,
) -> Result<(), ApiError> {
    let Writer { caller, scoped, .. } = writer;
    let actor = caller.user_id;
    let outcome = async {
        let transaction = client.transaction().await?;
        let nothing = RecordInput {
            writes: Vec::new(),
            carried: Vec::new(),
            row_version: None,
            arrives_in: None,
        };
        let sql = record::lock_sql(entry, key, &nothing).map_err(internal)?;
        let Some(row) = query_opt(&transaction, &sql).await? else {
            return Err(not_found(entry, key).into());
        };
        rules::ensure_in_scope(&transaction, entry, key, scoped).await?;
        check_version(entry, key, row.try_get(0)?, version)?;
        rules::check_deletable(&transaction, entry, key).await?;
        rules::check_parent_open(&transaction, registry, entry, Some(key), None, caller).await?;
        let before = fetch(&transaction, &Target::whole(entry), key)
            .await?
            .ok_or_else(|| not_found(entry, key))?;
        let sql = record::delete_sql(entry, key).map_err(internal)?;
        run(&transaction, &sql).await?;
        // Its files go with it: deleted (restorable for the grace period), then swept with their bytes.
        rules::retire_files(&transaction, entry, key, actor).await?;
        audit::record_change(
            &transaction,
            Some(actor),
            entry,
            key,
            "delete",
            Some(&before.json),
            None,
        )
        .await?;
        transaction.commit().await?;
        Ok(())
    }
    .await;
    settle(client, registry, entry, Some(key), Action::Delete, outcome).await
}

fn check_version(entry: &Entry, key: &str, stored: Option<i64>, sent: i64) -> Result<(), ApiError> {
    match stored {
        Some(stored) if stored != sent => Err(ApiError::StaleVersion(format!(
            "{} {key} was changed by someone else since you opened it (you have version {sent}, it is now \
             {stored}). Reload it to see their changes, then apply yours again.",
            entry.title()
        ))),
        _ => Ok(()),
    }
}

/// Every lookup value must name an existing record of its entry that the caller may read (that register's
/// package scope and `readers_see` applied for them, as its list and look-up options are): each one that does not
/// is a field problem, in the same words whether the record is missing or not theirs to see.
pub(crate) async fn check_lookups(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    input: &RecordInput<'_>,
    caller: &Caller,
) -> Result<(), ApiError> {
    let reader = (!caller.superadmin).then(|| caller.reader());
    let Some((sql, columns)) = record::lookups_sql(registry, input, reader).map_err(internal)?
    else {
        return Ok(());
    };
    let row = query_one(client, &sql).await?;
    let mut missing = Vec::new();
    for (index, column) in columns.iter().enumerate() {
        if !row.try_get::<_, bool>(index)? {
            let target = column
                .lookup
                .as_ref()
                .and_then(|lookup| registry.entry(&lookup.entry))
                .map_or("record", |target| target.title());
            let value = input
                .writes
                .iter()
                .find(|(c, _)| c.name == column.name)
                .and_then(|(_, v)| v.as_deref())
                .unwrap_or_default();
            missing.push(FieldError::new(
                &column.name,
                format!("{}: there is no {target} with ID {value}", column.label),
            ));
        }
    }
    if missing.is_empty() {
        Ok(())
    } else {
        Err(ApiError::Validation {
            message: format!("{} refers to records that do not exist", entry.title()),
            fields: missing,
        })
    }
}

/// Every look-up must choose a row it offers: one agreeing with the record as stored (`same`: a contract of its
/// package, a family of its survey) and meeting its `where` (a certified IPA); each one that does not is a field
/// problem.
pub(crate) async fn check_offered_lookups(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    key: &str,
    written: &[&str],
    caller: &Caller,
) -> Result<(), ApiError> {
    let Some((sql, checks)) =
        record::offered_lookups_sql(registry, entry, key, written, caller.reader())
            .map_err(internal)?
    else {
        return Ok(());
    };
    let mut problems = Vec::new();
    for check in failed_checks(client, &sql, &checks).await? {
        let column = check.column;
        let Some(lookup) = column.lookup.as_ref() else {
            continue;
        };
        let message = match check.rule {
            LookupRule::Where => format!(
                "{}: choose {}",
                column.label,
                lookup.choose.as_deref().unwrap_or("another")
            ),
            LookupRule::Same => same_message(registry, entry, column),
        };
        problems.push(FieldError::new(&column.name, message));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(problems))
    }
}

/// "Contract: choose a Contract of this record's Package"; "BOQ item: choose a BOQ item of this record's IPA's
/// Contract".
fn same_message(registry: &Registry, entry: &Entry, column: &Column) -> String {
    let Some(lookup) = column.lookup.as_ref() else {
        return column.label.clone();
    };
    let target = registry
        .entry(&lookup.entry)
        .map_or("record", |target| target.title());
    let label = |name: &str| {
        entry
            .column(name)
            .map_or(name.to_owned(), |c| c.label.clone())
    };
    let agree: Vec<String> = lookup
        .same
        .values()
        .map(|ours| match Follows::parse(ours) {
            Follows::Own(name) => label(name),
            Follows::Through { column, of } => {
                let middle = entry
                    .column(column)
                    .and_then(|c| c.lookup.as_ref())
                    .and_then(|l| registry.entry(&l.entry))
                    .and_then(|m| m.column(of))
                    .map_or(of, |c| c.label.as_str());
                format!("{}'s {middle}", label(column))
            }
        })
        .collect();
    format!(
        "{}: choose {} of this record's {}",
        column.label,
        schema_registry::text::a_or_an(target),
        agree.join(" and ")
    )
}

/// Every written date column bounded by today (`max = "today"`, `min = "today"`) keeps to the database's day;
/// each one that does not is a field problem.
pub(crate) async fn check_today_bounds(
    client: &impl GenericClient,
    entry: &Entry,
    key: &str,
    written: &[&str],
) -> Result<(), ApiError> {
    let Some((sql, bounds)) = record::today_bounds_sql(entry, key, written).map_err(internal)?
    else {
        return Ok(());
    };
    let problems: Vec<FieldError> = failed_checks(client, &sql, &bounds)
        .await?
        .into_iter()
        .map(|bound| FieldError::new(&bound.column.name, bound.message()))
        .collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(problems))
    }
}

/// The checks whose boolean is false in the one row `sql` reads (one column per check, in order); none when the
/// record is gone.
async fn failed_checks<'c, T>(
    client: &impl GenericClient,
    sql: &schema_registry::query::Sql,
    checks: &'c [T],
) -> Result<Vec<&'c T>, ApiError> {
    let Some(row) = query_opt(client, sql).await? else {
        return Ok(Vec::new());
    };
    let mut failed = Vec::new();
    for (index, check) in checks.iter().enumerate() {
        if !row.try_get::<_, bool>(index)? {
            failed.push(check);
        }
    }
    Ok(failed)
}

/// Turns the transaction's outcome into the answer; a database refusal is explained once the transaction has
/// been rolled back (dropping it sends ROLLBACK ahead of the catalogue queries on the same connection).
pub(crate) async fn settle<T>(
    client: &Object,
    registry: &Registry,
    entry: &Entry,
    key: Option<&str>,
    action: Action,
    outcome: Result<T, Failure>,
) -> Result<T, ApiError> {
    match outcome {
        Ok(value) => Ok(value),
        Err(Failure::Answer(error)) => Err(error),
        Err(Failure::Database(error)) => {
            Err(constraint::explain(client, registry, entry, key, action, error).await)
        }
    }
}
