//! The console header's calls (SPEC §2, §7): `GET /api/custom/pendinglist?user_id=` (documents waiting for the
//! user, grouped by register) and `GET /api/custom/cmnmsg` (the ribbon's banner messages).

use actix_web::http::header::{HeaderValue, CONTENT_TYPE};
use actix_web::{get, web, HttpRequest, HttpResponse};
use schema_registry::{compile_filter, FilterLimits, ReadQuery};
use serde::{Deserialize, Serialize};

use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::execute::{self, internal};
use crate::state::AppState;

/// Documents listed per register at most (the modal is a reminder, not a register).
const PENDING_LIMIT: u64 = 200;

#[derive(utoipa::OpenApi)]
#[openapi(paths(pendinglist, cmnmsg))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(pendinglist).service(cmnmsg);
}

#[derive(Debug, Deserialize)]
struct PendingQuery {
    #[serde(default)]
    user_id: Option<String>,
}

/// One register's pending documents: its title, its screen, and `{id, c_doc_no}` per document, the id an opaque
/// reference (see `reference.rs`) that the record endpoints and the screen accept.
#[derive(Debug, Serialize)]
struct PendingGroup {
    title: String,
    url: Option<String>,
    data: Vec<PendingDocument>,
}

#[derive(Debug, Serialize)]
struct PendingDocument {
    id: String,
    c_doc_no: Option<String>,
}

/// Documents waiting for the user, one group per register with a pending rule.
#[utoipa::path(get, path = "/api/custom/pendinglist", tag = "console",
    params(("user_id" = Option<i64>, Query, description = "The signed-in user (another user: superadmins only)")),
    responses(
        (status = 200, description = "The groups", body = Vec<crate::http::responses::PendingGroup>),
        crate::http::responses::BadRequest,
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::Unavailable
    ))]
#[get("/custom/pendinglist")]
pub async fn pendinglist(
    http: HttpRequest,
    query: web::Query<PendingQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let caller = Caller::of(&http)?;
    let user_id = match query
        .user_id
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty())
    {
        None => caller.user_id,
        Some(text) => text.parse::<i64>().map_err(|_| {
            ApiError::BadRequest(format!(
                "user_id must be a user's number, not `{}`",
                text.chars().take(40).collect::<String>()
            ))
        })?,
    };
    if user_id != caller.user_id && !caller.superadmin {
        return Err(ApiError::ForbiddenRecord(
            "you can only see your own pending documents".into(),
        ));
    }
    let client = state.pool.get().await?;
    let mut groups = Vec::new();
    for entry in state.registry.entries() {
        let Some(rule) = &entry.def.pending_for_user else {
            continue;
        };
        let filter = rule.filter.replace(":user_id", &user_id.to_string());
        let compiled = compile_filter(entry, &filter, &FilterLimits::default()).map_err(|e| {
            ApiError::Internal(anyhow::anyhow!(
                "pending_for_user of {} does not compile: {e}",
                entry.name
            ))
        })?;
        let pk = entry.primary_key();
        let doc_no = entry.readable_column(&rule.doc_no_column).ok_or_else(|| {
            ApiError::Internal(anyhow::anyhow!("{}: no doc_no column", entry.name))
        })?;
        let mut read = ReadQuery::new(entry, vec![pk, doc_no]);
        if let Some(condition) = compiled.condition {
            read.and_where(condition);
        }
        read.limit = Some(PENDING_LIMIT);
        let sql = read.select_text_sql().map_err(internal)?;
        let rows = execute::query(&client, &sql).await?;
        let mut data = Vec::with_capacity(rows.len());
        for row in rows {
            let key: String = row.try_get(0)?;
            let id = key.parse::<i64>().map_err(internal)?;
            data.push(PendingDocument {
                id: state.references.encode(&entry.name, id)?,
                c_doc_no: row.try_get(1)?,
            });
        }
        groups.push(PendingGroup {
            title: entry.title().to_owned(),
            url: entry.def.routes.first().cloned(),
            data,
        });
    }
    Ok(HttpResponse::Ok().json(groups))
}

/// The active banner messages in their order: `[{id, c_val}]`.
#[utoipa::path(get, path = "/api/custom/cmnmsg", tag = "console",
    responses(
        (status = 200, description = "The active banner messages in order", body = Vec<crate::http::responses::BannerMessage>),
        crate::http::responses::Unauthorized,
        crate::http::responses::Unavailable
    ))]
#[get("/custom/cmnmsg")]
pub async fn cmnmsg(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let client = state.pool.get().await?;
    let statement = client
        .prepare_cached(
            "SELECT coalesce(json_agg(json_build_object('id', id, 'c_val', c_val) ORDER BY n_sort_order, id), '[]')::text
             FROM common_message WHERE n_active = 1",
        )
        .await?;
    let body: String = client.query_one(&statement, &[]).await?.try_get(0)?;
    Ok(HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, HeaderValue::from_static("application/json")))
        .body(body))
}
