//! Files that never pile up, against the real PostgreSQL and both real stores (a folder, and an S3-protocol server
//! on loopback): a hostile upload run (a program among good files, the 21st file of a request, a refused type, a
//! file too large after good ones, a record's file and byte limits, a user's daily limit, a name with bidirectional
//! overrides), then deleted files and a deleted draft with files. Every refusal leaves nothing in the store or the
//! incoming folder, and once the sweep has run every blob in the store belongs to a live file or to one deleted
//! within its grace period.

use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::helpers::{
    create_database, fresh_database_name, settings_for, start_app, S3Server, TestApp,
};

const PDF: &[u8] =
    b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

async fn upload(
    app: &TestApp,
    path: &str,
    files: &[(String, Vec<u8>)],
) -> (u16, Value, Option<String>) {
    let mut form = Form::new();
    for (name, bytes) in files {
        form = form.part("file", Part::bytes(bytes.clone()).file_name(name.clone()));
    }
    let response = app.post(path).multipart(form).send().await.expect("upload");
    let status = response.status().as_u16();
    let retry = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}")),
        retry,
    )
}

/// A PDF that differs from every other one of the run.
fn pdf(n: usize, size: usize) -> Vec<u8> {
    let mut bytes = PDF.to_vec();
    bytes.extend(format!("% file {n}\n").bytes());
    bytes.resize(size.max(bytes.len()), b' ');
    bytes
}

fn named(name: &str, bytes: Vec<u8>) -> (String, Vec<u8>) {
    (name.to_owned(), bytes)
}

/// The files in the incoming folder (uploads in progress).
fn incoming(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir.join(".incoming")).map_or(0, |d| d.count())
}

/// Every content in the store belongs to a live file or to one deleted within its grace period.
async fn store_holds_only_what_files_refer_to(
    app: &TestApp,
    store: &gateway::files::store::FileStore,
) {
    let stored = store.contents().await.unwrap();
    let db = app.db().await;
    let kept: Vec<String> = db
        .query(
            "SELECT DISTINCT c_sha256 FROM record_file
             WHERE d_deleted_at IS NULL OR d_deleted_at + interval '1 hour' > now()",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    for sha in &stored {
        assert!(
            kept.contains(sha),
            "{sha} is in the store but no live or restorable file has it"
        );
    }
    for sha in &kept {
        assert!(
            stored.contains(sha),
            "{sha} is a file's content but not in the store"
        );
    }
}

async fn hostile_run(store_settings: impl FnOnce(&mut gateway::ops::config::Settings)) {
    let url = create_database(&fresh_database_name()).await;
    let mut settings = settings_for(&url);
    settings.files.max_bytes = 64 * 1024;
    settings.files.max_files_per_record = 4;
    settings.files.max_bytes_per_record = 160 * 1024;
    settings.files.max_bytes_per_user_day = 300 * 1024;
    settings.files.grace_hours = 1;
    store_settings(&mut settings);
    let files_settings = settings.files.clone();
    let store = gateway::files::store::FileStore::from_settings(&files_settings).unwrap();
    let app = start_app(settings).await;
    app.wait_for_health(200, std::time::Duration::from_secs(30))
        .await;
    gateway::ops::seed::load_demo_data(&app.pool)
        .await
        .expect("demo data");
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let drafts: Vec<i64> = app
        .db()
        .await
        .query(
            "SELECT r.id FROM rfi r JOIN package p ON p.id = r.n_package
             WHERE p.c_code = 'C1-V01' AND r.c_state = 'Draft' ORDER BY r.id",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert!(
        drafts.len() >= 2,
        "two draft RFIs of C1-V01 in the demo data"
    );
    let path = |id: i64| format!("/api/data/rfi/{id}/files");
    let first = path(drafts[0]);
    let nothing_left = || async {
        assert_eq!(
            store.contents().await.unwrap().len(),
            0,
            "a refused upload left bytes in the store"
        );
        assert_eq!(
            incoming(&files_settings.dir),
            0,
            "a refused upload left a temporary file"
        );
        assert_eq!(app.count("SELECT count(*) FROM record_file").await, 0);
    };

    // A program among good files.
    let (status, body, _) = upload(
        &contractor,
        &first,
        &[
            named("a.pdf", pdf(1, 40_000)),
            named("b.pdf", pdf(2, 40_000)),
            named("drawing.pdf", b"MZ\x90\x00 a program".to_vec()),
        ],
    )
    .await;
    assert_eq!(status, 415, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("nothing was attached"),
        "{body}"
    );
    nothing_left().await;
    // The 21st file of one request.
    let many: Vec<(String, Vec<u8>)> = (0..21)
        .map(|n| named(&format!("f{n}.pdf"), pdf(100 + n, 100)))
        .collect();
    let (status, body, _) = upload(&contractor, &first, &many).await;
    assert_eq!(status, 413, "{body}");
    nothing_left().await;
    // A refused type after good files.
    let (status, body, _) = upload(
        &contractor,
        &first,
        &[
            named("a.pdf", pdf(3, 1000)),
            named("macro.xlsm", b"PK\x03\x04".to_vec()),
        ],
    )
    .await;
    assert_eq!(status, 415, "{body}");
    nothing_left().await;
    // A file too large after good ones.
    let (status, body, _) = upload(
        &contractor,
        &first,
        &[
            named("a.pdf", pdf(4, 1000)),
            named("big.pdf", pdf(5, 70 * 1024)),
        ],
    )
    .await;
    assert_eq!(status, 413, "{body}");
    nothing_left().await;
    // More files than a record may keep (4), and more bytes than it may hold (160 KB).
    let (status, body, _) = upload(
        &contractor,
        &first,
        &(0..5)
            .map(|n| named(&format!("g{n}.pdf"), pdf(200 + n, 100)))
            .collect::<Vec<_>>(),
    )
    .await;
    assert_eq!(status, 413, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("at most 4 files"),
        "{body}"
    );
    nothing_left().await;
    let (status, body, _) = upload(
        &contractor,
        &first,
        &(0..3)
            .map(|n| named(&format!("h{n}.pdf"), pdf(300 + n, 60 * 1024)))
            .collect::<Vec<_>>(),
    )
    .await;
    assert_eq!(status, 413, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("may take 160 KB together"),
        "{body}"
    );
    nothing_left().await;

    // A good upload, with a name that would display reversed.
    let (status, body, _) = upload(
        &contractor,
        &first,
        &[
            named("evil\u{202e}gpj.pdf", pdf(6, 50 * 1024)),
            named("ok.pdf", pdf(7, 50 * 1024)),
        ],
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"][0]["name"], "evilgpj.pdf", "{body}");
    assert_eq!(store.contents().await.unwrap().len(), 2);
    // The user's daily allowance (300 KB): 100 KB used; 2 × 60 KB on the second draft fit, 2 × 50 KB more do not.
    let second = path(drafts[1]);
    let (status, body, _) = upload(
        &contractor,
        &second,
        &(0..2)
            .map(|n| named(&format!("d{n}.pdf"), pdf(400 + n, 60 * 1024)))
            .collect::<Vec<_>>(),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    // Deleting does not give the day's allowance back.
    let id = body["data"][0]["id"].clone();
    let response = contractor
        .request(reqwest::Method::DELETE, &format!("{second}/{id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let open: i64 = app
        .db()
        .await
        .query_one(
            "SELECT min(r.id) FROM rfi r JOIN package p ON p.id = r.n_package
             WHERE p.c_code = 'C1-V01' AND r.c_state = 'Open'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let (status, body, retry) = upload(
        &contractor,
        &path(open),
        &(0..2)
            .map(|n| named(&format!("e{n}.pdf"), pdf(500 + n, 50 * 1024)))
            .collect::<Vec<_>>(),
    )
    .await;
    assert_eq!(status, 429, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("bytes uploaded today"),
        "{body}"
    );
    assert!(
        retry.is_some_and(|r| r.parse::<u64>().unwrap() > 0),
        "Retry-After"
    );
    assert_eq!(
        store.contents().await.unwrap().len(),
        4,
        "the refused upload stored nothing"
    );

    // The first draft is deleted (by the administrator: contractors may not delete RFIs) with its files: they stay restorable for the grace period, then go.
    let version: i32 = app
        .db()
        .await
        .query_one("SELECT n_row_version FROM rfi WHERE id = $1", &[&drafts[0]])
        .await
        .unwrap()
        .get(0);
    let admin = app.with_token(&app.sign_in("admin", "Admin@123").await);
    let response = admin
        .request(
            reqwest::Method::DELETE,
            &format!("/api/data/rfi/{}?n_row_version={version}", drafts[0]),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM record_file WHERE c_key = '{}' AND d_deleted_at IS NOT NULL",
            drafts[0]
        ))
        .await,
        2
    );
    store_holds_only_what_files_refer_to(&app, &store).await;
    let swept = gateway::files::sweep::run_once(&app.pool, &store, 1)
        .await
        .unwrap();
    assert_eq!(
        (swept.rows, swept.blobs),
        (0, 0),
        "nothing is past its grace period yet: {swept:?}"
    );
    app.db()
        .await
        .execute(
            "UPDATE record_file SET d_deleted_at = d_deleted_at - interval '2 hours' WHERE d_deleted_at IS NOT NULL",
            &[],
        )
        .await
        .unwrap();
    let swept = gateway::files::sweep::run_once(&app.pool, &store, 1)
        .await
        .unwrap();
    assert_eq!((swept.rows, swept.blobs), (3, 3), "{swept:?}");
    assert_eq!(store.contents().await.unwrap().len(), 1);
    store_holds_only_what_files_refer_to(&app, &store).await;
    assert_eq!(incoming(&files_settings.dir), 0);
}

#[tokio::test]
async fn hostile_uploads_leave_nothing_behind_in_a_folder() {
    hostile_run(|_| {}).await;
}

#[tokio::test]
async fn hostile_uploads_leave_nothing_behind_in_an_s3_bucket() {
    let s3 = S3Server::start().await;
    hostile_run(|settings| settings.files.s3 = Some(s3.settings())).await;
}
