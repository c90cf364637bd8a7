//! Signing in and the lock screen: the password check (constant cost whether or not the account exists), the
//! throttle, the new session and its `login_log` row.

use deadpool_postgres::{GenericClient, Pool};
use serde::Serialize;

use crate::error::{ApiError, FieldError};

use super::throttle::{self, Attempt};
use super::{password, session, Caller, Origin};

/// One message for every wrong username/password combination: which part was wrong is not revealed.
const WRONG_CREDENTIALS: &str = "The username or password is not correct";

/// The answer of a sign-in: the token goes in `x-access-token` on every later call.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedIn {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub email: String,
    pub access_token: String,
    pub roles: Vec<&'static str>,
    /// When the session ends unless used (ISO 8601; the expiry slides with use).
    pub expires_at: String,
    /// Only when the sign-in named a device: whether it is registered (and active) for this user, so the session
    /// lasts `FIELD_DEVICE_SESSION_DAYS`; an unregistered device signs in for the usual time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_registered: Option<bool>,
}

struct Account {
    id: i64,
    username: String,
    name: String,
    email: String,
    hash: String,
    active: bool,
    superadmin: bool,
    /// A self-registration an administrator has not approved yet.
    pending: bool,
}

/// The account `login` names, without ambiguity: a name with `@` is an e-mail address and matches only e-mail
/// addresses; anything else matches only usernames (which cannot contain `@`).
async fn account(client: &impl GenericClient, login: &str) -> Result<Option<Account>, ApiError> {
    let by = if login.contains('@') {
        "lower(c_email) = lower($1)"
    } else {
        "lower(c_username) = lower($1)"
    };
    let row = client
        .query_opt(
            &format!(
                "SELECT id, c_username, c_name, c_email, pmis_password_hash(id), n_active = 1, n_superadmin = 1,
                        n_active = 0 AND d_pending_until IS NOT NULL
                 FROM users WHERE {by}"
            ),
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
            pending: row.try_get(7)?,
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

/// Signs `login` (a username or an e-mail address) in with `password`: a new session lasting `lengths.idle` after
/// its last use, or `lengths.device` when `device` names a device registered (and active) for this user.
pub async fn sign_in(
    pool: &Pool,
    lengths: session::Lengths,
    login: &str,
    password: &str,
    device: Option<&str>,
    origin: &Origin,
) -> Result<SignedIn, ApiError> {
    let login = login.trim();
    if login.is_empty() || password.is_empty() {
        return Err(ApiError::Validation {
            message: "Enter the username and the password".into(),
            fields: [
                ("username", login.is_empty()),
                ("password", password.is_empty()),
            ]
            .into_iter()
            .filter(|(_, missing)| *missing)
            .map(|(field, _)| FieldError::new(field, "Required"))
            .collect(),
        });
    }
    let mut client = pool.get().await?;
    let found = account(&client, login).await?;
    let attempt = Attempt::new(found.as_ref().map(|a| a.id), login, origin.throttle_key());
    throttle::check(&client, &attempt).await?;
    if !password_matches(password, found.as_ref().map(|a| a.hash.as_str())).await {
        throttle::record_failure(&client, &attempt).await?;
        return Err(ApiError::Unauthorized(WRONG_CREDENTIALS));
    }
    let Some(account) = found else {
        return Err(ApiError::Unauthorized(WRONG_CREDENTIALS));
    };
    if !account.active {
        return Err(ApiError::Conflict(if account.pending {
            "Your account is awaiting approval by an administrator".into()
        } else {
            "This account has been deactivated; ask an administrator to activate it again".into()
        }));
    }
    let transaction = client.transaction().await?;
    let registered = match device.map(str::trim).filter(|d| !d.is_empty()) {
        Some(device) => Some(registered_device(&transaction, account.id, device).await?),
        None => None,
    };
    let session = session::create(
        &transaction,
        account.id,
        registered.flatten(),
        lengths,
        origin,
    )
    .await?;
    transaction
        .execute(
            "INSERT INTO login_log (n_user_id, c_client_ip, c_user_agent) VALUES ($1, $2, $3)",
            &[&account.id, &origin.address, &origin.user_agent],
        )
        .await?;
    throttle::clear(&transaction, account.id).await?;
    transaction.commit().await?;
    Ok(SignedIn {
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
        device_registered: registered.map(|device| device.is_some()),
    })
}

/// The `device_registration` id of `device` when it is registered for `user` and active.
async fn registered_device(
    client: &impl GenericClient,
    user: i64,
    device: &str,
) -> Result<Option<i64>, ApiError> {
    let row = client
        .query_opt(
            "SELECT id FROM device_registration WHERE c_device_id = $1 AND n_user = $2 AND n_active = 1",
            &[&device, &user],
        )
        .await?;
    Ok(row.map(|row| row.try_get(0)).transpose()?)
}

/// Whether `password` is the caller's own (the lock screen, a password change): a locked account is refused (429)
/// and a wrong password counts toward the sign-in lock, as a sign-in's does.
async fn own_password_matches(
    client: &impl GenericClient,
    caller: &Caller,
    password: &str,
    origin: &Origin,
) -> Result<bool, ApiError> {
    let attempt = Attempt::new(
        Some(caller.user_id),
        &caller.username,
        origin.throttle_key(),
    );
    throttle::check(client, &attempt).await?;
    let hash: String = client
        .query_one("SELECT pmis_password_hash($1)", &[&caller.user_id])
        .await?
        .try_get(0)?;
    if password_matches(password, Some(&hash)).await {
        return Ok(true);
    }
    throttle::record_failure(client, &attempt).await?;
    Ok(false)
}

/// The lock screen: the signed-in user types the password again. Failures count toward the sign-in lock.
pub async fn unlock(
    pool: &Pool,
    caller: &Caller,
    password: &str,
    origin: &Origin,
) -> Result<(), ApiError> {
    let client = pool.get().await?;
    if own_password_matches(&client, caller, password, origin).await? {
        session::set_locked(&client, caller.session_id, caller.user_id, false).await?;
        return Ok(());
    }
    Err(ApiError::Validation {
        message: "The password is not correct".into(),
        fields: vec![FieldError::new("password", "The password is not correct")],
    })
}

/// The signed-in user changes their own password (the profile page): the current one must be right (failures count
/// toward the sign-in lock, as the lock screen's do); the new one meets the policy and differs from it. Every other
/// session of the user ends; this one stays.
pub async fn change_own_password(
    pool: &Pool,
    caller: &Caller,
    current: &str,
    new: &str,
    origin: &Origin,
) -> Result<(), ApiError> {
    let mut client = pool.get().await?;
    if !own_password_matches(&client, caller, current, origin).await? {
        return Err(ApiError::Validation {
            message: "The current password is not correct".into(),
            fields: vec![FieldError::new(
                "current_password",
                "The current password is not correct",
            )],
        });
    }
    if current == new {
        return Err(ApiError::Validation {
            message: "Choose a password other than the current one".into(),
            fields: vec![FieldError::new(
                "new_password",
                "Choose a password other than the current one",
            )],
        });
    }
    let transaction = client.transaction().await?;
    super::accounts::change_password(
        &transaction,
        caller.user_id,
        &caller.username,
        new,
        Some(caller.user_id),
        "change-password",
    )
    .await
    .map_err(|error| match error {
        // The policy names the field `password`; here it is the new one.
        ApiError::Validation { message, fields } => ApiError::Validation {
            message,
            fields: fields
                .into_iter()
                .map(|field| FieldError::new("new_password", &field.message))
                .collect(),
        },
        other => other,
    })?;
    // `change_password` ended every session; the one that changed it goes on.
    transaction
        .execute(
            "UPDATE user_session SET d_revoked_at = NULL WHERE id = $1",
            &[&caller.session_id],
        )
        .await?;
    throttle::clear(&transaction, caller.user_id).await?;
    transaction.commit().await?;
    Ok(())
}
