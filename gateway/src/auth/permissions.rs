//! Granting and revoking route permissions (docs/console.md §6): grant, revoke, copy from another user. Each change
//! is one transaction with its audit row (the user's routes before and after) and reaches every replica's session
//! cache at once.

use deadpool_postgres::{GenericClient, Pool, Transaction};
use serde_json::Value;

use crate::error::{ApiError, FieldError};
use crate::pipeline::audit;

use super::{cache, Caller};

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
    if !unknown.is_empty() {
        return Err(ApiError::Validation {
            message: "Please correct the highlighted fields".into(),
            fields: unknown,
        });
    }
    Ok(rows
        .iter()
        .map(|r| r.try_get::<_, i64>(1))
        .collect::<Result<_, _>>()?)
}

/// Routes the actor may hand out: only those they hold themselves (superadmins hold every route).
fn held_by(actor: &Caller, routes: &[String]) -> Result<(), ApiError> {
    let missing: Vec<&str> = routes
        .iter()
        .filter(|route| !actor.holds(route))
        .map(String::as_str)
        .collect();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(ApiError::ForbiddenRecord(format!(
            "You can grant only routes you hold yourself; you do not hold {}",
            missing.join(", ")
        )))
    }
}

/// Runs `change` on user `user_id`'s permissions in one audited transaction; the routes held after it. Nobody
/// changes their own permissions, and only superadmins touch a superadmin's.
async fn change(
    pool: &Pool,
    actor: &Caller,
    user_id: i64,
    action: &str,
    change: impl AsyncFnOnce(&Transaction<'_>) -> Result<(), ApiError>,
) -> Result<Option<Value>, ApiError> {
    if user_id == actor.user_id {
        return Err(ApiError::ForbiddenRecord(
            "You cannot change your own permissions; ask another administrator".into(),
        ));
    }
    let mut client = pool.get().await?;
    let transaction = client.transaction().await?;
    let target = audit::snapshot(&transaction, audit::USER_SNAPSHOT, user_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("user {user_id}")))?;
    super::users::may_act_on(actor, &target)?;
    let before = audit::snapshot(&transaction, audit::PERMISSIONS_SNAPSHOT, user_id).await?;
    change(&transaction).await?;
    let after = audit::snapshot(&transaction, audit::PERMISSIONS_SNAPSHOT, user_id).await?;
    audit::record(
        &transaction,
        Some(actor.user_id),
        "user_permission_nav",
        &user_id.to_string(),
        action,
        before.as_ref(),
        after.as_ref(),
    )
    .await?;
    cache::announce(&transaction, user_id).await?;
    transaction.commit().await?;
    Ok(after)
}

/// Grants `routes` to `user_id` (routes already held stay as they are).
pub async fn grant(
    pool: &Pool,
    actor: &Caller,
    user_id: i64,
    routes: &[String],
) -> Result<Option<Value>, ApiError> {
    let granted_by = actor.user_id;
    change(pool, actor, user_id, "grant", async |transaction| {
        held_by(actor, routes)?;
        let ids = navigation_ids(transaction, routes).await?;
        transaction
            .execute(
                "INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by)
                 SELECT $1, unnest($2::int8[]), $3 ON CONFLICT (n_user_id, n_nav_id) DO NOTHING",
                &[&user_id, &ids, &granted_by],
            )
            .await?;
        Ok(())
    })
    .await
}

/// Revokes `routes` from `user_id`.
pub async fn revoke(
    pool: &Pool,
    actor: &Caller,
    user_id: i64,
    routes: &[String],
) -> Result<Option<Value>, ApiError> {
    change(pool, actor, user_id, "revoke", async |transaction| {
        let ids = navigation_ids(transaction, routes).await?;
        transaction
            .execute(
                "DELETE FROM user_permission_nav WHERE n_user_id = $1 AND n_nav_id = ANY($2)",
                &[&user_id, &ids],
            )
            .await?;
        Ok(())
    })
    .await
}

/// Gives `to_user_id` the permissions of `from_user_id`, replacing theirs or adding to them. The actor must hold
/// every route copied.
pub async fn copy(
    pool: &Pool,
    actor: &Caller,
    from_user_id: i64,
    to_user_id: i64,
    replace: bool,
) -> Result<Option<Value>, ApiError> {
    let granted_by = actor.user_id;
    change(pool, actor, to_user_id, "copy", async |transaction| {
        let copied: Vec<String> = transaction
            .query(
                "SELECT n.c_route FROM user_permission_nav p JOIN navigation n ON n.id = p.n_nav_id
                 WHERE p.n_user_id = $1 AND n.c_route IS NOT NULL ORDER BY n.c_route",
                &[&from_user_id],
            )
            .await?
            .iter()
            .map(|row| row.try_get(0))
            .collect::<Result<_, _>>()?;
        held_by(actor, &copied)?;
        if replace {
            transaction
                .execute(
                    "DELETE FROM user_permission_nav WHERE n_user_id = $1",
                    &[&to_user_id],
                )
                .await?;
        }
        transaction
            .execute(
                "INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by)
                 SELECT $2, n_nav_id, $3 FROM user_permission_nav WHERE n_user_id = $1
                 ON CONFLICT (n_user_id, n_nav_id) DO NOTHING",
                &[&from_user_id, &to_user_id, &granted_by],
            )
            .await?;
        Ok(())
    })
    .await
}
