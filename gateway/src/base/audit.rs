//! The audit log: who changed what, when, with the row before and after, written in the change's transaction
//! (a change that fails leaves no audit row).

use deadpool_postgres::GenericClient;

use crate::error::ApiError;

/// A user account as the audit log keeps it: everything but the password hash.
pub const USER_SNAPSHOT: &str = "(SELECT to_jsonb(u) FROM user_account u WHERE u.id = $1)";

/// The permissions of a user as the audit log keeps them: each route held, with the actions its row grants.
pub const PERMISSIONS_SNAPSHOT: &str =
    "(SELECT coalesce(jsonb_object_agg(n.c_route, jsonb_build_object('create', p.n_create = 1,
         'update', p.n_update = 1, 'delete', p.n_delete = 1, 'export', p.n_export = 1)), '{}'::jsonb)
     FROM user_permission_nav p JOIN navigation n ON n.id = p.n_nav_id
     WHERE p.n_user_id = $1 AND p.n_view = 1 AND n.c_route IS NOT NULL)";

/// Reads a snapshot query (one of the constants above) for `key`.
pub async fn snapshot(
    client: &impl GenericClient,
    query: &str,
    key: i64,
) -> Result<Option<serde_json::Value>, ApiError> {
    let row = client
        .query_one(&format!("SELECT ({query})::text"), &[&key])
        .await?;
    let text: Option<String> = row.try_get(0)?;
    text.map(|text| serde_json::from_str(&text))
        .transpose()
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e)))
}

pub async fn record(
    client: &impl GenericClient,
    actor: Option<i64>,
    entry: &str,
    key: &str,
    action: &str,
    before: Option<&serde_json::Value>,
    after: Option<&serde_json::Value>,
) -> Result<(), ApiError> {
    let text = |value: Option<&serde_json::Value>| value.map(|v| v.to_string());
    record_text(
        client,
        actor,
        entry,
        key,
        action,
        text(before).as_deref(),
        text(after).as_deref(),
    )
    .await?;
    Ok(())
}

/// The audit row of a change to a registry entry's record: [`record_text`], and for a child register's line the
/// parent record it belongs to (its key read from the row), so the parent's History shows the line's changes.
pub async fn record_change(
    client: &impl GenericClient,
    actor: Option<i64>,
    entry: &schema_registry::Entry,
    key: &str,
    action: &str,
    before: Option<&str>,
    after: Option<&str>,
) -> Result<(), tokio_postgres::Error> {
    let Some(parent) = &entry.parent else {
        return record_text(client, actor, &entry.name, key, action, before, after).await;
    };
    client
        .execute(
            "INSERT INTO audit_log (n_user_id, c_entry, c_key, c_action, c_before, c_after, c_parent_entry,
                                    c_parent_key)
             VALUES ($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb, $7,
                     coalesce($6::text::jsonb, $5::text::jsonb) ->> $8)",
            &[
                &actor,
                &entry.name,
                &key,
                &action,
                &before,
                &after,
                &parent.entry,
                &parent.key,
            ],
        )
        .await?;
    Ok(())
}

/// [`record`] with the row snapshots as JSON text (as PostgreSQL rendered them: numbers keep every digit).
pub async fn record_text(
    client: &impl GenericClient,
    actor: Option<i64>,
    entry: &str,
    key: &str,
    action: &str,
    before: Option<&str>,
    after: Option<&str>,
) -> Result<(), tokio_postgres::Error> {
    client
        .execute(
            "INSERT INTO audit_log (n_user_id, c_entry, c_key, c_action, c_before, c_after)
             VALUES ($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb)",
            &[&actor, &entry, &key, &action, &before, &after],
        )
        .await?;
    Ok(())
}
