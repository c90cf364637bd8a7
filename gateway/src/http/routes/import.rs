//! The generic CSV/XLSX importer (docs/import.md): `GET /api/import/screen` (an import screen's preset),
//! `POST /api/import/{entry}/preview`, `POST /api/import/{entry}` (dry run or commit), `GET
//! /api/import/progress/{key}`, `GET /api/import/runs`, `GET /api/import/runs/{run}/errors.csv`, `GET
//! /api/import/{entry}/template`, `PUT /api/import/{entry}/mapping`. Importing takes Create on the entry (and
//! Update to update by a key); a preset's route must also be the caller's.

use std::collections::BTreeMap;

use actix_multipart::Multipart;
use actix_web::http::header::CONTENT_DISPOSITION;
use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::files::names;
use crate::http::json_body::JsonBody;
use crate::import::log::{self, RunSummary};
use crate::import::mapping;
use crate::import::receive::{self, Received};
use crate::import::request::{self, ImportColumn, LookupRef};
use crate::import::run::{self, Summary};
use crate::import::{keys, preview, template};
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(
    screen,
    preview,
    import,
    progress,
    runs,
    errors_csv,
    template_xlsx,
    save_mapping
))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/import/screen").route(web::get().to(screen)))
        .service(web::resource("/import/progress/{key}").route(web::get().to(progress)))
        .service(web::resource("/import/runs").route(web::get().to(runs)))
        .service(web::resource("/import/runs/{run}/errors.csv").route(web::get().to(errors_csv)))
        .service(web::resource("/import/{entry}/preview").route(web::post().to(preview)))
        .service(web::resource("/import/{entry}/template").route(web::get().to(template_xlsx)))
        .service(web::resource("/import/{entry}/mapping").route(web::put().to(save_mapping)))
        .service(web::resource("/import/{entry}").route(web::post().to(import)));
}

/// A column the screen asks for once (a look-up picker).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AskColumn {
    pub name: String,
    pub label: String,
    pub lookup: Option<LookupRef>,
}

/// An import screen's preset (`[[imports]]` of the target entry).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ImportScreen {
    pub route: String,
    pub title: String,
    pub entry: String,
    pub entry_title: String,
    pub ask: Vec<AskColumn>,
    pub fixed: BTreeMap<String, String>,
    /// `insert`, `update` or `upsert`.
    pub mode: String,
    pub key: Vec<String>,
    pub mapping: BTreeMap<String, String>,
    pub notes: Option<String>,
    /// The workflow state every imported record arrives in (history); the screen then offers no other mode.
    pub arrives_in: Option<String>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ScreenQuery {
    /// An import screen's route, e.g. `/dataentry/importla`.
    pub route: String,
}

/// An import screen: its target entry, what it asks once, fixed values, mode, key, mapping and notes.
#[utoipa::path(get, path = "/api/import/screen", operation_id = "import_screen", tag = "import", params(ScreenQuery),
    responses(
        (status = 200, description = "The preset", body = ImportScreen),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
    ))]
pub async fn screen(
    caller: Caller,
    query: web::Query<ScreenQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (entry, preset) = request::preset(&state.registry, &caller, &query.route)?;
    let ask = preset
        .ask
        .iter()
        .filter_map(|name| entry.column(name))
        .map(|column| AskColumn {
            name: column.name.clone(),
            label: column.label.clone(),
            lookup: request::lookup_ref(column),
        })
        .collect();
    Ok(HttpResponse::Ok().json(ImportScreen {
        route: preset.route.clone(),
        title: preset.title.clone(),
        entry: entry.name.clone(),
        entry_title: entry.title().to_owned(),
        ask,
        fixed: preset.fixed.clone(),
        mode: preset.mode.as_str().to_owned(),
        key: preset.key.clone(),
        mapping: preset.mapping.clone(),
        notes: preset.notes.clone(),
        arrives_in: preset.arrives_in.clone(),
    }))
}

/// The first rows of a file and how its headers map.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Preview {
    pub file_name: String,
    /// `csv` or `xlsx`.
    pub format: String,
    pub encoding: Option<String>,
    pub delimiter: Option<String>,
    pub sheets: Vec<String>,
    pub sheet: Option<String>,
    pub headers: Vec<String>,
    /// The first 20 data rows, as text.
    pub rows: Vec<Vec<String>>,
    pub columns: Vec<ImportColumn>,
    /// Header → column (`null`: not imported).
    pub mapping: BTreeMap<String, Option<String>>,
    /// Whether the caller's saved mapping for this entry was applied.
    pub saved_mapping: bool,
    /// Unique keys usable for update mode.
    pub keys: Vec<Vec<String>>,
}

/// The first rows of an uploaded file (multipart `file`, optional field `sheet`), its headers mapped to columns.
#[utoipa::path(post, path = "/api/import/{entry}/preview", operation_id = "import_preview", tag = "import",
    params(("entry" = String, Path, description = "A writable registry entry", example = "la"),
           ("route" = Option<String>, Query, description = "The import screen's route, for its preset mapping")),
    request_body(content_type = "multipart/form-data", content = crate::http::upload_forms::ImportPreviewForm, description = "Field `file` (CSV or XLSX), optional `sheet`"),
    responses(
        (status = 200, description = "The preview", body = Preview),
        crate::http::responses::MethodNotAllowed,
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
    ))]
pub async fn preview(
    caller: Caller,
    path: web::Path<String>,
    query: web::Query<RouteQuery>,
    multipart: Multipart,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let entry = request::importable_entry(&state.registry, &caller, &path)?;
    let preset = query.route.as_deref();
    let preset = preset.map(|route| request::preset(&state.registry, &caller, route));
    let preset_mapping = preset
        .transpose()?
        .map(|(_, preset)| preset.mapping.clone());
    let Received { fields, file, .. } = receive::receive(
        multipart,
        state.imports.max_bytes,
        &state.imports.progress,
        caller.user_id,
    )
    .await?;
    let upload =
        file.ok_or_else(|| ApiError::BadRequest("send the file in a field named `file`".into()))?;
    let sheet = fields
        .get("sheet")
        .cloned()
        .filter(|s| !s.trim().is_empty());
    let file_name = upload.name.clone();
    let client = state.pool.get().await?;
    let saved = log::saved_mapping(&client, caller.user_id, &entry.name).await?;
    let unique = keys::unique_keys(&client, entry).await?;
    drop(client);
    let read = preview::read(
        &state,
        &entry.name,
        upload,
        sheet,
        preset_mapping,
        saved.clone(),
    )
    .await?;
    let columns = request::columns(entry, &unique);
    Ok(HttpResponse::Ok().json(Preview {
        file_name,
        format: read.sniffed.format.as_str().to_owned(),
        encoding: read.sniffed.encoding.map(str::to_owned),
        delimiter: read.sniffed.delimiter.map(|d| (d as char).to_string()),
        sheets: read.sniffed.sheets.clone(),
        sheet: read.sniffed.sheet.clone(),
        headers: read.headers,
        rows: read.rows,
        columns,
        mapping: read.mapping,
        saved_mapping: saved.is_some(),
        keys: unique,
    }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RouteQuery {
    /// The import screen's route, for its preset mapping.
    pub route: Option<String>,
}

/// Imports a file: fields `mapping` (JSON header → column), `fixed` (JSON column → value), `options` (JSON)
/// and `file` last. A dry run checks every row and writes nothing; a commit writes every row or, when any is
/// refused, nothing (422 `import_refused`, the summary in `details`) unless `valid_only`.
#[utoipa::path(post, path = "/api/import/{entry}", operation_id = "import_file", tag = "import",
    params(("entry" = String, Path, description = "A writable registry entry", example = "la")),
    request_body(content_type = "multipart/form-data", content = crate::http::upload_forms::ImportForm, description = "Fields `mapping`, `fixed`, `options` (JSON) and `file` last"),
    responses(
        (status = 200, description = "The dry run's or the commit's summary", body = Summary),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::MethodNotAllowed,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid
    ))]
pub async fn import(
    caller: Caller,
    path: web::Path<String>,
    multipart: Multipart,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let entry = request::importable_entry(&state.registry, &caller, &path)?;
    let Received {
        fields,
        file,
        progress,
    } = receive::receive(
        multipart,
        state.imports.max_bytes,
        &state.imports.progress,
        caller.user_id,
    )
    .await?;
    let mut plan = request::plan(&state.registry, &caller, entry, &fields)?;
    let upload = file.ok_or_else(|| {
        ApiError::BadRequest("send the file in a field named `file`, after the other fields".into())
    })?;
    plan.saved_mapping = {
        let client = state.pool.get().await?;
        log::saved_mapping(&client, caller.user_id, &entry.name).await?
    };
    let summary = run::import(&state, &caller, entry, plan, upload, progress).await?;
    Ok(HttpResponse::Ok().json(summary))
}

/// An import's progress.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ProgressAnswer {
    /// `waiting` (no import of the caller's known under the key yet), `reading` (the upload), `checking` (a dry run),
    /// `writing` (a commit), `done`.
    pub phase: &'static str,
    pub bytes_read: u64,
    pub bytes_total: u64,
    pub rows_read: u64,
}

/// The progress of the caller's import started with `options.progress` = `key`.
#[utoipa::path(get, path = "/api/import/progress/{key}", operation_id = "import_progress", tag = "import",
    params(("key" = String, Path, description = "The key the import's options named")),
    responses(
        (status = 200, description = "The progress; phase `waiting` while no import of the caller's is known under \
            the key (its upload has not reached the gateway yet, or it ended long ago)", body = ProgressAnswer),
        crate::http::responses::BadRequest,
    ))]
pub async fn progress(
    caller: Caller,
    path: web::Path<String>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    use std::sync::atomic::Ordering;
    // A key not known (yet: the upload's options have not arrived; or any more) is no error of the caller's: the
    // console polls from the moment it sends the file, and a 404 there was logged at every import.
    let Some(progress) = state.imports.progress.get(&path, caller.user_id) else {
        return Ok(HttpResponse::Ok().json(ProgressAnswer {
            phase: "waiting",
            bytes_read: 0,
            bytes_total: 0,
            rows_read: 0,
        }));
    };
    Ok(HttpResponse::Ok().json(ProgressAnswer {
        phase: progress.phase().as_str(),
        bytes_read: progress.bytes_read.load(Ordering::Relaxed),
        bytes_total: progress.bytes_total.load(Ordering::Relaxed),
        rows_read: progress.rows_read.load(Ordering::Relaxed),
    }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RunsQuery {
    /// Only runs into this entry.
    pub entry: Option<String>,
}

/// The caller's last 50 imports (a superadmin's: everyone's), newest first.
#[utoipa::path(get, path = "/api/import/runs", operation_id = "import_runs", tag = "import", params(RunsQuery),
    responses(
        (status = 200, description = "The runs", body = Vec<RunSummary>),
        crate::http::responses::BadRequest,
    ))]
pub async fn runs(
    caller: Caller,
    query: web::Query<RunsQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let client = state.pool.get().await?;
    let user = (!caller.superadmin).then_some(caller.user_id);
    let runs = log::runs(&client, user, query.entry.as_deref()).await?;
    Ok(HttpResponse::Ok().json(runs))
}

/// A run's error report: CSV `row,column,value,message` (the first 10,000 problems).
#[utoipa::path(get, path = "/api/import/runs/{run}/errors.csv", operation_id = "import_errors", tag = "import",
    params(("run" = i64, Path, description = "The run's id")),
    responses(
        (status = 200, description = "The report", content_type = "text/csv"),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
    ))]
pub async fn errors_csv(
    caller: Caller,
    path: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let run = path.into_inner();
    let client = state.pool.get().await?;
    let owner = log::owner(&client, run)
        .await?
        .ok_or_else(|| ApiError::RecordNotFound(format!("import {run} does not exist")))?;
    if !caller.superadmin && owner != Some(caller.user_id) {
        return Err(ApiError::RecordNotFound(format!(
            "import {run} does not exist"
        )));
    }
    let body = log::errors_csv(&client, run).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((
            CONTENT_DISPOSITION,
            names::disposition("attachment", &format!("import-{run}-errors.csv")),
        ))
        .body(body))
}

/// The entry's import template (XLSX): headers, an example row, choices as lists, notes per column.
#[utoipa::path(get, path = "/api/import/{entry}/template", operation_id = "import_template", tag = "import",
    params(("entry" = String, Path, description = "A writable registry entry", example = "la"),
           ("route" = Option<String>, Query, description = "An import screen's route: its asked and fixed columns are left out")),
    responses(
        (status = 200, description = "The template", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        crate::http::responses::BadRequest,
        crate::http::responses::MethodNotAllowed,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
    ))]
pub async fn template_xlsx(
    caller: Caller,
    path: web::Path<String>,
    query: web::Query<RouteQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let entry = request::importable_entry(&state.registry, &caller, &path)?;
    let skip: Vec<String> = match query.route.as_deref() {
        Some(route) => {
            let (_, preset) = request::preset(&state.registry, &caller, route)?;
            preset
                .ask
                .iter()
                .chain(preset.fixed.keys())
                .cloned()
                .collect()
        }
        None => Vec::new(),
    };
    let skip: Vec<&str> = skip.iter().map(String::as_str).collect();
    let bytes = template::template(&state.registry, entry, &skip)
        .map_err(|e| ApiError::Internal(e.into()))?;
    Ok(HttpResponse::Ok()
        .content_type("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .insert_header((
            CONTENT_DISPOSITION,
            names::disposition(
                "attachment",
                &format!("{}-import-template.xlsx", entry.name),
            ),
        ))
        .body(bytes))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct MappingBody {
    /// Header → column (`null`: not imported).
    pub mapping: BTreeMap<String, Option<String>>,
}

/// Saves the caller's mapping for the entry (offered at the next preview).
#[utoipa::path(put, path = "/api/import/{entry}/mapping", operation_id = "import_save_mapping", tag = "import",
    params(("entry" = String, Path, description = "A writable registry entry", example = "la")),
    request_body(content = MappingBody),
    responses(
        (status = 204, description = "Saved"),
        crate::http::responses::NotFound,
        crate::http::responses::MethodNotAllowed,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::Invalid,
    ))]
pub async fn save_mapping(
    caller: Caller,
    path: web::Path<String>,
    body: JsonBody<MappingBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let entry = request::importable_entry(&state.registry, &caller, &path)?;
    let mapping = body.0.mapping;
    for column in mapping.values().flatten() {
        if !mapping::importable(entry).any(|c| &c.name == column) {
            return Err(ApiError::validation(vec![crate::error::FieldError::new(
                column,
                format!(
                    "`{column}` is not a field of {} that can be imported",
                    entry.title()
                ),
            )]));
        }
    }
    let client = state.pool.get().await?;
    log::save_mapping(&client, caller.user_id, &entry.name, &mapping).await?;
    Ok(HttpResponse::NoContent().finish())
}
