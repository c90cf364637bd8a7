//! A record's process endpoints: `POST /api/data/{entry}/{id}/transition` (the only way a workflow's state
//! changes) and `GET /api/data/{entry}/{id}/history` (audit entries and workflow events, newest first).
//! request → authorise (the record's reader; the transition's own rules decide whose turn it is, in the
//! transaction) → `workflow::rules` / `workflow::history` → respond.

use actix_web::{web, HttpRequest, HttpResponse};
use schema_registry::record::{self, WriteMode};
use serde::{Deserialize, Serialize};

use crate::auth::Caller;
use crate::base::timing::{Stage, Timing};
use crate::error::{ApiError, FieldError};
use crate::http::json_body::JsonBody;
use crate::pipeline::authorise::{authorise, reads_whole, Access};
use crate::pipeline::record as stored;
use crate::pipeline::request::{row_version, RecordBody};
use crate::pipeline::run;
use crate::pipeline::{compile, respond};
use crate::records::transition::{self, TransitionContext, TransitionInput};
use crate::records::write;
use crate::state::AppState;
use crate::workflow::history;

#[derive(utoipa::OpenApi)]
#[openapi(paths(transition, history, copy))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/data/{entry}/{id}/transition").route(web::post().to(transition)))
        .service(web::resource("/data/{entry}/{id}/history").route(web::get().to(history)))
        .service(web::resource("/data/{entry}/{id}/copy").route(web::post().to(copy)));
}

/// A transition as the console sends it.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"transition": "answer", "comment": "See revised drawing R2", "n_row_version": 3,
    "fields": {"c_response": "Use M40 grade concrete for the pier cap as per drawing C1-V01/DRG/PC-112 R2."}}))]
pub struct TransitionBody {
    /// The transition's name (the screen's `workflow.transitions[].name`).
    pub transition: String,
    /// Why; required when the transition says so.
    #[serde(default)]
    pub comment: Option<String>,
    /// The row version read (or If-Match).
    #[serde(default)]
    pub n_row_version: Option<i64>,
    /// Fields filled with the transition (its `requires` and `fields`).
    #[serde(default)]
    #[schema(value_type = Object)]
    pub fields: RecordBody,
}

/// The answer of a history read.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HistoryAnswer {
    pub result: &'static str,
    pub data: Vec<history::HistoryEntry>,
}

/// Moves a record along its workflow: the transition must leave the record's state (409 naming the ones that
/// do), be the caller's turn (403 `PMIS-R403T`), have its required fields (422 under each) and the row version
/// read (409 when stale). Writes the workflow event and the audit row with it; hands the record to the next
/// person (with an e-mail to them).
#[utoipa::path(post, path = "/api/data/{entry}/{id}/transition", operation_id = "transition_record", tag = "data",
    params(("entry" = String, Path, description = "A registry entry with a workflow", example = "rfi"),
           ("id" = String, Path, description = "The primary key, or an opaque reference `r.…` from the pending list", example = "1")),
    request_body = TransitionBody,
    responses(
        (status = 200, description = "Updated Successfully: the record after the transition", body = crate::http::responses::WriteReply),
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
pub async fn transition(
    http: HttpRequest,
    caller: Caller,
    timing: Timing,
    path: web::Path<(String, String)>,
    body: JsonBody<TransitionBody>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let (name, id) = path.into_inner();
    let entry = timing.time(Stage::Compile, || {
        compile::writable_entry(&state.registry, &name)
    })?;
    // Reading the record is the least one needs; whose turn it is is decided on the locked row.
    timing.time(Stage::Authorise, || authorise(&caller, entry, Access::View))?;
    let body = body.0;
    let input = timing.time(Stage::Parse, || {
        let key = run::record_key(&state, entry, &id)?;
        let mut fields =
            record::validate(entry, &body.fields.0, WriteMode::Update).map_err(|problems| {
                ApiError::validation(
                    problems
                        .into_iter()
                        .map(|p| FieldError::new(&p.field, p.message))
                        .collect(),
                )
            })?;
        record::stamp(entry, &mut fields, WriteMode::Update, caller.user_id);
        let version = super::data::required_version(
            entry,
            row_version(body.n_row_version, super::data::if_match(&http)?)?,
        )?;
        Ok::<_, ApiError>((
            key,
            TransitionInput {
                name: body.transition.trim().to_owned(),
                comment: body.comment.clone(),
                version,
                fields,
            },
        ))
    })?;
    let (key, input) = input;
    let context = TransitionContext {
        caller: &caller,
        reads_whole: reads_whole(&caller, entry),
        references: &state.references,
        public_url: &state.auth.public_url,
        scoped: compile::scoped_user(entry, &caller),
    };
    let saved = timing
        .time_async(Stage::Database, async {
            let mut client = state.pool.get().await?;
            transition::transition(&mut client, &state.registry, entry, &key, &input, &context)
                .await
        })
        .await
        .map_err(|e| run::conceal(&id, entry, &key, e))?;
    timing.time(Stage::Render, || respond::saved(&saved, None))
}

/// The record's history, newest first: each change field by field (labels, look-ups by name) and each
/// transition with its from, to and comment. Readable by whoever may read the record.
#[utoipa::path(get, path = "/api/data/{entry}/{id}/history", operation_id = "record_history", tag = "data",
    params(("entry" = String, Path, description = "A registry entry", example = "rfi"),
           ("id" = String, Path, description = "The primary key, or an opaque reference `r.…` from the pending list", example = "1")),
    responses(
        (status = 200, description = "The history", body = HistoryAnswer),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound
    ))]
pub async fn history(
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
    let data = timing
        .time_async(Stage::Database, async {
            let client = state.pool.get().await?;
            // The record must be one the caller may read (a row grant limits which).
            stored::fetch(&client, &target, &key)
                .await?
                .ok_or_else(|| stored::not_found(entry, &key))?;
            history::read(&client, &state.registry, &target.entry, target.reader, &key).await
        })
        .await
        .map_err(|e| run::conceal(&id, entry, &key, e))?;
    Ok(timing.time(Stage::Render, || {
        HttpResponse::Ok().json(HistoryAnswer {
            result: "success",
            data,
        })
    }))
}

/// Copies a record as a new one, as its registry file's `[copy]` says (its fields but those the server gives a new
/// record and those reset, the values set, and the lines of the child registers named), created as any new record
/// is, all or nothing. Needs the register's Create and a record the caller may read; 404 where records are not
/// copied.
#[utoipa::path(post, path = "/api/data/{entry}/{id}/copy", operation_id = "copy_record", tag = "data",
    params(("entry" = String, Path, description = "A registry entry with `[copy]`", example = "dailyreport"),
           ("id" = String, Path, description = "The record to copy: its key or opaque reference", example = "1")),
    responses(
        (status = 201, description = "Submitted Successfully: the new record; Location names it", body = crate::http::responses::WriteReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::MethodNotAllowed,
        crate::http::responses::Conflict,
        crate::http::responses::Invalid
    ))]
pub async fn copy(
    caller: Caller,
    timing: Timing,
    path: web::Path<(String, String)>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let (name, id) = path.into_inner();
    let entry = timing.time(Stage::Compile, || {
        compile::writable_entry(&state.registry, &name)
    })?;
    let grant = timing.time(Stage::Authorise, || {
        authorise(&caller, entry, Access::Create)
    })?;
    let key = timing.time(Stage::Parse, || run::record_key(&state, entry, &id))?;
    let source = timing.time(Stage::Compile, || {
        compile::target(&state.registry, entry, &grant, &caller)
    })?;
    let links = crate::workflow::hand_off::Links {
        references: &state.references,
        public_url: &state.auth.public_url,
    };
    let saved = timing
        .time_async(Stage::Database, async {
            let mut client = state.pool.get().await?;
            crate::records::copy::copy(
                &mut client,
                &state.registry,
                entry,
                &source,
                &key,
                write::Writer {
                    caller: &caller,
                    scoped: compile::scoped_user(entry, &caller),
                    links: &links,
                },
            )
            .await
        })
        .await
        .map_err(|e| run::conceal(&id, entry, &key, e))?;
    let location = format!("/api/data/{}/{}", entry.name, saved.key);
    timing.time(Stage::Render, || respond::saved(&saved, Some(location)))
}
