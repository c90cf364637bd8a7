//! `POST /api/reminder/create`, `PUT /api/reminder/update?id=`, `POST /api/reminder/delete` (docs/console.md §7): the
//! header's "Set Reminder" form. Replies `{result, message}` like the rest of docs/console.md §7; the list comes through
//! selectall on `v_reminder`.

use crate::http::json_body::JsonBody;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::auth::Caller;
use crate::console::reminders::{self, ReminderBody};
use crate::error::ApiError;
use crate::pipeline::respond::{DELETED, SUBMITTED, UPDATED};
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(create, update, delete))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/reminder/create", web::post().to(create))
        .route("/reminder/update", web::put().to(update))
        .route("/reminder/delete", web::post().to(delete));
}

#[derive(Debug, Serialize)]
struct Reply {
    result: &'static str,
    message: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<i64>,
}

#[derive(Debug, Deserialize)]
pub struct UpdateQuery {
    #[serde(default)]
    id: Value,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DeleteBody {
    /// The reminder.
    #[schema(value_type = i64)]
    #[serde(default)]
    id: Value,
}

/// Sets a reminder (docs/console.md §3 payload); due reminders are mailed to the owner and the recipients.
#[utoipa::path(post, path = "/api/reminder/create", operation_id = "create_reminder", tag = "console", request_body = crate::console::reminders::ReminderBody,
    responses(
        (status = 200, description = "Submitted Successfully", body = crate::http::responses::ReminderReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::TooManyRequests
    ))]
pub async fn create(
    http: HttpRequest,
    body: JsonBody<ReminderBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let caller = Caller::of(&http)?;
    let reminder = body.validate(&caller, &state.auth.public_url)?;
    let mut client = state.pool.get().await?;
    let id = reminders::create(&mut client, &caller, &reminder, &state.mail).await?;
    Ok(HttpResponse::Ok().json(Reply {
        result: "success",
        message: SUBMITTED,
        id: Some(id),
    }))
}

/// Changes one's own reminder; recipients are replaced only when the payload names them.
#[utoipa::path(put, path = "/api/reminder/update", operation_id = "update_reminder", tag = "console",
    params(("id" = i64, Query, description = "The reminder")),
    request_body = crate::console::reminders::ReminderBody,
    responses(
        (status = 200, description = "Updated Successfully", body = crate::http::responses::ReminderReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::TooManyRequests
    ))]
pub async fn update(
    http: HttpRequest,
    query: web::Query<UpdateQuery>,
    body: JsonBody<ReminderBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let caller = Caller::of(&http)?;
    let id = reminders::reminder_id(&query.id)?;
    let reminder = body.validate(&caller, &state.auth.public_url)?;
    let mut client = state.pool.get().await?;
    reminders::update(&mut client, &caller, id, &reminder, &state.mail).await?;
    Ok(HttpResponse::Ok().json(Reply {
        result: "success",
        message: UPDATED,
        id: Some(id),
    }))
}

/// Deletes one's own reminder.
#[utoipa::path(post, path = "/api/reminder/delete", operation_id = "delete_reminder", tag = "console", request_body = DeleteBody,
    responses(
        (status = 200, description = "Deleted Successfully", body = crate::http::responses::ReminderReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::UnsupportedMediaType
    ))]
pub async fn delete(
    http: HttpRequest,
    body: JsonBody<DeleteBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let caller = Caller::of(&http)?;
    let id = reminders::reminder_id(&body.id)?;
    let mut client = state.pool.get().await?;
    reminders::delete(&mut client, &caller, id).await?;
    Ok(HttpResponse::Ok().json(Reply {
        result: "success",
        message: DELETED,
        id: Some(id),
    }))
}
