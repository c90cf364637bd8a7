//! Periodic clean-up of rows that only matter for a while: ended sessions, old sign-in failures, spent reset
//! tokens. Idempotent deletes, so every replica may run it; it never touches live data.

use std::time::Duration;

use deadpool_postgres::Pool;

use crate::error::ApiError;

/// How often the clean-up runs.
pub const INTERVAL: Duration = Duration::from_secs(3600);

/// Rows removed by one pass, per table.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Removed {
    pub sessions: u64,
    pub failures: u64,
    pub resets: u64,
    /// Self-registrations no administrator approved in time.
    pub registrations: u64,
    pub rate_events: u64,
    /// Idempotency keys older than 30 days: a phone's queue sends within days, not months.
    pub idempotent_requests: u64,
}

/// One pass: sessions ended (expired or revoked) more than 30 days ago, sign-in failures older than a day (the
/// throttle looks back 15 minutes), reset tokens expired more than 7 days ago, registrations past their pending
/// time, rate-limit events older than the longest window, idempotency keys older than 30 days. Lock rows stay:
/// they are the log.
pub async fn run_once(pool: &Pool) -> Result<Removed, ApiError> {
    let client = pool.get().await?;
    let sessions = client
        .execute(
            "DELETE FROM user_session
             WHERE d_expires_at < now() - interval '30 days' OR d_revoked_at < now() - interval '30 days'",
            &[],
        )
        .await?;
    let failures = client
        .execute(
            "DELETE FROM login_failure WHERE d_at < now() - interval '1 day'",
            &[],
        )
        .await?;
    let resets = client
        .execute(
            "DELETE FROM password_reset WHERE d_expires_at < now() - interval '7 days'",
            &[],
        )
        .await?;
    // Never-approved registrations: nothing refers to them but their own audit row and sign-in attempts.
    let registrations = client
        .execute(
            "DELETE FROM users WHERE n_active = 0 AND d_pending_until < now()
               AND NOT EXISTS (SELECT 1 FROM login_log l WHERE l.n_user_id = users.id)",
            &[],
        )
        .await?;
    let rate_events = client
        .execute(
            "DELETE FROM rate_event WHERE d_at < now() - interval '2 days'",
            &[],
        )
        .await?;
    let idempotent_requests = client
        .execute(
            "DELETE FROM idempotent_request WHERE d_at < now() - interval '30 days'",
            &[],
        )
        .await?;
    Ok(Removed {
        sessions,
        failures,
        resets,
        registrations,
        rate_events,
        idempotent_requests,
    })
}

/// Runs [`run_once`] every [`INTERVAL`], logging what it removed and any failure; runs for ever.
pub async fn run_periodically(pool: Pool) {
    let mut ticker = tokio::time::interval(INTERVAL);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticker.tick().await;
        match run_once(&pool).await {
            Ok(removed) if removed != Removed::default() => {
                tracing::info!(?removed, "housekeeping removed old rows")
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(error = %error, "housekeeping failed; retried next hour"),
        }
    }
}
