//! `GET /api/export`: streamed CSV and XLSX with a header row of labels.

use std::io::Read;

use crate::helpers::{encode, spawn_seeded_app};

#[tokio::test]
async fn csv_has_bom_labels_every_row_and_exact_numbers() {
    let app = spawn_seeded_app().await;
    app.execute("UPDATE project SET n_sanctioned_cost = 12345678901234.56 WHERE c_code = 'MRP-BL'")
        .await;
    let response = app
        .get("/api/export?t=project&cols=c_code,c_name,n_sanctioned_cost&format=csv")
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/csv; charset=utf-8"
    );
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.starts_with("attachment; filename=\"project-20")
            && disposition.ends_with(".csv\""),
        "{disposition}"
    );
    let body = response.bytes().await.unwrap();
    assert!(body.starts_with(b"\xEF\xBB\xBF"), "UTF-8 BOM for Excel");
    let text = std::str::from_utf8(&body[3..]).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Code,Name,Sanctioned cost (INR)");
    assert_eq!(lines.len(), 3);
    assert!(
        lines.contains(&"MRP-BL,Blue Line Metro Rail Project,12345678901234.56"),
        "{lines:?}"
    );
}

#[tokio::test]
async fn csv_follows_filters_search_and_order_with_any_text() {
    let app = spawn_seeded_app().await;
    app.execute(
        r#"INSERT INTO activity_progress (n_package, c_activity_code, c_activity_name, d_progress_date, n_progress_pct, c_status, c_remarks)
           SELECT (SELECT min(id) FROM package), 'A-' || i, 'Pile cap ' || i, DATE '2026-03-01' + i, 10, 'In progress',
                  CASE WHEN i % 2 = 0 THEN E'it''s a \\ "quoted", line\nbreak' ELSE 'plain' END
           FROM generate_series(1, 2500) i"#,
    )
    .await;
    // whrc with quotes and backslashes travels as a value, never as SQL.
    let whrc = encode(
        r#"c_remarks = 'it''s a \ "quoted", line
break'"#,
    );
    let response = app
        .get(&format!(
            "/api/export?t=activity_progress&cols=c_activity_code,c_remarks&whrc={whrc}&order[0][column]=0&order[0][dir]=desc&columns[0][data]=c_activity_code&columns[1][data]=c_activity_name&search[value]=PILE"
        ))
        .await;
    assert_eq!(response.status(), 200);
    let body = response.bytes().await.unwrap();
    let mut reader = csv_records(&body[3..]);
    assert_eq!(reader.remove(0), ["Activity code", "Remarks"]);
    assert_eq!(reader.len(), 1250);
    assert_eq!(
        reader[0],
        ["A-998", "it's a \\ \"quoted\", line\nbreak"],
        "ordered by code descending (text)"
    );

    let (status, _) = app
        .get_json("/api/export?t=activity_progress&format=pdf")
        .await;
    assert_eq!(status, 400);
    let (status, _) = app.get_json("/api/export?t=users_secret&format=csv").await;
    assert_eq!(status, 400);
}

/// Minimal RFC 4180 reader for the assertions.
fn csv_records(bytes: &[u8]) -> Vec<Vec<String>> {
    let text = std::str::from_utf8(bytes).unwrap();
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    records
}

#[tokio::test]
async fn xlsx_is_a_workbook_with_labels_and_rows() {
    let app = spawn_seeded_app().await;
    let response = app.get("/api/export?t=station&cols=c_code,c_name,n_chainage_km&format=xlsx&whrc=n_sequence%20%3C%3D%205").await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    );
    let body = response.bytes().await.unwrap();
    let mut archive =
        zip::ZipArchive::new(std::io::Cursor::new(body.to_vec())).expect("a zip package");
    let mut sheet = String::new();
    archive
        .by_name("xl/worksheets/sheet1.xml")
        .unwrap()
        .read_to_string(&mut sheet)
        .unwrap();
    assert!(
        sheet.contains(r#"<t xml:space="preserve">Chainage (km)</t>"#),
        "{sheet}"
    );
    let expected_rows = app
        .count("SELECT count(*) FROM station WHERE n_sequence <= 5")
        .await;
    assert_eq!(sheet.matches("<row ").count() as i64, expected_rows + 1);
    assert!(sheet.contains("<v>"), "chainage is written as a number");
    let mut workbook = String::new();
    archive
        .by_name("xl/workbook.xml")
        .unwrap()
        .read_to_string(&mut workbook)
        .unwrap();
    assert!(workbook.contains(r#"name="Station""#));
}

/// One pooled connection, so that the export and the next request share it.
async fn single_connection_app() -> crate::helpers::TestApp {
    crate::helpers::spawn_seeded_app_with(|settings| settings.database.pool_size = 1).await
}

#[tokio::test]
async fn an_export_leaves_the_pooled_session_as_it_found_it() {
    let app = single_connection_app().await;
    let response = app
        .get("/api/export?t=corridor&cols=c_code&whrc=c_code%20%3D%20'C2'")
        .await;
    assert_eq!(response.text().await.unwrap(), "\u{feff}Code\r\nC2\n");
    let client = app.pool.get().await.unwrap();
    let row = client
        .query_one(
            "SELECT current_setting('statement_timeout'), current_setting('pmis.p1', true)",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(
        row.get::<_, String>(0),
        "5s",
        "the export's longer timeout is reset"
    );
    assert_eq!(
        row.get::<_, Option<String>>(1).unwrap_or_default(),
        "",
        "filter values are cleared"
    );
}

#[tokio::test]
async fn a_client_leaving_mid_export_does_not_break_the_next_request() {
    let app = single_connection_app().await;
    app.execute(
        "INSERT INTO activity_progress (n_package, c_activity_code, c_activity_name, d_progress_date, n_progress_pct, c_status, c_remarks)
         SELECT (SELECT min(id) FROM package), 'B-' || i, repeat('long activity name ', 8), DATE '2026-01-01', 1, 'Completed', repeat('x', 200)
         FROM generate_series(1, 60000) i",
    )
    .await;
    let mut response = app.get("/api/export?t=activity_progress&format=csv").await;
    assert_eq!(response.status(), 200);
    let first = response.chunk().await.unwrap().expect("a first chunk");
    assert!(!first.is_empty());
    drop(response);
    // The half-read COPY's connection is discarded; the next request gets a clean one.
    let (status, body) = app
        .get_json("/api/custom/selectall?t=corridor&cols=c_code&whrc=c_code%20%3D%20'C1'")
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, serde_json::json!([{"c_code": "C1"}]));
}

#[tokio::test]
async fn an_export_that_fails_before_its_first_row_is_an_error_answer_not_a_cut_download() {
    let app = crate::helpers::spawn_seeded_app_with(|settings| {
        settings.query.export_statement_timeout = std::time::Duration::from_millis(10);
    })
    .await;
    // Nothing matches, and finding that out reads 400,000 rows (an index on the status still leaves a ~40 ms
    // bitmap scan): the statement times out after COPY has started and before any row.
    app.execute(
        "INSERT INTO activity_progress (n_package, c_activity_code, c_activity_name, d_progress_date, n_progress_pct, c_status, c_remarks)
         SELECT (SELECT min(id) FROM package), 'S-' || i, repeat('slow scan ', 20), DATE '2026-01-01', 1, 'Completed', repeat('y', 300)
         FROM generate_series(1, 400000) i",
    )
    .await;
    for format in ["csv", "xlsx"] {
        let response = app
            .get(&format!(
                "/api/export?t=activity_progress&format={format}&whrc={}",
                crate::helpers::encode("n_progress_pct = 99 AND c_status = 'Delayed'")
            ))
            .await;
        assert_eq!(response.status(), 503, "{format}");
        let body: serde_json::Value = response.json().await.expect("a JSON error");
        assert_eq!(body["code"], "PMIS-S504", "{format}: {body}");
    }
    // A refused pattern is a 400 naming it, on every read.
    let whrc = crate::helpers::encode(r"c_activity_name ILIKE '\'");
    for path in [
        format!("/api/custom/selectall?t=activity_progress&whrc={whrc}"),
        format!("/api/export?t=activity_progress&format=csv&whrc={whrc}"),
    ] {
        let (status, body) = app.get_json(&path).await;
        assert_eq!(status, 400, "{path}: {body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("ends with a backslash"),
            "{body}"
        );
    }
}

#[tokio::test]
async fn lookups_are_exported_and_searched_by_the_text_people_see() {
    let app = spawn_seeded_app().await;
    // A name typed by someone (self-registration): exported as text, never as a formula.
    app.execute(
        "UPDATE users SET c_name = '=HYPERLINK(\"http://x.example\",\"Arjun\")' WHERE c_username = 'engineer'",
    )
    .await;
    let text = app
        .get("/api/export?t=rfi&cols=c_rfi_no,n_package,n_assigned_to&format=csv&whrc=c_rfi_no%20%3D%20'C1-V01-RFI-00001'")
        .await
        .text()
        .await
        .unwrap();
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(lines[0], "RFI No.,Package,Assigned to (engineer)");
    assert_eq!(
        lines[1],
        "C1-V01-RFI-00001,C1-V01,\"'=HYPERLINK(\"\"http://x.example\"\",\"\"Arjun\"\")\""
    );
    // XLSX takes the same display text.
    let response = app
        .get(
            "/api/export?t=station&cols=c_code,n_corridor&format=xlsx&whrc=c_code%20%3D%20'C1-S01'",
        )
        .await;
    assert_eq!(response.status(), 200);

    // The data table's search finds rows by a look-up's display text: stations of "Airport depot"'s corridor by
    // the corridor's name.
    let corridor: String = app
        .db()
        .await
        .query_one("SELECT c_name FROM corridor WHERE c_code = 'C1'", &[])
        .await
        .unwrap()
        .get(0);
    let word = corridor.split(':').next().unwrap().trim().to_owned();
    let (status, table) = app
        .post_json(
            "/api/custom/datatable",
            &serde_json::json!({"t": "station", "draw": 1, "start": 0, "length": 100, "search": {"value": corridor}}),
        )
        .await;
    assert_eq!(status, 200, "{table}");
    let in_corridor = app
        .count("SELECT count(*) FROM station s JOIN corridor c ON c.id = s.n_corridor WHERE c.c_code = 'C1'")
        .await;
    assert_eq!(
        table["recordsFiltered"].as_i64(),
        Some(in_corridor),
        "{word}: {table}"
    );
}
