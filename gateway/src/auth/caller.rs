//! Who is calling: the signed-in user the session middleware resolved, with the routes they hold.

use std::collections::HashSet;
use std::sync::Arc;

use actix_web::{FromRequest, HttpMessage, HttpRequest};

use crate::error::ApiError;

/// The signed-in user behind a request, with the routes they hold a permission for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    pub user_id: i64,
    pub session_id: i64,
    pub username: String,
    pub name: String,
    pub email: String,
    pub superadmin: bool,
    /// The routes of the caller's permission rows (empty for superadmins, who hold every route).
    pub routes: HashSet<String>,
    /// The session is on the lock screen: it may only unlock, sign out or ask who it is.
    pub locked: bool,
}

impl Caller {
    /// Whether the caller may open `route` (docs/console.md §6: a permission row, or superadmin).
    pub fn holds(&self, route: &str) -> bool {
        self.superadmin || self.routes.contains(route)
    }

    /// The caller the authentication middleware attached to the request (401 when there is none). Shared, not
    /// copied: the data endpoints read it on every request.
    pub fn of(request: &HttpRequest) -> Result<Arc<Caller>, ApiError> {
        request
            .extensions()
            .get::<Arc<Caller>>()
            .cloned()
            .ok_or(ApiError::Unauthorized("sign in first"))
    }
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Caller, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(Caller::of(request).map(|caller| Caller::clone(&caller)))
    }
}
