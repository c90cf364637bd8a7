//! `/api/auth/*`: sign-in, logout, registration, password reset, the lock screen, and who am I (docs/console.md
//! §2, §4, §7). Thin: each handler reads the request and calls a service of `crate::auth`.

use actix_web::{get, post, put, web, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use crate::auth::recovery;
use crate::auth::registration::{self, Registered, Registration};
use crate::auth::signin::{change_own_password, sign_in, unlock as unlock_screen};
use crate::auth::{profile, session, Caller, Origin};
use crate::error::ApiError;
use crate::http::json_body::JsonBody;
use crate::pipeline::compile;
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(
    signin,
    logout,
    register,
    forgot,
    reset,
    lock,
    unlock,
    me,
    mail_preferences,
    change_password
))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(signin)
        .service(logout)
        .service(register)
        .service(forgot)
        .service(reset)
        .service(lock)
        .service(unlock)
        .service(me)
        .service(mail_preferences)
        .service(change_password);
}

fn success(message: &str) -> HttpResponse {
    HttpResponse::Ok().json(json!({"result": "success", "message": message}))
}

fn failed(message: &str) -> HttpResponse {
    HttpResponse::Ok().json(json!({"result": "failed", "message": message}))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"username": "admin", "password": "Admin@123"}))]
pub struct SignIn {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
    /// The device signing in (the field forms send the phone's ID): registered for this user and active in
    /// `/administration/deviceregistration`, the session lasts `FIELD_DEVICE_SESSION_DAYS` and ends when the
    /// device is deactivated.
    device_id: Option<String>,
}

/// Sign in with a username (or e-mail) and password; the answer's accessToken goes in `x-access-token`.
#[utoipa::path(post, path = "/api/auth/signin", tag = "auth", security(()), request_body = SignIn,
    responses(
        (status = 200, description = "Signed in", body = crate::auth::signin::SignedIn),
        crate::http::responses::BadRequest,
        crate::http::responses::UnsupportedMediaType,
        (status = 401, description = "Wrong username or password, or an inactive account", body = crate::error::ErrorBody),
        (status = 422, description = "Username or password missing", body = crate::error::ErrorBody),
        crate::http::responses::TooManyAttempts
    ))]
#[post("/auth/signin")]
pub async fn signin(
    origin: Origin,
    state: web::Data<AppState>,
    body: JsonBody<SignIn>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let signed_in = sign_in(
        &state.pool,
        session::Lengths::of(&state.auth),
        &body.username,
        &body.password,
        body.device_id.as_deref(),
        &origin,
    )
    .await?;
    Ok(HttpResponse::Ok().json(signed_in))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct Logout {
    n_user_id: i64,
    c_token: String,
}

/// docs/console.md §7: `{n_user_id, c_token}` → `{result, message}`; the token stops working at once.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", request_body = Logout,
    responses(
        (status = 200, description = "`result` says whether the session ended", body = crate::http::responses::Outcome),
        crate::http::responses::BadRequest,
        crate::http::responses::UnsupportedMediaType
    ))]
#[post("/auth/logout")]
pub async fn logout(
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<Logout>,
) -> Result<HttpResponse, ApiError> {
    if body.n_user_id != caller.user_id && !caller.superadmin {
        return Ok(failed("That session is not yours"));
    }
    let client = state.pool.get().await?;
    if session::revoke(&client, body.c_token.trim(), body.n_user_id).await? {
        state.sessions.forget_user(body.n_user_id);
        Ok(success("Logged out"))
    } else {
        Ok(failed("No such session; it may have ended already"))
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct Register {
    #[serde(default)]
    username: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    mobile: Option<String>,
    designation: Option<String>,
    /// The one-time setup token the gateway printed at start (first superadmin only).
    setup_token: Option<String>,
}

/// A new account, inactive until an administrator approves it (the configured superadmin address, when no
/// superadmin exists yet, is the exception: it becomes the first superadmin).
#[utoipa::path(post, path = "/api/auth/register", tag = "auth", security(()), request_body = Register,
    responses(
        (status = 201, description = "Received, the same whether or not the address already has an account (its owner is told by mail); an administrator activates the account", body = crate::http::responses::Outcome),
        crate::http::responses::BadRequest,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::TooManyRequests
    ))]
#[post("/auth/register")]
pub async fn register(
    origin: Origin,
    state: web::Data<AppState>,
    body: JsonBody<Register>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let registered = registration::register(
        &state.pool,
        state.auth.superadmin_email.as_deref(),
        &state.auth.public_url,
        &Registration {
            username: &body.username,
            name: &body.name,
            email: &body.email,
            password: &body.password,
            mobile: body.mobile.as_deref(),
            designation: body.designation.as_deref(),
            setup_token: body.setup_token.as_deref(),
        },
        &origin,
    )
    .await?;
    let message = match registered {
        Registered::FirstSuperadmin => "Registered as the first superadmin; you can sign in now",
        Registered::Received => {
            "Registration received. An administrator will approve your account before you can sign in"
        }
    };
    Ok(HttpResponse::Created().json(json!({"result": "success", "message": message})))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct Forgot {
    #[serde(default)]
    email: String,
}

/// Always the same answer, whether or not the address has an account.
#[utoipa::path(post, path = "/api/auth/forgot", tag = "auth", security(()), request_body = Forgot,
    responses(
        (status = 200, description = "The same answer whether or not the address has an account; a reset link is mailed when it does", body = crate::http::responses::Outcome),
        crate::http::responses::BadRequest,
        crate::http::responses::TooManyRequests,
        crate::http::responses::UnsupportedMediaType
    ))]
#[post("/auth/forgot")]
pub async fn forgot(
    origin: Origin,
    state: web::Data<AppState>,
    body: JsonBody<Forgot>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    recovery::request_reset(&state.pool, &state.auth.public_url, &body.email, &origin).await?;
    Ok(success(
        "If the address belongs to an account, a link to choose a new password has been sent to it",
    ))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct Reset {
    #[serde(default)]
    token: String,
    #[serde(default)]
    password: String,
}

#[utoipa::path(post, path = "/api/auth/reset", tag = "auth", security(()), request_body = Reset,
    responses(
        (status = 200, description = "Password changed; every session of the account ended", body = crate::http::responses::Outcome),
        crate::http::responses::BadRequest,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid
    ))]
#[post("/auth/reset")]
pub async fn reset(
    state: web::Data<AppState>,
    body: JsonBody<Reset>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let user_id = recovery::reset_password(&state.pool, &body.token, &body.password).await?;
    state.sessions.forget_user(user_id);
    Ok(success(
        "Your password has been changed; sign in with the new one",
    ))
}

/// The lock screen: from now until the password is typed again, this session answers only unlock, logout and
/// who-am-I (423 for anything else), on every replica.
#[utoipa::path(post, path = "/api/auth/lock", tag = "auth",
    responses(
        (status = 200, description = "Locked", body = crate::http::responses::Outcome)
    ))]
#[post("/auth/lock")]
pub async fn lock(caller: Caller, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let client = state.pool.get().await?;
    session::set_locked(&client, caller.session_id, caller.user_id, true).await?;
    state.sessions.forget_user(caller.user_id);
    Ok(success("Locked"))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct Unlock {
    #[serde(default)]
    password: String,
}

/// The lock screen: the signed-in user types the password again. Failures count toward the sign-in lock.
#[utoipa::path(post, path = "/api/auth/unlock", tag = "auth", request_body = Unlock,
    responses(
        (status = 200, description = "Unlocked", body = crate::http::responses::Outcome),
        (status = 422, description = "The password is not correct", body = crate::error::ErrorBody),
        crate::http::responses::BadRequest,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::TooManyAttempts
    ))]
#[post("/auth/unlock")]
pub async fn unlock(
    origin: Origin,
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<Unlock>,
) -> Result<HttpResponse, ApiError> {
    unlock_screen(&state.pool, &caller, &body.password, &origin).await?;
    state.sessions.forget_user(caller.user_id);
    Ok(success("Unlocked"))
}

/// The user, the routes they hold, their navigation tree, and every screen of the console.
#[utoipa::path(get, path = "/api/auth/me", tag = "auth",
    responses(
        (status = 200, description = "The signed-in user, their routes and navigation, and the screen catalogue", body = crate::auth::profile::Me)
    ))]
#[get("/auth/me")]
pub async fn me(caller: Caller, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let screens = compile::screen_routes(&state.registry);
    Ok(HttpResponse::Ok().json(profile::me(&state.pool, &caller, screens).await?))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"mail_digest": true}))]
pub struct MailPreferences {
    /// `true`: copies (of hand-offs to others, of a record's distribution) and due-date reminders are kept for one
    /// digest a day (at `DIGEST_HOUR`) instead of a mail each; `false`: each comes at once.
    mail_digest: bool,
}

/// The signed-in user's own mail choice. The mail saying that a record now waits on them always comes at once.
#[utoipa::path(put, path = "/api/auth/me/mail", tag = "auth", request_body = MailPreferences,
    responses(
        (status = 200, description = "Saved", body = crate::http::responses::Outcome),
        crate::http::responses::BadRequest,
        crate::http::responses::UnsupportedMediaType
    ))]
#[put("/auth/me/mail")]
pub async fn mail_preferences(
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<MailPreferences>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    profile::set_mail_digest(&state.pool, &caller, body.mail_digest).await?;
    Ok(success(if body.mail_digest {
        "Saved: copies and reminders come as one digest a day"
    } else {
        "Saved: copies and reminders come as they happen"
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"current_password": "Viewer@123", "new_password": "Pier.Cap@2026"}))]
pub struct PasswordChange {
    #[serde(default)]
    current_password: String,
    #[serde(default)]
    new_password: String,
}

/// The signed-in user changes their own password (the profile page). A wrong current password is a 422 under
/// `current_password` and counts toward the sign-in lock (429 after too many); the policy's problems are a 422
/// under `new_password`. Every other session of the user ends; the caller's stays.
#[utoipa::path(post, path = "/api/auth/me/password", tag = "auth", request_body = PasswordChange,
    responses(
        (status = 200, description = "Password changed", body = crate::http::responses::Outcome),
        crate::http::responses::BadRequest,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::TooManyAttempts
    ))]
#[post("/auth/me/password")]
pub async fn change_password(
    origin: Origin,
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<PasswordChange>,
) -> Result<HttpResponse, ApiError> {
    change_own_password(
        &state.pool,
        &caller,
        &body.current_password,
        &body.new_password,
        &origin,
    )
    .await?;
    state.sessions.forget_user(caller.user_id);
    Ok(success("Password changed"))
}
