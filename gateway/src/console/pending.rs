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
}

pub async fn pending_list(
    pool: &Pool,
    references: &References,
    reads: Vec<PendingRead<'_>>,
) -> Result<Vec<PendingGroup>, ApiError> {
    let client = pool.get().await?;
    let mut groups = Vec::with_capacity(reads.len());
    for read in reads {
        let sql = read.query.select_text_sql().map_err(internal)?;
        let rows = execute::query(&client, &sql).await?;
        let mut data = Vec::with_capacity(rows.len());
        for row in rows {
            let key: String = row.try_get(0)?;
            let id = key.parse::<i64>().map_err(internal)?;
            data.push(PendingDocument {
                id: references.encode(read.entry, id)?,
                c_doc_no: row.try_get(1)?,
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
