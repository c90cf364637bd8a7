//! Instruction manuals and video demos per console page (docs/console.md §2 ribbon, §7 `GET /files`): `GET /files` lists the
//! file names of the support-resources folder (`SUPPORT_RESOURCES_DIR`), and the folder is served under
//! `/_support_resources/`. A page's files are named after its route, slashes as underscores:
//! `/dashboard/analytics` → `dashboard_analytics.pdf` and `dashboard_analytics.mp4`.
//!
//! Both are public, as the browser opens the links without the token; only the folder's own top-level files are
//! listed and served (actix-files refuses paths that leave the folder).

use std::path::{Path, PathBuf};

use actix_files::Files;
use actix_web::{web, HttpResponse};

use crate::error::ApiError;
use crate::state::AppState;

pub const MOUNT: &str = "/_support_resources";

#[derive(utoipa::OpenApi)]
#[openapi(paths(list))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig, dir: &Path) {
    cfg.route("/files", web::get().to(list))
        .service(Files::new(MOUNT, dir));
}

/// The support-resources folder's file names (manuals and demos per page, served under /_support_resources/).
#[utoipa::path(get, path = "/files", tag = "console", security(()),
    responses((status = 200, description = "File names, sorted", body = Vec<String>, example = json!(["dashboard_analytics.mp4", "dashboard_analytics.pdf"]))))]
pub async fn list(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let names = file_names(&state.support_dir).await?;
    Ok(HttpResponse::Ok().json(names))
}

/// Regular, visible files directly in `dir`, sorted; an absent folder lists nothing.
pub async fn file_names(dir: &Path) -> Result<Vec<String>, ApiError> {
    let dir: PathBuf = dir.to_owned();
    let names = tokio::task::spawn_blocking(move || {
        let Ok(listing) = std::fs::read_dir(&dir) else {
            return Vec::new();
        };
        let mut names: Vec<String> = listing
            .flatten()
            .filter(|item| item.file_type().is_ok_and(|kind| kind.is_file()))
            .filter_map(|item| item.file_name().into_string().ok())
            .filter(|name| !name.starts_with('.'))
            .collect();
        names.sort();
        names
    })
    .await
    .map_err(crate::pipeline::execute::internal)?;
    Ok(names)
}
