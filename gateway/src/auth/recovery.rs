//! Forgotten passwords: a single-use reset link mailed to an active account's address, and the reset that
//! spends it (ending every session of the account).

use deadpool_postgres::Pool;

use crate::base::mail::{self, Purpose};
use crate::error::ApiError;

use super::rate_limit::{self, FORGOT_PER_CLIENT, FORGOT_PER_TARGET};
use super::{accounts, policy, token, Origin};

/// How long a reset link works.
pub const RESET_MINUTES: i32 = 30;

/// Mails a reset link when `email` belongs to an active account; silent otherwise, so the answer reveals nothing.
/// A client network asking too often is refused (429); an address already sent its share of links this hour gets
/// no more mail, answered alike (nobody can flood someone's mailbox through this form).
pub async fn request_reset(
    pool: &Pool,
    public_url: &str,
    email: &str,
    origin: &Origin,
) -> Result<(), ApiError> {
    let email = email.trim();
    let mut client = pool.get().await?;
    if let Some(network) = origin.throttle_key() {
        rate_limit::take_or_refuse(&client, FORGOT_PER_CLIENT, &network).await?;
    }
    if !policy::email_looks_valid(email)
        || rate_limit::take(&client, FORGOT_PER_TARGET, email, 1)
            .await?
            .is_err()
    {
        return Ok(());
    }
    let transaction = client.transaction().await?;
    let user = transaction
        .query_opt(
            "SELECT id, c_name, c_email FROM users WHERE lower(c_email) = lower($1) AND n_active = 1",
            &[&email],
        )
        .await?;
    if let Some(user) = user {
        let id: i64 = user.try_get(0)?;
        let name: String = user.try_get(1)?;
        let address: String = user.try_get(2)?;
        let reset_token = token::generate()?;
        transaction
            .execute(
                "INSERT INTO password_reset (n_user_id, c_token_hash, d_expires_at, c_client_ip)
                 VALUES ($1, $2, now() + make_interval(mins => $3), $4)",
                &[
                    &id,
                    &token::hash(&reset_token),
                    &RESET_MINUTES,
                    &origin.address,
                ],
            )
            .await?;
        let link = format!("{public_url}/resetp?token={reset_token}");
        let body = format!(
            "Dear {name},\n\nSomeone (hopefully you) asked to reset the password of your Metro PMIS account.\n\
             Choose a new password here within {RESET_MINUTES} minutes; the link works once:\n\n{link}\n\n\
             If you did not ask for this, ignore this message: your password stays as it is.\n"
        );
        mail::enqueue(
            &transaction,
            &address,
            "Metro PMIS: reset your password",
            &body,
            Purpose::PasswordReset,
        )
        .await?;
    }
    transaction.commit().await?;
    Ok(())
}

/// Spends a reset link: sets `password` on its account and ends the account's sessions; the account's id.
pub async fn reset_password(
    pool: &Pool,
    reset_token: &str,
    password: &str,
) -> Result<i64, ApiError> {
    let invalid = || {
        ApiError::BadRequest("The reset link is invalid, used or expired; ask for a new one".into())
    };
    let mut client = pool.get().await?;
    let transaction = client.transaction().await?;
    let row = transaction
        .query_opt(
            "SELECT r.id, u.id, u.c_username FROM password_reset r JOIN users u ON u.id = r.n_user_id
             WHERE r.c_token_hash = $1 AND r.d_used_at IS NULL AND r.d_expires_at > now() AND u.n_active = 1
             FOR UPDATE OF r",
            &[&token::hash(reset_token.trim())],
        )
        .await?
        .ok_or_else(invalid)?;
    let reset_id: i64 = row.try_get(0)?;
    let user_id: i64 = row.try_get(1)?;
    let username: String = row.try_get(2)?;
    accounts::change_password(
        &transaction,
        user_id,
        &username,
        password,
        Some(user_id),
        "password-reset",
    )
    .await?;
    transaction
        .execute(
            "UPDATE password_reset SET d_used_at = now() WHERE id = $1",
            &[&reset_id],
        )
        .await?;
    transaction.commit().await?;
    Ok(user_id)
}
