//! The gallery (`/dashboard/gallery`): site photos attached to the records of the registers the reader reads, each
//! with its record, its package and station, who filed it and when.

use deadpool_postgres::Pool;
use serde::Serialize;

use crate::console::activity::next_page;
use crate::error::ApiError;
use crate::pipeline::compile::gallery::{GalleryRead, GALLERY_PAGE};
use crate::pipeline::execute::{self, internal};
use crate::pipeline::reference::References;

/// One page of photos, newest first.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GalleryPage {
    pub photos: Vec<GalleryPhoto>,
    /// Send as `before` for the next (older) page; absent on the last page.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "1764148360123456-77")]
    pub next: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"id": 77, "name": "P12-pile-cap.jpg", "content_type": "image/jpeg", "size": 412331,
    "at": "2026-11-24T09:12:40Z", "by": 3, "by_name": "Rahul Verma", "register": "Daily report",
    "url": "/contract-data-entry/dailyreport", "record": "r.q0m2A7f3kLr9ZC1uVYtW8A",
    "record_url": "/contract-data-entry/dailyreport?record=r.q0m2A7f3kLr9ZC1uVYtW8A", "number": "C1-V01-DR-00013",
    "title": null, "package": 1, "station": 4,
    "file_url": "/api/data/dailyreport/r.q0m2A7f3kLr9ZC1uVYtW8A/files/77"}))]
pub struct GalleryPhoto {
    /// The file's id, name, type and size in bytes.
    pub id: i64,
    pub name: String,
    pub content_type: String,
    pub size: i64,
    /// When it was filed (ISO 8601, UTC), and by whom.
    pub at: String,
    pub by: Option<i64>,
    pub by_name: Option<String>,
    /// The register's title and screen.
    pub register: String,
    pub url: Option<String>,
    /// The record: an opaque reference, the address of its form, its number and title, package and station.
    pub record: String,
    pub record_url: Option<String>,
    pub number: Option<String>,
    pub title: Option<String>,
    pub package: Option<i64>,
    pub station: Option<i64>,
    /// The image's bytes (`GET`, with `?inline=1` to show it).
    pub file_url: String,
}

pub async fn gallery_page(
    pool: &Pool,
    references: &References,
    read: GalleryRead<'_>,
) -> Result<GalleryPage, ApiError> {
    let Some(sql) = read.sql else {
        return Ok(GalleryPage {
            photos: Vec::new(),
            next: None,
        });
    };
    let client = pool.get().await?;
    let rows = execute::query(&client, &sql).await?;
    let mut photos = Vec::with_capacity(rows.len());
    let mut last_cursor = None;
    for row in &rows {
        let entry: String = row.try_get(13)?;
        let register = read.registers.get(entry.as_str()).ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!("a photo of an unread register: {entry}"))
        })?;
        let key: String = row.try_get(8)?;
        let record = references.encode(&entry, key.parse::<i64>().map_err(internal)?)?;
        let id: i64 = row.try_get(0)?;
        last_cursor = Some(format!("{}-{id}", row.try_get::<_, i64>(5)?));
        photos.push(GalleryPhoto {
            id,
            name: row.try_get(1)?,
            content_type: row.try_get(2)?,
            size: row.try_get(3)?,
            at: row.try_get(4)?,
            by: row.try_get(6)?,
            by_name: row.try_get(7)?,
            register: register.title.to_owned(),
            url: register.url.map(str::to_owned),
            record_url: register.url.map(|url| format!("{url}?record={record}")),
            file_url: format!("/api/data/{entry}/{record}/files/{id}"),
            record,
            number: row.try_get(9)?,
            title: row.try_get(10)?,
            package: row.try_get(11)?,
            station: row.try_get(12)?,
        });
    }
    Ok(GalleryPage {
        photos,
        next: next_page(rows.len(), GALLERY_PAGE, last_cursor),
    })
}
