//! Permissions per action: a permission row opens a page; create, update, delete and export are granted on it
//! one by one, enforced by the gateway and told to the console.

use serde_json::json;

use crate::helpers::spawn_seeded_app;

#[tokio::test]
async fn a_read_only_permission_opens_the_page_and_refuses_every_change() {
    let app = spawn_seeded_app().await;
    let viewer = app.with_token(&app.anonymous().sign_in("viewer", "Viewer@123").await);
    // The demo viewer is read-only: she reads and exports corridors, and may not change them.
    let (status, _) = viewer
        .get_json("/api/custom/selectall?t=corridor&cols=c_code")
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        viewer
            .get("/api/export?t=corridor&format=csv")
            .await
            .status(),
        200
    );
    let (status, body) = viewer
        .post_json(
            "/api/data/corridor",
            &json!({"c_code": "C9", "c_name": "Nine"}),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(body["code"], "PMIS-R403A");
    assert_eq!(
        body["message"],
        "You may not create records of Corridor: your permission does not include it; ask an administrator"
    );
    let corridor = app
        .count("SELECT id FROM corridor WHERE c_code = 'C1'")
        .await;
    let deleted = viewer
        .request(
            reqwest::Method::DELETE,
            &format!("/api/data/corridor/{corridor}?n_row_version=1"),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), 403);
    let (_, body) = viewer
        .get_json("/api/custom/selectall?t=corridor&cols=c_code")
        .await;
    assert!(body
        .as_array()
        .unwrap()
        .iter()
        .any(|row| row["c_code"] == "C1"));
    // The console is told which buttons to show.
    let (_, screen) = viewer.get_json("/api/screen?route=/masters/corridor").await;
    assert_eq!(
        screen["actions"],
        json!({"create": false, "update": false, "delete": false, "export": true})
    );
    let (_, me) = viewer.get_json("/api/auth/me").await;
    assert_eq!(me["actions"]["/masters/corridor"]["create"], false);

    // Granted the create action (in bulk, with the others it already has), she creates.
    let viewer_id = app
        .count("SELECT id FROM users WHERE c_username = 'viewer'")
        .await;
    let (status, body) = app
        .post_json(
            "/api/admin/permissions/grant",
            &json!({"n_user_id": viewer_id, "routes": ["/masters/corridor", "/masters/station"],
                    "actions": {"create": true, "update": false, "delete": false, "export": true}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["actions"]["/masters/corridor"]["create"], true);
    let (status, body) = viewer
        .post_json(
            "/api/data/corridor",
            &json!({"c_code": "C9", "c_name": "Nine"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    // Exporting is an action too.
    app.post_json(
        "/api/admin/permissions/grant",
        &json!({"n_user_id": viewer_id, "routes": ["/masters/corridor"],
                "actions": {"create": false, "update": false, "delete": false, "export": false}}),
    )
    .await;
    assert_eq!(
        viewer
            .get("/api/export?t=corridor&format=csv")
            .await
            .status(),
        403
    );
    // Rows granted before actions existed keep full access (the migration's default).
    let full = app
        .count("SELECT count(*) FROM user_permission_nav p JOIN users u ON u.id = p.n_user_id WHERE u.c_username = 'admin' AND p.n_create = 1 AND p.n_delete = 1")
        .await;
    assert!(full > 0);
}
