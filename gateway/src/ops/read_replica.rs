//! The read replica: connections to a PostgreSQL streaming replica (one pool per HTTP worker, as the primary's,
//! and one for its health check), and [`stale_read`], the one way a read that may be a little stale (lists, data
//! tables, exports) gets its connection. The replica serves such a
//! read only while its health check (a background task) finds it reachable, in recovery and within the maximum
//! lag; otherwise, and when the replica fails during the read, the read runs on the primary: a failing replica
//! costs a retry, never an error answer. Writes, and reads that must see them, use the primary pool and never
//! come here.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Object, Pool, PoolError, TimeoutType};
use tokio_postgres::error::SqlState;

use crate::error::ApiError;
use crate::ops::config::ReadReplicaSettings;
use crate::ops::database;
use crate::ops::thread_pools::ThreadPools;

/// Not checked yet: reads go to the primary until the first check passes.
const UNCHECKED: u8 = 0;
const IN_USE: u8 = 1;
const LEFT: u8 = 2;

pub struct ReadReplica {
    pools: ThreadPools,
    /// The health check's one connection (the check runs on whichever background thread is free).
    check_pool: Pool,
    state: AtomicU8,
    /// `DATABASE_READ_MAX_LAG_MS`.
    pub max_lag: Duration,
    /// `DATABASE_READ_CHECK_MS`.
    pub check_interval: Duration,
}

impl ReadReplica {
    pub fn new(pools: ThreadPools, settings: &ReadReplicaSettings) -> Arc<ReadReplica> {
        Arc::new(ReadReplica {
            check_pool: pools.separate(1),
            pools,
            state: AtomicU8::new(UNCHECKED),
            max_lag: settings.max_lag,
            check_interval: settings.check_interval,
        })
    }

    /// The calling thread's pool of replica connections.
    pub fn pool(&self) -> &Pool {
        self.pools.local()
    }

    /// The health check's connection.
    pub fn check_pool(&self) -> &Pool {
        &self.check_pool
    }

    /// Whether reads that may be stale go to the replica now.
    pub fn in_use(&self) -> bool {
        self.state.load(Ordering::Relaxed) == IN_USE
    }

    /// The verdict of a health check: `Ok` puts the replica in use, `Err` (why not) leaves it. Logged only when
    /// the state changes, so a replica that stays down is one warning, not one per second.
    pub fn checked(&self, verdict: Result<(), String>) {
        match verdict {
            Ok(()) => match self.state.swap(IN_USE, Ordering::Relaxed) {
                UNCHECKED => {
                    tracing::info!("read replica in use for lists, data tables and exports")
                }
                LEFT => {
                    tracing::info!("read replica back in use for lists, data tables and exports")
                }
                _ => {}
            },
            Err(reason) => self.leave(&reason),
        }
    }

    /// Reads go to the primary until the next good check.
    pub fn leave(&self, reason: &str) {
        if self.state.swap(LEFT, Ordering::Relaxed) != LEFT {
            tracing::warn!(
                reason,
                "read replica not used: lists, data tables and exports read from the primary until it is back"
            );
        }
    }
}

/// Runs `work` (a read that may be a little stale) on a replica connection when the replica is in use, else on
/// the primary. When the replica gives no connection, loses it during the read, or cancels the read because of a
/// conflict with recovery, `work` runs again once on the primary. Without a replica this is one primary
/// connection and nothing else.
pub async fn stale_read<T>(
    primary: &Pool,
    replica: Option<&ReadReplica>,
    work: impl AsyncFn(Object) -> Result<T, ApiError>,
) -> Result<T, ApiError> {
    if let Some(replica) = replica.filter(|replica| replica.in_use()) {
        match replica.pool().get().await {
            Ok(client) => match work(client).await {
                Err(ApiError::DatabaseUnavailable) => {
                    replica.leave("a read lost its connection to the replica");
                }
                Err(error) if is_recovery_conflict(&error) => {
                    tracing::info!(
                        "a read on the replica was cancelled by a conflict with recovery; read again on the primary"
                    );
                }
                done => return done,
            },
            // Every replica connection busy is load, not a fault: this read goes to the primary, the next may not.
            Err(PoolError::Timeout(TimeoutType::Wait)) => {}
            Err(error) => {
                replica.leave(&format!(
                    "no connection to the replica: {}",
                    database::describe_pool_error(&error)
                ));
            }
        }
    }
    work(primary.get().await?).await
}

/// A replica cancels a read that holds back the replay of a change it must apply (SQLSTATE 40001, or 57P04 when
/// the database was dropped); the primary has no such conflict.
fn is_recovery_conflict(error: &ApiError) -> bool {
    let ApiError::Internal(source) = error else {
        return false;
    };
    source
        .downcast_ref::<tokio_postgres::Error>()
        .and_then(tokio_postgres::Error::code)
        .is_some_and(|code| {
            *code == SqlState::T_R_SERIALIZATION_FAILURE || *code == SqlState::DATABASE_DROPPED
        })
}
