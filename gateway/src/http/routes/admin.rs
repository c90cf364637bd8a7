//! `/api/admin/*`: the administration screens' calls. Users (create, edit, activate or deactivate, set a
//! password) need the `/administration/manageusers` permission; route permissions (grant, revoke, copy) need
//! `/administration/userpermission`. Thin: the services are `auth::users` and `auth::permissions`.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::{from_fn, Next};
use actix_web::{post, put, web, HttpResponse, ResponseError};
use serde::Deserialize;
use serde_json::json;

use crate::auth::accounts::NewAccount;
use crate::auth::users::{self, UserChanges as Changes};
use crate::auth::{permissions, Caller};
use crate::error::ApiError;
use crate::http::json_body::JsonBody;
use crate::pipeline::authorise;
use crate::state::AppState;

pub const MANAGE_USERS: &str = "/administration/manageusers";
pub const USER_PERMISSION: &str = "/administration/userpermission";

#[derive(utoipa::OpenApi)]
#[openapi(paths(
    create_user,
    edit_user,
    activate,
    deactivate,
    set_password,
    grant,
    revoke,
    copy
))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    // The screen's permission is checked before anything of the request is read: a caller without it gets 403,
    // never a validation answer about a body they may not send.
    cfg.service(
        web::scope("/admin/users")
            .wrap(from_fn(require_manage_users))
            .service(create_user)
            .service(edit_user)
            .service(activate)
            .service(deactivate)
            .service(set_password),
    )
    .service(
        web::scope("/admin/permissions")
            .wrap(from_fn(require_user_permission))
            .service(grant)
            .service(revoke)
            .service(copy),
    );
}

async fn require_manage_users(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    require_screen(MANAGE_USERS, request, next).await
}

async fn require_user_permission(
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    require_screen(USER_PERMISSION, request, next).await
}

async fn require_screen(
    route: &str,
    request: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let allowed =
        Caller::of(request.request()).and_then(|caller| authorise::screen(&caller, route));
    match allowed {
        Ok(()) => Ok(next.call(request).await?.map_into_boxed_body()),
        Err(error) => Ok(request.into_response(error.error_response())),
    }
}

fn done(message: &str, data: serde_json::Value) -> HttpResponse {
    HttpResponse::Ok().json(json!({"result": "success", "message": message, "data": data}))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewUser {
    username: String,
    name: String,
    email: String,
    password: String,
    mobile: Option<String>,
    designation: Option<String>,
    /// The organisation the person works for (`organization` id): its side decides what they may be picked for.
    organization: Option<i64>,
    #[serde(default = "yes")]
    active: bool,
    #[serde(default)]
    superadmin: bool,
}

fn yes() -> bool {
    true
}

#[utoipa::path(post, path = "/api/admin/users", tag = "admin",  request_body = NewUser,
    responses(
        (status = 200, description = "Created (needs /administration/manageusers)", body = crate::http::responses::AdminReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::Conflict,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid
    ))]
#[post("")]
pub async fn create_user(
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<NewUser>,
) -> Result<HttpResponse, ApiError> {
    let account = NewAccount {
        username: &body.username,
        name: &body.name,
        email: &body.email,
        mobile: body.mobile.as_deref(),
        designation: body.designation.as_deref(),
        organization: body.organization,
        password: &body.password,
        active: body.active,
        superadmin: body.superadmin,
    };
    let after = users::create(&state.pool, &caller, &account).await?;
    Ok(done("Submitted Successfully", after))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct UserChanges {
    name: Option<String>,
    email: Option<String>,
    mobile: Option<String>,
    designation: Option<String>,
    superadmin: Option<bool>,
    /// The organisation's id; `null` takes the person out of any; left out keeps it.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>)]
    organization: Option<Option<i64>>,
    /// Copies and due-date reminders as one digest a day (the person's own Mail preferences).
    mail_digest: Option<bool>,
}

/// A member that is present (even as `null`) is `Some`; one left out stays `None` (the default).
fn present<'de, D>(deserializer: D) -> Result<Option<Option<i64>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    Option::<i64>::deserialize(deserializer).map(Some)
}

#[utoipa::path(put, path = "/api/admin/users/{id}", tag = "admin", params(("id" = i64, Path, description = "The user's id")), request_body = UserChanges,
    responses(
        (status = 200, description = "Updated", body = crate::http::responses::AdminReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Conflict,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid
    ))]
#[put("/{id}")]
pub async fn edit_user(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: JsonBody<UserChanges>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let changes = Changes {
        name: body.name.as_deref(),
        email: body.email.as_deref(),
        mobile: body.mobile.as_deref(),
        designation: body.designation.as_deref(),
        superadmin: body.superadmin,
        organization: body.organization,
        mail_digest: body.mail_digest,
    };
    let after = users::edit(&state.pool, &caller, id, &changes).await?;
    state.sessions.forget_user(id);
    Ok(done("Updated Successfully", after))
}

async fn set_active(
    caller: &Caller,
    state: &AppState,
    id: i64,
    active: bool,
) -> Result<HttpResponse, ApiError> {
    let after = users::set_active(&state.pool, caller, id, active).await?;
    state.sessions.forget_user(id);
    Ok(done("Updated Successfully", after))
}

/// Approves a registration or reactivates an account.
#[utoipa::path(post, path = "/api/admin/users/{id}/activate", tag = "admin", params(("id" = i64, Path, description = "The user's id")), 
    responses(
        (status = 200, description = "Activated", body = crate::http::responses::AdminReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound
    ))]
#[post("/{id}/activate")]
pub async fn activate(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    set_active(&caller, &state, id.into_inner(), true).await
}

/// Deactivates an account and ends its sessions at once.
#[utoipa::path(post, path = "/api/admin/users/{id}/deactivate", tag = "admin", params(("id" = i64, Path, description = "The user's id")), 
    responses(
        (status = 200, description = "Deactivated; its sessions ended", body = crate::http::responses::AdminReply),
        (status = 409, description = "One's own account cannot be deactivated", body = crate::error::ErrorBody),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound
    ))]
#[post("/{id}/deactivate")]
pub async fn deactivate(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    set_active(&caller, &state, id.into_inner(), false).await
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewPassword {
    password: String,
}

#[utoipa::path(post, path = "/api/admin/users/{id}/password", tag = "admin", params(("id" = i64, Path, description = "The user's id")), request_body = NewPassword,
    responses(
        (status = 200, description = "Password set; sessions ended", body = crate::http::responses::AdminReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid
    ))]
#[post("/{id}/password")]
pub async fn set_password(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: JsonBody<NewPassword>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    users::set_password(&state.pool, &caller, id, &body.password).await?;
    state.sessions.forget_user(id);
    Ok(done("Updated Successfully", json!({"id": id})))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct Routes {
    n_user_id: i64,
    routes: Vec<String>,
    /// For a grant: what the routes allow beyond opening (default every action, keeping the actions of routes
    /// already held); given, every route named gets exactly these.
    actions: Option<crate::auth::caller::Actions>,
}

/// The answer of a permission change: the user and the routes they hold now.
fn permissions_changed(
    state: &AppState,
    user_id: i64,
    after: Option<serde_json::Value>,
) -> HttpResponse {
    state.sessions.forget_user(user_id);
    let actions = after.unwrap_or_else(|| json!({}));
    let mut routes: Vec<&String> = actions
        .as_object()
        .map(|held| held.keys().collect())
        .unwrap_or_default();
    routes.sort();
    done(
        "Updated Successfully",
        json!({"n_user_id": user_id, "routes": routes, "actions": actions}),
    )
}

/// Grants several routes at once, with the actions given (default every action; routes already held then keep
/// theirs).
#[utoipa::path(post, path = "/api/admin/permissions/grant", tag = "admin",  request_body = Routes,
    responses(
        (status = 200, description = "Granted (needs /administration/userpermission)", body = crate::http::responses::AdminReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid
    ))]
#[post("/grant")]
pub async fn grant(
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<Routes>,
) -> Result<HttpResponse, ApiError> {
    let after = permissions::grant(
        &state.pool,
        &caller,
        body.n_user_id,
        &body.routes,
        body.actions,
    )
    .await?;
    Ok(permissions_changed(&state, body.n_user_id, after))
}

#[utoipa::path(post, path = "/api/admin/permissions/revoke", tag = "admin",  request_body = Routes,
    responses(
        (status = 200, description = "Revoked", body = crate::http::responses::AdminReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid
    ))]
#[post("/revoke")]
pub async fn revoke(
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<Routes>,
) -> Result<HttpResponse, ApiError> {
    let after = permissions::revoke(&state.pool, &caller, body.n_user_id, &body.routes).await?;
    Ok(permissions_changed(&state, body.n_user_id, after))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct Copy {
    from_user_id: i64,
    to_user_id: i64,
    /// Replace the target's permissions (default) or add to them.
    #[serde(default = "yes")]
    replace: bool,
}

/// Gives one user the same route permissions as another.
#[utoipa::path(post, path = "/api/admin/permissions/copy", tag = "admin",  request_body = Copy,
    responses(
        (status = 200, description = "Copied", body = crate::http::responses::AdminReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid
    ))]
#[post("/copy")]
pub async fn copy(
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<Copy>,
) -> Result<HttpResponse, ApiError> {
    let after = permissions::copy(
        &state.pool,
        &caller,
        body.from_user_id,
        body.to_user_id,
        body.replace,
    )
    .await?;
    Ok(permissions_changed(&state, body.to_user_id, after))
}
