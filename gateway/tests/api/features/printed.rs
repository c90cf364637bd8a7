//! The predefined reports (issue 32): dashboards listed inside `/reports/predefined`, printed by `GET
//! /api/dashboard/print` as PDF (Typst) and XLSX. Read back: the PDF's pages, their paper and text, the sheet's
//! cells, each figure checked against the registers by independent SQL; the refusals; and package scope.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use serde_json::Value;

use crate::features::dashboard::as_user;
use crate::helpers::{spawn_seeded_app, TestApp};

const LAND: &str = "/reports/predefined/land-status";
const PAYMENT: &str = "/reports/predefined/payment-status";
const PROGRESS: &str = "/reports/predefined/monthly-progress";

/// The printed file, its content type and `Content-Disposition`.
async fn print(app: &TestApp, query: &str) -> (u16, String, String, Vec<u8>) {
    let response = app.get(&format!("/api/dashboard/print?{query}")).await;
    let status = response.status().as_u16();
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let (kind, disposition) = (header("content-type"), header("content-disposition"));
    let bytes = response.bytes().await.expect("the body").to_vec();
    (status, kind, disposition, bytes)
}

/// Each page's size in points (width, height) and the text of each page.
pub(crate) fn pdf_pages(bytes: &[u8]) -> (Vec<(f32, f32)>, Vec<String>) {
    let document = lopdf::Document::load_mem(bytes).expect("a PDF lopdf reads");
    let sizes = document
        .get_pages()
        .values()
        .map(|page| {
            let page = document.get_dictionary(*page).expect("a page");
            let media = page
                .get(b"MediaBox")
                .and_then(|b| b.as_array())
                .expect("a MediaBox");
            let number = |i: usize| -> f32 {
                match &media[i] {
                    lopdf::Object::Integer(n) => *n as f32,
                    lopdf::Object::Real(r) => *r,
                    other => panic!("MediaBox holds {other:?}"),
                }
            };
            (number(2) - number(0), number(3) - number(1))
        })
        .collect();
    let text = pdf_extract::extract_text_from_mem_by_pages(bytes).expect("the PDF's text");
    (sizes, text)
}

/// Text extracted from a PDF has its own line breaks and spacing: compare words only.
pub(crate) fn squeezed(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

pub(crate) fn sheet_rows(bytes: Vec<u8>) -> Vec<Vec<Data>> {
    let mut workbook: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).expect("an XLSX calamine reads");
    let name = workbook.sheet_names().first().cloned().expect("a sheet");
    let range = workbook.worksheet_range(&name).expect("the sheet");
    range.rows().map(<[Data]>::to_vec).collect()
}

pub(crate) fn cell_text(cell: &Data) -> String {
    match cell {
        Data::String(text) => text.clone(),
        Data::Float(n) => n.to_string(),
        Data::Int(n) => n.to_string(),
        Data::Empty => String::new(),
        other => other.to_string(),
    }
}

/// `1234567` as the console writes it: `12,34,567`.
fn indian(n: i64) -> String {
    let digits = n.abs().to_string();
    if digits.len() <= 3 {
        return digits;
    }
    let (head, last3) = digits.split_at(digits.len() - 3);
    let mut groups: Vec<&str> = Vec::new();
    let mut rest = head;
    while rest.len() > 2 {
        let (left, right) = rest.split_at(rest.len() - 2);
        groups.insert(0, right);
        rest = left;
    }
    groups.insert(0, rest);
    format!("{},{last3}", groups.join(","))
}

#[tokio::test]
async fn the_predefined_reports_print_the_registers_figures() {
    let app = spawn_seeded_app().await;
    let db = app.db().await;

    // The list inside /reports/predefined, by title, each with its paper.
    let (status, listed) = app
        .get_json("/api/dashboards?within=/reports/predefined")
        .await;
    assert_eq!(status, 200, "{listed}");
    let titles: Vec<&str> = listed
        .as_array()
        .expect("a list")
        .iter()
        .map(|d| d["title"].as_str().expect("a title"))
        .collect();
    assert_eq!(
        titles,
        [
            "Land acquisition status report",
            "Monthly progress report",
            "Payment status report"
        ]
    );
    let payment = listed
        .as_array()
        .and_then(|all| all.iter().find(|d| d["route"] == PAYMENT))
        .expect("the payment report");
    assert_eq!(
        payment["print"],
        serde_json::json!({"paper": "a4", "landscape": true})
    );

    // Land status of the package with the most land cases, against the land register itself.
    let row = db
        .query_one(
            "SELECT p.id, p.c_code, count(*)::bigint, coalesce(sum(l.n_area_required_sqm), 0)::float8 \
             FROM la l JOIN package p ON p.id = l.n_package GROUP BY p.id, p.c_code ORDER BY count(*) DESC, p.id LIMIT 1",
            &[],
        )
        .await
        .expect("a package with land cases");
    let (package, code, cases, required): (i64, String, i64, f64) =
        (row.get(0), row.get(1), row.get(2), row.get(3));
    let villages: Vec<String> = db
        .query(
            "SELECT DISTINCT coalesce(c_village, '(no village)') FROM la WHERE n_package = $1",
            &[&package],
        )
        .await
        .expect("villages")
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert!(!villages.is_empty());

    let (status, kind, disposition, pdf) =
        print(&app, &format!("route={LAND}&format=pdf&package={package}")).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&pdf));
    assert_eq!(kind, "application/pdf");
    assert!(
        disposition.starts_with("attachment;") && disposition.contains(".pdf"),
        "{disposition}"
    );
    assert!(pdf.starts_with(b"%PDF-"));
    let (sizes, pages) = pdf_pages(&pdf);
    assert!(!pages.is_empty());
    for (width, height) in &sizes {
        // A4 portrait: 210 × 297 mm.
        assert!(
            (width - 595.28).abs() < 1.0 && (height - 841.89).abs() < 1.0,
            "{sizes:?}"
        );
    }
    let text = squeezed(&pages.join("\n"));
    assert!(text.contains("Land acquisition status report"), "{text}");
    assert!(text.contains(&format!("Package {code}")), "{text}");
    assert!(
        text.contains(&indian(required.round() as i64)),
        "required {required}: {text}"
    );
    assert!(text.contains("Village by village"), "{text}");
    for village in &villages {
        assert!(text.contains(&squeezed(village)), "{village}: {text}");
    }
    assert!(
        text.contains(&format!("Page 1 of {}", pages.len())),
        "{text}"
    );
    // Another package's villages are not in it.
    let others: Vec<String> = db
        .query(
            "SELECT DISTINCT c_village FROM la WHERE n_package <> $1 AND c_village IS NOT NULL \
             EXCEPT SELECT c_village FROM la WHERE n_package = $1",
            &[&package],
        )
        .await
        .expect("other villages")
        .iter()
        .map(|r| r.get(0))
        .collect();
    for village in &others {
        assert!(
            !text.contains(&format!(" {village} ")),
            "{village} is another package's: {text}"
        );
    }

    // The same report as a sheet: every figure a number, the cases adding up to the register's.
    let (status, kind, _, xlsx) =
        print(&app, &format!("route={LAND}&format=xlsx&package={package}")).await;
    assert_eq!(status, 200);
    assert_eq!(
        kind,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    );
    let rows = sheet_rows(xlsx);
    assert_eq!(cell_text(&rows[0][0]), "Land acquisition status report");
    let cases_row = rows
        .iter()
        .find(|r| r.first().map(cell_text).as_deref() == Some("Cases"))
        .expect("the cases figure");
    assert_eq!(cases_row[1], Data::Float(cases as f64));
    let heading = rows
        .iter()
        .position(|r| r.first().map(cell_text).as_deref() == Some("Village by village"))
        .expect("the villages table");
    let listed_cases: f64 = rows[heading + 2..]
        .iter()
        .take_while(|r| r.iter().any(|c| *c != Data::Empty))
        .map(|r| match &r[2] {
            Data::Float(n) => *n,
            other => panic!("cases is {other:?}"),
        })
        .sum();
    assert_eq!(listed_cases, cases as f64);

    // The payment status report on A3: landscape, every IPC of the package by number, and the sheet's gross
    // certified equal to the register's.
    let ipcs: Vec<(String, f64)> = db
        .query(
            "SELECT c_ipc_no, n_gross_certified::float8 FROM ipc WHERE n_package = $1 ORDER BY id",
            &[&package],
        )
        .await
        .expect("IPCs")
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    let (status, _, _, pdf) = print(
        &app,
        &format!("route={PAYMENT}&format=pdf&paper=A3&package={package}"),
    )
    .await;
    assert_eq!(status, 200);
    let (sizes, pages) = pdf_pages(&pdf);
    for (width, height) in &sizes {
        // A3 landscape: 420 × 297 mm.
        assert!(
            (width - 1190.55).abs() < 1.0 && (height - 841.89).abs() < 1.0,
            "{sizes:?}"
        );
    }
    let text = squeezed(&pages.join("\n"));
    for (number, _) in &ipcs {
        assert!(text.contains(number.as_str()), "{number}: {text}");
    }
    let (_, _, _, xlsx) = print(
        &app,
        &format!("route={PAYMENT}&format=xlsx&package={package}"),
    )
    .await;
    let rows = sheet_rows(xlsx);
    for (number, gross) in &ipcs {
        let row = rows
            .iter()
            .find(|r| r.first().map(cell_text).as_deref() == Some(number.as_str()))
            .unwrap_or_else(|| panic!("{number} in the sheet"));
        assert_eq!(row[3], Data::Float(*gross), "{number}");
    }

    // The monthly progress report over every package the admin reads: several pages, the S-curve and the figures
    // the dashboard answers.
    let (status, _, _, pdf) = print(&app, &format!("route={PROGRESS}&format=pdf")).await;
    assert_eq!(status, 200);
    let (_, pages) = pdf_pages(&pdf);
    let text = squeezed(&pages.join("\n"));
    assert!(text.contains("All the packages you may read"), "{text}");
    assert!(
        text.contains("Physical progress: planned vs actual (S-curve)"),
        "{text}"
    );
    // Narrowed to a programme and a corridor (the package register's `[[levels]]`), the heading names each by its
    // display columns, widest first; a corridor with no record is named by its id.
    let (status, _, _, pdf) = print(
        &app,
        &format!("route={PROGRESS}&format=pdf&corridor=2&project=1"),
    )
    .await;
    assert_eq!(status, 200);
    let (_, pages) = pdf_pages(&pdf);
    let heading = squeezed(&pages.join("\n"));
    let (project, corridor): (String, String) = {
        let row = db
            .query_one(
                "SELECT (SELECT c_code || ' ' || c_name FROM project WHERE id = 1),
                        (SELECT c_code || ' ' || c_name FROM corridor WHERE id = 2)",
                &[],
            )
            .await
            .expect("the names");
        (row.get(0), row.get(1))
    };
    assert!(
        heading.contains(&squeezed(&format!(
            "Programme {project} · Corridor {corridor}"
        ))),
        "{heading}"
    );
    let (status, _, _, pdf) =
        print(&app, &format!("route={PROGRESS}&format=pdf&corridor=999")).await;
    assert_eq!(status, 200);
    let (_, pages) = pdf_pages(&pdf);
    assert!(squeezed(&pages.join("\n")).contains("Corridor #999"));
    let (_, dashboard) = app
        .get_json(&format!("/api/dashboard?route={PROGRESS}"))
        .await;
    let widget = |id: &str| -> Value {
        dashboard["widgets"]
            .as_array()
            .and_then(|all| all.iter().find(|w| w["id"] == id))
            .cloned()
            .unwrap_or_else(|| panic!("widget {id}"))
    };
    let deployed = widget("manpower_deployed")["rows"][0]["n_manpower_deployed"].clone();
    let deployed = deployed
        .as_f64()
        .or_else(|| deployed.as_str().and_then(|t| t.parse().ok()))
        .expect("manpower deployed");
    // A figure under its title (the text extracted may run them together).
    let unspaced = |t: &str| t.split_whitespace().collect::<String>();
    assert!(
        unspaced(&text).contains(&unspaced(&format!(
            "Manpower deployed (latest day) {}",
            indian(deployed as i64)
        ))),
        "{text}"
    );
    for package in widget("packages")["rows"].as_array().expect("packages") {
        let code = package["c_package"].as_str().expect("a code");
        assert!(text.contains(code), "{code}: {text}");
    }
    // Every category of a chart keeps its label, also on a third of the page's width: each age bucket is written
    // under each of the three "by age" charts (RFIs, NCRs, technical queries) and nowhere else (issue 47: "31-90
    // days" and "Over 90 days" were left out to make room).
    for bucket in ["0-7 days", "8-30 days", "31-90 days", "Over 90 days"] {
        let written = unspaced(&text).matches(&unspaced(bucket)).count();
        assert_eq!(written, 3, "{bucket} under each age chart: {text}");
    }
    // Milestones overdue come first, then those due in 30 days (issue 47).
    let statuses: Vec<String> = app
        .db()
        .await
        .query(
            "SELECT c_status FROM v_report_milestone ORDER BY n_status_order, d_forecast, id",
            &[],
        )
        .await
        .expect("milestones")
        .iter()
        .map(|r| r.get(0))
        .collect();
    let milestones = widget("milestones");
    let printed: Vec<&str> = milestones["rows"]
        .as_array()
        .expect("milestone rows")
        .iter()
        .map(|r| r["c_status"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        printed,
        statuses
            .iter()
            .map(String::as_str)
            .take(printed.len())
            .collect::<Vec<_>>()
    );
    let rank = |s: &str| match s {
        "Overdue" => 1,
        "Due in 30 days" => 2,
        "Planned" => 3,
        _ => 4,
    };
    assert!(
        printed.windows(2).all(|w| rank(w[0]) <= rank(w[1])),
        "{printed:?}"
    );

    // Any dashboard prints, as its own file.
    let (status, _, disposition, _) = print(&app, "route=/dashboard/analytics&format=pdf").await;
    assert_eq!(status, 200);
    assert!(disposition.contains("Analytics"), "{disposition}");
}

#[tokio::test]
async fn printing_refuses_bad_requests_and_keeps_to_the_readers_packages() {
    let app = spawn_seeded_app().await;
    let db = app.db().await;
    for (query, status, words) in [
        ("format=pdf", 400, "route:"),
        (
            &format!("route={LAND}") as &str,
            400,
            "format: choose pdf or xlsx",
        ),
        (
            &format!("route={LAND}&format=docx"),
            400,
            "format: choose pdf or xlsx",
        ),
        (
            &format!("route={LAND}&format=pdf&paper=a5"),
            400,
            "paper: choose a4 or a3",
        ),
        (
            &format!("route={LAND}&format=pdf&package=abc"),
            400,
            "package",
        ),
        (
            "route=/reports/predefined/nothing&format=pdf",
            404,
            "no dashboard",
        ),
        (
            "route=/masters/corridor&format=pdf",
            400,
            "not a dashboard route",
        ),
    ] {
        let (got, _, _, body) = print(&app, query).await;
        let body = String::from_utf8_lossy(&body);
        assert_eq!(got, status, "{query}: {body}");
        assert!(body.contains(words), "{query}: {body}");
    }
    let (status, body) = app.get_json("/api/dashboards").await;
    assert_eq!(status, 400, "{body}");

    // The viewer holds no predefined reports: neither the list nor a report, printed or on screen.
    let viewer = as_user(&app, "viewer", "Viewer@123").await;
    let (status, _) = viewer
        .get_json("/api/dashboards?within=/reports/predefined")
        .await;
    assert_eq!(status, 403);
    for query in [
        format!("route={LAND}&format=pdf"),
        format!("route={PAYMENT}&format=xlsx"),
    ] {
        let (status, _, _, _) = print(&viewer, &query).await;
        assert_eq!(status, 403, "{query}");
    }
    let (status, _) = viewer
        .get_json(&format!("/api/dashboard?route={LAND}"))
        .await;
    assert_eq!(status, 403);

    // The contractor's land report counts the cases of their own packages only.
    let contractor = as_user(&app, "contractor", "Contractor@123").await;
    let (_, _, _, xlsx) = print(&contractor, &format!("route={LAND}&format=xlsx")).await;
    let rows = sheet_rows(xlsx);
    let cases_row = rows
        .iter()
        .find(|r| r.first().map(cell_text).as_deref() == Some("Cases"))
        .expect("the cases figure");
    let own: i64 = db
        .query_one(
            "SELECT count(*) FROM la l WHERE l.n_package IN \
             (SELECT pu.n_package FROM package_user pu JOIN users u ON u.id = pu.n_user WHERE u.c_username = 'contractor')",
            &[],
        )
        .await
        .expect("the contractor's cases")
        .get(0);
    let all: i64 = db
        .query_one("SELECT count(*) FROM la WHERE n_package IS NOT NULL", &[])
        .await
        .expect("all cases")
        .get(0);
    assert!(
        own < all,
        "the demo gives the contractor some of the land cases"
    );
    assert_eq!(cases_row[1], Data::Float(own as f64));
}
