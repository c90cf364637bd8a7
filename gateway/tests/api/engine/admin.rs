//! The administration API: users and route permissions, each change in the audit log.

use serde_json::json;

use crate::engine::permissions::assert_no_secrets;
use crate::helpers::spawn_seeded_app;

#[tokio::test]
async fn users_are_managed_and_every_change_is_audited() {
    let admin = spawn_seeded_app().await;
    let mut bodies = Vec::new();
    let (status, created) = admin
        .post_json(
            "/api/admin/users",
            &json!({"username": "qs.anita", "name": "Anita Desai", "email": "anita@metrorail.example", "password": "Quantity@Survey1", "designation": "Quantity Surveyor"}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    assert_eq!(created["message"], "Submitted Successfully");
    let id = created["data"]["id"].as_i64().unwrap();
    bodies.push(created.to_string());

    let (status, edited) = admin
        .request(reqwest::Method::PUT, &format!("/api/admin/users/{id}"))
        .json(&json!({"designation": "Senior Quantity Surveyor"}))
        .send()
        .await
        .unwrap()
        .json::<serde_json::Value>()
        .await
        .map(|b| (200, b))
        .unwrap();
    assert_eq!(status, 200);
    assert_eq!(
        edited["data"]["c_designation"], "Senior Quantity Surveyor",
        "{edited}"
    );
    bodies.push(edited.to_string());

    let anita = admin.with_token(
        &admin
            .anonymous()
            .sign_in("qs.anita", "Quantity@Survey1")
            .await,
    );
    let (status, _) = anita.get_json("/api/auth/me").await;
    assert_eq!(status, 200);
    let (status, body) = admin
        .post_json(&format!("/api/admin/users/{id}/deactivate"), &json!({}))
        .await;
    assert_eq!(status, 200);
    bodies.push(body.to_string());
    let (status, _) = anita.get_json("/api/auth/me").await;
    assert_eq!(status, 401, "deactivation ends the sessions at once");
    admin
        .post_json(&format!("/api/admin/users/{id}/activate"), &json!({}))
        .await;

    let (status, body) = admin
        .post_json(
            &format!("/api/admin/users/{id}/password"),
            &json!({"password": "qs.anita"}),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    let (status, _) = admin
        .post_json(
            &format!("/api/admin/users/{id}/password"),
            &json!({"password": "Fresh@Start22"}),
        )
        .await;
    assert_eq!(status, 200);
    admin.anonymous().sign_in("qs.anita", "Fresh@Start22").await;

    let actions = admin.audit_actions("users", &id.to_string()).await;
    assert_eq!(
        actions,
        ["create", "update", "deactivate", "activate", "set-password"]
    );
    let leaked = admin.count("SELECT count(*) FROM audit_log WHERE c_before::text LIKE '%argon2%' OR c_after::text LIKE '%argon2%'").await;
    assert_eq!(leaked, 0, "the audit log keeps no password hash");

    // Someone without the manage-users permission cannot.
    let viewer = admin.with_token(&admin.anonymous().sign_in("viewer", "Viewer@123").await);
    let (status, body) = viewer
        .post_json(&format!("/api/admin/users/{id}/deactivate"), &json!({}))
        .await;
    assert_eq!(status, 403);
    assert_eq!(
        body["message"],
        "Access disabled - Please contact to Administrator"
    );
    assert_no_secrets(&admin, &bodies).await;
}

#[tokio::test]
async fn route_permissions_are_granted_revoked_and_copied_several_at_once() {
    let admin = spawn_seeded_app().await;
    let viewer_id = admin
        .count("SELECT id FROM users WHERE c_username = 'viewer'")
        .await;
    let (_, created) = admin
        .post_json("/api/admin/users", &json!({"username": "new.joiner", "name": "New Joiner", "email": "joiner@metrorail.example", "password": "Joining@Day1"}))
        .await;
    let joiner = created["data"]["id"].as_i64().unwrap();

    let (status, body) = admin
        .post_json("/api/admin/permissions/grant", &json!({"n_user_id": joiner, "routes": ["/masters/phase", "/masters/project", "/no/such"]}))
        .await;
    assert_eq!(status, 422);
    assert_eq!(
        body["fields"][0]["message"],
        "`/no/such` is not a console route"
    );
    let (status, body) = admin
        .post_json(
            "/api/admin/permissions/grant",
            &json!({"n_user_id": joiner, "routes": ["/masters/phase", "/masters/project"]}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"]["routes"],
        json!(["/masters/phase", "/masters/project"])
    );
    let (_, body) = admin
        .post_json(
            "/api/admin/permissions/revoke",
            &json!({"n_user_id": joiner, "routes": ["/masters/phase"]}),
        )
        .await;
    assert_eq!(body["data"]["routes"], json!(["/masters/project"]));
    let (_, body) = admin
        .post_json(
            "/api/admin/permissions/copy",
            &json!({"from_user_id": viewer_id, "to_user_id": joiner}),
        )
        .await;
    assert_eq!(
        body["data"]["routes"],
        json!([
            "/",
            "/dashboard/analytics",
            "/dataentry/landacquisitionstatus",
            "/masters/corridor",
            "/masters/station",
            "/reports/pendinglist"
        ])
    );
    let audited = admin.count(&format!("SELECT count(*) FROM audit_log WHERE c_entry = 'user_permission_nav' AND c_key = '{joiner}'")).await;
    assert_eq!(
        audited, 3,
        "grant, revoke, copy; the refused grant left nothing"
    );
}

/// A delegated administrator (holding manage-users and user-permission, not superadmin).
async fn delegated_admin(admin: &crate::helpers::TestApp) -> (crate::helpers::TestApp, i64) {
    let (status, created) = admin
        .post_json(
            "/api/admin/users",
            &json!({"username": "hr.delegate", "name": "Delegated Admin", "email": "delegate@metrorail.example", "password": "Delegate@Admin1"}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["data"]["id"].as_i64().unwrap();
    let (status, body) = admin
        .post_json(
            "/api/admin/permissions/grant",
            &json!({"n_user_id": id, "routes": ["/administration/manageusers", "/administration/userpermission", "/masters/station"]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let token = admin
        .anonymous()
        .sign_in("hr.delegate", "Delegate@Admin1")
        .await;
    (admin.with_token(&token), id)
}

#[tokio::test]
async fn a_delegated_administrator_cannot_take_over_a_superadmin_or_widen_their_own_rights() {
    let admin = spawn_seeded_app().await;
    let (delegate, delegate_id) = delegated_admin(&admin).await;
    let superadmin = admin
        .count("SELECT id FROM users WHERE c_username = 'admin'")
        .await;
    let viewer = admin
        .count("SELECT id FROM users WHERE c_username = 'viewer'")
        .await;

    // Nobody sets their own password here: the profile's change asks for the current one.
    let (status, body) = delegate
        .post_json(
            &format!("/api/admin/users/{delegate_id}/password"),
            &json!({"password": "Own@Password123"}),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["message"],
        "Change your own password on your profile, with your current password"
    );

    // The superadmin's password, e-mail and active state are out of reach.
    let (status, body) = delegate
        .post_json(
            &format!("/api/admin/users/{superadmin}/password"),
            &json!({"password": "Taken@Over123"}),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["message"],
        "Only a superadmin can change a superadmin's account"
    );
    let edited = delegate
        .request(
            reqwest::Method::PUT,
            &format!("/api/admin/users/{superadmin}"),
        )
        .json(&json!({"email": "attacker@evil.example"}))
        .send()
        .await
        .unwrap();
    assert_eq!(edited.status(), 403);
    for action in ["deactivate", "activate"] {
        let (status, _) = delegate
            .post_json(
                &format!("/api/admin/users/{superadmin}/{action}"),
                &json!({}),
            )
            .await;
        assert_eq!(status, 403, "{action}");
    }
    admin.anonymous().sign_in("admin", "Admin@123").await;
    assert_eq!(
        admin
            .count("SELECT count(*) FROM users WHERE c_username = 'admin' AND c_email = 'admin@metrorail.example' AND n_active = 1")
            .await,
        1
    );
    // Nor can they make anyone a superadmin.
    let made = delegate
        .request(reqwest::Method::PUT, &format!("/api/admin/users/{viewer}"))
        .json(&json!({"superadmin": true}))
        .send()
        .await
        .unwrap();
    assert_eq!(made.status(), 403);

    // Their own permissions are not theirs to change, and they grant only what they hold.
    let (status, body) = delegate
        .post_json(
            "/api/admin/permissions/grant",
            &json!({"n_user_id": delegate_id, "routes": ["/masters/corridor"]}),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["message"],
        "You cannot change your own permissions; ask another administrator"
    );
    let (status, body) = delegate
        .post_json(
            "/api/admin/permissions/grant",
            &json!({"n_user_id": viewer, "routes": ["/masters/station", "/masters/corridor"]}),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["message"],
        "You can grant only routes you hold yourself; you do not hold /masters/corridor"
    );
    let (status, _) = delegate
        .post_json(
            "/api/admin/permissions/revoke",
            &json!({"n_user_id": delegate_id, "routes": ["/masters/station"]}),
        )
        .await;
    assert_eq!(status, 403);
    // Copying the superadmin's rights onto someone would hand out routes the delegate does not hold.
    let (status, _) = delegate
        .post_json(
            "/api/admin/permissions/copy",
            &json!({"from_user_id": superadmin, "to_user_id": viewer}),
        )
        .await;
    assert_eq!(status, 403);
    // What they hold they may grant.
    let (status, body) = delegate
        .post_json(
            "/api/admin/permissions/grant",
            &json!({"n_user_id": viewer, "routes": ["/masters/station"]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let granted = admin
        .count(&format!("SELECT count(*) FROM user_permission_nav p JOIN navigation n ON n.id = p.n_nav_id WHERE p.n_user_id = {delegate_id} AND n.c_route = '/masters/corridor'"))
        .await;
    assert_eq!(granted, 0);
}

#[tokio::test]
async fn the_screen_permission_is_checked_before_the_body_is_read() {
    let admin = spawn_seeded_app().await;
    let viewer = admin.with_token(&admin.anonymous().sign_in("viewer", "Viewer@123").await);
    for path in [
        "/api/admin/permissions/copy",
        "/api/admin/permissions/grant",
        "/api/admin/users",
    ] {
        let response = viewer
            .post(path)
            .header("content-type", "application/json")
            .body("{not json")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 403, "{path}");
    }
    // An administrator with the right gets the body's own answer.
    let response = admin
        .post("/api/admin/permissions/copy")
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 400);
}
