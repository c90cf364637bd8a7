//! How PostgreSQL plans the gateway's statements: a list's statement is planned once per connection and then run
//! from its cached generic plan, not planned again on every request.

use crate::helpers::{encode, spawn_seeded_app_with};

#[tokio::test]
async fn a_list_is_planned_once_per_connection_not_on_every_request() {
    // One connection per HTTP worker, whose prepared statements this test reads back.
    let app = spawn_seeded_app_with(|settings| settings.database.pool_size = 1).await;
    // The table holds only this test's rows: two statuses, so the generic plan's estimate (half the rows) is the
    // custom plans' (the demo's few rows of three more statuses would make the generic estimate dearer).
    app.execute("DELETE FROM activity_progress").await;
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
    let mut lists = Vec::new();
    let mut all = Vec::new();
    for pool in serving(&app).all() {
        let client = pool.get().await.expect("the gateway's connection");
        for row in client
            .query(
                "SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements",
                &[],
            )
            .await
            .expect("the prepared statements")
        {
            let statement: String = row.get(0);
            if statement.starts_with("SELECT \"id\" AS \"id\", \"c_activity_code\"") {
                lists.push((statement, row.get::<_, i64>(1), row.get::<_, i64>(2)));
            } else {
                all.push(statement);
            }
        }
    }
    assert!(
        !lists.is_empty(),
        "a list statement expected among {all:#?}"
    );
    // PostgreSQL tries five custom plans, then keeps the generic one when it costs no more. With the limit as a
    // parameter it costs the generic plan for a tenth of the table and plans every execution again.
    let generic: i64 = lists.iter().map(|(_, generic, _)| generic).sum();
    for (statement, _, custom) in &lists {
        assert!(statement.ends_with(" LIMIT 50"), "{statement}");
        assert!(*custom <= 5, "custom plans {custom}: {statement}");
    }
    assert!(generic >= 3, "generic plans {generic}: {lists:#?}");
}

#[tokio::test]
async fn each_http_worker_serves_from_its_own_share_of_the_pool() {
    let app = spawn_seeded_app_with(|settings| {
        settings.http_workers = Some(2);
        settings.database.pool_size = 4;
    })
    .await;
    assert_eq!(serving(&app).per_thread(), 2);
    // Many clients at once: each opens its own HTTP connection, which lands on either worker.
    let calls = (0..32).map(|_| {
        let app = app.clone();
        tokio::spawn(async move {
            let response = reqwest::Client::new()
                .get(app.url("/api/custom/selectall?t=package&cols=c_code"))
                .header("x-access-token", app.token.clone().unwrap_or_default())
                .send()
                .await
                .expect("an answer");
            response.status().as_u16()
        })
    });
    for call in calls {
        assert_eq!(call.await.expect("the call ran"), 200);
    }
    let sizes: Vec<usize> = serving(&app).all().map(|pool| pool.status().size).collect();
    assert!(
        !sizes.is_empty() && sizes.len() <= 2 && sizes.iter().all(|&size| (1..=2).contains(&size)),
        "connections per worker: {sizes:?}"
    );
}

fn serving(app: &crate::helpers::TestApp) -> &gateway::ops::thread_pools::ThreadPools {
    app.serving
        .as_deref()
        .expect("the gateway runs in the test's process")
}
