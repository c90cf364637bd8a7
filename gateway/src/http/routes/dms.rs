//! Document management (`/api/dms/…`, docs/dms.md): a document uploaded with its metadata and the next uploaded
//! revision of one in WIP (its search is the engine's: `GET /api/data/dms_document/search`). Thin: parse, call
//! the service (`crate::dms`), respond.

use actix_multipart::Multipart;
use actix_web::{web, HttpResponse};

use crate::auth::Caller;
use crate::dms::upload::{self, DocumentCreated, RevisionAdded};
use crate::error::ApiError;
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(create_document, add_revision))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/dms/documents").route(web::post().to(create_document)))
        .service(
            web::resource("/dms/documents/{id}/revisions").route(web::post().to(add_revision)),
        );
}

/// Creates a document in WIP with its first revision (P01.01) and the uploaded file(s) on it, their text
/// extracted for search, in one transaction through the record write path (Create on `/dms/dms`, package scope,
/// validation, audit). `multipart/form-data`: one or more `file` parts and the document's fields by column name
/// (`c_originator`, `c_volume`, `c_type`, `c_role`, `c_title`, `n_package`, `n_discipline`, `n_doc_type`
/// required; `c_project` MML3 and `c_level` ZZ by default; `c_number` empty: the next free number of the
/// prefix; `n_from_org` empty: the caller's organisation). A file without text is accepted, with a note.
#[utoipa::path(post, path = "/api/dms/documents", operation_id = "dms_create_document", tag = "dms",
    request_body(content_type = "multipart/form-data", content = crate::http::upload_forms::DocumentForm,
        description = "Parts `file` (one or more) and the document's fields by column name"),
    responses(
        (status = 201, description = "The document, its files and what their text gave", body = DocumentCreated),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::Conflict,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::TooManyRequests
    ))]
pub async fn create_document(
    caller: Caller,
    multipart: Multipart,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let created = upload::create_document(&state, &caller, multipart).await?;
    Ok(HttpResponse::Created()
        .insert_header((
            actix_web::http::header::LOCATION,
            format!("/api/data/dms_document/{}", created.document.id),
        ))
        .json(created))
}

/// Adds the next uploaded version (P01.02 …) of a document in WIP, superseding the current one, with its
/// file(s) (parts `file`, required) and an optional `c_description`. 409 when the document is not in WIP.
#[utoipa::path(post, path = "/api/dms/documents/{id}/revisions", operation_id = "dms_add_revision", tag = "dms",
    params(("id" = i64, Path, description = "The document's id")),
    request_body(content_type = "multipart/form-data", content = crate::http::upload_forms::RevisionForm,
        description = "Parts `file` (one or more) and optionally `c_description`"),
    responses(
        (status = 201, description = "The new revision, the document, its files and their text", body = RevisionAdded),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Conflict,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::TooManyRequests
    ))]
pub async fn add_revision(
    caller: Caller,
    path: web::Path<String>,
    multipart: Multipart,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let added = upload::add_revision(&state, &caller, &path, multipart).await?;
    Ok(HttpResponse::Created().json(added))
}
