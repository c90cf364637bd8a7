//! `GET /api/export?t=&cols=&whrc=&format=csv|xlsx` plus the data table's filters (`search[value]`,
//! `columns[i][…]`, `order[i][…]`): every matching row, streamed, with a header row of column labels.

use actix_web::http::header::{HeaderValue, CONTENT_DISPOSITION, CONTENT_TYPE};
use actix_web::{get, web, HttpRequest, HttpResponse};

use crate::error::ApiError;
use crate::pipeline::authorise::readable;
use crate::pipeline::export_stream;
use crate::pipeline::request::{Export, ExportFormat};
use crate::state::AppState;
use crate::{pipeline::compile, pipeline::execute};

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
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::Unavailable
    ))]
#[get("/export")]
pub async fn export(
    http: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(http.query_string())
        .map_err(|e| ApiError::BadRequest(format!("cannot read the query string: {e}")))?;
    let request = Export::from_pairs(&pairs)?;
    let (entry, rows) = readable(&state.registry, &request.table.t, &http)?;
    let selection = compile::table_selection(&entry, &request.table, &request.cols, rows)?;
    let labels: Vec<String> = selection.columns.iter().map(|c| c.label.clone()).collect();
    let timeout = state.query.export_statement_timeout;
    let client = state.pool.get().await?;
    let (receiver, content_type, extension) = match request.format {
        ExportFormat::Csv => {
            let sql = selection.filtered.select_sql().map_err(execute::internal)?;
            let receiver = export_stream::csv(client, &sql, labels, timeout).await?;
            (receiver, "text/csv; charset=utf-8", "csv")
        }
        ExportFormat::Xlsx => {
            let sql = selection
                .filtered
                .select_text_sql()
                .map_err(execute::internal)?;
            let receiver = export_stream::xlsx(
                client,
                sql,
                entry.title().to_owned(),
                selection.columns.clone(),
                timeout,
            )
            .await?;
            (
                receiver,
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                "xlsx",
            )
        }
    };
    // Entry names are lower-case identifiers (checked at load), so the file name needs no escaping.
    let disposition = format!(
        "attachment; filename=\"{}-{}.{extension}\"",
        entry.name,
        today_utc()
    );
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, HeaderValue::from_static(content_type)))
        .insert_header((
            CONTENT_DISPOSITION,
            HeaderValue::from_str(&disposition).map_err(execute::internal)?,
        ))
        .streaming(export_stream::body(receiver)))
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
