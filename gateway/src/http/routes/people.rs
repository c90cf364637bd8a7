//! `GET /api/data/{entry}/people/{column}`: the people who may be picked for a user column with a
//! `[workflow.people]` rule (an assignee, a reviewer, a responder), for a stored record or a new one, searched as
//! the form's look-up is typed into. The same rule is checked again on every write and transition.
//! request → authorise (a reader of the entry; of the record, when one is named) → `workflow::people` → respond.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};

use crate::auth::Caller;
use crate::base::timing::Timing;
use crate::error::ApiError;
use crate::pipeline::authorise::Access;
use crate::pipeline::run::Run;
use crate::state::AppState;
use crate::workflow::people::{self, Candidate, PickContext};

#[derive(utoipa::OpenApi)]
#[openapi(paths(candidates))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(web::resource("/data/{entry}/people/{column}").route(web::get().to(candidates)));
}

/// Options shown at most when `length` is not given, and at most ever.
const DEFAULT_LENGTH: u64 = 20;
const MAX_LENGTH: u64 = 100;

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeopleQuery {
    /// The stored record the person is picked for (its key or opaque reference): its package and creator decide.
    pub record: Option<String>,
    /// For a new record: the package chosen so far (people linked to it, where the rule asks for that).
    pub package: Option<i64>,
    /// Text in the name, organisation or e-mail (any case).
    pub search: Option<String>,
    /// Only this person (to name a chosen value), if they may be picked.
    pub key: Option<i64>,
    /// How many at most (default 20, at most 100).
    pub length: Option<u64>,
}

/// The people who may be picked, by name, and how many match in all (the data table's `recordsFiltered`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PeopleAnswer {
    pub result: &'static str,
    pub data: Vec<Candidate>,
    #[serde(rename = "recordsFiltered")]
    pub records_filtered: i64,
}

/// Who may be picked for `column` (a user column the registry file limits with `[workflow.people]`): active users
/// meeting its rule for this record (its package, never its creator where the rule says so). 404 for a column
/// without a rule.
#[utoipa::path(get, path = "/api/data/{entry}/people/{column}", operation_id = "people_to_pick", tag = "data",
    params(("entry" = String, Path, description = "A registry entry with a workflow", example = "rfi"),
           ("column" = String, Path, description = "A user column with a `[workflow.people]` rule", example = "n_assigned_to"),
           PeopleQuery),
    responses(
        (status = 200, description = "The people who may be picked", body = PeopleAnswer),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound
    ))]
pub async fn candidates(
    caller: Caller,
    timing: Timing,
    path: web::Path<(String, String)>,
    query: web::Query<PeopleQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let (name, column) = path.into_inner();
    let run = Run::new(&state, &caller, &timing);
    let resolved = run.resolve(&name, Access::View)?;
    let entry = resolved.entry;
    let length = query.length.unwrap_or(DEFAULT_LENGTH).clamp(1, MAX_LENGTH);
    let client = state.pool.get().await?;
    // Only a record the caller may read says whose package and creator decide.
    let record = match query.record.as_deref().map(str::trim) {
        Some(id) if !id.is_empty() => Some(run.readable_key(&client, &resolved, id).await?),
        _ => None,
    };
    let context = PickContext {
        record,
        package: query.package,
        caller: caller.user_id,
    };
    let found = people::candidates(
        &client,
        entry,
        &column,
        &context,
        query.search.as_deref(),
        query.key,
        length,
    )
    .await?
    .ok_or_else(|| {
        ApiError::RecordNotFound(format!(
            "{} has no rule for who may be picked in `{}`",
            entry.title(),
            schema_registry::text::quote(&column)
        ))
    })?;
    Ok(HttpResponse::Ok().json(PeopleAnswer {
        result: "success",
        data: found.0,
        records_filtered: found.1,
    }))
}
