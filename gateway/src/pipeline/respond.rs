//! Pipeline stage 5 for JSON answers: rows rendered by PostgreSQL pass through as text, framed here.

use actix_web::http::header::{HeaderName, HeaderValue, CONTENT_TYPE};
use actix_web::HttpResponse;
use serde::Serialize;

use crate::error::ApiError;
use crate::pipeline::execute::Count;

/// Set on an answer that was cut at the row limit; its value is the limit.
pub static TRUNCATED: HeaderName = HeaderName::from_static("x-truncated");
/// Names the counts of a data-table answer that are planner estimates (comma separated).
pub static COUNT_ESTIMATED: HeaderName = HeaderName::from_static("x-count-estimated");

/// The JSON array PostgreSQL rendered, cut at `max_rows` when it holds more (the query asks for one row more
/// than the limit to know), with the `X-Truncated` header saying so.
pub fn json_array(
    rows: String,
    count: i64,
    max_rows: Option<u64>,
) -> Result<HttpResponse, ApiError> {
    let (body, cut) = cut(rows, count, max_rows)?;
    let mut response = HttpResponse::Ok();
    response.insert_header((CONTENT_TYPE, HeaderValue::from_static("application/json")));
    if let Some(limit) = cut {
        response.insert_header((TRUNCATED.clone(), limit.to_string()));
    }
    Ok(response.body(body))
}

/// The DataTables answer `{draw, recordsTotal, recordsFiltered, data}`; an estimated count adds
/// `recordsTotalEstimated` / `recordsFilteredEstimated: true` and the `X-Count-Estimated` header; `names` (a JSON
/// object, when the request asked for it) comes last.
pub fn datatable(
    draw: i64,
    total: Count,
    filtered: Count,
    rows: String,
    count: i64,
    max_rows: Option<u64>,
    names: Option<&str>,
) -> Result<HttpResponse, ApiError> {
    let (rows, cut) = cut(rows, count, max_rows)?;
    let mut body = format!(
        r#"{{"draw":{draw},"recordsTotal":{},"recordsFiltered":{},"data":{rows}"#,
        total.rows, filtered.rows,
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
    if let Some(names) = names {
        body.push_str(r#","names":"#);
        body.push_str(names);
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
    Ok(response.body(body))
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
    error.log_if_internal();
    HttpResponse::build(error.status_code()).json(DataTableError {
        draw,
        error: error.to_string(),
        code: error.code(),
    })
}

/// Keeps the first `max_rows` elements of the array when it has more; the rare cut answer is re-serialised
/// from raw elements, so values keep their exact text.
fn cut(rows: String, count: i64, max_rows: Option<u64>) -> Result<(String, Option<u64>), ApiError> {
    let Some(limit) =
        max_rows.filter(|&limit| i64::try_from(limit).is_ok_and(|limit| count > limit))
    else {
        return Ok((rows, None));
    };
    let elements: Vec<&serde_json::value::RawValue> =
        serde_json::from_str(&rows).map_err(|e| ApiError::Internal(anyhow::Error::new(e)))?;
    let keep = usize::try_from(limit)
        .unwrap_or(usize::MAX)
        .min(elements.len());
    let body = serde_json::to_string(&elements[..keep])
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e)))?;
    Ok((body, Some(limit)))
}

/// `GET /api/data/{entry}/{id}`: the record as PostgreSQL rendered it, with its row version as `ETag` (send it
/// back as `If-Match` or `n_row_version` to update or delete).
pub fn record(record: &crate::pipeline::record::Record) -> HttpResponse {
    let mut response = HttpResponse::Ok();
    response.insert_header((CONTENT_TYPE, HeaderValue::from_static("application/json")));
    if let Some(version) = record.version {
        response.insert_header((actix_web::http::header::ETAG, format!("\"{version}\"")));
    }
    response.body(record.json.clone())
}

/// The answer of a record write (docs/console.md §7 `result` / `message`), with the saved record for the form to carry on.
#[derive(Serialize)]
struct WriteAnswer<'a> {
    result: &'static str,
    message: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a serde_json::value::RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    data: Option<&'a serde_json::value::RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    changed: Option<&'a [String]>,
}

pub const SUBMITTED: &str = "Submitted Successfully";
pub const UPDATED: &str = "Updated Successfully";
pub const DELETED: &str = "Deleted Successfully";

/// `201 Created` with `Location`, or `200` for an update; both carry the saved record and its `ETag`.
/// Marks an answer given again for a request sent again with the same `Idempotency-Key`.
pub fn mark_replayed(response: &mut HttpResponse) {
    response.headers_mut().insert(
        actix_web::http::header::HeaderName::from_static("idempotent-replayed"),
        actix_web::http::header::HeaderValue::from_static("true"),
    );
}

pub fn saved(
    saved: &crate::pipeline::record::Saved,
    created_at: Option<String>,
) -> Result<HttpResponse, ApiError> {
    let data = serde_json::value::RawValue::from_string(saved.record.json.clone())
        .map_err(crate::pipeline::execute::internal)?;
    // The key goes back as JSON: a number for numeric keys, a string otherwise.
    let id_json = match saved.key.parse::<i64>() {
        Ok(number) => number.to_string(),
        Err(_) => serde_json::to_string(&saved.key).map_err(crate::pipeline::execute::internal)?,
    };
    let id = serde_json::value::RawValue::from_string(id_json)
        .map_err(crate::pipeline::execute::internal)?;
    let answer = WriteAnswer {
        result: "success",
        message: if created_at.is_some() {
            SUBMITTED
        } else {
            UPDATED
        },
        id: Some(&id),
        data: Some(&data),
        changed: Some(&saved.changed),
    };
    let mut response = match &created_at {
        Some(_) => HttpResponse::Created(),
        None => HttpResponse::Ok(),
    };
    if let Some(location) = created_at {
        response.insert_header((actix_web::http::header::LOCATION, location));
    }
    if let Some(version) = saved.record.version {
        response.insert_header((actix_web::http::header::ETAG, format!("\"{version}\"")));
    }
    Ok(response.json(answer))
}

pub fn deleted() -> HttpResponse {
    HttpResponse::Ok().json(WriteAnswer {
        result: "success",
        message: DELETED,
        id: None,
        data: None,
        changed: None,
    })
}
