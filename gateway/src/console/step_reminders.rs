//! Due-date reminders of workflow steps (`[workflow.reminders]` of a register): the person a record waits on is
//! mailed `before` days ahead of the step's due date (the state's `due`, else the workflow's), and each day while
//! the step is overdue (for at most `overdue_days`), about the record (number, title, the step) with a link that
//! opens it; only when they can open the record (active, within its package scope).
//!
//! The task runs on every gateway, every `WORKFLOW_MAIL_POLL_MS` from `REMINDER_HOUR` on. Each reminder is
//! claimed by inserting its `workflow_reminder` row (entry, key, state, day: `ON CONFLICT DO NOTHING RETURNING`)
//! in the transaction that queues the mail (or keeps it for the person's digest), so two gateways never send the
//! same reminder and a step gets at most one a day.

use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Object, Pool};
use schema_registry::process::{self as sql, DueReminderColumns as Column};
use schema_registry::workflow::WorkflowDef;
use schema_registry::{Entry, Registry};

use crate::base::mail::Purpose;
use crate::console::daily_pass::DailyPass;
use crate::console::digest::{self, Delivered, Notice};
use crate::error::ApiError;
use crate::ops::config::MailSettings;
use crate::pipeline::execute::{internal, query};
use crate::pipeline::reference::References;

/// `workflow_reminder` rows are kept this long (a step is reminded at most `overdue_days` after its date).
const KEEP_DAYS: i32 = 90;

#[derive(Clone)]
pub struct StepReminders {
    pool: Pool,
    registry: Arc<Registry>,
    references: Arc<References>,
    public_url: String,
    time_zone: String,
    hour: u32,
    poll: Duration,
}

/// What one pass did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ReminderPass {
    /// Reminders queued in the outbox.
    pub mailed: u32,
    /// Reminders kept for a digest.
    pub collected: u32,
}

/// One record whose step is to be reminded of today.
struct Due {
    key: String,
    state: String,
    user: i64,
    number: Option<String>,
    title: Option<String>,
    due: String,
    days: i32,
}

impl StepReminders {
    pub fn new(
        pool: Pool,
        registry: Arc<Registry>,
        references: Arc<References>,
        settings: &MailSettings,
        public_url: String,
    ) -> Self {
        StepReminders {
            pool,
            registry,
            references,
            public_url,
            time_zone: settings.time_zone.clone(),
            hour: settings.reminder_hour,
            poll: settings.workflow_poll,
        }
    }

    /// Every `WORKFLOW_MAIL_POLL_MS` (first after one interval), from `REMINDER_HOUR` on: a pass. Runs for ever,
    /// logging failures (the next pass tries again).
    pub async fn run(self) {
        DailyPass {
            pool: &self.pool,
            time_zone: &self.time_zone,
            hour: self.hour,
            poll: self.poll,
            done: "due-date reminders of workflow steps queued",
            failed: "due-date reminder pass failed",
        }
        .run(|| self.run_once())
        .await
    }

    /// Reminds of every step due per its register's rule today (the programme's date in `TIME_ZONE`), whatever the
    /// hour (the periodic task waits for `REMINDER_HOUR`); what was reminded today already is not again.
    pub async fn run_once(&self) -> Result<ReminderPass, ApiError> {
        let mut client = self.pool.get().await?;
        let today: String = client
            .query_one(
                "SELECT ((now() AT TIME ZONE $1)::date)::text",
                &[&self.time_zone],
            )
            .await?
            .try_get(0)?;
        let mut pass = ReminderPass::default();
        for entry in self.registry.entries() {
            let Some(workflow) = entry.workflow() else {
                continue;
            };
            let Some(read) = sql::due_reminders_sql(entry, workflow, &today).map_err(internal)?
            else {
                continue;
            };
            let rows = query(&client, &read).await?;
            for row in rows {
                let due = Due {
                    key: row.try_get(Column::KEY)?,
                    state: row.try_get(Column::STATE)?,
                    user: row.try_get(Column::USER)?,
                    number: row.try_get(Column::NUMBER)?,
                    title: row.try_get(Column::TITLE)?,
                    due: row.try_get(Column::DUE)?,
                    days: row.try_get(Column::DAYS)?,
                };
                match self
                    .remind(&mut client, entry, workflow, &due, &today)
                    .await?
                {
                    Delivered::Mailed => pass.mailed += 1,
                    Delivered::Collected => pass.collected += 1,
                    Delivered::Nobody => {}
                }
            }
        }
        client
            .execute(
                "DELETE FROM workflow_reminder WHERE d_day < $1::text::date - $2::int4",
                &[&today, &KEEP_DAYS],
            )
            .await?;
        Ok(pass)
    }

    /// Claims today's reminder of the step and queues it (or keeps it for a digest), in one transaction;
    /// `Nobody` when it was claimed already, by this gateway or another.
    async fn remind(
        &self,
        client: &mut Object,
        entry: &Entry,
        workflow: &WorkflowDef,
        due: &Due,
        today: &str,
    ) -> Result<Delivered, ApiError> {
        let transaction = client.transaction().await?;
        let kind = if due.days < 0 { "overdue" } else { "before" };
        // Waits for a gateway claiming the same reminder to finish; then finds its row and sends nothing.
        let claimed = transaction
            .query_opt(
                "INSERT INTO workflow_reminder (c_entry, c_key, c_state, d_day, c_kind, n_user, d_due)
                 VALUES ($1, $2, $3, $4::text::date, $5, $6, $7::text::date)
                 ON CONFLICT DO NOTHING RETURNING 1",
                &[
                    &entry.name,
                    &due.key,
                    &due.state,
                    &today,
                    &kind,
                    &due.user,
                    &due.due,
                ],
            )
            .await?;
        if claimed.is_none() {
            return Ok(Delivered::Nobody);
        }
        let (subject, text) = self.message(entry, workflow, due)?;
        let delivered = digest::deliver(
            &transaction,
            due.user,
            &Notice {
                subject: &subject,
                text: &text,
                purpose: Purpose::DueReminder,
            },
        )
        .await?;
        transaction.commit().await?;
        Ok(delivered)
    }

    /// The reminder's subject and text: which record, its step, when it is due or how long overdue, and a link.
    fn message(
        &self,
        entry: &Entry,
        workflow: &WorkflowDef,
        due: &Due,
    ) -> Result<(String, String), ApiError> {
        let kind = entry.singular();
        let number = due
            .number
            .clone()
            .unwrap_or_else(|| format!("{kind} {}", due.key));
        let step = workflow
            .state(&due.state)
            .map_or(due.state.as_str(), |s| s.label());
        let date = schema_registry::record::human_date(&due.due);
        let route = entry.def.routes.first().map_or("/", String::as_str);
        let link = match due.key.parse::<i64>() {
            Ok(id) => format!(
                "{}{route}?record={}",
                self.public_url,
                self.references.encode(&entry.name, id)?
            ),
            Err(_) => format!("{}{route}", self.public_url),
        };
        let days = due.days.unsigned_abs();
        let plural = if days == 1 { "day" } else { "days" };
        let (subject, opening) = match due.days {
            0 => (
                format!("Reminder: {kind} {number} is due today"),
                format!("{kind} {number} is waiting on you ({step}) and is due today, {date}."),
            ),
            1 => (
                format!("Reminder: {kind} {number} is due tomorrow"),
                format!("{kind} {number} is waiting on you ({step}) and is due tomorrow, {date}."),
            ),
            d if d > 1 => (
                format!("Reminder: {kind} {number} is due in {days} days"),
                format!("{kind} {number} is waiting on you ({step}) and is due in {days} days, on {date}."),
            ),
            _ => (
                format!("Overdue: {kind} {number} is {days} {plural} overdue"),
                format!(
                    "{kind} {number} is waiting on you ({step}) and was due on {date}: it is {days} {plural} overdue."
                ),
            ),
        };
        let title = due.title.as_deref().unwrap_or_default();
        let text = format!("{opening}\n\nTitle: {title}\nDue: {date}\n\nOpen it: {link}\n");
        Ok((subject, text))
    }
}
