//! `GET /api/dms/search`: words (PostgreSQL full text, `websearch_to_tsquery` in the `english` configuration the
//! index uses) over each document's metadata and the text of its latest files, filtered by facets,
//! ranked (`ts_rank` over the metadata: a title match first, a match only in the files after), one page of
//! hits with a highlighted snippet (`ts_headline`, on the page's hits only), and facet counts over the hits of
//! every filter except the facet's own. Only the documents the caller may read ([`super::visibility`]).
//! Two statements at once on two connections: the total and every facet (one pass over the matches), and the
//! page with its snippets. Measured in `just bench` (section "dms search").

use std::time::Instant;

use deadpool_postgres::Pool;
use schema_registry::Registry;
use serde::{Deserialize, Serialize};

use super::visibility::{self, Reader};
use super::Binds;
use crate::auth::Caller;
use crate::error::ApiError;

/// Page size at most.
pub const MAX_SIZE: i64 = 100;
/// Marks `ts_headline` puts around a match (private-use characters, removed from the text before it is
/// highlighted, so that a file or title holding them cannot mark text): the snippet is escaped as HTML, then they
/// become `<mark>` and `</mark>`.
const START: char = '\u{E000}';
const STOP: char = '\u{E001}';

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Relevance,
    Updated,
    Number,
}

/// The values the `state` and `status_code` filters take: the document register's workflow states and its status
/// column's choices, as its registry file declares them.
#[derive(Debug, Clone, Default)]
pub struct Choices {
    pub states: Vec<String>,
    pub status_codes: Vec<String>,
}

impl Choices {
    /// From the registry's document register.
    pub fn of(registry: &Registry) -> Result<Choices, ApiError> {
        let entry = registry.entry(super::DOCUMENT).ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!("the registry has no {}", super::DOCUMENT))
        })?;
        let states = entry
            .workflow()
            .map(|workflow| {
                workflow
                    .states
                    .iter()
                    .map(|state| state.name.clone())
                    .collect()
            })
            .unwrap_or_default();
        let status_codes = entry
            .column("c_status_code")
            .map(|column| column.enum_values.clone())
            .unwrap_or_default();
        Ok(Choices {
            states,
            status_codes,
        })
    }
}

/// The parsed parameters.
#[derive(Debug, Default)]
pub struct Search {
    pub q: String,
    pub project: Vec<String>,
    pub package: Vec<i64>,
    pub discipline: Vec<i64>,
    pub doc_type: Vec<i64>,
    pub state: Vec<String>,
    pub status_code: Vec<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub sort: Option<Sort>,
    pub page: i64,
    pub size: i64,
}

fn bad(parameter: &str, what: &str) -> ApiError {
    ApiError::BadRequest(format!("{parameter}: {what}"))
}

/// Each value of a parameter that may repeat or be comma-separated.
fn values(value: &str) -> impl Iterator<Item = &str> {
    value.split(',').map(str::trim).filter(|v| !v.is_empty())
}

fn ids(parameter: &str, value: &str, into: &mut Vec<i64>) -> Result<(), ApiError> {
    for v in values(value) {
        into.push(
            v.parse()
                .map_err(|_| bad(parameter, &format!("{v} is not an id (a whole number)")))?,
        );
    }
    Ok(())
}

fn choices(
    parameter: &str,
    value: &str,
    allowed: &[String],
    into: &mut Vec<String>,
) -> Result<(), ApiError> {
    for v in values(value) {
        if !allowed.iter().any(|a| a == v) {
            return Err(bad(
                parameter,
                &format!("{v} is not one of {}", allowed.join(", ")),
            ));
        }
        into.push(v.to_owned());
    }
    Ok(())
}

/// A calendar date `YYYY-MM-DD`.
fn date(parameter: &str, value: &str) -> Result<String, ApiError> {
    let wrong = || {
        bad(
            parameter,
            &format!("{value} is not a date such as 2026-11-20"),
        )
    };
    let parts: Vec<&str> = value.split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(wrong());
    };
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return Err(wrong());
    }
    let (y, m, d): (u32, u32, u32) = (
        y.parse().map_err(|_| wrong())?,
        m.parse().map_err(|_| wrong())?,
        d.parse().map_err(|_| wrong())?,
    );
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(wrong()),
    };
    if y < 1900 || d == 0 || d > days {
        return Err(wrong());
    }
    Ok(value.to_owned())
}

impl Search {
    /// The query string's pairs (a parameter may repeat).
    pub fn parse(pairs: &[(String, String)], offered: &Choices) -> Result<Search, ApiError> {
        let mut search = Search {
            page: 1,
            size: 20,
            ..Search::default()
        };
        for (name, value) in pairs {
            match name.as_str() {
                "q" => {
                    if value.chars().count() > 500 {
                        return Err(bad("q", "at most 500 characters"));
                    }
                    search.q = value.trim().to_owned();
                }
                "project" => {
                    for v in values(value) {
                        if v.len() > 6 || !v.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) {
                            return Err(bad("project", &format!("{v} is not a project code such as MML3")));
                        }
                        search.project.push(v.to_owned());
                    }
                }
                "package" => ids("package", value, &mut search.package)?,
                "discipline" => ids("discipline", value, &mut search.discipline)?,
                "doc_type" => ids("doc_type", value, &mut search.doc_type)?,
                "state" => choices("state", value, &offered.states, &mut search.state)?,
                "status_code" => {
                    choices("status_code", value, &offered.status_codes, &mut search.status_code)?
                }
                "from" => search.from = Some(date("from", value)?),
                "to" => search.to = Some(date("to", value)?),
                "sort" => {
                    search.sort = Some(match value.as_str() {
                        "relevance" => Sort::Relevance,
                        "updated" => Sort::Updated,
                        "number" => Sort::Number,
                        other => {
                            return Err(bad("sort", &format!("{other} is not one of relevance, updated, number")))
                        }
                    })
                }
                "page" => {
                    search.page = value
                        .parse()
                        .ok()
                        .filter(|p| (1..=100_000).contains(p))
                        .ok_or_else(|| bad("page", "a page number from 1"))?
                }
                "size" => {
                    search.size = value
                        .parse()
                        .ok()
                        .filter(|s| (1..=MAX_SIZE).contains(s))
                        .ok_or_else(|| bad("size", "a page size from 1 to 100"))?
                }
                other => {
                    return Err(bad(
                        other,
                        "not a search parameter (q, project, package, discipline, doc_type, state, status_code, \
                         from, to, sort, page, size)",
                    ))
                }
            }
        }
        Ok(search)
    }

    fn sort(&self) -> Sort {
        match self.sort {
            Some(Sort::Relevance) if self.q.is_empty() => Sort::Updated,
            Some(sort) => sort,
            None if self.q.is_empty() => Sort::Updated,
            None => Sort::Relevance,
        }
    }
}

/// A value and its label, as a hit names its package, discipline and type.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = DmsNamed)]
pub struct Named {
    pub id: i64,
    pub label: String,
}

#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = DmsHitFile)]
pub struct HitFile {
    pub id: i64,
    pub name: String,
}

/// One document found.
#[derive(Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = DmsHit)]
pub struct Hit {
    pub id: i64,
    pub document_no: String,
    pub title: String,
    pub revision: String,
    pub state: String,
    pub status_code: String,
    pub project: String,
    pub package: Named,
    pub discipline: Named,
    pub doc_type: Named,
    pub originator: String,
    pub updated_at: String,
    pub current_revision: Option<i64>,
    /// HTML-escaped text with `<mark>` around the matches (null when browsing).
    pub snippet: Option<String>,
    /// Where the words matched: `title` (number, title), `description` (description and the other metadata),
    /// `file` (the text of the files of its latest revision that has files).
    pub matched_in: Vec<String>,
    /// The first file of its latest revision that has files (a step's revision line carries none).
    pub file: Option<HitFile>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = DmsFacetValue)]
pub struct FacetValue {
    pub value: String,
    pub label: String,
    pub count: i64,
}

#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[schema(as = DmsFacets)]
pub struct Facets {
    pub project: Vec<FacetValue>,
    pub package: Vec<FacetValue>,
    pub discipline: Vec<FacetValue>,
    pub doc_type: Vec<FacetValue>,
    pub state: Vec<FacetValue>,
    pub status_code: Vec<FacetValue>,
    /// Last 7, 30, 365 days (each counting the shorter ones) and older.
    pub updated: Vec<FacetValue>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = DmsSearchAnswer)]
pub struct SearchAnswer {
    pub total: i64,
    pub page: i64,
    pub size: i64,
    pub took_ms: u64,
    pub hits: Vec<Hit>,
    pub facets: Facets,
}

/// The search's words as SQL over one bound text: the query (`q`), and the condition (over the search table `d`)
/// of the documents they match. The words are written into the statement as expressions of the bound value,
/// not read from a CTE, so that the planner sees the query and estimates how many documents it matches: a word
/// in most documents is read by a scan of the table, one in fewer through the GIN index, and the counts are
/// hashed, not sorted. How the index is asked (V38):
/// - words and two-word phrases joined by AND (`"launching girder" bearing`): each phrase as its pair lexeme
///   (`'launch girder'`), which the vectors hold for every two neighbouring words: the index alone answers;
/// - other phrases without a negation (three words, `<2>` over a stop word, with OR): as their words
///   (`launch & girder`), then each candidate checked on the metadata vector first (small, in the row) and only
///   where that fails on the whole vector (file text included, read from TOAST);
/// - anything else (`-word`): the query as it is.
struct Words {
    q: String,
    matches: String,
}

/// A query (as text) of words and two-word phrases joined by AND, with at least one phrase.
const PAIRS_ONLY: &str = r"^'[^']+'( <-> '[^']+')?( & '[^']+'( <-> '[^']+')?)*$";
/// A two-word phrase in a query's text, and its pair lexeme.
const PAIR: &str = r"'([^']+)' <-> '([^']+)'";
const PAIR_LEXEME: &str = r"'\1 \2'";

/// `value` as an SQL string literal.
fn literal(value: &str) -> String {
    format!("'{}'", value.replace('\'', "''"))
}

impl Words {
    fn new(search: &Search, binds: &mut Binds) -> Words {
        if search.q.is_empty() {
            return Words {
                q: "NULL::tsquery".to_owned(),
                matches: "TRUE".to_owned(),
            };
        }
        let q = format!(
            "websearch_to_tsquery('english', {}::text)",
            binds.bind(search.q.clone())
        );
        let pairs = format!(
            "({q}::text ~ {} AND strpos({q}::text, ' <-> ') > 0)",
            literal(PAIRS_ONLY)
        );
        let phrase = format!("({q}::text ~ '<(-|[0-9]+)>' AND strpos({q}::text, '!') = 0)");
        let index = format!(
            "(CASE WHEN {pairs} THEN regexp_replace({q}::text, {}, {}, 'g')::tsquery
                   WHEN {phrase} THEN regexp_replace({q}::text, '<(-|[0-9]+)>', '&', 'g')::tsquery
                   ELSE {q} END)",
            literal(PAIR),
            literal(PAIR_LEXEME)
        );
        Words {
            matches: format!(
                "d.v_search @@ {index} AND (NOT {phrase} OR {pairs} OR d.v_meta @@ {q} OR d.v_search @@ {q})"
            ),
            q,
        }
    }
}

/// The filters of a search: each as a condition over `d` (the document or its search row: they share the
/// columns' names), its values bound.
struct Filters {
    /// (flag name, condition) in facet order.
    flags: Vec<(&'static str, String)>,
}

impl Filters {
    fn new(search: &Search, binds: &mut Binds) -> Filters {
        let mut filter = |column: &str, texts: &[String], numbers: &[i64]| -> String {
            if !texts.is_empty() {
                format!("d.{column} = ANY({}::text[])", binds.bind(texts.to_vec()))
            } else if !numbers.is_empty() {
                format!("d.{column} = ANY({}::int8[])", binds.bind(numbers.to_vec()))
            } else {
                "TRUE".to_owned()
            }
        };
        let project = filter("c_project", &search.project, &[]);
        let package = filter("n_package", &[], &search.package);
        let discipline = filter("n_discipline", &[], &search.discipline);
        let doc_type = filter("n_doc_type", &[], &search.doc_type);
        let state = filter("c_state", &search.state, &[]);
        let status = filter("c_status_code", &search.status_code, &[]);
        let mut dates = Vec::new();
        if let Some(from) = &search.from {
            dates.push(format!(
                "d.d_updated_at >= {}::date",
                binds.bind(from.clone())
            ));
        }
        if let Some(to) = &search.to {
            dates.push(format!(
                "d.d_updated_at < {}::date + 1",
                binds.bind(to.clone())
            ));
        }
        let updated = if dates.is_empty() {
            "TRUE".to_owned()
        } else {
            dates.join(" AND ")
        };
        Filters {
            flags: vec![
                ("f_project", project),
                ("f_package", package),
                ("f_discipline", discipline),
                ("f_doc_type", doc_type),
                ("f_state", state),
                ("f_status_code", status),
                ("f_updated", updated),
            ],
        }
    }

    /// Every filter, as one condition.
    fn all(&self) -> String {
        self.flags
            .iter()
            .map(|(_, condition)| format!("({condition})"))
            .collect::<Vec<_>>()
            .join(" AND ")
    }
}

/// Where the documents are read from: with words, the search table (its rows carry the facet and read-rule
/// columns, so matching, the read rule and the counts read one table through the GIN index); browsing, the
/// documents themselves (their date index gives the page).
fn source(search: &Search) -> (&'static str, &'static str) {
    if search.q.is_empty() {
        ("dms_document d", "d.id")
    } else {
        ("dms_document_search d", "d.n_document")
    }
}

/// The total and the facet counts. The matching documents are first counted per combination of facet values
/// and filter flags (one hash aggregate over the matches, a few thousand groups); the facets are grouping sets
/// over those groups, each counting the groups of every filter but its own; the empty set is the total.
fn facets_statement(reader: &Reader, search: &Search) -> (String, Binds) {
    let mut binds = Binds::default();
    let visible = visibility::readable(reader, &mut binds);
    let words = Words::new(search, &mut binds);
    let filters = Filters::new(search, &mut binds);
    let (from, _) = source(search);
    let matches = &words.matches;
    // Only the filters asked for are flags: a constant flag would be one more column to hash per match.
    let flags: Vec<&(&str, String)> = filters
        .flags
        .iter()
        .filter(|(_, condition)| condition != "TRUE")
        .collect();
    let flag_columns: String = flags
        .iter()
        .map(|(flag, condition)| format!(", {condition} AS {flag}"))
        .collect();
    let group_positions = (1..=7 + flags.len())
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let except = |own: &str| -> String {
        let rest: Vec<&str> = flags
            .iter()
            .map(|(flag, _)| *flag)
            .filter(|flag| *flag != own)
            .collect();
        if rest.is_empty() {
            "TRUE".to_owned()
        } else {
            rest.join(" AND ")
        }
    };
    let all = except("");
    let sql = format!(
        "WITH combos AS (
    SELECT d.c_project, d.n_package, d.n_discipline, d.n_doc_type, d.c_state, d.c_status_code,
           CASE WHEN d.d_updated_at >= (SELECT now() - interval '7 days') THEN 0
                WHEN d.d_updated_at >= (SELECT now() - interval '30 days') THEN 1
                WHEN d.d_updated_at >= (SELECT now() - interval '365 days') THEN 2 ELSE 3 END AS updated
           {flag_columns}, count(*) AS n
    FROM {from}
    WHERE {visible} AND {matches}
    GROUP BY {group_positions}
),
facet AS (
    SELECT CASE WHEN GROUPING(c_project) = 0 THEN 'project' WHEN GROUPING(n_package) = 0 THEN 'package'
                WHEN GROUPING(n_discipline) = 0 THEN 'discipline' WHEN GROUPING(n_doc_type) = 0 THEN 'doc_type'
                WHEN GROUPING(c_state) = 0 THEN 'state' WHEN GROUPING(c_status_code) = 0 THEN 'status_code'
                WHEN GROUPING(updated) = 0 THEN 'updated' ELSE 'total' END AS facet,
           coalesce(c_project, n_package::text, n_discipline::text, n_doc_type::text, c_state, c_status_code,
                    (ARRAY['7d', '30d', '365d', 'older'])[updated + 1]) AS value,
           coalesce(CASE WHEN GROUPING(c_project) = 0 THEN sum(n) FILTER (WHERE {x_project})
                WHEN GROUPING(n_package) = 0 THEN sum(n) FILTER (WHERE {x_package})
                WHEN GROUPING(n_discipline) = 0 THEN sum(n) FILTER (WHERE {x_discipline})
                WHEN GROUPING(n_doc_type) = 0 THEN sum(n) FILTER (WHERE {x_doc_type})
                WHEN GROUPING(c_state) = 0 THEN sum(n) FILTER (WHERE {x_state})
                WHEN GROUPING(c_status_code) = 0 THEN sum(n) FILTER (WHERE {x_status})
                WHEN GROUPING(updated) = 0 THEN sum(n) FILTER (WHERE {x_updated})
                ELSE sum(n) FILTER (WHERE {all}) END, 0)::int8 AS n
    FROM combos
    GROUP BY GROUPING SETS ((c_project), (n_package), (n_discipline), (n_doc_type), (c_state), (c_status_code),
                            (updated), ())
)
SELECT coalesce((SELECT n FROM facet WHERE facet = 'total'), 0) AS total,
       (SELECT coalesce(json_agg(json_build_object('facet', f.facet, 'value', f.value, 'n', f.n,
                 'label', coalesce(p.c_code, di.c_name, t.c_name, f.value)) ORDER BY f.facet, f.n DESC, f.value), '[]')
        FROM facet f
        LEFT JOIN package p ON f.facet = 'package' AND p.id::text = f.value
        LEFT JOIN discipline di ON f.facet = 'discipline' AND di.id::text = f.value
        LEFT JOIN doc_type t ON f.facet = 'doc_type' AND t.id::text = f.value
        WHERE f.n > 0 AND f.facet <> 'total')::text AS facets",
        x_project = except("f_project"),
        x_package = except("f_package"),
        x_discipline = except("f_discipline"),
        x_doc_type = except("f_doc_type"),
        x_state = except("f_state"),
        x_status = except("f_status_code"),
        x_updated = except("f_updated"),
    );
    (sql, binds)
}

/// One page of hits in the asked order, each with its labels, snippet, where it matched and its file. With
/// words the ranking reads the small metadata vector; browsing by date walks the date index and stops at the page.
fn page_statement(reader: &Reader, search: &Search) -> (String, Binds) {
    let mut binds = Binds::default();
    let visible = visibility::readable(reader, &mut binds);
    let words = Words::new(search, &mut binds);
    let conditions = Filters::new(search, &mut binds).all();
    let (from, key) = source(search);
    let matches = &words.matches;
    let query = &words.q;
    let rank = if search.q.is_empty() {
        "0::float4".to_owned()
    } else {
        format!("ts_rank(d.v_meta, {query})")
    };
    let words = !search.q.is_empty();
    let limit = binds.bind(search.size);
    let offset = binds.bind((search.page - 1) * search.size);
    let order = |p: &str| match search.sort() {
        Sort::Relevance => format!("{p}rank DESC, {p}d_updated_at DESC, {p}id DESC"),
        Sort::Updated => format!("{p}d_updated_at DESC, {p}id DESC"),
        Sort::Number => format!("{p}c_document_no, {p}id"),
    };
    let snippet = if words {
        format!(
            "ts_headline('english',
                translate(CASE WHEN hs.n_file_chars > 0 AND ts_filter(hs.v_search, '{{c}}') @@ q.q
                     THEN left(dms_document_file_text(d.id), 60000)
                     ELSE d.c_title || '. ' || coalesce(d.c_description, '') END, '{START}{STOP}', ''),
                q.q, 'StartSel={START}, StopSel={STOP}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=\" … \"')"
        )
    } else {
        "NULL".to_owned()
    };
    let matched = if words {
        "array_remove(ARRAY[
            CASE WHEN ts_filter(hs.v_search, '{a}') @@ q.q THEN 'title' END,
            CASE WHEN ts_filter(hs.v_search, '{b}') @@ q.q THEN 'description' END,
            CASE WHEN hs.n_file_chars > 0 AND ts_filter(hs.v_search, '{c}') @@ q.q THEN 'file' END], NULL)"
    } else {
        "ARRAY[]::text[]"
    };
    let sql = format!(
        "WITH query AS (SELECT {query} AS q),
page AS (
    SELECT m.id, m.rank, m.d_updated_at, m.c_document_no FROM (
        SELECT {key} AS id, {rank} AS rank, d.d_updated_at, d.c_document_no
        FROM {from}
        WHERE {visible} AND {matches} AND {conditions}) m
    ORDER BY {order_m} LIMIT {limit} OFFSET {offset}
)
SELECT (SELECT coalesce(json_agg(h ORDER BY h.ord), '[]') FROM (
            SELECT row_number() OVER (ORDER BY {order_page}) AS ord, d.id, d.c_document_no AS document_no,
                   d.c_title AS title, d.c_revision AS revision, d.c_state AS state, d.c_status_code AS status_code,
                   d.c_project AS project,
                   json_build_object('id', p.id, 'label', p.c_code) AS package,
                   json_build_object('id', di.id, 'label', di.c_name) AS discipline,
                   json_build_object('id', t.id, 'label', t.c_name) AS doc_type,
                   d.c_originator AS originator, to_json(d.d_updated_at)#>>'{{}}' AS updated_at,
                   d.n_current_revision AS current_revision,
                   {snippet} AS snippet,
                   {matched} AS matched_in,
                   (SELECT json_build_object('id', f.id, 'name', f.c_name)
                      FROM dms_revision r
                      JOIN record_file f ON f.c_entry = 'dms_revision' AND f.c_key = r.id::text
                                        AND f.d_deleted_at IS NULL
                     WHERE r.n_document = d.id ORDER BY r.id DESC, f.id LIMIT 1) AS file
            FROM page
            JOIN dms_document d ON d.id = page.id
            JOIN package p ON p.id = d.n_package
            JOIN discipline di ON di.id = d.n_discipline
            JOIN doc_type t ON t.id = d.n_doc_type
            LEFT JOIN dms_document_search hs ON hs.n_document = d.id
            CROSS JOIN query q) h)::text AS hits",
        order_m = order("m."),
        order_page = order("page."),
    );
    (sql, binds)
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

fn facets_of(rows: Vec<FacetRow>) -> Facets {
    let mut facets = Facets::default();
    let mut updated = [0_i64; 4];
    for row in rows {
        let list = match row.facet.as_str() {
            "project" => &mut facets.project,
            "package" => &mut facets.package,
            "discipline" => &mut facets.discipline,
            "doc_type" => &mut facets.doc_type,
            "state" => &mut facets.state,
            "status_code" => &mut facets.status_code,
            _ => {
                let slot = match row.value.as_str() {
                    "7d" => 0,
                    "30d" => 1,
                    "365d" => 2,
                    _ => 3,
                };
                updated[slot] += row.n;
                continue;
            }
        };
        list.push(FacetValue {
            value: row.value,
            label: row.label,
            count: row.n,
        });
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
    facets.updated = buckets
        .into_iter()
        .map(|(value, label, count)| FacetValue {
            value: value.into(),
            label: label.into(),
            count,
        })
        .collect();
    facets
}

/// Runs the search for the caller (403 without the document register). The counts and the page are two
/// statements run at once on two connections (each on its own core): a search waits for the slower one, not for
/// both. They may see the documents a moment apart, as any two reads may.
pub async fn run(
    pool: &Pool,
    registry: &Registry,
    caller: &Caller,
    search: &Search,
) -> Result<SearchAnswer, ApiError> {
    visibility::ensure_reader(registry, caller)?;
    let started = Instant::now();
    let (counts, pages) = tokio::try_join!(pool.get(), pool.get())?;
    let reader = visibility::reader(&counts, registry, caller).await?;
    let (facets_sql, facet_binds) = facets_statement(&reader, search);
    let (page_sql, page_binds) = page_statement(&reader, search);
    let (facet_values, page_values) = (facet_binds.refs(), page_binds.refs());
    let (facet_row, page_row) = tokio::try_join!(
        counts.query_one(&facets_sql, &facet_values),
        pages.query_one(&page_sql, &page_values)
    )?;
    let total: i64 = facet_row.try_get(0)?;
    let facets: String = facet_row.try_get(1)?;
    let hits: String = page_row.try_get(0)?;
    let internal = |e: serde_json::Error| ApiError::Internal(anyhow::anyhow!("search rows: {e}"));
    let mut hits: Vec<Hit> = serde_json::from_str(&hits).map_err(internal)?;
    for hit in &mut hits {
        hit.snippet = hit.snippet.as_deref().map(mark);
    }
    let facets: Vec<FacetRow> = serde_json::from_str(&facets).map_err(internal)?;
    Ok(SearchAnswer {
        total,
        page: search.page,
        size: search.size,
        took_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        hits,
        facets: facets_of(facets),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    fn offered() -> Choices {
        Choices {
            states: vec!["WIP".into(), "Shared".into()],
            status_codes: vec!["S0".into(), "A".into()],
        }
    }

    #[test]
    fn parameters_repeat_or_are_comma_separated_and_bad_ones_are_named() {
        let search = Search::parse(
            &pairs(&[("package", "1,2"), ("package", "3"), ("state", "WIP")]),
            &offered(),
        )
        .expect("parses");
        assert_eq!(search.package, vec![1, 2, 3]);
        assert_eq!(search.sort(), Sort::Updated);
        for (name, value) in [
            ("package", "x"),
            ("state", "Draft"),
            ("status_code", "S9"),
            ("from", "2026-02-30"),
            ("size", "0"),
            ("zz", "1"),
        ] {
            let error = Search::parse(&pairs(&[(name, value)]), &offered()).expect_err("refused");
            assert!(error.to_string().starts_with(name), "{error}");
        }
    }

    #[test]
    fn snippets_are_escaped_except_the_marks() {
        assert_eq!(
            mark("a <b> \u{E000}bearing\u{E001} & c"),
            "a &lt;b&gt; <mark>bearing</mark> &amp; c"
        );
    }
}
