//! Files attached to records, against the real PostgreSQL and real stores: the local folder and an S3-protocol
//! server on loopback (moto). Upload several at once, list, download with the sanitised name, the same content
//! stored once, refusals (413 too large, 415 type or program, 403 without the right, 404 another package's record),
//! deletion with its audit row, the content removed once unused.

use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::helpers::{
    create_database, fresh_database_name, settings_for, start_app, S3Server, TestApp,
};

const PDF: &[u8] =
    b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00";

async fn seeded(adjust: impl FnOnce(&mut gateway::ops::config::Settings)) -> TestApp {
    let url = create_database(&fresh_database_name()).await;
    let mut settings = settings_for(&url);
    adjust(&mut settings);
    let app = start_app(settings).await;
    app.wait_for_health(200, std::time::Duration::from_secs(30))
        .await;
    gateway::ops::seed::load_demo_data(&app.pool)
        .await
        .expect("demo data");
    app
}

async fn upload(app: &TestApp, path: &str, files: &[(&str, &[u8])]) -> (u16, Value) {
    let mut form = Form::new();
    for (name, bytes) in files {
        form = form.part(
            "file",
            Part::bytes(bytes.to_vec()).file_name(name.to_string()),
        );
    }
    let response = app.post(path).multipart(form).send().await.expect("upload");
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}")),
    )
}

/// An RFI of the viaduct contractor's packages, and one of the tunnel contractor's.
async fn rfis(app: &TestApp) -> (i64, i64) {
    let db = app.db().await;
    let of = |who: &'static str| {
        format!(
            "SELECT min(r.id) FROM rfi r JOIN package_user pu ON pu.n_package = r.n_package
             JOIN users u ON u.id = pu.n_user WHERE u.c_username = '{who}' AND r.c_state = 'Draft'"
        )
    };
    let viaduct: i64 = db.query_one(&of("contractor"), &[]).await.unwrap().get(0);
    let tunnel: i64 = db.query_one(&of("contractor2"), &[]).await.unwrap().get(0);
    (viaduct, tunnel)
}

/// The whole walk, on whichever store the app was given; `objects` counts what the store holds.
async fn walk<F, Fut>(app: &TestApp, store: &gateway::files::store::FileStore, objects: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = usize>,
{
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let tunnel = app.with_token(&app.sign_in("contractor2", "Contractor2@123").await);
    let viewer = app.with_token(&app.sign_in("viewer", "Viewer@123").await);
    let (mine, theirs) = rfis(app).await;
    let files = format!("/api/data/rfi/{mine}/files");

    let (status, added) = upload(
        &contractor,
        &files,
        &[("../../Pier P112 <R2>.pdf", PDF), ("site photo.png", PNG)],
    )
    .await;
    assert_eq!(status, 201, "{added}");
    assert_eq!(added["message"], "Uploaded Successfully");
    let names: Vec<&str> = added["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Pier P112 _R2_.pdf", "site photo.png"]);
    assert_eq!(objects().await, 2);

    let (status, listed) = contractor.get_json(&files).await;
    assert_eq!(status, 200);
    let pdf = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["content_type"] == "application/pdf")
        .unwrap()
        .clone();
    assert_eq!(pdf["size"], PDF.len());
    assert_eq!(pdf["uploaded_by"], "Rahul Verma");
    assert_eq!(pdf["sha256"].as_str().unwrap().len(), 64);
    let response = contractor.get(&format!("{files}/{}", pdf["id"])).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert!(response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .starts_with("attachment; filename=\"Pier P112 _R2_.pdf\""));
    assert_eq!(response.bytes().await.unwrap().as_ref(), PDF);
    let inline = contractor
        .get(&format!("{files}/{}?inline=1", pdf["id"]))
        .await;
    assert!(inline.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .starts_with("inline;"));

    // The same content on another record of theirs is kept once.
    let other: i64 = app
        .db()
        .await
        .query_one(
            &format!(
                "SELECT max(id) FROM rfi WHERE c_state = 'Draft' AND id <> {mine}
                 AND n_package = (SELECT n_package FROM rfi WHERE id = {mine})"
            ),
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let (status, _) = upload(
        &contractor,
        &format!("/api/data/rfi/{other}/files"),
        &[("copy.pdf", PDF)],
    )
    .await;
    assert_eq!(status, 201);
    assert_eq!(objects().await, 2, "the same bytes are stored once");

    // Refusals, each with its reason, and nothing recorded by a refused upload.
    let before = app.count("SELECT count(*) FROM record_file").await;
    let (status, body) = upload(&contractor, &files, &[("setup.exe", b"MZ\x90\x00rest")]).await;
    assert_eq!(status, 415, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("not accepted"),
        "{body}"
    );
    let (status, body) = upload(
        &contractor,
        &files,
        &[
            ("fine.pdf", PDF),
            ("drawing.pdf", b"MZ\x90\x00 a program named as a drawing"),
        ],
    )
    .await;
    assert_eq!(status, 415, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("is a program"),
        "{body}"
    );
    let big = vec![b'a'; 70 * 1024];
    let (status, body) = upload(&contractor, &files, &[("notes.txt", &big)]).await;
    assert_eq!(status, 413, "{body}");
    assert_eq!(
        body["message"],
        "notes.txt is larger than the 64 KB a file may have; nothing was attached"
    );
    assert_eq!(app.count("SELECT count(*) FROM record_file").await, before);
    let (status, _) = viewer.get_json(&files).await;
    assert_eq!(status, 403);
    let (status, _) = tunnel.get_json(&files).await;
    assert_eq!(
        status, 404,
        "another package's record does not exist for them"
    );
    let (status, _) = upload(
        &contractor,
        &format!("/api/data/rfi/{theirs}/files"),
        &[("x.pdf", PDF)],
    )
    .await;
    assert_eq!(status, 404);
    let (status, body) = contractor.get_json("/api/data/corridor/1/files").await;
    assert_eq!(status, 404, "{body}");
    // A closed record's files no longer change.
    let closed: i64 = app
        .db()
        .await
        .query_one(
            &format!(
                "SELECT min(id) FROM rfi WHERE c_state = 'Closed'
                 AND n_package = (SELECT n_package FROM rfi WHERE id = {mine})"
            ),
            &[],
        )
        .await
        .unwrap()
        .get(0);
    let (status, body) = upload(
        &contractor,
        &format!("/api/data/rfi/{closed}/files"),
        &[("late.pdf", PDF)],
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("is Closed: its files cannot be added or removed"),
        "{body}"
    );

    // Deleting: audited, hidden at once, restorable for the grace period; the sweep then removes the file and its
    // content once no record has it.
    let png = listed["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["content_type"] == "image/png")
        .unwrap()["id"]
        .clone();
    let delete = |id: Value| {
        let url = format!("{files}/{id}");
        let contractor = contractor.clone();
        async move {
            contractor
                .request(reqwest::Method::DELETE, &url)
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    assert_eq!(delete(png.clone()).await, 200);
    let (_, live) = contractor.get_json(&files).await;
    assert_eq!(live["data"].as_array().unwrap().len(), 1, "{live}");
    let (_, deleted) = contractor.get_json(&format!("{files}?deleted=1")).await;
    assert_eq!(deleted["data"][0]["id"], png, "{deleted}");
    assert_eq!(deleted["data"][0]["deleted_by"], "Rahul Verma");
    assert!(
        deleted["data"][0]["restorable_until"].is_string(),
        "{deleted}"
    );
    assert_eq!(
        objects().await,
        2,
        "a deleted file keeps its bytes while it may be restored"
    );
    let response = contractor
        .request(reqwest::Method::POST, &format!("{files}/{png}/restore"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let (_, live) = contractor.get_json(&files).await;
    assert_eq!(
        live["data"].as_array().unwrap().len(),
        2,
        "restored: {live}"
    );
    assert_eq!(delete(png.clone()).await, 200);
    assert_eq!(delete(pdf["id"].clone()).await, 200);
    // The grace period passes; the sweep removes the rows and the PNG's bytes, not the PDF's (the copy on the other
    // record still has them).
    app.db()
        .await
        .execute(
            "UPDATE record_file SET d_deleted_at = d_deleted_at - interval '2 hours' WHERE d_deleted_at IS NOT NULL",
            &[],
        )
        .await
        .unwrap();
    let swept = gateway::files::sweep::run_once(&app.pool, store, 1)
        .await
        .unwrap();
    assert_eq!((swept.rows, swept.blobs), (2, 1), "{swept:?}");
    assert_eq!(
        objects().await,
        1,
        "the copy on the other record keeps the content"
    );
    let response = contractor
        .request(reqwest::Method::POST, &format!("{files}/{png}/restore"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.status(),
        404,
        "past its grace period a file is gone"
    );
    let actions = app.audit_actions("rfi", &mine.to_string()).await;
    let count = |what: &str| actions.iter().filter(|a| a.as_str() == what).count();
    assert_eq!(count("file-upload"), 2);
    assert_eq!(count("file-delete"), 3);
    assert_eq!(count("file-restore"), 1);
    let (status, history) = contractor
        .get_json(&format!("/api/data/rfi/{mine}/history"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(history["data"][0]["action"], "file-delete");
    assert_eq!(history["data"][0]["file"], "Pier P112 _R2_.pdf");
}

fn count_files(dir: &std::path::Path) -> usize {
    let Ok(listing) = std::fs::read_dir(dir) else {
        return 0;
    };
    listing
        .flatten()
        .map(|item| {
            let path = item.path();
            if path.is_dir() {
                count_files(&path)
            } else {
                1
            }
        })
        .sum()
}

#[tokio::test]
async fn files_in_the_local_folder() {
    let mut files = None;
    let app = seeded(|settings| {
        settings.files.max_bytes = 64 * 1024;
        settings.files.grace_hours = 1;
        files = Some(settings.files.clone());
    })
    .await;
    let files = files.unwrap();
    let store = gateway::files::store::FileStore::from_settings(&files).unwrap();
    let folder = files.dir.join("sha256");
    walk(&app, &store, || {
        let folder = folder.clone();
        async move { count_files(&folder) }
    })
    .await;
}

#[tokio::test]
async fn files_in_an_s3_bucket() {
    let s3 = S3Server::start().await;
    let mut files = None;
    let app = seeded(|settings| {
        settings.files.max_bytes = 64 * 1024;
        settings.files.grace_hours = 1;
        settings.files.s3 = Some(s3.settings());
        files = Some(settings.files.clone());
    })
    .await;
    let store = gateway::files::store::FileStore::from_settings(&files.unwrap()).unwrap();
    walk(&app, &store, || async { s3.keys().await.len() }).await;
}

/// The peak resident memory of a process so far (VmHWM), in KiB.
fn peak_rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap()
}

/// 200 MB up and down through a gateway process of its own: the bytes arrive intact and the process's peak
/// memory hardly moves (measured, not timed).
#[tokio::test]
async fn a_200_mb_file_streams_through_in_constant_memory() {
    use futures_util::StreamExt;
    use sha2::{Digest, Sha256};

    const MB: usize = 1024 * 1024;
    const SIZE: usize = 200 * MB;
    let url = create_database(&fresh_database_name()).await;
    let port = crate::helpers::free_port();
    let files = std::env::temp_dir().join(format!("pmis-big-{}", fresh_database_name()));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gateway"))
        .args(["serve", "--seed-demo"])
        .env("DATABASE_URL", &url)
        .env("PORT", port.to_string())
        .env("BIND_ADDRESS", "127.0.0.1")
        .env("REGISTRY_DIR", crate::helpers::registry_dir())
        .env("STATIC_DIR", crate::helpers::fixture_dist())
        .env("FILES_DIR", &files)
        .env("FILES_MAX_BYTES", (300 * MB).to_string())
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("the gateway executable runs");
    let app = TestApp {
        address: format!("http://127.0.0.1:{port}"),
        database_url: url.clone(),
        // A fresh connection per request: hashing 200 MB takes seconds in a debug build, longer than the gateway's
        // keep-alive (5 s), and a POST on a connection the gateway has just closed is not retried.
        client: reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(300))
            .pool_max_idle_per_host(0)
            .build()
            .unwrap(),
        pool: gateway::ops::database::build_pool_for(&settings_for(&url).database, &url, 1)
            .unwrap(),
        serving: None,
        token: None,
        owned_database: None,
    };
    app.wait_for_health(200, std::time::Duration::from_secs(60))
        .await;
    // The demo data is loaded once the gateway answers; wait for the accounts.
    let mut token = None;
    for _ in 0..600 {
        let response = app
            .post("/api/auth/signin")
            .json(&serde_json::json!({"username": "contractor", "password": "Contractor@123"}))
            .send()
            .await
            .unwrap();
        if response.status() == 200 {
            let body: Value = response.json().await.unwrap();
            token = body["accessToken"].as_str().map(str::to_owned);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let contractor = app.with_token(&token.expect("contractor signs in"));
    let (mine, _) = rfis(&app).await;
    let files_path = format!("/api/data/rfi/{mine}/files");
    // Warm the paths once with a small file, then take the baseline.
    let (status, _) = upload(&contractor, &files_path, &[("warm.pdf", PDF)]).await;
    assert_eq!(status, 201);
    let baseline = peak_rss_kib(child.id());

    // Up: generated as it is sent (the test holds no 200 MB either).
    let chunk = |index: usize| -> Vec<u8> {
        let mut bytes = vec![0u8; MB];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = ((i * 31 + index * 7) % 251) as u8;
        }
        bytes
    };
    let mut sent = Sha256::new();
    for index in 0..SIZE / MB {
        sent.update(chunk(index));
    }
    let sent = sent.finalize();
    let body = futures_util::stream::iter(
        (0..SIZE / MB).map(move |index| Ok::<_, std::io::Error>(chunk(index))),
    );
    let part = Part::stream_with_length(reqwest::Body::wrap_stream(body), SIZE as u64)
        .file_name("tunnel survey point cloud.zip");
    let response = contractor
        .post(&files_path)
        .multipart(Form::new().part("file", part))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let added: Value = response.json().await.unwrap();
    let id = added["data"][0]["id"].as_i64().unwrap();
    assert_eq!(added["data"][0]["size"].as_u64(), Some(SIZE as u64));

    // Down: hashed as it arrives.
    let response = contractor.get(&format!("{files_path}/{id}")).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["content-length"],
        SIZE.to_string().as_str()
    );
    let mut received = Sha256::new();
    let mut stream = response.bytes_stream();
    let mut length = 0usize;
    while let Some(piece) = stream.next().await {
        let piece = piece.unwrap();
        length += piece.len();
        received.update(&piece);
    }
    assert_eq!(length, SIZE);
    assert_eq!(
        received.finalize(),
        sent,
        "the bytes come back as they went"
    );

    let peak = peak_rss_kib(child.id());
    let growth_mib = (peak.saturating_sub(baseline)) as f64 / 1024.0;
    println!(
        "200 MB upload + download: gateway peak RSS {:.1} MiB before, {:.1} MiB after (+{growth_mib:.1} MiB)",
        baseline as f64 / 1024.0,
        peak as f64 / 1024.0
    );
    assert!(
        growth_mib < 64.0,
        "the gateway's peak memory grew by {growth_mib:.1} MiB for a 200 MB file"
    );
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&files);
}
