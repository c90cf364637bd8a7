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
pub mod search;
pub mod upload;
pub mod workflow;

use actix_web::middleware::from_fn;
use actix_web::{web, HttpRequest, HttpResponse};
use utoipa::OpenApi;

use crate::error::ApiError;

/// A route module: how it adds its routes, and its OpenAPI operations.
type RouteModule = (
    fn(&mut web::ServiceConfig),
    fn() -> utoipa::openapi::OpenApi,
);

/// Every route module under `/api`, the one list both the server and the document are made from, in the order
/// the server tries them (`data`'s `/data/{entry}/{id}` after the modules with their own paths under `/data`).
const MODULES: &[RouteModule] = &[
    (health::configure, health::Api::openapi),
    (api_document::configure, api_document::Api::openapi),
    (auth::configure, auth::Api::openapi),
    (admin::configure, admin::Api::openapi),
    (reads::configure, reads::Api::openapi),
    (pending::configure, pending::Api::openapi),
    (activity::configure, activity::Api::openapi),
    (gallery::configure, gallery::Api::openapi),
    (mailbox::configure, mailbox::Api::openapi),
    (banner::configure, banner::Api::openapi),
    (workflow::configure, workflow::Api::openapi),
    (files::configure, files::Api::openapi),
    (schedule::configure, schedule::Api::openapi),
    (people::configure, people::Api::openapi),
    (search::configure, search::Api::openapi),
    (upload::configure, upload::Api::openapi),
    (data::configure, data::Api::openapi),
    (reminder::configure, reminder::Api::openapi),
    (export::configure, export::Api::openapi),
    (screen::configure, screen::Api::openapi),
    (dashboard::configure, dashboard::Api::openapi),
    (custom_reports::configure, custom_reports::Api::openapi),
    (import::configure, import::Api::openapi),
];

pub fn configure(cfg: &mut web::ServiceConfig) {
    let scope = web::scope("/api")
        .wrap(from_fn(crate::auth::middleware::require_session))
        // Outermost within the scope: the total includes the session check.
        .wrap(from_fn(crate::base::timing::server_timing))
        // Outside the timing: compressing is the network's saving, not a pipeline stage.
        .wrap(from_fn(crate::http::json_compression::compress_json));
    let scope = MODULES
        .iter()
        .fold(scope, |scope, (configure, _)| scope.configure(*configure));
    // An unknown API path is a JSON 404, never the console's index page.
    cfg.service(scope.default_service(web::to(api_not_found)));
}

/// Every route module's operations, and `GET /files` served beside the API.
pub fn api() -> utoipa::openapi::OpenApi {
    let mut api = crate::http::support_files::Api::openapi();
    for (_, operations) in MODULES {
        api.merge(operations());
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
