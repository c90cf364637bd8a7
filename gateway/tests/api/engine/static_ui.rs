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

/// The fixture console's file `relative` (as the build wrote it).
fn fixture(relative: &str) -> Vec<u8> {
    std::fs::read(crate::helpers::fixture_dist().join(relative)).unwrap()
}

async fn get_with(app: &crate::helpers::TestApp, path: &str, accept: &str) -> reqwest::Response {
    app.request(reqwest::Method::GET, path)
        .header("accept-encoding", accept)
        .send()
        .await
        .expect("request")
}

fn header<'a>(response: &'a reqwest::Response, name: &str) -> Option<&'a str> {
    response
        .headers()
        .get(name)
        .map(|value| value.to_str().unwrap())
}

#[tokio::test]
async fn brotli_is_sent_when_accepted_with_the_original_type_and_its_own_etag() {
    let app = spawn_app().await;
    let identity = get_with(&app, "/assets/app-3f2a1b.js", "identity").await;
    let gzip = get_with(&app, "/assets/app-3f2a1b.js", "gzip").await;
    let brotli = get_with(&app, "/assets/app-3f2a1b.js", "gzip, deflate, br, zstd").await;
    for (response, encoding) in [
        (&identity, None),
        (&gzip, Some("gzip")),
        (&brotli, Some("br")),
    ] {
        assert_eq!(response.status(), 200, "{encoding:?}");
        assert_eq!(header(response, "content-encoding"), encoding);
        // The original's type (as actix-files names it for `.js`), never one of the compressed file.
        assert_eq!(
            header(response, "content-type"),
            Some("text/javascript"),
            "{encoding:?}"
        );
        assert_eq!(header(response, "vary"), Some("accept-encoding"));
        assert_eq!(
            header(response, "cache-control"),
            Some("public, max-age=31536000, immutable")
        );
        // The security headers are set on these answers as on any other.
        assert_eq!(header(response, "x-content-type-options"), Some("nosniff"));
    }
    let etags: Vec<_> = [&identity, &gzip, &brotli]
        .iter()
        .map(|response| header(response, "etag").unwrap().to_owned())
        .collect();
    assert!(
        etags[0] != etags[1] && etags[1] != etags[2] && etags[0] != etags[2],
        "{etags:?}"
    );
    // A revalidation names the variant it holds: the same variant is not modified.
    let revalidated = app
        .request(reqwest::Method::GET, "/assets/app-3f2a1b.js")
        .header("accept-encoding", "br")
        .header("if-none-match", &etags[2])
        .send()
        .await
        .unwrap();
    assert_eq!(revalidated.status(), 304);
    let other = app
        .request(reqwest::Method::GET, "/assets/app-3f2a1b.js")
        .header("accept-encoding", "gzip")
        .header("if-none-match", &etags[2])
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), 200);
    assert_eq!(header(&other, "content-encoding"), Some("gzip"));
    // Ranges are of the file itself only.
    assert_eq!(header(&identity, "accept-ranges"), Some("bytes"));
    assert_eq!(header(&brotli, "accept-ranges"), None);
    assert_eq!(
        brotli.bytes().await.unwrap().as_ref(),
        fixture("assets/app-3f2a1b.js.br")
    );
    assert_eq!(
        gzip.bytes().await.unwrap().as_ref(),
        fixture("assets/app-3f2a1b.js.gz")
    );
    assert_eq!(
        identity.bytes().await.unwrap().as_ref(),
        fixture("assets/app-3f2a1b.js")
    );
}

#[tokio::test]
async fn gzip_stands_in_when_brotli_is_refused_or_not_built_and_q_zero_refuses() {
    let app = spawn_app().await;
    for accept in ["gzip", "br;q=0, gzip", "gzip;q=1, br;q=0.5", "x-gzip"] {
        let response = get_with(&app, "/assets/app-3f2a1b.js", accept).await;
        assert_eq!(
            header(&response, "content-encoding"),
            Some("gzip"),
            "{accept}"
        );
        assert_eq!(
            response.bytes().await.unwrap().as_ref(),
            fixture("assets/app-3f2a1b.js.gz"),
            "{accept}"
        );
    }
    // The style sheet was built with a gzip variant only.
    let css = get_with(&app, "/assets/style-5e6f7a.css", "br, gzip").await;
    assert_eq!(header(&css, "content-encoding"), Some("gzip"));
    assert_eq!(
        header(&css, "content-type"),
        Some("text/css; charset=utf-8")
    );
    assert_eq!(
        css.bytes().await.unwrap().as_ref(),
        fixture("assets/style-5e6f7a.css.gz")
    );
    let css = get_with(&app, "/assets/style-5e6f7a.css", "br").await;
    assert_eq!(header(&css, "content-encoding"), None);
    assert_eq!(
        css.bytes().await.unwrap().as_ref(),
        fixture("assets/style-5e6f7a.css")
    );

    for accept in ["br;q=0, gzip;q=0", "identity", "deflate, zstd", "*;q=0"] {
        let response = get_with(&app, "/assets/app-3f2a1b.js", accept).await;
        assert_eq!(response.status(), 200, "{accept}");
        assert_eq!(header(&response, "content-encoding"), None, "{accept}");
        assert_eq!(
            header(&response, "vary"),
            Some("accept-encoding"),
            "{accept}"
        );
        assert_eq!(
            response.bytes().await.unwrap().as_ref(),
            fixture("assets/app-3f2a1b.js"),
            "{accept}"
        );
    }
    // Without the header at all (this client sends none by itself).
    let plain = app.get("/assets/app-3f2a1b.js").await;
    assert_eq!(header(&plain, "content-encoding"), None);
    assert_eq!(header(&plain, "vary"), Some("accept-encoding"));
}

#[tokio::test]
async fn the_console_page_is_negotiated_at_the_root_and_for_deep_links_and_never_cached() {
    let app = spawn_app().await;
    for path in ["/", "/masters/corridor"] {
        let response = get_with(&app, path, "gzip, deflate, br").await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(header(&response, "content-encoding"), Some("br"), "{path}");
        assert_eq!(
            header(&response, "content-type"),
            Some("text/html; charset=utf-8"),
            "{path}"
        );
        assert_eq!(
            header(&response, "cache-control"),
            Some("no-cache"),
            "{path}"
        );
        assert_eq!(header(&response, "vary"), Some("accept-encoding"), "{path}");
        assert_eq!(
            response.bytes().await.unwrap().as_ref(),
            fixture("index.html.br"),
            "{path}"
        );
    }
    let missing = get_with(&app, "/assets/missing-123.js", "br, gzip").await;
    assert_eq!(missing.status(), 404);
    assert_eq!(header(&missing, "content-encoding"), None);
}

#[tokio::test]
async fn source_maps_are_never_served_even_when_a_build_left_one_behind() {
    let app = spawn_app().await;
    assert!(crate::helpers::fixture_dist()
        .join("assets/app-3f2a1b.js.map")
        .is_file());
    for accept in ["identity", "gzip, br"] {
        for path in [
            "/assets/app-3f2a1b.js.map",
            "/assets/app-3f2a1b.js.MAP",
            "/assets/missing-123.js.map",
        ] {
            let response = get_with(&app, path, accept).await;
            assert_eq!(response.status(), 404, "{path} {accept}");
            assert!(
                !response.text().await.unwrap().contains("mappings"),
                "{path}"
            );
        }
    }
}

#[tokio::test]
async fn a_range_is_of_the_plain_file_and_a_variant_by_its_own_name_is_a_plain_file() {
    let app = spawn_app().await;
    let range = app
        .request(reqwest::Method::GET, "/assets/app-3f2a1b.js")
        .header("accept-encoding", "br, gzip")
        .header("range", "bytes=0-6")
        .send()
        .await
        .unwrap();
    assert_eq!(range.status(), 206);
    assert_ne!(header(&range, "content-encoding"), Some("br"));
    assert_ne!(header(&range, "content-encoding"), Some("gzip"));
    assert_eq!(range.bytes().await.unwrap().as_ref(), b"console");

    let variant = get_with(&app, "/assets/app-3f2a1b.js.br", "br, gzip").await;
    assert_eq!(variant.status(), 200);
    assert_eq!(header(&variant, "content-encoding"), None);
    assert_eq!(
        variant.bytes().await.unwrap().as_ref(),
        fixture("assets/app-3f2a1b.js.br")
    );
}
