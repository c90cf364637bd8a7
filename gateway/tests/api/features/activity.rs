//! The activity wall (`GET /api/activity`, `/dashboard/social-wall`): the workflow events of the registers the
//! reader reads, newest first, a page at a time, each register's read rules applied; its refusals.

use serde_json::Value;

use crate::features::dashboard::as_user;
use crate::helpers::{spawn_seeded_app, TestApp};

/// Every page of the wall, in order.
async fn whole_wall(app: &TestApp) -> Vec<Value> {
    let mut events = Vec::new();
    let mut before: Option<String> = None;
    loop {
        let path = match &before {
            Some(cursor) => format!("/api/activity?before={cursor}"),
            None => "/api/activity".to_owned(),
        };
        let (status, page) = app.get_json(&path).await;
        assert_eq!(status, 200, "{path}: {page}");
        let batch = page["events"].as_array().expect("events").clone();
        assert!(batch.len() <= 30, "a page holds 30 events at most");
        events.extend(batch);
        match page["next"].as_str() {
            Some(next) => before = Some(next.to_owned()),
            None => break,
        }
        assert!(events.len() < 10_000, "the pages end");
    }
    events
}

fn rfi_events(events: &[Value]) -> Vec<&Value> {
    events.iter().filter(|e| e["register"] == "RFI").collect()
}

#[tokio::test]
async fn the_wall_pages_through_every_event_the_reader_may_read() {
    let app = spawn_seeded_app().await;
    let db = app.db().await;
    let events = whole_wall(&app).await;
    // Newest first across pages, no event twice.
    let times: Vec<&str> = events
        .iter()
        .map(|e| e["at"].as_str().expect("at"))
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");
    let mut ids: Vec<i64> = events
        .iter()
        .map(|e| e["id"].as_i64().expect("id"))
        .collect();
    let count = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), count, "no event twice");

    // A superadmin reads every register: every RFI event, each naming its record and the step by its label.
    let all_rfi: i64 = db
        .query_one(
            "SELECT count(*) FROM workflow_event WHERE c_entry = 'rfi'",
            &[],
        )
        .await
        .expect("events")
        .get(0);
    let rfis = rfi_events(&events);
    assert!(all_rfi > 0);
    assert_eq!(rfis.len() as i64, all_rfi);
    for event in &rfis {
        assert!(
            event["number"]
                .as_str()
                .is_some_and(|n| n.contains("-RFI-")),
            "{event}"
        );
        assert!(event["record_url"]
            .as_str()
            .is_some_and(|u| u.starts_with("/contract-data-entry/rfi?record=")));
        assert_ne!(event["action"], "", "{event}");
    }
    // Each step by its label in rfi.toml, not its name: 27 submitted, 18 answered, 9 closed (demo-activity).
    for (label, seeded) in [("Submit to engineer", 27), ("Answer", 18), ("Close", 9)] {
        let shown = rfis.iter().filter(|e| e["action"] == label).count();
        assert_eq!(shown, seeded, "{label}");
    }

    // The contractor (demo-reports grants the wall): only the events of their packages' records.
    let contractor = as_user(&app, "contractor", "Contractor@123").await;
    let theirs = whole_wall(&contractor).await;
    let their_rfi: i64 = db
        .query_one(
            "SELECT count(*) FROM workflow_event e JOIN rfi r ON r.id = e.c_key::int8 \
             WHERE e.c_entry = 'rfi' AND r.n_package IN (SELECT pu.n_package FROM package_user pu \
             JOIN users u ON u.id = pu.n_user WHERE u.c_username = 'contractor')",
            &[],
        )
        .await
        .expect("their events")
        .get(0);
    assert!(their_rfi > 0 && their_rfi < all_rfi);
    assert_eq!(rfi_events(&theirs).len() as i64, their_rfi);
    assert!(theirs.len() < events.len());
}

#[tokio::test]
async fn the_wall_refuses_what_it_cannot_read() {
    let app = spawn_seeded_app().await;
    for bad in [
        "abc",
        "-5",
        "0-1",
        "5",
        "1e9-2",
        "12-x",
        "99999999999999999999-1",
        "1-2-3",
    ] {
        let (status, body) = app.get_json(&format!("/api/activity?before={bad}")).await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert!(
            body["message"]
                .as_str()
                .is_some_and(|m| m.contains("before")),
            "{body}"
        );
    }
    // Older than anything: an empty last page.
    let (status, page) = app.get_json("/api/activity?before=1-1").await;
    assert_eq!(status, 200);
    assert_eq!(page["events"], serde_json::json!([]));
    assert!(page.get("next").is_none());
    // Without the wall's route (the viewer), and signed out.
    let viewer = as_user(&app, "viewer", "Viewer@123").await;
    let (status, body) = viewer.get_json("/api/activity").await;
    assert_eq!(status, 403, "{body}");
    let (status, _) = app.anonymous().get_json("/api/activity").await;
    assert_eq!(status, 401);
}
