//! How PostgreSQL plans the gateway's statements: a list's statement is planned once per connection and then run
//! from its cached generic plan, not planned again on every request.

use crate::helpers::{encode, spawn_seeded_app_with};

#[tokio::test]
async fn a_list_is_planned_once_per_connection_not_on_every_request() {
    // One pooled connection, so the gateway's prepared statements are the ones this test reads back.
    let app = spawn_seeded_app_with(|settings| settings.database.pool_size = 1).await;
    app.execute(
        "INSERT INTO activity_progress (n_package, c_activity_code, c_activity_name, d_progress_date, n_progress_pct, c_status)
         SELECT (SELECT min(id) FROM package), 'P-' || i, 'Pier shaft', DATE '2026-01-01' + (i % 300), 1,
                CASE WHEN i % 3 = 0 THEN 'In progress' ELSE 'Completed' END
         FROM generate_series(1, 20000) i",
    )
    .await;
    app.execute("ANALYZE activity_progress").await;
    let whrc = encode("c_status = 'In progress' ORDER BY d_progress_date DESC LIMIT 50");
    for _ in 0..8 {
        let (status, rows) = app
            .get_json(&format!(
                "/api/custom/selectall?t=activity_progress&cols=id,c_activity_code&whrc={whrc}"
            ))
            .await;
        assert_eq!(status, 200, "{rows}");
        assert_eq!(rows.as_array().map(Vec::len), Some(50));
    }
    let client = app.pool.get().await.expect("the gateway's connection");
    let rows = client
        .query(
            "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements
             WHERE statement LIKE 'SELECT \"id\" AS \"id\", \"c_activity_code\"%'",
            &[],
        )
        .await
        .expect("the prepared statements");
    let [row] = rows.as_slice() else {
        let all = client
            .query("SELECT statement FROM pg_prepared_statements", &[])
            .await
            .expect("the prepared statements");
        let all: Vec<String> = all.iter().map(|row| row.get(0)).collect();
        panic!("one list statement expected among {all:#?}");
    };
    let statement: String = row.get(0);
    let generic: i64 = row.get(1);
    let custom: i64 = row.get(2);
    // PostgreSQL tries five custom plans, then keeps the generic one when it costs no more. With the limit as a
    // parameter it costs the generic plan for a tenth of the table and plans every execution again.
    assert!(statement.ends_with(" LIMIT 50"), "{statement}");
    assert!(
        generic >= 3 && custom <= 5,
        "generic plans {generic}, custom plans {custom}: {statement}"
    );
}
