//! `GET /api/custom/selectall` and `POST /api/custom/datatable` (docs/console.md §7, docs/architecture.md §6):
//! generic reads of registry entries, through the pipeline request → authorise → compile → execute → respond,
//! each stage timed for `Server-Timing`. Lists may be a little stale, so they read from the read replica when
//! there is one in use (docs/architecture.md §8).

use actix_web::{get, web, HttpRequest, HttpResponse};

use crate::auth::Caller;
use crate::base::timing::{Stage, Timing};
use crate::error::ApiError;
use crate::http::json_body;
use crate::pipeline::request::{DataTable, SelectAll};
use crate::pipeline::respond;
use crate::pipeline::run::Run;
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(selectall, datatable))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(selectall)
        .service(web::resource("/custom/datatable").route(web::post().to(datatable)));
}

/// Rows of a registry entry (docs/console.md §7): `t` the entry, `cols` a comma list or `*`, `whrc` a filter such as
/// `n_package = 3 AND c_status = 'In progress' ORDER BY d_progress_date DESC LIMIT 50`.
#[utoipa::path(get, path = "/api/custom/selectall", tag = "data",
    params(
        ("t" = String, Query, description = "A registry entry (see the EntryName schema)", example = "corridor"),
        ("cols" = Option<String>, Query, description = "Columns, comma separated, or * (default)", example = "id,c_code,c_name"),
        ("whrc" = Option<String>, Query, description = "Filter, with optional ORDER BY / LIMIT / OFFSET", example = "c_code = 'C1'")
    ),
    responses(
        (status = 200, description = "The rows, keyed by column (exact numbers, dates YYYY-MM-DD); X-Truncated when cut at MAX_ROWS", body = Vec<Object>),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden
    ))]
#[get("/custom/selectall")]
pub async fn selectall(
    http: HttpRequest,
    caller: Caller,
    timing: Timing,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let request = timing.time(Stage::Parse, || SelectAll::from_query(http.query_string()))?;
    let read = Run::new(&state, &caller, &timing)
        .selectall(&request)
        .await?;
    timing.time(Stage::Render, || {
        respond::json_array(read.rows, read.count, read.max_rows)
    })
}

/// A page of a registry entry in the jQuery DataTables server-side protocol (form-encoded or JSON): `t`, `draw`,
/// `start`, `length` (-1: all up to MAX_ROWS), `search[value]`, `columns[i][data|name|searchable|orderable|search][value]`,
/// `order[i][column|dir]`, optional `whrc`. Failures keep the protocol's shape `{draw, error, code}`.
///
/// With `names: true` (form: `names=true`) the answer also carries `names`: per look-up column of the page whose
/// look-up list every signed-in user may read, the look-up's display text of each key on this page, read in one
/// statement, so a list names its cells without reading whole look-up lists. Keys the look-up cannot name are left
/// out. Without it the answer is as before.
#[utoipa::path(post, path = "/api/custom/datatable", tag = "data",
    request_body(description = "The DataTables request as JSON. jQuery DataTables' own form encoding \
        (`application/x-www-form-urlencoded`: `t=station&draw=1&columns[0][data]=c_code&order[0][column]=0&…`) carries \
        the same fields and is accepted too; the document declares the JSON body alone, which generated clients send",
        content((crate::pipeline::request::DataTableRequest = "application/json"))),
    responses(
        (status = 200, description = "The page", body = crate::http::responses::DataTableAnswer),
        (status = 400, description = "A malformed request", body = crate::http::responses::DataTableFailure),
        (status = 401, description = "No valid token", body = crate::error::ErrorBody),
        (status = 403, description = "Access disabled", body = crate::http::responses::DataTableFailure),
        crate::http::responses::PayloadTooLarge,
        (status = 415, description = "Neither form-encoded nor JSON", body = crate::http::responses::DataTableFailure),
        (status = 503, description = "Database unavailable or timed out", body = crate::http::responses::DataTableFailure)
    ))]
pub async fn datatable(
    http: HttpRequest,
    timing: Timing,
    body: web::Payload,
    state: web::Data<AppState>,
) -> HttpResponse {
    let request = match timing
        .time_async(Stage::Parse, read_datatable(&http, body.into_inner()))
        .await
    {
        Ok(request) => request,
        Err(error) => return respond::datatable_error(0, &error),
    };
    let draw = request.draw;
    match answer_datatable(&http, &timing, &state, &request).await {
        Ok(response) => response,
        Err(error) => respond::datatable_error(draw, &error),
    }
}

/// The request as a form or JSON; any other content type is 415, checked before the body is read.
async fn read_datatable(
    http: &HttpRequest,
    payload: actix_web::dev::Payload,
) -> Result<DataTable, ApiError> {
    let media = json_body::media_type(http);
    let declared = json_body::declared_length(http);
    let read = |payload| json_body::read_limited(payload, declared, json_body::MAX_BODY_BYTES);
    match media.as_str() {
        "application/x-www-form-urlencoded" => {
            let body = read(payload).await?;
            let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&body)
                .map_err(|e| ApiError::BadRequest(format!("cannot read the form: {e}")))?;
            DataTable::from_pairs(&pairs)
        }
        json if json_body::is_json(json) => {
            let body = read(payload).await?;
            DataTable::from_json(&json_body::parse(&body)?)
        }
        other => Err(ApiError::UnsupportedMediaType(format!(
            "send the data table request as application/x-www-form-urlencoded or application/json, not `{}`",
            schema_registry::text::quote(other)
        ))),
    }
}

async fn answer_datatable(
    http: &HttpRequest,
    timing: &Timing,
    state: &AppState,
    request: &DataTable,
) -> Result<HttpResponse, ApiError> {
    let caller = Caller::of(http)?;
    let read = Run::new(state, &caller, timing).datatable(request).await?;
    timing.time(Stage::Render, || {
        respond::datatable(
            request.draw,
            read.total,
            read.filtered,
            read.page.rows,
            read.page.count,
            read.page.max_rows,
            read.names.as_deref(),
        )
    })
}
