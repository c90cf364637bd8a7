//! Rate limits of what anyone may ask for without an account (registrations, password resets) and of reminder
//! mail to addresses outside the user directory: at most `limit` events per key within `window`, counted in
//! PostgreSQL so that every replica applies the same limits.

use deadpool_postgres::GenericClient;

use crate::error::ApiError;

/// One limit: a kind of event, how many, within how long.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub kind: &'static str,
    /// What is counted, for the refusal ("too many registrations").
    pub what: &'static str,
    pub limit: i64,
    pub window_minutes: i32,
}

/// Registrations from one client network: 5 an hour.
pub const REGISTER_PER_CLIENT: Limit = Limit {
    kind: "register-client",
    what: "registrations from this network",
    limit: 5,
    window_minutes: 60,
};
/// Registrations naming one e-mail address: 3 a day.
pub const REGISTER_PER_TARGET: Limit = Limit {
    kind: "register-target",
    what: "registrations for this e-mail address",
    limit: 3,
    window_minutes: 24 * 60,
};
/// Password-reset requests from one client network: 10 an hour.
pub const FORGOT_PER_CLIENT: Limit = Limit {
    kind: "forgot-client",
    what: "password-reset requests from this network",
    limit: 10,
    window_minutes: 60,
};
/// Reset links mailed to one address: 3 an hour (more requests are answered alike and mail nothing).
pub const FORGOT_PER_TARGET: Limit = Limit {
    kind: "forgot-target",
    what: "reset links for this address",
    limit: 3,
    window_minutes: 60,
};
/// Addresses outside the user directory one user's reminders may mail: 20 a day.
pub const OUTSIDE_RECIPIENTS_PER_USER: Limit = Limit {
    kind: "outside-recipient",
    what: "reminder recipients outside the user directory today",
    limit: 20,
    window_minutes: 24 * 60,
};

/// Counts `count` events of `limit` for `key` when they fit; otherwise nothing is counted and the answer is the
/// number of seconds until one slot frees.
pub async fn take(
    client: &impl GenericClient,
    limit: Limit,
    key: &str,
    count: i64,
) -> Result<Result<(), u64>, ApiError> {
    let key = schema_registry::text::clip(key.trim(), 320).to_lowercase();
    if key.is_empty() || count <= 0 {
        return Ok(Ok(()));
    }
    let row = client
        .query_one(
            "SELECT count(*), ceil(extract(epoch FROM min(d_at) + make_interval(mins => $3) - now()))::int8
             FROM rate_event WHERE c_kind = $1 AND c_key = $2 AND d_at > now() - make_interval(mins => $3)",
            &[&limit.kind, &key, &limit.window_minutes],
        )
        .await?;
    let used: i64 = row.try_get(0)?;
    if used + count > limit.limit {
        let wait = row.try_get::<_, Option<i64>>(1)?.unwrap_or(60).max(1);
        return Ok(Err(wait as u64));
    }
    client
        .execute(
            "INSERT INTO rate_event (c_kind, c_key) SELECT $1, $2 FROM generate_series(1, $3::int8)",
            &[&limit.kind, &key, &count],
        )
        .await?;
    Ok(Ok(()))
}

/// [`take`] for one event, answering 429 with Retry-After beyond the limit.
pub async fn take_or_refuse(
    client: &impl GenericClient,
    limit: Limit,
    key: &str,
) -> Result<(), ApiError> {
    take(client, limit, key, 1)
        .await?
        .map_err(|retry_after| ApiError::RateLimited {
            what: limit.what,
            retry_after,
        })
}
