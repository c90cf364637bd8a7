//! Full-text search with facets as a register option (`[full_text]`, `GET /api/data/{entry}/search`): words
//! (PostgreSQL full text, `websearch_to_tsquery` in the `english` configuration the index uses) over each record's
//! fields and the text of its files, filtered by facets, ranked (`ts_rank` over the fields: a title match first, a
//! match only in the files after), one page of hits with a highlighted snippet (`ts_headline`, on the page's hits
//! only), and facet counts over the hits of every filter except the facet's own. Only the records the caller may
//! read ([`super::row_reader`]: the register's own rule). Two statements at once on two connections: the total
//! and every facet (one pass over the matches), and the page with its snippets. Measured in `just bench`
//! (section "dms search", over the document register).
//! - [`params`]: the parameters, checked against the register's columns;
//! - [`sql`]: the statements, written from the registry's names.

pub mod params;
pub mod sql;

use std::collections::BTreeMap;
use std::time::Instant;

use deadpool_postgres::Pool;
use schema_registry::Registry;
use serde::{Deserialize, Serialize};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::compile::full_text::Spec;
use crate::pipeline::row_reader;

pub use params::{Search, Sort, MAX_SIZE};
use sql::{START, STOP, UPDATED};

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HitFile {
    pub id: i64,
    pub name: String,
}

/// One record found: its key, the fields the register's `[full_text].hit` names (a look-up as `{id, label}`),
/// when it last changed, the snippet, where the words matched and its file.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SearchHit {
    /// The record's key.
    #[schema(value_type = i64)]
    pub id: serde_json::Value,
    pub updated_at: Option<String>,
    /// HTML-escaped text with `<mark>` around the matches (null when browsing).
    pub snippet: Option<String>,
    /// Where the words matched: `title` (number, title), `description` (the other fields), `file` (the text of
    /// its files).
    pub matched_in: Vec<String>,
    /// The first file of its latest line that has files (`files_in`).
    pub file: Option<HitFile>,
    /// The register's hit fields, by name.
    #[serde(flatten)]
    #[schema(additional_properties)]
    pub fields: serde_json::Map<String, serde_json::Value>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FacetValue {
    pub value: String,
    pub label: String,
    pub count: i64,
}

/// A facet's name (a parameter of the search) and its heading (the column's label).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FacetHeading {
    pub name: String,
    pub title: String,
    /// The register's column the facet counts (none for `updated`, the engine's own), so a screen can label the
    /// values as that column's own (the workflow's state column: the states' labels).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SearchAnswer {
    pub total: i64,
    pub page: i64,
    pub size: i64,
    pub took_ms: u64,
    pub hits: Vec<SearchHit>,
    /// Each facet's values with their counts, by name; `updated`: the last 7, 30, 365 days (each counting the
    /// shorter ones) and older.
    pub facets: BTreeMap<String, Vec<FacetValue>>,
    /// The facets in the register's order, with their headings (`updated` last).
    pub headings: Vec<FacetHeading>,
}

/// One facet row of the statement.
#[derive(Deserialize)]
struct FacetRow {
    facet: String,
    value: String,
    label: String,
    n: i64,
}

/// HTML-escaped, with the matches marked.
fn mark(snippet: &str) -> String {
    let mut out = String::with_capacity(snippet.len() + 32);
    for c in snippet.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            START => out.push_str("<mark>"),
            STOP => out.push_str("</mark>"),
            c => out.push(c),
        }
    }
    out
}

fn facets_of(spec: &Spec, rows: Vec<FacetRow>) -> BTreeMap<String, Vec<FacetValue>> {
    let mut facets: BTreeMap<String, Vec<FacetValue>> = spec
        .facets
        .iter()
        .map(|facet| (facet.name.clone(), Vec::new()))
        .collect();
    let mut updated = [0_i64; 4];
    for row in rows {
        if row.facet == UPDATED {
            let slot = match row.value.as_str() {
                "7d" => 0,
                "30d" => 1,
                "365d" => 2,
                _ => 3,
            };
            updated[slot] += row.n;
            continue;
        }
        if let Some(list) = facets.get_mut(&row.facet) {
            list.push(FacetValue {
                value: row.value,
                label: row.label,
                count: row.n,
            });
        }
    }
    let buckets = [
        ("7d", "Last 7 days", updated[0]),
        ("30d", "Last 30 days", updated[0] + updated[1]),
        (
            "365d",
            "Last 365 days",
            updated[0] + updated[1] + updated[2],
        ),
        ("older", "Older", updated[3]),
    ];
    facets.insert(
        UPDATED.to_owned(),
        buckets
            .into_iter()
            .map(|(value, label, count)| FacetValue {
                value: value.into(),
                label: label.into(),
                count,
            })
            .collect(),
    );
    facets
}

/// Runs the search of the register `spec` for the caller (403 unless they read the register whole). The counts
/// and the page are two statements run at once on two connections (each on its own core): a search waits for the
/// slower one, not for both. They may see the records a moment apart, as any two reads may.
pub async fn run(
    pool: &Pool,
    registry: &Registry,
    spec: &Spec,
    caller: &Caller,
    search: &Search,
) -> Result<SearchAnswer, ApiError> {
    let entry = crate::pipeline::compile::entry(registry, &spec.entry)?;
    row_reader::ensure_reader(entry, caller)?;
    let started = Instant::now();
    let (counts, pages) = tokio::try_join!(pool.get(), pool.get())?;
    let reader = row_reader::reader(&counts, entry, caller).await?;
    let (facets_sql, facet_binds) = sql::facets_statement(spec, &reader, search);
    let (page_sql, page_binds) = sql::page_statement(spec, &reader, search);
    let (facet_values, page_values) = (facet_binds.refs(), page_binds.refs());
    let (facet_row, page_row) = tokio::try_join!(
        counts.query_one(&facets_sql, &facet_values),
        pages.query_one(&page_sql, &page_values)
    )?;
    let total: i64 = facet_row.try_get(0)?;
    let facets: String = facet_row.try_get(1)?;
    let hits: String = page_row.try_get(0)?;
    let internal = |e: serde_json::Error| ApiError::Internal(anyhow::anyhow!("search rows: {e}"));
    let mut hits: Vec<SearchHit> = serde_json::from_str(&hits).map_err(internal)?;
    for hit in &mut hits {
        hit.snippet = hit.snippet.as_deref().map(mark);
    }
    let facets: Vec<FacetRow> = serde_json::from_str(&facets).map_err(internal)?;
    let mut headings: Vec<FacetHeading> = spec
        .facets
        .iter()
        .map(|facet| FacetHeading {
            name: facet.name.clone(),
            title: facet.title.clone(),
            column: Some(facet.column.clone()),
        })
        .collect();
    headings.push(FacetHeading {
        name: UPDATED.to_owned(),
        title: "Updated".to_owned(),
        column: None,
    });
    Ok(SearchAnswer {
        total,
        page: search.page,
        size: search.size,
        took_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        hits,
        facets: facets_of(spec, facets),
        headings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snippets_are_escaped_except_the_marks() {
        assert_eq!(
            mark("a <b> \u{E000}bearing\u{E001} & c"),
            "a &lt;b&gt; <mark>bearing</mark> &amp; c"
        );
    }
}
