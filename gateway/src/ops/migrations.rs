//! Applies the SQL migrations of `sql/migrations/` (embedded at compile time) with refinery, each once, recorded
//! in `refinery_schema_history`; then the site's own (`SITE_MIGRATIONS_DIR`, default `site/migrations`, read at
//! start), recorded in `site_schema_history`. Owns the advisory lock that keeps two gateways starting together
//! from racing.

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
    // A migration may rewrite a large table or build an index on it: longer than a request may take. And a
    // gateway starting while another migrates waits for the lock as long as those migrations take, so the
    // timeout goes before the lock is asked for (with the pooled session's 5 s the wait was cancelled and the
    // gateway did not start). The pooled session's own timeout comes back with RESET before the connection
    // returns to the pool.
    client
        .batch_execute("SET statement_timeout = 0")
        .await
        .map_err(|e| MigrationError::Other(describe_pg_error(&e)))?;
    client
        .execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK_KEY])
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
    let migrations = load_site_migrations(dir)?;
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

/// The migrations of the site's folder and its sub-folders: its files named `V<n>__<name>.sql`. Other files (the
/// folder's README, a `.gitkeep`) are not migrations and are passed over in silence; a `.sql` file named otherwise
/// would never be applied, so it is warned about. (refinery's own loader warns about every file and folder whose
/// name is not a migration's, the folder itself included.)
fn load_site_migrations(dir: &Path) -> Result<Vec<refinery::Migration>, MigrationError> {
    let failed = |what: String| MigrationError::Other(format!("SITE_MIGRATIONS_DIR {what}"));
    let mut files = Vec::new();
    collect_sql_files(dir, &mut files)
        .map_err(|(path, e)| failed(format!("{}: cannot read the folder: {e}", path.display())))?;
    files.sort();
    let mut migrations = Vec::new();
    for path in files {
        let name = path
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or_default();
        let Some(stem) = name
            .strip_suffix(".sql")
            .filter(|stem| is_migration_name(stem))
        else {
            tracing::warn!(
                file = %path.display(),
                "not applied: a site migration is named V<n>__<name>.sql (the name of letters, digits and _)"
            );
            continue;
        };
        let sql = std::fs::read_to_string(&path)
            .map_err(|e| failed(format!("{}: cannot read: {e}", path.display())))?;
        migrations.push(
            refinery::Migration::unapplied(stem, &sql)
                .map_err(|e| failed(format!("{}: {e}", path.display())))?,
        );
    }
    migrations.sort();
    Ok(migrations)
}

/// The `*.sql` files below `dir`; the folder that cannot be read, and why.
fn collect_sql_files(
    dir: &Path,
    files: &mut Vec<std::path::PathBuf>,
) -> Result<(), (std::path::PathBuf, std::io::Error)> {
    let listing = std::fs::read_dir(dir).map_err(|e| (dir.to_path_buf(), e))?;
    for item in listing {
        let path = item.map_err(|e| (dir.to_path_buf(), e))?.path();
        if path.is_dir() {
            collect_sql_files(&path, files)?;
        } else if path.extension().is_some_and(|ext| ext == "sql") {
            files.push(path);
        }
    }
    Ok(())
}

/// `V<n>__<name>` (or refinery's unversioned `U<n>__<name>`): a migration's file name without `.sql`, as refinery
/// reads it.
fn is_migration_name(stem: &str) -> bool {
    let Some((version, name)) = stem
        .strip_prefix('V')
        .or_else(|| stem.strip_prefix('U'))
        .and_then(|rest| rest.split_once("__"))
    else {
        return false;
    };
    !version.is_empty()
        && version.bytes().all(|b| b.is_ascii_digit())
        && version.parse::<i32>().is_ok()
        && !name.is_empty()
        && name.chars().all(|c| c.is_alphanumeric() || c == '_')
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_site_migration_is_named_v_number_twice_underscore_name() {
        for good in [
            "V1__hindrance",
            "V12__hindrance_activity",
            "V3__Ä_2",
            "U4__x",
        ] {
            assert!(is_migration_name(good), "{good}");
        }
        for bad in [
            "README",
            "V1_hindrance",
            "V__x",
            "Vx__y",
            "V1__",
            "v1__x",
            "V1__a-b",
            "V1.5__x",
        ] {
            assert!(!is_migration_name(bad), "{bad}");
        }
    }

    #[test]
    fn the_folder_s_readme_and_gitkeep_are_not_migrations_and_a_missing_folder_is_named() {
        let dir = std::env::temp_dir().join(format!("pmis-site-load-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("later")).unwrap();
        std::fs::write(dir.join("README.md"), "what goes here").unwrap();
        std::fs::write(dir.join(".gitkeep"), "").unwrap();
        std::fs::write(dir.join("V2__b.sql"), "SELECT 2").unwrap();
        std::fs::write(dir.join("later/V1__a.sql"), "SELECT 1").unwrap();
        std::fs::write(dir.join("v3-misnamed.sql"), "SELECT 3").unwrap();
        let names: Vec<String> = load_site_migrations(&dir)
            .unwrap()
            .iter()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(names, ["V1__a", "V2__b"]);
        std::fs::remove_dir_all(&dir).unwrap();
        let error = load_site_migrations(&dir).unwrap_err().to_string();
        assert!(
            error.contains("SITE_MIGRATIONS_DIR") && error.contains(&dir.display().to_string()),
            "{error}"
        );
    }
}
