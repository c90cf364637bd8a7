//! `/api/admin/*`: the administration screens' calls. Users (create, edit, activate or deactivate, set a
//! password; a hash is never read) need the `/administration/manageusers` permission; route permissions (grant,
//! revoke, copy) need `/administration/userpermission`. Every change is in the audit log, in its transaction.

use crate::http::json_body::JsonBody;
use actix_web::{post, put, web, HttpResponse};
use deadpool_postgres::GenericClient;
use serde::Deserialize;
use serde_json::json;

use crate::auth::accounts::{self, taken};
use crate::auth::{cache, policy, session, Caller};
use crate::error::{ApiError, FieldError};
use crate::pipeline::audit;
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
    cfg.service(create_user)
        .service(edit_user)
        .service(activate)
        .service(deactivate)
        .service(set_password)
        .service(grant)
        .service(revoke)
        .service(copy);
}

fn require(caller: &Caller, route: &str) -> Result<(), ApiError> {
    if caller.holds(route) {
        Ok(())
    } else {
        Err(ApiError::Forbidden)
    }
}

fn done(message: &str, data: serde_json::Value) -> HttpResponse {
    HttpResponse::Ok().json(json!({"result": "success", "message": message, "data": data}))
}

fn invalid(fields: Vec<FieldError>) -> Result<(), ApiError> {
    if fields.is_empty() {
        Ok(())
    } else {
        Err(ApiError::Validation {
            message: "Please correct the highlighted fields".into(),
            fields,
        })
    }
}

async fn user_snapshot(
    client: &impl GenericClient,
    id: i64,
) -> Result<serde_json::Value, ApiError> {
    audit::snapshot(client, audit::USER_SNAPSHOT, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("user {id}")))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewUser {
    username: String,
    name: String,
    email: String,
    password: String,
    mobile: Option<String>,
    designation: Option<String>,
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
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::Conflict,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::Unavailable
    ))]
#[post("/admin/users")]
pub async fn create_user(
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<NewUser>,
) -> Result<HttpResponse, ApiError> {
    require(&caller, MANAGE_USERS)?;
    if body.superadmin && !caller.superadmin {
        return Err(ApiError::Forbidden);
    }
    let account = accounts::NewAccount {
        username: &body.username,
        name: &body.name,
        email: &body.email,
        mobile: body.mobile.as_deref(),
        designation: body.designation.as_deref(),
        password: &body.password,
        active: body.active,
        superadmin: body.superadmin,
    };
    invalid(account.problems())?;
    let mut client = state.pool.get().await?;
    let transaction = client.transaction().await?;
    let (_, after) = account
        .insert(&transaction, Some(caller.user_id), "create")
        .await?;
    transaction.commit().await?;
    Ok(done("Submitted Successfully", after))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct UserChanges {
    name: Option<String>,
    email: Option<String>,
    mobile: Option<String>,
    designation: Option<String>,
    superadmin: Option<bool>,
}

#[utoipa::path(put, path = "/api/admin/users/{id}", tag = "admin", params(("id" = i64, Path, description = "The user's id")), request_body = UserChanges,
    responses(
        (status = 200, description = "Updated", body = crate::http::responses::AdminReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Conflict,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::Unavailable
    ))]
#[put("/admin/users/{id}")]
pub async fn edit_user(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: JsonBody<UserChanges>,
) -> Result<HttpResponse, ApiError> {
    require(&caller, MANAGE_USERS)?;
    if body.superadmin.is_some() && !caller.superadmin {
        return Err(ApiError::Forbidden);
    }
    let id = id.into_inner();
    let mut client = state.pool.get().await?;
    let transaction = client.transaction().await?;
    let before = user_snapshot(&transaction, id).await?;
    let text = |key: &str| before.get(key).and_then(|v| v.as_str()).map(str::to_owned);
    let name = body
        .name
        .clone()
        .or_else(|| text("c_name"))
        .unwrap_or_default();
    let email = body
        .email
        .clone()
        .or_else(|| text("c_email"))
        .unwrap_or_default();
    let mobile = body.mobile.clone().or_else(|| text("c_mobile"));
    let designation = body.designation.clone().or_else(|| text("c_designation"));
    let username = text("c_username").unwrap_or_default();
    invalid(policy::account_problems(
        &username,
        &name,
        &email,
        mobile.as_deref(),
        designation.as_deref(),
    ))?;
    let superadmin: Option<i16> = body.superadmin.map(i16::from);
    transaction
        .execute(
            "UPDATE users SET c_name = $2, c_email = $3, c_mobile = $4, c_designation = $5,
                              n_superadmin = coalesce($6, n_superadmin)
             WHERE id = $1",
            &[
                &id,
                &name.trim(),
                &email.trim(),
                &mobile,
                &designation,
                &superadmin,
            ],
        )
        .await
        .map_err(taken)?;
    let after = user_snapshot(&transaction, id).await?;
    audit::record(
        &transaction,
        Some(caller.user_id),
        "users",
        &id.to_string(),
        "update",
        Some(&before),
        Some(&after),
    )
    .await?;
    cache::announce(&transaction, id).await?;
    transaction.commit().await?;
    state.sessions.forget_user(id);
    Ok(done("Updated Successfully", after))
}

async fn set_active(
    caller: &Caller,
    state: &AppState,
    id: i64,
    active: bool,
) -> Result<HttpResponse, ApiError> {
    require(caller, MANAGE_USERS)?;
    if !active && id == caller.user_id {
        return Err(ApiError::Conflict(
            "You cannot deactivate your own account".into(),
        ));
    }
    let mut client = state.pool.get().await?;
    let transaction = client.transaction().await?;
    let before = user_snapshot(&transaction, id).await?;
    let flag: i16 = active.into();
    transaction
        .execute(
            "UPDATE users SET n_active = $2 WHERE id = $1",
            &[&id, &flag],
        )
        .await?;
    if !active {
        session::revoke_all(&transaction, id).await?;
    }
    let after = user_snapshot(&transaction, id).await?;
    let action = if active { "activate" } else { "deactivate" };
    audit::record(
        &transaction,
        Some(caller.user_id),
        "users",
        &id.to_string(),
        action,
        Some(&before),
        Some(&after),
    )
    .await?;
    cache::announce(&transaction, id).await?;
    transaction.commit().await?;
    state.sessions.forget_user(id);
    Ok(done("Updated Successfully", after))
}

/// Approves a registration or reactivates an account.
#[utoipa::path(post, path = "/api/admin/users/{id}/activate", tag = "admin", params(("id" = i64, Path, description = "The user's id")), 
    responses(
        (status = 200, description = "Activated", body = crate::http::responses::AdminReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Unavailable
    ))]
#[post("/admin/users/{id}/activate")]
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
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::Unavailable
    ))]
#[post("/admin/users/{id}/deactivate")]
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
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::Unavailable
    ))]
#[post("/admin/users/{id}/password")]
pub async fn set_password(
    caller: Caller,
    state: web::Data<AppState>,
    id: web::Path<i64>,
    body: JsonBody<NewPassword>,
) -> Result<HttpResponse, ApiError> {
    require(&caller, MANAGE_USERS)?;
    let id = id.into_inner();
    let mut client = state.pool.get().await?;
    let transaction = client.transaction().await?;
    let before = user_snapshot(&transaction, id).await?;
    let username = before
        .get("c_username")
        .and_then(|v| v.as_str())
        .unwrap_or_default()
        .to_owned();
    accounts::change_password(
        &transaction,
        id,
        &username,
        &body.password,
        Some(caller.user_id),
        "set-password",
    )
    .await?;
    transaction.commit().await?;
    state.sessions.forget_user(id);
    Ok(done("Updated Successfully", json!({"id": id})))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct Routes {
    n_user_id: i64,
    routes: Vec<String>,
}

/// The navigation ids of `routes`; an unknown route is a 422 naming it.
async fn navigation_ids(
    client: &impl GenericClient,
    routes: &[String],
) -> Result<Vec<i64>, ApiError> {
    let rows = client
        .query(
            "SELECT c_route, id FROM navigation WHERE c_route = ANY($1)",
            &[&routes],
        )
        .await?;
    let known: Vec<String> = rows
        .iter()
        .map(|r| r.try_get::<_, String>(0))
        .collect::<Result<_, _>>()?;
    let unknown: Vec<FieldError> = routes
        .iter()
        .filter(|route| !known.contains(route))
        .map(|route| FieldError::new("routes", format!("`{route}` is not a console route")))
        .collect();
    invalid(unknown)?;
    Ok(rows
        .iter()
        .map(|r| r.try_get::<_, i64>(1))
        .collect::<Result<_, _>>()?)
}

async fn change_permissions(
    caller: &Caller,
    state: &AppState,
    user_id: i64,
    action: &str,
    change: impl AsyncFnOnce(&deadpool_postgres::Transaction<'_>) -> Result<(), ApiError>,
) -> Result<HttpResponse, ApiError> {
    require(caller, USER_PERMISSION)?;
    let mut client = state.pool.get().await?;
    let transaction = client.transaction().await?;
    user_snapshot(&transaction, user_id).await?;
    let before = audit::snapshot(&transaction, audit::PERMISSIONS_SNAPSHOT, user_id).await?;
    change(&transaction).await?;
    let after = audit::snapshot(&transaction, audit::PERMISSIONS_SNAPSHOT, user_id).await?;
    audit::record(
        &transaction,
        Some(caller.user_id),
        "user_permission_nav",
        &user_id.to_string(),
        action,
        before.as_ref(),
        after.as_ref(),
    )
    .await?;
    cache::announce(&transaction, user_id).await?;
    transaction.commit().await?;
    state.sessions.forget_user(user_id);
    Ok(done(
        "Updated Successfully",
        json!({"n_user_id": user_id, "routes": after}),
    ))
}

/// Grants several routes at once (already held ones are left as they are).
#[utoipa::path(post, path = "/api/admin/permissions/grant", tag = "admin",  request_body = Routes,
    responses(
        (status = 200, description = "Granted (needs /administration/userpermission)", body = crate::http::responses::AdminReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::Unavailable
    ))]
#[post("/admin/permissions/grant")]
pub async fn grant(
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<Routes>,
) -> Result<HttpResponse, ApiError> {
    let actor = caller.user_id;
    change_permissions(
        &caller,
        &state,
        body.n_user_id,
        "grant",
        async |transaction| {
            let ids = navigation_ids(transaction, &body.routes).await?;
            transaction
                .execute(
                    "INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by)
                 SELECT $1, unnest($2::int8[]), $3 ON CONFLICT (n_user_id, n_nav_id) DO NOTHING",
                    &[&body.n_user_id, &ids, &actor],
                )
                .await?;
            Ok(())
        },
    )
    .await
}

#[utoipa::path(post, path = "/api/admin/permissions/revoke", tag = "admin",  request_body = Routes,
    responses(
        (status = 200, description = "Revoked", body = crate::http::responses::AdminReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::Unavailable
    ))]
#[post("/admin/permissions/revoke")]
pub async fn revoke(
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<Routes>,
) -> Result<HttpResponse, ApiError> {
    change_permissions(
        &caller,
        &state,
        body.n_user_id,
        "revoke",
        async |transaction| {
            let ids = navigation_ids(transaction, &body.routes).await?;
            transaction
                .execute(
                    "DELETE FROM user_permission_nav WHERE n_user_id = $1 AND n_nav_id = ANY($2)",
                    &[&body.n_user_id, &ids],
                )
                .await?;
            Ok(())
        },
    )
    .await
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
        crate::http::responses::Unauthorized,
        crate::http::responses::Forbidden,
        crate::http::responses::NotFound,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::Unavailable
    ))]
#[post("/admin/permissions/copy")]
pub async fn copy(
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<Copy>,
) -> Result<HttpResponse, ApiError> {
    let actor = caller.user_id;
    change_permissions(
        &caller,
        &state,
        body.to_user_id,
        "copy",
        async |transaction| {
            if body.replace {
                transaction
                    .execute(
                        "DELETE FROM user_permission_nav WHERE n_user_id = $1",
                        &[&body.to_user_id],
                    )
                    .await?;
            }
            transaction
                .execute(
                    "INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by)
                 SELECT $2, n_nav_id, $3 FROM user_permission_nav WHERE n_user_id = $1
                 ON CONFLICT (n_user_id, n_nav_id) DO NOTHING",
                    &[&body.from_user_id, &body.to_user_id, &actor],
                )
                .await?;
            Ok(())
        },
    )
    .await
}
