//! `GET /api/custom/selectall` and `POST /api/custom/datatable` (SPEC §7, DESIGN §6): generic reads of registry
//! entries, through the pipeline request → authorise → compile → execute → respond.

use actix_web::http::header::CONTENT_TYPE;
use actix_web::{get, web, HttpRequest, HttpResponse};

use crate::authorise::readable;
use crate::error::ApiError;
use crate::request::{DataTable, SelectAll};
use crate::startup::AppState;
use crate::{compile, execute, respond};

/// Largest datatable request body (a wide table's column list stays far below this).
const DATATABLE_BODY_LIMIT: usize = 256 * 1024;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(selectall).service(
        web::resource("/custom/datatable")
            .app_data(web::PayloadConfig::new(DATATABLE_BODY_LIMIT))
            .route(web::post().to(datatable)),
    );
}

#[get("/custom/selectall")]
async fn selectall(
    http: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let request: SelectAll = serde_urlencoded::from_str(http.query_string())
        .map_err(|e| ApiError::BadRequest(format!("cannot read the query string: {e}")))?;
    let (entry, rows) = readable(&state.registry, &request.t, &http)?;
    let plan = compile::selectall(&entry, &request, state.query.max_rows, rows)?;
    let sql = plan.query.json_array_sql().map_err(execute::internal)?;
    let client = state.pool.get().await?;
    let (rows, count) = execute::json_array(&client, &sql).await?;
    respond::json_array(rows, count, plan.max_rows)
}

async fn datatable(
    http: HttpRequest,
    body: web::Bytes,
    state: web::Data<AppState>,
) -> HttpResponse {
    let request = match read_datatable(&http, &body) {
        Ok(request) => request,
        Err(error) => return respond::datatable_error(0, &error),
    };
    let draw = request.draw;
    match answer_datatable(&http, &state, &request).await {
        Ok(response) => response,
        Err(error) => respond::datatable_error(draw, &error),
    }
}

fn read_datatable(http: &HttpRequest, body: &[u8]) -> Result<DataTable, ApiError> {
    let content_type = http
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    match content_type.as_str() {
        "application/x-www-form-urlencoded" => {
            let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(body)
                .map_err(|e| ApiError::BadRequest(format!("cannot read the form: {e}")))?;
            DataTable::from_pairs(&pairs)
        }
        "application/json" => {
            let value: serde_json::Value = serde_json::from_slice(body)
                .map_err(|e| ApiError::BadRequest(format!("cannot read the JSON body: {e}")))?;
            DataTable::from_json(&value)
        }
        other => Err(ApiError::UnsupportedMediaType(format!(
            "send the data table request as application/x-www-form-urlencoded or application/json, not `{}`",
            other.chars().take(60).collect::<String>()
        ))),
    }
}

async fn answer_datatable(
    http: &HttpRequest,
    state: &AppState,
    request: &DataTable,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let (entry, rows) = readable(&state.registry, &request.t, http)?;
    let plan = compile::datatable(&entry, request, state.query.max_rows, rows)?;
    let sql = plan.page.json_array_sql().map_err(execute::internal)?;
    let threshold = state.query.count_estimate_threshold;
    let client = state.pool.get().await?;
    // One connection, three pipelined queries: the counts and the page travel together.
    let (total, filtered, rows) = tokio::join!(
        execute::count(&client, &plan.total, threshold),
        async {
            match &plan.filtered {
                Some(filtered) => execute::count(&client, filtered, threshold).await.map(Some),
                None => Ok(None),
            }
        },
        execute::json_array(&client, &sql),
    );
    let total = total?;
    let filtered = filtered?.unwrap_or(total);
    let (rows, count) = rows?;
    respond::datatable(request.draw, total, filtered, rows, count, plan.max_rows)
}
