//! Files attached to a record (`attachments = true`): `GET` and `POST /api/data/{entry}/{id}/files`, `GET` and
//! `DELETE /api/data/{entry}/{id}/files/{file_id}`. Whoever may read the record may list and download its
//! files (403 otherwise); adding and removing them takes the register's Update (or being the person the record
//! waits on).

use actix_multipart::Multipart;
use actix_web::http::header::{CONTENT_DISPOSITION, X_CONTENT_TYPE_OPTIONS};
use actix_web::{web, HttpResponse};
use schema_registry::Entry;
use serde::{Deserialize, Serialize};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::files::names;
use crate::files::records::{self, RecordFile};
use crate::files::upload;
use crate::pipeline::authorise::{authorise, reads_whole, Access};
use crate::pipeline::{compile, process, write};
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(list, add, download, remove))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/data/{entry}/{id}/files")
            .route(web::get().to(list))
            .route(web::post().to(add)),
    )
    .service(
        web::resource("/data/{entry}/{id}/files/{file_id}")
            .route(web::get().to(download))
            .route(web::delete().to(remove)),
    );
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FilesAnswer {
    pub result: &'static str,
    /// Newest first.
    pub data: Vec<RecordFile>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct FilesAdded {
    pub result: &'static str,
    /// "Uploaded Successfully".
    pub message: &'static str,
    pub data: Vec<RecordFile>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct DownloadQuery {
    /// `1`: shown in the browser (images, PDF previews) instead of saved.
    #[serde(default)]
    pub inline: Option<u8>,
}

/// The record the files belong to, as the caller may reach it: the entry (which must keep files), the key, and
/// whether the caller may add and remove files.
async fn record_of(
    state: &AppState,
    caller: &Caller,
    name: &str,
    id: &str,
) -> Result<(String, bool, Entry), ApiError> {
    state.ensure_ready()?;
    let entry = compile::entry(&state.registry, name)?;
    if !entry.def.attachments {
        return Err(ApiError::NotFound(format!(
            "{} keeps no files",
            entry.title()
        )));
    }
    let grant = authorise(caller, entry, Access::View)?;
    let key = super::data::key(state, entry, id)?;
    let target = compile::target(&state.registry, entry, &grant, caller)?;
    let client = state.pool.get().await?;
    if write::fetch(&client, &target, &key).await?.is_none() {
        // Without the register, a record not waiting on the caller is simply not theirs (403); with it, a
        // record outside their packages does not exist for them (404).
        return Err(if reads_whole(caller, entry) {
            write::not_found(entry, &key)
        } else {
            ApiError::Forbidden
        });
    }
    // The person a record waits on (who reaches it only through that) may attach files to act on it.
    let may_change = authorise(caller, entry, Access::Update).is_ok()
        || (!reads_whole(caller, entry) && entry.workflow().is_some());
    Ok((key, may_change, entry.clone()))
}

/// The files of a record, newest first.
#[utoipa::path(get, path = "/api/data/{entry}/{id}/files", operation_id = "list_files", tag = "files",
    params(("entry" = String, Path, description = "A registry entry with attachments", example = "rfi"),
           ("id" = String, Path, description = "The record's key or opaque reference", example = "1")),
    responses(
        (status = 200, description = "The files", body = FilesAnswer),
        crate::http::responses::BadRequest,
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Unavailable
    ))]
pub async fn list(
    caller: Caller,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (name, id) = path.into_inner();
    let (key, _, entry) = record_of(&state, &caller, &name, &id).await?;
    let client = state.pool.get().await?;
    let data = records::list(&client, &entry.name, &key).await?;
    Ok(HttpResponse::Ok().json(FilesAnswer {
        result: "success",
        data,
    }))
}

/// Adds files to a record (not once its workflow has closed it: 409): `multipart/form-data`, one or more fields
/// named `file`. Each is checked (size: 413;
/// type by extension against the accepted list, and never a program whatever its name: 415), stored once by its
/// content, and recorded with an audit row; one refused file records none.
#[utoipa::path(post, path = "/api/data/{entry}/{id}/files", operation_id = "add_files", tag = "files",
    params(("entry" = String, Path, description = "A registry entry with attachments", example = "rfi"),
           ("id" = String, Path, description = "The record's key or opaque reference", example = "1")),
    request_body(content_type = "multipart/form-data", description = "Fields named `file`, each a file"),
    responses(
        (status = 201, description = "Uploaded Successfully", body = FilesAdded),
        crate::http::responses::BadRequest,
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Conflict,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Unavailable
    ))]
pub async fn add(
    caller: Caller,
    path: web::Path<(String, String)>,
    multipart: Multipart,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (name, id) = path.into_inner();
    let (key, may_change, entry) = record_of(&state, &caller, &name, &id).await?;
    if !may_change {
        return Err(ApiError::ForbiddenAction {
            action: "update",
            title: entry.title().to_owned(),
        });
    }
    process::check_record_changeable(&state.pool.get().await?, &entry, &key).await?;
    let received = upload::receive(multipart, &state.files, &state.file_settings).await?;
    let mut client = state.pool.get().await?;
    let data = records::add(&mut client, &entry.name, &key, &received, caller.user_id).await?;
    Ok(HttpResponse::Created().json(FilesAdded {
        result: "success",
        message: "Uploaded Successfully",
        data,
    }))
}

/// One file's bytes, streamed, with its type and its name in `Content-Disposition` (`?inline=1` to show it in
/// the browser).
#[utoipa::path(get, path = "/api/data/{entry}/{id}/files/{file_id}", operation_id = "download_file", tag = "files",
    params(("entry" = String, Path, description = "A registry entry with attachments", example = "rfi"),
           ("id" = String, Path, description = "The record's key or opaque reference", example = "1"),
           ("file_id" = i64, Path, description = "The file's id from the list"),
           DownloadQuery),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream"),
        crate::http::responses::BadRequest,
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Unavailable
    ))]
pub async fn download(
    caller: Caller,
    path: web::Path<(String, String, i64)>,
    query: web::Query<DownloadQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (name, id, file_id) = path.into_inner();
    let (key, _, entry) = record_of(&state, &caller, &name, &id).await?;
    let client = state.pool.get().await?;
    let file = records::one(&client, &entry.name, &key, file_id)
        .await?
        .ok_or_else(|| {
            ApiError::RecordNotFound(format!("file {file_id} is not one of this record's"))
        })?;
    drop(client);
    let stream = state.files.read(&file.sha256).await?;
    let kind = if query.inline == Some(1) {
        "inline"
    } else {
        "attachment"
    };
    Ok(HttpResponse::Ok()
        .content_type(file.content_type.as_str())
        .insert_header((CONTENT_DISPOSITION, names::disposition(kind, &file.name)))
        .insert_header((X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .no_chunking(file.size as u64)
        .streaming(stream))
}

/// Removes a file from a record (audited); the content goes from the store when no record has it any more.
#[utoipa::path(delete, path = "/api/data/{entry}/{id}/files/{file_id}", operation_id = "delete_file", tag = "files",
    params(("entry" = String, Path, description = "A registry entry with attachments", example = "rfi"),
           ("id" = String, Path, description = "The record's key or opaque reference", example = "1"),
           ("file_id" = i64, Path, description = "The file's id from the list")),
    responses(
        (status = 200, description = "Deleted Successfully", body = crate::http::responses::Outcome),
        crate::http::responses::BadRequest,
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Conflict,
        crate::http::responses::Unavailable
    ))]
pub async fn remove(
    caller: Caller,
    path: web::Path<(String, String, i64)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (name, id, file_id) = path.into_inner();
    let (key, may_change, entry) = record_of(&state, &caller, &name, &id).await?;
    if !may_change {
        return Err(ApiError::ForbiddenAction {
            action: "update",
            title: entry.title().to_owned(),
        });
    }
    let mut client = state.pool.get().await?;
    let file = records::one(&client, &entry.name, &key, file_id)
        .await?
        .ok_or_else(|| {
            ApiError::RecordNotFound(format!("file {file_id} is not one of this record's"))
        })?;
    let still_used = records::remove(&mut client, &entry.name, &key, &file, caller.user_id).await?;
    if !still_used {
        // After the commit: a failure here leaves an unused object, never a row without its bytes.
        if let Err(error) = state.files.remove(&file.sha256).await {
            tracing::warn!(error = %error, sha256 = %file.sha256, "an unused file stays in the store");
        }
    }
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({"result": "success", "message": "Deleted Successfully"})))
}
