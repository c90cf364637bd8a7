//! Files attached to a record (`attachments = true`): `GET` and `POST /api/data/{entry}/{id}/files`, `GET` and
//! `DELETE /api/data/{entry}/{id}/files/{file_id}`. Whoever may read the record may list and download its
//! files (403 otherwise); adding and removing them takes the register's Update (or being the person the record
//! waits on).

use actix_multipart::Multipart;
use actix_web::http::header::{CONTENT_DISPOSITION, X_CONTENT_TYPE_OPTIONS};
use actix_web::{web, HttpRequest, HttpResponse};
use schema_registry::Entry;
use serde::{Deserialize, Serialize};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::files::names;
use crate::files::records::{self, RecordFile};
use crate::files::upload;
use crate::pipeline::authorise::{authorise, reads_whole, Access};
use crate::pipeline::record as stored;
use crate::pipeline::run;
use crate::pipeline::{compile, idempotency, respond};
use crate::state::AppState;
use crate::workflow::rules;

#[derive(utoipa::OpenApi)]
#[openapi(paths(list, add, download, remove, restore))]
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
    )
    .service(
        web::resource("/data/{entry}/{id}/files/{file_id}/restore").route(web::post().to(restore)),
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
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `1`: the files deleted from the record that can still be restored (within `FILES_GRACE_HOURS`).
    #[serde(default)]
    pub deleted: Option<u8>,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DownloadQuery {
    /// `1`: shown in the browser (images, PDF previews) instead of saved.
    #[serde(default)]
    pub inline: Option<u8>,
}

/// The record the files belong to, as the caller may reach it: the entry (which must keep files), the key, and
/// whether the caller may add and remove files. Reads through `client` (the request's one connection).
async fn record_of(
    state: &AppState,
    client: &impl deadpool_postgres::GenericClient,
    caller: &Caller,
    name: &str,
    id: &str,
) -> Result<(String, bool, Entry), ApiError> {
    state.ensure_ready()?;
    let entry = compile::entry(&state.registry, name)?;
    if !entry.def.attachments {
        return Err(ApiError::RecordNotFound(format!(
            "{} keeps no files",
            entry.title()
        )));
    }
    let grant = authorise(caller, entry, Access::View)?;
    let key = run::record_key(state, entry, id)?;
    let target = compile::target(&state.registry, entry, &grant, caller)?;
    if stored::fetch(client, &target, &key).await?.is_none() {
        // Without the register, a record not waiting on the caller is simply not theirs (403); with it, a
        // record outside their packages does not exist for them (404).
        return Err(if reads_whole(caller, entry) {
            run::conceal(id, entry, &key, stored::not_found(entry, &key))
        } else {
            ApiError::Forbidden
        });
    }
    // The person a record waits on (who reaches it only through that) may attach files to act on it.
    let may_change = authorise(caller, entry, Access::Update).is_ok()
        || (!reads_whole(caller, entry) && entry.workflow().is_some());
    Ok((key, may_change, entry.clone()))
}

/// 403 for someone who may not add or remove the record's files.
fn may_change(may: bool, entry: &Entry) -> Result<(), ApiError> {
    if may {
        Ok(())
    } else {
        Err(ApiError::ForbiddenAction {
            action: "update",
            title: entry.title().to_owned(),
        })
    }
}

/// The files of a record, newest first.
#[utoipa::path(get, path = "/api/data/{entry}/{id}/files", operation_id = "list_files", tag = "files",
    params(("entry" = String, Path, description = "A registry entry with attachments", example = "rfi"),
           ("id" = String, Path, description = "The record's key or opaque reference", example = "1"),
           ListQuery),
    responses(
        (status = 200, description = "The files", body = FilesAnswer),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound
    ))]
pub async fn list(
    caller: Caller,
    path: web::Path<(String, String)>,
    query: web::Query<ListQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (name, id) = path.into_inner();
    let client = state.pool.get().await?;
    let (key, _, entry) = record_of(&state, &client, &caller, &name, &id).await?;
    let deleted = query.deleted == Some(1);
    let data = records::list(&client, &entry.name, &key, deleted, &state.file_settings).await?;
    Ok(HttpResponse::Ok().json(FilesAnswer {
        result: "success",
        data,
    }))
}

/// Adds files to a record (not once its workflow has closed it: 409): `multipart/form-data`, one or more fields
/// named `file`. With an `Idempotency-Key`, an upload sent again answers the files the first one added and adds
/// none (`Idempotent-Replayed: true`). Each is checked (size: 413;
/// type by extension against the accepted list, and never a program whatever its name: 415), stored once by its
/// content, and recorded with an audit row; one refused file records none.
#[utoipa::path(post, path = "/api/data/{entry}/{id}/files", operation_id = "add_files", tag = "files",
    params(("entry" = String, Path, description = "A registry entry with attachments", example = "rfi"),
           ("id" = String, Path, description = "The record's key or opaque reference", example = "1"),
           ("Idempotency-Key" = Option<String>, Header, description = "8 to 100 letters, digits, `:`, `.`, `_` or `-`: the upload happens once per key and user")),
    request_body(content_type = "multipart/form-data", content = crate::http::upload_forms::FilesForm, description = "Fields named `file`, each a file"),
    responses(
        (status = 201, description = "Uploaded Successfully", body = FilesAdded),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Conflict,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid
    ))]
pub async fn add(
    caller: Caller,
    path: web::Path<(String, String)>,
    multipart: Multipart,
    request: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let once_key = idempotency::Key::of(&request)?;
    let (name, id) = path.into_inner();
    let settings = &state.file_settings;
    // One connection for the checks, none while the bytes arrive (an upload may take minutes), one to record.
    let (key, entry, allowance) = {
        let client = state.pool.get().await?;
        let (key, may, entry) = record_of(&state, &client, &caller, &name, &id).await?;
        may_change(may, &entry)?;
        rules::check_record_changeable(&client, &state.registry, &entry, &key)
            .await
            .map_err(|e| run::conceal(&id, &entry, &key, e))?;
        let allowance =
            records::allowance(&client, &entry.name, &key, caller.user_id, settings).await?;
        (key, entry, allowance)
    };
    let staged = upload::receive(multipart, &state.files, settings, allowance).await?;
    let request_name = format!("files {} {key}", entry.name);
    let once = once_key.as_ref().map(|once_key| idempotency::Once {
        user: caller.user_id,
        key: once_key,
        request: &request_name,
        fingerprint: idempotency::fingerprint_files(
            staged
                .iter()
                .map(|file| (file.name.as_str(), file.sha256.as_str())),
        ),
    });
    let mut client = state.pool.get().await?;
    let (data, replayed) = records::add(
        &mut client,
        &state.files,
        &entry.name,
        &key,
        &staged,
        caller.user_id,
        settings,
        once.as_ref(),
    )
    .await?;
    let mut response = HttpResponse::Created().json(FilesAdded {
        result: "success",
        message: "Uploaded Successfully",
        data,
    });
    if replayed {
        respond::mark_replayed(&mut response);
    }
    Ok(response)
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
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound
    ))]
pub async fn download(
    caller: Caller,
    path: web::Path<(String, String, i64)>,
    query: web::Query<DownloadQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (name, id, file_id) = path.into_inner();
    let client = state.pool.get().await?;
    let (key, _, entry) = record_of(&state, &client, &caller, &name, &id).await?;
    let file = records::one(
        &client,
        &entry.name,
        &key,
        file_id,
        false,
        &state.file_settings,
    )
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

/// Deletes a file from a record (audited): hidden at once, restorable for `FILES_GRACE_HOURS`; the sweep then
/// removes it, and its content once no file has it any more.
#[utoipa::path(delete, path = "/api/data/{entry}/{id}/files/{file_id}", operation_id = "delete_file", tag = "files",
    params(("entry" = String, Path, description = "A registry entry with attachments", example = "rfi"),
           ("id" = String, Path, description = "The record's key or opaque reference", example = "1"),
           ("file_id" = i64, Path, description = "The file's id from the list")),
    responses(
        (status = 200, description = "Deleted Successfully", body = crate::http::responses::Outcome),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Conflict
    ))]
pub async fn remove(
    caller: Caller,
    path: web::Path<(String, String, i64)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (name, id, file_id) = path.into_inner();
    let mut client = state.pool.get().await?;
    let (key, may, entry) = record_of(&state, &client, &caller, &name, &id).await?;
    may_change(may, &entry)?;
    rules::check_record_changeable(&client, &state.registry, &entry, &key)
        .await
        .map_err(|e| run::conceal(&id, &entry, &key, e))?;
    let file = records::one(
        &client,
        &entry.name,
        &key,
        file_id,
        false,
        &state.file_settings,
    )
    .await?
    .ok_or_else(|| {
        ApiError::RecordNotFound(format!("file {file_id} is not one of this record's"))
    })?;
    records::remove(&mut client, &entry.name, &key, &file, caller.user_id).await?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({"result": "success", "message": "Deleted Successfully"})))
}

/// Brings back a file deleted from the record, while its grace period lasts (`FILES_GRACE_HOURS`; afterwards it
/// is gone: 404), if the record may still change and keep one more file.
#[utoipa::path(post, path = "/api/data/{entry}/{id}/files/{file_id}/restore", operation_id = "restore_file", tag = "files",
    params(("entry" = String, Path, description = "A registry entry with attachments", example = "rfi"),
           ("id" = String, Path, description = "The record's key or opaque reference", example = "1"),
           ("file_id" = i64, Path, description = "The deleted file's id (`GET …/files?deleted=1`)")),
    responses(
        (status = 200, description = "Restored Successfully", body = crate::http::responses::Outcome),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Conflict,
        crate::http::responses::PayloadTooLarge
    ))]
pub async fn restore(
    caller: Caller,
    path: web::Path<(String, String, i64)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (name, id, file_id) = path.into_inner();
    let settings = &state.file_settings;
    let mut client = state.pool.get().await?;
    let (key, may, entry) = record_of(&state, &client, &caller, &name, &id).await?;
    may_change(may, &entry)?;
    rules::check_record_changeable(&client, &state.registry, &entry, &key)
        .await
        .map_err(|e| run::conceal(&id, &entry, &key, e))?;
    let file = records::one(&client, &entry.name, &key, file_id, true, settings)
        .await?
        .ok_or_else(|| {
            ApiError::RecordNotFound(format!(
                "file {file_id} is not a deleted file of this record that can still be restored"
            ))
        })?;
    let allowance =
        records::allowance(&client, &entry.name, &key, caller.user_id, settings).await?;
    if allowance.files < 1 || (file.size as u64) > allowance.record_bytes {
        return Err(ApiError::PayloadTooLarge(format!(
            "{} cannot come back: the record already keeps as many files (or bytes) as it may",
            file.name
        )));
    }
    records::restore(&mut client, &entry.name, &key, &file, caller.user_id).await?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({"result": "success", "message": "Restored Successfully"})))
}
