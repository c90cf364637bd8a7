//! The permission matrix: every registered entry × {no token, user without permission, user with permission,
//! superadmin} × {read, write}, and no answer ever carrying a password or token hash.

use schema_registry::Registry;
use serde_json::{json, Value};

use crate::helpers::{encode, registry_dir, spawn_seeded_app, TestApp};

fn selectall(entry: &str) -> String {
    format!("/api/custom/selectall?t={}&cols=*", encode(entry))
}

/// The status of a real write: deleting record 0 (which does not exist) of `entry`. 404 means the write was
/// allowed through to the database, 403 refused by `authorise`, 405 a read-only entry.
async fn write_status(app: &TestApp, entry: &schema_registry::Entry) -> u16 {
    app.request(
        reqwest::Method::DELETE,
        &format!("/api/data/{}/0?n_row_version=1", entry.name),
    )
    .send()
    .await
    .unwrap()
    .status()
    .as_u16()
}

/// What a write of `entry` answers when `authorise` allows (`allowed`) or refuses it.
fn write_expected(entry: &schema_registry::Entry, allowed: bool) -> u16 {
    match (entry.def.read_only, allowed) {
        (true, _) => 405,
        (false, true) => 404,
        (false, false) => 403,
    }
}

#[tokio::test]
async fn every_entry_by_every_kind_of_caller() {
    let admin = spawn_seeded_app().await;
    let registry = Registry::load_dir(&registry_dir()).unwrap();
    let (status, created) = admin
        .post_json(
            "/api/admin/users",
            &json!({"username": "site.engineer", "name": "Site Engineer", "email": "site.engineer@metrorail.example", "password": "Segment@2026"}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let engineer_id = created["data"]["id"].as_i64().unwrap();
    let engineer_token = admin
        .anonymous()
        .sign_in("site.engineer", "Segment@2026")
        .await;
    let engineer = admin.with_token(&engineer_token);
    let anonymous = admin.anonymous();
    let mut bodies: Vec<String> = Vec::new();

    for entry in registry.entries() {
        let path = selectall(&entry.name);
        let (status, refused) = anonymous.get_json(&path).await;
        assert_eq!(status, 401, "{}: no token", entry.name);
        bodies.push(refused.to_string());

        // Without a permission: the entry's own rows for `every_user_reads`, the rows waiting on the caller for a
        // pending rule or a workflow's ball-in-court (none for a new engineer), display columns for lookups, else 403.
        let (status, body_without) = engineer.get_json(&path).await;
        let waits = gateway::pipeline::authorise::waits_on_people(entry);
        let expected = if entry.def.every_user_reads.is_some() || entry.def.lookup || waits {
            200
        } else {
            403
        };
        if waits && entry.def.every_user_reads.is_none() {
            assert_eq!(
                body_without,
                json!([]),
                "{}: nothing waits on a new user",
                entry.name
            );
        }
        assert_eq!(
            status, expected,
            "{}: without permission: {body_without}",
            entry.name
        );
        if status == 403 {
            assert_eq!(
                body_without["message"],
                "Access disabled - Please contact to Administrator"
            );
        }
        if entry.def.every_user_reads.is_none() && entry.def.lookup {
            for row in body_without.as_array().unwrap() {
                for key in row.as_object().unwrap().keys() {
                    assert!(
                        entry.display.contains(key) || entry.followed.contains(key),
                        "{}: {key} is neither a display column nor one other look-ups follow",
                        entry.name
                    );
                }
            }
        }
        if let (Some(rule), Some(rows)) = (&entry.def.every_user_reads, body_without.as_array()) {
            if rule.contains(":user_id") {
                for row in rows {
                    assert_eq!(
                        row["n_user_id"],
                        json!(engineer_id),
                        "{}: another user's row",
                        entry.name
                    );
                }
            }
        }
        assert_eq!(
            write_status(&engineer, entry).await,
            write_expected(entry, false),
            "{}: write without",
            entry.name
        );
        assert_eq!(write_status(&anonymous, entry).await, 401);
        bodies.push(body_without.to_string());

        // With a permission for the entry's screen: everything, read and write.
        if !entry.def.routes.is_empty() {
            let (status, granted) = admin
                .post_json(
                    "/api/admin/permissions/grant",
                    &json!({"n_user_id": engineer_id, "routes": entry.def.routes}),
                )
                .await;
            assert_eq!(status, 200, "{granted}");
            let (status, body) = engineer.get_json(&path).await;
            assert_eq!(status, 200, "{}: with permission: {body}", entry.name);
            assert_eq!(
                write_status(&engineer, entry).await,
                write_expected(entry, true),
                "{}: write with",
                entry.name
            );
            bodies.push(body.to_string());
            admin
                .post_json(
                    "/api/admin/permissions/revoke",
                    &json!({"n_user_id": engineer_id, "routes": entry.def.routes}),
                )
                .await;
        }

        let (status, body) = admin.get_json(&path).await;
        assert_eq!(status, 200, "{}: superadmin", entry.name);
        assert_eq!(
            write_status(&admin, entry).await,
            write_expected(entry, true),
            "{}: write as superadmin",
            entry.name
        );
        bodies.push(body.to_string());
    }

    // The other read endpoints follow the same rules.
    let (status, _) = engineer
        .post_json("/api/custom/datatable", &json!({"t": "project", "draw": 1}))
        .await;
    assert_eq!(status, 200, "project is a lookup list");
    let (status, body) = engineer
        .post_json(
            "/api/custom/datatable",
            &json!({"t": "pkgactdependence", "draw": 1}),
        )
        .await;
    assert_eq!((status, body["draw"].clone()), (403, json!(1)));
    let (status, _) = engineer.get_json("/api/export?t=pkgactdependence").await;
    assert_eq!(status, 403);
    let (status, _) = engineer
        .get_json("/api/custom/selectall?t=project&cols=n_sanctioned_cost")
        .await;
    assert_eq!(
        status, 400,
        "a column outside the display columns does not exist for this caller"
    );
    let (status, _) = engineer
        .get_json("/api/custom/selectall?t=project&whrc=n_sanctioned_cost%20%3E%200")
        .await;
    assert_eq!(status, 400, "nor can it be filtered on");

    assert_no_secrets(&admin, &bodies).await;
}

/// No answer carries an argon2 hash or any stored token hash.
pub async fn assert_no_secrets(app: &TestApp, bodies: &[String]) {
    let hashes: Vec<String> = app
        .db()
        .await
        .query(
            "SELECT encode(c_token_hash, 'hex') FROM user_session UNION ALL SELECT encode(c_token_hash, 'hex') FROM password_reset",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert!(!hashes.is_empty());
    for body in bodies {
        assert!(!body.contains("$argon2"), "a password hash in {body}");
        assert!(
            !body.contains("c_password_hash") && !body.contains("c_token_hash"),
            "{body}"
        );
        for hash in &hashes {
            assert!(!body.contains(hash.as_str()), "a token hash in {body}");
        }
    }
}

#[tokio::test]
async fn the_console_permission_check_counts_one_s_own_rows() {
    let admin = spawn_seeded_app().await;
    let viewer = admin.with_token(&admin.anonymous().sign_in("viewer", "Viewer@123").await);
    let (_, me) = viewer.get_json("/api/auth/me").await;
    let id = me["user"]["id"].as_i64().unwrap();
    let count = |body: &Value| body.as_array().unwrap().len();
    let check = |route: &str, user: i64| {
        format!(
            "/api/custom/selectall?t=v_user_permission_nav&cols=id&whrc={}",
            encode(&format!("n_user_id = {user} AND c_route = '{route}'"))
        )
    };
    let (status, body) = viewer.get_json(&check("/masters/corridor", id)).await;
    assert_eq!((status, count(&body)), (200, 1));
    let (_, body) = viewer.get_json(&check("/masters/phase", id)).await;
    assert_eq!(count(&body), 0);
    let admin_id = admin
        .count("SELECT id FROM users WHERE c_username = 'admin'")
        .await;
    let (_, body) = viewer.get_json(&check("/masters/phase", admin_id)).await;
    assert_eq!(count(&body), 0, "another user's rows are not visible");
}
