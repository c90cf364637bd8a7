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
    /// The request is malformed or asks for something the registry does not allow; the text names the part.
    #[error("{0}")]
    BadRequest(String),
    #[error("unknown table `{0}`")]
    UnknownTable(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("Access disabled - Please contact to Administrator")]
    Forbidden,
    /// No token, or one that is unknown, expired or signed out.
    #[error("{0}")]
    Unauthorized(&'static str),
    /// Input that fails validation, with a message per field for the form to show under each input.
    #[error("{message}")]
    Validation {
        message: String,
        fields: Vec<FieldError>,
    },
    /// A conflict with stored data (a taken username, a record still in use).
    #[error("{0}")]
    Conflict(String),
    /// The record changed since the client read it (a stale row version): the console offers to reload it.
    #[error("{0}")]
    StaleVersion(String),
    /// A value another record already holds (a unique key), with the fields concerned.
    #[error("{message}")]
    Duplicate {
        message: String,
        fields: Vec<FieldError>,
    },
    /// A workflow transition that does not exist or cannot be done from the record's state; names the ones that can.
    #[error("{0}")]
    IllegalTransition(String),
    /// A transition the caller may not perform on this record now (not their turn).
    #[error("{0}")]
    NotYourTurn(String),
    /// A record the caller may not change (someone else's reminder).
    #[error("{0}")]
    ForbiddenRecord(String),
    /// A record that does not exist (or that the caller may not see).
    #[error("{0}")]
    RecordNotFound(String),
    /// The entry does not take this method (writes to a read-only entry); `allow` lists what it takes.
    #[error("{message}")]
    MethodNotAllowed {
        message: String,
        allow: &'static str,
    },
    /// An update or delete without the row version the client read.
    #[error("{0}")]
    PreconditionRequired(String),
    /// Too many failed sign-ins; `retry_after` seconds until the lock ends.
    #[error("too many failed sign-in attempts; try again in {minutes} minute(s)", minutes = retry_after.div_ceil(60))]
    TooManyAttempts { retry_after: u64 },
    /// The page opens for the caller but their permission does not grant this action.
    #[error("You may not {action} records of {title}: your permission does not include it; ask an administrator")]
    ForbiddenAction { action: &'static str, title: String },
    /// The session is on the lock screen.
    #[error("the session is locked: unlock it with your password")]
    SessionLocked,
    /// A rate limit (registrations, reset requests, outside mail, exports); `retry_after` seconds until a slot frees.
    #[error("too many {what}; try again in {minutes} minute(s)", minutes = retry_after.div_ceil(60))]
    RateLimited {
        what: &'static str,
        retry_after: u64,
    },
    #[error(
        "the query took longer than the statement timeout allows; narrow the filter and try again"
    )]
    QueryTimeout,
    #[error("the database is not reachable; try again shortly")]
    DatabaseUnavailable,
    /// Every pooled connection stayed in use for the whole pool wait: too many slow requests at once.
    #[error("the gateway is busy: every database connection is in use; try again shortly")]
    Busy,
    /// Every slot for reading users' files stayed taken (`FILE_READERS`).
    #[error("{0}")]
    FileReadersBusy(#[from] crate::file_limits::slots::SlotsBusy),
    /// The file store (folder or bucket) did not answer.
    #[error("the file store is not reachable; try again shortly")]
    FileStoreUnavailable,
    #[error("the gateway is starting: {0}")]
    Starting(&'static str),
    /// An import commit with refused rows wrote nothing; `details` is its summary (rows, errors, the report).
    #[error("{message}")]
    ImportRefused {
        message: String,
        details: serde_json::Value,
    },
    #[error("internal error")]
    Internal(#[source] anyhow::Error),
}

/// A file over one of the readers' limits: 413 when it is too much, 422 when it is outside Excel's grid or
/// damaged, 415 when it is no zip package at all; the words name the limit.
impl From<crate::file_limits::LimitError> for ApiError {
    fn from(error: crate::file_limits::LimitError) -> Self {
        if let crate::file_limits::LimitError::NotZip(..) = error {
            ApiError::UnsupportedMediaType(error.to_string())
        } else if error.too_large() {
            ApiError::PayloadTooLarge(error.to_string())
        } else {
            ApiError::Validation {
                message: error.to_string(),
                fields: Vec::new(),
            }
        }
    }
}

/// One field's problem, shown under its input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    pub fn new(field: &str, message: impl Into<String>) -> Self {
        FieldError {
            field: field.to_owned(),
            message: message.into(),
        }
    }
}

/// The body of every error answer. `result: "failed"` lets the console show any error as docs/console.md §8's notice.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"result": "failed", "code": "PMIS-R422", "message": "Code is required", "fields": [{"field": "c_code", "message": "Code is required"}]}))]
pub struct ErrorBody {
    pub result: &'static str,
    /// Stable, grouped code (`PMIS-Sxxx` service, `PMIS-Rxxx` request) that clients and integrators can match on.
    pub code: &'static str,
    pub message: String,
    /// More about the error, e.g. an import's summary when its rows were refused (`import_refused`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub details: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldError>,
}

/// Every code [`ApiError::code`] answers, with its status and what it means: the OpenAPI document's `code` enum
/// and docs/api.md's table are checked against it (a unit test below checks it against `code()` itself).
pub const CODES: [(&str, u16, &str); 29] = [
    ("PMIS-R400", 400, "The request is malformed or asks for something the registry does not allow"),
    ("PMIS-R400T", 400, "`t` (or the `{entry}` of /api/data) names no registry entry"),
    ("PMIS-R401", 401, "No token, or an unknown, expired or revoked one"),
    ("PMIS-R403", 403, "No permission for the entry"),
    ("PMIS-R403A", 403, "The entry opens for the caller, but their permission does not include this action (add, edit, delete, import, attach)"),
    ("PMIS-R403R", 403, "A record the caller may not change"),
    ("PMIS-R403T", 403, "A workflow step that is not the caller's to take on this record now"),
    ("PMIS-R404", 404, "No API endpoint at this path"),
    ("PMIS-R404D", 404, "No such record, or one outside the caller's rows"),
    ("PMIS-R405", 405, "The entry does not take this method; `Allow` lists those it takes"),
    ("PMIS-R409", 409, "A conflict with stored data"),
    ("PMIS-R409D", 409, "A value another record already holds"),
    ("PMIS-R409T", 409, "A workflow step that does not exist or cannot be taken from the record's state"),
    ("PMIS-R409V", 409, "The record changed since it was read (stale row version)"),
    ("PMIS-R413", 413, "The body or an uploaded file is over a limit"),
    ("PMIS-R415", 415, "Wrong content type"),
    ("PMIS-R422", 422, "Field values fail validation, one message per field"),
    ("PMIS-R423", 423, "The session is locked"),
    ("PMIS-R428", 428, "An update or delete without the row version read"),
    ("PMIS-R429", 429, "Too many failed sign-ins; `Retry-After`"),
    ("PMIS-R429L", 429, "A rate limit; `Retry-After`"),
    ("PMIS-S500", 500, "Internal error (details only in the log)"),
    ("PMIS-S502", 503, "The gateway is starting"),
    ("PMIS-S503", 503, "The database is not reachable; `Retry-After`"),
    ("PMIS-S503B", 503, "Every database connection is busy; `Retry-After`"),
    ("PMIS-S503F", 503, "The file store is not reachable; `Retry-After`"),
    ("PMIS-S503R", 503, "Every slot for reading users' files stayed taken; `Retry-After`"),
    ("PMIS-S504", 503, "The query outlasted the statement timeout"),
    ("import_refused", 422, "An import commit with refused rows wrote nothing; `details` is its summary"),
];

impl ApiError {
    /// A 422 for field problems: the message is the one problem's, or how many fields need attention.
    pub fn validation(fields: Vec<FieldError>) -> ApiError {
        let message = match fields.as_slice() {
            [one] => one.message.clone(),
            _ => format!("{} fields need attention", fields.len()),
        };
        ApiError::Validation { message, fields }
    }

    /// The answer to a request that named its record by an opaque reference (`r.…`): the record's internal key
    /// is not said ("RFI 123 is Open: …" becomes "This RFI is Open: …").
    pub fn concealing_key(self, title: &str, key: &str) -> ApiError {
        let named = format!("{title} {key}");
        let hide = |text: String| -> String {
            match text.strip_prefix(named.as_str()) {
                Some(rest) => format!(
                    "This {title}{}",
                    rest.replace(&named, &format!("this {title}"))
                ),
                None => text.replace(&named, &format!("this {title}")),
            }
        };
        match self {
            ApiError::RecordNotFound(_) => ApiError::RecordNotFound(format!(
                "This {title} does not exist, or is not one you may open"
            )),
            ApiError::StaleVersion(text) => ApiError::StaleVersion(hide(text)),
            ApiError::Conflict(text) => ApiError::Conflict(hide(text)),
            ApiError::IllegalTransition(text) => ApiError::IllegalTransition(hide(text)),
            ApiError::NotYourTurn(text) => ApiError::NotYourTurn(hide(text)),
            ApiError::ForbiddenRecord(text) => ApiError::ForbiddenRecord(hide(text)),
            ApiError::Validation { message, fields } => ApiError::Validation {
                message: hide(message),
                fields: fields
                    .into_iter()
                    .map(|f| FieldError {
                        message: hide(f.message),
                        field: f.field,
                    })
                    .collect(),
            },
            other => other,
        }
    }

    /// 404 for a record that does not exist (or that the caller may not see): "RFI 12 does not exist".
    pub fn no_record(title: &str, key: &str) -> ApiError {
        ApiError::RecordNotFound(format!("{title} {key} does not exist"))
    }

    pub fn code(&self) -> &'static str {
        match self {
            ApiError::NotFound(_) => "PMIS-R404",
            ApiError::BadRequest(_) => "PMIS-R400",
            ApiError::UnknownTable(_) => "PMIS-R400T",
            ApiError::Unauthorized(_) => "PMIS-R401",
            ApiError::Validation { .. } => "PMIS-R422",
            ApiError::Conflict(_) => "PMIS-R409",
            ApiError::StaleVersion(_) => "PMIS-R409V",
            ApiError::IllegalTransition(_) => "PMIS-R409T",
            ApiError::NotYourTurn(_) => "PMIS-R403T",
            ApiError::Duplicate { .. } => "PMIS-R409D",
            ApiError::RecordNotFound(_) => "PMIS-R404D",
            ApiError::ForbiddenRecord(_) => "PMIS-R403R",
            ApiError::MethodNotAllowed { .. } => "PMIS-R405",
            ApiError::PreconditionRequired(_) => "PMIS-R428",
            ApiError::TooManyAttempts { .. } => "PMIS-R429",
            ApiError::RateLimited { .. } => "PMIS-R429L",
            ApiError::SessionLocked => "PMIS-R423",
            ApiError::ForbiddenAction { .. } => "PMIS-R403A",
            ApiError::UnsupportedMediaType(_) => "PMIS-R415",
            ApiError::PayloadTooLarge(_) => "PMIS-R413",
            ApiError::Forbidden => "PMIS-R403",
            ApiError::QueryTimeout => "PMIS-S504",
            ApiError::DatabaseUnavailable => "PMIS-S503",
            ApiError::Busy => "PMIS-S503B",
            ApiError::FileStoreUnavailable => "PMIS-S503F",
            ApiError::FileReadersBusy(_) => "PMIS-S503R",
            ApiError::Starting(_) => "PMIS-S502",
            ApiError::ImportRefused { .. } => "import_refused",
            ApiError::Internal(_) => "PMIS-S500",
        }
    }

    /// Whether the error is the request's fault (4xx), not the service's.
    pub fn status_code_is_client(&self) -> bool {
        self.status_code().is_client_error()
    }

    /// Internal errors are logged with their cause chain (the client gets no details).
    pub fn log_if_internal(&self) {
        if let ApiError::Internal(source) = self {
            tracing::error!(error = format!("{source:#}"), "internal error");
        }
    }

    fn hint(&self) -> Option<String> {
        match self {
            ApiError::NotFound(_) => Some("see /api/openapi.json for the endpoints".into()),
            ApiError::UnknownTable(_) => Some("`t` must name a registry entry".into()),
            _ => None,
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::BadRequest(_) | ApiError::UnknownTable(_) => StatusCode::BAD_REQUEST,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Forbidden => StatusCode::FORBIDDEN,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Validation { .. } | ApiError::ImportRefused { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::Conflict(_)
            | ApiError::StaleVersion(_)
            | ApiError::IllegalTransition(_)
            | ApiError::Duplicate { .. } => StatusCode::CONFLICT,
            ApiError::RecordNotFound(_) => StatusCode::NOT_FOUND,
            ApiError::ForbiddenRecord(_) | ApiError::NotYourTurn(_) => StatusCode::FORBIDDEN,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::PreconditionRequired(_) => StatusCode::PRECONDITION_REQUIRED,
            ApiError::SessionLocked => StatusCode::LOCKED,
            ApiError::ForbiddenAction { .. } => StatusCode::FORBIDDEN,
            ApiError::TooManyAttempts { .. } | ApiError::RateLimited { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            ApiError::QueryTimeout => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::DatabaseUnavailable
            | ApiError::Busy
            | ApiError::FileStoreUnavailable
            | ApiError::FileReadersBusy(_)
            | ApiError::Starting(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        self.log_if_internal();
        let mut response = HttpResponse::build(self.status_code());
        if let ApiError::Busy | ApiError::DatabaseUnavailable = self {
            response.insert_header((actix_web::http::header::RETRY_AFTER, "1"));
        }
        if let ApiError::FileReadersBusy(_) = self {
            response.insert_header((actix_web::http::header::RETRY_AFTER, "30"));
        }
        if let ApiError::TooManyAttempts { retry_after }
        | ApiError::RateLimited { retry_after, .. } = self
        {
            response.insert_header((
                actix_web::http::header::RETRY_AFTER,
                retry_after.to_string(),
            ));
        }
        if let ApiError::MethodNotAllowed { allow, .. } = self {
            response.insert_header((actix_web::http::header::ALLOW, *allow));
        }
        response.json(ErrorBody {
            result: "failed",
            code: self.code(),
            message: self.to_string(),
            details: match self {
                ApiError::ImportRefused { details, .. } => Some(details.clone()),
                _ => None,
            },
            hint: self.hint(),
            fields: match self {
                ApiError::Validation { fields, .. } | ApiError::Duplicate { fields, .. } => {
                    fields.clone()
                }
                _ => Vec::new(),
            },
        })
    }
}

impl From<tokio_postgres::Error> for ApiError {
    /// Database errors as the client should see them: timeouts and lost connections are 503, values the
    /// database could not read are 422 in words (without the database's text), everything else is logged and
    /// answered 500 without details.
    fn from(error: tokio_postgres::Error) -> Self {
        use tokio_postgres::error::SqlState;
        match error.code() {
            Some(code) if *code == SqlState::QUERY_CANCELED => ApiError::QueryTimeout,
            Some(code)
                if [
                    SqlState::INVALID_TEXT_REPRESENTATION,
                    SqlState::INVALID_DATETIME_FORMAT,
                    SqlState::DATETIME_FIELD_OVERFLOW,
                    SqlState::NUMERIC_VALUE_OUT_OF_RANGE,
                    // Text with a NUL character (PostgreSQL cannot store it) or one the encoding lacks.
                    SqlState::CHARACTER_NOT_IN_REPERTOIRE,
                    SqlState::UNTRANSLATABLE_CHARACTER,
                ]
                .contains(code) =>
            {
                // The database's own words name its types and echo the value: logged, never sent.
                tracing::info!(error = %crate::ops::database::describe_pg_error(&error), "a value the database could not read");
                ApiError::Validation {
                    message: "a value of the request is not of its field's kind (a number, a date or text the database can keep); check the values and send them again".into(),
                    fields: Vec::new(),
                }
            }
            Some(code)
                if [
                    SqlState::ADMIN_SHUTDOWN,
                    SqlState::CRASH_SHUTDOWN,
                    SqlState::CANNOT_CONNECT_NOW,
                    SqlState::TOO_MANY_CONNECTIONS,
                ]
                .contains(code) =>
            {
                tracing::warn!(error = %crate::ops::database::describe_pg_error(&error), "database unavailable");
                ApiError::DatabaseUnavailable
            }
            None if error.is_closed() || source_is_io(&error) => {
                tracing::warn!(error = %crate::ops::database::describe_pg_error(&error), "database unavailable");
                ApiError::DatabaseUnavailable
            }
            _ => ApiError::Internal(anyhow::Error::new(error)),
        }
    }
}

/// A lost or refused connection shows as an I/O error somewhere in the chain.
fn source_is_io(error: &tokio_postgres::Error) -> bool {
    let mut source = std::error::Error::source(error);
    while let Some(inner) = source {
        if inner.is::<std::io::Error>() {
            return true;
        }
        source = inner.source();
    }
    false
}

impl From<deadpool_postgres::PoolError> for ApiError {
    /// No free connection within the pool wait, or none can be opened: the database is (for now) unavailable.
    fn from(error: deadpool_postgres::PoolError) -> Self {
        use deadpool_postgres::{PoolError, TimeoutType};
        match error {
            PoolError::Backend(pg) => pg.into(),
            PoolError::Timeout(TimeoutType::Wait) => {
                tracing::warn!("no free database connection within the pool wait");
                ApiError::Busy
            }
            other => {
                tracing::warn!(error = %other, "no database connection");
                ApiError::DatabaseUnavailable
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `CODES` lists exactly what `code()` answers: every code literal of its match, and nothing else.
    #[test]
    fn the_catalogue_is_what_code_answers() {
        let source = include_str!("error.rs");
        let start = source.find("pub fn code(&self)").expect("code()");
        let end = start + source[start..].find("\n    }\n").expect("end of code()");
        let mut answered: Vec<&str> = source[start..end]
            .split("=> \"")
            .skip(1)
            .map(|rest| &rest[..rest.find('"').expect("closing quote")])
            .collect();
        answered.sort_unstable();
        let mut listed: Vec<&str> = CODES.iter().map(|(code, _, _)| *code).collect();
        listed.sort_unstable();
        assert_eq!(answered, listed);
    }

    /// Each listed status is the one the error answers with, for the variants that can be made here.
    #[test]
    fn the_catalogue_has_each_codes_status() {
        for error in [
            ApiError::Forbidden,
            ApiError::SessionLocked,
            ApiError::QueryTimeout,
            ApiError::Busy,
            ApiError::FileStoreUnavailable,
            ApiError::DatabaseUnavailable,
            ApiError::ForbiddenAction {
                action: "add",
                title: "RFI".into(),
            },
            ApiError::NotYourTurn(String::new()),
            ApiError::IllegalTransition(String::new()),
            ApiError::Starting("migrating"),
        ] {
            let (_, status, _) = CODES
                .iter()
                .find(|(code, _, _)| *code == error.code())
                .expect("listed");
            assert_eq!(*status, error.status_code().as_u16(), "{}", error.code());
        }
    }
}
