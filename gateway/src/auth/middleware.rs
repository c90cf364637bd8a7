//! Every `/api` path needs a signed-in caller except an explicit list of public ones (health, the API document,
//! and the way to a session). The decision is made on the percent-decoded path the router matches, so no
//! spelling of a path reaches a handler without a session; an unknown path needs one too. The middleware
//! resolves the token once per request and attaches the [`Caller`](super::Caller); handlers read it with
//! `Caller::of`.

use std::sync::Arc;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, ResponseError};

use crate::base::timing::{Stage, Timing};
use crate::error::ApiError;
use crate::state::AppState;

use super::{session, token};

/// Paths open without a session: health for monitors, and the way to a session.
const PUBLIC: &[&str] = &[
    "/api/health",
    "/api/openapi.json",
    "/api/auth/signin",
    "/api/auth/register",
    "/api/auth/forgot",
    "/api/auth/reset",
];

pub async fn require_session(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if is_public(request.match_info().as_str()) {
        return Ok(next.call(request).await?.map_into_boxed_body());
    }
    let timing = Timing::of(request.request());
    let path = request.match_info().as_str().to_owned();
    let resolved = timing
        .time_async(Stage::Authorise, caller_of(&request))
        .await
        .and_then(|caller| {
            if caller.locked && !OPEN_WHILE_LOCKED.contains(&path.as_str()) {
                Err(ApiError::SessionLocked)
            } else {
                Ok(caller)
            }
        });
    match resolved {
        Ok(caller) => {
            request.extensions_mut().insert(caller);
            Ok(next.call(request).await?.map_into_boxed_body())
        }
        Err(error) => Ok(request.into_response(error.error_response())),
    }
}

/// What a locked session may still ask (docs/console.md §2 lock screen): to unlock, to sign out, who it is.
const OPEN_WHILE_LOCKED: &[&str] = &["/api/auth/unlock", "/api/auth/logout", "/api/auth/me"];

/// Whether `path`, as the router decoded it, is open without a session.
fn is_public(path: &str) -> bool {
    PUBLIC.contains(&path)
}

async fn caller_of(request: &ServiceRequest) -> Result<Arc<super::Caller>, ApiError> {
    let Some(token) = token::from_headers(request.headers()) else {
        return Err(ApiError::Unauthorized(
            "sign in first: this call needs an access token",
        ));
    };
    let state = request
        .app_data::<web::Data<AppState>>()
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("application state missing")))?;
    state.ensure_ready()?;
    let hash = token::hash(&token);
    if let Some(caller) = state.sessions.get(&hash) {
        return Ok(caller);
    }
    let epoch = state.sessions.epoch();
    let client = state.pool.get().await?;
    let caller = Arc::new(
        session::resolve(&client, &token, session::Lengths::of(&state.auth))
            .await?
            .ok_or(ApiError::Unauthorized(
                "the session has ended; sign in again",
            ))?,
    );
    state.sessions.put(epoch, hash, &caller);
    Ok(caller)
}
