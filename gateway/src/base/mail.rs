//! Outgoing mail. Two ways out:
//! - `enqueue` puts a message in `mail_outbox` in the caller's transaction, so it exists exactly when the change
//!   that caused it does (password resets). The dispatcher delivers queued mail when SMTP is configured; without
//!   SMTP the outbox is where administrators read it.
//! - [`Mailer::send`] hands a message to the SMTP server now (the dispatcher, for due reminders), so the caller
//!   knows whether the server accepted it.

use std::time::Duration;

use deadpool_postgres::GenericClient;
use lettre::message::header::ContentType;
use lettre::message::{Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::error::ApiError;
use crate::ops::config::MailSettings;

/// Why a message was sent (kept with it, for administrators reading the outbox).
#[derive(Debug, Clone, Copy)]
pub enum Purpose {
    PasswordReset,
    Reminder,
    /// A notice about the account (a registration with the address of an existing one).
    Notice,
    /// A workflow handed a record to the recipient (or a copy of that).
    Workflow,
    /// A step of a record waiting on the recipient is due soon, or overdue.
    DueReminder,
    /// A person's daily digest of copies and reminders.
    Digest,
    /// A custom report mailed on its schedule.
    Report,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::PasswordReset => "password-reset",
            Purpose::Reminder => "reminder",
            Purpose::Notice => "notice",
            Purpose::Workflow => "workflow",
            Purpose::DueReminder => "due-reminder",
            Purpose::Digest => "digest",
            Purpose::Report => "report",
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

/// A file sent with a message.
#[derive(Debug, Clone)]
pub struct Attachment {
    pub file_name: String,
    pub content_type: String,
    pub content: Vec<u8>,
}

/// [`enqueue`] with files: kept beside the message (`mail_attachment`) and sent with it.
pub async fn enqueue_with(
    client: &impl GenericClient,
    to: &str,
    subject: &str,
    body: &str,
    purpose: Purpose,
    attachments: &[Attachment],
) -> Result<i64, ApiError> {
    let id = enqueue(client, to, subject, body, purpose).await?;
    for attachment in attachments {
        client
            .execute(
                "INSERT INTO mail_attachment (n_outbox, c_file_name, c_content_type, b_content)
                 VALUES ($1, $2, $3, $4)",
                &[
                    &id,
                    &attachment.file_name,
                    &attachment.content_type,
                    &attachment.content,
                ],
            )
            .await?;
    }
    Ok(id)
}

/// The files queued with message `outbox`, in the order they were added.
pub async fn attachments_of(
    client: &impl GenericClient,
    outbox: i64,
) -> Result<Vec<Attachment>, ApiError> {
    let rows = client
        .query(
            "SELECT c_file_name, c_content_type, b_content FROM mail_attachment WHERE n_outbox = $1 ORDER BY id",
            &[&outbox],
        )
        .await?;
    rows.iter()
        .map(|row| {
            Ok(Attachment {
                file_name: row.try_get(0)?,
                content_type: row.try_get(1)?,
                content: row.try_get(2)?,
            })
        })
        .collect()
}

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("SMTP_URL is not a usable SMTP address: {0}")]
    InvalidUrl(String),
    #[error("MAIL_FROM is not a mailbox (`Name <address@host>` or `address@host`): {0}")]
    InvalidFrom(String),
    #[error("`{0}` is not an e-mail address")]
    InvalidRecipient(String),
    #[error("a message needs at least one recipient")]
    NoRecipients,
    #[error("the message could not be built: {0}")]
    Build(String),
    #[error("no SMTP server is configured (SMTP_URL)")]
    NotConfigured,
    #[error("the SMTP server did not accept the message: {0}")]
    Smtp(String),
}

/// The configured way of sending mail now: an SMTP transport, or none (outbox only).
#[derive(Clone)]
pub struct Mailer {
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
}

impl Mailer {
    /// From the settings; an unusable `SMTP_URL` or `MAIL_FROM` stops the start with the reason.
    pub fn from_settings(settings: &MailSettings) -> Result<Mailer, MailError> {
        let from = settings
            .from
            .parse::<Mailbox>()
            .map_err(|e| MailError::InvalidFrom(e.to_string()))?;
        let transport = match &settings.smtp_url {
            None => None,
            Some(url) => Some(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| MailError::InvalidUrl(e.to_string()))?
                    .timeout(Some(settings.send_timeout.max(Duration::from_millis(100))))
                    .build(),
            ),
        };
        Ok(Mailer { transport, from })
    }

    pub fn smtp_configured(&self) -> bool {
        self.transport.is_some()
    }

    /// Sends one plain-text message to every address in `to` (one message, all recipients visible); `Ok` means
    /// the SMTP server accepted it.
    pub async fn send(&self, to: &[String], subject: &str, body: &str) -> Result<(), MailError> {
        self.send_with(to, subject, body, &[]).await
    }

    /// [`send`](Self::send) with files attached (a multipart message: the text, then each file).
    pub async fn send_with(
        &self,
        to: &[String],
        subject: &str,
        body: &str,
        attachments: &[Attachment],
    ) -> Result<(), MailError> {
        let transport = self.transport.as_ref().ok_or(MailError::NotConfigured)?;
        if to.is_empty() {
            return Err(MailError::NoRecipients);
        }
        let mut builder = Message::builder().from(self.from.clone()).subject(subject);
        for address in to {
            let mailbox = address
                .parse::<Mailbox>()
                .map_err(|_| MailError::InvalidRecipient(address.clone()))?;
            builder = builder.to(mailbox);
        }
        let built = if attachments.is_empty() {
            builder
                .header(ContentType::TEXT_PLAIN)
                .body(body.to_owned())
        } else {
            let mut parts = MultiPart::mixed().singlepart(SinglePart::plain(body.to_owned()));
            for attachment in attachments {
                let content_type = ContentType::parse(&attachment.content_type)
                    .map_err(|e| MailError::Build(e.to_string()))?;
                parts = parts.singlepart(
                    lettre::message::Attachment::new(attachment.file_name.clone())
                        .body(attachment.content.clone(), content_type),
                );
            }
            builder.multipart(parts)
        };
        let message = built.map_err(|e| MailError::Build(e.to_string()))?;
        transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| MailError::Smtp(e.to_string()))
    }
}

/// Whether `text` is an address a message can be sent to (what the reminder form accepts as a recipient).
pub fn is_address(text: &str) -> bool {
    text.parse::<lettre::Address>().is_ok()
}
