//! The pending-document list (docs/console.md §2, §7): the documents waiting on a user, one group per register
//! with a pending rule, each document named by an opaque reference that the record endpoints and the screen accept.

use deadpool_postgres::Pool;
use serde::Serialize;

use crate::error::ApiError;
use crate::pipeline::compile::pending::PendingRead;
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
    let today: String = client
        .query_one("SELECT CURRENT_DATE::text", &[])
        .await?
        .try_get(0)?;
    let mut groups = Vec::with_capacity(reads.len());
    for read in reads {
        let rows = execute::query(&client, &read.sql).await?;
        let mut data = Vec::with_capacity(rows.len());
        for row in rows {
            let key: String = row.try_get(0)?;
            let id = key.parse::<i64>().map_err(internal)?;
            let reference = references.encode(read.entry, id)?;
            let workflow = row.len() >= 5;
            let due: Option<String> = if workflow { row.try_get(3)? } else { None };
            data.push(PendingDocument {
                record_url: read.url.map(|url| format!("{url}?record={reference}")),
                id: reference,
                c_doc_no: row.try_get(1)?,
                title: if workflow { row.try_get(2)? } else { None },
                // ISO dates compare as text.
                overdue: due.as_deref().is_some_and(|due| due < today.as_str()),
                due,
                days_waiting: if workflow { row.try_get(4)? } else { None },
            });
        }
        groups.push(PendingGroup {
            title: read.title.to_owned(),
            url: read.url.map(str::to_owned),
            data,
        });
    }
    Ok(groups)
}
