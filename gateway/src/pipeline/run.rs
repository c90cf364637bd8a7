//! The pipeline runner: the stages of a call on a registry entry run here, in order and timed for
//! `Server-Timing`, so a handler only parses its request, names the entry and the action, and frames the answer.
//! ready → resolve (the entry by name) → authorise (the caller's grant) → the caller's target (columns and rows
//! they may reach) → plan (compile) → execute (on the read replica when a little staleness is fine) → the rows for
//! `respond`.

use std::sync::Arc;

use deadpool_postgres::GenericClient;
use schema_registry::record;
use schema_registry::Entry;

use crate::auth::Caller;
use crate::base::timing::{Stage, Timing};
use crate::error::ApiError;
use crate::pipeline::authorise::{authorise, Access, Grant};
use crate::pipeline::compile::{self, Target};
use crate::pipeline::execute::{self, Count};
use crate::pipeline::export_stream::{self, ExportLimits, ExportStream};
use crate::pipeline::lookup_names::{kept_rows, named_columns, positions, read_names};
use crate::pipeline::lookup_search::lookup_hits;
use crate::pipeline::record as stored;
use crate::pipeline::request::{DataTable, Export, SelectAll};
use crate::state::AppState;

/// An entry the caller may reach for an action, with what of it their permission grants.
pub struct Resolved<'r> {
    pub entry: &'r Entry,
    pub grant: Grant,
}

/// The run of one request: the state it reads, the caller, and where its time goes.
pub struct Run<'a> {
    pub state: &'a AppState,
    pub caller: &'a Caller,
    pub timing: &'a Timing,
}

impl<'a> Run<'a> {
    pub fn new(state: &'a AppState, caller: &'a Caller, timing: &'a Timing) -> Self {
        Run {
            state,
            caller,
            timing,
        }
    }

    /// ready → resolve → authorise: the entry named `name`, if the caller may take `access` on it.
    pub fn resolve(&self, name: &str, access: Access) -> Result<Resolved<'a>, ApiError> {
        self.state.ensure_ready()?;
        let entry = self.timing.time(Stage::Compile, || {
            compile::entry(&self.state.registry, name)
        })?;
        self.authorised(entry, access)
    }

    /// [`Run::resolve`] for a write: a read-only entry answers 405 before any permission is looked at.
    pub fn resolve_writable(&self, name: &str, access: Access) -> Result<Resolved<'a>, ApiError> {
        self.state.ensure_ready()?;
        let entry = self.timing.time(Stage::Compile, || {
            compile::writable_entry(&self.state.registry, name)
        })?;
        self.authorised(entry, access)
    }

    fn authorised(&self, entry: &'a Entry, access: Access) -> Result<Resolved<'a>, ApiError> {
        let grant = self
            .timing
            .time(Stage::Authorise, || authorise(self.caller, entry, access))?;
        Ok(Resolved { entry, grant })
    }

    /// The caller's target of a resolved entry: its columns narrowed to the grant, its rows to the grant's filter,
    /// the package scope and the register's read rule.
    pub fn target(&self, resolved: &Resolved<'a>) -> Result<Target<'a>, ApiError> {
        self.timing.time(Stage::Compile, || {
            compile::target(
                &self.state.registry,
                resolved.entry,
                &resolved.grant,
                self.caller,
            )
        })
    }

    /// resolve → authorise → target, for a read of `name`.
    pub fn read_target(&self, name: &str, access: Access) -> Result<Target<'a>, ApiError> {
        let resolved = self.resolve(name, access)?;
        self.target(&resolved)
    }

    /// The key of record `id` of a resolved entry, when the caller may read that record: 404 otherwise (not
    /// naming the key when `id` was an opaque reference).
    pub async fn readable_key(
        &self,
        client: &impl GenericClient,
        resolved: &Resolved<'a>,
        id: &str,
    ) -> Result<String, ApiError> {
        let entry = resolved.entry;
        let key = self
            .timing
            .time(Stage::Parse, || record_key(self.state, entry, id))?;
        let target = self.target(resolved)?;
        let found = self
            .timing
            .time_async(Stage::Database, stored::fetch(client, &target, &key))
            .await?;
        match found {
            Some(_) => Ok(key),
            None => Err(conceal(id, entry, &key, stored::not_found(entry, &key))),
        }
    }

    /// `selectall`: the rows as one JSON array, its row count and the cap it was cut at.
    pub async fn selectall(&self, request: &SelectAll) -> Result<JsonRows, ApiError> {
        let target = self.read_target(&request.t, Access::View)?;
        let state = self.state;
        let (plan, sql) = self.timing.time(Stage::Compile, || {
            let plan = compile::selectall(&state.filters, &target, request, state.query.max_rows)?;
            let sql = plan.query.json_source().map_err(execute::internal)?;
            Ok::<_, ApiError>((plan, sql))
        })?;
        let (rows, count) = self
            .timing
            .time_async(
                Stage::Database,
                state.stale_read(async |client| execute::json_array(&client, &sql).await),
            )
            .await?;
        Ok(JsonRows {
            rows,
            count,
            max_rows: plan.max_rows,
        })
    }

    /// A data-table page: the look-up keys of the search, the counts, the page and its look-ups' names, on one
    /// connection (one consistent view), the counts and the page pipelined together.
    pub async fn datatable(&self, request: &DataTable) -> Result<DataTablePage, ApiError> {
        let target = self.read_target(&request.t, Access::View)?;
        let (state, timing) = (self.state, self.timing);
        state
            .stale_read(async |client| {
                let hits = timing
                    .time_async(
                        Stage::Database,
                        lookup_hits(&client, &state.registry, &target, &request.search),
                    )
                    .await?;
                let (plan, sql) = timing.time(Stage::Compile, || {
                    let plan = compile::datatable(
                        &state.registry,
                        &state.filters,
                        &hits,
                        &target,
                        request,
                        state.query.max_rows,
                    )?;
                    let sql = plan.page.json_source().map_err(execute::internal)?;
                    Ok::<_, ApiError>((plan, sql))
                })?;
                // With `names`, the page's look-up keys are collected while its rows are rendered.
                let named = if request.names {
                    named_columns(&state.registry, &plan.page)
                } else {
                    Vec::new()
                };
                let filtered_threshold = state.query.filtered_count_threshold();
                let (total, filtered, page) = timing
                    .time_async(Stage::Database, async {
                        tokio::join!(
                            execute::count(
                                &client,
                                &plan.total,
                                state.query.count_estimate_threshold
                            ),
                            async {
                                match &plan.filtered {
                                    Some(filtered) => {
                                        execute::count(&client, filtered, filtered_threshold)
                                            .await
                                            .map(Some)
                                    }
                                    None => Ok(None),
                                }
                            },
                            async {
                                if request.names {
                                    execute::json_array_with_keys(&client, &sql, &positions(&named))
                                        .await
                                        .map(|(rows, count, keys)| (rows, count, Some(keys)))
                                } else {
                                    execute::json_array(&client, &sql)
                                        .await
                                        .map(|(rows, count)| (rows, count, None))
                                }
                            },
                        )
                    })
                    .await;
                let (total, (rows, count, keys)) = (total?, page?);
                let filtered = filtered?.unwrap_or(total);
                let names = match keys {
                    Some(keys) => Some(
                        timing
                            .time_async(
                                Stage::Database,
                                read_names(
                                    &client,
                                    &state.registry,
                                    target.reader,
                                    &named,
                                    &keys,
                                    kept_rows(count, plan.max_rows),
                                ),
                            )
                            .await?,
                    ),
                    None => None,
                };
                Ok(DataTablePage {
                    total,
                    filtered,
                    page: JsonRows {
                        rows,
                        count,
                        max_rows: plan.max_rows,
                    },
                    names,
                })
            })
            .await
    }

    /// An export: every row the data table would show, started as a stream from one connection (the look-up keys
    /// of its search and its rows from one server). A slot is taken before a connection, so exports cannot take
    /// the pool from ordinary reads; the running export keeps it until it ends.
    pub async fn export(&self, request: &Export) -> Result<(ExportStream, &'a Entry), ApiError> {
        let resolved = self.resolve(&request.table.t, Access::Export)?;
        let (state, timing) = (self.state, self.timing);
        let mut target = self.target(&resolved)?;
        timing.time(Stage::Compile, || {
            compile::display_lookups(&state.registry, &mut target)
        })?;
        // Shared, because a read the replica fails is started again on the primary.
        let slot = Arc::new(state.exports.take(self.caller.user_id)?);
        let stream = state
            .stale_read(async |client| {
                let hits = timing
                    .time_async(
                        Stage::Database,
                        lookup_hits(&client, &state.registry, &target, &request.table.search),
                    )
                    .await?;
                let selection = timing.time(Stage::Compile, || {
                    compile::table_selection(
                        &state.registry,
                        &state.filters,
                        &hits,
                        &target,
                        &request.table,
                        &request.cols,
                    )
                })?;
                // The database stage here is the stream's start; its rows flow while the answer is sent.
                let limits = ExportLimits {
                    statement_timeout: state.query.export_statement_timeout,
                    idle_timeout: state.query.export_idle_timeout,
                    slot: Arc::clone(&slot),
                };
                let title = resolved.entry.title();
                timing
                    .time_async(
                        Stage::Database,
                        export_stream::start(client, request.format, &selection, title, limits),
                    )
                    .await
            })
            .await?;
        Ok((stream, resolved.entry))
    }
}

/// Rows rendered by PostgreSQL as one JSON array, how many, and the cap they were read under.
pub struct JsonRows {
    pub rows: String,
    pub count: i64,
    pub max_rows: Option<u64>,
}

/// A data-table page as read: the counts, the rows, and the names of their look-up keys when asked.
pub struct DataTablePage {
    pub total: Count,
    pub filtered: Count,
    pub page: JsonRows,
    pub names: Option<String>,
}

/// The record key of a path: the primary key, or an opaque reference from a document link (`r.…`).
pub fn record_key(state: &AppState, entry: &Entry, id: &str) -> Result<String, ApiError> {
    if id.starts_with(crate::pipeline::reference::PREFIX) {
        return Ok(state.references.decode(&entry.name, id)?.to_string());
    }
    record::parse_key(entry, id).map_err(ApiError::BadRequest)
}

/// An error about a record the request named by an opaque reference (`id` is `r.…`) does not say the record's
/// internal key.
pub fn conceal(id: &str, entry: &Entry, key: &str, error: ApiError) -> ApiError {
    if id.starts_with(crate::pipeline::reference::PREFIX) {
        error.concealing_key(entry.title(), key)
    } else {
        error
    }
}
