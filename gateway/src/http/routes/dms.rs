//! Document management (`/api/dms/…`, docs/dms.md): a document uploaded with its metadata, the next uploaded
//! revision of one in WIP, and full-text search with facets. Thin: parse, call the service (`crate::dms`),
//! respond.

use actix_multipart::Multipart;
use actix_web::{web, HttpResponse};

use crate::auth::Caller;
use crate::base::timing::{Stage, Timing};
use crate::dms::search::{self, Search, SearchAnswer};
use crate::dms::upload::{self, DocumentCreated, RevisionAdded};
use crate::error::ApiError;
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(create_document, add_revision, search_documents))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/dms/documents").route(web::post().to(create_document)))
        .service(web::resource("/dms/documents/{id}/revisions").route(web::post().to(add_revision)))
        .service(web::resource("/dms/search").route(web::get().to(search_documents)));
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

/// Finds documents by words in their metadata and in the text of their current revision's files, with facets.
/// Parameters: `q` (words, websearch syntax: `"exact phrase"`, `-not`, `or`; empty = browse), `project`,
/// `package`, `discipline`, `doc_type`, `state`, `status_code` (each may repeat or be comma-separated; ids for
/// package, discipline and type), `from`, `to` (YYYY-MM-DD, the last update), `sort` (`relevance` by default
/// with words, `updated` without, or `number`), `page` (from 1), `size` (1–100, 20). Only documents the caller
/// may read: holders of `/dms/dms` within their packages, WIP only for the originator's organisation.
#[utoipa::path(get, path = "/api/dms/search", operation_id = "dms_search", tag = "dms",
    params(
        ("q" = Option<String>, Query, description = "Words", example = "elastomeric bearing"),
        ("project" = Option<String>, Query, description = "Project codes"),
        ("package" = Option<String>, Query, description = "Package ids"),
        ("discipline" = Option<String>, Query, description = "Discipline ids"),
        ("doc_type" = Option<String>, Query, description = "Document type ids"),
        ("state" = Option<String>, Query, description = "WIP, Shared, Published, Archived"),
        ("status_code" = Option<String>, Query, description = "S0 … S4, A, B, CR"),
        ("from" = Option<String>, Query, description = "Updated on or after (YYYY-MM-DD)"),
        ("to" = Option<String>, Query, description = "Updated on or before (YYYY-MM-DD)"),
        ("sort" = Option<String>, Query, description = "relevance, updated or number"),
        ("page" = Option<i64>, Query, description = "Page, from 1"),
        ("size" = Option<i64>, Query, description = "Hits per page, 1–100 (20)")
    ),
    responses(
        (status = 200, description = "The hits of the page, the total and the facet counts", body = SearchAnswer),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden
    ))]
pub async fn search_documents(
    caller: Caller,
    timing: Timing,
    query: web::Query<Vec<(String, String)>>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    timing.time(Stage::Authorise, || {
        crate::dms::visibility::ensure_reader(&state.registry, &caller)
    })?;
    let parameters = timing.time(Stage::Parse, || {
        Search::parse(&query, &search::Choices::of(&state.registry)?)
    })?;
    let answer = timing
        .time_async(
            Stage::Database,
            search::run(&state.pool, &state.registry, &caller, &parameters),
        )
        .await?;
    Ok(timing.time(Stage::Render, || HttpResponse::Ok().json(answer)))
}
