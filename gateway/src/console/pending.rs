//! The pending-document list (docs/console.md §2, §7): the documents waiting on a user, one group per register
//! with a pending rule, each document named by an opaque reference that the record endpoints and the screen accept;
//! and the pending list report, everything waiting on anyone that a manager reads.

use deadpool_postgres::Pool;
use serde::Serialize;

use crate::error::ApiError;
use crate::pipeline::compile::pending::{PendingRead, PENDING_REPORT_LIMIT};
use crate::pipeline::execute::{self, internal};
use crate::pipeline::reference::References;

/// One register's pending documents: its title, its screen, and `{id, c_doc_no}` per document.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"title": "Document review", "url": "/administration/dmsreview",
    "data": [{"id": "r.q0m2A7f3kLr9ZC1uVYtW8A", "c_doc_no": "C1-V01/DRG/PC-112"}]}))]
pub struct PendingGroup {
    pub title: String,
    pub url: Option<String>,
    pub data: Vec<PendingDocument>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PendingDocument {
    /// An opaque record reference: `GET /api/data/{entry}/{id}` opens it.
    pub id: String,
    pub c_doc_no: Option<String>,
    /// The console address that opens this record's form: the register's route with `?record=<id>`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record_url: Option<String>,
    /// The record's title (workflows with a `title_column`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// When the person in court should act (`YYYY-MM-DD`; workflows with a `due` column).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub due: Option<String>,
    /// Whole days since the record came to the user (its last transition, or its creation).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub days_waiting: Option<i32>,
    /// The due date has passed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub overdue: bool,
}

pub async fn pending_list(
    pool: &Pool,
    references: &References,
    reads: Vec<PendingRead<'_>>,
) -> Result<Vec<PendingGroup>, ApiError> {
    let client = pool.get().await?;
    let today = today(&client).await?;
    let mut groups = Vec::with_capacity(reads.len());
    for read in reads {
        let rows = execute::query(&client, &read.sql).await?;
        let mut data = Vec::with_capacity(rows.len());
        for row in rows {
            data.push(document(references, &read, &row, &today)?);
        }
        groups.push(PendingGroup {
            title: read.title.to_owned(),
            url: read.url.map(str::to_owned),
            data,
        });
    }
    Ok(groups)
}

/// The pending list report (`/reports/pendinglist`): every open record waiting on someone, in the registers the
/// reader reads.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PendingReport {
    pub rows: Vec<PendingReportRow>,
    /// The registers with more waiting records than the report lists ([`PENDING_REPORT_LIMIT`] each, soonest due
    /// first).
    pub truncated: Vec<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"waiting_on": 4, "waiting_on_name": "Employer's Engineer", "register": "RFI",
    "url": "/contract-data-entry/rfi", "document": {"id": "r.q0m2A7f3kLr9ZC1uVYtW8A", "c_doc_no": "C1-V01-RFI-00003",
    "record_url": "/contract-data-entry/rfi?record=r.q0m2A7f3kLr9ZC1uVYtW8A", "title": "Pile cap reinforcement",
    "due": "2026-11-20", "days_waiting": 12, "overdue": true}}))]
pub struct PendingReportRow {
    /// The person in court (a user id) and their name.
    pub waiting_on: i64,
    pub waiting_on_name: Option<String>,
    /// The register's title and screen.
    pub register: String,
    pub url: Option<String>,
    pub document: PendingDocument,
}

pub async fn pending_report(
    pool: &Pool,
    references: &References,
    reads: Vec<PendingRead<'_>>,
) -> Result<PendingReport, ApiError> {
    let client = pool.get().await?;
    let today = today(&client).await?;
    let mut report = PendingReport {
        rows: Vec::new(),
        truncated: Vec::new(),
    };
    for read in reads {
        let rows = execute::query(&client, &read.sql).await?;
        if rows.len() as u64 >= PENDING_REPORT_LIMIT {
            report.truncated.push(read.title.to_owned());
        }
        for row in rows {
            report.rows.push(PendingReportRow {
                waiting_on: row.try_get(5)?,
                waiting_on_name: row.try_get(6)?,
                register: read.title.to_owned(),
                url: read.url.map(str::to_owned),
                document: document(references, &read, &row, &today)?,
            });
        }
    }
    Ok(report)
}

async fn today(client: &deadpool_postgres::Object) -> Result<String, ApiError> {
    Ok(client
        .query_one("SELECT CURRENT_DATE::text", &[])
        .await?
        .try_get(0)?)
}

/// A pending read's row as a document: (key, number) and, for workflows, (title, due, days waiting).
fn document(
    references: &References,
    read: &PendingRead<'_>,
    row: &tokio_postgres::Row,
    today: &str,
) -> Result<PendingDocument, ApiError> {
    let key: String = row.try_get(0)?;
    let id = key.parse::<i64>().map_err(internal)?;
    let reference = references.encode(read.entry, id)?;
    let workflow = row.len() >= 5;
    let due: Option<String> = if workflow { row.try_get(3)? } else { None };
    let record_url = match &read.opens_in {
        // The line's record, at the line's tab.
        Some(opens) => {
            let parent: Option<String> = row.try_get(2)?;
            match parent
                .map(|key| key.parse::<i64>())
                .transpose()
                .map_err(internal)?
            {
                Some(parent) => Some(format!(
                    "{}?record={}&tab={}",
                    opens.url,
                    references.encode(opens.entry, parent)?,
                    opens.tab
                )),
                None => read.url.map(|url| format!("{url}?record={reference}")),
            }
        }
        None => read.url.map(|url| format!("{url}?record={reference}")),
    };
    Ok(PendingDocument {
        record_url,
        id: reference,
        c_doc_no: row.try_get(1)?,
        title: if workflow { row.try_get(2)? } else { None },
        // ISO dates compare as text.
        overdue: due.as_deref().is_some_and(|due| due < today),
        due,
        days_waiting: if workflow { row.try_get(4)? } else { None },
    })
}
