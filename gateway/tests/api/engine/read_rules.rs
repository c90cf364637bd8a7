//! A register's `readers_see` over HTTP against the real PostgreSQL, on the demo's document registers: a work in
//! progress document is its originator's organisation's own (another contractor holding the DMS route in its
//! package finds it nowhere: list, count, export, record, history, files, revisions, writes answer 404) until it
//! is shared; superadmins see everything; Shared with me shows each holder their own rows. And a child register's
//! line keeps its files only while the parent's state lets its lines change.

use reqwest::multipart::{Form, Part};
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{spawn_seeded_app, TestApp};

async fn one_id(app: &TestApp, sql: &str) -> i64 {
    app.db().await.query_one(sql, &[]).await.unwrap().get(0)
}

async fn upload(app: &TestApp, path: &str) -> (u16, Value) {
    let form = Form::new().part(
        "file",
        Part::bytes(b"%PDF-1.4 read rule probe".to_vec()).file_name("probe.pdf"),
    );
    app.send_form(path, form).await
}

fn ids_of(rows: &Value) -> Vec<i64> {
    rows.as_array()
        .unwrap_or_else(|| panic!("rows: {rows}"))
        .iter()
        .map(|row| row["id"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn work_in_progress_is_the_originators_organisations_own_until_shared() {
    let app = spawn_seeded_app().await;
    let package = one_id(&app, "SELECT id FROM package WHERE c_code = 'C1-V01'").await;
    // The tunnel contractor (TBC) is linked to the viaduct package too, and holds /dms/dms (demo seed).
    app.execute(&format!(
        "INSERT INTO package_user (n_package, n_user, c_role)
         SELECT {package}, id, 'Contractor representative' FROM users WHERE c_username = 'contractor2'"
    ))
    .await;
    let lnt = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let tbc = app.with_token(&app.sign_in("contractor2", "Contractor2@123").await);
    let lnt_org = one_id(
        &app,
        "SELECT n_organization FROM users WHERE c_username = 'contractor'",
    )
    .await;
    let discipline = one_id(&app, "SELECT min(id) FROM discipline").await;
    let doc_type = one_id(&app, "SELECT min(id) FROM doc_type").await;

    let (status, created) = lnt
        .post_json(
            "/api/data/dms_document",
            &json!({"c_originator": "LNT", "c_volume": "C1V01", "c_type": "DR", "c_role": "S",
                    "c_number": "9901", "c_title": "Read rule probe", "n_package": package,
                    "n_discipline": discipline, "n_doc_type": doc_type, "n_from_org": lnt_org}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let revision = created["data"]["n_current_revision"].as_i64().unwrap();
    let number = created["data"]["c_document_no"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, _) = upload(&lnt, &format!("/api/data/dms_revision/{revision}/files")).await;
    assert_eq!(
        status, 201,
        "the originator attaches the WIP revision's file"
    );

    // The tunnel contractor: not in the list, the count, the export, the revisions.
    let (_, rows) = tbc
        .get_json("/api/custom/selectall?t=dms_document&cols=id,c_state,n_from_org")
        .await;
    let seen = ids_of(&rows);
    assert!(!seen.is_empty(), "other documents stay visible");
    assert!(!seen.contains(&id));
    assert!(rows
        .as_array()
        .unwrap()
        .iter()
        .all(|row| row["c_state"] != "WIP" || row["n_from_org"] != json!(lnt_org)));
    let (status, table) = tbc
        .post_json(
            "/api/custom/datatable",
            &json!({"t": "dms_document", "draw": 1, "start": 0, "length": 500}),
        )
        .await;
    assert_eq!(status, 200, "{table}");
    assert_eq!(table["recordsTotal"].as_u64(), Some(seen.len() as u64));
    let export = tbc
        .get("/api/export?t=dms_document&cols=c_document_no&format=csv")
        .await;
    assert_eq!(export.status().as_u16(), 200);
    let csv = export.text().await.unwrap();
    assert!(!csv.contains(&number), "{csv}");
    let (_, revisions) = tbc
        .get_json("/api/custom/selectall?t=dms_revision&cols=id")
        .await;
    assert!(!ids_of(&revisions).contains(&revision));

    // Nor by its key, whatever they try.
    let version = created["data"]["n_row_version"].as_i64().unwrap();
    for (method, path, body) in [
        (Method::GET, format!("/api/data/dms_document/{id}"), None),
        (
            Method::GET,
            format!("/api/data/dms_document/{id}/history"),
            None,
        ),
        (
            Method::GET,
            format!("/api/data/dms_document/{id}/files"),
            None,
        ),
        (
            Method::GET,
            format!("/api/data/dms_revision/{revision}"),
            None,
        ),
        (
            Method::GET,
            format!("/api/data/dms_revision/{revision}/files"),
            None,
        ),
        (
            Method::PUT,
            format!("/api/data/dms_document/{id}"),
            Some(json!({"n_row_version": version, "c_title": "Taken over"})),
        ),
        (
            Method::POST,
            format!("/api/data/dms_document/{id}/transition"),
            Some(json!({"transition": "share", "n_row_version": version,
                        "fields": {"c_status_code": "S1"}})),
        ),
        (
            Method::DELETE,
            format!("/api/data/dms_document/{id}?n_row_version={version}"),
            None,
        ),
    ] {
        let (status, body) = tbc.send(method.clone(), &path, body.as_ref()).await;
        assert_eq!(status, 404, "{method} {path}: {body}");
    }
    let (status, _) = upload(&tbc, &format!("/api/data/dms_revision/{revision}/files")).await;
    assert_eq!(status, 404);

    // The superadmin sees it; so does the originator's colleague.
    let (status, _) = app.get_json(&format!("/api/data/dms_document/{id}")).await;
    assert_eq!(status, 200);
    let (status, record) = lnt.get_json(&format!("/api/data/dms_document/{id}")).await;
    assert_eq!(status, 200, "{record}");

    // Shared: the tunnel contractor reads it, its history and its revision's files.
    let version = record["n_row_version"].as_i64().unwrap();
    let (status, body) = lnt
        .post_json(
            &format!("/api/data/dms_document/{id}/transition"),
            &json!({"transition": "share", "n_row_version": version,
                    "fields": {"c_status_code": "S1"}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    for path in [
        format!("/api/data/dms_document/{id}"),
        format!("/api/data/dms_document/{id}/history"),
        format!("/api/data/dms_revision/{revision}/files"),
    ] {
        let (status, body) = tbc.get_json(&path).await;
        assert_eq!(status, 200, "{path}: {body}");
    }
    let (_, rows) = tbc
        .get_json("/api/custom/selectall?t=dms_document&cols=id")
        .await;
    assert!(ids_of(&rows).contains(&id));
}

#[tokio::test]
async fn shared_with_me_shows_each_holder_their_own_rows() {
    let app = spawn_seeded_app().await;
    for (username, password) in [
        ("engineer", "Engineer@123"),
        ("contractor2", "Contractor2@123"),
        ("manager", "Manager@123"),
    ] {
        let user = app.with_token(&app.sign_in(username, password).await);
        let me = one_id(
            &app,
            &format!("SELECT id FROM users WHERE c_username = '{username}'"),
        )
        .await;
        let (status, rows) = user
            .get_json("/api/custom/selectall?t=v_dms_shared_with_me&cols=id,n_user")
            .await;
        assert_eq!(status, 200, "{username}: {rows}");
        let rows = rows.as_array().unwrap();
        let theirs = app
            .count(&format!(
                "SELECT count(*) FROM v_dms_shared_with_me WHERE n_user = {me}"
            ))
            .await;
        assert_eq!(rows.len() as i64, theirs, "{username}");
        assert!(
            rows.iter().all(|row| row["n_user"] == json!(me)),
            "{username}"
        );
    }
    let (_, all) = app
        .get_json("/api/custom/selectall?t=v_dms_shared_with_me&cols=id")
        .await;
    assert_eq!(
        all.as_array().unwrap().len() as i64,
        app.count("SELECT count(*) FROM v_dms_shared_with_me").await,
        "the superadmin reads every row"
    );
}

#[tokio::test]
async fn a_line_keeps_its_files_only_while_the_parent_lets_its_lines_change() {
    let app = spawn_seeded_app().await;
    // A published document's revision: frozen, even for a superadmin.
    let (document, revision): (i64, i64) = {
        let row = app
            .db()
            .await
            .query_one(
                "SELECT id, n_current_revision FROM dms_document WHERE c_state = 'Published'
                 ORDER BY id LIMIT 1",
                &[],
            )
            .await
            .unwrap();
        (row.get(0), row.get(1))
    };
    let (status, body) = upload(&app, &format!("/api/data/dms_revision/{revision}/files")).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["message"],
        format!(
            "Revision {revision} belongs to Document {document}, which is Published: its files cannot be added or removed"
        )
    );

    // A WIP document's revision takes files; once shared, they can be neither removed nor added to.
    let wip = one_id(
        &app,
        "SELECT d.id FROM dms_document d JOIN users u ON u.id = d.n_raised_by
         WHERE d.c_state = 'WIP' AND u.c_username = 'contractor' ORDER BY d.id LIMIT 1",
    )
    .await;
    let lnt = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let (_, record) = lnt.get_json(&format!("/api/data/dms_document/{wip}")).await;
    let revision = record["n_current_revision"].as_i64().unwrap();
    let (status, added) = upload(&lnt, &format!("/api/data/dms_revision/{revision}/files")).await;
    assert_eq!(status, 201, "{added}");
    let file = added["data"][0]["id"].as_i64().unwrap();
    let (status, body) = lnt
        .post_json(
            &format!("/api/data/dms_document/{wip}/transition"),
            &json!({"transition": "share", "n_row_version": record["n_row_version"],
                    "fields": {"c_status_code": "S3"}}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = lnt
        .send(
            Method::DELETE,
            &format!("/api/data/dms_revision/{revision}/files/{file}"),
            None,
        )
        .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["message"],
        format!(
            "Revision {revision} belongs to Document {wip}, which is Shared: its files cannot be added or removed"
        )
    );
    let (status, _) = upload(&lnt, &format!("/api/data/dms_revision/{revision}/files")).await;
    assert_eq!(status, 409);
    let (status, files) = lnt
        .get_json(&format!("/api/data/dms_revision/{revision}/files"))
        .await;
    assert_eq!(status, 200, "the files stay readable");
    assert_eq!(files["data"].as_array().unwrap().len(), 1);
}
