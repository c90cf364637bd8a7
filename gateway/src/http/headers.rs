//! Headers on every answer: the request id (so a user's report can be matched to the log line), the cache policy
//! (`static_files::cache_control_for`), and browser hardening: no sniffing, no framing, same-origin referrers, a
//! Content-Security-Policy that lets only the console's own scripts run (the API reference page included), and
//! HSTS when the console is served over TLS (`PUBLIC_URL` starts with `https://`).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage};
use tracing_actix_web::RequestId;

use crate::http::static_files;
use crate::state::AppState;

static X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Scripts, connections, frames and forms: the console's own origin only. Styles may be inline (the component
/// library and the grid set style attributes); images may be data URLs (icons). Frames may show a file the console
/// read with the session's header (a blob: address: two PDF revisions side by side in the DMS compare window).
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
     frame-src 'self' blob:; \
     frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

const HSTS: &str = "max-age=31536000; includeSubDomains";

pub async fn response_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let request_id = req.extensions().get::<RequestId>().copied();
    let path = req.match_info().as_str().to_owned();
    let tls = req
        .app_data::<web::Data<AppState>>()
        .is_some_and(|state| state.auth.public_url.starts_with("https://"));
    let mut res = next.call(req).await?;
    let success = res.status().is_success();
    let headers = res.headers_mut();
    if let Some(id) = request_id.and_then(|id| HeaderValue::from_str(&id.to_string()).ok()) {
        headers.insert(X_REQUEST_ID.clone(), id);
    }
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("same-origin"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    if tls {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
    }
    headers.insert(
        header::CACHE_CONTROL,
        static_files::cache_control_for(&path, success),
    );
    Ok(res)
}
