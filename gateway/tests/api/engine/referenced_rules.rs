//! Issue 46 (items 5–9), from the attacker's side, against the real PostgreSQL and the shipped registry: paths
//! beside a register's own list apply its read rule. A line, a look-up value, a look-up's options and a view
//! listing another register's rows follow that register's rule for the caller (`reads_through`, the look-up
//! check of every write); what a record says it is from is the session's (organisation stamps, the right to file
//! for other organisations); a new record is written with what its workflow's first state lets one write.
//!
//! The accounts: contractor2 (Sunil Rao, TBC) works on C1-UG01, C1-DP01 and C1-SYS1 and has no access to C1-V01;
//! contractor (Rahul Verma, LNT) on the viaduct packages.

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

use crate::helpers::{spawn_seeded_app, TestApp};

async fn one_id(app: &TestApp, sql: &str) -> i64 {
    app.db().await.query_one(sql, &[]).await.unwrap().get(0)
}

async fn package(app: &TestApp, code: &str) -> i64 {
    one_id(
        app,
        &format!("SELECT id FROM package WHERE c_code = '{code}'"),
    )
    .await
}

async fn organisation(app: &TestApp, code: &str) -> i64 {
    one_id(
        app,
        &format!("SELECT id FROM organization WHERE c_code = '{code}'"),
    )
    .await
}

async fn sign_in(app: &TestApp, username: &str, password: &str) -> TestApp {
    app.with_token(&app.sign_in(username, password).await)
}

/// The fields a 422 names, with their messages.
fn fields(body: &Value) -> Vec<(String, String)> {
    body["fields"]
        .as_array()
        .map(|fields| {
            fields
                .iter()
                .map(|f| {
                    (
                        f["field"].as_str().unwrap_or_default().to_owned(),
                        f["message"].as_str().unwrap_or_default().to_owned(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

fn ids(rows: &Value) -> Vec<i64> {
    rows.as_array()
        .unwrap_or_else(|| panic!("rows: {rows}"))
        .iter()
        .map(|row| row["id"].as_i64().unwrap())
        .collect()
}

/// A document of `package` the demo has in `state`.
async fn document_in(app: &TestApp, package_code: &str, state: &str) -> i64 {
    one_id(
        app,
        &format!(
            "SELECT min(d.id) FROM dms_document d JOIN package p ON p.id = d.n_package
             WHERE p.c_code = '{package_code}' AND d.c_state = '{state}'"
        ),
    )
    .await
}

/// A draft transmittal of the caller's in `package`.
async fn draft_share(user: &TestApp, package: i64) -> i64 {
    let (status, share) = user
        .post_json(
            "/api/data/dms_share",
            &json!({"n_package": package, "c_subject": "Read rule probe", "c_purpose": "For information",
                    "d_share": "2026-01-05", "d_expiry": "2026-12-31"}),
        )
        .await;
    assert_eq!(status, 201, "{share}");
    share["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_transmittal_line_names_only_documents_its_sharer_may_read() {
    let app = spawn_seeded_app().await;
    let tbc = sign_in(&app, "contractor2", "Contractor2@123").await;
    let share = draft_share(&tbc, package(&app, "C1-UG01").await).await;
    // Document 13 of the issue: one of C1-V01, shared (no work in progress: only the package scope keeps it out).
    let viaduct = document_in(&app, "C1-V01", "Published").await;
    let missing = one_id(&app, "SELECT max(id) + 1000 FROM dms_document").await;
    let mut answers = Vec::new();
    for document in [viaduct, missing] {
        let (status, body) = tbc
            .post_json(
                "/api/data/dms_share_document",
                &json!({"n_share": share, "n_document": document}),
            )
            .await;
        assert_eq!(status, 422, "{body}");
        let found = fields(&body);
        assert_eq!(found.len(), 1, "{body}");
        assert_eq!(found[0].0, "n_document");
        assert!(
            !body.to_string().contains("P01") && !body.to_string().contains("Published"),
            "no revision nor state of a document they cannot read: {body}"
        );
        answers.push(found[0].1.replace(&document.to_string(), "#"));
    }
    assert_eq!(
        answers[0], answers[1],
        "a document outside their packages is answered as one that does not exist"
    );
    // Walking ids: nothing of another package gets onto a transmittal.
    let (start, end): (i64, i64) = {
        let row = app
            .db()
            .await
            .query_one("SELECT min(id), max(id) FROM dms_document", &[])
            .await
            .unwrap();
        (row.get(0), row.get(1))
    };
    for document in start..=end {
        let _ = tbc
            .post_json(
                "/api/data/dms_share_document",
                &json!({"n_share": share, "n_document": document}),
            )
            .await;
    }
    let outside = app
        .count(&format!(
            "SELECT count(*) FROM dms_share_document l JOIN dms_document d ON d.id = l.n_document
             JOIN package p ON p.id = d.n_package
             WHERE l.n_share = {share} AND p.c_code NOT IN ('C1-UG01', 'C1-DP01', 'C1-SYS1')"
        ))
        .await;
    assert_eq!(outside, 0, "no line names a document of another package");
    // So Shared with me lists none of them once the transmittal is issued to its sharer.
    let me = one_id(
        &app,
        "SELECT id FROM users WHERE c_username = 'contractor2'",
    )
    .await;
    let (status, body) = tbc
        .post_json(
            "/api/data/dms_share_recipient",
            &json!({"n_share": share, "n_user": me}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let version = one_id(
        &app,
        &format!("SELECT n_row_version::int8 FROM dms_share WHERE id = {share}"),
    )
    .await;
    let (status, body) = tbc
        .post_json(
            &format!("/api/data/dms_share/{share}/transition"),
            &json!({"transition": "issue", "n_row_version": version}),
        )
        .await;
    if status == 200 {
        let (_, rows) = tbc
            .get_json(&format!(
                "/api/custom/selectall?t=v_dms_shared_with_me&cols=id,n_package&whrc=n_share = {share}"
            ))
            .await;
        let viaduct_package = package(&app, "C1-V01").await;
        assert!(
            rows.as_array()
                .unwrap()
                .iter()
                .all(|row| row["n_package"] != json!(viaduct_package)),
            "{rows}"
        );
    } else {
        // A transmittal with no document the sharer may read is not issued at all.
        assert_eq!(status, 422, "{body}");
    }
    // A document of their own package that is shared is theirs to send (the rule keeps what it should).
    let own = document_in(&app, "C1-UG01", "Published").await;
    let share = draft_share(&tbc, package(&app, "C1-UG01").await).await;
    let (status, body) = tbc
        .post_json(
            "/api/data/dms_share_document",
            &json!({"n_share": share, "n_document": own}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn the_timeline_shows_work_in_progress_only_to_its_originators() {
    let app = spawn_seeded_app().await;
    let viaduct = package(&app, "C1-V01").await;
    // The tunnel contractor linked to the viaduct package too: the package scope alone would show them its events.
    app.execute(&format!(
        "INSERT INTO package_user (n_package, n_user, c_role)
         SELECT {viaduct}, id, 'Contractor representative' FROM users WHERE c_username = 'contractor2'"
    ))
    .await;
    let lnt = sign_in(&app, "contractor", "Contractor@123").await;
    let tbc = sign_in(&app, "contractor2", "Contractor2@123").await;
    let discipline = one_id(&app, "SELECT min(id) FROM discipline").await;
    let doc_type = one_id(&app, "SELECT min(id) FROM doc_type").await;
    let form = Form::new()
        .text("c_originator", "LNT")
        .text("c_volume", "C1V01")
        .text("c_type", "DR")
        .text("c_role", "S")
        .text("c_title", "Pier cap P118 reinforcement (WIP)")
        .text("n_package", viaduct.to_string())
        .text("n_discipline", discipline.to_string())
        .text("n_doc_type", doc_type.to_string())
        .part(
            "file",
            Part::bytes(b"%PDF-1.4 pier cap".to_vec()).file_name("pier-cap.pdf"),
        );
    let (status, created) = lnt.send_form("/api/data/dms_document/upload", form).await;
    assert_eq!(status, 201, "{created}");
    let id = created["record"]["id"].as_i64().unwrap();
    let events = format!(
        "/api/custom/selectall?t=v_dms_timeline&cols=id,c_event,c_detail&whrc=n_document = {id}"
    );
    let (status, theirs) = lnt.get_json(&events).await;
    assert_eq!(status, 200, "{theirs}");
    let seen: Vec<&str> = theirs
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["c_event"].as_str().unwrap())
        .collect();
    assert!(
        seen.contains(&"Document created") && seen.contains(&"File uploaded"),
        "the originator's organisation sees its own work: {theirs}"
    );
    // The other organisation: nothing, by any read of the view.
    let (status, rows) = tbc.get_json(&events).await;
    assert_eq!((status, rows.clone()), (200, json!([])), "{rows}");
    let (status, table) = tbc
        .post_json(
            "/api/custom/datatable",
            &json!({"t": "v_dms_timeline", "draw": 1, "start": 0, "length": 100,
                    "search": {"value": "pier-cap.pdf"}}),
        )
        .await;
    assert_eq!(status, 200, "{table}");
    assert_eq!(table["recordsFiltered"], 0, "{table}");
    let export = tbc
        .get("/api/export?t=v_dms_timeline&cols=c_event,c_title,c_detail&format=csv")
        .await;
    assert_eq!(export.status().as_u16(), 200);
    let csv = export.text().await.unwrap();
    assert!(
        !csv.contains("pier-cap.pdf") && !csv.contains("Pier cap P118"),
        "{csv}"
    );
    // Other documents' events stay: a shared document of the package is on their timeline.
    let (_, rows) = tbc
        .get_json(&format!(
            "/api/custom/selectall?t=v_dms_timeline&cols=id&whrc=n_package = {viaduct}"
        ))
        .await;
    assert!(!ids(&rows).is_empty(), "{rows}");
    // Once shared, its events are everyone's in the package.
    let version = one_id(
        &app,
        &format!("SELECT n_row_version::int8 FROM dms_document WHERE id = {id}"),
    )
    .await;
    let (status, body) = lnt
        .post_json(
            &format!("/api/data/dms_document/{id}/transition"),
            &json!({"transition": "share", "n_row_version": version, "fields": {"c_status_code": "S2"}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (_, rows) = tbc.get_json(&events).await;
    assert!(rows.as_array().unwrap().len() >= 3, "{rows}");
}

#[tokio::test]
async fn look_ups_offer_and_take_only_rows_the_caller_may_read() {
    let app = spawn_seeded_app().await;
    let tbc = sign_in(&app, "contractor2", "Contractor2@123").await;
    // The correspondence form's contracts: those of their packages only.
    let (status, options) = tbc
        .post_json(
            "/api/custom/datatable",
            &json!({"t": "contract", "draw": 1, "start": 0, "length": 100,
                    "columns": [{"data": "id"}, {"data": "c_contract_no"}, {"data": "n_package"}]}),
        )
        .await;
    assert_eq!(status, 200, "{options}");
    let numbers: Vec<&str> = options["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["c_contract_no"].as_str().unwrap())
        .collect();
    assert!(!numbers.is_empty(), "{options}");
    assert!(
        numbers
            .iter()
            .all(|n| !n.contains("C1-V01") && !n.contains("C2-V01")),
        "{numbers:?}"
    );
    let (_, all) = tbc
        .get_json("/api/custom/selectall?t=contract&cols=id,c_contract_no,c_name")
        .await;
    assert!(
        !all.to_string()
            .contains("Viaduct and six elevated stations"),
        "{all}"
    );
    // Nor does a written key reach one: a letter filed against C1-V01's contract.
    let viaduct_contract = one_id(
        &app,
        "SELECT id FROM contract WHERE c_contract_no = 'MRC/C1-V01/2022/01'",
    )
    .await;
    let tunnel = package(&app, "C1-UG01").await;
    let (status, body) = tbc
        .post_json(
            "/api/data/correspondence",
            &json!({"n_package": tunnel, "n_contract": viaduct_contract, "c_direction": "IN",
                    "d_letter": "2026-01-05", "n_from_org": organisation(&app, "TBC").await,
                    "n_to_org": organisation(&app, "GC").await,
                    "c_subject": "Cross passage CP-3: request for inspection", "c_category": "Technical",
                    "c_priority": "Normal", "n_confidential": 0, "n_action_required": 0}),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(
        fields(&body)
            .iter()
            .any(|(field, message)| field == "n_contract"
                && message.contains(&format!("no Contract with ID {viaduct_contract}"))),
        "{body}"
    );
    // The IPA line's BOQ items: only their packages' items are offered, and another's is refused.
    let (_, items) = tbc
        .post_json(
            "/api/custom/datatable",
            &json!({"t": "boq_item", "draw": 1, "start": 0, "length": 500,
                    "columns": [{"data": "id"}, {"data": "c_label"}]}),
        )
        .await;
    let labels: Vec<&str> = items["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["c_label"].as_str().unwrap())
        .collect();
    assert!(!labels.is_empty(), "{items}");
    assert!(
        labels
            .iter()
            .all(|l| !l.starts_with("C1-V01") && !l.starts_with("C2-V01")),
        "{labels:?}"
    );
    let ipa = draft_ipa(&app, &tbc, tunnel, "Running account bill, read rule probe").await;
    let viaduct_item = one_id(
        &app,
        "SELECT min(b.id) FROM boq_item b JOIN package p ON p.id = b.n_package WHERE p.c_code = 'C1-V01'",
    )
    .await;
    let (status, body) = tbc
        .post_json(
            "/api/data/ipa_item",
            &json!({"n_ipa": ipa, "n_boq_item": viaduct_item, "n_qty_this_period": 1}),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(
        fields(&body)
            .iter()
            .any(|(field, message)| field == "n_boq_item"
                && message.contains(&format!("no BOQ item with ID {viaduct_item}"))),
        "{body}"
    );
    // The same checks let the viaduct contractor use their own.
    let lnt = sign_in(&app, "contractor", "Contractor@123").await;
    let (_, theirs) = lnt
        .get_json("/api/custom/selectall?t=contract&cols=id,c_contract_no")
        .await;
    assert!(ids(&theirs).contains(&viaduct_contract), "{theirs}");
}

#[tokio::test]
async fn the_originator_is_the_callers_organisation_unless_they_may_file_for_others() {
    let app = spawn_seeded_app().await;
    let tbc = sign_in(&app, "contractor2", "Contractor2@123").await;
    let tunnel = package(&app, "C1-UG01").await;
    let lnt = organisation(&app, "LNT").await;
    let own = organisation(&app, "TBC").await;
    let discipline = one_id(&app, "SELECT min(id) FROM discipline").await;
    let doc_type = one_id(&app, "SELECT min(id) FROM doc_type").await;
    let document = |originator: &str, number: &str, from: Option<i64>| {
        let mut body = json!({"c_originator": originator, "c_volume": "UG01", "c_type": "MS", "c_role": "C",
                              "c_number": number, "c_title": "Cross passage grouting method",
                              "n_package": tunnel, "n_discipline": discipline, "n_doc_type": doc_type});
        if let Some(from) = from {
            body["n_from_org"] = json!(from);
        }
        body
    };
    let before = app
        .count("SELECT count(*) FROM dms_document WHERE c_originator = 'LNT'")
        .await;

    // The form: Larsen's originator and organisation are refused under both fields.
    let (status, body) = tbc
        .post_json(
            "/api/data/dms_document",
            &document("LNT", "7001", Some(lnt)),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    let named: Vec<String> = fields(&body).into_iter().map(|(f, _)| f).collect();
    assert!(
        named.contains(&"c_originator".to_owned()) && named.contains(&"n_from_org".to_owned()),
        "{body}"
    );
    // The organisation alone too (the WIP rule trusts it).
    let (status, body) = tbc
        .post_json(
            "/api/data/dms_document",
            &document("TBC", "7002", Some(lnt)),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(fields(&body)[0].0, "n_from_org", "{body}");

    // The upload: the same refusal, and Larsen's number sequence is not used up.
    let form = Form::new()
        .text("c_originator", "LNT")
        .text("c_volume", "UG01")
        .text("c_type", "MS")
        .text("c_role", "C")
        .text("c_title", "Cross passage grouting method")
        .text("n_package", tunnel.to_string())
        .text("n_discipline", discipline.to_string())
        .text("n_doc_type", doc_type.to_string())
        .part(
            "file",
            Part::bytes(b"%PDF-1.4 grouting".to_vec()).file_name("grouting.pdf"),
        );
    let (status, body) = tbc.send_form("/api/data/dms_document/upload", form).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        fields(&body).iter().any(|(f, _)| f == "c_originator"),
        "{body}"
    );

    // The importer (a dry run, as in the issue): both rows refused.
    let file = format!(
        "c_originator,c_volume,c_type,c_role,c_number,c_title,n_package,n_discipline,n_doc_type,n_from_org\n\
         LNT,UG01,MS,C,7101,Grouting one,{tunnel},{discipline},{doc_type},{lnt}\n\
         LNT,UG01,MS,C,7102,Grouting two,{tunnel},{discipline},{doc_type},{lnt}\n"
    );
    let form = Form::new()
        .text("options", json!({"dry_run": true}).to_string())
        .part("file", Part::bytes(file.into_bytes()).file_name("d.csv"));
    let (status, body) = tbc.send_form("/api/import/dms_document", form).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["inserted"].as_u64(), body["refused"].as_u64()),
        (Some(0), Some(2)),
        "{body}"
    );
    assert_eq!(
        app.count("SELECT count(*) FROM dms_document WHERE c_originator = 'LNT'")
            .await,
        before,
        "nothing filed in Larsen's name"
    );

    // Left out, both are the caller's own.
    let mut body = document("TBC", "7003", None);
    body.as_object_mut().unwrap().remove("c_originator");
    let (status, created) = tbc.post_json("/api/data/dms_document", &body).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["data"]["n_from_org"], json!(own), "{created}");
    assert_eq!(created["data"]["c_originator"], "TBC", "{created}");
    // And cannot be moved to another organisation later.
    let id = created["id"].as_i64().unwrap();
    let version = created["data"]["n_row_version"].as_i64().unwrap();
    let (status, body) = tbc
        .send(
            reqwest::Method::PUT,
            &format!("/api/data/dms_document/{id}"),
            Some(&json!({"n_row_version": version, "n_from_org": lnt})),
        )
        .await;
    assert_eq!(status, 422, "{body}");

    // A holder of the right to file for other organisations (granted like any route) may.
    app.execute(
        "INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_view, n_create, n_update, n_delete, n_export)
         SELECT u.id, n.id, 1, 0, 0, 0, 0 FROM users u, navigation n
         WHERE u.c_username = 'contractor2' AND n.c_route = '/rights/file-for-others'",
    )
    .await;
    let controller = sign_in(&app, "contractor2", "Contractor2@123").await;
    let (status, body) = controller
        .post_json(
            "/api/data/dms_document",
            &document("LNT", "7004", Some(lnt)),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    // The right is no screen: no menu item.
    let (_, me) = controller.get_json("/api/auth/me").await;
    assert!(
        !me["navigation"].to_string().contains("/rights/"),
        "{}",
        me["navigation"]
    );
}

#[tokio::test]
async fn a_new_record_is_written_with_what_its_first_state_lets_one_write() {
    let app = spawn_seeded_app().await;
    let lnt = sign_in(&app, "contractor", "Contractor@123").await;
    let viaduct = package(&app, "C1-V01").await;
    let engineer = one_id(&app, "SELECT id FROM users WHERE c_username = 'engineer'").await;
    let rfi = |extra: Value| {
        let mut body = json!({"n_package": viaduct, "c_subject": "Drainage spout at P140",
                              "c_question": "May the drainage spout at P140 be shifted to the median side?",
                              "n_assigned_to": engineer, "d_due": "2026-12-31"});
        for (key, value) in extra.as_object().unwrap() {
            body[key] = value.clone();
        }
        body
    };
    let before = app.count("SELECT count(*) FROM rfi").await;
    // A forged "engineer's answer" in Draft: 422 under the field, as the same field in an update is.
    let (status, body) = lnt
        .post_json(
            "/api/data/rfi",
            &rfi(json!({"c_response": "Approved as proposed. -- Engineer"})),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(fields(&body)[0].0, "c_response", "{body}");
    assert_eq!(app.count("SELECT count(*) FROM rfi").await, before);
    // Imports too.
    let file = "n_package,c_subject,c_question,n_assigned_to,d_due,c_response\n\
                C1-V01,Spout at P141,May it move?,Arjun Mehta,2026-12-31,Approved. -- Engineer\n";
    let form = Form::new()
        .text("options", json!({"dry_run": true}).to_string())
        .part(
            "file",
            Part::bytes(file.as_bytes().to_vec()).file_name("r.csv"),
        );
    let (status, body) = lnt.send_form("/api/import/rfi", form).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["refused"], 1, "{body}");
    assert!(
        body.to_string().contains("c_response") || body.to_string().contains("Response"),
        "{body}"
    );
    // Without it, the RFI is created, and the field waits for the engineer's step.
    let (status, created) = lnt.post_json("/api/data/rfi", &rfi(json!({}))).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["data"]["c_response"], Value::Null);
}

/// A document LNT uploads to `package` and shares for review (readable by every holder of the register in the
/// package until it goes back to work in progress): its id and number.
/// A new IPA of the last five days, raised by `user` in `package` to the engineer; its id.
async fn draft_ipa(app: &TestApp, user: &TestApp, package: i64, description: &str) -> i64 {
    let row = app
        .db()
        .await
        .query_one("SELECT (CURRENT_DATE - 5)::text, CURRENT_DATE::text", &[])
        .await
        .unwrap();
    let (from, to): (String, String) = (row.get(0), row.get(1));
    let engineer = one_id(app, "SELECT id FROM users WHERE c_username = 'engineer'").await;
    let contract = one_id(
        app,
        &format!("SELECT min(id) FROM contract WHERE n_package = {package}"),
    )
    .await;
    let (status, ipa) = user
        .post_json(
            "/api/data/ipa",
            &json!({"n_package": package, "n_contract": contract, "d_period_from": from, "d_period_to": to,
                    "c_description": description, "n_engineer": engineer}),
        )
        .await;
    assert_eq!(status, 201, "{ipa}");
    ipa["id"].as_i64().unwrap()
}

async fn shared_document(app: &TestApp, lnt: &TestApp, package: i64, title: &str) -> (i64, String) {
    let discipline = one_id(app, "SELECT min(id) FROM discipline").await;
    let doc_type = one_id(app, "SELECT min(id) FROM doc_type").await;
    let form = Form::new()
        .text("c_originator", "LNT")
        .text("c_volume", "C1V01")
        .text("c_type", "DR")
        .text("c_role", "S")
        .text("c_title", title.to_owned())
        .text("n_package", package.to_string())
        .text("n_discipline", discipline.to_string())
        .text("n_doc_type", doc_type.to_string())
        .part(
            "file",
            Part::bytes(b"%PDF-1.4 bearing".to_vec()).file_name("bearing.pdf"),
        );
    let (status, created) = lnt.send_form("/api/data/dms_document/upload", form).await;
    assert_eq!(status, 201, "{created}");
    let id = created["record"]["id"].as_i64().unwrap();
    let version = one_id(
        app,
        &format!("SELECT n_row_version::int8 FROM dms_document WHERE id = {id}"),
    )
    .await;
    let (status, body) = lnt
        .post_json(
            &format!("/api/data/dms_document/{id}/transition"),
            &json!({"transition": "share", "n_row_version": version, "fields": {"c_status_code": "S2"}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let number: String = app
        .db()
        .await
        .query_one(
            "SELECT c_document_no FROM dms_document WHERE id = $1",
            &[&id],
        )
        .await
        .unwrap()
        .get(0);
    (id, number)
}

#[tokio::test]
async fn a_look_ups_names_and_searches_show_only_records_the_reader_may_read() {
    let app = spawn_seeded_app().await;
    let viaduct = package(&app, "C1-V01").await;
    // The tunnel contractor linked to the viaduct package: the package scope alone lets them read its shared
    // documents and file transmittals there.
    app.execute(&format!(
        "INSERT INTO package_user (n_package, n_user, c_role)
         SELECT {viaduct}, id, 'Contractor representative' FROM users WHERE c_username = 'contractor2'"
    ))
    .await;
    let lnt = sign_in(&app, "contractor", "Contractor@123").await;
    let tbc = sign_in(&app, "contractor2", "Contractor2@123").await;
    let (document, number) =
        shared_document(&app, &lnt, viaduct, "Pot bearing replacement at P212").await;
    // Shared, it goes on TBC's transmittal.
    let share = draft_share(&tbc, viaduct).await;
    let (status, line) = tbc
        .post_json(
            "/api/data/dms_share_document",
            &json!({"n_share": share, "n_document": document, "c_note": "for coordination"}),
        )
        .await;
    assert_eq!(status, 201, "{line}");
    let line = line["id"].as_i64().unwrap();
    let lines = |search: &str| {
        json!({"t": "dms_share_document", "draw": 1, "start": 0, "length": 50, "names": true,
               "whrc": format!("n_share = {share}"), "search": {"value": search},
               "columns": [{"data": "id"}, {"data": "n_document"}, {"data": "c_note"}]})
    };
    let export = format!(
        "/api/export?t=dms_share_document&cols=id,n_document,c_note&format=csv&whrc={}",
        crate::helpers::encode(&format!("n_share = {share}"))
    );
    // While they may read it, the line names it and a search by its number finds the line.
    let (status, page) = tbc.post_json("/api/custom/datatable", &lines("")).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(
        page["names"]["n_document"][document.to_string()],
        json!(number),
        "{page}"
    );
    let (_, found) = tbc
        .post_json("/api/custom/datatable", &lines(&number))
        .await;
    assert_eq!(found["recordsFiltered"], 1, "{found}");
    let csv = tbc.get(&export).await.text().await.unwrap();
    assert!(csv.contains(&number), "{csv}");

    // LNT withdraws it to work in progress: from now on it is LNT's alone (ISO 19650).
    let version = one_id(
        &app,
        &format!("SELECT n_row_version::int8 FROM dms_document WHERE id = {document}"),
    )
    .await;
    let (status, body) = lnt
        .post_json(
            &format!("/api/data/dms_document/{document}/transition"),
            &json!({"transition": "return_to_wip", "n_row_version": version,
                    "comment": "Bearing schedule to be re-issued"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = tbc
        .get_json(&format!("/api/data/dms_document/{document}"))
        .await;
    assert_eq!(
        status, 404,
        "the document itself is no longer theirs to read"
    );

    // The line stays on their transmittal, but says nothing of the document: no name for its key, as for a key
    // that does not exist …
    let (status, page) = tbc.post_json("/api/custom/datatable", &lines("")).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(ids(&page["data"]), vec![line], "{page}");
    assert_eq!(page["names"]["n_document"], json!({}), "{page}");
    assert!(!page.to_string().contains(&number), "{page}");
    // … a search by its number does not find the line (nor tells that such a document exists) …
    let (status, found) = tbc
        .post_json("/api/custom/datatable", &lines(&number))
        .await;
    assert_eq!(status, 200, "{found}");
    assert_eq!(found["recordsFiltered"], 0, "{found}");
    let (_, found) = tbc.post_json("/api/custom/datatable", &lines("P212")).await;
    assert_eq!(found["recordsFiltered"], 0, "{found}");
    // … the export shows it blank …
    let response = tbc.get(&export).await;
    assert_eq!(response.status().as_u16(), 200);
    let csv = response.text().await.unwrap();
    assert!(!csv.contains(&number), "{csv}");
    assert!(csv.contains("for coordination"), "{csv}");
    // … and the line's history names it by no number either.
    let (status, history) = tbc
        .get_json(&format!("/api/data/dms_share_document/{line}/history"))
        .await;
    assert_eq!(status, 200, "{history}");
    assert!(!history.to_string().contains(&number), "{history}");

    // Its originator's organisation still reads its name, and so does a superadmin (no rule applies to them).
    let admin = sign_in(&app, "admin", "Admin@123").await;
    let (_, page) = admin.post_json("/api/custom/datatable", &lines("")).await;
    assert_eq!(
        page["names"]["n_document"][document.to_string()],
        json!(number),
        "{page}"
    );
    let (_, found) = admin
        .post_json("/api/custom/datatable", &lines(&number))
        .await;
    assert_eq!(found["recordsFiltered"], 1, "{found}");
    let csv = admin.get(&export).await.text().await.unwrap();
    assert!(csv.contains(&number), "{csv}");
}

#[tokio::test]
async fn the_importer_finds_by_name_only_records_its_user_may_read() {
    let app = spawn_seeded_app().await;
    let tbc = sign_in(&app, "contractor2", "Contractor2@123").await;
    let viaduct_contract = one_id(
        &app,
        "SELECT id FROM contract WHERE c_contract_no = 'MRC/C1-V01/2022/01'",
    )
    .await;
    // A letter against the viaduct contract (not theirs), and one against a contract that does not exist.
    let file = "n_package,n_contract,c_direction,d_letter,n_from_org,n_to_org,c_subject,c_category,c_priority,n_confidential\n\
                C1-V01,MRC/C1-V01/2022/01,IN,2026-01-05,TBC,GC,Viaduct bearings,Technical,Normal,0\n\
                C1-V01,MRC/C1-V01/2099/99,IN,2026-01-05,TBC,GC,Viaduct bearings,Technical,Normal,0\n";
    let form = Form::new()
        .text("options", json!({"dry_run": true}).to_string())
        .part(
            "file",
            Part::bytes(file.as_bytes().to_vec()).file_name("letters.csv"),
        );
    let (status, body) = tbc.send_form("/api/import/correspondence", form).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["refused"], 2, "{body}");
    let errors = body["errors"]
        .as_array()
        .unwrap_or_else(|| panic!("errors: {body}"));
    let about_row = |row: i64| -> Vec<String> {
        errors
            .iter()
            .filter(|e| e["row"] == json!(row))
            .map(|e| {
                format!(
                    "{}: {}",
                    e["column"].as_str().unwrap_or_default(),
                    e["message"].as_str().unwrap_or_default()
                )
            })
            .collect()
    };
    let theirs = about_row(2);
    let missing = about_row(3);
    assert!(!theirs.is_empty() && !missing.is_empty(), "{body}");
    assert_eq!(
        theirs
            .iter()
            .map(|m| m.replace("MRC/C1-V01/2022/01", "#"))
            .collect::<Vec<_>>(),
        missing
            .iter()
            .map(|m| m.replace("MRC/C1-V01/2099/99", "#"))
            .collect::<Vec<_>>(),
        "a contract they may not read is not found, in the words of one that does not exist: {body}"
    );
    assert!(
        theirs[0].starts_with("n_contract: ") && theirs[0].contains("no Contract"),
        "{theirs:?}"
    );
    assert!(
        !body.to_string().contains(&format!("ID {viaduct_contract}")),
        "no raw key of a record they may not read: {body}"
    );
}

#[tokio::test]
async fn every_register_names_searches_and_exports_its_look_ups_under_their_rules() {
    let app = spawn_seeded_app().await;
    let registry =
        schema_registry::Registry::load_dir(&crate::helpers::registry_dir()).expect("registry");
    // Scoped callers of two organisations: every look-up's rule is compiled into their reads (a rule's columns
    // must be the looked-up table's, also when it looks up its own register).
    let readers = [
        sign_in(&app, "contractor2", "Contractor2@123").await,
        sign_in(&app, "contractor", "Contractor@123").await,
    ];
    let mut answered = 0;
    for entry in registry.entries() {
        for reader in &readers {
            let (status, page) = reader
                .post_json(
                    "/api/custom/datatable",
                    &json!({"t": entry.name, "draw": 1, "start": 0, "length": 20, "names": true,
                            "search": {"value": "a"}}),
                )
                .await;
            assert!(
                status == 200 || status == 403,
                "{}: {status} {page}",
                entry.name
            );
            if status == 200 {
                answered += 1;
                assert!(page.get("error").is_none(), "{}: {page}", entry.name);
            }
            let response = reader
                .get(&format!(
                    "/api/export?t={}&format=csv&search%5Bvalue%5D=a",
                    entry.name
                ))
                .await;
            let status = response.status().as_u16();
            let text = response.text().await.unwrap_or_default();
            assert!(
                status == 200 || status == 403,
                "{}: {status} {text}",
                entry.name
            );
        }
    }
    assert!(answered > 40, "only {answered} reads answered");
    // A register looking itself up: the WBS's parent nodes are named in the viaduct contractor's export.
    let lnt = &readers[1];
    let response = lnt
        .get("/api/export?t=wbs_node&cols=c_code,n_parent&format=csv")
        .await;
    assert_eq!(response.status().as_u16(), 200);
    let csv = response.text().await.unwrap();
    let parent: String = app
        .db()
        .await
        .query_one(
            "SELECT p.c_code FROM wbs_node w JOIN wbs_node p ON p.id = w.n_parent
             JOIN package k ON k.id = w.n_package WHERE k.c_code = 'C1-V01' ORDER BY w.id LIMIT 1",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(
        csv.lines()
            .skip(1)
            .any(|line| line.ends_with(&format!(",{parent}"))
                || line.ends_with(&format!(",\"{parent}\""))),
        "{parent} in {csv}"
    );
}

#[tokio::test]
async fn an_ipa_line_takes_only_a_boq_item_of_its_ipas_contract() {
    let app = spawn_seeded_app().await;
    let tbc = sign_in(&app, "contractor2", "Contractor2@123").await;
    let tunnel = package(&app, "C1-UG01").await;
    let ipa = draft_ipa(&app, &tbc, tunnel, "Running account bill, contract probe").await;
    // What the line's form reads to narrow its BOQ items: the IPA's contract …
    let (status, rows) = tbc
        .get_json(&format!(
            "/api/custom/selectall?t=ipa&cols=id,n_contract&whrc=id = {ipa}"
        ))
        .await;
    assert_eq!(status, 200, "{rows}");
    let contract = rows[0]["n_contract"].as_i64().expect("the IPA's contract");
    // … and the items of that contract only.
    let (status, items) = tbc
        .post_json(
            "/api/custom/datatable",
            &json!({"t": "boq_item", "draw": 1, "start": 0, "length": 500,
                    "whrc": format!("n_contract = {contract}"),
                    "columns": [{"data": "id"}, {"data": "c_label"}, {"data": "n_contract"}]}),
        )
        .await;
    assert_eq!(status, 200, "{items}");
    let offered = ids(&items["data"]);
    assert!(!offered.is_empty(), "{items}");
    // An item of another of their own contracts (one they may read): refused under the field, by the engine even
    // without the database's own CHECK.
    let other = one_id(
        &app,
        &format!(
            "SELECT min(b.id) FROM boq_item b JOIN package p ON p.id = b.n_package
             WHERE p.c_code IN ('C1-DP01', 'C1-SYS1') AND b.n_contract <> {contract}"
        ),
    )
    .await;
    let line = |item: i64| json!({"n_ipa": ipa, "n_boq_item": item, "n_qty_this_period": 1});
    let (status, body) = tbc.post_json("/api/data/ipa_item", &line(other)).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(fields(&body)[0].0, "n_boq_item", "{body}");
    app.execute("ALTER TABLE ipa_item DROP CONSTRAINT ipa_item_contract_check")
        .await;
    let (status, body) = tbc.post_json("/api/data/ipa_item", &line(other)).await;
    assert_eq!(status, 422, "{body}");
    assert!(
        fields(&body)
            .iter()
            .any(|(field, message)| field == "n_boq_item"
                && message == "BOQ item: choose a BOQ item of this record's IPA's Contract"),
        "{body}"
    );
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM ipa_item WHERE n_ipa = {ipa}"
        ))
        .await,
        0
    );
    // An item of the IPA's contract (with quantity left to claim) is taken.
    let free = one_id(
        &app,
        &format!(
            "SELECT min(b.id) FROM boq_item b WHERE b.n_contract = {contract}
             AND b.n_quantity - coalesce((SELECT sum(i.n_qty_this_period) FROM ipa_item i
                                          WHERE i.n_boq_item = b.id), 0) >= 1"
        ),
    )
    .await;
    assert!(offered.contains(&free), "{items}");
    let (status, body) = tbc.post_json("/api/data/ipa_item", &line(free)).await;
    assert_eq!(status, 201, "{body}");
}
