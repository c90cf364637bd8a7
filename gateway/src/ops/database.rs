//! The PostgreSQL connection pool and the start-up wait for the database. Owns pool sizing and timeouts; must not
//! know about tables (migrations and queries live elsewhere).

use std::time::Duration;

use crate::ops::config::DatabaseSettings;
use crate::ops::database_tls::{self, Tls, TlsError};
use deadpool_postgres::{
    Hook, HookError, Manager, ManagerConfig, Pool, RecyclingMethod, Runtime, Timeouts,
};

#[derive(Debug, thiserror::Error)]
pub enum DatabaseError {
    #[error("DATABASE_URL is not a valid PostgreSQL connection string: {0}")]
    InvalidUrl(#[source] tokio_postgres::Error),
    #[error(transparent)]
    Tls(#[from] TlsError),
}

/// The TLS connector of the settings (used when a URL asks for TLS or the server offers it).
pub fn tls(settings: &DatabaseSettings) -> Result<Tls, DatabaseError> {
    Ok(database_tls::connector(settings.tls_ca_file.as_deref())?)
}

/// Builds the pool. It connects lazily: a database that is down at start does not fail this call.
pub fn build_pool(settings: &DatabaseSettings) -> Result<Pool, DatabaseError> {
    build_pool_for(settings, &settings.url, settings.pool_size)
}

/// A pool of `size` connections to `url` (the serving URL, or the owner's for migrations) with the settings'
/// timeouts, TLS and recycling.
pub fn build_pool_for(
    settings: &DatabaseSettings,
    url: &str,
    size: usize,
) -> Result<Pool, DatabaseError> {
    Ok(PoolRecipe::new(settings, url)?.build(size))
}

/// What every pool to one database is made from, checked once: the parsed URL, the TLS connector, the timeouts
/// and the recycling rules. Making a pool from it cannot fail.
#[derive(Clone)]
pub struct PoolRecipe {
    pg: tokio_postgres::Config,
    tls: Tls,
    max_lifetime: Duration,
    cache_max: usize,
    timeouts: Timeouts,
}

impl PoolRecipe {
    pub fn new(settings: &DatabaseSettings, url: &str) -> Result<Self, DatabaseError> {
        let mut pg: tokio_postgres::Config = url.parse().map_err(DatabaseError::InvalidUrl)?;
        pg.connect_timeout(settings.connect_timeout);
        pg.application_name("pmis-gateway");
        // Every pooled session gets the statement timeout, so no query outlives it whatever the caller forgets,
        // ISO dates whatever the server's default (the JSON writer reads `timestamptz` text in that style), and the
        // programme's time zone, so `CURRENT_DATE` in CHECKs, defaults and workflow steps is the console's today.
        // No JIT: the gateway's statements are interactive, and compiling one whose estimate passes jit_above_cost
        // took 1.5 s on a 2-core server for a dashboard view that runs in 1 ms (docs/performance.md, "Dashboards").
        pg.options(format!(
            "-c statement_timeout={} -c idle_in_transaction_session_timeout={} -c DateStyle=ISO -c TimeZone={} -c jit=off",
            settings.statement_timeout.as_millis(),
            settings.statement_timeout.as_millis() * 2,
            settings.time_zone
        ));
        Ok(Self {
            pg,
            tls: tls(settings)?,
            max_lifetime: settings.max_lifetime,
            cache_max: settings.statement_cache_max,
            timeouts: Timeouts {
                wait: Some(settings.pool_wait),
                create: Some(settings.connect_timeout),
                recycle: Some(Duration::from_secs(2)),
            },
        })
    }

    /// A pool of at most `size` connections; it connects lazily.
    pub fn build(&self, size: usize) -> Pool {
        let manager = Manager::from_config(
            self.pg.clone(),
            self.tls.clone(),
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let max_lifetime = self.max_lifetime;
        let cache_max = self.cache_max;
        Pool::builder(manager)
            .max_size(size)
            // Each distinct statement is prepared once per connection and kept, in PostgreSQL's memory too;
            // ad-hoc read shapes (IN lists of every length) would grow that without end. The cache is emptied
            // past its bound, and a connection is replaced after its maximum lifetime whatever it holds.
            .pre_recycle(Hook::sync_fn(move |client, metrics| {
                if metrics.age() > max_lifetime {
                    return Err(HookError::message(
                        "the connection reached its maximum lifetime",
                    ));
                }
                if client.statement_cache.size() > cache_max {
                    client.statement_cache.clear();
                }
                Ok(())
            }))
            .runtime(Runtime::Tokio1)
            .timeouts(self.timeouts)
            .build()
            // deadpool refuses only timeouts without a runtime, and the runtime is set above.
            .expect("a pool with a runtime and timeouts builds")
    }
}

/// One round trip to the database; `Err` carries a message fit for a log line.
pub async fn ping(pool: &Pool) -> Result<(), String> {
    let client = pool.get().await.map_err(|e| describe_pool_error(&e))?;
    client
        .simple_query("SELECT 1")
        .await
        .map(|_| ())
        .map_err(|e| describe_pg_error(&e))
}

/// Waits until the database answers, retrying with capped exponential backoff and logging each failure.
pub async fn wait_until_reachable(pool: &Pool) {
    let mut delay = Duration::from_millis(250);
    let mut attempt = 1u32;
    loop {
        match ping(pool).await {
            Ok(()) => {
                if attempt > 1 {
                    tracing::info!(attempt, "database reachable");
                }
                return;
            }
            Err(reason) => {
                tracing::warn!(
                    attempt,
                    retry_in_ms = delay.as_millis() as u64,
                    reason = %reason,
                    "database not reachable; /api/health answers 503 until it is"
                );
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_secs(5));
                attempt += 1;
            }
        }
    }
}

/// A readable one-line description of a PostgreSQL error, with the server's message when there is one.
pub fn describe_pg_error(error: &tokio_postgres::Error) -> String {
    match error.as_db_error() {
        Some(db) => format!(
            "{}: {} (SQLSTATE {})",
            db.severity(),
            db.message(),
            db.code().code()
        ),
        None => {
            let mut text = error.to_string();
            let mut source = std::error::Error::source(error);
            while let Some(inner) = source {
                text.push_str(": ");
                text.push_str(&inner.to_string());
                source = inner.source();
            }
            text
        }
    }
}

pub fn describe_pool_error(error: &deadpool_postgres::PoolError) -> String {
    match error {
        deadpool_postgres::PoolError::Backend(pg) => describe_pg_error(pg),
        other => other.to_string(),
    }
}
