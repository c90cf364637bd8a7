//! `POST /api/reminder/create`, `PUT /api/reminder/update?id=`, `POST /api/reminder/delete` (SPEC §7): the
//! header's "Set Reminder" form. Replies `{result, message}` like the rest of SPEC §7; the list comes through
//! selectall on `v_reminder`.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::reminders::{self, ReminderBody};
use crate::respond::{DELETED, SUBMITTED, UPDATED};
use crate::startup::AppState;

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
struct UpdateQuery {
    #[serde(default)]
    id: Value,
}

#[derive(Debug, Deserialize)]
struct DeleteBody {
    #[serde(default)]
    id: Value,
}

async fn create(
    http: HttpRequest,
    body: web::Json<ReminderBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let caller = Caller::of(&http)?;
    let reminder = body.validate(&caller)?;
    let mut client = state.pool.get().await?;
    let id = reminders::create(&mut client, &caller, &reminder, &state.mail).await?;
    Ok(HttpResponse::Ok().json(Reply {
        result: "success",
        message: SUBMITTED,
        id: Some(id),
    }))
}

async fn update(
    http: HttpRequest,
    query: web::Query<UpdateQuery>,
    body: web::Json<ReminderBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let caller = Caller::of(&http)?;
    let id = reminders::reminder_id(&query.id)?;
    let reminder = body.validate(&caller)?;
    let mut client = state.pool.get().await?;
    reminders::update(&mut client, &caller, id, &reminder, &state.mail).await?;
    Ok(HttpResponse::Ok().json(Reply {
        result: "success",
        message: UPDATED,
        id: Some(id),
    }))
}

async fn delete(
    http: HttpRequest,
    body: web::Json<DeleteBody>,
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
