use gateway::ops::seed::{load_demo_data, SeedOutcome, DEMO_ACCOUNTS};

use crate::helpers::spawn_app;

#[tokio::test]
async fn the_gateway_loads_no_demo_data_unless_asked() {
    let app = spawn_app().await;
    assert_eq!(app.count("SELECT count(*) FROM users").await, 0);
    assert_eq!(app.count("SELECT count(*) FROM corridor").await, 0);
    // Navigation is product reference data, present in every database.
    assert!(
        app.count("SELECT count(*) FROM navigation WHERE c_route IS NOT NULL")
            .await
            > 150
    );
}

#[tokio::test]
async fn demo_data_loads_once_with_realistic_masters() {
    let app = spawn_app().await;
    assert_eq!(
        load_demo_data(&app.pool).await.unwrap(),
        SeedOutcome::Loaded
    );
    assert_eq!(
        load_demo_data(&app.pool).await.unwrap(),
        SeedOutcome::AlreadyLoaded
    );

    let db = app.db().await;
    // admin, viewer, the sides of the RFI workflow (two contractors, the engineer), the employer's approver, and the
    // contract registers' contract manager, planner and designer, the land-acquisition officer and the SIA surveyor.
    assert_eq!(app.count("SELECT count(*) FROM users").await, 11);
    assert_eq!(app.count("SELECT count(*) FROM corridor").await, 2);
    assert_eq!(app.count("SELECT count(*) FROM phase").await, 3);
    assert_eq!(app.count("SELECT count(*) FROM package").await, 6);
    assert!(app.count("SELECT count(*) FROM station").await >= 10);
    assert_eq!(app.count("SELECT count(*) FROM v_package_detail").await, 6);
    assert!(
        app.count("SELECT count(*) FROM common_message WHERE n_active = 1")
            .await
            >= 1
    );
    let support: String = db
        .query_one(
            "SELECT c_val FROM settings WHERE c_module = 'SUPPORT_COMM'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(support.contains('@'), "{support}");
}

#[tokio::test]
async fn demo_accounts_sign_in_with_their_printed_passwords_hashed_with_argon2id() {
    let app = spawn_app().await;
    load_demo_data(&app.pool).await.unwrap();
    let db = app.db().await;
    for (username, password) in DEMO_ACCOUNTS {
        let hash: String = db
            .query_one(
                "SELECT c_password_hash FROM users WHERE c_username = $1",
                &[&username],
            )
            .await
            .unwrap()
            .get(0);
        assert!(hash.starts_with("$argon2id$"), "{username}: {hash}");
        assert!(
            gateway::auth::password::verify(password, &hash),
            "{username}"
        );
        assert!(
            !gateway::auth::password::verify("wrong", &hash),
            "{username}"
        );
    }
}

#[tokio::test]
async fn the_viewer_holds_a_few_routes_and_the_administrator_all_of_them() {
    let app = spawn_app().await;
    load_demo_data(&app.pool).await.unwrap();
    let db = app.db().await;
    let routes = |user: &'static str| {
        let app = &app;
        async move {
            app.count(&format!(
                "SELECT count(*) FROM v_user_permission_nav p JOIN users u ON u.id = p.n_user_id \
                 WHERE u.c_username = '{user}'"
            ))
            .await
        }
    };
    let all = app
        .count("SELECT count(*) FROM navigation WHERE c_route IS NOT NULL")
        .await;
    assert_eq!(routes("admin").await, all);
    let viewer = routes("viewer").await;
    assert!((1..=10).contains(&viewer), "viewer holds {viewer} routes");
    let superadmins: Vec<String> = db
        .query("SELECT c_username FROM users WHERE n_superadmin = 1", &[])
        .await
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect();
    assert_eq!(superadmins, ["admin"]);
}
