//! Generic record endpoints (docs/architecture.md §6 "generic record CRUD"): `GET`, `POST`, `PUT` and `DELETE` under
//! `/api/data/{entry}[/{id}]` for every registry entry, with the same whitelist and permissions as reads.
//! request (`RecordBody`, key, row version) → authorise (the action: create, update, delete) → compile (`schema_registry::record`)
//! → execute (`write`, one transaction with the audit row) → respond.

use actix_web::http::header::IF_MATCH;
use actix_web::{web, HttpRequest, HttpResponse};
use schema_registry::record::{self, WriteMode};
use schema_registry::Entry;
use serde::Deserialize;

use crate::auth::Caller;
use crate::base::timing::{Stage, Timing};
use crate::error::{ApiError, FieldError};
use crate::http::json_body::{JsonBody, OptionalJsonBody};
use crate::pipeline::authorise::{authorise, Access};
use crate::pipeline::record as stored;
use crate::pipeline::request::{row_version, RecordBody};
use crate::pipeline::run;
use crate::pipeline::{compile, idempotency, respond};
use crate::records::write;
use crate::state::AppState;
use crate::workflow::hand_off::Links;

#[derive(utoipa::OpenApi)]
#[openapi(paths(read, create, update, delete))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/data/{entry}")
            .route(web::post().to(create))
            .default_service(web::to(not_allowed)),
    )
    .service(
        web::resource("/data/{entry}/{id}")
            .route(web::get().to(read))
            .route(web::put().to(update))
            .route(web::delete().to(delete))
            .default_service(web::to(not_allowed)),
    );
}

/// The row version of a delete: `?n_row_version=`, or a JSON body `{"n_row_version": 3}` (other members of a
/// body, such as the rest of the record, are ignored).
#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct DeleteVersion {
    n_row_version: Option<i64>,
}

/// One record, as selectall renders it; `ETag` carries its row version.
#[utoipa::path(get, path = "/api/data/{entry}/{id}", operation_id = "read_record", tag = "data", params(("entry" = String, Path, description = "A registry entry (see the EntryName schema)", example = "corridor"), ("id" = String, Path, description = "The primary key, or an opaque reference `r.…` from the pending list", example = "1")),
    responses(
        (status = 200, description = "The record (schema `entry.<name>`)", body = Object),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound
    ))]
pub async fn read(
    caller: Caller,
    timing: Timing,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let (name, id) = path.into_inner();
    let entry = timing.time(Stage::Compile, || compile::entry(&state.registry, &name))?;
    let grant = timing.time(Stage::Authorise, || authorise(&caller, entry, Access::View))?;
    let key = timing.time(Stage::Parse, || run::record_key(&state, entry, &id))?;
    let target = timing.time(Stage::Compile, || {
        compile::target(&state.registry, entry, &grant, &caller)
    })?;
    let found = timing
        .time_async(Stage::Database, async {
            let client = state.pool.get().await?;
            stored::fetch(&client, &target, &key).await
        })
        .await
        .and_then(|found| found.ok_or_else(|| stored::not_found(entry, &key)))
        .map_err(|e| run::conceal(&id, entry, &key, e))?;
    Ok(timing.time(Stage::Render, || respond::record(&found)))
}

/// Creates a record: fields are the entry's writable columns, validated against the registry. With an
/// `Idempotency-Key` the create happens once: the same key again (from the same user) answers the record it created,
/// with `Idempotent-Replayed: true`, and creates nothing.
#[utoipa::path(post, path = "/api/data/{entry}", operation_id = "create_record", tag = "data", params(("entry" = String, Path, description = "A registry entry (see the EntryName schema)", example = "corridor"),
        ("Idempotency-Key" = Option<String>, Header, description = "8 to 100 letters, digits, `:`, `.`, `_` or `-` (a UUID): the create happens once per key and user")),
    request_body(content = Object, description = "Column values", example = json!({"c_code": "C3", "c_name": "Corridor 3: Harbour Line", "n_length_km": 18.275})),
    responses(
        (status = 201, description = "Submitted Successfully; Location names the record", body = crate::http::responses::WriteReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::MethodNotAllowed,
        crate::http::responses::Conflict,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid
    ))]
pub async fn create(
    caller: Caller,
    timing: Timing,
    path: web::Path<String>,
    body: JsonBody<RecordBody>,
    request: HttpRequest,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let key = idempotency::Key::of(&request)?;
    let entry = timing.time(Stage::Compile, || {
        compile::writable_entry(&state.registry, &path)
    })?;
    timing.time(Stage::Authorise, || {
        authorise(&caller, entry, Access::Create)
    })?;
    let input = timing.time(Stage::Parse, || {
        let mut input = record::validate(entry, &body.0 .0, WriteMode::Create).map_err(invalid)?;
        record::stamp(entry, &mut input, WriteMode::Create, caller.user_id);
        Ok::<_, ApiError>(input)
    })?;
    let request_name = format!("create {}", entry.name);
    let once = key.as_ref().map(|key| idempotency::Once {
        user: caller.user_id,
        key,
        request: &request_name,
        fingerprint: idempotency::fingerprint_fields(&body.0 .0),
    });
    let created = timing
        .time_async(Stage::Database, async {
            let mut client = state.pool.get().await?;
            write::create(
                &mut client,
                &state.registry,
                entry,
                &input,
                write::Writer {
                    caller: &caller,
                    scoped: compile::scoped_user(entry, &caller),
                    links: &links(&state),
                },
                once.as_ref(),
            )
            .await
        })
        .await?;
    let location = format!("/api/data/{}/{}", entry.name, created.saved.key);
    let mut response = timing.time(Stage::Render, || {
        respond::saved(&created.saved, Some(location))
    })?;
    if created.replayed {
        respond::mark_replayed(&mut response);
    }
    Ok(response)
}

/// Updates a record: `n_row_version` (or If-Match) must be the version read; read-only columns may be sent back
/// unchanged; fields left out keep their value.
#[utoipa::path(put, path = "/api/data/{entry}/{id}", operation_id = "update_record", tag = "data", params(("entry" = String, Path, description = "A registry entry (see the EntryName schema)", example = "corridor"), ("id" = String, Path, description = "The primary key, or an opaque reference `r.…` from the pending list", example = "1")),
    request_body(content = Object, description = "Column values and the row version read", example = json!({"n_row_version": 1, "c_name": "Corridor 3: Harbour Line (Phase 2)"})),
    responses(
        (status = 200, description = "Updated Successfully", body = crate::http::responses::WriteReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::MethodNotAllowed,
        crate::http::responses::Conflict,
        crate::http::responses::PayloadTooLarge,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::PreconditionRequired
    ))]
pub async fn update(
    http: HttpRequest,
    caller: Caller,
    timing: Timing,
    path: web::Path<(String, String)>,
    body: JsonBody<RecordBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let (name, id) = path.into_inner();
    let entry = timing.time(Stage::Compile, || {
        compile::writable_entry(&state.registry, &name)
    })?;
    timing.time(Stage::Authorise, || {
        authorise(&caller, entry, Access::Update)
    })?;
    let (key, input, version) = timing.time(Stage::Parse, || {
        let key = run::record_key(&state, entry, &id)?;
        let mut input = record::validate(entry, &body.0 .0, WriteMode::Update).map_err(invalid)?;
        record::stamp(entry, &mut input, WriteMode::Update, caller.user_id);
        let version = required_version(entry, row_version(input.row_version, if_match(&http)?)?)?;
        Ok::<_, ApiError>((key, input, version))
    })?;
    let saved = timing
        .time_async(Stage::Database, async {
            let mut client = state.pool.get().await?;
            write::update(
                &mut client,
                &state.registry,
                entry,
                &key,
                &input,
                version,
                write::Writer {
                    caller: &caller,
                    scoped: compile::scoped_user(entry, &caller),
                    links: &links(&state),
                },
            )
            .await
        })
        .await
        .map_err(|e| run::conceal(&id, entry, &key, e))?;
    timing.time(Stage::Render, || respond::saved(&saved, None))
}

/// Deletes a record at the row version read (`?n_row_version=`, `{"n_row_version": N}` in a JSON body, or
/// If-Match).
#[utoipa::path(delete, path = "/api/data/{entry}/{id}", operation_id = "delete_record", tag = "data",
    params(("entry" = String, Path, description = "A registry entry (see the EntryName schema)", example = "corridor"), ("id" = String, Path, description = "The primary key, or an opaque reference `r.…` from the pending list", example = "1"), ("n_row_version" = Option<i64>, Query, description = "The row version read")),
    request_body(content = Option<DeleteVersion>, description = "Optional: the row version read, instead of the query or If-Match", content_type = "application/json"),
    responses(
        (status = 200, description = "Deleted Successfully", body = crate::http::responses::Outcome),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::MethodNotAllowed,
        crate::http::responses::Conflict,
        crate::http::responses::PreconditionRequired
    ))]
pub async fn delete(
    http: HttpRequest,
    caller: Caller,
    timing: Timing,
    path: web::Path<(String, String)>,
    query: web::Query<DeleteVersion>,
    body: OptionalJsonBody<DeleteVersion>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let (name, id) = path.into_inner();
    let entry = timing.time(Stage::Compile, || {
        compile::writable_entry(&state.registry, &name)
    })?;
    timing.time(Stage::Authorise, || {
        authorise(&caller, entry, Access::Delete)
    })?;
    let (key, version) = timing.time(Stage::Parse, || {
        let key = run::record_key(&state, entry, &id)?;
        let from_body = body.0.and_then(|body| body.n_row_version);
        let sent = match (query.n_row_version, from_body) {
            (Some(query), Some(body)) if query != body => {
                return Err(ApiError::BadRequest(format!(
                    "n_row_version {query} in the query and {body} in the body disagree; send one row version"
                )))
            }
            (query, body) => query.or(body),
        };
        let version = required_version(entry, row_version(sent, if_match(&http)?)?)?;
        Ok::<_, ApiError>((key, version))
    })?;
    timing
        .time_async(Stage::Database, async {
            let mut client = state.pool.get().await?;
            write::delete(
                &mut client,
                &state.registry,
                entry,
                &key,
                version,
                write::Writer {
                    caller: &caller,
                    scoped: compile::scoped_user(entry, &caller),
                    links: &links(&state),
                },
            )
            .await
        })
        .await
        .map_err(|e| run::conceal(&id, entry, &key, e))?;
    Ok(timing.time(Stage::Render, respond::deleted))
}

/// How mail written inside a record write links to a record.
fn links(state: &AppState) -> Links<'_> {
    Links {
        references: &state.references,
        public_url: &state.auth.public_url,
    }
}

/// Any other method on a record path.
async fn not_allowed(http: HttpRequest) -> Result<HttpResponse, ApiError> {
    let collection = http.match_info().get("id").is_none();
    Err(ApiError::MethodNotAllowed {
        message: format!(
            "{} is not supported here; {}",
            http.method(),
            if collection {
                "create a record with POST (read lists with /api/custom/datatable)"
            } else {
                "a record takes GET, PUT and DELETE"
            }
        ),
        allow: if collection {
            "POST"
        } else {
            "GET, PUT, DELETE"
        },
    })
}

pub(super) fn if_match(http: &HttpRequest) -> Result<Option<&str>, ApiError> {
    http.headers()
        .get(IF_MATCH)
        .map(|value| {
            value
                .to_str()
                .map_err(|_| ApiError::BadRequest("If-Match must be plain text".into()))
        })
        .transpose()
}

pub(super) fn required_version(entry: &Entry, version: Option<i64>) -> Result<i64, ApiError> {
    version.ok_or_else(|| {
        ApiError::PreconditionRequired(format!(
            "send the row version you read ({}: `n_row_version` in the body or query, or the ETag as If-Match), \
             so that a change made since cannot be overwritten",
            entry.title()
        ))
    })
}

fn invalid(problems: Vec<record::FieldProblem>) -> ApiError {
    ApiError::validation(
        problems
            .into_iter()
            .map(|p| FieldError::new(&p.field, p.message))
            .collect(),
    )
}
