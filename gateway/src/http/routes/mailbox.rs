//! `/api/mail/*`: the mail view (`/outlook`) of the mail the system sent the caller: folders with counts, a folder's
//! messages, one message (marking it read), read/unread, an attachment. Only one's own mail, for holders of the
//! screen.

use actix_web::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE, X_CONTENT_TYPE_OPTIONS};
use actix_web::{get, put, web, HttpResponse};
use serde::Deserialize;

use crate::auth::Caller;
use crate::console::mailbox::{self, FolderCount, Message, MessagePage};
use crate::error::ApiError;
use crate::files::names;
use crate::http::json_body::JsonBody;
use crate::pipeline::authorise;
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(folders, messages, message, set_read, attachment))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(folders)
        .service(messages)
        .service(message)
        .service(set_read)
        .service(attachment);
}

/// The console route of the mail view; holding it lets one read one's own mail.
const MAIL_ROUTE: &str = "/outlook";

fn not_found() -> ApiError {
    ApiError::RecordNotFound("No such message in your mail".into())
}

/// The folders (Inbox, records handed to me, reminders, digests, reports, account notices) with how many
/// messages each holds and how many are unread.
#[utoipa::path(get, path = "/api/mail/folders", tag = "console",
    responses(
        (status = 200, description = "The folders", body = [FolderCount]),
        crate::http::responses::Forbidden
    ))]
#[get("/mail/folders")]
pub async fn folders(caller: Caller, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, MAIL_ROUTE)?;
    let client = state.pool.get().await?;
    Ok(HttpResponse::Ok().json(mailbox::folders(&client, caller.user_id).await?))
}

#[derive(Debug, Deserialize)]
struct MessagesQuery {
    #[serde(default)]
    folder: Option<String>,
    #[serde(default)]
    before: Option<String>,
    #[serde(default)]
    q: Option<String>,
    #[serde(default)]
    unread: Option<String>,
}

/// A folder's messages, newest first, 50 a page.
#[utoipa::path(get, path = "/api/mail/messages", tag = "console",
    params(
        ("folder" = Option<String>, Query, description = "inbox (default), workflow, reminders, digests, reports or notices"),
        ("before" = Option<i64>, Query, description = "The `next` of the page before"),
        ("q" = Option<String>, Query, description = "Only messages whose subject or text contains this (any case)"),
        ("unread" = Option<String>, Query, description = "`1`: only unread messages")
    ),
    responses(
        (status = 200, description = "A page of messages", body = MessagePage),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden
    ))]
#[get("/mail/messages")]
pub async fn messages(
    caller: Caller,
    query: web::Query<MessagesQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, MAIL_ROUTE)?;
    let key = query.folder.as_deref().unwrap_or("inbox");
    let folder = mailbox::folder(key).ok_or_else(|| {
        ApiError::BadRequest(
            "folder must be one of inbox, workflow, reminders, digests, reports, notices".into(),
        )
    })?;
    let before = match query
        .before
        .as_deref()
        .map(str::trim)
        .filter(|b| !b.is_empty())
    {
        Some(text) => Some(
            text.parse::<i64>()
                .ok()
                .filter(|id| *id > 0)
                .ok_or_else(|| {
                    ApiError::BadRequest("before must be the `next` of a page".into())
                })?,
        ),
        None => None,
    };
    let search = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    if search.is_some_and(|q| q.chars().count() > 200) {
        return Err(ApiError::BadRequest("q is at most 200 characters".into()));
    }
    let unread_only = match query.unread.as_deref() {
        None | Some("") | Some("0") => false,
        Some("1") => true,
        Some(_) => return Err(ApiError::BadRequest("unread must be 0 or 1".into())),
    };
    let client = state.pool.get().await?;
    Ok(HttpResponse::Ok().json(
        mailbox::messages(&client, caller.user_id, folder, before, search, unread_only).await?,
    ))
}

/// One message with its text and attachments; reading it marks it read.
#[utoipa::path(get, path = "/api/mail/messages/{id}", tag = "console",
    params(("id" = i64, Path, description = "The message")),
    responses(
        (status = 200, description = "The message", body = Message),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound
    ))]
#[get("/mail/messages/{id}")]
pub async fn message(
    caller: Caller,
    id: web::Path<i64>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, MAIL_ROUTE)?;
    let client = state.pool.get().await?;
    let found = mailbox::message(&client, caller.user_id, id.into_inner())
        .await?
        .ok_or_else(not_found)?;
    Ok(HttpResponse::Ok().json(found))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadFlag {
    read: bool,
}

/// Marks a message read or unread.
#[utoipa::path(put, path = "/api/mail/messages/{id}/read", tag = "console",
    params(("id" = i64, Path, description = "The message")),
    request_body = ReadFlag,
    responses(
        (status = 200, description = "Updated Successfully", body = crate::http::responses::Outcome),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::UnsupportedMediaType
    ))]
#[put("/mail/messages/{id}/read")]
pub async fn set_read(
    caller: Caller,
    id: web::Path<i64>,
    body: JsonBody<ReadFlag>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, MAIL_ROUTE)?;
    let id = id.into_inner();
    let client = state.pool.get().await?;
    if !mailbox::is_mine(&client, caller.user_id, id).await? {
        return Err(not_found());
    }
    mailbox::mark(&client, caller.user_id, id, body.read).await?;
    Ok(HttpResponse::Ok()
        .json(serde_json::json!({"result": "success", "message": "Updated Successfully"})))
}

/// An attachment of one's message (a scheduled report's workbook), as a download.
#[utoipa::path(get, path = "/api/mail/messages/{id}/attachments/{file}", tag = "console",
    params(("id" = i64, Path, description = "The message"), ("file" = i64, Path, description = "The attachment")),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream"),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound
    ))]
#[get("/mail/messages/{id}/attachments/{file}")]
pub async fn attachment(
    caller: Caller,
    path: web::Path<(i64, i64)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, MAIL_ROUTE)?;
    let (id, file) = path.into_inner();
    let client = state.pool.get().await?;
    let (name, content_type, bytes) = mailbox::attachment(&client, caller.user_id, id, file)
        .await?
        .ok_or_else(not_found)?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, content_type))
        .insert_header((CONTENT_DISPOSITION, names::disposition("attachment", &name)))
        .insert_header((X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .body(bytes))
}
