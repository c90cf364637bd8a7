//! Copies and reminders as one mail a day, for the people who ask for it (`users.n_mail_digest`, set on their own
//! Mail preferences or by an administrator).
//!
//! - [`deliver`] is how a copy (of a hand-off to someone else, of a record's distribution) or a due-date reminder
//!   reaches a person: queued in `mail_outbox` at once, or kept in `mail_digest_item` for their digest. Either
//!   way in the caller's transaction, so it exists exactly when the change that caused it does. The hand-off
//!   mail to the person a record now waits on never comes here: it always goes at once.
//! - [`Digests`] sends each person's digest once a day, at `DIGEST_HOUR` in `TIME_ZONE` or later, on every
//!   gateway: the day's digest is claimed by inserting its `mail_digest` row (`ON CONFLICT DO NOTHING`) in the
//!   transaction that queues it, so a second gateway finds the row and sends nothing, and a person never gets
//!   two digests on one day. What arrives after the day's digest waits for the next.

use std::time::Duration;

use deadpool_postgres::{GenericClient, Pool};

use crate::base::mail::{self, Purpose};
use crate::console::daily_pass::DailyPass;
use crate::error::ApiError;
use crate::ops::config::MailSettings;

/// A message about a record for one person: the subject and the text between the greeting and the signature.
pub struct Notice<'a> {
    pub subject: &'a str,
    /// The message's text, ending with a line break ("For your information: …\n\nOpen it: …\n").
    pub text: &'a str,
    pub purpose: Purpose,
}

/// What [`deliver`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivered {
    /// Queued in the outbox.
    Mailed,
    /// Kept for the person's daily digest.
    Collected,
    /// Nobody to send it to (an inactive or unknown user).
    Nobody,
}

/// Queues `notice` for the active user `user`, or keeps it for their digest when they asked for one.
pub async fn deliver(
    client: &impl GenericClient,
    user: i64,
    notice: &Notice<'_>,
) -> Result<Delivered, ApiError> {
    let Some(row) = client
        .query_opt(
            "SELECT c_email, c_name, n_mail_digest = 1 FROM users WHERE id = $1 AND n_active = 1",
            &[&user],
        )
        .await?
    else {
        return Ok(Delivered::Nobody);
    };
    let email: String = row.try_get(0)?;
    let name: String = row.try_get(1)?;
    let digest: bool = row.try_get(2)?;
    if digest {
        client
            .execute(
                "INSERT INTO mail_digest_item (n_user, c_subject, c_body, c_purpose) VALUES ($1, $2, $3, $4)",
                &[&user, &notice.subject, &notice.text, &notice.purpose.as_str()],
            )
            .await?;
        return Ok(Delivered::Collected);
    }
    let body = format!(
        "Dear {name},\n\n{}\nThis message was sent by Metro PMIS.\n",
        notice.text
    );
    mail::enqueue(client, &email, notice.subject, &body, notice.purpose).await?;
    Ok(Delivered::Mailed)
}

/// Sent digests and the items they carried are kept this long, then removed by the digest pass.
const KEEP_DAYS: i32 = 90;

/// The daily digests: one mail per person and day with everything kept for them since their last one.
#[derive(Clone)]
pub struct Digests {
    pool: Pool,
    time_zone: String,
    hour: u32,
    poll: Duration,
}

/// What one pass did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct DigestPass {
    /// Digests queued.
    pub digests: u32,
    /// Items they carried.
    pub items: u32,
}

impl Digests {
    pub fn new(pool: Pool, settings: &MailSettings) -> Self {
        Digests {
            pool,
            time_zone: settings.time_zone.clone(),
            hour: settings.digest_hour,
            poll: settings.workflow_poll,
        }
    }

    /// Every `WORKFLOW_MAIL_POLL_MS` (first after one interval), from `DIGEST_HOUR` on: a pass. Runs for ever,
    /// logging failures (the next pass tries again).
    pub async fn run(self) {
        DailyPass {
            pool: &self.pool,
            time_zone: &self.time_zone,
            hour: self.hour,
            poll: self.poll,
            done: "daily digests queued",
            failed: "daily digest pass failed",
        }
        .run(|| self.run_once())
        .await
    }

    /// Queues today's digest of every active person with items waiting who has not had one today (whatever the
    /// hour: the periodic task waits for `DIGEST_HOUR`), and removes digests older than 90 days.
    pub async fn run_once(&self) -> Result<DigestPass, ApiError> {
        let mut client = self.pool.get().await?;
        let today: String = client
            .query_one(
                "SELECT ((now() AT TIME ZONE $1)::date)::text",
                &[&self.time_zone],
            )
            .await?
            .try_get(0)?;
        let people: Vec<i64> = client
            .query(
                "SELECT DISTINCT i.n_user FROM mail_digest_item i JOIN users u ON u.id = i.n_user AND u.n_active = 1
                 WHERE i.d_sent_at IS NULL
                   AND NOT EXISTS (SELECT 1 FROM mail_digest d WHERE d.n_user = i.n_user AND d.d_day = $1::text::date)
                 ORDER BY 1",
                &[&today],
            )
            .await?
            .iter()
            .map(|row| row.try_get(0))
            .collect::<Result<_, _>>()?;
        let mut pass = DigestPass::default();
        for user in people {
            let items = self.send_one(&mut client, user, &today).await?;
            if items > 0 {
                pass.digests += 1;
                pass.items += items;
            }
        }
        client
            .execute(
                "DELETE FROM mail_digest_item WHERE d_sent_at < now() - make_interval(days => $1)",
                &[&KEEP_DAYS],
            )
            .await?;
        client
            .execute(
                "DELETE FROM mail_digest WHERE d_day < $1::text::date - $2::int4",
                &[&today, &KEEP_DAYS],
            )
            .await?;
        Ok(pass)
    }

    /// One person's digest of `day`: claimed, composed, queued and marked in one transaction; the number of items
    /// it carries (0 when it was sent already, by this gateway or another, or nothing waits).
    async fn send_one(
        &self,
        client: &mut deadpool_postgres::Object,
        user: i64,
        day: &str,
    ) -> Result<u32, ApiError> {
        let transaction = client.transaction().await?;
        // Waits for a gateway claiming the same digest to finish; then finds its row and sends nothing.
        let claimed = transaction
            .query_opt(
                "INSERT INTO mail_digest (n_user, d_day, n_items) VALUES ($1, $2::text::date, 0)
                 ON CONFLICT DO NOTHING RETURNING 1",
                &[&user, &day],
            )
            .await?;
        if claimed.is_none() {
            return Ok(0);
        }
        let Some(person) = transaction
            .query_opt(
                "SELECT c_email, c_name FROM users WHERE id = $1 AND n_active = 1",
                &[&user],
            )
            .await?
        else {
            return Ok(0);
        };
        let email: String = person.try_get(0)?;
        let name: String = person.try_get(1)?;
        let rows = transaction
            .query(
                "SELECT id, c_subject, c_body, to_char(d_at AT TIME ZONE $2, 'DD Mon, YYYY, HH24:MI')
                 FROM mail_digest_item WHERE n_user = $1 AND d_sent_at IS NULL ORDER BY id FOR UPDATE",
                &[&user, &self.time_zone],
            )
            .await?;
        if rows.is_empty() {
            return Ok(0);
        }
        let mut ids = Vec::with_capacity(rows.len());
        let mut items = String::new();
        for (index, row) in rows.iter().enumerate() {
            ids.push(row.try_get::<_, i64>(0)?);
            let subject: String = row.try_get(1)?;
            let text: String = row.try_get(2)?;
            let at: String = row.try_get(3)?;
            items.push_str(&format!("{}. {subject} ({at})\n", index + 1));
            for line in text.lines() {
                if line.trim().is_empty() {
                    items.push('\n');
                } else {
                    items.push_str(&format!("   {line}\n"));
                }
            }
            items.push('\n');
        }
        let count = rows.len();
        let day_text = schema_registry::record::human_date(day);
        let messages = if count == 1 { "message" } else { "messages" };
        let subject = format!("Your Metro PMIS digest for {day_text}: {count} {messages}");
        let body = format!(
            "Dear {name},\n\nThe {count} {messages} kept for you since your last digest, oldest first:\n\n{items}\
             You asked for one mail a day instead of a mail for each copy and reminder; the mail telling you\n\
             that a record waits on you still comes at once. Change it under your name in the console's\n\
             header, Mail preferences.\n\nThis message was sent by Metro PMIS.\n"
        );
        let outbox = mail::enqueue(&transaction, &email, &subject, &body, Purpose::Digest).await?;
        transaction
            .execute(
                "UPDATE mail_digest_item SET d_sent_at = now(), n_outbox = $2 WHERE id = ANY($1)",
                &[&ids, &outbox],
            )
            .await?;
        let items = i32::try_from(count).unwrap_or(i32::MAX);
        transaction
            .execute(
                "UPDATE mail_digest SET n_items = $3, n_outbox = $4 WHERE n_user = $1 AND d_day = $2::text::date",
                &[&user, &day, &items, &outbox],
            )
            .await?;
        transaction.commit().await?;
        Ok(u32::try_from(count).unwrap_or(u32::MAX))
    }
}
