//! Custom reports (issue 32): the report compiler refuses the selectall filter language's hostile corpus and any
//! name the reader's grant does not give; grouped sums and counts equal independent SQL; a shared report is read
//! with each reader's own packages and changed only by its owner; exports read back as CSV, XLSX and PDF; and a
//! scheduled report is mailed once per period with two gateways mailing at once, with its workbook attached,
//! through a real SMTP server.

use std::sync::Arc;
use std::time::Duration;

use gateway::custom_report::mailing::ReportMailings;
use reqwest::Method;
use serde_json::{json, Value};

use crate::features::dashboard::as_user;
use crate::features::printed::{cell_text, pdf_pages, sheet_rows, squeezed};
use crate::helpers::{
    registry_dir, settings_for, spawn_seeded_app, spawn_seeded_app_with, SmtpSink, TestApp,
};

#[path = "../../../../schema-registry/tests/common/hostile_filters.rs"]
mod hostile_filters;

async fn preview(app: &TestApp, definition: Value) -> (u16, Value) {
    app.send(
        Method::POST,
        "/api/custom-reports/preview",
        Some(&definition),
    )
    .await
}

async fn export(app: &TestApp, format: &str, body: &Value) -> (u16, String, Vec<u8>) {
    let response = app
        .post(&format!("/api/custom-reports/export?format={format}"))
        .json(body)
        .send()
        .await
        .expect("request");
    let status = response.status().as_u16();
    let disposition = response
        .headers()
        .get("content-disposition")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (
        status,
        disposition,
        response.bytes().await.expect("body").to_vec(),
    )
}

#[tokio::test]
async fn the_report_compiler_refuses_the_hostile_corpus_and_names_outside_the_grant() {
    let app = spawn_seeded_app().await;
    let manager = as_user(&app, "manager", "Manager@123").await;
    let ipcs = app.count("SELECT count(*) FROM ipc").await;
    assert!(hostile_filters::HOSTILE.len() >= 60);
    for filter in hostile_filters::HOSTILE {
        let (status, body) = preview(
            &manager,
            json!({"entry": "ipc", "columns": ["c_ipc_no"], "filter": filter}),
        )
        .await;
        assert_eq!(status, 400, "{filter:?} was not refused: {body}");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(
            message.starts_with("filter: ") && message.len() > "filter: ".len(),
            "{filter:?}: {message}"
        );
        // The grouped form and the export compile the same filter the same way.
        let (status, _) = preview(
            &manager,
            json!({"entry": "ipc", "group_by": ["c_state"], "measures": [{"aggregate": "count"}],
                   "filter": filter}),
        )
        .await;
        assert_eq!(status, 400, "{filter:?} (grouped)");
    }
    let (status, _, _) = export(
        &manager,
        "csv",
        &json!({"title": "x", "definition": {"entry": "ipc", "columns": ["c_ipc_no"],
                "filter": "1=1; DROP TABLE ipc"}}),
    )
    .await;
    assert_eq!(status, 400);

    // Names are registry names the grant gives, never SQL.
    let refusals = [
        (
            json!({"entry": "ipc", "columns": ["c_ipc_no\"; DROP TABLE ipc; --"]}),
            "columns: ",
        ),
        (
            json!({"entry": "ipc", "group_by": ["users.c_password_hash"]}),
            "group by: ",
        ),
        (
            json!({"entry": "ipc", "group_by": ["c_state"],
                   "measures": [{"aggregate": "sum", "column": "n_gross_certified) FROM users --"}]}),
            "measures: ",
        ),
        (
            json!({"entry": "ipc", "group_by": ["c_state"],
                   "measures": [{"aggregate": "sum", "column": "c_ipc_no"}]}),
            "is not a quantity that adds up",
        ),
        (
            json!({"entry": "ipc", "group_by": ["c_state"],
                   "measures": [{"aggregate": "average", "column": "n_package"}]}),
            "is not a quantity that adds up",
        ),
        (
            json!({"entry": "ipc", "columns": ["c_ipc_no"], "sort": [{"key": "1; SELECT 1"}]}),
            "sort: ",
        ),
        (
            json!({"entry": "ipc", "columns": ["c_ipc_no"], "filter": "c_state = 'Paid' ORDER BY id"}),
            "choose the order under Sort",
        ),
        (
            json!({"entry": "ipc", "columns": ["c_ipc_no"], "group_by": ["c_state"]}),
            "leave the columns empty",
        ),
        (json!({"entry": "ipc"}), "choose at least one column"),
        (
            json!({"entry": "ipc", "columns": ["c_ipc_no", "c_ipc_no"]}),
            "chosen twice",
        ),
    ];
    for (definition, expected) in refusals {
        let (status, body) = preview(&manager, definition.clone()).await;
        assert_eq!(status, 400, "{definition}: {body}");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(message.contains(expected), "{definition}: {message}");
    }
    // A field of the body the API does not know is refused, not ignored.
    let (status, _) = preview(
        &manager,
        json!({"entry": "ipc", "columns": ["c_ipc_no"], "sql": "SELECT 1"}),
    )
    .await;
    assert_eq!(status, 400);
    // A register not read through a screen the reader holds: 403, as its list would be.
    let (status, _) = preview(
        &manager,
        json!({"entry": "users", "columns": ["c_username"]}),
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = preview(&manager, json!({"entry": "no_such", "columns": ["x"]})).await;
    assert_eq!(status, 400);
    assert_eq!(app.count("SELECT count(*) FROM ipc").await, ipcs);

    // Without the custom reports screen: 403 everywhere.
    let viewer = as_user(&app, "viewer", "Viewer@123").await;
    for (method, path) in [
        (Method::GET, "/api/custom-reports"),
        (Method::GET, "/api/custom-reports/registers"),
        (Method::GET, "/api/custom-reports/1"),
    ] {
        let (status, _) = viewer.send(method, path, None).await;
        assert_eq!(status, 403, "{path}");
    }
    let (status, _) = preview(&viewer, json!({"entry": "ipc", "columns": ["c_ipc_no"]})).await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn grouped_counts_and_sums_equal_the_registers_and_each_reader_sees_their_packages() {
    let app = spawn_seeded_app().await;
    let manager = as_user(&app, "manager", "Manager@123").await;
    let (status, answer) = preview(
        &manager,
        json!({"entry": "ipc", "group_by": ["n_package"],
               "measures": [{"aggregate": "count"}, {"aggregate": "sum", "column": "n_gross_certified"},
                            {"aggregate": "average", "column": "n_net_payable"}],
               "filter": "c_state <> 'Draft'",
               "sort": [{"key": "sum:n_gross_certified", "descending": true}]}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    let keys: Vec<&str> = answer["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            "n_package",
            "count",
            "sum:n_gross_certified",
            "average:n_net_payable"
        ]
    );
    assert_eq!(
        answer["columns"][0]["kind"], "text",
        "a package by its code"
    );
    assert_eq!(
        answer["columns"][2]["label"],
        "Sum of Gross certified (INR)"
    );
    let expected: Vec<Value> = app
        .db()
        .await
        .query(
            "SELECT p.c_code, count(*)::text, sum(i.n_gross_certified)::text,
                    round(avg(i.n_net_payable), 2)::text
             FROM ipc i JOIN package p ON p.id = i.n_package
             WHERE i.c_state <> 'Draft'
             GROUP BY p.c_code ORDER BY sum(i.n_gross_certified) DESC",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| {
            json!([
                row.get::<_, String>(0),
                row.get::<_, String>(1),
                row.get::<_, String>(2),
                row.get::<_, String>(3)
            ])
        })
        .collect();
    assert!(expected.len() >= 3, "the seed has IPCs on several packages");
    assert_eq!(answer["rows"], Value::Array(expected));
    assert_eq!(answer["truncated"], false);

    // A list report: the chosen columns in order, sorted, a look-up by name, a date as YYYY-MM-DD.
    let (status, list) = preview(
        &manager,
        json!({"entry": "ipc", "columns": ["c_ipc_no", "n_package", "d_certificate"],
               "sort": [{"key": "c_ipc_no"}]}),
    )
    .await;
    assert_eq!(status, 200, "{list}");
    let first = app
        .db()
        .await
        .query_one(
            "SELECT i.c_ipc_no, p.c_code, i.d_certificate::text FROM ipc i JOIN package p ON p.id = i.n_package
             ORDER BY lower(i.c_ipc_no), i.id LIMIT 1",
            &[],
        )
        .await
        .unwrap();
    assert_eq!(
        list["rows"][0],
        json!([
            first.get::<_, String>(0),
            first.get::<_, String>(1),
            first.get::<_, Option<String>>(2)
        ])
    );

    // The contractor reads the same report with their own packages only: what their IPC list holds.
    let contractor = as_user(&app, "contractor", "Contractor@123").await;
    let (status, rows) = contractor
        .get_json("/api/custom/selectall?t=ipc&cols=n_package")
        .await;
    assert_eq!(status, 200);
    let listed = rows.as_array().unwrap().len();
    let (status, grouped) = preview(
        &contractor,
        json!({"entry": "ipc", "group_by": ["n_package"], "measures": [{"aggregate": "count"}]}),
    )
    .await;
    assert_eq!(status, 200, "{grouped}");
    let counted: i64 = grouped["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row[1].as_str().unwrap().parse::<i64>().unwrap())
        .sum();
    assert_eq!(counted as usize, listed);
    assert!(
        counted > 0 && counted < app.count("SELECT count(*) FROM ipc").await,
        "the contractor reads some packages' IPCs, not all"
    );
}

#[tokio::test]
async fn a_saved_report_is_shared_changed_only_by_its_owner_and_exported() {
    let app = spawn_seeded_app().await;
    let engineer = as_user(&app, "engineer", "Engineer@123").await;
    let contractor = as_user(&app, "contractor", "Contractor@123").await;
    let planner = as_user(&app, "planner", "Planner@123").await;
    let contractor_id = app
        .count("SELECT id FROM users WHERE c_username = 'contractor'")
        .await;
    let definition = json!({"entry": "ncr", "group_by": ["n_package", "c_state"],
                            "measures": [{"aggregate": "count"}], "filter": "c_state <> 'Closed'"});

    // Mistakes first: the form's messages.
    let (status, body) = engineer
        .send(
            Method::POST,
            "/api/custom-reports",
            Some(&json!({"title": "  ", "definition": definition})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["fields"][0]["field"], "title");
    let viewer_id = app
        .count("SELECT id FROM users WHERE c_username = 'viewer'")
        .await;
    let (status, body) = engineer
        .send(
            Method::POST,
            "/api/custom-reports",
            Some(&json!({"title": "Open NCRs", "definition": definition, "shared_with": [viewer_id]})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("cannot open Custom Reports"),
        "{body}"
    );

    let (status, saved) = engineer
        .send(
            Method::POST,
            "/api/custom-reports",
            Some(&json!({"title": " Open NCRs ", "definition": definition,
                         "shared_with": [contractor_id], "schedule": "monthly"})),
        )
        .await;
    assert_eq!(status, 201, "{saved}");
    let id = saved["id"].as_i64().unwrap();
    assert_eq!(saved["title"], "Open NCRs");
    assert_eq!(saved["mine"], true);
    assert_eq!(saved["schedule"], "monthly");
    assert_eq!(saved["shared_with"][0]["id"], contractor_id);

    // The contractor finds it among theirs, not as their own; the planner (not shared) cannot see it.
    let (status, list) = contractor.get_json("/api/custom-reports").await;
    assert_eq!(status, 200);
    let theirs = list
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == id)
        .expect("shared with the contractor");
    assert_eq!(theirs["mine"], false);
    assert_eq!(theirs["owner_name"], saved["owner_name"]);
    let (status, _) = planner.get_json(&format!("/api/custom-reports/{id}")).await;
    assert_eq!(status, 404);
    let change = json!({"title": "Mine now", "definition": definition, "row_version": 1});
    let (status, _) = contractor
        .send(
            Method::PUT,
            &format!("/api/custom-reports/{id}"),
            Some(&change),
        )
        .await;
    assert_eq!(status, 403);
    let (status, _) = contractor
        .send(Method::DELETE, &format!("/api/custom-reports/{id}"), None)
        .await;
    assert_eq!(status, 403);
    let (status, _) = planner
        .send(
            Method::PUT,
            &format!("/api/custom-reports/{id}"),
            Some(&change),
        )
        .await;
    assert_eq!(status, 404);

    // The owner changes it at the version read; a stale version is refused.
    let (status, changed) = engineer
        .send(
            Method::PUT,
            &format!("/api/custom-reports/{id}"),
            Some(
                &json!({"title": "Open NCRs by package", "definition": definition,
                         "shared_with": [contractor_id], "row_version": 1}),
            ),
        )
        .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["row_version"], 2);
    assert_eq!(changed["schedule"], Value::Null);
    let (status, _) = engineer
        .send(
            Method::PUT,
            &format!("/api/custom-reports/{id}"),
            Some(&json!({"title": "Again", "definition": definition, "row_version": 1})),
        )
        .await;
    assert_eq!(status, 409);

    // Exported by the contractor it holds their packages only; by the engineer, every package.
    let body = json!({"title": "Open NCRs by package", "definition": definition});
    let (status, disposition, csv) = export(&contractor, "csv", &body).await;
    assert_eq!(status, 200);
    assert!(
        disposition.contains("Open NCRs by package - NCR.csv"),
        "{disposition}"
    );
    let csv = String::from_utf8(csv).unwrap();
    let mut lines = csv.trim_start_matches('\u{feff}').lines();
    assert_eq!(lines.next(), Some("Package,Status,Count"));
    let contractor_rows: i64 = lines
        .map(|line| line.rsplit(',').next().unwrap().parse::<i64>().unwrap())
        .sum();
    let (_, rows) = contractor
        .get_json("/api/custom/selectall?t=ncr&cols=id&whrc=c_state%20%3C%3E%20'Closed'")
        .await;
    assert_eq!(contractor_rows as usize, rows.as_array().unwrap().len());

    let (status, _, xlsx) = export(&engineer, "xlsx", &body).await;
    assert_eq!(status, 200);
    let sheet = sheet_rows(xlsx);
    let header = sheet
        .iter()
        .position(|row| row.first().map(cell_text).as_deref() == Some("Package"))
        .expect("the header row");
    let counted: f64 = sheet[header + 1..]
        .iter()
        .filter_map(|row| match row.get(2) {
            Some(calamine::Data::Float(n)) => Some(*n),
            _ => None,
        })
        .sum();
    assert_eq!(
        counted as i64,
        app.count("SELECT count(*) FROM ncr WHERE c_state <> 'Closed'")
            .await
    );

    let (status, disposition, pdf) = export(&engineer, "pdf", &body).await;
    assert_eq!(status, 200);
    assert!(disposition.contains(".pdf"), "{disposition}");
    let (sizes, pages) = pdf_pages(&pdf);
    assert_eq!(sizes.len(), 1);
    assert!(sizes[0].0 > sizes[0].1, "A4 landscape: {:?}", sizes[0]);
    let text = squeezed(&pages[0]);
    for expected in [
        "Open NCRs by package",
        "Package Status Count",
        "Arjun Mehta",
    ] {
        assert!(text.contains(expected), "no `{expected}` in {text}");
    }
    let (status, _, _) = export(&engineer, "docx", &body).await;
    assert_eq!(status, 400);

    // Every change is in the audit log, with who and what.
    assert_eq!(
        app.audit_actions("custom_report", &id.to_string()).await,
        ["create", "update"]
    );

    // The owner deletes it; it is gone for the contractor too.
    let (status, _) = engineer
        .send(Method::DELETE, &format!("/api/custom-reports/{id}"), None)
        .await;
    assert_eq!(status, 200);
    let (status, _) = contractor
        .get_json(&format!("/api/custom-reports/{id}"))
        .await;
    assert_eq!(status, 404);
}

fn mailings(app: &TestApp) -> ReportMailings {
    let settings = settings_for(&app.database_url);
    let registry = Arc::new(
        gateway::ops::registry_check::load(&registry_dir(), None).expect("the shipped registry"),
    );
    ReportMailings::new(
        app.pool.clone(),
        registry,
        &settings.mail,
        settings.auth.public_url.clone(),
    )
}

#[tokio::test]
async fn a_scheduled_report_is_mailed_once_a_period_even_by_two_gateways_at_once() {
    let sink = SmtpSink::accepting();
    let url = sink.url();
    let app = spawn_seeded_app_with(move |settings| {
        settings.mail.smtp_url = Some(url);
        settings.mail.poll = Duration::from_millis(100);
    })
    .await;
    // The demo's own mail (the mail view's) aside: this test counts the mail it makes.
    app.execute("DELETE FROM mail_outbox").await;
    // The demo's weekly report: the contract manager's, shared with the engineer and the employer.
    let report = app
        .count("SELECT id FROM custom_report WHERE c_title = 'Certified amounts by package'")
        .await;
    let scheduled = app
        .count("SELECT count(*) FROM custom_report WHERE c_schedule IS NOT NULL")
        .await;
    assert_eq!(scheduled, 1);

    let (one_gateway, another) = (mailings(&app), mailings(&app));
    let (a, b) = tokio::join!(one_gateway.run_once(), another.run_once());
    let (a, b) = (a.expect("a pass"), b.expect("a pass"));
    assert_eq!(a.reports + b.reports, 1, "{a:?} {b:?}");
    assert_eq!(a.mails + b.mails, 3, "{a:?} {b:?}");
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM custom_report_mailing WHERE n_report = {report} AND n_recipients = 3"
        ))
        .await,
        1
    );
    let queued = app
        .count("SELECT count(*) FROM mail_outbox WHERE c_purpose = 'report'")
        .await;
    assert_eq!(queued, 3);
    assert_eq!(
        app.count(
            "SELECT count(*) FROM mail_attachment a JOIN mail_outbox o ON o.id = a.n_outbox
             WHERE o.c_purpose = 'report' AND a.c_file_name = 'Certified amounts by package - IPC.xlsx'"
        )
        .await,
        3
    );
    // The same week again: nothing more.
    let again = mailings(&app).run_once().await.expect("a pass");
    assert_eq!(again.reports, 0, "{again:?}");
    assert_eq!(
        app.count("SELECT count(*) FROM mail_outbox WHERE c_purpose = 'report'")
            .await,
        3
    );

    // Another period, and the engineer no longer opens custom reports: not mailed to him.
    app.execute(
        "DELETE FROM user_permission_nav WHERE n_user_id = (SELECT id FROM users WHERE c_username = 'engineer')
           AND n_nav_id = (SELECT id FROM navigation WHERE c_route = '/reports/customreports')",
    )
    .await;
    app.execute("UPDATE custom_report_mailing SET d_period = d_period - 7")
        .await;
    let next = mailings(&app).run_once().await.expect("a pass");
    assert_eq!((next.reports, next.mails), (1, 2), "{next:?}");

    // Delivered by the dispatcher, each to one person, the workbook attached.
    let messages = sink.wait_for(5, Duration::from_secs(30)).await;
    let reports: Vec<&Value> = messages
        .iter()
        .filter(|m| {
            m["data"]
                .as_str()
                .unwrap_or_default()
                .contains("Subject: Report: Certified amounts by package")
        })
        .collect();
    assert_eq!(reports.len(), 5, "{messages:?}");
    let mut to: Vec<&str> = reports
        .iter()
        .map(|m| m["rcpt_tos"][0].as_str().unwrap())
        .collect();
    to.sort_unstable();
    assert_eq!(
        to,
        [
            "arjun.mehta@pmc.example",
            "meera.iyer@metrorail.example",
            "meera.iyer@metrorail.example",
            "priya.nair@metrorail.example",
            "priya.nair@metrorail.example"
        ]
    );
    let data = reports[0]["data"].as_str().unwrap();
    assert!(data.contains("multipart/mixed"), "{data}");
    assert!(data.contains("Content-Disposition: attachment"), "{data}");
    assert!(
        data.contains("Certified amounts by package - IPC.xlsx"),
        "{data}"
    );
    assert!(data.contains("/reports/customreports?report="), "{data}");
}
