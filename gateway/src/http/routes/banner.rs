//! `GET /api/custom/cmnmsg` (docs/console.md §2, §7): the ribbon's banner messages.

use actix_web::http::header::{HeaderValue, CONTENT_TYPE};
use actix_web::{get, web, HttpResponse};

use crate::console::banner;
use crate::error::ApiError;
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(cmnmsg))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(cmnmsg);
}

/// The active banner messages in their order: `[{id, c_val}]`.
#[utoipa::path(get, path = "/api/custom/cmnmsg", tag = "console",
    responses(
        (status = 200, description = "The active banner messages in order", body = Vec<crate::http::responses::BannerMessage>)
    ))]
#[get("/custom/cmnmsg")]
pub async fn cmnmsg(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let body = banner::active_messages_json(&state.pool).await?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, HeaderValue::from_static("application/json")))
        .body(body))
}
