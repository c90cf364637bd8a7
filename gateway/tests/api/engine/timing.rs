//! `Server-Timing` on the reads: each pipeline stage that ran, with its duration, and the total.

use crate::helpers::{encode, spawn_seeded_app};

/// The stage names of a `Server-Timing` value, in order, after checking each has a duration.
fn stages(response: &reqwest::Response) -> Vec<String> {
    let value = response
        .headers()
        .get("server-timing")
        .unwrap_or_else(|| panic!("{} has no Server-Timing", response.url()))
        .to_str()
        .expect("text");
    value
        .split(", ")
        .map(|metric| {
            let (name, duration) = metric
                .split_once(";dur=")
                .unwrap_or_else(|| panic!("`{metric}` has no duration"));
            let millis: f64 = duration.parse().expect("milliseconds");
            assert!(millis >= 0.0, "{metric}");
            name.to_owned()
        })
        .collect()
}

const PIPELINE: [&str; 6] = [
    "parse",
    "authorise",
    "compile",
    "database",
    "render",
    "total",
];

#[tokio::test]
async fn every_read_says_where_its_time_went() {
    let app = spawn_seeded_app().await;
    let selectall = app
        .get(&format!(
            "/api/custom/selectall?t=corridor&cols=id,c_code&whrc={}",
            encode("c_code = 'C1'")
        ))
        .await;
    assert_eq!(selectall.status(), 200);
    assert_eq!(stages(&selectall), PIPELINE);

    let datatable = app
        .post("/api/custom/datatable")
        .json(&serde_json::json!({"t": "station", "draw": 1, "start": 0, "length": 5}))
        .send()
        .await
        .expect("request");
    assert_eq!(datatable.status(), 200);
    assert_eq!(stages(&datatable), PIPELINE);

    let id = app.count("SELECT min(id) FROM corridor").await;
    let record = app.get(&format!("/api/data/corridor/{id}")).await;
    assert_eq!(record.status(), 200);
    assert_eq!(stages(&record), PIPELINE);

    let export = app.get("/api/export?t=corridor&format=csv").await;
    assert_eq!(export.status(), 200);
    assert_eq!(
        stages(&export),
        ["parse", "authorise", "compile", "database", "total"]
    );

    // Every other API answer says at least how long it took, failures included.
    let me = app.get("/api/auth/me").await;
    assert!(stages(&me).ends_with(&["total".to_owned()]));
    let refused = app.anonymous().get("/api/custom/cmnmsg").await;
    assert_eq!(refused.status(), 401);
    assert_eq!(stages(&refused), ["authorise", "total"]);
}
