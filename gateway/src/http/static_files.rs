//! Serves the built console (`frontend/dist`) with a single-page-app fallback: a path without a file extension
//! that is not a file gets `index.html`, so deep links such as `/masters/corridor` load the app. A missing asset
//! (`/assets/x.js`) stays a 404 rather than HTML in place of JavaScript. Never serves `/api` paths (routes own them)
//! nor anything outside the folder (actix-files refuses `..` and hidden files).
//!
//! Compression is done once, at build time: the build writes `x.js.br` (brotli) and `x.js.gz` (gzip) beside each
//! text asset of 1 KB or more. A GET or HEAD whose `Accept-Encoding` allows brotli or gzip (`q` above 0; brotli
//! preferred at equal `q`) gets the precompressed file with `Content-Encoding`, the original file's `Content-Type`
//! and its own `ETag`; a request accepting neither, a file without a variant, and any `Range` request (ranges are
//! of the identity bytes) get the file itself. Every answer here carries `Vary: Accept-Encoding`. No compression
//! happens per request, so nothing is encoded twice. A variant asked for by its own name (`/assets/x.js.br`) is
//! served as the plain file it is (`Content-Type` of its extension, no `Content-Encoding`). Source maps are never
//! served (404), even when a build left one in the folder.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use actix_files::{Files, NamedFile, PathBufWrap};
use actix_web::body::BoxBody;
use actix_web::dev::{fn_service, HttpServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, ContentEncoding, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::{from_fn, Next};
use actix_web::{web, HttpRequest, HttpResponse};

pub fn service(static_dir: &Path) -> impl HttpServiceFactory {
    let index = static_dir.join("index.html");
    let dir: Rc<Path> = Rc::from(static_dir);
    let files = Files::new("/", static_dir)
        .index_file("index.html")
        .prefer_utf8(true)
        .default_handler(fn_service(move |req: ServiceRequest| {
            let index = index.clone();
            async move { spa_fallback(req, index).await }
        }));
    web::scope("")
        .wrap(from_fn(move |req: ServiceRequest, next: Next<BoxBody>| {
            let dir = Rc::clone(&dir);
            async move { negotiate(req, next, &dir).await }
        }))
        .service(files)
}

/// In front of actix-files: refuses source maps, answers with a precompressed variant when the browser takes one,
/// and marks every answer as varying by `Accept-Encoding`.
async fn negotiate(
    req: ServiceRequest,
    next: Next<BoxBody>,
    dir: &Path,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let on_disk = PathBufWrap::parse_path(req.match_info().unprocessed(), false).ok();
    let mut response = match on_disk {
        Some(relative) if is_source_map(relative.as_ref()) => {
            let (req, _payload) = req.into_parts();
            ServiceResponse::new(req, HttpResponse::NotFound().finish())
        }
        Some(relative) => {
            let (http, payload) = req.into_parts();
            match precompressed(&http, &dir.join(relative.as_ref())) {
                Some(response) => ServiceResponse::new(http, response),
                None => next.call(ServiceRequest::from_parts(http, payload)).await?,
            }
        }
        None => next.call(req).await?,
    };
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    Ok(response)
}

fn is_source_map(path: &Path) -> bool {
    path.extension()
        .is_some_and(|extension| extension.eq_ignore_ascii_case("map"))
}

/// The answer from a precompressed variant of `file` (a folder: its `index.html`), when the request may have one
/// and the build wrote one; `None` leaves the request to actix-files.
fn precompressed(req: &HttpRequest, file: &Path) -> Option<HttpResponse> {
    if !matches!(*req.method(), Method::GET | Method::HEAD)
        || req.headers().contains_key(header::RANGE)
    {
        return None;
    }
    let file = if file.is_dir() {
        file.join("index.html")
    } else {
        file.to_path_buf()
    };
    if !file.is_file() {
        return None;
    }
    let mut response = open_variant(req, &file)?.into_response(req);
    // A range is of the file itself (served by actix-files), never of a compressed variant.
    response.headers_mut().remove(header::ACCEPT_RANGES);
    Some(response)
}

/// The best variant of `file` that the request accepts and the build wrote, opened with the headers of `file`
/// itself (its `Content-Type` and `Content-Disposition`) and the variant's own `ETag` and length.
fn open_variant(req: &HttpRequest, file: &Path) -> Option<NamedFile> {
    let accept = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|value| value.to_str().ok())?;
    accepted_encodings(accept).into_iter().find_map(|encoding| {
        let mut variant = file.as_os_str().to_owned();
        variant.push(match encoding {
            ContentEncoding::Brotli => ".br",
            _ => ".gz",
        });
        let opened = File::open(PathBuf::from(variant))
            .ok()
            .filter(|opened| opened.metadata().is_ok_and(|meta| meta.is_file()))?;
        let named = NamedFile::from_file(opened, file).ok()?;
        Some(named.prefer_utf8(true).set_content_encoding(encoding))
    })
}

/// The precompressed encodings an `Accept-Encoding` value allows, best first: by `q`, brotli before gzip at equal
/// `q`. `*` stands for an encoding not named; `q=0` (or below) refuses one; `x-gzip` is gzip.
pub(crate) fn accepted_encodings(accept_encoding: &str) -> Vec<ContentEncoding> {
    let mut named: Vec<(String, f32)> = Vec::new();
    for item in accept_encoding.split(',') {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        if coding.is_empty() {
            continue;
        }
        let q = parts
            .filter_map(|parameter| {
                let (name, value) = parameter.split_once('=')?;
                name.trim()
                    .eq_ignore_ascii_case("q")
                    .then(|| value.trim().parse::<f32>().ok())
                    .flatten()
            })
            .next()
            .unwrap_or(1.0);
        let coding = if coding == "x-gzip" {
            "gzip".to_owned()
        } else {
            coding
        };
        named.push((coding, q));
    }
    let q_of = |coding: &str| {
        named
            .iter()
            .find(|(name, _)| name == coding)
            .or_else(|| named.iter().find(|(name, _)| name == "*"))
            .map_or(0.0, |(_, q)| *q)
    };
    let mut accepted: Vec<(ContentEncoding, f32)> = [
        (ContentEncoding::Brotli, q_of("br")),
        (ContentEncoding::Gzip, q_of("gzip")),
    ]
    .into_iter()
    .filter(|(_, q)| *q > 0.0)
    .collect();
    // Stable: brotli stays first when the q values are equal.
    accepted.sort_by(|a, b| b.1.total_cmp(&a.1));
    accepted.into_iter().map(|(encoding, _)| encoding).collect()
}

async fn spa_fallback(
    req: ServiceRequest,
    index: PathBuf,
) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _payload) = req.into_parts();
    if !is_console_route(req.match_info().as_str()) {
        return Ok(ServiceResponse::new(req, HttpResponse::NotFound().finish()));
    }
    let file = match open_variant(&req, &index) {
        Some(variant) => Ok(variant),
        None => NamedFile::open_async(&index).await,
    };
    match file {
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
/// - the template data under `/assets/api/` (the language files of SPEC §7) keeps its names across deploys, so it is
///   revalidated like the console page;
/// - API answers carry tokens and records: never stored by a browser or proxy;
/// - everything else (the console page, support files) is revalidated on each use, so a deploy is seen at once.
pub fn cache_control_for(path: &str, success: bool) -> HeaderValue {
    let asset = path.starts_with("/assets/");
    if asset && !path.starts_with("/assets/api/") && success {
        HeaderValue::from_static("public, max-age=31536000, immutable")
    } else if path == "/api" || path.starts_with("/api/") || (asset && !success) {
        HeaderValue::from_static("no-store")
    } else {
        HeaderValue::from_static("no-cache")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_files_are_revalidated_while_hashed_assets_are_kept_a_year() {
        assert_eq!(
            cache_control_for("/assets/api/langs/hi.json", true),
            "no-cache"
        );
        assert_eq!(
            cache_control_for("/assets/index-3f2a1b.js", true),
            "public, max-age=31536000, immutable"
        );
        assert_eq!(
            cache_control_for("/assets/api/langs/xx.json", false),
            "no-store"
        );
    }

    fn names(accept: &str) -> Vec<&'static str> {
        accepted_encodings(accept)
            .into_iter()
            .map(ContentEncoding::as_str)
            .collect()
    }

    #[test]
    fn brotli_is_preferred_then_gzip_and_q_zero_refuses() {
        assert_eq!(names("gzip, deflate, br, zstd"), ["br", "gzip"]);
        assert_eq!(names("gzip"), ["gzip"]);
        assert_eq!(names("x-gzip"), ["gzip"]);
        assert_eq!(names("br;q=0, gzip"), ["gzip"]);
        assert_eq!(names("BR;Q=0.5, gzip;q=0.8"), ["gzip", "br"]);
        assert_eq!(names("br;q=0,gzip;q=0"), Vec::<&str>::new());
        assert_eq!(names("identity"), Vec::<&str>::new());
        assert_eq!(names(""), Vec::<&str>::new());
        assert_eq!(names("*"), ["br", "gzip"]);
        assert_eq!(names("*;q=0, gzip"), ["gzip"]);
        assert_eq!(names("br;q=0, *"), ["gzip"]);
        assert_eq!(names("deflate, zstd"), Vec::<&str>::new());
    }
}
