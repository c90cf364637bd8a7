//! Sessions: created at sign-in, resolved on every request from the token's hash, revoked at logout. The
//! expiry slides: a session ends `SESSION_TTL_MINUTES` after its last use, or `FIELD_DEVICE_SESSION_DAYS` for one
//! signed in on a registered device, which ends at once when the device is deactivated or deleted.

use std::time::Duration;

use deadpool_postgres::GenericClient;

use crate::error::ApiError;

use super::{token, Caller};

/// A new session: the token (returned once, never stored) and when it expires (ISO 8601).
pub struct NewSession {
    pub token: String,
    pub expires_at: String,
}

/// How long sessions last after their last use.
#[derive(Debug, Clone, Copy)]
pub struct Lengths {
    pub idle: Duration,
    /// A session bound to a registered device.
    pub device: Duration,
}

impl Lengths {
    /// The lengths the settings give (`SESSION_TTL_MINUTES`, `FIELD_DEVICE_SESSION_DAYS`).
    pub fn of(settings: &crate::ops::config::AuthSettings) -> Self {
        Lengths {
            idle: settings.session_ttl,
            device: settings.device_session_ttl,
        }
    }
}

/// A new session for `user_id`, bound to `device` (a `device_registration` id) when one is given.
pub async fn create(
    client: &impl GenericClient,
    user_id: i64,
    device: Option<i64>,
    lengths: Lengths,
    origin: &super::Origin,
) -> Result<NewSession, ApiError> {
    let token = token::generate()?;
    let ttl = if device.is_some() {
        lengths.device
    } else {
        lengths.idle
    };
    let row = client
        .query_one(
            "INSERT INTO user_session (n_user_id, c_token_hash, d_expires_at, c_client_ip, c_user_agent, n_device)
             VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5, $6)
             RETURNING to_json(d_expires_at)#>>'{}'",
            &[
                &user_id,
                &token::hash(&token),
                &ttl.as_secs_f64(),
                &origin.address,
                &origin.user_agent,
                &device,
            ],
        )
        .await?;
    Ok(NewSession {
        token,
        expires_at: row.try_get(0)?,
    })
}

/// The routes user `u` holds, as `route cude` texts (none for a superadmin, who holds every route): one SQL text
/// for a session's caller and a background task's.
macro_rules! held_routes_sql {
    () => {
        "CASE WHEN u.n_superadmin = 1 THEN '{}'::text[] ELSE
         ARRAY(SELECT n.c_route || ' ' || p.n_create || p.n_update || p.n_delete || p.n_export
               FROM user_permission_nav p JOIN navigation n ON n.id = p.n_nav_id
               WHERE p.n_user_id = u.id AND n.c_route IS NOT NULL AND p.n_view = 1) END"
    };
}

/// The caller behind `token`, when it names a live session of an active user.
#[tracing::instrument(name = "session", level = "debug", skip_all)]
pub async fn resolve(
    client: &impl GenericClient,
    token: &str,
    lengths: Lengths,
) -> Result<Option<Caller>, ApiError> {
    // Every request runs this: a cached prepared statement, and no route list for superadmins (they hold all).
    let statement = client
        .prepare_cached(concat!(
            "SELECT s.id, u.id, u.c_username, u.c_name, u.c_email, u.n_superadmin = 1,
                    s.d_last_seen_at < now() - interval '1 minute', ",
            held_routes_sql!(),
            ", s.d_locked_at IS NOT NULL, u.n_organization
             FROM user_session s
             JOIN users u ON u.id = s.n_user_id
             WHERE s.c_token_hash = $1 AND s.d_revoked_at IS NULL AND s.d_expires_at > now() AND u.n_active = 1
               AND (s.n_device IS NULL OR EXISTS (SELECT 1 FROM device_registration d
                                                  WHERE d.id = s.n_device AND d.n_user = u.id AND d.n_active = 1))",
        ))
        .await?;
    let row = client.query_opt(&statement, &[&token::hash(token)]).await?;
    let Some(row) = row else { return Ok(None) };
    let session_id: i64 = row.try_get(0)?;
    // Slide the expiry, at most once a minute per session so that reads stay reads.
    if row.try_get::<_, bool>(6)? {
        client
            .execute(
                "UPDATE user_session SET d_last_seen_at = now(),
                        d_expires_at = now() + make_interval(secs => CASE WHEN n_device IS NULL THEN $2::float8 ELSE $3::float8 END)
                 WHERE id = $1",
                &[
                    &session_id,
                    &lengths.idle.as_secs_f64(),
                    &lengths.device.as_secs_f64(),
                ],
            )
            .await?;
    }
    Ok(Some(Caller {
        session_id,
        user_id: row.try_get(1)?,
        username: row.try_get(2)?,
        name: row.try_get(3)?,
        email: row.try_get(4)?,
        superadmin: row.try_get(5)?,
        routes: held_routes(&row.try_get::<_, Vec<String>>(7)?),
        locked: row.try_get(8)?,
        organization: row.try_get(9)?,
    }))
}

/// The code of the caller's organisation (what an `organisation_code` stamp writes), if they belong to one. Read
/// only by a write that stamps it, not by every request.
pub async fn organisation_code(
    client: &impl GenericClient,
    caller: &Caller,
) -> Result<Option<String>, ApiError> {
    let Some(organisation) = caller.organization else {
        return Ok(None);
    };
    Ok(client
        .query_opt(
            "SELECT c_code FROM organization WHERE id = $1",
            &[&organisation],
        )
        .await?
        .map(|row| row.try_get(0))
        .transpose()?)
}

/// The active user `user_id` as a caller without a session (work done for them in the background: a scheduled
/// report read with their own routes, scope and organisation). `None` for an inactive or unknown user.
pub async fn caller_of_user(
    client: &impl GenericClient,
    user_id: i64,
) -> Result<Option<Caller>, ApiError> {
    let row = client
        .query_opt(
            concat!(
                "SELECT u.c_username, u.c_name, u.c_email, u.n_superadmin = 1, ",
                held_routes_sql!(),
                ", u.n_organization FROM users u WHERE u.id = $1 AND u.n_active = 1"
            ),
            &[&user_id],
        )
        .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some(Caller {
        session_id: 0,
        user_id,
        username: row.try_get(0)?,
        name: row.try_get(1)?,
        email: row.try_get(2)?,
        superadmin: row.try_get(3)?,
        routes: held_routes(&row.try_get::<_, Vec<String>>(4)?),
        locked: false,
        organization: row.try_get(5)?,
    }))
}

/// `route cude` texts (the route, then its create, update, delete and export flags) → what each route allows.
fn held_routes(held: &[String]) -> std::collections::HashMap<String, super::caller::Actions> {
    held.iter()
        .filter_map(|held| held.rsplit_once(' '))
        .map(|(route, flags)| (route.to_owned(), super::caller::Actions::from_flags(flags)))
        .collect()
}

/// Revokes the session of `token` when it belongs to `user_id`; whether one was revoked.
pub async fn revoke(
    client: &impl GenericClient,
    token: &str,
    user_id: i64,
) -> Result<bool, ApiError> {
    let revoked = client
        .execute(
            "UPDATE user_session SET d_revoked_at = now()
             WHERE c_token_hash = $1 AND n_user_id = $2 AND d_revoked_at IS NULL",
            &[&token::hash(token), &user_id],
        )
        .await?;
    if revoked > 0 {
        super::cache::announce(client, user_id).await?;
    }
    Ok(revoked > 0)
}

/// Ends every session of a user (password changed, account deactivated).
pub async fn revoke_all(client: &impl GenericClient, user_id: i64) -> Result<u64, ApiError> {
    let revoked = client
        .execute(
            "UPDATE user_session SET d_revoked_at = now() WHERE n_user_id = $1 AND d_revoked_at IS NULL",
            &[&user_id],
        )
        .await?;
    super::cache::announce(client, user_id).await?;
    Ok(revoked)
}

/// Locks or unlocks the session `session_id` (the lock screen), and tells every replica's cache.
pub async fn set_locked(
    client: &impl GenericClient,
    session_id: i64,
    user_id: i64,
    locked: bool,
) -> Result<(), ApiError> {
    client
        .execute(
            "UPDATE user_session SET d_locked_at = CASE WHEN $2 THEN now() END WHERE id = $1",
            &[&session_id, &locked],
        )
        .await?;
    super::cache::announce(client, user_id).await
}
