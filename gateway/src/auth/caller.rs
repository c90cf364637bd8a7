//! Who is calling: the signed-in user the session middleware resolved, with the routes they hold.

use std::collections::HashMap;
use std::sync::Arc;

use actix_web::{FromRequest, HttpMessage, HttpRequest};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// What one may do on a page beyond opening it (a permission row's flags).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Actions {
    pub create: bool,
    pub update: bool,
    pub delete: bool,
    pub export: bool,
}

impl Actions {
    pub const ALL: Actions = Actions {
        create: true,
        update: true,
        delete: true,
        export: true,
    };

    pub fn allows(self, action: Action) -> bool {
        match action {
            Action::View => true,
            Action::Create => self.create,
            Action::Update => self.update,
            Action::Delete => self.delete,
            Action::Export => self.export,
        }
    }

    /// `cude` flags as `1`/`0` characters (how the session query returns them).
    pub fn from_flags(flags: &str) -> Actions {
        let mut bits = flags.chars().map(|c| c == '1');
        let mut next = || bits.next().unwrap_or(false);
        Actions {
            create: next(),
            update: next(),
            delete: next(),
            export: next(),
        }
    }
}

/// One thing a caller does with a page's records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    View,
    Create,
    Update,
    Delete,
    Export,
}

impl Action {
    pub fn verb(self) -> &'static str {
        match self {
            Action::View => "view",
            Action::Create => "create",
            Action::Update => "update",
            Action::Delete => "delete",
            Action::Export => "export",
        }
    }
}

/// The signed-in user behind a request, with the routes they hold a permission for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    pub user_id: i64,
    pub session_id: i64,
    pub username: String,
    pub name: String,
    pub email: String,
    pub superadmin: bool,
    /// The routes of the caller's permission rows, with what each allows (empty for superadmins, who may do
    /// everything everywhere).
    pub routes: HashMap<String, Actions>,
    /// The session is on the lock screen: it may only unlock, sign out or ask who it is.
    pub locked: bool,
    /// The caller's organisation (`users.n_organization`): `:org_id` of a register's `readers_see`.
    pub organization: Option<i64>,
}

impl Caller {
    /// The caller as a register's `readers_see` names them.
    pub fn reader(&self) -> schema_registry::readers::Reader {
        schema_registry::readers::Reader {
            user_id: self.user_id,
            organization: self.organization,
        }
    }

    /// Whether the caller may open `route` (docs/console.md §6: a permission row, or superadmin).
    pub fn holds(&self, route: &str) -> bool {
        self.superadmin || self.routes.contains_key(route)
    }

    /// Whether the caller may do `action` on the page at `route`.
    pub fn may(&self, route: &str, action: Action) -> bool {
        self.superadmin
            || self
                .routes
                .get(route)
                .is_some_and(|actions| actions.allows(action))
    }

    /// What the caller may do at `route` (everything for superadmins; nothing without a row).
    pub fn actions(&self, route: &str) -> Option<Actions> {
        if self.superadmin {
            Some(Actions::ALL)
        } else {
            self.routes.get(route).copied()
        }
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
