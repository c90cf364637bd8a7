//! Serves the built console (`frontend/dist`) with a single-page-app fallback: a path without a file extension
//! that is not a file gets `index.html`, so deep links such as `/masters/corridor` load the app. A missing asset
//! (`/assets/x.js`) stays a 404 rather than HTML in place of JavaScript. Never serves `/api` paths (routes own them)
//! nor anything outside the folder (actix-files refuses `..` and hidden files).

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::HttpResponse;

pub fn service(static_dir: &Path) -> Files {
    let index = static_dir.join("index.html");
    Files::new("/", static_dir)
        .index_file("index.html")
        .prefer_utf8(true)
        .default_handler(fn_service(move |req: ServiceRequest| {
            let index = index.clone();
            async move { spa_fallback(req, index).await }
        }))
}

async fn spa_fallback(
    req: ServiceRequest,
    index: PathBuf,
) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _payload) = req.into_parts();
    if !is_console_route(req.match_info().as_str()) {
        return Ok(ServiceResponse::new(req, HttpResponse::NotFound().finish()));
    }
    match NamedFile::open_async(&index).await {
        Ok(file) => {
            let mut response = file.into_response(&req);
            // The index names the hashed assets of the current build: never cache it.
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            Ok(ServiceResponse::new(req, response))
        }
        Err(_) => Ok(ServiceResponse::new(
            req,
            HttpResponse::ServiceUnavailable()
                .content_type("text/plain; charset=utf-8")
                .body("The console has not been built yet: run `just ui-build` (or `just run`)."),
        )),
    }
}

/// Whether `path` can be one of the console's routes (`/masters/corridor`, `/resetp`): segments of letters,
/// digits, `-` and `_`, no extension. Anything else that is not a file (an encoded character, an empty segment,
/// a missing asset) is a 404, not the console page.
fn is_console_route(path: &str) -> bool {
    // Vite's assets folder holds files only: a name there that is not a file is a stale link, never a page.
    if path.starts_with("/assets/") || path.starts_with("/api/") {
        return false;
    }
    let path = path.strip_suffix('/').unwrap_or(path);
    path.strip_prefix('/').is_some_and(|rest| {
        rest.split('/').all(|segment| {
            !segment.is_empty()
                && segment
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
    })
}

/// Cache policy of every answer, by the decoded path:
/// - Vite's `/assets/` files carry a content hash in their names, so a found one never changes: a year;
/// - API answers carry tokens and records: never stored by a browser or proxy;
/// - everything else (the console page, support files) is revalidated on each use, so a deploy is seen at once.
pub fn cache_control_for(path: &str, success: bool) -> HeaderValue {
    if path.starts_with("/assets/") && success {
        HeaderValue::from_static("public, max-age=31536000, immutable")
    } else if path == "/api" || path.starts_with("/api/") || path.starts_with("/assets/") {
        HeaderValue::from_static("no-store")
    } else {
        HeaderValue::from_static("no-cache")
    }
}
