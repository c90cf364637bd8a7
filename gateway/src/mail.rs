//! Outgoing mail. Messages are queued in `mail_outbox` in the caller's transaction, so a message exists exactly
//! when the change that caused it does; administrators read the outbox, and a sender (SMTP, with the reminders
//! issue) delivers it.

use deadpool_postgres::GenericClient;

use crate::error::ApiError;

/// Why a message was sent (kept with it, for administrators reading the outbox).
#[derive(Debug, Clone, Copy)]
pub enum Purpose {
    PasswordReset,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::PasswordReset => "password-reset",
        }
    }
}

pub async fn enqueue(
    client: &impl GenericClient,
    to: &str,
    subject: &str,
    body: &str,
    purpose: Purpose,
) -> Result<i64, ApiError> {
    let row = client
        .query_one(
            "INSERT INTO mail_outbox (c_to, c_subject, c_body, c_purpose) VALUES ($1, $2, $3, $4) RETURNING id",
            &[&to, &subject, &body, &purpose.as_str()],
        )
        .await?;
    Ok(row.try_get(0)?)
}
