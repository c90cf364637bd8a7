//! The generic CSV/XLSX importer against the real PostgreSQL: dry run and commit, every refusal of a bad file
//! with nothing written, encodings and delimiters, look-ups by code and name, update by a business key, package
//! scope, the form's workflow and numbering, the audit trail of a run, the error report, the template and the
//! four import screens' sample files; and the real binary's peak memory over a large import.

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

use crate::helpers::{
    create_database, fixture_dist, free_port, fresh_database_name, registry_dir, spawn_seeded_app,
    TestApp,
};

fn fixture(name: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/import")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// POSTs an import: `fields` as text parts, then the file last.
async fn send(
    app: &TestApp,
    path: &str,
    fields: &[(&str, Value)],
    name: &str,
    bytes: Vec<u8>,
) -> (u16, Value) {
    let mut form = Form::new();
    for (field, value) in fields {
        form = form.text(field.to_string(), value.to_string());
    }
    form = form.part("file", Part::bytes(bytes).file_name(name.to_owned()));
    app.send_form(path, form).await
}

async fn import(
    app: &TestApp,
    entry: &str,
    options: Value,
    name: &str,
    bytes: Vec<u8>,
) -> (u16, Value) {
    send(
        app,
        &format!("/api/import/{entry}"),
        &[("options", options)],
        name,
        bytes,
    )
    .await
}

fn messages(body: &Value) -> Vec<String> {
    body["errors"]
        .as_array()
        .or_else(|| body["details"]["errors"].as_array())
        .map(|errors| {
            errors
                .iter()
                .map(|e| {
                    format!(
                        "row {}: {}",
                        e["row"],
                        e["message"].as_str().unwrap_or_default()
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// A minimal XLSX workbook: one sheet "Data" with `rows` (sheetData XML), merged ranges, and style 1 a date.
fn xlsx(rows: &str, merged: &[&str]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    let merge = if merged.is_empty() {
        String::new()
    } else {
        format!(
            r#"<mergeCells count="{}">{}</mergeCells>"#,
            merged.len(),
            merged
                .iter()
                .map(|m| format!(r#"<mergeCell ref="{m}"/>"#))
                .collect::<String>()
        )
    };
    let parts = [
        ("[Content_Types].xml", r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>"#.to_owned()),
        ("_rels/.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.to_owned()),
        ("xl/workbook.xml", r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>"#.to_owned()),
        ("xl/_rels/workbook.xml.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>"#.to_owned()),
        ("xl/styles.xml", r#"<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>"#.to_owned()),
        ("xl/worksheets/sheet1.xml", format!(r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>{rows}</sheetData>{merge}</worksheet>"#)),
    ];
    for (name, body) in parts {
        zip.start_file(name, options).unwrap();
        zip.write_all(body.as_bytes()).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn s(reference: &str, text: &str) -> String {
    format!(r#"<c r="{reference}" t="inlineStr"><is><t>{text}</t></is></c>"#)
}

#[tokio::test]
async fn a_csv_is_checked_then_committed_all_or_nothing_and_traceable() {
    let app = spawn_seeded_app().await;
    let before = app.count("SELECT count(*) FROM corridor").await;
    // `;` delimiter, Indian grouping, a row breaking a rule, one with a required field empty.
    let file = "Code;Name;Length (km);Description\nZ1;Zed line;\"1,23,456.50\";first\nZ2;Zed two;1,234.5;second\nZ3;;5;third\n";
    let (status, body) = import(
        &app,
        "corridor",
        json!({"dry_run": true, "progress": "t1"}),
        "c.csv",
        file.into(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["rows_read"].as_u64(), body["refused"].as_u64()),
        (Some(3), Some(1)),
        "{body}"
    );
    assert_eq!(messages(&body), ["row 4: Name is required"]);
    assert_eq!(
        app.count("SELECT count(*) FROM corridor").await,
        before,
        "a dry run writes nothing"
    );
    let (status, progress) = app.get_json("/api/import/progress/t1").await;
    assert_eq!(
        (
            status,
            progress["phase"].as_str(),
            progress["rows_read"].as_u64()
        ),
        (200, Some("done"), Some(3))
    );
    // A key the gateway does not know (an upload not arrived yet) is waiting, not an error the browser logs.
    let (status, progress) = app.get_json("/api/import/progress/not-yet").await;
    assert_eq!((status, progress["phase"].as_str()), (200, Some("waiting")));
    // A commit with a refused row writes nothing and answers 422 with the summary.
    let (status, body) = import(&app, "corridor", json!({}), "c.csv", file.into()).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (422, Some("import_refused")),
        "{body}"
    );
    assert_eq!(body["details"]["refused"], 1);
    assert_eq!(app.count("SELECT count(*) FROM corridor").await, before);
    // The error report of that run.
    let report = app
        .get(body["details"]["error_report"].as_str().unwrap())
        .await;
    assert_eq!(report.status(), 200);
    let csv = report.text().await.unwrap();
    assert!(
        csv.starts_with("row,column,value,message\n4,c_name,,Name is required"),
        "{csv}"
    );
    // Only the valid rows.
    let (status, body) = import(
        &app,
        "corridor",
        json!({"valid_only": true}),
        "c.csv",
        file.into(),
    )
    .await;
    assert_eq!(
        (
            status,
            body["inserted"].as_u64(),
            body["committed"].as_bool()
        ),
        (200, Some(2), Some(true)),
        "{body}"
    );
    let length: String = app
        .db()
        .await
        .query_one(
            "SELECT n_length_km::text FROM corridor WHERE c_code = 'Z1'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(length, "123456.500");
    // Every audit row of the run carries it; the run is logged.
    let run = body["run"].as_i64().unwrap();
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM audit_log WHERE n_import_run = {run}"
        ))
        .await,
        2
    );
    let (_, runs) = app.get_json("/api/import/runs?entry=corridor").await;
    let statuses: Vec<&str> = runs
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["committed", "refused", "checked"]);
    assert_eq!(runs[0]["sha256"].as_str().unwrap().len(), 64);
}

#[tokio::test]
async fn encodings_and_delimiters_are_detected() {
    let app = spawn_seeded_app().await;
    // Windows-1252 with a tab delimiter.
    let mut latin = b"Code\tName\tDescription\nW1\tCaf\xe9 line\tCost \x80 5\n".to_vec();
    let (status, body) = import(&app, "corridor", json!({}), "w.csv", latin.split_off(0)).await;
    assert_eq!(status, 200, "{body}");
    // UTF-16 LE with its BOM, `|` delimited.
    let text = "Code|Name\nU1|Ünïcode line\n";
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let (status, preview) = send(
        &app,
        "/api/import/corridor/preview",
        &[],
        "u.csv",
        utf16.clone(),
    )
    .await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(
        (preview["encoding"].as_str(), preview["delimiter"].as_str()),
        (Some("UTF-16LE"), Some("|"))
    );
    assert_eq!(preview["mapping"]["Code"], "c_code");
    let (status, body) = import(&app, "corridor", json!({}), "u.csv", utf16).await;
    assert_eq!(status, 200, "{body}");
    let names: Vec<String> = app
        .db()
        .await
        .query("SELECT c_name || '/' || coalesce(c_description, '') FROM corridor WHERE c_code IN ('W1', 'U1') ORDER BY c_code", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(names, ["Ünïcode line/", "Café line/Cost € 5"]);
}

#[tokio::test]
async fn bad_files_get_a_clear_answer_and_change_nothing() {
    let app = spawn_seeded_app().await;
    let count = "SELECT (SELECT count(*) FROM corridor) + (SELECT count(*) FROM keyelementstatus)";
    let before = app.count(count).await;
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        ("empty.csv", Vec::new(), 400, "empty.csv is empty"),
        ("blank.csv", b"\n \n".to_vec(), 400, "is empty"),
        (
            "photo.csv",
            b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(),
            415,
            "is not a text (CSV) file",
        ),
        (
            "book.xlsx",
            b"PK\x03\x04 not really a zip".to_vec(),
            415,
            "is not an XLSX workbook",
        ),
        (
            "dup.csv",
            b"Code,Name,code\nA,B,C\n".to_vec(),
            422,
            "the header \"code\" is in columns A and C",
        ),
        (
            "gap.csv",
            b"Code,,Name\nA,x,B\n".to_vec(),
            422,
            "column B has no header",
        ),
        (
            "noname.csv",
            b"Code,Description\nA,B\n".to_vec(),
            422,
            "Name is required, but no header of the file is mapped to it",
        ),
        (
            "merged.xlsx",
            xlsx(
                &format!(
                    r#"<row r="1">{}{}</row><row r="2">{}</row>"#,
                    s("A1", "Code"),
                    s("B1", "Name"),
                    s("A2", "X")
                ),
                &["B1:D1"],
            ),
            422,
            "row 1: the headers of columns B–D are merged; give each column its own header",
        ),
    ];
    for (name, bytes, status, message) in cases {
        let (got, body) = import(&app, "corridor", json!({}), name, bytes).await;
        assert_eq!(got, status, "{name}: {body}");
        assert!(
            body["message"]
                .as_str()
                .unwrap_or_default()
                .contains(message),
            "{name}: {body}"
        );
    }
    let (status, body) = send(
        &app,
        "/api/import/corridor",
        &[("options", json!({"sheet": "Missing"}))],
        "one.xlsx",
        xlsx(&format!(r#"<row r="1">{}</row>"#, s("A1", "Code")), &[]),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("no sheet named \"Missing\"; its sheets are Data"),
        "{body}"
    );
    // The viewer may not import; nothing is logged for a refusal before the file is read.
    let viewer = app.with_token(&app.sign_in("viewer", "Viewer@123").await);
    let (status, _) = import(
        &viewer,
        "corridor",
        json!({}),
        "c.csv",
        b"Code,Name\nV,V\n".to_vec(),
    )
    .await;
    assert_eq!(status, 403);
    assert_eq!(app.count(count).await, before);
    let refused = app
        .count("SELECT count(*) FROM import_run WHERE c_status = 'refused'")
        .await;
    assert!(refused >= 8, "refused runs are logged: {refused}");
}

#[tokio::test]
async fn xlsx_dates_formulas_lookups_and_update_by_key() {
    let app = spawn_seeded_app().await;
    let before = app.count("SELECT count(*) FROM keyelementstatus").await;
    let header = format!(
        r#"<row r="1">{}{}{}{}{}{}</row>"#,
        s("A1", "Package"),
        s("B1", "Element type"),
        s("C1", "Element ID"),
        s("D1", "Planned"),
        s("E1", "% complete"),
        s("F1", "Station")
    );
    // Row 2 updates P101 (a date cell, a formula with its cached value); row 3 inserts by the package's name
    // (not its code); row 4 names an unknown package; row 5 has a formula without a value; row 6 repeats row 3's key.
    let rows = format!(
        r#"{header}<row r="2">{}{}{}<c r="D2" s="1"><v>46000</v></c><c r="E2"><f>50*2</f><v>100</v></c></row><row r="3">{}{}{}<c r="D3"><v>46010</v></c><c r="E3"><v>10</v></c></row><row r="4">{}{}{}</row><row r="5">{}{}{}<c r="E5"><f>B5*2</f></c></row><row r="6">{}{}{}</row>"#,
        s("A2", "C1-V01"),
        s("B2", "pile"),
        s("C2", "P101"),
        s("A3", "c1-v01"),
        s("B3", "Pier"),
        s("C3", "P9001"),
        s("A4", "C9-X99"),
        s("B4", "Pier"),
        s("C4", "P9002"),
        s("A5", "C1-V01"),
        s("B5", "Pier"),
        s("C5", "P9003"),
        s("A6", "C1-V01"),
        s("B6", "Pier"),
        s("C6", "P9001"),
    );
    let book = xlsx(&rows, &[]);
    let options = json!({"mode": "upsert", "key": ["n_package", "c_element_type", "c_element_id"], "valid_only": true});
    let (status, body) = import(&app, "keyelementstatus", options, "kes.xlsx", book).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        messages(&body),
        [
            "row 4: Package: no Package has the code or name \"C9-X99\"",
            "row 5: the formula in E5 has no computed value; open the file in Excel and save it, or paste values",
            "row 6: Package C1-V01 and Element type Pier and Element ID P9001 is also on row 3",
        ],
        "{body}"
    );
    assert_eq!(
        (body["inserted"].as_u64(), body["updated"].as_u64()),
        (Some(1), Some(1))
    );
    let db = app.db().await;
    let row = db
        .query_one(
            "SELECT d_planned::text, n_percent_complete::text FROM keyelementstatus k JOIN package p ON p.id = k.n_package
             WHERE p.c_code = 'C1-V01' AND c_element_type = 'Pile' AND c_element_id = 'P101'",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(
        (row.get::<_, String>(0), row.get::<_, String>(1)),
        ("2025-12-09".to_owned(), "100.00".to_owned())
    );
    assert_eq!(
        app.count("SELECT count(*) FROM keyelementstatus").await,
        before + 1
    );
    // The update and the insert are in the History with the run.
    let run = body["run"].as_i64().unwrap();
    let actions: Vec<String> = db
        .query(
            &format!("SELECT c_action FROM audit_log WHERE n_import_run = {run} ORDER BY c_action"),
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(actions, ["create", "update"]);
}

#[tokio::test]
async fn a_contractor_imports_only_into_their_packages() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let file =
        "Package,Element type,Element ID,Progress %\nC1-V01,Pier,P7001,5\nC1-UG01,Pier,P7002,5\n";
    let (status, body) = import(
        &contractor,
        "keyelementstatus",
        json!({"dry_run": true}),
        "k.csv",
        file.into(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["refused"], 1, "{body}");
    let errors = messages(&body);
    assert!(errors[0].starts_with("row 3: "), "{errors:?}");
    assert!(
        errors[0].contains("C1-UG01") || errors[0].to_lowercase().contains("package"),
        "{errors:?}"
    );
}

#[tokio::test]
async fn each_import_screen_imports_its_sample_file() {
    let app = spawn_seeded_app().await;
    let ipa: i64 = app
        .db()
        .await
        .query_one("SELECT id FROM ipa WHERE c_ipa_no = 'C1-V01-IPA-006'", &[])
        .await
        .unwrap()
        .get(0);
    let screens = [
        (
            "/dataentry/importla",
            "importla.csv",
            json!({"n_package": "C1-V01"}),
            2,
            0,
        ),
        ("/dataentry/importrr", "importrr.csv", json!({}), 1, 0),
        (
            "/dataentry/importipa",
            "importipa.csv",
            json!({"n_ipa": ipa}),
            0,
            0,
        ),
        (
            "/administration/keyelementstatusimport",
            "keyelementstatusimport.csv",
            json!({}),
            1,
            1,
        ),
    ];
    for (route, file, fixed, inserted, updated) in screens {
        let (status, screen) = app
            .get_json(&format!("/api/import/screen?route={route}"))
            .await;
        assert_eq!(status, 200, "{route}: {screen}");
        let entry = screen["entry"].as_str().unwrap().to_owned();
        let (status, body) = send(
            &app,
            &format!("/api/import/{entry}"),
            &[("fixed", fixed), ("options", json!({"route": route}))],
            file,
            fixture(file),
        )
        .await;
        assert_eq!(status, 200, "{route}: {body}");
        if route != "/dataentry/importipa" {
            assert_eq!(
                (body["inserted"].as_u64(), body["updated"].as_u64()),
                (Some(inserted), Some(updated)),
                "{route}: {body}"
            );
        } else {
            let written = body["inserted"].as_u64().unwrap() + body["updated"].as_u64().unwrap();
            assert_eq!(written, 2, "{route}: {body}");
        }
    }
    // The cases were numbered and opened at SIA like cases raised on the form.
    let states: Vec<String> = app
        .db()
        .await
        .query("SELECT c_case_no || ' ' || c_state FROM la WHERE c_khasra_no LIKE 'Sy. No. 811/%' ORDER BY id", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(states.len(), 2);
    assert!(
        states
            .iter()
            .all(|s| s.starts_with("C1-V01-LA-") && s.ends_with(" SIA")),
        "{states:?}"
    );
    let (status, _) = app
        .get_json("/api/import/screen?route=/dataentry/nothing")
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_template_offers_lists_and_notes() {
    let app = spawn_seeded_app().await;
    let response = app.get("/api/import/lasiteresetrehab/template").await;
    assert_eq!(response.status(), 200);
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.contains("lasiteresetrehab-import-template.xlsx"),
        "{disposition}"
    );
    let bytes = response.bytes().await.unwrap();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let mut read = |name: &str| {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut archive.by_name(name).unwrap(), &mut text).unwrap();
        text
    };
    let data = read("xl/worksheets/sheet1.xml");
    assert!(data.contains("Family No."), "{data}");
    assert!(
        data.contains(r#"<dataValidation type="list""#)
            && data.contains("Physically displaced,Economically displaced"),
        "{data}"
    );
    let notes = read("xl/worksheets/sheet2.xml");
    assert!(notes.contains("given by its code or name"), "{notes}");
    assert!(read("xl/workbook.xml").contains(r#"name="Lists" sheetId="3" state="hidden""#));
    // The template read back: its headers map to the columns.
    let (status, preview) = send(
        &app,
        "/api/import/lasiteresetrehab/preview",
        &[],
        "t.xlsx",
        bytes.to_vec(),
    )
    .await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(preview["mapping"]["Family No."], "c_family_no");
    // A saved mapping is offered next time.
    let saved = app
        .request(reqwest::Method::PUT, "/api/import/corridor/mapping")
        .json(&json!({"mapping": {"Line": "c_name"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(saved.status(), 204);
    let (_, preview) = send(
        &app,
        "/api/import/corridor/preview",
        &[],
        "m.csv",
        b"Code,Line\nA,B\n".to_vec(),
    )
    .await;
    assert_eq!(
        (
            preview["mapping"]["Line"].as_str(),
            preview["saved_mapping"].as_bool()
        ),
        (Some("c_name"), Some(true))
    );
}

/// Resident memory (kB) of a process now.
fn resident_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// The real binary imports a 5,000-row CSV, then a twelve times larger one, into a simple master, while the test
/// samples the gateway's resident memory every 20 ms: the largest resident size during the large import stays
/// within 3 MB of the small one's (the file is streamed, rows are written as they are read). Not the process's
/// peak (`VmHWM`): signing in (Argon2) already takes more than an import, which would hide any growth.
/// `IMPORT_MEMORY_ROWS` sets the large file's rows (default 60,000; docs/performance.md has 200,000).
#[tokio::test]
async fn a_large_import_keeps_memory_flat() {
    let rows: usize = std::env::var("IMPORT_MEMORY_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60_000);
    let url = create_database(&fresh_database_name()).await;
    let port = free_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gateway"))
        .arg("serve")
        .arg("--seed-demo")
        .env("DATABASE_URL", &url)
        .env("PORT", port.to_string())
        .env("BIND_ADDRESS", "127.0.0.1")
        .env("STATIC_DIR", fixture_dist())
        .env("REGISTRY_DIR", registry_dir())
        .env("IMPORT_MAX_BYTES", "200000000")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let client = reqwest::Client::new();
    let base = format!("http://127.0.0.1:{port}");
    let start = Instant::now();
    let token = loop {
        if let Ok(r) = client
            .post(format!("{base}/api/auth/signin"))
            .json(&json!({"username": "admin", "password": "Admin@123"}))
            .send()
            .await
        {
            if r.status() == 200 {
                let body: Value = r.json().await.unwrap();
                break body["accessToken"].as_str().unwrap().to_owned();
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "gateway never became ready"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let folder = tempfile::tempdir().unwrap();
    let mut measure = Vec::new();
    for (label, count) in [("small", 5_000usize), ("large", rows)] {
        let path = folder.path().join(format!("{label}.csv"));
        let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
        writeln!(file, "Code,Name,Length (km),Description").unwrap();
        for i in 0..count {
            writeln!(
                file,
                "{}-{i:07},Bulk corridor {i},{}.5,imported row {i} with some descriptive text",
                label.to_uppercase(),
                i % 50
            )
            .unwrap();
        }
        file.flush().unwrap();
        drop(file);
        let bytes = std::fs::metadata(&path).unwrap().len();
        let body = reqwest::Body::from(tokio::fs::File::open(&path).await.unwrap());
        let form = Form::new().text("options", json!({}).to_string()).part(
            "file",
            Part::stream_with_length(body, bytes).file_name(format!("{label}.csv")),
        );
        let began = Instant::now();
        let pid = child.id();
        let sampling = Arc::new(AtomicBool::new(true));
        let sampler = {
            let sampling = sampling.clone();
            tokio::spawn(async move {
                let mut largest = 0;
                while sampling.load(Ordering::Relaxed) {
                    largest = largest.max(resident_kb(pid));
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                largest
            })
        };
        let response = client
            .post(format!("{base}/api/import/corridor"))
            .header("x-access-token", &token)
            .multipart(form)
            .timeout(Duration::from_secs(3600))
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let answer: Value = response.json().await.unwrap();
        sampling.store(false, Ordering::Relaxed);
        let largest = sampler.await.unwrap();
        assert_eq!(
            (status, answer["inserted"].as_u64()),
            (200, Some(count as u64)),
            "{answer}"
        );
        measure.push((count, bytes, began.elapsed(), largest));
    }
    let _ = Command::new("kill").arg(child.id().to_string()).status();
    let _ = child.wait();
    for (count, bytes, took, peak) in &measure {
        println!(
            "import of {count} rows ({bytes} bytes): {:.1} s, {:.0} rows/s, gateway's largest RSS {peak} kB",
            took.as_secs_f64(),
            *count as f64 / took.as_secs_f64(),
        );
    }
    let (_, large_bytes, _, large_peak) = measure[1];
    let (_, _, _, small_peak) = measure[0];
    // The large file is twelve times the small one (about 6 MB); memory may move by buffers and caches, never by
    // the file or its rows (holding either would add more than the file's size).
    let growth_kb = large_peak.saturating_sub(small_peak);
    assert!(
        growth_kb < 3 * 1024,
        "resident memory grew by {growth_kb} kB over a {large_bytes}-byte file"
    );
}

#[tokio::test]
async fn the_error_report_never_hands_a_spreadsheet_a_formula() {
    // A refused cell typed as a formula comes back in the report as text (a leading `'`), as the exports write it.
    let app = spawn_seeded_app().await;
    let file = "Code,Name,Length (km)\nZ7,\"=HYPERLINK(\"\"http://evil.example\"\",\"\"open\"\")\",@SUM(1)\n";
    let (status, body) = import(&app, "corridor", json!({}), "c.csv", file.into()).await;
    assert_eq!(status, 422, "{body}");
    let report = app
        .get(body["details"]["error_report"].as_str().unwrap())
        .await
        .text()
        .await
        .unwrap();
    let line = report.lines().nth(1).expect("one error");
    assert!(line.contains("'@SUM(1)"), "{report}");
    assert!(
        !report.lines().skip(1).any(|l| l.split(',').any(|cell| cell
            .trim_start_matches('"')
            .starts_with(['=', '+', '-', '@']))),
        "{report}"
    );
}
