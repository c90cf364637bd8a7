//! `POST /api/data/{entry}/upload` and `POST /api/data/{entry}/{id}/upload`: a record uploaded with its files in
//! one call, and the next line of files of one, on a register that declares `[upload]` (docs/registry.md "Upload
//! with files"). Thin: parse, call the record service, respond.

use actix_multipart::Multipart;
use actix_web::{web, HttpResponse};

use crate::auth::Caller;
use crate::base::timing::Timing;
use crate::error::ApiError;
use crate::pipeline::run::Run;
use crate::records::upload::{self, Uploaded};
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(upload_record, upload_next_line))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/data/{entry}/upload").route(web::post().to(upload_record)))
        .service(
            web::resource("/data/{entry}/{id}/upload").route(web::post().to(upload_next_line)),
        );
}

/// Creates a record with its file(s) on the line the database makes with it, their text read for search, in one
/// transaction through the record write path (Create on the register's routes, package scope, validation,
/// numbering, the workflow's initial state, audit). `multipart/form-data`: one or more `file` parts and the
/// record's fields by column name, as its schema says (blank: the column's default). The document register: a
/// document in WIP with its first revision P01.01; `c_number` empty draws the next free number of the prefix,
/// `n_from_org` empty is the caller's organisation. A file without text is accepted, with a note. A register
/// without `[upload]` answers 400.
#[utoipa::path(post, path = "/api/data/{entry}/upload", operation_id = "upload_record", tag = "data",
    params(("entry" = String, Path, description = "A register with `[upload]`", example = "dms_document")),
    request_body(content_type = "multipart/form-data", content = crate::http::upload_forms::RecordUploadForm,
        description = "Parts `file` (one or more) and the record's fields by column name"),
    responses(
        (status = 201, description = "The record, the line with its files, the files and what their text gave",
            body = Uploaded),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::MethodNotAllowed,
        crate::http::responses::Conflict,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::TooManyRequests
    ))]
pub async fn upload_record(
    caller: Caller,
    timing: Timing,
    path: web::Path<String>,
    multipart: Multipart,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let run = Run::new(&state, &caller, &timing);
    let (key, uploaded) = upload::create(&run, &path, multipart).await?;
    Ok(HttpResponse::Created()
        .insert_header((
            actix_web::http::header::LOCATION,
            format!("/api/data/{}/{key}", path.trim()),
        ))
        .json(uploaded))
}

/// Adds the next line of files to a record whose state takes one (the register's `[upload] next_in`), with the
/// line's fields it names: a document's next version in WIP (P01.02 …, superseding the current one) with an
/// optional `c_description`. 409 with the register's advice in another state.
#[utoipa::path(post, path = "/api/data/{entry}/{id}/upload", operation_id = "upload_next_line", tag = "data",
    params(
        ("entry" = String, Path, description = "A register with `[upload]`", example = "dms_document"),
        ("id" = String, Path, description = "The record's key (or its opaque reference)")
    ),
    request_body(content_type = "multipart/form-data", content = crate::http::upload_forms::LineUploadForm,
        description = "Parts `file` (one or more) and the line's fields the register names"),
    responses(
        (status = 201, description = "The record, the new line, its files and what their text gave", body = Uploaded),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::MethodNotAllowed,
        crate::http::responses::Conflict,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::TooManyRequests
    ))]
pub async fn upload_next_line(
    caller: Caller,
    timing: Timing,
    path: web::Path<(String, String)>,
    multipart: Multipart,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let run = Run::new(&state, &caller, &timing);
    let (entry, id) = path.into_inner();
    let uploaded = upload::next_line(&run, &entry, &id, multipart).await?;
    Ok(HttpResponse::Created().json(uploaded))
}
