//! `GET /api/openapi.json`: the OpenAPI document, rendered once at start (`http::openapi`). Public, as the API
//! reference page reads it before anyone signs in.

use actix_web::{web, HttpResponse};
use utoipa::OpenApi;

use crate::error::ApiError;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(paths(openapi_json))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/openapi.json", web::get().to(openapi_json));
}

/// This document.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "health",
    security(()),
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json"))
)]
pub async fn openapi_json(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let json = state.openapi.text().ok_or_else(|| {
        ApiError::Internal(anyhow::anyhow!("the OpenAPI document could not be written"))
    })?;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .body(json.to_owned()))
}
