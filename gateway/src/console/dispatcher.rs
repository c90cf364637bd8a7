//! The background sender, on every replica: due reminders go to their owner and recipients, and mail queued in
//! `mail_outbox` goes out when SMTP is configured.
//!
//! Each message is claimed in its own transaction with `FOR UPDATE … SKIP LOCKED`, so two replicas never take the
//! same one; the row stays locked while the SMTP server is asked, and is marked sent only when the server accepted
//! the message. A failed send keeps the error, counts the attempt and waits (`MAIL_RETRY_BASE_MS`, doubling up to
//! an hour) before the next try. A due reminder goes to each of its people in a message of their own (nobody sees
//! the others' addresses), each recorded in the outbox, where a refused one waits for its retry. Without SMTP the
//! outbox is the configured delivery and the reminder counts as sent.

use std::time::Duration;

use deadpool_postgres::{Pool, Transaction};

use crate::base::mail::{self, Mailer, Purpose};
use crate::error::ApiError;
use crate::ops::config::MailSettings;

/// Retries wait at most this long.
const MAX_RETRY_WAIT: Duration = Duration::from_secs(3600);

/// What one pass did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    pub reminders_sent: u32,
    pub reminders_failed: u32,
    pub outbox_sent: u32,
    pub outbox_failed: u32,
}

#[derive(Clone)]
pub struct Dispatcher {
    pool: Pool,
    mailer: Mailer,
    settings: MailSettings,
    public_url: String,
}

/// A due reminder, claimed.
struct DueReminder {
    id: i64,
    title: String,
    url: String,
    plan: String,
    scheduled: String,
    owner_name: String,
    to: Vec<String>,
}

impl Dispatcher {
    pub fn new(pool: Pool, mailer: Mailer, settings: MailSettings, public_url: String) -> Self {
        Dispatcher {
            pool,
            mailer,
            settings,
            public_url,
        }
    }

    /// Runs a pass every `MAIL_POLL_MS`; runs for ever, logging failures (the next pass tries again).
    pub async fn run(self) {
        let mut ticker = tokio::time::interval(self.settings.poll);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticker.tick().await;
            match self.run_once().await {
                Ok(pass) if pass != Pass::default() => tracing::info!(?pass, "mail dispatched"),
                Ok(_) => {}
                Err(error) => {
                    tracing::warn!(%error, "mail dispatch pass failed; retrying next pass")
                }
            }
        }
    }

    /// Sends everything that is due now.
    pub async fn run_once(&self) -> Result<Pass, ApiError> {
        let mut pass = Pass::default();
        while let Some(sent) = self.next_reminder().await? {
            if sent {
                pass.reminders_sent += 1;
            } else {
                pass.reminders_failed += 1;
            }
        }
        if self.mailer.smtp_configured() {
            while let Some(sent) = self.next_queued().await? {
                if sent {
                    pass.outbox_sent += 1;
                } else {
                    pass.outbox_failed += 1;
                }
            }
        }
        Ok(pass)
    }

    /// Claims and sends one due reminder; `None` when none is due (or all due ones are taken by other replicas).
    async fn next_reminder(&self) -> Result<Option<bool>, ApiError> {
        let mut client = self.pool.get().await?;
        let transaction = client.transaction().await?;
        self.allow_send_time(&transaction).await?;
        let Some(reminder) = self.claim_reminder(&transaction).await? else {
            return Ok(None);
        };
        let subject = format!("Reminder: {}", reminder.title);
        let body = self.reminder_body(&reminder);
        // One message per recipient, each with its own retries: nobody sees the others' addresses, and one
        // refused address does not hold back (or repeat) the rest.
        let mut sent = true;
        for address in &reminder.to {
            let outcome = if self.mailer.smtp_configured() {
                self.mailer
                    .send(std::slice::from_ref(address), &subject, &body)
                    .await
            } else {
                Ok(())
            };
            let (delivered, error) = match outcome {
                Ok(()) => (self.mailer.smtp_configured(), None),
                Err(error) => {
                    sent = false;
                    tracing::warn!(reminder = reminder.id, %error, "a reminder message was not accepted; queued for retry");
                    (false, Some(error.to_string()))
                }
            };
            // Kept in the outbox: as the delivery itself without SMTP, as a record of what was sent with it, and
            // as the queue that retries a refused message.
            let retry = error.as_ref().map(|_| self.retry_wait(1).as_secs_f64());
            transaction
                .execute(
                    "INSERT INTO mail_outbox (c_to, c_subject, c_body, c_purpose, n_reminder_id, d_sent_at, n_attempts,
                                              c_last_error, d_next_attempt_at)
                     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 THEN now() END, CASE WHEN $6 OR $7::text IS NOT NULL THEN 1 ELSE 0 END,
                             $7, now() + make_interval(secs => coalesce($8::float8, 0)))",
                    &[&address, &subject, &body, &Purpose::Reminder.as_str(), &reminder.id, &delivered, &error, &retry],
                )
                .await?;
        }
        // Dispatched: each message is now the outbox's to deliver or retry.
        transaction
            .execute(
                "UPDATE reminder SET n_sent_status = 1, d_sent_at = now(), n_send_attempts = n_send_attempts + 1,
                        c_last_error = CASE WHEN $2 THEN NULL ELSE 'a message was refused; the outbox retries it' END,
                        d_next_attempt_at = NULL
                 WHERE id = $1",
                &[&reminder.id, &sent],
            )
            .await?;
        transaction.commit().await?;
        Ok(Some(sent))
    }

    async fn claim_reminder(
        &self,
        transaction: &Transaction<'_>,
    ) -> Result<Option<DueReminder>, ApiError> {
        let Some(row) = transaction
            .query_opt(
                "SELECT r.id, r.c_title, r.c_url, coalesce(r.c_detailed_action_plan, ''),
                        to_char(r.d_scheduled_date_time AT TIME ZONE $1, 'DD Mon YYYY, HH24:MI'),
                        u.c_name, u.c_email
                 FROM reminder r JOIN users u ON u.id = r.n_user_id
                 WHERE r.n_sent_status = 0 AND r.d_scheduled_date_time <= now()
                   AND coalesce(r.d_next_attempt_at, '-infinity') <= now()
                 ORDER BY r.d_scheduled_date_time, r.id
                 LIMIT 1
                 FOR UPDATE OF r SKIP LOCKED",
                &[&self.settings.time_zone],
            )
            .await?
        else {
            return Ok(None);
        };
        let id: i64 = row.try_get(0)?;
        let owner_email: String = row.try_get(6)?;
        let recipients = transaction
            .query(
                "SELECT coalesce(u.c_email, rr.c_email)
                 FROM reminder_recipient rr LEFT JOIN users u ON u.id = rr.n_user_id AND u.n_active = 1
                 WHERE rr.n_reminder_id = $1 AND coalesce(u.c_email, rr.c_email) IS NOT NULL
                 ORDER BY rr.id",
                &[&id],
            )
            .await?;
        let mut to = vec![owner_email];
        for row in recipients {
            let address: String = row.try_get(0)?;
            // The form allows picking a person twice; they get one copy.
            if !to.iter().any(|known| known.eq_ignore_ascii_case(&address)) {
                to.push(address);
            }
        }
        Ok(Some(DueReminder {
            id,
            title: row.try_get(1)?,
            url: row.try_get(2)?,
            plan: row.try_get(3)?,
            scheduled: row.try_get(4)?,
            owner_name: row.try_get(5)?,
            to,
        }))
    }

    /// Claims and sends one queued message; `None` when nothing is waiting.
    async fn next_queued(&self) -> Result<Option<bool>, ApiError> {
        let mut client = self.pool.get().await?;
        let transaction = client.transaction().await?;
        self.allow_send_time(&transaction).await?;
        let Some(row) = transaction
            .query_opt(
                "SELECT id, c_to, c_subject, c_body, n_attempts FROM mail_outbox
                 WHERE d_sent_at IS NULL AND d_next_attempt_at <= now()
                 ORDER BY id LIMIT 1
                 FOR UPDATE SKIP LOCKED",
                &[],
            )
            .await?
        else {
            return Ok(None);
        };
        let id: i64 = row.try_get(0)?;
        let to: String = row.try_get(1)?;
        let attempts: i32 = row.try_get(4)?;
        let addresses: Vec<String> = to
            .split(',')
            .map(|a| a.trim().to_owned())
            .filter(|a| !a.is_empty())
            .collect();
        let subject: String = row.try_get(2)?;
        let body: String = row.try_get(3)?;
        let attachments = mail::attachments_of(&transaction, id).await?;
        let sent = match self
            .mailer
            .send_with(&addresses, &subject, &body, &attachments)
            .await
        {
            Ok(()) => {
                transaction
                    .execute(
                        "UPDATE mail_outbox SET d_sent_at = now(), n_attempts = n_attempts + 1, c_last_error = NULL
                         WHERE id = $1",
                        &[&id],
                    )
                    .await?;
                true
            }
            Err(error) => {
                let wait = self.retry_wait(attempts + 1);
                tracing::warn!(outbox = id, attempt = attempts + 1, %error, "queued mail not accepted; will retry");
                transaction
                    .execute(
                        "UPDATE mail_outbox SET n_attempts = n_attempts + 1, c_last_error = $2,
                                d_next_attempt_at = now() + make_interval(secs => $3)
                         WHERE id = $1",
                        &[&id, &error.to_string(), &wait.as_secs_f64()],
                    )
                    .await?;
                false
            }
        };
        transaction.commit().await?;
        Ok(Some(sent))
    }

    /// The claim's transaction stays open while the SMTP server answers: allow that long (plus a margin) before
    /// the server's idle-in-transaction limit ends it.
    async fn allow_send_time(&self, transaction: &Transaction<'_>) -> Result<(), ApiError> {
        let limit = format!(
            "{}ms",
            (self.settings.send_timeout + Duration::from_secs(10)).as_millis()
        );
        transaction
            .execute(
                "SELECT set_config('idle_in_transaction_session_timeout', $1, true)",
                &[&limit],
            )
            .await?;
        Ok(())
    }

    /// The wait before attempt `attempt + 1`: the base, doubled per failed attempt, at most an hour.
    fn retry_wait(&self, attempt: i32) -> Duration {
        let doublings = u32::try_from(attempt.saturating_sub(1))
            .unwrap_or(0)
            .min(20);
        self.settings
            .retry_base
            .saturating_mul(1 << doublings)
            .min(MAX_RETRY_WAIT)
    }

    fn reminder_body(&self, reminder: &DueReminder) -> String {
        let link = if reminder.url.starts_with('/') {
            format!("{}{}", self.public_url, reminder.url)
        } else {
            reminder.url.clone()
        };
        let mut body = format!(
            "Reminder set by {} for {}.\n\n{}\n",
            reminder.owner_name, reminder.scheduled, reminder.title
        );
        if !reminder.plan.trim().is_empty() {
            body.push_str(&format!(
                "\nDetailed action plan:\n{}\n",
                reminder.plan.trim()
            ));
        }
        body.push_str(&format!("\nOpen: {link}\n\n-- \nMetro PMIS\n"));
        body
    }
}
