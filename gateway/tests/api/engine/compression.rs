//! JSON answers are compressed (brotli or gzip, as the client prefers) for clients that ask; streamed exports, small answers and records with a row-version
//! ETag are left as they are.

use std::io::Read as _;

use crate::helpers::spawn_seeded_app;

async fn fetch(
    app: &crate::helpers::TestApp,
    path: &str,
    accept_encoding: Option<&str>,
) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let mut request = app.request(reqwest::Method::GET, path);
    if let Some(accept) = accept_encoding {
        request = request.header("accept-encoding", accept);
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (
        status,
        headers,
        response.bytes().await.expect("body").to_vec(),
    )
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut plain = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut plain)
        .expect("a gzip body");
    plain
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut plain = Vec::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_end(&mut plain)
        .expect("a brotli body");
    plain
}

fn encoding(headers: &reqwest::header::HeaderMap) -> Option<&str> {
    headers
        .get("content-encoding")
        .map(|value| value.to_str().unwrap())
}

#[tokio::test]
async fn json_answers_are_compressed_for_clients_that_ask_and_nothing_streamed_is() {
    let app = spawn_seeded_app().await;

    // The answer every console page loads first: tens of kilobytes of JSON.
    let (status, headers, plain) = fetch(&app, "/api/auth/me", None).await;
    assert_eq!(status, 200);
    assert_eq!(encoding(&headers), None);
    assert!(plain.len() > 1024, "{} bytes", plain.len());
    let vary = headers.get("vary").expect("Vary").to_str().unwrap();
    assert!(
        vary.to_ascii_lowercase().contains("accept-encoding"),
        "{vary}"
    );

    let expected: serde_json::Value = serde_json::from_slice(&plain).unwrap();
    // The encoding the client prefers: brotli first here (as browsers ask), gzip when it ranks first or alone.
    let (status, headers, brotli_body) =
        fetch(&app, "/api/auth/me", Some("br;q=1.0, gzip;q=0.8, *;q=0.1")).await;
    assert_eq!(status, 200);
    assert_eq!(encoding(&headers), Some("br"));
    let unpacked: serde_json::Value = serde_json::from_slice(&unbrotli(&brotli_body)).unwrap();
    assert_eq!(unpacked, expected);
    for accept in ["gzip", "gzip, br;q=0.5"] {
        let (status, headers, compressed) = fetch(&app, "/api/auth/me", Some(accept)).await;
        assert_eq!(status, 200);
        assert_eq!(encoding(&headers), Some("gzip"), "{accept}");
        assert!(
            compressed.len() * 4 < plain.len(),
            "{} of {} bytes",
            compressed.len(),
            plain.len()
        );
        assert!(
            brotli_body.len() < compressed.len(),
            "brotli {} bytes, gzip {}",
            brotli_body.len(),
            compressed.len()
        );
        let unpacked: serde_json::Value = serde_json::from_slice(&gunzip(&compressed)).unwrap();
        assert_eq!(unpacked, expected);
    }

    // Refused by q=0, or only an encoding the gateway does not write: the plain answer.
    for accept in ["gzip;q=0", "zstd", "identity"] {
        let (_, headers, body) = fetch(&app, "/api/auth/me", Some(accept)).await;
        assert_eq!(encoding(&headers), None, "{accept}");
        assert_eq!(body.len(), plain.len(), "{accept}");
    }

    // A list page is compressed the same way.
    let (status, headers, body) =
        fetch(&app, "/api/custom/selectall?t=station", Some("gzip")).await;
    assert_eq!(status, 200);
    assert_eq!(encoding(&headers), Some("gzip"));
    let rows: serde_json::Value = serde_json::from_slice(&gunzip(&body)).unwrap();
    assert!(rows.to_string().contains("c_code"), "{rows}");

    // A streamed export stays a stream: never buffered to be compressed.
    let (status, headers, csv) = fetch(
        &app,
        "/api/export?t=project&cols=c_code,c_name&format=csv",
        Some("gzip"),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(encoding(&headers), None);
    assert!(!csv.is_empty());
    assert_ne!(
        &csv[..2],
        &[0x1f, 0x8b],
        "a gzip body without Content-Encoding"
    );

    // A record's ETag is its row version, compared strongly by If-Match: its answer is not re-encoded.
    let (status, headers, _) = fetch(&app, "/api/data/corridor/1", Some("gzip")).await;
    assert_eq!(status, 200);
    assert!(headers.contains_key("etag"));
    assert_eq!(encoding(&headers), None);

    // A small answer is not worth a gzip header.
    let (status, headers, body) = fetch(&app, "/api/health", Some("gzip")).await;
    assert_eq!(status, 200);
    assert!(body.len() < 1024, "{} bytes", body.len());
    assert_eq!(encoding(&headers), None);
}
