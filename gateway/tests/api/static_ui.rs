use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::helpers::spawn_app;

#[tokio::test]
async fn the_console_index_is_served_at_the_root() {
    let app = spawn_app().await;
    let response = app.get("/").await;
    assert_eq!(response.status(), 200);
    assert!(response
        .text()
        .await
        .unwrap()
        .contains("test-fixture-index"));
}

#[tokio::test]
async fn deep_links_fall_back_to_the_index_so_the_app_can_route_them() {
    let app = spawn_app().await;
    for path in [
        "/masters/corridor",
        "/dashboard/analytics",
        "/misc/404",
        "/login",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            response
                .text()
                .await
                .unwrap()
                .contains("test-fixture-index"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_long_and_missing_assets_are_404_not_html() {
    let app = spawn_app().await;
    let response = app.get("/assets/app-3f2a1b.js").await;
    assert_eq!(response.status(), 200);
    assert!(response.headers()["cache-control"]
        .to_str()
        .unwrap()
        .contains("immutable"));
    assert!(response.text().await.unwrap().contains("fixture asset"));

    let missing = app.get("/assets/missing-123.js").await;
    assert_eq!(missing.status(), 404);
    assert!(!missing.text().await.unwrap().contains("test-fixture-index"));
}

#[tokio::test]
async fn path_traversal_cannot_read_outside_the_console_folder() {
    let app = spawn_app().await;
    let port = app.address.rsplit(':').next().unwrap().to_string();
    // Raw requests: an HTTP client would normalise the dots away before sending.
    for target in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/..%2f..%2fCargo.toml",
        "/assets/../../Cargo.toml",
    ] {
        let mut stream = tokio::net::TcpStream::connect(format!("127.0.0.1:{port}"))
            .await
            .unwrap();
        let request =
            format!("GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        assert!(
            !answer.contains("[workspace]"),
            "{target} leaked a file outside the folder"
        );
        let status_line = answer.lines().next().unwrap_or_default().to_string();
        assert!(
            status_line.contains(" 404 ") || status_line.contains(" 400 "),
            "{target}: {status_line}"
        );
    }
}
