//! Refuses request paths that try to leave a served folder, before any route or file service sees them: a `.`
//! or `..` segment, a segment starting with a dot (hidden files, `..;`), a slash inside a segment, a backslash or
//! a NUL, in any percent-encoding (decoded up to three times, so `%252e%252e` counts too) or as bytes that are
//! not UTF-8 (overlong `%c0%ae`). Such a path is a JSON 404, whatever folder it aimed at; the file services' own checks stay as a
//! second line.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::ResponseError;

use crate::error::ApiError;

/// Middleware: answers 404 for a path `is_escape` refuses.
pub async fn reject_escapes(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if is_escape(req.path()) {
        tracing::warn!(path = %schema_registry::text::clip(req.path(), 200), "path escape refused");
        let response = ApiError::NotFound(String::from("this path")).error_response();
        return Ok(req.into_response(response).map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// Whether `raw_path` (as received, percent-encoded) names anything outside its folder or hidden in it.
pub fn is_escape(raw_path: &str) -> bool {
    let mut path = raw_path.as_bytes().to_vec();
    for _ in 0..4 {
        let Ok(text) = std::str::from_utf8(&path) else {
            return true;
        };
        let lower = text.to_ascii_lowercase();
        if text
            .split('/')
            .any(|segment| segment.starts_with('.') || segment.contains(['\\', '\0']))
            || ["%2f", "%5c", "%00"]
                .iter()
                .any(|encoded| lower.contains(encoded))
        {
            return true;
        }
        let decoded = percent_decode(&path);
        if decoded == path {
            return false;
        }
        path = decoded;
    }
    // Still encoded after three decodings: nothing legitimate looks like that.
    true
}

fn percent_decode(input: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        if input[i] == b'%' && i + 2 < input.len() {
            if let (Some(high), Some(low)) = (hex(input[i + 1]), hex(input[i + 2])) {
                out.push(high * 16 + low);
                i += 3;
                continue;
            }
        }
        out.push(input[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::is_escape;

    #[test]
    fn escapes_in_every_spelling_are_caught_and_ordinary_paths_pass() {
        for path in [
            "/a/../b",
            "/..",
            "/files/..%2fsecret",
            "/x/%2e%2e/y",
            "/x/%252e%252e%252fy",
            "/x/%25252e%25252e/y",
            "/x/..%5cy",
            "/x/a\\b",
            "/x/%00",
            "/x/%c0%ae%c0%ae/y",
            "/x/.hidden",
            "/x/..;/y",
            "/x/./y",
            "/x/%2fetc%2fpasswd",
            "/x/a%5Cb",
        ] {
            assert!(is_escape(path), "{path}");
        }
        for path in [
            "/",
            "/masters/corridor",
            "/api/data/corridor/r.AbC-_x",
            "/assets/index-3f2a.js",
            "/_support_resources/dashboard_analytics.pdf",
            "/api/custom/selectall",
            "/a%20b",
            "/x/a..b",
        ] {
            assert!(!is_escape(path), "{path}");
        }
    }
}
