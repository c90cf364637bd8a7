//! What every request handler shares: the pools, the registry, the settings, the session cache. Built once by
//! `startup`; handlers reach it as `web::Data<AppState>`.

use std::path::PathBuf;
use std::sync::Arc;

use deadpool_postgres::Object;
use schema_registry::Registry;

use crate::auth::cache::SessionCache;
use crate::error::ApiError;
use crate::ops::config::{AuthSettings, MailSettings, QuerySettings};
use crate::ops::read_replica::{self, ReadReplica};
use crate::ops::readiness::{Phase, Readiness};
use crate::ops::thread_pools::ThreadPools;
use crate::pipeline::compile::filter_cache::FilterCache;
use crate::pipeline::export_slots::ExportSlots;
use crate::pipeline::reference::References;

pub struct AppState {
    /// The primary: writes, and every read that must see them. `state.pool.get()` takes a connection from the
    /// calling worker's own pool.
    pub pool: Arc<ThreadPools>,
    /// The streaming replica for reads that may be a little stale (`DATABASE_READ_URL`); reach it only through
    /// [`AppState::stale_read`].
    pub replica: Option<Arc<ReadReplica>>,
    pub readiness: Arc<Readiness>,
    /// The whitelist of every table, view and column a request may reach.
    pub registry: Arc<Registry>,
    /// Compiled `whrc` filters by entry and text.
    pub filters: FilterCache,
    pub query: QuerySettings,
    pub auth: AuthSettings,
    pub mail: MailSettings,
    pub sessions: Arc<SessionCache>,
    /// Keys of the opaque record references in document links.
    pub references: Arc<References>,
    /// The folder behind `GET /files` and `/_support_resources/`.
    pub support_dir: PathBuf,
    /// The slots exports run in.
    pub exports: Arc<ExportSlots>,
    /// The OpenAPI document, rendered on its first request.
    pub openapi: Arc<crate::base::written_once::WrittenOnce>,
    /// Where the files attached to records are kept.
    pub files: crate::files::store::FileStore,
    pub file_settings: crate::ops::config::FileSettings,
    /// Running imports' progress and the importer's limits.
    pub imports: Arc<crate::import::Imports>,
    /// The slots users' files are read in (imports, programmes, document text): few at once, each within its
    /// memory budget.
    pub file_readers: crate::file_limits::slots::ReadingSlots,
}

impl AppState {
    /// Data endpoints answer 503 until the database is reached, migrated and the registry checked against it.
    pub fn ensure_ready(&self) -> Result<(), ApiError> {
        match self.readiness.phase() {
            Phase::Ready => Ok(()),
            Phase::Connecting => Err(ApiError::Starting("waiting for the database")),
            Phase::Migrating => Err(ApiError::Starting("applying migrations")),
        }
    }

    /// Runs `work`, a read that may be a little stale (a list, a data table page, an export), on the read
    /// replica when it is in use, else on the primary; a replica that fails during the read costs a retry on the
    /// primary, not an error. Record reads by id (a user expects their own write), writes, sessions, history and
    /// anything in a transaction use `pool`.
    pub async fn stale_read<T>(
        &self,
        work: impl AsyncFn(Object) -> Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        read_replica::stale_read(&self.pool, self.replica.as_deref(), work).await
    }
}
