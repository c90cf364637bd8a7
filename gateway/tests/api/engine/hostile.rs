//! Hostile input against the real gateway: oversized, deeply nested and huge bodies, wrong content types, path
//! traversal in every spelling (sent byte for byte, not normalised by a client), and attempts to inject headers
//! through export file names. Every answer is a clear JSON error and nothing outside the served folders is read.

use std::path::Path;

use serde_json::{json, Value};

use crate::helpers::{raw_get, raw_http, spawn_seeded_app, spawn_seeded_app_with, TestApp};

/// The JSON endpoints that take a body, each with a small valid-looking body.
fn json_endpoints() -> Vec<(&'static str, &'static str)> {
    vec![
        ("POST", "/api/auth/signin"),
        ("POST", "/api/auth/register"),
        ("POST", "/api/auth/forgot"),
        ("POST", "/api/data/corridor"),
        ("PUT", "/api/data/corridor/1"),
        ("POST", "/api/reminder/create"),
        ("PUT", "/api/reminder/update?id=1"),
        ("POST", "/api/reminder/delete"),
        ("POST", "/api/admin/users"),
        ("POST", "/api/custom/datatable"),
    ]
}

async fn send_raw(
    app: &TestApp,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    body: &[u8],
) -> (u16, Value) {
    let token = app.token.clone().unwrap_or_default();
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nx-access-token: {token}\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(content_type) = content_type {
        request.push_str(&format!("Content-Type: {content_type}\r\n"));
    }
    request.push_str("\r\n");
    let mut bytes = request.into_bytes();
    bytes.extend_from_slice(body);
    let (status, head, answer) = raw_http(&app.address, &bytes).await;
    let json = serde_json::from_slice(&answer).unwrap_or_else(|e| {
        panic!(
            "{method} {path}: not JSON ({e}): {head}\n{}",
            String::from_utf8_lossy(&answer)
        )
    });
    (status, json)
}

#[tokio::test]
async fn oversized_bodies_are_413_with_or_without_a_length() {
    let app = spawn_seeded_app().await;
    let big = format!(
        "{{\"c_code\":\"X\",\"c_name\":\"{}\"}}",
        "a".repeat(300 * 1024)
    );
    for (method, path) in json_endpoints() {
        let (status, body) =
            send_raw(&app, method, path, Some("application/json"), big.as_bytes()).await;
        assert_eq!(status, 413, "{method} {path}: {body}");
        assert_eq!(body["code"], "PMIS-R413", "{method} {path}: {body}");
    }
    let form = format!("t=corridor&search[value]={}", "a".repeat(300 * 1024));
    let (status, body) = send_raw(
        &app,
        "POST",
        "/api/custom/datatable",
        Some("application/x-www-form-urlencoded"),
        form.as_bytes(),
    )
    .await;
    assert_eq!(status, 413, "{body}");

    // Chunked: no Content-Length to refuse up front, so the limit is enforced while reading.
    let mut request = format!(
        "POST /api/data/corridor HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nx-access-token: {}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
        app.token.as_deref().unwrap_or_default()
    )
    .into_bytes();
    for chunk in big.as_bytes().chunks(16 * 1024) {
        request.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
        request.extend_from_slice(chunk);
        request.extend_from_slice(b"\r\n");
    }
    request.extend_from_slice(b"0\r\n\r\n");
    let (status, _, answer) = raw_http(&app.address, &request).await;
    assert_eq!(status, 413, "{}", String::from_utf8_lossy(&answer));
    assert_eq!(
        app.count("SELECT count(*) FROM corridor WHERE c_code = 'X'")
            .await,
        0
    );
}

#[tokio::test]
async fn deeply_nested_or_huge_json_is_a_400_and_writes_nothing() {
    let app = spawn_seeded_app().await;
    let corridors = app.count("SELECT count(*) FROM corridor").await;
    let nested = format!("{}1{}", "[".repeat(5_000), "]".repeat(5_000));
    let nested_object = format!("{}1{}", "{\"a\":".repeat(5_000), "}".repeat(5_000));
    let bodies = [
        // Nesting far beyond any form's shape, as the whole body and as one field's value.
        nested.clone(),
        format!("{{\"c_code\":\"N1\",\"c_name\":{nested}}}"),
        format!("{{\"c_code\":\"N2\",\"c_name\":{nested_object}}}"),
        // Huge within the size limit: 60,000 fields, a 200,000-digit number, an array where an object belongs.
        format!(
            "{{{}}}",
            (0..20_000)
                .map(|i| format!("\"f{i}\":1"))
                .collect::<Vec<_>>()
                .join(",")
        ),
        format!("[{}]", vec!["1"; 100_000].join(",")),
        // Not JSON at all, or cut short.
        "{\"c_code\": \"N3\", ".to_string(),
        "\u{feff}{}".to_string(),
    ];
    for (method, path) in json_endpoints() {
        for body in &bodies {
            let (status, answer) = send_raw(
                &app,
                method,
                path,
                Some("application/json"),
                body.as_bytes(),
            )
            .await;
            assert_eq!(
                status,
                400,
                "{method} {path} with {}…: {answer}",
                &body[..body.len().min(40)]
            );
            assert_eq!(answer["code"], "PMIS-R400", "{method} {path}: {answer}");
        }
    }
    let number = format!(
        "{{\"c_code\":\"N4\",\"c_name\":\"Huge\",\"n_length_km\":{}}}",
        "9".repeat(200_000)
    );
    let (status, answer) = send_raw(
        &app,
        "POST",
        "/api/data/corridor",
        Some("application/json"),
        number.as_bytes(),
    )
    .await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["fields"][0]["field"], "n_length_km", "{answer}");
    assert_eq!(app.count("SELECT count(*) FROM corridor").await, corridors);
}

#[tokio::test]
async fn wrong_content_types_are_415() {
    let app = spawn_seeded_app().await;
    let body = br#"{"username":"admin","password":"Admin@123","c_code":"CT","c_name":"CT"}"#;
    for (method, path) in json_endpoints() {
        for content_type in [
            None,
            Some("text/plain"),
            Some("application/xml"),
            Some("multipart/form-data; boundary=x"),
            Some("application/json-patch+jsonx"),
        ] {
            if path == "/api/custom/datatable" && content_type.is_none() {
                continue; // covered below: the data table takes a form as well as JSON
            }
            let (status, answer) = send_raw(&app, method, path, content_type, body).await;
            assert_eq!(status, 415, "{method} {path} as {content_type:?}: {answer}");
            assert_eq!(answer["code"], "PMIS-R415", "{answer}");
        }
    }
    let (status, answer) =
        send_raw(&app, "POST", "/api/custom/datatable", None, b"t=corridor").await;
    assert_eq!(status, 415, "{answer}");
    assert_eq!(
        app.count("SELECT count(*) FROM corridor WHERE c_code = 'CT'")
            .await,
        0
    );
}

/// A served folder, its parent holding a secret, and the console build next to it.
fn traversal_tree(root: &Path) {
    std::fs::create_dir_all(root.join("support")).unwrap();
    std::fs::create_dir_all(root.join("dist/assets")).unwrap();
    std::fs::write(root.join("secret.txt"), "PMIS-SENTINEL-OUTSIDE").unwrap();
    std::fs::write(root.join("secret"), "PMIS-SENTINEL-OUTSIDE").unwrap();
    std::fs::write(root.join("support/.hidden.pdf"), "PMIS-SENTINEL-HIDDEN").unwrap();
    std::fs::write(root.join("support/manual.pdf"), "%PDF-1.4 manual").unwrap();
    std::fs::write(root.join("dist/index.html"), "<html>console</html>").unwrap();
    std::fs::write(root.join("dist/assets/app.js"), "console.log(1)").unwrap();
}

#[tokio::test]
async fn path_traversal_in_any_spelling_is_404_and_reads_nothing_outside() {
    let root =
        std::env::temp_dir().join(format!("pmis-traversal-{}", uuid::Uuid::new_v4().simple()));
    traversal_tree(&root);
    let app = spawn_seeded_app_with(|settings| {
        settings.static_dir = root.join("dist");
        settings.support_dir = root.join("support");
    })
    .await;
    let (status, _, body) = raw_get(&app.address, "/_support_resources/manual.pdf").await;
    assert_eq!((status, body.as_slice()), (200, &b"%PDF-1.4 manual"[..]));
    let (status, _, body) = raw_get(&app.address, "/assets/app.js").await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));

    let escapes = [
        "../secret.txt",
        "../secret",
        "../../secret.txt",
        "..%2fsecret.txt",
        "..%2Fsecret",
        "%2e%2e/secret.txt",
        "%2e%2e%2fsecret.txt",
        "%2E%2E%2Fsecret",
        ".%2e/secret.txt",
        "%2e./secret",
        "..%5csecret.txt",
        "..\\secret.txt",
        "%252e%252e%252fsecret.txt",
        "..%252fsecret",
        "....//secret.txt",
        "..;/secret.txt",
        "..%00/secret.txt",
        "%00../secret.txt",
        "%c0%ae%c0%ae/secret.txt",
        "%uff0e%uff0e/secret.txt",
        "/%2e%2e/secret.txt",
        "%2fetc%2fpasswd",
        "/etc/passwd",
        ".hidden.pdf",
        "%2ehidden.pdf",
    ];
    for prefix in [
        "/_support_resources/",
        "/files/",
        "/",
        "/assets/",
        "/masters/",
    ] {
        for escape in escapes {
            let path = format!("{prefix}{escape}");
            let (status, head, body) = raw_get(&app.address, &path).await;
            let text = String::from_utf8_lossy(&body);
            assert!(
                !text.contains("PMIS-SENTINEL") && !text.contains("root:"),
                "{path} read outside its folder: {head}\n{text}"
            );
            assert_eq!(status, 404, "{path}: {head}\n{text}");
        }
    }
    std::fs::remove_dir_all(&root).ok();
}

#[tokio::test]
async fn export_file_names_cannot_carry_injected_headers_or_paths() {
    let app = spawn_seeded_app().await;
    let token = app.token.clone().unwrap();
    for table in [
        "corridor%0d%0aSet-Cookie:%20pwned=1",
        "corridor%0aX-Injected:%201",
        "corridor%22%3b%20filename%3d%22evil.exe",
        "..%2f..%2fetc%2fpasswd",
        "corridor%00.exe",
        "%E2%80%AEcorridor",
    ] {
        let path = format!("/api/export?t={table}&cols=*&format=csv");
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nx-access-token: {token}\r\n\r\n"
        );
        let (status, head, body) = raw_http(&app.address, request.as_bytes()).await;
        assert_eq!(status, 400, "{path}: {head}");
        let lower = head.to_ascii_lowercase();
        assert!(
            !lower.contains("set-cookie")
                && !lower.contains("x-injected")
                && !lower.contains("content-disposition"),
            "{path}: {head}"
        );
        let answer: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(answer["result"], "failed", "{answer}");
    }
    // Every parameter a caller controls stays out of the name: only the entry and the date make it.
    let path = "/api/export?t=corridor&cols=*&format=xlsx&search%5Bvalue%5D=C%0d%0aSet-Cookie:%20x&filename=evil%0d%0a.exe";
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nx-access-token: {token}\r\n\r\n"
    );
    let (status, head, _) = raw_http(&app.address, request.as_bytes()).await;
    assert_eq!(status, 200, "{head}");
    assert!(!head.to_ascii_lowercase().contains("set-cookie"), "{head}");
    let disposition = head
        .lines()
        .find(|line| {
            line.to_ascii_lowercase()
                .starts_with("content-disposition:")
        })
        .unwrap_or_else(|| panic!("no file name: {head}"));
    let name = disposition.split_once("filename=").unwrap().1;
    let date = name
        .strip_prefix("\"corridor-")
        .and_then(|rest| rest.strip_suffix(".xlsx\""))
        .unwrap_or_else(|| panic!("{disposition}"));
    assert!(
        date.len() == 10 && date.bytes().all(|b| b.is_ascii_digit() || b == b'-'),
        "{disposition}"
    );
    let (status, exported) = {
        let response = app
            .get("/api/export?t=corridor&cols=c_code&format=csv")
            .await;
        (
            response.status().as_u16(),
            response.headers().get("content-disposition").cloned(),
        )
    };
    assert_eq!(status, 200);
    let name = exported.unwrap().to_str().unwrap().to_owned();
    assert!(
        name.starts_with("attachment; filename=\"corridor-") && name.ends_with(".csv\""),
        "{name}"
    );
}

#[tokio::test]
async fn only_a_live_session_opens_the_api_and_never_another_users_rows() {
    let app = spawn_seeded_app().await;
    let viewer_token = app.anonymous().sign_in("viewer", "Viewer@123").await;
    let viewer = app.with_token(&viewer_token);
    let viewer_id = viewer.get_json("/api/auth/me").await.1["user"]["id"]
        .as_i64()
        .unwrap();
    let admin_id = app.get_json("/api/auth/me").await.1["user"]["id"]
        .as_i64()
        .unwrap();
    let protected = [
        "/api/auth/me",
        "/api/custom/selectall?t=corridor",
        "/api/data/corridor/1",
        "/api/export?t=corridor&cols=*",
        "/api/custom/pendinglist?user_id=",
        "/api/custom/cmnmsg",
    ];
    let assert_refused = |app: TestApp, why: String| async move {
        for path in protected {
            let (status, body) = app.get_json(path).await;
            assert_eq!(status, 401, "{why} on {path}: {body}");
        }
    };

    // Forged or damaged tokens.
    let mut flipped = viewer_token.clone().into_bytes();
    flipped[10] = if flipped[10] == b'A' { b'B' } else { b'A' };
    let flipped = String::from_utf8(flipped).unwrap();
    for (why, token) in [
        ("forged", "A".repeat(43)),
        ("one character changed", flipped),
        ("truncated", viewer_token[..42].to_owned()),
        ("extended", format!("{viewer_token}A")),
        ("another session's hash", "x".repeat(64)),
        ("SQL in the token", "' OR '1'='1".to_owned()),
    ] {
        assert_refused(app.with_token(&token), why.to_owned()).await;
    }

    // Expired, signed out, and ended by an administrator: each refused at once.
    let expiring = app.anonymous().sign_in("viewer", "Viewer@123").await;
    app.execute(&format!(
        "UPDATE user_session SET d_expires_at = now() - interval '1 second'
         WHERE c_token_hash = sha256(convert_to('{expiring}', 'UTF8'))"
    ))
    .await;
    assert_refused(app.with_token(&expiring), "expired".into()).await;
    let signed_out = app.anonymous().sign_in("viewer", "Viewer@123").await;
    let (status, _) = app
        .with_token(&signed_out)
        .post_json(
            "/api/auth/logout",
            &json!({"n_user_id": viewer_id, "c_token": signed_out}),
        )
        .await;
    assert_eq!(status, 200);
    assert_refused(app.with_token(&signed_out), "signed out".into()).await;

    // One user's token never reads another user's reminders or pending documents.
    let (status, created) = app
        .post_json(
            "/api/reminder/create",
            &json!({"c_title": "Admin only", "c_url": "/dashboard/analytics",
                    "d_scheduled_date_time": "2099-01-01", "n_user_id": admin_id}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let reminder = created["id"].as_i64().unwrap();
    let (status, rows) = viewer
        .get_json("/api/custom/selectall?t=v_reminder&cols=id,c_title&whrc=")
        .await;
    assert_eq!(status, 200);
    assert!(
        rows.as_array().unwrap().iter().all(|r| r["id"] != reminder),
        "{rows}"
    );
    let (status, rows) = viewer
        .get_json(&format!(
            "/api/custom/selectall?t=v_reminder&cols=id&whrc=id%20%3D%20{reminder}"
        ))
        .await;
    assert_eq!(
        (status, rows),
        (200, json!([])),
        "asking by id finds nothing either"
    );
    let (status, _) = viewer
        .get_json(&format!("/api/data/v_reminder/{reminder}"))
        .await;
    assert_eq!(
        status, 404,
        "another user's reminder does not exist for the viewer"
    );
    let (status, body) = viewer
        .post_json("/api/reminder/delete", &json!({"id": reminder}))
        .await;
    assert_eq!(status, 403, "{body}");
    let (status, _) = viewer
        .get_json(&format!("/api/custom/pendinglist?user_id={admin_id}"))
        .await;
    assert_eq!(status, 403);

    // Ending the viewer's account ends its sessions everywhere.
    let (status, body) = app
        .post_json(
            &format!("/api/admin/users/{viewer_id}/deactivate"),
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_refused(viewer, "deactivated".into()).await;
}
