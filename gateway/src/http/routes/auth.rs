//! `/api/auth/*`: sign-in, logout, registration, password reset, the lock screen, and who am I (SPEC §2, §4, §7).

use crate::http::json_body::JsonBody;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use deadpool_postgres::GenericClient;
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::auth::password;
use crate::auth::{accounts, navigation, policy, session, throttle, token, Caller};
use crate::console::mail::{self, Purpose};
use crate::error::{ApiError, FieldError};
use crate::state::AppState;

/// One message for every wrong username/password combination: which part was wrong is not revealed.
const WRONG_CREDENTIALS: &str = "The username or password is not correct";
const RESET_MINUTES: i32 = 30;

#[derive(utoipa::OpenApi)]
#[openapi(paths(signin, logout, register, forgot, reset, unlock, me))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(signin)
        .service(logout)
        .service(register)
        .service(forgot)
        .service(reset)
        .service(unlock)
        .service(me);
}

/// The client's address as the socket sees it (forwarding headers are not trusted: they are client-chosen).
pub fn client_ip(http: &HttpRequest) -> Option<String> {
    http.peer_addr().map(|address| address.ip().to_string())
}

fn user_agent(http: &HttpRequest) -> Option<&str> {
    http.headers()
        .get("user-agent")
        .and_then(|value| value.to_str().ok())
}

fn success(message: &str) -> HttpResponse {
    HttpResponse::Ok().json(json!({"result": "success", "message": message}))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"username": "admin", "password": "Admin@123"}))]
pub struct SignIn {
    #[serde(default)]
    username: String,
    #[serde(default)]
    password: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedIn {
    id: i64,
    username: String,
    name: String,
    email: String,
    access_token: String,
    roles: Vec<&'static str>,
    expires_at: String,
}

struct Account {
    id: i64,
    username: String,
    name: String,
    email: String,
    hash: String,
    active: bool,
    superadmin: bool,
}

async fn account(client: &impl GenericClient, login: &str) -> Result<Option<Account>, ApiError> {
    let row = client
        .query_opt(
            "SELECT id, c_username, c_name, c_email, c_password_hash, n_active = 1, n_superadmin = 1 FROM users
             WHERE lower(c_username) = lower($1) OR lower(c_email) = lower($1)
             ORDER BY lower(c_username) = lower($1) DESC LIMIT 1",
            &[&login],
        )
        .await?;
    row.map(|row| {
        Ok(Account {
            id: row.try_get(0)?,
            username: row.try_get(1)?,
            name: row.try_get(2)?,
            email: row.try_get(3)?,
            hash: row.try_get(4)?,
            active: row.try_get(5)?,
            superadmin: row.try_get(6)?,
        })
    })
    .transpose()
    .map_err(|e: tokio_postgres::Error| e.into())
}

/// Checks `password` against `hash`, or against a fixed hash when there is no account, so that an unknown
/// username costs the same time as a wrong password.
async fn password_matches(password: &str, hash: Option<&str>) -> bool {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let hash = match hash {
        Some(hash) => hash.to_owned(),
        None => DUMMY
            .get_or_init(|| password::hash("not-a-real-account-password").unwrap_or_default())
            .clone(),
    };
    password::verify_blocking(password.to_owned(), hash).await
}

/// Sign in with a username (or e-mail) and password; the answer's accessToken goes in `x-access-token`.
#[utoipa::path(post, path = "/api/auth/signin", tag = "auth", security(()), request_body = SignIn,
    responses(
        (status = 200, description = "Signed in", body = SignedIn),
        crate::http::responses::BadRequest,
        crate::http::responses::UnsupportedMediaType,
        (status = 401, description = "Wrong username or password, or an inactive account", body = crate::error::ErrorBody),
        (status = 422, description = "Username or password missing", body = crate::error::ErrorBody),
        crate::http::responses::TooManyAttempts,
        crate::http::responses::Unavailable
    ))]
#[post("/auth/signin")]
pub async fn signin(
    http: HttpRequest,
    state: web::Data<AppState>,
    body: JsonBody<SignIn>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let login = body.username.trim();
    if login.is_empty() || body.password.is_empty() {
        return Err(ApiError::Validation {
            message: "Enter the username and the password".into(),
            fields: [
                ("username", login.is_empty()),
                ("password", body.password.is_empty()),
            ]
            .into_iter()
            .filter(|(_, missing)| *missing)
            .map(|(field, _)| FieldError::new(field, "Required"))
            .collect(),
        });
    }
    let address = client_ip(&http);
    let mut client = state.pool.get().await?;
    throttle::check(&client, login, address.as_deref()).await?;
    let found = account(&client, login).await?;
    if !password_matches(&body.password, found.as_ref().map(|a| a.hash.as_str())).await {
        throttle::record_failure(&client, login, address.as_deref()).await?;
        return Err(ApiError::Unauthorized(WRONG_CREDENTIALS));
    }
    let Some(account) = found else {
        return Err(ApiError::Unauthorized(WRONG_CREDENTIALS));
    };
    if !account.active {
        return Err(ApiError::Conflict(
            "Your account is awaiting approval by an administrator".into(),
        ));
    }
    let transaction = client.transaction().await?;
    let session = session::create(
        &transaction,
        account.id,
        state.auth.session_ttl,
        address.as_deref(),
        user_agent(&http),
    )
    .await?;
    transaction
        .execute(
            "INSERT INTO login_log (n_user_id, c_client_ip, c_user_agent) VALUES ($1, $2, $3)",
            &[
                &account.id,
                &address,
                &user_agent(&http).map(|ua| ua.chars().take(300).collect::<String>()),
            ],
        )
        .await?;
    throttle::clear(&transaction, &account.username).await?;
    transaction.commit().await?;
    Ok(HttpResponse::Ok().json(SignedIn {
        id: account.id,
        username: account.username,
        name: account.name,
        email: account.email,
        access_token: session.token,
        roles: if account.superadmin {
            vec!["superadmin", "user"]
        } else {
            vec!["user"]
        },
        expires_at: session.expires_at,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct Logout {
    n_user_id: i64,
    c_token: String,
}

/// SPEC §7: `{n_user_id, c_token}` → `{result, message}`; the token stops working at once.
#[utoipa::path(post, path = "/api/auth/logout", tag = "auth", request_body = Logout,
    responses(
        (status = 200, description = "`result` says whether the session ended", body = crate::http::responses::Outcome),
        crate::http::responses::BadRequest,
        crate::http::responses::Unauthorized,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Unavailable
    ))]
#[post("/auth/logout")]
pub async fn logout(
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<Logout>,
) -> Result<HttpResponse, ApiError> {
    if body.n_user_id != caller.user_id && !caller.superadmin {
        return Ok(HttpResponse::Ok()
            .json(json!({"result": "failed", "message": "That session is not yours"})));
    }
    let client = state.pool.get().await?;
    if session::revoke(&client, body.c_token.trim(), body.n_user_id).await? {
        state.sessions.forget_user(body.n_user_id);
        Ok(success("Logged out"))
    } else {
        Ok(HttpResponse::Ok().json(
            json!({"result": "failed", "message": "No such session; it may have ended already"}),
        ))
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
}

/// A new account, inactive until an administrator approves it (the configured superadmin address, when no
/// superadmin exists yet, is the exception: it becomes the first superadmin).
#[utoipa::path(post, path = "/api/auth/register", tag = "auth", security(()), request_body = Register,
    responses(
        (status = 201, description = "Registered; an administrator activates the account", body = crate::http::responses::ReminderReply),
        crate::http::responses::BadRequest,
        crate::http::responses::Conflict,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Invalid,
        crate::http::responses::Unavailable
    ))]
#[post("/auth/register")]
pub async fn register(
    state: web::Data<AppState>,
    body: JsonBody<Register>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let email = body.email.trim();
    let mut client = state.pool.get().await?;
    let transaction = client.transaction().await?;
    let first_superadmin = match &state.auth.superadmin_email {
        Some(address) if address.eq_ignore_ascii_case(email) => transaction
            .query_one(
                "SELECT NOT EXISTS (SELECT 1 FROM users WHERE n_superadmin = 1)",
                &[],
            )
            .await?
            .try_get::<_, bool>(0)?,
        _ => false,
    };
    let account = accounts::NewAccount {
        username: &body.username,
        name: &body.name,
        email,
        mobile: body.mobile.as_deref(),
        designation: body.designation.as_deref(),
        password: &body.password,
        active: first_superadmin,
        superadmin: first_superadmin,
    };
    let fields = account.problems();
    if !fields.is_empty() {
        return Err(ApiError::Validation {
            message: "Please correct the highlighted fields".into(),
            fields,
        });
    }
    let (id, _) = account.insert(&transaction, None, "register").await?;
    transaction.commit().await?;
    let message = if first_superadmin {
        "Registered as the first superadmin; you can sign in now"
    } else {
        "Registration received. An administrator will approve your account before you can sign in"
    };
    Ok(HttpResponse::Created().json(json!({"result": "success", "message": message, "id": id})))
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
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::Unavailable
    ))]
#[post("/auth/forgot")]
pub async fn forgot(
    http: HttpRequest,
    state: web::Data<AppState>,
    body: JsonBody<Forgot>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let email = body.email.trim();
    let answer = success(
        "If the address belongs to an account, a link to choose a new password has been sent to it",
    );
    if !policy::email_looks_valid(email) {
        return Ok(answer);
    }
    let mut client = state.pool.get().await?;
    let transaction = client.transaction().await?;
    let user = transaction
        .query_opt(
            "SELECT id, c_name, c_email FROM users WHERE lower(c_email) = lower($1) AND n_active = 1",
            &[&email],
        )
        .await?;
    if let Some(user) = user {
        let id: i64 = user.try_get(0)?;
        let name: String = user.try_get(1)?;
        let address: String = user.try_get(2)?;
        let reset_token = token::generate()?;
        transaction
            .execute(
                "INSERT INTO password_reset (n_user_id, c_token_hash, d_expires_at, c_client_ip)
                 VALUES ($1, $2, now() + make_interval(mins => $3), $4)",
                &[
                    &id,
                    &token::hash(&reset_token),
                    &RESET_MINUTES,
                    &client_ip(&http),
                ],
            )
            .await?;
        let link = format!("{}/resetp?token={reset_token}", state.auth.public_url);
        let body = format!(
            "Dear {name},\n\nSomeone (hopefully you) asked to reset the password of your Metro PMIS account.\n\
             Choose a new password here within {RESET_MINUTES} minutes; the link works once:\n\n{link}\n\n\
             If you did not ask for this, ignore this message: your password stays as it is.\n"
        );
        mail::enqueue(
            &transaction,
            &address,
            "Metro PMIS: reset your password",
            &body,
            Purpose::PasswordReset,
        )
        .await?;
    }
    transaction.commit().await?;
    Ok(answer)
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
        crate::http::responses::Invalid,
        crate::http::responses::Unavailable
    ))]
#[post("/auth/reset")]
pub async fn reset(
    state: web::Data<AppState>,
    body: JsonBody<Reset>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    let invalid = || {
        ApiError::BadRequest("The reset link is invalid, used or expired; ask for a new one".into())
    };
    let mut client = state.pool.get().await?;
    let transaction = client.transaction().await?;
    let row = transaction
        .query_opt(
            "SELECT r.id, u.id, u.c_username FROM password_reset r JOIN users u ON u.id = r.n_user_id
             WHERE r.c_token_hash = $1 AND r.d_used_at IS NULL AND r.d_expires_at > now() AND u.n_active = 1
             FOR UPDATE OF r",
            &[&token::hash(body.token.trim())],
        )
        .await?
        .ok_or_else(invalid)?;
    let reset_id: i64 = row.try_get(0)?;
    let user_id: i64 = row.try_get(1)?;
    let username: String = row.try_get(2)?;
    accounts::change_password(
        &transaction,
        user_id,
        &username,
        &body.password,
        Some(user_id),
        "password-reset",
    )
    .await?;
    transaction
        .execute(
            "UPDATE password_reset SET d_used_at = now() WHERE id = $1",
            &[&reset_id],
        )
        .await?;
    transaction.commit().await?;
    state.sessions.forget_user(user_id);
    Ok(success(
        "Your password has been changed; sign in with the new one",
    ))
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
        crate::http::responses::Unauthorized,
        crate::http::responses::UnsupportedMediaType,
        crate::http::responses::TooManyAttempts,
        crate::http::responses::Unavailable
    ))]
#[post("/auth/unlock")]
pub async fn unlock(
    http: HttpRequest,
    caller: Caller,
    state: web::Data<AppState>,
    body: JsonBody<Unlock>,
) -> Result<HttpResponse, ApiError> {
    let address = client_ip(&http);
    let client = state.pool.get().await?;
    throttle::check(&client, &caller.username, address.as_deref()).await?;
    let hash: String = client
        .query_one(
            "SELECT c_password_hash FROM users WHERE id = $1",
            &[&caller.user_id],
        )
        .await?
        .try_get(0)?;
    if password_matches(&body.password, Some(&hash)).await {
        Ok(success("Unlocked"))
    } else {
        throttle::record_failure(&client, &caller.username, address.as_deref()).await?;
        Err(ApiError::Validation {
            message: "The password is not correct".into(),
            fields: vec![FieldError::new("password", "The password is not correct")],
        })
    }
}

/// The user, the routes they hold, their navigation tree, and every screen of the console.
#[utoipa::path(get, path = "/api/auth/me", tag = "auth",
    responses(
        (status = 200, description = "The signed-in user, their routes and navigation, and the screen catalogue", body = Me),
        crate::http::responses::Unauthorized,
        crate::http::responses::Unavailable
    ))]
#[get("/auth/me")]
pub async fn me(caller: Caller, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let client = state.pool.get().await?;
    let row = client
        .query_one(
            "SELECT c_mobile, c_designation,
                    (SELECT to_json(d_log_date)#>>'{}' FROM login_log WHERE n_user_id = $1
                     ORDER BY d_log_date DESC OFFSET 1 LIMIT 1)
             FROM users WHERE id = $1",
            &[&caller.user_id],
        )
        .await?;
    let navigation = navigation::tree_for(&client, &caller).await?;
    let unlisted = state.registry.entries().flat_map(|entry| {
        entry
            .def
            .routes
            .iter()
            .map(|route| (route.clone(), entry.title().to_owned()))
    });
    let screens = navigation::catalogue(&client, unlisted).await?;
    let mut routes: Vec<String> = if caller.superadmin {
        screens.iter().map(|screen| screen.route.clone()).collect()
    } else {
        caller.routes.iter().cloned().collect()
    };
    routes.sort();
    Ok(HttpResponse::Ok().json(Me {
        user: MeUser {
            id: caller.user_id,
            username: caller.username.clone(),
            name: caller.name.clone(),
            email: caller.email.clone(),
            mobile: row.try_get(0)?,
            designation: row.try_get(1)?,
            superadmin: caller.superadmin,
            previous_login: row.try_get(2)?,
        },
        routes,
        navigation,
        screens,
    }))
}

/// The signed-in user, their routes and navigation, and the console's screens.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Me {
    pub user: MeUser,
    /// Routes the user holds (every route for superadmins), sorted.
    pub routes: Vec<String>,
    /// The navigation tree cut to those routes.
    pub navigation: Vec<navigation::NavItem>,
    /// Every screen of the console in menu order, held or not.
    pub screens: Vec<navigation::Screen>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeUser {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub email: String,
    pub mobile: Option<String>,
    pub designation: Option<String>,
    pub superadmin: bool,
    /// The sign-in before this one (the footer's last activity), ISO 8601.
    pub previous_login: Option<String>,
}
