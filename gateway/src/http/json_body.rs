//! Request bodies, read defensively: the one place that decides which content types a JSON endpoint takes (415
//! otherwise), how large a body may be (413, enforced while reading, so a chunked body without a length cannot
//! grow past it) and what shape it may have (400 for nesting deeper than any form needs, or more values than any
//! request carries) before serde sees it. Every refusal is the API's JSON error.

use actix_web::dev::Payload;
use actix_web::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use actix_web::{FromRequest, HttpRequest};
use bytes::BytesMut;
use futures_util::future::LocalBoxFuture;
use futures_util::StreamExt;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

/// The largest body a JSON endpoint takes.
pub const MAX_BODY_BYTES: usize = 256 * 1024;
/// Arrays and objects inside each other at most this deep (a data table request is 4 deep).
pub const MAX_DEPTH: usize = 32;
/// Values (array items and object members) in one body at most; a record has at most 1,000 fields.
pub const MAX_VALUES: usize = 10_000;

/// A JSON body deserialised into `T` after the checks above (use instead of `web::Json`).
pub struct JsonBody<T>(pub T);

impl<T> JsonBody<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for JsonBody<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for JsonBody<T> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let media = media_type(req);
        let declared = declared_length(req);
        let payload = payload.take();
        Box::pin(async move {
            if !is_json(&media) {
                return Err(ApiError::UnsupportedMediaType(format!(
                    "send the body as application/json, not `{}`",
                    if media.is_empty() {
                        "no content type"
                    } else {
                        &media
                    }
                )));
            }
            let bytes = read_limited(payload, declared, MAX_BODY_BYTES).await?;
            parse(&bytes).map(JsonBody)
        })
    }
}

/// A JSON body that may be absent (a DELETE's): `None` when the request has no body, otherwise as [`JsonBody`].
pub struct OptionalJsonBody<T>(pub Option<T>);

impl<T: DeserializeOwned + 'static> FromRequest for OptionalJsonBody<T> {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let media = media_type(req);
        let declared = declared_length(req);
        let payload = payload.take();
        Box::pin(async move {
            let bytes = read_limited(payload, declared, MAX_BODY_BYTES).await?;
            if bytes.iter().all(u8::is_ascii_whitespace) {
                return Ok(OptionalJsonBody(None));
            }
            if !is_json(&media) {
                return Err(ApiError::UnsupportedMediaType(format!(
                    "send the body as application/json, not `{}`",
                    if media.is_empty() {
                        "no content type"
                    } else {
                        &media
                    }
                )));
            }
            parse(&bytes).map(|value| OptionalJsonBody(Some(value)))
        })
    }
}

/// Parses a JSON body after checking its shape.
pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    check_shape(bytes)?;
    serde_json::from_slice(bytes)
        .map_err(|e| ApiError::BadRequest(format!("cannot read the JSON body: {e}")))
}

/// The request's media type, lower case, without parameters (`application/json; charset=utf-8` → `application/json`).
pub fn media_type(req: &HttpRequest) -> String {
    req.headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase()
}

/// `application/json` or a `+json` type (`application/merge-patch+json`).
pub fn is_json(media: &str) -> bool {
    media == "application/json" || (media.starts_with("application/") && media.ends_with("+json"))
}

/// The `Content-Length` the client declared, if any.
pub fn declared_length(req: &HttpRequest) -> Option<u64> {
    req.headers()
        .get(CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse().ok())
}

/// Reads the whole body, refusing it as soon as it is known to exceed `limit` bytes: at once when the declared
/// length says so, else when the bytes received pass it.
pub async fn read_limited(
    mut payload: Payload,
    declared: Option<u64>,
    limit: usize,
) -> Result<BytesMut, ApiError> {
    let too_large =
        || ApiError::PayloadTooLarge(format!("the body is larger than {} KiB", limit / 1024));
    if declared.is_some_and(|length| length > limit as u64) {
        return Err(too_large());
    }
    let mut body = BytesMut::with_capacity(declared.unwrap_or(0).min(limit as u64) as usize);
    while let Some(chunk) = payload.next().await {
        let chunk =
            chunk.map_err(|e| ApiError::BadRequest(format!("the body could not be read: {e}")))?;
        if body.len() + chunk.len() > limit {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// Refuses nesting deeper than `MAX_DEPTH` and more than `MAX_VALUES` values, scanning the bytes once (strings
/// skipped), so a hostile body cannot make the parser recurse or allocate at length.
pub fn check_shape(bytes: &[u8]) -> Result<(), ApiError> {
    let mut depth = 0usize;
    let mut values = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for &byte in bytes {
        if in_string {
            match (escaped, byte) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match byte {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                values += 1;
                if depth > MAX_DEPTH {
                    return Err(ApiError::BadRequest(format!(
                        "the JSON body is nested more than {MAX_DEPTH} levels deep"
                    )));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b',' => values += 1,
            _ => {}
        }
        if values > MAX_VALUES {
            return Err(ApiError::BadRequest(format!(
                "the JSON body holds more than {MAX_VALUES} values"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_and_size_are_bounded_and_strings_do_not_count() {
        assert!(check_shape(br#"{"a":[{"b":[1,2]}]}"#).is_ok());
        let deep = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(check_shape(deep.as_bytes()).is_ok());
        let deeper = format!("[{deep}]");
        assert!(check_shape(deeper.as_bytes()).is_err());
        let brackets_in_text = format!(
            "{{\"a\":\"{}\\\"{}\"}}",
            "[".repeat(100),
            ",".repeat(30_000)
        );
        assert!(check_shape(brackets_in_text.as_bytes()).is_ok());
        let many = format!("[{}]", vec!["1"; MAX_VALUES + 1].join(","));
        assert!(check_shape(many.as_bytes()).is_err());
    }

    #[test]
    fn json_media_types() {
        assert!(is_json("application/json"));
        assert!(is_json("application/merge-patch+json"));
        assert!(!is_json("application/json-patch+jsonx"));
        assert!(!is_json("text/plain"));
        assert!(!is_json(""));
    }
}
