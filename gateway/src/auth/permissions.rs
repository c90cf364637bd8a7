//! Granting and revoking route permissions (docs/console.md §6): grant, revoke, copy from another user. Each change
//! is one transaction with its audit row (the user's routes before and after) and reaches every replica's session
//! cache at once.

use deadpool_postgres::{GenericClient, Pool, Transaction};
use serde_json::Value;

use crate::base::audit;
use crate::error::{ApiError, FieldError};

use super::caller::{Action, Actions};
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

/// Routes (and actions) the actor may hand out: only those they hold themselves (superadmins hold all).
fn held_by(actor: &Caller, routes: &[String], actions: Actions) -> Result<(), ApiError> {
    let wanted = [
        (Action::Create, actions.create),
        (Action::Update, actions.update),
        (Action::Delete, actions.delete),
        (Action::Export, actions.export),
    ];
    let missing: Vec<String> = routes
        .iter()
        .flat_map(|route| {
            let lacking: Vec<&str> = wanted
                .iter()
                .filter(|(action, granted)| *granted && !actor.may(route, *action))
                .map(|(action, _)| action.verb())
                .collect();
            if !actor.holds(route) {
                Some(route.clone())
            } else if !lacking.is_empty() {
                Some(format!("{route} ({})", lacking.join(", ")))
            } else {
                None
            }
        })
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
        .ok_or_else(|| ApiError::RecordNotFound(format!("user {user_id} does not exist")))?;
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

/// Grants `routes` to `user_id` with `actions` (default: every action). Without `actions`, routes already held
/// keep their actions; with them, every route named gets exactly those (the bulk edit of the permission screen).
pub async fn grant(
    pool: &Pool,
    actor: &Caller,
    user_id: i64,
    routes: &[String],
    actions: Option<Actions>,
) -> Result<Option<Value>, ApiError> {
    let granted_by = actor.user_id;
    let set = actions.unwrap_or(Actions::ALL);
    let flag = |on: bool| i16::from(on);
    let (create, update, delete, export) = (
        flag(set.create),
        flag(set.update),
        flag(set.delete),
        flag(set.export),
    );
    let replace = actions.is_some();
    change(pool, actor, user_id, "grant", async |transaction| {
        held_by(actor, routes, set)?;
        let ids = navigation_ids(transaction, routes).await?;
        transaction
            .execute(
                "INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_view, n_create, n_update,
                                                  n_delete, n_export)
                 SELECT $1, unnest($2::int8[]), $3, 1, $4, $5, $6, $7
                 ON CONFLICT (n_user_id, n_nav_id) DO UPDATE
                 SET n_view = 1, n_granted_by = excluded.n_granted_by,
                     n_create = CASE WHEN $8 THEN excluded.n_create ELSE user_permission_nav.n_create END,
                     n_update = CASE WHEN $8 THEN excluded.n_update ELSE user_permission_nav.n_update END,
                     n_delete = CASE WHEN $8 THEN excluded.n_delete ELSE user_permission_nav.n_delete END,
                     n_export = CASE WHEN $8 THEN excluded.n_export ELSE user_permission_nav.n_export END",
                &[&user_id, &ids, &granted_by, &create, &update, &delete, &export, &replace],
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
        let copied = transaction
            .query(
                "SELECT n.c_route, p.n_create = 1, p.n_update = 1, p.n_delete = 1, p.n_export = 1
                 FROM user_permission_nav p JOIN navigation n ON n.id = p.n_nav_id
                 WHERE p.n_user_id = $1 AND n.c_route IS NOT NULL AND p.n_view = 1 ORDER BY n.c_route",
                &[&from_user_id],
            )
            .await?;
        for row in &copied {
            let route: String = row.try_get(0)?;
            let actions = Actions {
                create: row.try_get(1)?,
                update: row.try_get(2)?,
                delete: row.try_get(3)?,
                export: row.try_get(4)?,
            };
            held_by(actor, &[route], actions)?;
        }
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
                "INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_view, n_create, n_update,
                                                  n_delete, n_export)
                 SELECT $2, n_nav_id, $3, n_view, n_create, n_update, n_delete, n_export
                 FROM user_permission_nav WHERE n_user_id = $1
                 ON CONFLICT (n_user_id, n_nav_id) DO NOTHING",
                &[&from_user_id, &to_user_id, &granted_by],
            )
            .await?;
        Ok(())
    })
    .await
}
