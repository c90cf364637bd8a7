//! The activity wall (`/dashboard/social-wall`): the latest workflow events of the registers the reader reads, each
//! naming who did what to which record, with a link to the record.

use deadpool_postgres::Pool;
use serde::Serialize;

use crate::error::ApiError;
use crate::pipeline::compile::activity::{WallRead, WALL_PAGE};
use crate::pipeline::execute::{self, internal};
use crate::pipeline::reference::References;

/// One page of the wall, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct WallPage {
    pub events: Vec<WallEvent>,
    /// Send as `before` for the next (older) page; absent on the last page.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "1764148360123456-812")]
    pub next: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"id": 812, "at": "2026-11-24T09:12:40Z", "by": 4, "by_name": "Arjun Mehta",
    "action": "Answer", "from": "Open", "to": "Answered", "comment": "Proceed as per the revised detail",
    "register": "RFI", "url": "/contract-data-entry/rfi", "record": "r.q0m2A7f3kLr9ZC1uVYtW8A",
    "record_url": "/contract-data-entry/rfi?record=r.q0m2A7f3kLr9ZC1uVYtW8A", "number": "C1-V01-RFI-00003",
    "title": "Pile cap reinforcement at P12"}))]
pub struct WallEvent {
    pub id: i64,
    /// When (ISO 8601, UTC).
    pub at: String,
    /// Who (a user id and name; absent for the system or a removed user).
    pub by: Option<i64>,
    pub by_name: Option<String>,
    /// The step's label in the register's workflow (its name when the workflow no longer has it).
    pub action: String,
    pub from: String,
    pub to: String,
    pub comment: Option<String>,
    /// The register's title and screen.
    pub register: String,
    pub url: Option<String>,
    /// The record: an opaque reference, the address of its form, its number and title.
    pub record: String,
    pub record_url: Option<String>,
    pub number: Option<String>,
    pub title: Option<String>,
}

pub async fn wall_page(
    pool: &Pool,
    references: &References,
    read: WallRead<'_>,
) -> Result<WallPage, ApiError> {
    let Some(sql) = read.sql else {
        return Ok(WallPage {
            events: Vec::new(),
            next: None,
        });
    };
    let client = pool.get().await?;
    let rows = execute::query(&client, &sql).await?;
    let mut events = Vec::with_capacity(rows.len());
    let mut last_cursor = None;
    for row in &rows {
        let entry: String = row.try_get(12)?;
        let register = read.registers.get(entry.as_str()).ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!("an event of an unread register: {entry}"))
        })?;
        let key: String = row.try_get(9)?;
        let record = references.encode(&entry, key.parse::<i64>().map_err(internal)?)?;
        let transition: String = row.try_get(3)?;
        let id: i64 = row.try_get(0)?;
        last_cursor = Some(format!("{}-{id}", row.try_get::<_, i64>(2)?));
        events.push(WallEvent {
            id,
            at: row.try_get(1)?,
            action: register
                .labels
                .get(transition.as_str())
                .map_or(transition.clone(), |label| (*label).to_owned()),
            from: row.try_get(4)?,
            to: row.try_get(5)?,
            comment: row.try_get(6)?,
            by: row.try_get(7)?,
            by_name: row.try_get(8)?,
            register: register.title.to_owned(),
            url: register.url.map(str::to_owned),
            record_url: register.url.map(|url| format!("{url}?record={record}")),
            record,
            number: row.try_get(10)?,
            title: row.try_get(11)?,
        });
    }
    Ok(WallPage {
        events,
        next: next_page(rows.len(), WALL_PAGE, last_cursor),
    })
}

/// A feed page's `next` (the wall's, the gallery's): its last item's cursor when the page is full, so there may be
/// more; none on a shorter, last page.
pub fn next_page(rows: usize, page: u64, last_cursor: Option<String>) -> Option<String> {
    if rows as u64 >= page {
        last_cursor
    } else {
        None
    }
}
