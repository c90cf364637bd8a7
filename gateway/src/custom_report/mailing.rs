//! Scheduled custom reports: each report with a schedule is mailed once per period (the day; the week from
//! Monday; the month from the 1st), from `DIGEST_HOUR` in `TIME_ZONE`, to its owner and everyone it is shared
//! with. Each person gets the report as they may read it (their own packages and columns), as an Excel workbook
//! attached to a short message with a link to the report in the console; a person who may no longer open custom
//! reports or export the register gets nothing, one whose report no longer compiles gets the reason.
//!
//! On every gateway: a period's mailing is claimed by inserting its `custom_report_mailing` row (`ON CONFLICT DO
//! NOTHING`) in the transaction that queues the mails, so a second gateway waits for the first, finds the row and
//! sends nothing; the outbox's dispatcher delivers them.

use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::Pool;
use schema_registry::Registry;

use super::files::{self, Printed, ReportFormat};
use super::{run, Use, EXPORT_ROWS, ROUTE};
use crate::auth::session::caller_of_user;
use crate::base::mail::{self, Attachment, Purpose};
use crate::console::daily_pass::DailyPass;
use crate::error::ApiError;
use crate::ops::config::MailSettings;
use crate::pipeline::compile::filter_cache::FilterCache;
use crate::pipeline::report_definition::ReportDefinition;

/// Mailings done are kept this long.
const KEEP_DAYS: i32 = 400;

#[derive(Clone)]
pub struct ReportMailings {
    pool: Pool,
    registry: Arc<Registry>,
    filters: Arc<FilterCache>,
    time_zone: String,
    hour: u32,
    poll: Duration,
    public_url: String,
}

/// What one pass did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct MailingPass {
    /// Reports mailed.
    pub reports: u32,
    /// Mails queued for them.
    pub mails: u32,
}

impl ReportMailings {
    pub fn new(
        pool: Pool,
        registry: Arc<Registry>,
        settings: &MailSettings,
        public_url: String,
    ) -> Self {
        ReportMailings {
            pool,
            registry,
            filters: Arc::new(FilterCache::new(64)),
            time_zone: settings.time_zone.clone(),
            hour: settings.digest_hour,
            poll: settings.workflow_poll,
            public_url,
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
            done: "scheduled reports mailed",
            failed: "scheduled report pass failed",
        }
        .run(|| self.run_once())
        .await
    }

    /// Mails every scheduled report whose current period has not been mailed (whatever the hour: the periodic
    /// task waits for `DIGEST_HOUR`), and forgets mailings older than 400 days.
    pub async fn run_once(&self) -> Result<MailingPass, ApiError> {
        let mut client = self.pool.get().await?;
        let due = client
            .query(
                // Only the reports whose period is still to mail: a pass after the period's mailing claims
                // nothing and opens no transaction.
                "WITH today AS (SELECT (now() AT TIME ZONE $1)::date AS day),
                 scheduled AS (
                     SELECT r.id, CASE r.c_schedule
                                      WHEN 'daily' THEN t.day
                                      WHEN 'weekly' THEN date_trunc('week', t.day)::date
                                      ELSE date_trunc('month', t.day)::date END AS period
                     FROM custom_report r CROSS JOIN today t
                     WHERE r.c_schedule IS NOT NULL)
                 SELECT s.id, s.period::text FROM scheduled s
                 WHERE NOT EXISTS (SELECT 1 FROM custom_report_mailing m
                                   WHERE m.n_report = s.id AND m.d_period = s.period)
                 ORDER BY s.id",
                &[&self.time_zone],
            )
            .await?;
        let mut pass = MailingPass::default();
        for row in &due {
            let report: i64 = row.try_get(0)?;
            let period: String = row.try_get(1)?;
            if let Some(mails) = self.mail_one(&mut client, report, &period).await? {
                pass.reports += 1;
                pass.mails += mails;
            }
        }
        client
            .execute(
                "DELETE FROM custom_report_mailing WHERE d_at < now() - make_interval(days => $1)",
                &[&KEEP_DAYS],
            )
            .await?;
        Ok(pass)
    }

    /// Report `report`'s mailing of `period`, claimed, composed and queued in one transaction: the mails queued,
    /// or `None` when it was mailed already (by this gateway or another).
    async fn mail_one(
        &self,
        client: &mut deadpool_postgres::Object,
        report: i64,
        period: &str,
    ) -> Result<Option<u32>, ApiError> {
        let transaction = client.transaction().await?;
        // Waits for a gateway claiming the same mailing to finish; then finds its row and sends nothing.
        let claimed = transaction
            .query_opt(
                "INSERT INTO custom_report_mailing (n_report, d_period, n_recipients)
                 VALUES ($1, $2::text::date, 0) ON CONFLICT DO NOTHING RETURNING 1",
                &[&report, &period],
            )
            .await?;
        if claimed.is_none() {
            return Ok(None);
        }
        let Some(row) = transaction
            .query_opt(
                "SELECT c_title, c_definition::text, c_schedule,
                        array_prepend(n_owner, ARRAY(SELECT n_user FROM custom_report_share
                                                     WHERE n_report = r.id ORDER BY n_user)),
                        to_char(now() AT TIME ZONE $2, 'DD Mon, YYYY, HH24:MI')
                 FROM custom_report r WHERE id = $1 AND c_schedule IS NOT NULL",
                &[&report, &self.time_zone],
            )
            .await?
        else {
            // Deleted or unscheduled since the list was read: the claim stays, nothing is sent.
            transaction.commit().await?;
            return Ok(Some(0));
        };
        let title: String = row.try_get(0)?;
        let definition: String = row.try_get(1)?;
        let definition: ReportDefinition =
            serde_json::from_str(&definition).map_err(crate::pipeline::execute::internal)?;
        let schedule: String = row.try_get(2)?;
        let people: Vec<i64> = row.try_get(3)?;
        let generated: String = row.try_get(4)?;
        let link = format!(
            "{}/reports/customreports?report={report}",
            self.public_url.trim_end_matches('/')
        );
        let mut mails = 0u32;
        for person in people {
            // Someone who no longer opens custom reports (or is no longer active) is not mailed them either.
            let Some(caller) = caller_of_user(&transaction, person)
                .await?
                .filter(|caller| caller.holds(ROUTE))
            else {
                continue;
            };
            let outcome = run(
                &self.registry,
                &self.filters,
                &transaction,
                &caller,
                &definition,
                EXPORT_ROWS,
                Use::Export,
            )
            .await;
            let (body, attachments) = match outcome {
                Ok(answer) => {
                    let file = files::write(
                        &answer,
                        &title,
                        Printed {
                            generated: generated.clone(),
                            by: format!("{} (scheduled)", caller.name),
                        },
                        ReportFormat::Xlsx,
                    )
                    .await?;
                    let rows = answer.rows.len();
                    let cut = if answer.truncated {
                        format!(" (the first {rows}; narrow its filter for the rest)")
                    } else {
                        String::new()
                    };
                    (
                        format!(
                            "Your {schedule} report \"{title}\" on {}: {rows} rows{cut}, as you may read them, \
                             attached as an Excel workbook.\n\nOpen it in Metro PMIS: {link}\n",
                            answer.register
                        ),
                        vec![Attachment {
                            file_name: file.file_name,
                            content_type: ReportFormat::Xlsx.content_type().to_owned(),
                            content: file.bytes,
                        }],
                    )
                }
                // Registers one may no longer export are not mailed (the register's own export needs the same).
                Err(ApiError::Forbidden | ApiError::ForbiddenAction { .. }) => continue,
                Err(ApiError::BadRequest(reason) | ApiError::UnknownTable(reason)) => (
                    format!(
                        "Your {schedule} report \"{title}\" could not be run: {reason}.\n\nOpen it to correct it: \
                         {link}\n"
                    ),
                    Vec::new(),
                ),
                Err(other) => return Err(other),
            };
            let text = format!(
                "Dear {},\n\n{body}\nIt comes {} because the report is scheduled; its owner can change that.\n\n\
                 This message was sent by Metro PMIS.\n",
                caller.name,
                match schedule.as_str() {
                    "daily" => "every day",
                    "weekly" => "every week",
                    _ => "every month",
                }
            );
            mail::enqueue_with(
                &transaction,
                &caller.email,
                &format!("Report: {title} ({generated})"),
                &text,
                Purpose::Report,
                &attachments,
            )
            .await?;
            mails += 1;
        }
        let recipients = i32::try_from(mails).unwrap_or(i32::MAX);
        transaction
            .execute(
                "UPDATE custom_report_mailing SET n_recipients = $3 WHERE n_report = $1 AND d_period = $2::text::date",
                &[&report, &period, &recipients],
            )
            .await?;
        transaction.commit().await?;
        Ok(Some(mails))
    }
}
