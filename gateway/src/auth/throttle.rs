//! Sign-in throttling: after 5 failures within 15 minutes against one account (by any spelling of its name or its
//! e-mail address), one unknown name, or one client network, attempts are refused with 429 for 15 minutes. Kept in
//! PostgreSQL so that every gateway replica applies the same locks. Names are normalised once, here.

use deadpool_postgres::GenericClient;

use crate::error::ApiError;

pub const MAX_FAILURES: i64 = 5;
pub const WINDOW_MINUTES: i32 = 15;
pub const LOCK_MINUTES: i32 = 15;

/// Who an attempt counts against.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// The account the name resolved to.
    pub account: Option<i64>,
    /// The name as typed, normalised (for names that are no account).
    pub login: String,
    /// The client's network (`Origin::throttle_key`).
    pub client: Option<String>,
}

impl Attempt {
    pub fn new(account: Option<i64>, login: &str, client: Option<String>) -> Attempt {
        Attempt {
            account,
            login: normalise(login),
            client,
        }
    }

    /// The (kind, key) pairs a lock may be on.
    fn keys(&self) -> [(&'static str, Option<String>); 2] {
        let subject = match self.account {
            Some(id) => ("account", Some(id.to_string())),
            None => ("login", Some(self.login.clone())),
        };
        [subject, ("address", self.client.clone())]
    }
}

/// The one normalisation of a typed name: trimmed and lower-cased (Unicode), the same for storing and looking up.
pub fn normalise(login: &str) -> String {
    login.trim().to_lowercase()
}

/// `Err(TooManyAttempts)` while a lock on the attempt's account (or name) or client lasts.
pub async fn check(client: &impl GenericClient, attempt: &Attempt) -> Result<(), ApiError> {
    let [(subject_kind, subject_key), (_, address)] = attempt.keys();
    let row = client
        .query_one(
            "SELECT ceil(extract(epoch FROM max(d_until) - now()))::int8 FROM login_lock
             WHERE d_until > now()
               AND ((c_kind = $1 AND c_key = $2) OR (c_kind = 'address' AND c_key = $3))",
            &[&subject_kind, &subject_key, &address],
        )
        .await?;
    match row.try_get::<_, Option<i64>>(0)? {
        Some(seconds) if seconds > 0 => Err(ApiError::TooManyAttempts {
            retry_after: seconds as u64,
        }),
        _ => Ok(()),
    }
}

/// Records a failure; locks the account (or name) and/or the client when it is the fifth within the window.
pub async fn record_failure(
    client: &impl GenericClient,
    attempt: &Attempt,
) -> Result<(), ApiError> {
    let row = client
        .query_one(
            "WITH failure AS (
                 INSERT INTO login_failure (c_username, c_client_ip, n_user_id) VALUES ($1, $2, $3) RETURNING 1
             )
             SELECT (SELECT count(*) + 1 FROM login_failure
                     WHERE d_at > now() - make_interval(mins => $4)
                       AND CASE WHEN $3::int8 IS NULL THEN n_user_id IS NULL AND c_username = $1
                                ELSE n_user_id = $3 END),
                    (SELECT count(*) + 1 FROM login_failure
                     WHERE $2::text IS NOT NULL AND c_client_ip = $2 AND d_at > now() - make_interval(mins => $4)),
                    (SELECT count(*) FROM failure)",
            &[&attempt.login, &attempt.client, &attempt.account, &WINDOW_MINUTES],
        )
        .await?;
    let by_subject: i64 = row.try_get(0)?;
    let by_client: i64 = if attempt.client.is_some() {
        row.try_get(1)?
    } else {
        0
    };
    let [(subject_kind, subject_key), (_, address)] = attempt.keys();
    for (kind, key, failures) in [
        (subject_kind, subject_key, by_subject),
        ("address", address, by_client),
    ] {
        let Some(key) = key.filter(|key| !key.is_empty()) else {
            continue;
        };
        if failures >= MAX_FAILURES {
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

/// A successful sign-in forgets the account's earlier failures.
pub async fn clear(client: &impl GenericClient, account: i64) -> Result<(), ApiError> {
    client
        .execute(
            "DELETE FROM login_failure WHERE n_user_id = $1",
            &[&account],
        )
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_normalised_once_for_every_use() {
        assert_eq!(normalise("  Viewer "), "viewer");
        assert_eq!(normalise("ADMİN"), normalise("admi̇n"));
        let attempt = Attempt::new(Some(7), "ADMİN", Some("192.0.2.1".into()));
        assert_eq!(
            attempt.keys(),
            [
                ("account", Some("7".to_owned())),
                ("address", Some("192.0.2.1".to_owned()))
            ]
        );
    }
}
