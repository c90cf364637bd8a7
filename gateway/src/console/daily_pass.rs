//! The background passes that wait for an hour of the programme's day (due-date reminders of workflow steps, daily
//! digests, scheduled custom reports): on every gateway, every `poll` (the first after one interval), once the hour
//! in `time_zone` is `hour` or later, a pass; what it did is logged, and a failure is logged as a warning (the next
//! pass tries again).

use std::fmt::Debug;
use std::future::Future;
use std::time::Duration;

use deadpool_postgres::Pool;

use crate::error::ApiError;

/// When a pass runs, and what its log lines say.
pub struct DailyPass<'a> {
    pub pool: &'a Pool,
    pub time_zone: &'a str,
    pub hour: u32,
    pub poll: Duration,
    /// Logged with a pass that did something (`daily digests queued`).
    pub done: &'static str,
    /// Logged with a pass that failed (`daily digest pass failed`).
    pub failed: &'static str,
}

impl DailyPass<'_> {
    /// Runs `pass` for ever at the times above. A pass's outcome equal to its `Default` did nothing and is not
    /// logged.
    pub async fn run<P, F>(self, mut pass: impl FnMut() -> F)
    where
        P: Debug + Default + PartialEq,
        F: Future<Output = Result<P, ApiError>>,
    {
        let mut ticker =
            tokio::time::interval_at(tokio::time::Instant::now() + self.poll, self.poll);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticker.tick().await;
            let outcome = match past_hour(self.pool, self.time_zone, self.hour).await {
                Ok(false) => Ok(P::default()),
                Ok(true) => pass().await,
                Err(error) => Err(error),
            };
            match outcome {
                Ok(done) if done != P::default() => tracing::info!(pass = ?done, "{}", self.done),
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "{}; retrying next pass", self.failed),
            }
        }
    }
}

/// Whether the hour in `time_zone` is `hour` or later.
async fn past_hour(pool: &Pool, time_zone: &str, hour: u32) -> Result<bool, ApiError> {
    let client = pool.get().await?;
    let hour = i32::try_from(hour).unwrap_or(0);
    Ok(client
        .query_one(
            "SELECT extract(hour FROM now() AT TIME ZONE $1)::int4 >= $2",
            &[&time_zone, &hour],
        )
        .await?
        .try_get(0)?)
}
