//! `GET /api/screen`: the registry's description of a data screen, for the console's generic list and form.

use serde_json::Value;

use crate::helpers::spawn_seeded_app;

fn names(list: &Value) -> Vec<&str> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().or(v["name"].as_str()).unwrap())
        .collect()
}

#[tokio::test]
async fn a_screen_describes_its_list_form_and_column_rules_from_the_registry() {
    let app = spawn_seeded_app().await;
    let (status, meta) = app.get_json("/api/screen?route=/masters/corridor").await;
    assert_eq!(status, 200, "{meta}");
    assert_eq!(meta["entry"], "corridor");
    assert_eq!(meta["title"], "Corridor");
    assert_eq!(meta["writable"], true);
    assert_eq!(meta["primary_key"], "id");
    assert_eq!(
        names(&meta["list_columns"]),
        ["c_code", "c_name", "c_line_colour", "n_length_km"]
    );
    assert_eq!(meta["default_sort"][0]["column"], "c_code");
    assert_eq!(meta["default_sort"][0]["direction"], "asc");
    assert_eq!(meta["sections"][1]["title"], "Alignment");
    assert_eq!(
        names(&meta["sections"][1]["columns"]),
        ["n_length_km", "n_chainage_from_km", "n_chainage_to_km"]
    );
    let code = meta["columns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "c_code")
        .unwrap();
    assert_eq!(code["type"], "text");
    assert_eq!(code["required"], true);
    assert_eq!(code["max_length"], 20);
    assert_eq!(code["pattern"], "^[A-Z0-9][A-Z0-9-]{0,19}$");
    let length = meta["columns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "n_length_km")
        .unwrap();
    assert_eq!(
        (length["precision"].as_u64(), length["scale"].as_u64()),
        (Some(9), Some(3))
    );

    // Rules over several fields come with their message, fields and condition, for the form to check first.
    assert_eq!(
        meta["rules"],
        serde_json::json!([{
            "message": "Chainage to (km) must not be less than chainage from (km)",
            "fields": ["n_chainage_to_km"],
            "check": {"op": ">=", "left": {"column": "n_chainage_to_km"}, "right": {"column": "n_chainage_from_km"}}
        }])
    );

    // A lookup column names the entry its options come from.
    let (status, station) = app.get_json("/api/screen?route=/masters/station").await;
    assert_eq!(status, 200, "{station}");
    let corridor = station["columns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["lookup"]["entry"] == "corridor")
        .unwrap_or_else(|| panic!("no corridor lookup: {station}"));
    assert_eq!(corridor["lookup"]["display"], "c_name");

    // A read-only entry: a list without a form, and hidden columns never described.
    let (status, users) = app
        .get_json("/api/screen?route=/administration/manageusers")
        .await;
    assert_eq!(status, 200, "{users}");
    assert_eq!(users["writable"], false);
    assert_eq!(users["sections"], serde_json::json!([]));
    assert!(!users.to_string().contains("c_password_hash"), "{users}");
}

#[tokio::test]
async fn screens_are_for_holders_of_the_route_and_unknown_routes_are_404() {
    let app = spawn_seeded_app().await;
    let viewer = app.with_token(&app.anonymous().sign_in("viewer", "Viewer@123").await);
    let (status, body) = viewer
        .get_json("/api/screen?route=/administration/manageusers")
        .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(
        body["message"],
        "Access disabled - Please contact to Administrator"
    );
    let (status, body) = app.get_json("/api/screen?route=/masters/nothing").await;
    assert_eq!(status, 404, "{body}");
    assert!(body["message"]
        .as_str()
        .unwrap()
        .contains("/masters/nothing"));
    let (status, _) = app
        .anonymous()
        .get_json("/api/screen?route=/masters/corridor")
        .await;
    assert_eq!(status, 401);
    let (status, _) = app.get_json("/api/screen").await;
    assert_eq!(status, 400);
}

/// The catalogue of `/api/auth/me` says which console component draws each route: the one the menu row names
/// (the console's own screens), else what the registry declares at the route. Nothing types a kind.
#[tokio::test]
async fn the_catalogue_takes_each_screens_component_from_the_registry_unless_the_menu_names_one() {
    let app = spawn_seeded_app().await;
    let (status, me) = app.get_json("/api/auth/me").await;
    assert_eq!(status, 200, "{me}");
    let component = |route: &str| -> String {
        me["screens"]
            .as_array()
            .unwrap()
            .iter()
            .find(|screen| screen["route"] == route)
            .map_or_else(
                || "(absent)".to_owned(),
                |screen| {
                    assert!(screen.get("kind").is_none(), "no kind is sent: {screen}");
                    screen["component"].as_str().unwrap().to_owned()
                },
            )
    };
    // A register (masters/corridor.toml's route), a report list (programme/v_report_package.toml), a dashboard
    // (dashboards/analytics.toml), an import preset (`[[imports]]` of the IPA lines) and the home page, which
    // shows the analytics dashboard (its `also`).
    assert_eq!(component("/masters/corridor"), "register");
    assert_eq!(component("/reports/pkgwiselist"), "register");
    assert_eq!(component("/dashboard/analytics"), "dashboard");
    assert_eq!(component("/"), "dashboard");
    assert_eq!(component("/dataentry/importipa"), "import");
    // The console's own screens, named by their menu rows.
    assert_eq!(component("/calendar"), "calendar");
    assert_eq!(
        component("/administration/userpermission"),
        "user-permission"
    );
    assert_eq!(component("/dataentry/importp6"), "p6-import");
    // A right is granted, not drawn.
    assert_eq!(component("/rights/file-for-others"), "(absent)");
    // A route the menu lacks (its row retired) but a register declares is listed under "Other screens", drawn by
    // the engine.
    app.execute("UPDATE navigation SET n_active = 0 WHERE c_route = '/masters/corridor'")
        .await;
    let (_, me) = app.get_json("/api/auth/me").await;
    let corridor = me["screens"]
        .as_array()
        .unwrap()
        .iter()
        .find(|screen| screen["route"] == "/masters/corridor")
        .cloned()
        .unwrap();
    assert_eq!(corridor["group"], "Other screens");
    assert_eq!(corridor["component"], "register");
}

/// A letter's Reply, Reply all and Forward (`[[follow_ups]]` of correspondence.toml) reach the form: a reply starts
/// in the letter's thread, from its addressee to its sender, "Re: " its subject; a forward stays outside the thread.
#[tokio::test]
async fn a_letter_offers_reply_reply_all_and_forward_from_its_registry_file() {
    let app = spawn_seeded_app().await;
    let (status, meta) = app
        .get_json("/api/screen?route=/correspondence/correspondence")
        .await;
    assert_eq!(status, 200, "{meta}");
    let follow_ups = meta["follow_ups"].as_array().expect("follow_ups");
    let labels: Vec<&str> = follow_ups
        .iter()
        .map(|f| f["label"].as_str().unwrap())
        .collect();
    assert_eq!(labels, ["Reply", "Reply all", "Forward"]);
    let reply = &follow_ups[0]["starts"];
    assert_eq!(reply["n_reply_to"], "{id}");
    assert_eq!(reply["n_from_org"], "{n_to_org}");
    assert_eq!(reply["n_to_org"], "{n_from_org}");
    assert_eq!(reply["c_subject"], "Re: {c_subject}");
    // A reply goes the other way: IN becomes OUT and back.
    assert_eq!(
        follow_ups[0]["maps"]["c_direction"],
        serde_json::json!({"IN": "OUT", "OUT": "IN"})
    );
    assert_eq!(follow_ups[1]["starts"]["c_cc"], "{c_cc}");
    assert!(follow_ups[2]["starts"].get("n_reply_to").is_none());
    assert_eq!(follow_ups[2]["starts"]["c_subject"], "Fw: {c_subject}");
}
