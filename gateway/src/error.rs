//! The one error type of the HTTP API and its mapping to status codes and the JSON body
//! `{code, message, details, hint}`. Handlers return `ApiError`; nothing else builds error responses.
//! Database and internal details are logged, never sent to the client.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("no API endpoint at {0}")]
    NotFound(String),
    #[error("the database is not reachable; try again shortly")]
    DatabaseUnavailable,
    #[error("the gateway is starting: {0}")]
    Starting(&'static str),
    #[error("internal error")]
    Internal(#[source] anyhow::Error),
}

/// The body of every error answer.
#[derive(Debug, Serialize)]
pub struct ErrorBody {
    /// Stable, grouped code (`PMIS-Sxxx` service, `PMIS-Rxxx` request) that clients and integrators can match on.
    pub code: &'static str,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

impl ApiError {
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::NotFound(_) => "PMIS-R404",
            ApiError::DatabaseUnavailable => "PMIS-S503",
            ApiError::Starting(_) => "PMIS-S502",
            ApiError::Internal(_) => "PMIS-S500",
        }
    }

    fn hint(&self) -> Option<String> {
        match self {
            ApiError::NotFound(_) => Some("see /api/openapi.json for the endpoints".into()),
            _ => None,
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::DatabaseUnavailable | ApiError::Starting(_) => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let ApiError::Internal(source) = self {
            tracing::error!(error = ?source, "internal error");
        }
        HttpResponse::build(self.status_code()).json(ErrorBody {
            code: self.code(),
            message: self.to_string(),
            details: None,
            hint: self.hint(),
        })
    }
}
