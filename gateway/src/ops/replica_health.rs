//! The read replica's health check, every `DATABASE_READ_CHECK_MS`: the replica answers, is in recovery (a
//! promoted or misconfigured server is no replica of this database), is a copy of the primary's cluster (the
//! same system identifier: a replica of another database, staging's say, would pass every other test) and is at
//! most `DATABASE_READ_MAX_LAG_MS` behind the primary. Its verdict puts the replica in use or leaves it.
//!
//! The lag is measured by WAL positions, not by the age of the last replayed transaction alone: on a primary
//! that writes nothing for an hour that age is an hour while the replica has everything. Each check reads the
//! primary's position (`pg_current_wal_lsn()`) and the replica's replay position; once the replica has replayed
//! past a position the primary was seen at, it held all the data of that moment. How stale it may be is the
//! time since the latest such moment, or the age of its last replayed transaction when that is less (both are
//! upper bounds: whatever it lacks was committed after either).

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use deadpool_postgres::Pool;
use tokio::task::JoinHandle;
use tokio::time::MissedTickBehavior;
use tokio_postgres::types::PgLsn;

use crate::ops::database::{describe_pg_error, describe_pool_error};
use crate::ops::read_replica::ReadReplica;

/// A check that takes longer than this fails (a replica behind a silent network must not stall the checks).
const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

/// The running check; dropping it (the application stopped) ends it.
pub struct HealthCheck(JoinHandle<()>);

impl Drop for HealthCheck {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Starts checking `replica` against `primary`; the first check runs at once.
pub fn spawn(replica: Arc<ReadReplica>, primary: Pool) -> HealthCheck {
    HealthCheck(tokio::spawn(async move {
        let mut ticker = tokio::time::interval(replica.check_interval);
        ticker.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut staleness = Staleness::default();
        // The primary's system identifier, once it has answered (it does not change while the gateway runs).
        let mut primary_system = None;
        loop {
            ticker.tick().await;
            let verdict = match tokio::time::timeout(
                CHECK_TIMEOUT,
                check(&replica, &primary, &mut primary_system, &mut staleness),
            )
            .await
            {
                Ok(verdict) => verdict,
                Err(_) => Err(format!(
                    "the replica did not answer its health check within {} ms",
                    CHECK_TIMEOUT.as_millis()
                )),
            };
            if verdict.is_err() {
                // After an outage the replica may restart from an older position: freshness is learnt anew.
                staleness = Staleness::default();
            }
            replica.checked(verdict);
        }
    }))
}

/// One check: `Ok` when the replica may serve reads.
async fn check(
    replica: &ReadReplica,
    primary: &Pool,
    primary_system: &mut Option<i64>,
    staleness: &mut Staleness,
) -> Result<(), String> {
    // The primary first: a position the replica has replayed by the time it is asked was the primary's then.
    let asked_at = Instant::now();
    let primary_seen = primary_state(primary).await;
    if let Some((_, system)) = primary_seen {
        *primary_system = Some(system);
    }
    let primary_position = primary_seen.map(|(position, _)| position);
    let client = replica
        .check_pool()
        .get()
        .await
        .map_err(|e| format!("no connection to the replica: {}", describe_pool_error(&e)))?;
    let row = client
        .query_one(
            "SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn(),
                    extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8,
                    (SELECT system_identifier FROM pg_control_system())",
            &[],
        )
        .await
        .map_err(|e| {
            format!(
                "the replica's health check failed: {}",
                describe_pg_error(&e)
            )
        })?;
    same_cluster(*primary_system, column(&row, 3)?)?;
    let in_recovery: bool = column(&row, 0)?;
    if !in_recovery {
        return Err(
            "the replica is not in recovery (promoted, or not a replica): it no longer follows the primary".into(),
        );
    }
    let Some(replayed) = column::<Option<PgLsn>>(&row, 1)? else {
        return Err("the replica has replayed nothing yet".into());
    };
    let replay_age = column::<Option<f64>>(&row, 2)?
        .map(|seconds| Duration::try_from_secs_f64(seconds.max(0.0)).unwrap_or(Duration::MAX));
    let bound = staleness.observe(
        primary_position.map(|position| (u64::from(position), asked_at)),
        u64::from(replayed),
        replay_age,
        Instant::now(),
    );
    match bound {
        Some(lag) if lag <= replica.max_lag => Ok(()),
        Some(lag) => Err(format!(
            "the replica is up to {} ms behind the primary (at most {} ms allowed)",
            lag.as_millis(),
            replica.max_lag.as_millis()
        )),
        None => Err("the replica's lag is not known yet".into()),
    }
}

/// A column of the check's answer; one of another type fails the check.
fn column<'a, T: tokio_postgres::types::FromSql<'a>>(
    row: &'a tokio_postgres::Row,
    index: usize,
) -> Result<T, String> {
    row.try_get(index)
        .map_err(|e| format!("the replica's health check: {e}"))
}

/// The primary's WAL position and system identifier, or `None` when it cannot be asked now (the replay age then
/// bounds the lag alone).
async fn primary_state(primary: &Pool) -> Option<(PgLsn, i64)> {
    let client = primary.get().await.ok()?;
    let row = client
        .query_one(
            "SELECT pg_current_wal_lsn(), (SELECT system_identifier FROM pg_control_system())",
            &[],
        )
        .await
        .ok()?;
    Some((row.try_get(0).ok()?, row.try_get(1).ok()?))
}

/// A replica serves only once the primary's system identifier is known and the replica has the same: a
/// `pg_basebackup` copy keeps it, another cluster has its own.
fn same_cluster(primary: Option<i64>, replica: i64) -> Result<(), String> {
    match primary {
        None => Err("the primary has not answered yet, so the replica cannot be recognised as its copy".into()),
        Some(primary) if primary == replica => Ok(()),
        Some(primary) => Err(format!(
            "the replica belongs to another database cluster (system identifier {replica}, the primary's \
             {primary}): DATABASE_READ_URL must name a replica of DATABASE_URL's database"
        )),
    }
}

/// Keeps the primary positions a replica has not replayed yet, to bound how stale it is.
#[derive(Debug, Default)]
struct Staleness {
    /// Positions the primary was seen at, and when, not yet replayed; oldest first.
    waiting: VecDeque<(u64, Instant)>,
    /// The latest moment whose primary position the replica has replayed.
    fresh_as_of: Option<Instant>,
}

/// Positions kept at most: a replica stuck for a long time does not grow the list without end. The oldest go
/// first, which can only make the bound larger (safer), never smaller.
const WAITING_MAX: usize = 1024;

impl Staleness {
    /// Records a check (the primary's position and when it was asked, if it answered; the replica's replay
    /// position and the age of its last replayed transaction, if any) and returns the upper bound on the
    /// replica's staleness at `now`, or `None` when nothing bounds it yet.
    fn observe(
        &mut self,
        primary: Option<(u64, Instant)>,
        replayed: u64,
        replay_age: Option<Duration>,
        now: Instant,
    ) -> Option<Duration> {
        if let Some(seen) = primary {
            if self.waiting.len() == WAITING_MAX {
                self.waiting.pop_front();
            }
            self.waiting.push_back(seen);
        }
        while let Some(&(position, at)) = self.waiting.front() {
            if position > replayed {
                break;
            }
            self.fresh_as_of = Some(at);
            self.waiting.pop_front();
        }
        let by_position = self.fresh_as_of.map(|at| now.saturating_duration_since(at));
        match (by_position, replay_age) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replica_of_another_cluster_or_of_an_unknown_primary_is_not_used() {
        assert_eq!(same_cluster(Some(7), 7), Ok(()));
        let other = same_cluster(Some(7), 8).unwrap_err();
        assert!(
            other.contains("another database cluster")
                && other.contains('8')
                && other.contains('7'),
            "{other}"
        );
        assert!(same_cluster(None, 7).unwrap_err().contains("not answered"));
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_caught_up_replica_of_an_idle_primary_is_fresh_however_old_its_last_transaction() {
        let start = Instant::now();
        let mut staleness = Staleness::default();
        let bound = staleness.observe(
            Some((100, start)),
            100,
            Some(Duration::from_secs(3600)),
            start + ms(5),
        );
        assert_eq!(bound, Some(ms(5)));
    }

    #[test]
    fn a_replica_behind_is_as_stale_as_the_last_primary_position_it_replayed() {
        let start = Instant::now();
        let mut staleness = Staleness::default();
        staleness.observe(Some((100, start)), 100, None, start);
        // The primary moves on; the replica stays (replay paused).
        staleness.observe(Some((200, start + ms(1000))), 100, None, start + ms(1000));
        let bound = staleness.observe(Some((300, start + ms(2000))), 100, None, start + ms(2000));
        assert_eq!(bound, Some(ms(2000)));
        // It replays past 200: fresh as of the moment the primary was seen there (1000 ms).
        let bound = staleness.observe(Some((300, start + ms(3000))), 250, None, start + ms(3000));
        assert_eq!(bound, Some(ms(2000)));
        // Past 300 while the primary moves on again: fresh as of 3000 ms, the last time it was seen at 300.
        let bound = staleness.observe(Some((400, start + ms(4000))), 300, None, start + ms(4000));
        assert_eq!(bound, Some(ms(1000)));
        // Caught up with what the primary has now: not stale at all.
        let bound = staleness.observe(Some((400, start + ms(5000))), 400, None, start + ms(5000));
        assert_eq!(bound, Some(ms(0)));
    }

    #[test]
    fn the_age_of_the_last_replayed_transaction_bounds_it_when_less() {
        let start = Instant::now();
        let mut staleness = Staleness::default();
        staleness.observe(Some((100, start)), 100, None, start);
        let bound = staleness.observe(
            Some((200, start + ms(10_000))),
            150,
            Some(ms(300)),
            start + ms(10_000),
        );
        assert_eq!(bound, Some(ms(300)));
    }

    #[test]
    fn without_the_primary_only_the_replay_age_bounds_it_and_without_either_nothing_does() {
        let start = Instant::now();
        let mut staleness = Staleness::default();
        assert_eq!(staleness.observe(None, 100, None, start), None);
        assert_eq!(
            staleness.observe(None, 100, Some(ms(700)), start),
            Some(ms(700))
        );
    }

    #[test]
    fn a_long_stuck_replica_keeps_a_bounded_list_and_a_growing_lag() {
        let start = Instant::now();
        let mut staleness = Staleness::default();
        staleness.observe(Some((10, start)), 10, None, start);
        let mut bound = None;
        for n in 1..=3000u64 {
            let at = start + ms(n);
            bound = staleness.observe(Some((10 + n, at)), 10, None, at);
        }
        assert!(staleness.waiting.len() <= WAITING_MAX);
        assert_eq!(bound, Some(ms(3000)));
    }
}
