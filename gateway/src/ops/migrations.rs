//! Applies the SQL migrations of `sql/migrations/` (embedded at compile time) with refinery, each once, recorded
//! in `refinery_schema_history`; then the site's own (`SITE_MIGRATIONS_DIR`, read at start), recorded in
//! `site_schema_history`. Owns the advisory lock that keeps two gateways starting together from racing.

use std::path::Path;

use deadpool_postgres::Pool;

use crate::ops::database::{describe_pg_error, describe_pool_error};

mod embedded {
    refinery::embed_migrations!("../sql/migrations");
}

/// Arbitrary but fixed key of the session-level advisory lock held while migrating.
const MIGRATION_LOCK_KEY: i64 = 0x504d_4953_4d49_4752; // "PMISMIGR"

#[derive(Debug, thiserror::Error)]
pub enum MigrationError {
    #[error("migration {name} failed: {reason}")]
    Failed { name: String, reason: String },
    #[error("could not run migrations: {0}")]
    Other(String),
}

/// Names (`V1__core`, …) of the migrations this binary carries, in order.
pub fn known() -> Vec<String> {
    let mut migrations = embedded::migrations::runner().get_migrations().clone();
    migrations.sort_by_key(|m| m.version());
    migrations.iter().map(|m| m.to_string()).collect()
}

/// The table recording the site's own migrations (apart from the product's, so both number from V1).
pub const SITE_HISTORY_TABLE: &str = "site_schema_history";

/// Applies pending migrations (the product's, then the site's from `site_dir`) and returns the names of those
/// applied by this call.
pub async fn run(pool: &Pool, site_dir: Option<&Path>) -> Result<Vec<String>, MigrationError> {
    let mut client = pool
        .get()
        .await
        .map_err(|e| MigrationError::Other(describe_pool_error(&e)))?;
    client
        .execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK_KEY])
        .await
        .map_err(|e| MigrationError::Other(describe_pg_error(&e)))?;
    // A migration may rewrite a large table or build an index on it: longer than a request may take. The
    // pooled session's own timeout comes back with RESET before the connection returns to the pool.
    client
        .batch_execute("SET statement_timeout = 0")
        .await
        .map_err(|e| MigrationError::Other(describe_pg_error(&e)))?;
    let mut applied: Vec<String> = Vec::new();
    let mut outcome = embedded::migrations::runner()
        .run_async(&mut **client)
        .await
        .map_err(explain);
    if let Ok(report) = &outcome {
        applied.extend(report.applied_migrations().iter().map(|m| m.to_string()));
        if let Some(dir) = site_dir {
            outcome = run_site(&mut client, dir).await;
            if let Ok(report) = &outcome {
                applied.extend(
                    report
                        .applied_migrations()
                        .iter()
                        .map(|m| format!("site {m}")),
                );
            }
        }
    }
    // Unlock even when a migration failed; the connection returns to the pool afterwards.
    let unlock = client
        .execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK_KEY])
        .await;
    let reset = client.batch_execute("RESET statement_timeout").await;
    outcome?;
    unlock.map_err(|e| MigrationError::Other(describe_pg_error(&e)))?;
    reset.map_err(|e| MigrationError::Other(describe_pg_error(&e)))?;
    for name in &applied {
        tracing::info!(migration = %name, "migration applied");
    }
    Ok(applied)
}

/// The site's migrations from `dir`, each once, in version order.
async fn run_site(
    client: &mut deadpool_postgres::Object,
    dir: &Path,
) -> Result<refinery::Report, MigrationError> {
    let migrations = refinery::load_sql_migrations(dir).map_err(|e| {
        MigrationError::Other(format!(
            "SITE_MIGRATIONS_DIR {}: {}",
            dir.display(),
            root_cause(&e)
        ))
    })?;
    refinery::Runner::new(&migrations)
        .set_migration_table_name(SITE_HISTORY_TABLE)
        .run_async(&mut ***client)
        .await
        .map_err(|e| match explain(e) {
            MigrationError::Failed { name, reason } => MigrationError::Failed {
                name: format!("{name} (site, {})", dir.display()),
                reason,
            },
            other => other,
        })
}

/// Turns refinery's error into one naming the migration and carrying PostgreSQL's own message.
fn explain(error: refinery::Error) -> MigrationError {
    use refinery::error::Kind;
    let reason = root_cause(&error);
    match error.kind() {
        Kind::Connection(context, _) => match context.strip_prefix("error applying migration ") {
            Some(name) => MigrationError::Failed {
                name: name.to_string(),
                reason,
            },
            None => MigrationError::Other(format!("{context}: {reason}")),
        },
        Kind::DivergentVersion(applied, embedded) => MigrationError::Failed {
            name: embedded.to_string(),
            reason: format!(
                "the database ran a different {applied} than this build carries; migrations are append-only: \
                 add a new migration instead of editing an applied one"
            ),
        },
        Kind::MissingVersion(missing) => MigrationError::Failed {
            name: missing.to_string(),
            reason: "applied to the database but absent from this build (is the gateway older than the database?)"
                .into(),
        },
        _ => MigrationError::Other(error.to_string()),
    }
}

fn root_cause(error: &(dyn std::error::Error + 'static)) -> String {
    let mut current: &(dyn std::error::Error + 'static) = error;
    while let Some(next) = current.source() {
        if let Some(pg) = next.downcast_ref::<tokio_postgres::Error>() {
            return describe_pg_error(pg);
        }
        current = next;
    }
    current.to_string()
}
