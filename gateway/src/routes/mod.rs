//! HTTP routes under `/api`. Each module owns one endpoint family and registers itself in `configure`.

pub mod admin;
pub mod auth;
pub mod custom;
pub mod data;
pub mod export;
pub mod header;
pub mod health;
pub mod reminder;
pub mod screen;

use actix_web::middleware::from_fn;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::error::ApiError;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api")
            .wrap(from_fn(crate::auth::middleware::require_session))
            .configure(health::configure)
            .configure(auth::configure)
            .configure(admin::configure)
            .configure(custom::configure)
            .configure(header::configure)
            .configure(data::configure)
            .configure(reminder::configure)
            .configure(export::configure)
            .configure(screen::configure)
            // An unknown API path is a JSON 404, never the console's index page.
            .default_service(web::to(api_not_found)),
    );
}

async fn api_not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound(format!(
        "{} {}",
        req.method(),
        req.path()
    )))
}
