//! `GET /api/export?t=&cols=&whrc=&format=csv|xlsx` plus the data table's filters (`search[value]`,
//! `columns[i][…]`, `order[i][…]`): every matching row, streamed, with a header row of column labels.

use actix_web::http::header::{HeaderValue, CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{get, web, HttpRequest, HttpResponse};

use crate::auth::Caller;
use crate::base::timing::{Stage, Timing};
use crate::error::ApiError;
use crate::pipeline::request::Export;
use crate::pipeline::run::Run;
use crate::pipeline::{execute, export_stream};
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(export))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(export);
}

/// Every row a data table would show, streamed as CSV (UTF-8, header row of labels) or XLSX.
#[utoipa::path(get, path = "/api/export", tag = "data",
    params(
        ("t" = String, Query, description = "A registry entry", example = "activity_progress"),
        ("format" = String, Query, description = "csv or xlsx", example = "csv"),
        ("cols" = Option<String>, Query, description = "Columns, comma separated, or *"),
        ("whrc" = Option<String>, Query, description = "Filter"),
        ("search[value]" = Option<String>, Query, description = "The data table's global search")
    ),
    responses(
        (status = 200, description = "The file (Content-Disposition names it)", content_type = "text/csv"),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::TooManyRequests
    ))]
#[get("/export")]
pub async fn export(
    http: HttpRequest,
    caller: Caller,
    timing: Timing,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = timing.time(Stage::Parse, || Export::from_query(http.query_string()))?;
    let (stream, entry) = Run::new(&state, &caller, &timing).export(&request).await?;
    // Entry names are lower-case identifiers (checked at load), so the file name needs no escaping.
    let disposition = format!(
        "attachment; filename=\"{}-{}.{}\"",
        entry.name,
        today_utc(),
        stream.extension
    );
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, HeaderValue::from_static(stream.content_type)))
        .insert_header((
            CONTENT_DISPOSITION,
            HeaderValue::from_str(&disposition).map_err(execute::internal)?,
        ))
        .streaming(export_stream::body(stream.receiver)))
}

/// Today's date (UTC) as `YYYY-MM-DD`, for file names.
fn today_utc() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs() / 86_400)
        .unwrap_or(0) as i64;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}
