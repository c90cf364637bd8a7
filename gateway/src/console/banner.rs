//! The ribbon's banner messages (docs/console.md §2, §7 `cmnmsg`): the active ones in their order.

use deadpool_postgres::Pool;

use crate::error::ApiError;

/// The active messages as the JSON array `[{id, c_val}]`, rendered by PostgreSQL.
pub async fn active_messages_json(pool: &Pool) -> Result<String, ApiError> {
    let client = pool.get().await?;
    let statement = client
        .prepare_cached(
            "SELECT coalesce(json_agg(json_build_object('id', id, 'c_val', c_val) ORDER BY n_sort_order, id), '[]')::text
             FROM common_message WHERE n_active = 1",
        )
        .await?;
    Ok(client.query_one(&statement, &[]).await?.try_get(0)?)
}
