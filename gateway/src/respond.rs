//! Pipeline stage 5 for JSON answers: rows rendered by PostgreSQL pass through as text, framed here.

use actix_web::http::header::{HeaderName, HeaderValue, CONTENT_TYPE};
use actix_web::HttpResponse;
use serde::Serialize;

use crate::error::ApiError;
use crate::execute::Count;

/// Set on an answer that was cut at the row limit; its value is the limit.
pub static TRUNCATED: HeaderName = HeaderName::from_static("x-truncated");
/// Names the counts of a data-table answer that are planner estimates (comma separated).
pub static COUNT_ESTIMATED: HeaderName = HeaderName::from_static("x-count-estimated");

/// `[row,row,…]` from rows that are JSON objects already; cuts at `max_rows` when given and says so.
pub fn json_array(mut rows: Vec<String>, max_rows: Option<u64>) -> HttpResponse {
    let cut = cut(&mut rows, max_rows);
    let mut response = HttpResponse::Ok();
    response.insert_header((CONTENT_TYPE, HeaderValue::from_static("application/json")));
    if let Some(limit) = cut {
        response.insert_header((TRUNCATED.clone(), limit.to_string()));
    }
    response.body(join(&rows))
}

/// The DataTables answer `{draw, recordsTotal, recordsFiltered, data}`; an estimated count adds
/// `recordsTotalEstimated` / `recordsFilteredEstimated: true` and the `X-Count-Estimated` header.
pub fn datatable(
    draw: i64,
    total: Count,
    filtered: Count,
    mut rows: Vec<String>,
    max_rows: Option<u64>,
) -> HttpResponse {
    let cut = cut(&mut rows, max_rows);
    let mut body = format!(
        r#"{{"draw":{draw},"recordsTotal":{},"recordsFiltered":{},"data":{}"#,
        total.rows,
        filtered.rows,
        join(&rows)
    );
    let mut estimated = Vec::new();
    if total.estimated {
        body.push_str(r#","recordsTotalEstimated":true"#);
        estimated.push("recordsTotal");
    }
    if filtered.estimated {
        body.push_str(r#","recordsFilteredEstimated":true"#);
        estimated.push("recordsFiltered");
    }
    body.push('}');
    let mut response = HttpResponse::Ok();
    response.insert_header((CONTENT_TYPE, HeaderValue::from_static("application/json")));
    if let Some(limit) = cut {
        response.insert_header((TRUNCATED.clone(), limit.to_string()));
    }
    if !estimated.is_empty() {
        response.insert_header((COUNT_ESTIMATED.clone(), estimated.join(",")));
    }
    response.body(body)
}

#[derive(Serialize)]
struct DataTableError<'a> {
    draw: i64,
    error: String,
    code: &'a str,
}

/// DataTables expects `{draw, error}` on failure; the status stays that of the error.
pub fn datatable_error(draw: i64, error: &ApiError) -> HttpResponse {
    use actix_web::ResponseError;
    if let ApiError::Internal(source) = error {
        tracing::error!(error = format!("{source:#}"), "internal error");
    }
    HttpResponse::build(error.status_code()).json(DataTableError {
        draw,
        error: error.to_string(),
        code: error.code(),
    })
}

fn cut(rows: &mut Vec<String>, max_rows: Option<u64>) -> Option<u64> {
    let limit = max_rows?;
    let limit_usize = usize::try_from(limit).unwrap_or(usize::MAX);
    (rows.len() > limit_usize).then(|| {
        rows.truncate(limit_usize);
        limit
    })
}

fn join(rows: &[String]) -> String {
    let mut body = String::with_capacity(rows.iter().map(|row| row.len() + 1).sum::<usize>() + 2);
    body.push('[');
    for (i, row) in rows.iter().enumerate() {
        if i > 0 {
            body.push(',');
        }
        body.push_str(row);
    }
    body.push(']');
    body
}
