//! `GET /api/openapi.json`: the OpenAPI document, rendered once at start (`http::openapi`). Public, as the API
//! reference page reads it before anyone signs in.

use actix_web::{web, HttpResponse};
use utoipa::OpenApi;

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
pub async fn openapi_json(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(state.openapi.clone())
}
