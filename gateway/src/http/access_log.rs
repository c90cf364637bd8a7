//! The access log's span for each request (`tracing-actix-web`'s root span), with what a log may hold: the
//! method, the matched route, the path with any `token` in its query replaced by `[redacted]` (the console's
//! password-reset page carries one), the client's socket address, the status and the request id.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{Error, HttpMessage};
use tracing::Span;
use tracing_actix_web::{RequestId, RootSpanBuilder};

pub struct AccessLog;

impl RootSpanBuilder for AccessLog {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let request_id = request
            .extensions()
            .get::<RequestId>()
            .map(ToString::to_string)
            .unwrap_or_default();
        let target = redacted_target(request.path(), request.uri().query().unwrap_or_default());
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %request.match_pattern().unwrap_or_else(|| "default".into()),
            http.target = %target,
            http.client_ip = %request.peer_addr().map(|a| a.ip().to_string()).unwrap_or_default(),
            http.status_code = tracing::field::Empty,
            request_id = %request_id,
            exception.message = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        let (status, error) = match outcome {
            Ok(response) => (
                response.status(),
                response.response().error().map(ToString::to_string),
            ),
            Err(error) => (
                error.as_response_error().status_code(),
                Some(error.to_string()),
            ),
        };
        span.record("http.status_code", status.as_u16());
        if let Some(error) = error {
            span.record("exception.message", tracing::field::display(error));
        }
    }
}

/// `path?query` with the value of every `token` parameter replaced.
fn redacted_target(path: &str, query: &str) -> String {
    if query.is_empty() {
        return path.to_owned();
    }
    let query: Vec<String> = query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((name, _)) if name.eq_ignore_ascii_case("token") => format!("{name}=[redacted]"),
            _ => pair.to_owned(),
        })
        .collect();
    format!("{path}?{}", query.join("&"))
}

#[cfg(test)]
mod tests {
    use super::redacted_target;

    #[test]
    fn tokens_never_reach_the_log() {
        assert_eq!(
            redacted_target("/resetp", "token=AbC123&next=%2F"),
            "/resetp?token=[redacted]&next=%2F"
        );
        assert_eq!(redacted_target("/x", ""), "/x");
        assert_eq!(
            redacted_target("/x", "TOKEN=1&a=b"),
            "/x?TOKEN=[redacted]&a=b"
        );
    }
}
