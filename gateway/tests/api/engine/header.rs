//! The header's and ribbon's calls: pending documents with opaque record references, banner messages, support
//! files.

use serde_json::{json, Value};

use crate::helpers::spawn_seeded_app;

fn doc_numbers(group: &Value) -> Vec<String> {
    let mut numbers: Vec<String> = group["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["c_doc_no"].as_str().unwrap().to_owned())
        .collect();
    numbers.sort();
    numbers
}

/// The Document review group of a pending list.
fn review(groups: &[serde_json::Value]) -> &serde_json::Value {
    groups
        .iter()
        .find(|g| g["title"] == "Document review")
        .expect("a Document review group")
}

#[tokio::test]
async fn pending_documents_are_grouped_per_register_for_the_caller_only() {
    let app = spawn_seeded_app().await;
    let (status, groups) = app.get_json("/api/custom/pendinglist?user_id=").await;
    assert_eq!(status, 200, "{groups}");
    let groups = groups.as_array().unwrap();
    let titles: Vec<&str> = groups
        .iter()
        .map(|g| g["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "Package activity progress",
            "BIM model",
            "Change request",
            "Claim register",
            "Contractor's request",
            "Correspondence",
            "Change request notes",
            "Cube register",
            "Daily report",
            "Deployment plan",
            "Design deliverable",
            "DMS closure",
            "Document review",
            "Document review line",
            "Document submittal",
            "Engineer's instruction",
            "Extension of time",
            "IPA",
            "IPA preparation",
            "IPC",
            "Issue of LOA",
            "ITP",
            "Land Acquisition",
            "Land acquisition survey",
            "NCR",
            "Package activity dependence",
            "Activity completion",
            "Activity extension",
            "Punch list",
            "Revise activity",
            "RFI",
            "Risk register",
            "Three-month rolling plan",
            "R&R Plan",
            "Statutory submission",
            "TBM progress",
            "Technical query",
            "Traffic management",
            "Transmittal",
            "Vendor approval",
            "WBS progress"
        ],
        "the registers whose records wait on people (a pending rule, workflows), in registry order"
    );
    let rfi = groups.iter().find(|g| g["title"] == "RFI").unwrap();
    assert_eq!(
        rfi["data"],
        serde_json::json!([]),
        "no RFI waits on the administrator"
    );
    let groups = [review(groups).clone()];
    assert_eq!(groups[0]["url"], "/administration/dmsreview");
    assert_eq!(
        doc_numbers(&groups[0]),
        ["C1-UG01/DR/TBM-02", "C1-V01/DRG/PC-112", "C1-V01/MS/LG-004"],
        "the administrator's documents awaiting review, not the approved one"
    );

    let viewer_id: i64 = app
        .db()
        .await
        .query_one("SELECT id FROM users WHERE c_username = 'viewer'", &[])
        .await
        .unwrap()
        .get(0);
    let viewer = app.with_token(&app.anonymous().sign_in("viewer", "Viewer@123").await);
    let (status, mine) = viewer
        .get_json(&format!("/api/custom/pendinglist?user_id={viewer_id}"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        doc_numbers(review(mine.as_array().unwrap())),
        ["C2-V01/CAL/BRG-07"]
    );
    // Another user's list: only for superadmins.
    let admin_id: i64 = app
        .db()
        .await
        .query_one("SELECT id FROM users WHERE c_username = 'admin'", &[])
        .await
        .unwrap()
        .get(0);
    let (status, refused) = viewer
        .get_json(&format!("/api/custom/pendinglist?user_id={admin_id}"))
        .await;
    assert_eq!(status, 403, "{refused}");
    let (status, theirs) = app
        .get_json(&format!("/api/custom/pendinglist?user_id={viewer_id}"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        doc_numbers(review(theirs.as_array().unwrap())),
        ["C2-V01/CAL/BRG-07"]
    );
    let (status, _) = app.get_json("/api/custom/pendinglist?user_id=abc").await;
    assert_eq!(status, 400);
    let (status, _) = app
        .anonymous()
        .get_json("/api/custom/pendinglist?user_id=1")
        .await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn document_references_are_opaque_and_refuse_tampering() {
    let app = spawn_seeded_app().await;
    let (_, groups) = app.get_json("/api/custom/pendinglist?user_id=").await;
    let first = &review(groups.as_array().unwrap())["data"][0];
    let reference = first["id"].as_str().unwrap();
    assert!(
        reference.starts_with("r.") && reference.len() == 24,
        "{reference}"
    );
    let real_id: i64 = app
        .db()
        .await
        .query_one(
            "SELECT id FROM document_review WHERE c_doc_no = $1",
            &[&first["c_doc_no"].as_str().unwrap()],
        )
        .await
        .unwrap()
        .get(0);
    assert!(!reference.contains(&real_id.to_string()) || real_id < 10);

    // The reference opens the document (what the screen does with the link's id).
    let (status, document) = app
        .get_json(&format!("/api/data/document_review/{reference}"))
        .await;
    assert_eq!(status, 200, "{document}");
    assert_eq!(document["id"], real_id);
    assert_eq!(document["c_doc_no"], first["c_doc_no"]);

    // Any changed character is refused, never read as another record.
    let body: Vec<char> = reference[2..].chars().collect();
    for position in 0..body.len() {
        let mut changed = body.clone();
        changed[position] = if changed[position] == 'x' { 'y' } else { 'x' };
        let changed = format!("r.{}", changed.into_iter().collect::<String>());
        let (status, answer) = app
            .get_json(&format!("/api/data/document_review/{changed}"))
            .await;
        assert_eq!(status, 400, "{changed}: {answer}");
        assert!(answer["message"].as_str().unwrap().contains("not valid"));
    }
    // A reference is bound to its register.
    let (status, _) = app
        .get_json(&format!("/api/data/corridor/{reference}"))
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn banner_messages_are_the_active_ones_in_order() {
    let app = spawn_seeded_app().await;
    let (status, messages) = app.get_json("/api/custom/cmnmsg").await;
    assert_eq!(status, 200);
    let texts: Vec<&str> = messages
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["c_val"].as_str().unwrap())
        .collect();
    assert_eq!(texts.len(), 4);
    assert!(texts[0].starts_with("Monthly progress reports"));
    assert!(messages[0]["id"].is_i64());
    app.execute("UPDATE common_message SET n_active = 0 WHERE c_val LIKE 'Safety Week%'")
        .await;
    let (_, messages) = app.get_json("/api/custom/cmnmsg").await;
    assert_eq!(messages.as_array().unwrap().len(), 3);
    let viewer = app.with_token(&app.anonymous().sign_in("viewer", "Viewer@123").await);
    let (status, _) = viewer.get_json("/api/custom/cmnmsg").await;
    assert_eq!(status, 200);
    let (status, _) = app.anonymous().get_json("/api/custom/cmnmsg").await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn support_files_are_listed_and_served_from_their_folder_only() {
    let app = spawn_seeded_app().await;
    let (status, files) = app.anonymous().get_json("/files").await;
    assert_eq!(status, 200);
    assert_eq!(
        files,
        json!(["dashboard_analytics.mp4", "dashboard_analytics.pdf"])
    );
    let response = app
        .anonymous()
        .get("/_support_resources/dashboard_analytics.pdf")
        .await;
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert!(response.bytes().await.unwrap().starts_with(b"%PDF-"));
    let response = app
        .anonymous()
        .get("/_support_resources/dashboard_analytics.mp4")
        .await;
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.headers()["content-type"], "video/mp4");

    for path in [
        "/_support_resources/../Cargo.toml",
        "/_support_resources/%2e%2e/Cargo.toml",
        "/_support_resources/..%2fCargo.toml",
        "/_support_resources/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
        "/_support_resources/nothing.pdf",
        "/_support_resources/",
    ] {
        let response = app.anonymous().get(path).await;
        let status = response.status().as_u16();
        let body = response.text().await.unwrap();
        assert!(
            status == 404 || status == 400,
            "{path}: {status} {}",
            body.chars().take(80).collect::<String>()
        );
        assert!(
            !body.contains("[workspace]") && !body.contains("root:"),
            "{path}"
        );
    }
}
