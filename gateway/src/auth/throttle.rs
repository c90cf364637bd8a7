//! Sign-in throttling: after 5 failures within 15 minutes for one username or one client address, attempts are
//! refused with 429 for 15 minutes. Kept in PostgreSQL so that every gateway replica applies the same locks.

use deadpool_postgres::GenericClient;

use crate::error::ApiError;

pub const MAX_FAILURES: i64 = 5;
pub const WINDOW_MINUTES: i32 = 15;
pub const LOCK_MINUTES: i32 = 15;

/// `Err(TooManyAttempts)` while a lock on the username or the address lasts.
pub async fn check(
    client: &impl GenericClient,
    username: &str,
    address: Option<&str>,
) -> Result<(), ApiError> {
    let row = client
        .query_one(
            "SELECT ceil(extract(epoch FROM max(d_until) - now()))::int8 FROM login_lock
             WHERE d_until > now()
               AND ((c_kind = 'username' AND c_key = lower($1)) OR (c_kind = 'address' AND c_key = $2))",
            &[&username, &address],
        )
        .await?;
    match row.try_get::<_, Option<i64>>(0)? {
        Some(seconds) if seconds > 0 => Err(ApiError::TooManyAttempts {
            retry_after: seconds as u64,
        }),
        _ => Ok(()),
    }
}

/// Records a failure; locks the username and/or the address when it is the fifth within the window.
pub async fn record_failure(
    client: &impl GenericClient,
    username: &str,
    address: Option<&str>,
) -> Result<(), ApiError> {
    let row = client
        .query_one(
            "WITH failure AS (
                 INSERT INTO login_failure (c_username, c_client_ip) VALUES ($1, $2) RETURNING 1
             )
             SELECT (SELECT count(*) + 1 FROM login_failure
                     WHERE lower(c_username) = lower($1) AND d_at > now() - make_interval(mins => $3)),
                    (SELECT count(*) + 1 FROM login_failure
                     WHERE $2::text IS NOT NULL AND c_client_ip = $2 AND d_at > now() - make_interval(mins => $3)),
                    (SELECT count(*) FROM failure)",
            &[&username, &address, &WINDOW_MINUTES],
        )
        .await?;
    let by_username: i64 = row.try_get(0)?;
    let by_address: i64 = if address.is_some() {
        row.try_get(1)?
    } else {
        0
    };
    for (kind, key, failures) in [
        ("username", username.to_lowercase(), by_username),
        (
            "address",
            address.unwrap_or_default().to_owned(),
            by_address,
        ),
    ] {
        if failures >= MAX_FAILURES && !key.is_empty() {
            client
                .execute(
                    "INSERT INTO login_lock (c_kind, c_key, d_until)
                     SELECT $1, $2, now() + make_interval(mins => $3)
                     WHERE NOT EXISTS (SELECT 1 FROM login_lock WHERE c_kind = $1 AND c_key = $2 AND d_until > now())",
                    &[&kind, &key, &LOCK_MINUTES],
                )
                .await?;
            tracing::warn!(kind, key = %key, failures, "sign-in locked for {LOCK_MINUTES} minutes after repeated failures");
        }
    }
    Ok(())
}

/// A successful sign-in forgets the username's earlier failures.
pub async fn clear(client: &impl GenericClient, username: &str) -> Result<(), ApiError> {
    client
        .execute(
            "DELETE FROM login_failure WHERE lower(c_username) = lower($1)",
            &[&username],
        )
        .await?;
    Ok(())
}
