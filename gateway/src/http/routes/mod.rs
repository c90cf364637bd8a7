//! HTTP routes under `/api`, one module per endpoint family. Each module owns its handlers, their OpenAPI
//! operations (`Api`) and its `configure`; this module collects both in one place. Handlers stay thin: parse,
//! authorise, call a service or the pipeline, respond.

pub mod activity;
pub mod admin;
pub mod api_document;
pub mod auth;
pub mod banner;
pub mod custom_reports;
pub mod dashboard;
pub mod data;
pub mod dms;
pub mod export;
pub mod files;
pub mod gallery;
pub mod health;
pub mod import;
pub mod mailbox;
pub mod pending;
pub mod people;
pub mod reads;
pub mod reminder;
pub mod schedule;
pub mod screen;
pub mod workflow;

use actix_web::middleware::from_fn;
use actix_web::{web, HttpRequest, HttpResponse};
use utoipa::OpenApi;

use crate::error::ApiError;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api")
            .wrap(from_fn(crate::auth::middleware::require_session))
            // Outermost within the scope: the total includes the session check.
            .wrap(from_fn(crate::base::timing::server_timing))
            // Outside the timing: compressing is the network's saving, not a pipeline stage.
            .wrap(from_fn(crate::http::json_compression::compress_json))
            .configure(health::configure)
            .configure(api_document::configure)
            .configure(auth::configure)
            .configure(admin::configure)
            .configure(reads::configure)
            .configure(pending::configure)
            .configure(activity::configure)
            .configure(gallery::configure)
            .configure(mailbox::configure)
            .configure(banner::configure)
            .configure(workflow::configure)
            .configure(files::configure)
            .configure(dms::configure)
            .configure(schedule::configure)
            .configure(people::configure)
            .configure(data::configure)
            .configure(reminder::configure)
            .configure(export::configure)
            .configure(screen::configure)
            .configure(dashboard::configure)
            .configure(custom_reports::configure)
            .configure(import::configure)
            // An unknown API path is a JSON 404, never the console's index page.
            .default_service(web::to(api_not_found)),
    );
}

/// Every route module's operations, and `GET /files` served beside the API.
pub fn api() -> utoipa::openapi::OpenApi {
    let mut api = health::Api::openapi();
    for part in [
        api_document::Api::openapi(),
        auth::Api::openapi(),
        admin::Api::openapi(),
        reads::Api::openapi(),
        export::Api::openapi(),
        screen::Api::openapi(),
        dashboard::Api::openapi(),
        custom_reports::Api::openapi(),
        import::Api::openapi(),
        data::Api::openapi(),
        workflow::Api::openapi(),
        files::Api::openapi(),
        dms::Api::openapi(),
        schedule::Api::openapi(),
        people::Api::openapi(),
        reminder::Api::openapi(),
        pending::Api::openapi(),
        activity::Api::openapi(),
        gallery::Api::openapi(),
        mailbox::Api::openapi(),
        banner::Api::openapi(),
        crate::http::support_files::Api::openapi(),
    ] {
        api.merge(part);
    }
    api
}

async fn api_not_found(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound(format!(
        "{} {}",
        req.method(),
        req.path()
    )))
}
