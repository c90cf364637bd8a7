//! An exported workbook as its readers see it: openpyxl (PyPI, in `just test`'s Python environment) reads real
//! dates, formatted amounts, a bold frozen header with an autofilter and column widths, without a warning; and the
//! product's own importer takes the workbook back with no error.

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

use crate::helpers::{spawn_seeded_app, TestApp};

async fn export(app: &TestApp, query: &str) -> Vec<u8> {
    let response = app.get(&format!("/api/export?{query}&format=xlsx")).await;
    assert_eq!(response.status(), 200);
    response.bytes().await.expect("workbook").to_vec()
}

/// What openpyxl reads of the workbook: the header, each data row's cells as `[python type, value, number format]`,
/// and the sheet's frozen pane, filter, widths and the header's boldness. Any warning openpyxl gives fails.
fn read_with_openpyxl(workbook: &[u8]) -> Value {
    let file = std::env::temp_dir().join(format!(
        "pmis-export-{}.xlsx",
        uuid::Uuid::new_v4().simple()
    ));
    std::fs::write(&file, workbook).expect("write the workbook");
    let python = std::env::var("PMIS_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
    let script = r#"
import datetime, json, sys, warnings
warnings.simplefilter("error")
import openpyxl
ws = openpyxl.load_workbook(sys.argv[1]).active
rows = list(ws.iter_rows())
def cell(c):
    v = c.value
    if isinstance(v, (datetime.datetime, datetime.date)):
        v = v.isoformat()
    return [type(c.value).__name__, v, c.number_format]
print(json.dumps({
    "header": [c.value for c in rows[0]],
    "bold": all(c.font.b for c in rows[0]),
    "rows": [[cell(c) for c in r] for r in rows[1:]],
    "freeze": ws.freeze_panes,
    "filter": ws.auto_filter.ref,
    "widths": [ws.column_dimensions[openpyxl.utils.get_column_letter(i + 1)].width for i in range(len(rows[0]))],
}))
"#;
    let output = std::process::Command::new(&python)
        .args(["-c", script])
        .arg(&file)
        .output()
        .unwrap_or_else(|e| panic!("{python}: {e}"));
    let _ = std::fs::remove_file(&file);
    assert!(
        output.status.success(),
        "openpyxl: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("openpyxl's JSON")
}

#[tokio::test]
async fn an_exported_ipc_list_opens_in_openpyxl_with_dates_amounts_and_a_frozen_filtered_header() {
    let app = spawn_seeded_app().await;
    let book = read_with_openpyxl(
        &export(
            &app,
            "t=ipc&cols=c_ipc_no,d_certificate,n_gross_certified,n_row_version,d_created_at&whrc=c_ipc_no%20%3D%20'C1-SYS1-IPC-002'",
        )
        .await,
    );
    assert_eq!(book["freeze"], "A2", "{book}");
    assert_eq!(book["filter"], "A1:E2", "{book}");
    assert_eq!(book["bold"], true, "{book}");
    assert_eq!(
        book["header"],
        json!([
            "IPC No.",
            "Certificate date",
            "Gross certified (INR)",
            "Row version",
            "Prepared on"
        ])
    );
    for width in book["widths"].as_array().unwrap() {
        assert!(width.as_f64().unwrap() >= 10.0, "{book}");
    }
    let db = app.db().await;
    let ipc = db
        .query_one(
            "SELECT d_certificate::text, n_gross_certified::float8, to_char(d_created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD\"T\"HH24:MI:SS')
             FROM ipc WHERE c_ipc_no = 'C1-SYS1-IPC-002'",
            &[],
        )
        .await
        .unwrap();
    let row = &book["rows"][0];
    assert_eq!(row[0], json!(["str", "C1-SYS1-IPC-002", "General"]));
    // A date is a date: Excel's date, shown as one.
    assert_eq!(
        row[1],
        json!([
            "datetime",
            format!("{}T00:00:00", ipc.get::<_, String>(0)),
            "dd mmm yyyy"
        ])
    );
    // An amount is a number, to the paisa, grouped in lakhs and crores.
    assert_eq!(row[2][0], "float");
    assert_eq!(row[2][1].as_f64(), Some(ipc.get::<_, f64>(1)));
    assert_eq!(
        row[2][2],
        r#"[>=10000000]##\,##\,##\,##0.00;[>=100000]##\,##\,##0.00;##,##0.00"#
    );
    // A whole number (a row version, a count) stays General.
    assert_eq!((&row[3][0], &row[3][2]), (&json!("int"), &json!("General")));
    // A timestamp is the programme's wall time, to the second.
    assert_eq!(row[4][0], "datetime");
    assert_eq!(row[4][1], ipc.get::<_, String>(2));
    assert_eq!(row[4][2], "dd mmm yyyy hh:mm");
}

#[tokio::test]
async fn an_exported_workbook_imports_back_without_an_error() {
    let app = spawn_seeded_app().await;
    let rows = app.count("SELECT count(*) FROM keyelementstatus").await;
    assert!(rows > 0);
    let workbook = export(
        &app,
        "t=keyelementstatus&cols=n_package,c_element_type,c_element_id,d_planned,n_percent_complete",
    )
    .await;
    let form = Form::new()
        .text(
            "options",
            json!({"mode": "upsert", "key": ["n_package", "c_element_type", "c_element_id"], "dry_run": true})
                .to_string(),
        )
        .part("file", Part::bytes(workbook).file_name("keyelementstatus.xlsx"));
    let (status, body) = app.send_form("/api/import/keyelementstatus", form).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["errors"].as_array().map(Vec::len), Some(0), "{body}");
    assert_eq!(body["updated"].as_i64(), Some(rows), "{body}");
}
