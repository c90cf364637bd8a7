//! The session check cannot be walked around: every operation of the OpenAPI document, under every spelling of
//! its path, answers 401 without a token unless the document says it is public (`security: []`).

use crate::helpers::{raw_http, spawn_seeded_app};

/// `path` with its parameters filled in.
fn concrete(path: &str) -> String {
    path.replace("{entry}", "corridor")
        .replace("{id}", "1")
        .replace("{file_id}", "1")
}

/// Spellings the router reads as `path`: as is, one letter of the last segment percent-encoded (first, last),
/// every letter of it encoded, and the letters in upper-case hex.
fn spellings(path: &str) -> Vec<String> {
    let (head, last) = path.rsplit_once('/').expect("a path");
    let encode = |c: char, upper: bool| {
        if upper {
            format!("%{:02X}", c as u32)
        } else {
            format!("%{:02x}", c as u32)
        }
    };
    let mut out = vec![path.to_owned()];
    let letters: Vec<(usize, char)> = last
        .char_indices()
        .filter(|(_, c)| c.is_ascii_alphabetic())
        .collect();
    for &(index, c) in letters.first().into_iter().chain(letters.last()) {
        let mut spelled = last.to_owned();
        spelled.replace_range(index..index + 1, &encode(c, false));
        out.push(format!("{head}/{spelled}"));
    }
    for upper in [false, true] {
        let all: String = last
            .chars()
            .map(|c| {
                if c.is_ascii_alphabetic() {
                    encode(c, upper)
                } else {
                    c.to_string()
                }
            })
            .collect();
        out.push(format!("{head}/{all}"));
    }
    // The `/api` prefix itself, encoded.
    out.push(format!("/%61pi{}", &path[4..]));
    out
}

#[tokio::test]
async fn no_spelling_of_any_documented_path_answers_without_a_session() {
    let app = spawn_seeded_app().await;
    let document: serde_json::Value = app
        .anonymous()
        .get("/api/openapi.json")
        .await
        .json()
        .await
        .expect("the document");
    let mut checked = 0;
    for (path, item) in document["paths"].as_object().expect("paths") {
        if !path.starts_with("/api/") {
            continue;
        }
        for (method, operation) in item.as_object().expect("operations") {
            let public = operation
                .get("security")
                .and_then(|s| s.as_array())
                .is_some_and(|list| {
                    list.iter()
                        .all(|entry| entry.as_object().is_some_and(|o| o.is_empty()))
                });
            for spelled in spellings(&concrete(path)) {
                let request = format!(
                    "{} {spelled}?t=corridor&user_id=1 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{}}",
                    method.to_uppercase()
                );
                let (status, _, body) = raw_http(&app.address, request.as_bytes()).await;
                if public {
                    assert_ne!(status, 401, "{method} {spelled} is public");
                } else {
                    assert_eq!(
                        status,
                        401,
                        "{method} {spelled} answered without a session: {}",
                        String::from_utf8_lossy(&body)
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 150, "only {checked} requests were tried");
    // Paths nobody documented need a session too (no 404 that confirms what exists).
    let (status, _, _) = raw_http(
        &app.address,
        b"GET /api/custom/nothing-here HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(status, 401);
}
