//! What a look-up offers and what it takes (issue 50, defects 1, 4 and 5): a look-up's `where` (an IPC is
//! prepared against a certified IPA of its package, FIDIC 14.6/14.7), options that show what a person reads
//! (`option_columns`), an IPA's contract chosen among its package's (FIDIC 14.3: the statement is made under one
//! contract), and a pending review line opening in its review, at the tab where its reviewer writes it.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{
    field_messages, fresh_database_name, registry_dir, spawn_seeded_app, spawn_seeded_app_with,
    TestApp,
};

async fn one_id(app: &TestApp, sql: &str) -> i64 {
    app.db().await.query_one(sql, &[]).await.unwrap().get(0)
}

#[tokio::test]
async fn an_ipc_takes_only_a_certified_ipa_of_its_package_and_its_options_say_which() {
    let app = spawn_seeded_app().await;
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let viaduct = one_id(&app, "SELECT id FROM package WHERE c_code = 'C1-V01'").await;
    let draft = one_id(
        &app,
        &format!("SELECT min(id) FROM ipa WHERE n_package = {viaduct} AND c_state = 'Draft'"),
    )
    .await;
    let ipcs = app.count("SELECT count(*) FROM ipc").await;
    let (status, body) = engineer
        .post_json(
            "/api/data/ipc",
            &json!({"n_package": viaduct, "n_ipa": draft, "n_retention_percent": 5,
                    "n_advance_recovery": 0, "c_remarks": "against a draft"}),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    // The database's own rule answers first here (ipc_ipa_state_check); the look-up's `where` is the form's.
    assert_eq!(
        field_messages(&body)["n_ipa"],
        "IPA: an IPC is prepared only against a certified IPA"
    );
    assert_eq!(app.count("SELECT count(*) FROM ipc").await, ipcs);

    // The form is told the same: the look-up's condition, and what an IPA option shows (never a key).
    let (status, meta) = engineer
        .get_json("/api/screen?route=/contract-data-entry/ipc")
        .await;
    assert_eq!(status, 200, "{meta}");
    let column = meta["columns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "n_ipa")
        .unwrap();
    assert_eq!(column["lookup"]["where"], "c_state = 'Certified'");
    assert_eq!(column["lookup"]["same"]["n_package"], "n_package");
    let ipa = meta["lookups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["entry"] == "ipa")
        .unwrap();
    let shown: Vec<&str> = ipa["option_columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        shown,
        [
            "c_ipa_no",
            "d_period_from",
            "d_period_to",
            "n_amount_this_period",
            "c_state"
        ]
    );
    assert_eq!(ipa["option_columns"][3]["type"], "numeric");
    assert_eq!(ipa["option_columns"][3]["scale"], 2);

    // The options the form reads with that condition are certified IPAs only.
    let (status, page) = engineer
        .post_json(
            "/api/custom/datatable",
            &json!({"t": "ipa", "draw": 1, "start": 0, "length": 200,
                    "whrc": format!("n_package = {viaduct} AND (c_state = 'Certified')"),
                    "columns": [{"data": "id"}, {"data": "c_ipa_no"}, {"data": "c_state"}]}),
        )
        .await;
    assert_eq!(status, 200, "{page}");
    let rows = page["data"].as_array().unwrap();
    assert!(
        rows.iter().all(|row| row["c_state"] == "Certified"),
        "{page}"
    );
    assert!(
        !rows
            .iter()
            .any(|row| row["id"] == json!(draft.to_string()) || row["id"] == json!(draft)),
        "{page}"
    );
}

#[tokio::test]
async fn an_ipa_is_made_under_one_contract_of_its_package() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let engineer = one_id(&app, "SELECT id FROM users WHERE c_username = 'engineer'").await;
    let viaduct = one_id(&app, "SELECT id FROM package WHERE c_code = 'C1-V01'").await;
    let first = one_id(
        &app,
        "SELECT id FROM contract WHERE c_contract_no = 'MRC/C1-V01/2022/01'",
    )
    .await;
    let ipa = |extra: Value| {
        let mut body = json!({"n_package": viaduct, "d_period_from": "2026-11-01",
                              "d_period_to": "2026-11-30", "c_description": "Running account bill",
                              "n_engineer": engineer});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        body
    };
    // The contract is said: the form starts with the package's only one (`default = "only"`), and a body that
    // leaves it out is refused, as a statement under no contract would be.
    let (status, body) = contractor.post_json("/api/data/ipa", &ipa(json!({}))).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(field_messages(&body)["n_contract"], "Contract is required");
    let (status, created) = contractor
        .post_json("/api/data/ipa", &ipa(json!({"n_contract": first})))
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["data"]["n_contract"], json!(first), "{created}");
    // A write that does not come through the gateway (the demo seed) gets the package's only contract.
    let seeded = one_id(
        &app,
        &format!(
            "INSERT INTO ipa (c_ipa_no, n_package, d_period_from, d_period_to, c_description, n_engineer)
             VALUES ('C1-V01-IPA-SEED1', {viaduct}, DATE '2026-12-01', DATE '2026-12-31', 'Seeded', {engineer})
             RETURNING n_contract"
        ),
    )
    .await;
    assert_eq!(seeded, first);

    // A second contract on the package (a station finishes contract): blank no longer says which.
    app.execute(&format!(
        "INSERT INTO contract (c_contract_no, c_name, n_package, n_contractor, c_contract_type, n_contract_value,
                               d_loa_date, d_agreement_date, d_start_date, d_completion_date,
                               n_defect_liability_months, c_status)
         SELECT 'MRC/C1-V01/2026/09', 'Station finishes, Airport to Riverside', {viaduct}, id, 'Item rate',
                1250000000.00, '2026-01-10', '2026-02-01', '2026-02-15', '2027-08-14', 24, 'In progress'
         FROM contractor WHERE c_code = 'LNT'"
    ))
    .await;
    let second = one_id(
        &app,
        "SELECT id FROM contract WHERE c_contract_no = 'MRC/C1-V01/2026/09'",
    )
    .await;
    let ipas = app.count("SELECT count(*) FROM ipa").await;
    // Two contracts: a write not through the gateway gets neither, and NOT NULL refuses it.
    let unset = app
        .db()
        .await
        .execute(
            &format!(
                "INSERT INTO ipa (c_ipa_no, n_package, d_period_from, d_period_to, c_description, n_engineer)
                 VALUES ('C1-V01-IPA-SEED2', {viaduct}, DATE '2027-01-01', DATE '2027-01-31', 'Seeded',
                         {engineer})"
            ),
            &[],
        )
        .await;
    let refused = format!("{:?}", unset.expect_err("no contract"));
    assert!(refused.contains("n_contract"), "{refused}");
    // Another package's contract is refused under the field.
    let other = one_id(
        &app,
        "SELECT id FROM contract WHERE c_contract_no = 'MRC/C1-UG01/2023/02'",
    )
    .await;
    let (status, body) = contractor
        .post_json("/api/data/ipa", &ipa(json!({"n_contract": other})))
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(
        field_messages(&body)["n_contract"].starts_with("Contract: "),
        "{body}"
    );
    assert_eq!(app.count("SELECT count(*) FROM ipa").await, ipas);
    // Chosen, it is kept: the second contract's own statement, its own first period.
    let (status, created) = contractor
        .post_json(
            "/api/data/ipa",
            &ipa(json!({"n_contract": second, "d_period_from": "2026-02-15", "d_period_to": "2026-03-14"})),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["data"]["n_contract"], json!(second), "{created}");

    // A package without a contract: the form's Contract field says so.
    app.execute(
        "INSERT INTO package (c_code, c_name, n_corridor, c_scope)
         SELECT 'C2-DP01', 'Depot, Green Line', n_corridor, 'Depot' FROM package WHERE c_code = 'C1-V01'",
    )
    .await;
    let depot = one_id(&app, "SELECT id FROM package WHERE c_code = 'C2-DP01'").await;
    let admin = app.with_token(&app.sign_in("admin", "Admin@123").await);
    let (status, body) = admin
        .post_json("/api/data/ipa", &ipa(json!({"n_package": depot})))
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(field_messages(&body)["n_contract"], "Contract is required");
}

#[tokio::test]
async fn a_pending_review_line_opens_its_review_at_the_reviewers_tab() {
    let app = spawn_seeded_app().await;
    let designer = app.with_token(&app.sign_in("designer", "Designer@123").await);
    let planner = app.with_token(&app.sign_in("planner", "Planner@123").await);
    let package = one_id(&app, "SELECT id FROM package WHERE c_code = 'C1-V01'").await;
    let id = |sql: &'static str| {
        let app = &app;
        async move { one_id(app, sql).await }
    };
    let (status, document) = designer
        .post_json(
            "/api/data/dms_document",
            &json!({"c_project": "MML3", "c_originator": "DDC", "c_volume": "C1V01", "c_level": "P131",
                    "c_type": "DR", "c_role": "S", "c_number": "0001",
                    "c_title": "Pier P131 pile cap reinforcement", "n_package": package,
                    "n_discipline": id("SELECT id FROM discipline WHERE c_code = 'CIV'").await,
                    "n_doc_type": id("SELECT id FROM doc_type WHERE c_code = 'DRG'").await,
                    "n_from_org": id("SELECT id FROM organization WHERE c_code = 'DDC'").await}),
        )
        .await;
    assert_eq!(status, 201, "{document}");
    let document = &document["data"];
    let doc_id = document["id"].as_i64().unwrap();
    let (status, shared) = designer
        .post_json(
            &format!("/api/data/dms_document/{doc_id}/transition"),
            &json!({"transition": "share", "n_row_version": document["n_row_version"],
                    "fields": {"c_status_code": "S3"}}),
        )
        .await;
    assert_eq!(status, 200, "{shared}");
    let engineer = id("SELECT id FROM users WHERE c_username = 'engineer'").await;
    let planner_id = id("SELECT id FROM users WHERE c_username = 'planner'").await;
    let (status, review) = designer
        .post_json(
            "/api/data/document_review",
            &json!({"n_document": doc_id, "n_reviewer": engineer, "d_due": "2030-01-31"}),
        )
        .await;
    assert_eq!(status, 201, "{review}");
    let review_id = review["data"]["id"].as_i64().unwrap();
    let (status, line) = designer
        .post_json(
            "/api/data/document_review_reviewer",
            &json!({"n_review": review_id, "n_reviewer": planner_id}),
        )
        .await;
    assert_eq!(status, 201, "{line}");
    let version = one_id(
        &app,
        &format!("SELECT n_row_version::int8 FROM document_review WHERE id = {review_id}"),
    )
    .await;
    let (status, started) = designer
        .send(
            Method::POST,
            &format!("/api/data/document_review/{review_id}/transition"),
            Some(&json!({"transition": "start_review", "n_row_version": version, "fields": {}})),
        )
        .await;
    assert_eq!(status, 200, "{started}");

    let (status, groups) = planner.get_json("/api/custom/pendinglist").await;
    assert_eq!(status, 200, "{groups}");
    let number = review["data"]["c_doc_no"].as_str().unwrap();
    let line = groups
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["title"] == "Document review line")
        .flat_map(|g| g["data"].as_array().unwrap().iter())
        .find(|d| d["c_doc_no"] == number)
        .unwrap_or_else(|| panic!("no pending line of {number} in {groups}"));
    let url = line["record_url"].as_str().unwrap();
    let (path, tab) = url.split_once("&tab=").unwrap_or_else(|| panic!("{url}"));
    assert_eq!(tab, "document_review_reviewer");
    let reference = path
        .strip_prefix("/administration/dmsreview?record=")
        .unwrap_or_else(|| panic!("{url}"));
    // The reference names the review: the planner reads it there.
    let (status, opened) = planner
        .get_json(&format!("/api/data/document_review/{reference}"))
        .await;
    assert_eq!(status, 200, "{opened}");
    assert_eq!(opened["id"], json!(review_id), "{opened}");
}

/// `from` copied to `to`, files and folders.
fn copy_folder(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for item in std::fs::read_dir(from).unwrap() {
        let item = item.unwrap();
        let target = to.join(item.file_name());
        if item.file_type().unwrap().is_dir() {
            copy_folder(&item.path(), &target);
        } else {
            std::fs::copy(item.path(), target).unwrap();
        }
    }
}

/// The gateway's own check of a look-up's `where`, where no database rule stands in front of it: a registry
/// copy whose letters answer only letters received. Inside the write's transaction, on create and on update,
/// a choice the condition refuses is 422 under the field with `choose`, and nothing is written.
#[tokio::test]
async fn the_gateway_refuses_a_choice_a_look_ups_where_does_not_offer() {
    let folder = std::env::temp_dir().join(format!("{}_registry", fresh_database_name()));
    copy_folder(&registry_dir(), &folder);
    let letters = folder.join("correspondence/correspondence.toml");
    let text = std::fs::read_to_string(&letters).unwrap();
    let shipped = "lookup = { entry = \"correspondence\", display = \"c_reference_no\", same = { n_package = \"n_package\" } }";
    assert!(text.contains(shipped));
    std::fs::write(
        &letters,
        text.replace(
            shipped,
            "lookup = { entry = \"correspondence\", display = \"c_reference_no\", same = { n_package = \"n_package\" }, \
             where = \"c_direction = 'IN'\", choose = \"a letter received\" }",
        ),
    )
    .unwrap();
    let registry = folder.clone();
    let app = spawn_seeded_app_with(move |settings| settings.query.registry_dir = registry).await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let id = |sql: String| {
        let app = &app;
        async move { one_id(app, &sql).await }
    };
    let viaduct = id("SELECT id FROM package WHERE c_code = 'C1-V01'".into()).await;
    let received = id(format!(
        "SELECT min(id) FROM correspondence WHERE n_package = {viaduct} AND c_direction = 'IN'"
    ))
    .await;
    let sent = id(format!(
        "SELECT min(id) FROM correspondence WHERE n_package = {viaduct} AND c_direction = 'OUT'"
    ))
    .await;
    let lnt = id("SELECT id FROM organization WHERE c_code = 'LNT'".into()).await;
    let gc = id("SELECT id FROM organization WHERE c_code = 'GC'".into()).await;
    let letter = |reply_to: i64| {
        json!({"n_package": viaduct, "n_reply_to": reply_to, "c_direction": "IN", "d_letter": "2026-11-20",
               "n_from_org": lnt, "n_to_org": gc, "c_subject": "Casting yard relocation",
               "c_category": "Technical", "c_priority": "Normal", "n_confidential": 0, "n_action_required": 0})
    };
    let count = app.count("SELECT count(*) FROM correspondence").await;
    let (status, body) = contractor
        .post_json("/api/data/correspondence", &letter(sent))
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_messages(&body)["n_reply_to"],
        "In reply to: choose a letter received"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM correspondence").await,
        count
    );
    let (status, created) = contractor
        .post_json("/api/data/correspondence", &letter(received))
        .await;
    assert_eq!(status, 201, "{created}");
    let key = created["data"]["id"].as_i64().unwrap();
    let (status, body) = contractor
        .send(
            Method::PUT,
            &format!("/api/data/correspondence/{key}"),
            Some(&json!({"n_row_version": created["data"]["n_row_version"], "n_reply_to": sent})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(
        field_messages(&body)["n_reply_to"],
        "In reply to: choose a letter received"
    );
    let stored = id(format!(
        "SELECT n_reply_to FROM correspondence WHERE id = {key}"
    ))
    .await;
    assert_eq!(stored, received);
    let _ = std::fs::remove_dir_all(&folder);
}

/// An approver is a person of the project other than the one asking (approval.toml: `where = "n_superadmin = 0 AND
/// id <> :user_id"`): the administrator asking names themselves, then the system administrator's account, and is
/// refused both under the field with what may be chosen; the engineer is taken. A reviewer line may name any person
/// of the project, its own lead included (`n_superadmin = 0` only), never the administrator's account.
#[tokio::test]
async fn an_approver_is_never_the_asker_nor_the_administrators_account() {
    let app = spawn_seeded_app().await;
    let admin = app.with_token(&app.sign_in("admin", "Admin@123").await);
    let admin_id = one_id(&app, "SELECT id FROM users WHERE c_username = 'admin'").await;
    let engineer_id = one_id(&app, "SELECT id FROM users WHERE c_username = 'engineer'").await;
    let package = one_id(&app, "SELECT id FROM package WHERE c_code = 'C1-V01'").await;
    let request = |approver: i64, reference: &str| {
        json!({
            "c_reference": reference,
            "c_subject": "Pier cap P114 shuttering drawing",
            "n_package": package,
            "c_approval_type": "Drawing",
            "n_approver": approver,
            "d_requested": "2026-11-02",
            "c_status": "Pending",
        })
    };
    let before = app.count("SELECT count(*) FROM approval").await;
    let (status, body) = admin
        .send(
            Method::POST,
            "/api/data/approval",
            Some(&request(admin_id, "APR/T/0001")),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    let message = &field_messages(&body)["n_approver"];
    assert!(
        message.contains("a person of the project other than yourself"),
        "{message}"
    );
    assert_eq!(app.count("SELECT count(*) FROM approval").await, before);
    let (status, body) = admin
        .send(
            Method::POST,
            "/api/data/approval",
            Some(&request(engineer_id, "APR/T/0002")),
        )
        .await;
    assert_eq!(status, 201, "{body}");

    // A reviewer line naming the administrator's account is refused; a person of the project is taken.
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let review = one_id(
        &app,
        "SELECT id FROM document_review WHERE c_doc_no = 'MML3-LNT-C1V01-ZZ-IT-Q-0009/P01'",
    )
    .await;
    let viewer_id = one_id(&app, "SELECT id FROM users WHERE c_username = 'viewer'").await;
    let (status, body) = engineer
        .send(
            Method::POST,
            "/api/data/document_review_reviewer",
            Some(&json!({"n_review": review, "n_reviewer": admin_id})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(
        field_messages(&body)["n_reviewer"].contains("not the system administrator"),
        "{body}"
    );
    let (status, body) = engineer
        .send(
            Method::POST,
            "/api/data/document_review_reviewer",
            Some(&json!({"n_review": review, "n_reviewer": viewer_id})),
        )
        .await;
    assert_eq!(status, 201, "{body}");
}
