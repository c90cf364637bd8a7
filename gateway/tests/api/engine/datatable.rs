//! `POST /api/custom/datatable` (the DataTables server-side protocol), form-encoded and JSON.

use serde_json::{json, Value};

use crate::helpers::{spawn_seeded_app, spawn_seeded_app_with, TestApp};

/// 40 progress rows: 10 per status, names "Pier P1" … with "pier" in every fourth.
/// Forty progress rows of one package, alone in the table (the demo's progress history is removed first, so the
/// counts below are this test's own).
async fn load_progress(app: &TestApp) {
    app.execute("DELETE FROM activity_progress").await;
    app.execute(
        "INSERT INTO activity_progress (n_package, c_activity_code, c_activity_name, d_progress_date, n_progress_pct, c_status, c_remarks)
         SELECT (SELECT min(id) FROM package),
                'ACT-' || lpad(i::text, 3, '0'),
                CASE WHEN i % 4 = 0 THEN 'Pier P' || i ELSE 'Viaduct span S' || i END,
                DATE '2026-01-01' + i,
                (i * 2.5)::numeric(5,2),
                (ARRAY['Not started', 'In progress', 'Completed', 'Delayed'])[1 + i % 4],
                CASE WHEN i = 7 THEN 'Crane breakdown' END
         FROM generate_series(1, 40) i",
    )
    .await;
}

async fn post_form(app: &TestApp, pairs: &[(&str, &str)]) -> (u16, Value) {
    let response = app
        .post("/api/custom/datatable")
        .form(pairs)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

async fn post_json(app: &TestApp, body: Value) -> (u16, Value) {
    let response = app
        .post("/api/custom/datatable")
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

fn codes(body: &Value) -> Vec<String> {
    body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["c_activity_code"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn form_encoded_page_with_orders_and_search() {
    let app = spawn_seeded_app().await;
    load_progress(&app).await;
    let columns = [
        ("columns[0][data]", "c_activity_code"),
        ("columns[0][searchable]", "true"),
        ("columns[0][orderable]", "true"),
        ("columns[0][search][value]", ""),
        ("columns[1][data]", "c_status"),
        ("columns[1][searchable]", "true"),
        ("columns[1][orderable]", "true"),
        ("columns[1][search][value]", ""),
        ("columns[2][data]", "c_activity_name"),
        ("columns[2][searchable]", "true"),
        ("columns[2][orderable]", "true"),
        ("columns[2][search][value]", ""),
        ("columns[3][data]", "d_progress_date"),
        ("columns[3][searchable]", "true"),
        ("columns[3][orderable]", "true"),
        ("columns[3][search][value]", ""),
    ];
    let mut pairs = vec![
        ("t", "activity_progress"),
        ("draw", "7"),
        ("start", "0"),
        ("length", "10"),
    ];
    pairs.extend_from_slice(&columns);
    pairs.extend_from_slice(&[
        ("order[0][column]", "1"),
        ("order[0][dir]", "asc"),
        ("order[1][column]", "3"),
        ("order[1][dir]", "desc"),
    ]);
    let (status, body) = post_form(&app, &pairs).await;
    assert_eq!(status, 200, "{body}");
    let keys: Vec<&String> = body.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["data", "draw", "recordsFiltered", "recordsTotal"]);
    assert_eq!(body["draw"], json!(7));
    assert_eq!(body["recordsTotal"], json!(40));
    assert_eq!(body["recordsFiltered"], json!(40));
    // Completed (i % 4 = 2) sorts first; within it the latest date first: i = 38, 34, 30 …
    assert_eq!(codes(&body)[..3], ["ACT-038", "ACT-034", "ACT-030"]);
    assert_eq!(body["data"][0]["d_progress_date"], "2026-02-08");

    // Global search, any case, across the searchable text columns.
    let mut searched = pairs.clone();
    searched.push(("search[value]", "PIER"));
    let (_, body) = post_form(&app, &searched).await;
    assert_eq!(body["recordsTotal"], json!(40));
    assert_eq!(body["recordsFiltered"], json!(10));
    assert!(body["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|row| row["c_activity_name"].as_str().unwrap().starts_with("Pier")));

    // Per-column filter on the status column, applied with the search.
    let mut filtered = searched.clone();
    filtered.retain(|(k, _)| *k != "columns[1][search][value]");
    filtered.push(("columns[1][search][value]", "not started"));
    let (_, body) = post_form(&app, &filtered).await;
    assert_eq!(
        body["recordsFiltered"],
        json!(10),
        "every pier is i % 4 = 0, status 'Not started'"
    );
    filtered.retain(|(k, _)| *k != "columns[1][search][value]");
    filtered.push(("columns[1][search][value]", "Delayed"));
    let (_, body) = post_form(&app, &filtered).await;
    assert_eq!(body["recordsFiltered"], json!(0));
    assert_eq!(body["data"], json!([]));

    // A search word is text, never a pattern: % matches nothing here.
    let mut percent = pairs.clone();
    percent.push(("search[value]", "%"));
    let (_, body) = post_form(&app, &percent).await;
    assert_eq!(body["recordsFiltered"], json!(0));
}

#[tokio::test]
async fn json_body_defaults_all_rows_and_whrc() {
    let app = spawn_seeded_app().await;
    load_progress(&app).await;
    // No length and no order: five rows, ordered by the first column ascending (docs/console.md §9).
    let (status, body) = post_json(
        &app,
        json!({
            "t": "activity_progress", "draw": "2",
            "columns": [{"data": "c_activity_code"}, {"data": "n_progress_pct"}]
        }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["draw"], json!(2), "draw is echoed as an integer");
    assert_eq!(
        codes(&body),
        ["ACT-001", "ACT-002", "ACT-003", "ACT-004", "ACT-005"]
    );
    assert_eq!(body["data"][0]["n_progress_pct"], json!(2.50));

    let (_, body) = post_json(
        &app,
        json!({
            "t": "activity_progress", "draw": 3, "start": 30, "length": -1,
            "columns": [{"data": "c_activity_code"}], "order": [{"column": 0, "dir": "desc"}],
            "whrc": "n_progress_pct >= 50"
        }),
    )
    .await;
    assert_eq!(
        body["recordsTotal"],
        json!(21),
        "whrc bounds the total: i = 20 … 40"
    );
    assert_eq!(
        codes(&body),
        Vec::<String>::new(),
        "start 30 is past the 21 rows"
    );
    let (_, body) = post_json(
        &app,
        json!({
            "t": "activity_progress", "draw": 3, "start": 0, "length": -1,
            "columns": [{"data": "c_activity_code"}], "order": [{"column": 0, "dir": "desc"}],
            "whrc": "n_progress_pct >= 50"
        }),
    )
    .await;
    assert_eq!(codes(&body).len(), 21);
    assert_eq!(codes(&body)[0], "ACT-040");
}

#[tokio::test]
async fn bad_requests_answer_draw_and_error() {
    let app = spawn_seeded_app().await;
    let (status, body) = post_form(&app, &[("t", "nope"), ("draw", "4")]).await;
    assert_eq!((status, body["draw"].clone()), (400, json!(4)));
    assert_eq!(body["error"], "unknown table `nope`");

    let (status, body) = post_form(
        &app,
        &[
            ("t", "corridor"),
            ("draw", "5"),
            ("columns[0][data]", "c_code"),
            ("order[0][column]", "3"),
        ],
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("order column 3 does not exist"),
        "{body}"
    );

    let (status, body) = post_form(
        &app,
        &[
            ("t", "corridor"),
            ("draw", "6"),
            ("columns[0][data]", "c_secret_thing"),
        ],
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "unknown column `c_secret_thing` in `corridor`"
    );

    let (status, body) = post_form(&app, &[("t", "corridor"), ("draw", "x")]).await;
    assert_eq!((status, body["draw"].clone()), (400, json!(0)));

    let (status, body) = post_form(
        &app,
        &[("t", "corridor"), ("draw", "8"), ("whrc", "1=1; SELECT 1")],
    )
    .await;
    assert_eq!((status, body["draw"].clone()), (400, json!(8)));

    let response = app
        .post("/api/custom/datatable")
        .body("t=corridor")
        .header("content-type", "text/plain")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 415);
}

#[tokio::test]
async fn large_totals_are_planner_estimates_marked_as_such() {
    let app = spawn_seeded_app_with(|settings| settings.query.count_estimate_threshold = 10).await;
    load_progress(&app).await;
    app.execute("ANALYZE activity_progress").await;

    let response = app
        .post("/api/custom/datatable")
        .form(&[
            ("t", "activity_progress"),
            ("draw", "1"),
            ("search[value]", "crane"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["x-count-estimated"], "recordsTotal");
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["recordsTotalEstimated"], json!(true));
    assert!(body["recordsTotal"].as_i64().unwrap() >= 10);
    assert_eq!(
        body["recordsFiltered"],
        json!(1),
        "a small filtered count is exact"
    );
    assert!(body.get("recordsFilteredEstimated").is_none());
}

#[tokio::test]
async fn choice_columns_filter_exactly_and_text_columns_by_contents() {
    let app = spawn_seeded_app().await;
    let corridor = app
        .count("SELECT id FROM corridor WHERE c_code = 'C1'")
        .await;
    let expected = app
        .count(&format!(
            "SELECT count(*) FROM station WHERE n_corridor = {corridor}"
        ))
        .await;
    let interchanges = app
        .count("SELECT count(*) FROM station WHERE n_interchange = 1")
        .await;
    let page = |column: &str, value: String| {
        json!({"t": "station", "draw": 1, "start": 0, "length": 100,
               "columns": [{"data": "c_code"}, {"data": column, "search": {"value": value}}]})
    };
    // A lookup (an id) and a 0/1 flag match exactly: `1` is not 10 or 11.
    let (status, body) = post_json(&app, page("n_corridor", corridor.to_string())).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["recordsFiltered"], json!(expected));
    let (status, body) = post_json(&app, page("n_interchange", "1".into())).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["recordsFiltered"], json!(interchanges));
    // A value that is not of the column's type is a 400 naming the column, not a database error.
    let (status, body) = post_json(&app, page("n_corridor", "C1".into())).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("n_corridor"),
        "{body}"
    );
    // Text contains, any case.
    let (status, body) = post_json(&app, page("c_name", "CHOWK".into())).await;
    assert_eq!(status, 200, "{body}");
    let matching = app
        .count("SELECT count(*) FROM station WHERE c_name ILIKE '%chowk%'")
        .await;
    assert_eq!(body["recordsFiltered"], json!(matching));
}

#[tokio::test]
async fn number_and_date_filters_take_comparisons_and_ranges() {
    let app = spawn_seeded_app().await;
    load_progress(&app).await;
    let page = |column: &str, value: &str| {
        json!({"t": "activity_progress", "draw": 1, "start": 0, "length": 100,
               "whrc": "c_activity_code LIKE 'ACT-%'",
               "columns": [{"data": "c_activity_code"}, {"data": column, "search": {"value": value}}]})
    };
    // Progress is i × 2.5 for i = 1 … 40; dates are 2026-01-01 + i.
    for (column, value, expected) in [
        ("n_progress_pct", ">90", 4),
        ("n_progress_pct", ">=90", 5),
        ("n_progress_pct", "<5", 1),
        ("n_progress_pct", "10..20", 5),
        ("n_progress_pct", "95..", 3),
        ("n_progress_pct", "..5", 2),
        ("n_progress_pct", "25", 1),
        ("d_progress_date", "2026-01", 30),
        ("d_progress_date", "2026-02..2026-03", 10),
        ("d_progress_date", ">2026-01-31", 10),
        ("d_progress_date", "<=2026-01-05", 4),
        ("d_progress_date", "2026", 40),
        ("d_progress_date", "2026-01-15", 1),
    ] {
        let (status, body) = post_json(&app, page(column, value)).await;
        assert_eq!(status, 200, "{column} {value}: {body}");
        assert_eq!(body["recordsFiltered"], json!(expected), "{column} {value}");
    }
    for (column, value, hint) in [
        (
            "n_progress_pct",
            "ninety",
            "a comparison such as >20 or a range such as 10..20",
        ),
        (
            "d_progress_date",
            "2026-13",
            "a range such as 2026-01..2026-03",
        ),
    ] {
        let (status, body) = post_json(&app, page(column, value)).await;
        assert_eq!(status, 400, "{body}");
        let error = body["error"].as_str().unwrap();
        assert!(error.contains(column) && error.contains(hint), "{error}");
    }
}

#[tokio::test]
async fn global_search_finds_descriptions_and_text_sorts_ignore_case() {
    let app = spawn_seeded_app().await;
    app.execute(
        "INSERT INTO corridor (c_code, c_name, c_description) VALUES
             ('ZQ1', 'zeta line', 'Runs past the old salt pans'),
             ('ZQ2', 'Alpha line', NULL)",
    )
    .await;
    // The description is not a list column, yet the search finds its row.
    let (status, body) = post_json(
        &app,
        json!({"t": "corridor", "draw": 1, "start": 0, "length": 10,
               "columns": [{"data": "c_code"}, {"data": "c_name"}],
               "search": {"value": "salt pans"}}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"][0]["c_code"], "ZQ1", "{body}");
    assert_eq!(body["recordsFiltered"], json!(1));
    // "zeta line" sorts after "Alpha line" though lower case letters come after capitals in byte order.
    let (status, body) = post_json(
        &app,
        json!({"t": "corridor", "draw": 1, "start": 0, "length": 100,
               "whrc": "c_code LIKE 'ZQ%'",
               "columns": [{"data": "c_code"}, {"data": "c_name"}],
               "order": [{"column": 1, "dir": "asc"}]}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let names: Vec<&str> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["c_name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Alpha line", "zeta line"]);
}

#[tokio::test]
async fn pages_read_by_key_first_match_the_whole_order_and_counts_stop_at_the_threshold() {
    let app = spawn_seeded_app_with(|settings| settings.query.count_estimate_threshold = 5).await;
    load_progress(&app).await;
    app.execute("ANALYZE activity_progress").await;
    let page = |start: usize, search: &'static str| {
        let app = &app;
        async move {
            post_json(
                app,
                json!({"t": "activity_progress", "draw": 1, "start": start, "length": 4,
                       "search": {"value": search},
                       "columns": [{"data": "c_activity_code"}, {"data": "d_progress_date"}],
                       "order": [{"column": 1, "dir": "desc"}]}),
            )
            .await
        }
    };
    // Every page of "pier" (10 rows, by date descending) in turn, against the whole list read at once.
    let mut paged = Vec::new();
    for start in [0, 4, 8] {
        let (status, body) = page(start, "PIER").await;
        assert_eq!(status, 200, "{body}");
        paged.extend(codes(&body));
    }
    let (_, all) = post_json(
        &app,
        json!({"t": "activity_progress", "draw": 1, "start": 0, "length": -1,
               "search": {"value": "pier"},
               "columns": [{"data": "c_activity_code"}, {"data": "d_progress_date"}],
               "order": [{"column": 1, "dir": "desc"}]}),
    )
    .await;
    assert_eq!(paged, codes(&all));
    assert_eq!(paged.len(), 10);
    assert_eq!(paged[0], "ACT-040");

    // 10 matches, more than the threshold of 5: counting stops, and the answer says it is an estimate.
    let (_, body) = page(4, "pier").await;
    assert_eq!(body["recordsFilteredEstimated"], json!(true), "{body}");
    assert!(body["recordsFiltered"].as_i64().unwrap() >= 6, "{body}");
    // One match: counted exactly.
    let (_, body) = page(0, "crane").await;
    assert_eq!(body["recordsFiltered"], json!(1), "{body}");
    assert!(body.get("recordsFilteredEstimated").is_none(), "{body}");
    assert_eq!(codes(&body), ["ACT-007"]);
    // The search text holds the searchable columns only: a status word finds nothing.
    let (_, body) = page(0, "delayed").await;
    assert_eq!(body["recordsFiltered"], json!(0), "{body}");
}

#[tokio::test]
async fn a_searched_count_stops_at_its_own_threshold_while_the_total_is_exact() {
    let app = spawn_seeded_app_with(|settings| {
        settings.query.count_estimate_threshold = 100;
        settings.query.search_count_threshold = 5;
    })
    .await;
    load_progress(&app).await;
    app.execute("ANALYZE activity_progress").await;
    let total = app.count("SELECT count(*) FROM activity_progress").await;
    let (status, body) = post_json(
        &app,
        json!({"t": "activity_progress", "draw": 1, "start": 0, "length": 4,
               "search": {"value": "pier"},
               "columns": [{"data": "c_activity_code"}, {"data": "d_progress_date"}]}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // 10 matches, more than SEARCH_COUNT_THRESHOLD: marked as an estimate; the total, under
    // COUNT_ESTIMATE_THRESHOLD, is exact.
    assert_eq!(body["recordsFilteredEstimated"], json!(true), "{body}");
    assert!(body["recordsFiltered"].as_i64().unwrap() >= 6, "{body}");
    assert_eq!(body["recordsTotal"], json!(total), "{body}");
    assert!(body.get("recordsTotalEstimated").is_none(), "{body}");
}

/// `{key: name}` of the look-up rows with these keys, from the database itself (`sql` selects key and name as
/// text for `ANY($1)`).
async fn names_in_database(app: &TestApp, sql: &str, keys: &[i64]) -> Value {
    let rows = app.db().await.query(sql, &[&keys]).await.unwrap();
    let names: serde_json::Map<String, Value> = rows
        .iter()
        .map(|row| {
            (
                row.get::<_, String>(0),
                Value::String(row.get::<_, String>(1)),
            )
        })
        .collect();
    Value::Object(names)
}

/// The distinct keys a column holds on the page.
fn page_keys(body: &Value, column: &str) -> Vec<i64> {
    let mut keys: Vec<i64> = body["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|row| row[column].as_i64())
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

fn name_keys(body: &Value, column: &str) -> Vec<i64> {
    let mut keys: Vec<i64> = body["names"][column]
        .as_object()
        .unwrap_or_else(|| panic!("names of {column}: {body}"))
        .keys()
        .map(|key| key.parse().unwrap())
        .collect();
    keys.sort_unstable();
    keys
}

#[tokio::test]
async fn names_name_exactly_the_look_up_keys_on_the_page() {
    let app = spawn_seeded_app().await;
    // Stations by code, five a page: each page names the corridors and packages of its own rows only.
    let total = app.count("SELECT count(*) FROM station").await;
    let mut corridors_named = Vec::new();
    for start in (0..total).step_by(5) {
        let (status, body) = post_json(
            &app,
            json!({"t": "station", "draw": 1, "start": start, "length": 5, "names": true,
                   "columns": [{"data": "c_code"}, {"data": "n_corridor"}, {"data": "n_package"}],
                   "order": [{"column": 0, "dir": "asc"}]}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let names = body["names"].as_object().unwrap();
        assert_eq!(
            names.keys().collect::<Vec<_>>(),
            ["n_corridor", "n_package"],
            "{body}"
        );
        let corridors = page_keys(&body, "n_corridor");
        assert_eq!(name_keys(&body, "n_corridor"), corridors, "{body}");
        assert_eq!(
            body["names"]["n_corridor"],
            names_in_database(
                &app,
                "SELECT id::text, c_name FROM corridor WHERE id = ANY($1)",
                &corridors
            )
            .await
        );
        let packages = page_keys(&body, "n_package");
        assert_eq!(
            body["names"]["n_package"],
            names_in_database(
                &app,
                "SELECT id::text, c_name FROM package WHERE id = ANY($1)",
                &packages
            )
            .await
        );
        corridors_named.push(corridors);
    }
    assert!(
        corridors_named.windows(2).any(|pair| pair[0] != pair[1]),
        "pages differ in their corridors: {corridors_named:?}"
    );

    // Several look-up columns at once, three of them on one look-up (people), and a person the look-up no longer
    // lists (deactivated): their key stays in the rows and is left out of the names.
    app.execute("UPDATE users SET n_active = 0 WHERE c_username = 'contractor2'")
        .await;
    let gone = app
        .count("SELECT id FROM users WHERE c_username = 'contractor2'")
        .await;
    let (status, body) = post_json(
        &app,
        json!({"t": "rfi", "draw": 1, "start": 0, "length": -1, "names": true,
               "columns": [{"data": "c_rfi_no"}, {"data": "c_state"}, {"data": "n_package"},
                           {"data": "n_discipline"}, {"data": "n_raised_by"}, {"data": "n_assigned_to"},
                           {"data": "n_ball_in_court"}]}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let named: std::collections::BTreeSet<&str> = body["names"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        named,
        [
            "n_package",
            "n_discipline",
            "n_raised_by",
            "n_assigned_to",
            "n_ball_in_court"
        ]
        .into(),
        "every look-up column, the state column not: {body}"
    );
    assert!(
        page_keys(&body, "n_raised_by").contains(&gone),
        "the deactivated contractor raised RFIs: {body}"
    );
    for (column, sql) in [
        (
            "n_package",
            "SELECT id::text, c_code FROM package WHERE id = ANY($1)",
        ),
        (
            "n_discipline",
            "SELECT id::text, c_name FROM discipline WHERE id = ANY($1)",
        ),
        (
            "n_raised_by",
            "SELECT id::text, name FROM v_user_list WHERE id = ANY($1)",
        ),
        (
            "n_assigned_to",
            "SELECT id::text, name FROM v_user_list WHERE id = ANY($1)",
        ),
        (
            "n_ball_in_court",
            "SELECT id::text, name FROM v_user_list WHERE id = ANY($1)",
        ),
    ] {
        let keys = page_keys(&body, column);
        assert_eq!(
            body["names"][column],
            names_in_database(&app, sql, &keys).await,
            "{column}: {body}"
        );
    }
    assert!(body["names"]["n_raised_by"].get(gone.to_string()).is_none());
}

#[tokio::test]
async fn names_cover_only_the_rows_kept_under_max_rows() {
    let app = spawn_seeded_app_with(|settings| settings.query.max_rows = 3).await;
    // Stations by descending code: the fourth row, read only to know the answer is cut, names nothing.
    let (status, body) = post_json(
        &app,
        json!({"t": "station", "draw": 1, "start": 0, "length": -1, "names": true,
               "columns": [{"data": "c_code"}, {"data": "n_corridor"}],
               "whrc": "c_code IN ('C1-S01', 'C1-S02', 'C1-S03', 'C2-S01')",
               "order": [{"column": 0, "dir": "asc"}]}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"].as_array().unwrap().len(), 3, "{body}");
    assert_eq!(
        name_keys(&body, "n_corridor"),
        page_keys(&body, "n_corridor"),
        "{body}"
    );
    assert_eq!(page_keys(&body, "n_corridor").len(), 1, "{body}");
}

#[tokio::test]
async fn names_leave_out_columns_the_caller_cannot_read() {
    let app = spawn_seeded_app().await;
    // The viewer reads packages only as a look-up list (its display columns): no corridor, so no corridor names.
    let token = app.sign_in("viewer", "Viewer@123").await;
    let viewer = app.with_token(&token);
    let (status, body) = post_json(
        &viewer,
        json!({"t": "package", "draw": 1, "start": 0, "length": 10, "names": true}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(body["data"][0].get("n_corridor").is_none(), "{body}");
    assert_eq!(body["names"], json!({}), "{body}");
    let (status, body) = post_json(
        &viewer,
        json!({"t": "package", "draw": 1, "names": true, "columns": [{"data": "n_corridor"}]}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    // The administrator reads the column, and its names.
    let (status, body) = post_json(
        &app,
        json!({"t": "package", "draw": 1, "start": 0, "length": 10, "names": true}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(!name_keys(&body, "n_corridor").is_empty(), "{body}");
    // A value that is not a switch is refused, naming it.
    let (status, body) = post_form(&app, &[("t", "package"), ("names", "please")]).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].as_str().unwrap().contains("names"), "{body}");
}

#[tokio::test]
async fn an_answer_without_names_is_unchanged_and_names_only_add_a_member() {
    let app = spawn_seeded_app().await;
    let total = app.count("SELECT count(*) FROM station").await;
    let page = |names: Option<bool>| {
        let mut body = json!({"t": "station", "draw": 3, "start": 0, "length": 5,
                              "columns": [{"data": "id"}, {"data": "c_code"}, {"data": "n_corridor"}],
                              "order": [{"column": 0, "dir": "asc"}]});
        if let Some(names) = names {
            body["names"] = json!(names);
        }
        body
    };
    let raw = |body: Value| {
        let app = &app;
        async move {
            let response = app
                .post("/api/custom/datatable")
                .json(&body)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200);
            response.text().await.unwrap()
        }
    };
    // What PostgreSQL's json_agg writes of the same rows, in the protocol's frame.
    let rows: String = app
        .db()
        .await
        .query_one(
            "SELECT json_agg(s)::text FROM (SELECT id, c_code, n_corridor FROM station ORDER BY id LIMIT 5) s",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let expected =
        format!(r#"{{"draw":3,"recordsTotal":{total},"recordsFiltered":{total},"data":{rows}}}"#);
    assert_eq!(raw(page(None)).await, expected);
    assert_eq!(raw(page(Some(false))).await, expected);
    // The form encoding, too.
    let form = app
        .post("/api/custom/datatable")
        .form(&[
            ("t", "station"),
            ("draw", "3"),
            ("start", "0"),
            ("length", "5"),
            ("columns[0][data]", "id"),
            ("columns[1][data]", "c_code"),
            ("columns[2][data]", "n_corridor"),
            ("order[0][column]", "0"),
        ])
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(form, expected);

    let named = raw(page(Some(true))).await;
    let frame = expected.strip_suffix('}').unwrap();
    let names = named
        .strip_prefix(frame)
        .and_then(|rest| rest.strip_prefix(r#","names":"#))
        .and_then(|rest| rest.strip_suffix('}'))
        .unwrap_or_else(|| panic!("{named}"));
    let names: Value = serde_json::from_str(names).unwrap();
    let corridors = page_keys(&serde_json::from_str(&expected).unwrap(), "n_corridor");
    assert_eq!(
        names,
        json!({"n_corridor": names_in_database(
            &app,
            "SELECT id::text, c_name FROM corridor WHERE id = ANY($1)",
            &corridors
        )
        .await})
    );
}

#[tokio::test]
async fn a_search_matches_every_look_up_column_by_name_in_one_read() {
    let app = spawn_seeded_app().await;
    // The RFIs' people (four columns on one look-up), packages, disciplines and stations are found by the text
    // people see; each word's rows are checked against the same match written out in SQL.
    let expected = |word: &str| {
        format!(
            "SELECT c_rfi_no FROM rfi r WHERE
               concat_ws(' ', c_rfi_no, c_subject, c_question, c_reference, c_response) ILIKE '%{word}%'
               OR n_package IN (SELECT id FROM package WHERE c_code ILIKE '%{word}%')
               OR n_discipline IN (SELECT id FROM discipline WHERE c_name ILIKE '%{word}%')
               OR n_station IN (SELECT id FROM station WHERE c_name ILIKE '%{word}%')
               OR EXISTS (SELECT 1 FROM v_user_list u WHERE u.name ILIKE '%{word}%'
                          AND u.id IN (r.n_raised_by, r.n_assigned_to, r.n_ball_in_court, r.n_updated_by))
             ORDER BY c_rfi_no"
        )
    };
    let db = app.db().await;
    let mut found_any = 0;
    for word in [
        "mehta",
        "Rahul",
        "C2-V0",
        "structur",
        "Central",
        "nobody-has-this",
    ] {
        let (status, body) = post_json(
            &app,
            json!({"t": "rfi", "draw": 1, "start": 0, "length": -1, "search": {"value": word},
                   "columns": [{"data": "c_rfi_no"}], "order": [{"column": 0, "dir": "asc"}]}),
        )
        .await;
        assert_eq!(status, 200, "{word}: {body}");
        let found: Vec<String> = body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row["c_rfi_no"].as_str().unwrap().to_owned())
            .collect();
        let wanted: Vec<String> = db
            .query(&expected(word), &[])
            .await
            .unwrap()
            .iter()
            .map(|row| row.get(0))
            .collect();
        assert_eq!(found, wanted, "{word}");
        found_any += usize::from(!found.is_empty());
    }
    assert!(found_any >= 3, "the words find RFIs");
}
