//! The answer shapes and error answers the OpenAPI document names (a leaf: route modules import it, it imports no
//! route). Handlers that build an answer with `json!` name the matching type here for the document.

use serde::Serialize;
use utoipa::ToSchema;

use crate::error::ErrorBody;

// ---------------------------------------------------------------------------------------------------------------
// Answer shapes the handlers build with `json!` (documentation only).
// ---------------------------------------------------------------------------------------------------------------

/// The reply of docs/console.md §7 write calls.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"result": "success", "message": "Submitted Successfully"}))]
pub struct Outcome {
    /// `success` or `failed`.
    pub result: String,
    pub message: String,
}

/// The reply of a reminder change.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"result": "success", "message": "Submitted Successfully", "id": 42}))]
pub struct ReminderReply {
    pub result: String,
    pub message: String,
    pub id: i64,
}

/// The reply of an administration call: the outcome and the changed record's key.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"result": "success", "message": "Updated Successfully", "data": {"id": 7}}))]
pub struct AdminReply {
    pub result: String,
    pub message: String,
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
}

/// A record write's reply, with the saved record.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"result": "success", "message": "Submitted Successfully", "id": 12,
    "data": {"id": 12, "c_code": "C3", "c_name": "Corridor 3", "n_row_version": 1}, "changed": ["c_code", "c_name"]}))]
pub struct WriteReply {
    pub result: String,
    pub message: String,
    /// The record's key (a number for numeric keys).
    pub id: serde_json::Value,
    /// The record as stored (the entry's schema, `entry.<name>`).
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
    /// Columns whose value changed.
    pub changed: Vec<String>,
}

/// The data table answer (jQuery DataTables server-side protocol).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"draw": 1, "recordsTotal": 2, "recordsFiltered": 1,
    "data": [{"id": 4, "c_code": "C1-S01", "n_corridor": 1}],
    "names": {"n_corridor": {"1": "Corridor 1: Airport - Central Station (Blue Line)"}}}))]
pub struct DataTableAnswer {
    pub draw: i64,
    pub records_total: i64,
    pub records_filtered: i64,
    /// Present and true when the total is the planner's estimate.
    pub records_total_estimated: Option<bool>,
    pub records_filtered_estimated: Option<bool>,
    #[schema(value_type = Vec<Object>)]
    pub data: Vec<serde_json::Value>,
    /// Only when the request asked for `names`: per look-up column of the page (a look-up list every signed-in
    /// user may read), the look-up's display text (the column's `lookup.display`) of each key on this page, by
    /// the key as text. A key the look-up cannot name (no such record, or no text) is left out; a column without
    /// keys on the page has `{}`.
    pub names:
        Option<std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>>>,
}

/// A data table failure, in the protocol's own shape.
#[derive(Serialize, ToSchema)]
pub struct DataTableFailure {
    pub draw: i64,
    pub error: String,
    pub code: String,
}

/// A banner message.
#[derive(Serialize, ToSchema)]
pub struct BannerMessage {
    pub id: i64,
    pub c_val: String,
}

// ---------------------------------------------------------------------------------------------------------------
// The error answers, one type per status, so each description is written once; operations list the ones they give,
// but for 401, 503 and the path guard's 404, which `http::openapi` adds to every operation of their kind.
// ---------------------------------------------------------------------------------------------------------------

#[derive(utoipa::IntoResponses)]
#[response(
    status = 400,
    description = "The request is malformed; the message names the part"
)]
pub struct BadRequest(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 401,
    description = "No token, or one that is unknown, expired or signed out"
)]
pub struct Unauthorized(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 403,
    description = "Access disabled - Please contact to Administrator (or not the caller's record)"
)]
pub struct Forbidden(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 404, description = "No such record (or entry)")]
pub struct NotFound(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 404,
    description = "A path value the gateway refuses before any route sees it: a leading dot, an encoded slash, backslash or NUL (PMIS-R404)"
)]
pub struct PathRefused(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 405,
    description = "The entry is read-only, or the method is not taken here"
)]
pub struct MethodNotAllowed(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 409,
    description = "Conflict with stored data: a value another record holds, a changed row version, a record in use"
)]
pub struct Conflict(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 413, description = "The body is larger than 256 KiB")]
pub struct PayloadTooLarge(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 415, description = "The body is not application/json")]
pub struct UnsupportedMediaType(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 422,
    description = "Validation failed; `fields` lists a message per field"
)]
pub struct Invalid(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 428,
    description = "The row version the client read is missing"
)]
pub struct PreconditionRequired(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 429,
    description = "Too many failed sign-ins; see Retry-After"
)]
pub struct TooManyAttempts(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 429,
    description = "A rate limit (registrations, reset requests, exports, outside mail); see Retry-After"
)]
pub struct TooManyRequests(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 503,
    description = "The database is unavailable (PMIS-S503) or still being prepared (PMIS-S502), every connection is busy (PMIS-S503B), or the statement timed out (PMIS-S504); retry after Retry-After seconds when given"
)]
pub struct Unavailable(pub ErrorBody);
