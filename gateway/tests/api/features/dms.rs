//! Document management API (issue 31), against the real PostgreSQL with the demo data: a document uploaded with
//! its metadata (number generated, first revision P01.01, file on it, its text extracted) and found by a word
//! only its PDF holds; DOCX and XLSX text found; refusals that change nothing (415 type, 422 a number part, 403);
//! a new revision in WIP supersedes the previous one's text, refused once published (409); who finds what (WIP
//! only for the originator's organisation, package scope); facet counts (every filter but the facet's own).

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

use crate::helpers::{encode, field_messages, spawn_seeded_app, TestApp};

const PDF: &[u8] = include_bytes!("../../fixtures/dms/bearing-zyphorite.pdf");
const DOCX: &[u8] = include_bytes!("../../fixtures/dms/launching-quillvane.docx");
const XLSX: &[u8] = include_bytes!("../../fixtures/dms/itp-marrowstone.xlsx");
/// A PDF without any text layer (as a scan would be).
const NO_TEXT_PDF: &[u8] =
    b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

async fn post_form(
    app: &TestApp,
    path: &str,
    files: &[(&str, &[u8])],
    fields: &[(&str, String)],
) -> (u16, Value) {
    let mut form = Form::new();
    for (name, value) in fields {
        form = form.text(name.to_string(), value.clone());
    }
    for (name, bytes) in files {
        form = form.part(
            "file",
            Part::bytes(bytes.to_vec()).file_name(name.to_string()),
        );
    }
    app.send_form(path, form).await
}

async fn id_of(app: &TestApp, sql: &str) -> i64 {
    app.db().await.query_one(sql, &[]).await.expect(sql).get(0)
}

/// The metadata of a structural drawing of the viaduct package C1-V01 by the viaduct contractor (LNT).
async fn metadata(app: &TestApp, title: &str) -> Vec<(&'static str, String)> {
    let package = id_of(app, "SELECT id FROM package WHERE c_code = 'C1-V01'").await;
    let discipline = id_of(app, "SELECT min(id) FROM discipline").await;
    let doc_type = id_of(app, "SELECT min(id) FROM doc_type").await;
    vec![
        ("c_originator", "LNT".into()),
        ("c_volume", "C1V01".into()),
        ("c_level", "P112".into()),
        ("c_type", "DR".into()),
        ("c_role", "S".into()),
        ("c_number", String::new()),
        ("c_title", title.into()),
        ("c_description", "Bearing replacement at pier P112".into()),
        ("n_package", package.to_string()),
        ("n_discipline", discipline.to_string()),
        ("n_doc_type", doc_type.to_string()),
    ]
}

async fn search(app: &TestApp, query: &str) -> Value {
    let (status, body) = app
        .get_json(&format!("/api/data/dms_document/search?{query}"))
        .await;
    assert_eq!(status, 200, "{query}: {body}");
    body
}

fn numbers(body: &Value) -> Vec<String> {
    body["hits"]
        .as_array()
        .expect("hits")
        .iter()
        .map(|h| h["document_no"].as_str().expect("number").to_owned())
        .collect()
}

#[tokio::test]
async fn upload_extract_search_and_revise() {
    let admin = spawn_seeded_app().await;
    let contractor = admin.with_token(&admin.sign_in("contractor", "Contractor@123").await);
    let contractor2 = admin.with_token(&admin.sign_in("contractor2", "Contractor2@123").await);
    let engineer = admin.with_token(&admin.sign_in("engineer", "Engineer@123").await);
    let viewer = admin.with_token(&admin.sign_in("viewer", "Viewer@123").await);
    let documents = "SELECT count(*) FROM dms_document";
    let before = admin.count(documents).await;

    // A PDF with its metadata: numbered by the server, WIP P01.01, the file on the first revision, text read.
    let fields = metadata(&admin, "Pier P112 bearing replacement drawing").await;
    let (status, created) = post_form(
        &contractor,
        "/api/data/dms_document/upload",
        &[("P112 bearing.pdf", PDF)],
        &fields,
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let document = &created["record"];
    let id = document["id"].as_i64().expect("id");
    assert_eq!(document["c_document_no"], "MML3-LNT-C1V01-P112-DR-S-0001");
    assert_eq!(document["c_state"], "WIP");
    assert_eq!(document["c_revision"], "P01.01");
    let revision = document["n_current_revision"].as_i64().expect("revision");
    // The files are on the line the database made with the document: its first revision.
    assert_eq!(created["line"]["id"], revision, "{created}");
    assert_eq!(created["line"]["c_revision"], "P01.01");
    assert_eq!(created["line"]["n_document"], id);
    assert_eq!(created["files"][0]["name"], "P112 bearing.pdf");
    assert_eq!(created["text"][0]["extracted"], true, "{created}");
    assert!(created["text"][0]["chars"].as_i64().unwrap() > 50);
    assert_eq!(
        admin
            .count(&format!(
                "SELECT count(*) FROM record_file WHERE c_entry = 'dms_revision' AND c_key = '{revision}'"
            ))
            .await,
        1
    );
    assert!(admin
        .audit_actions("dms_document", &id.to_string())
        .await
        .contains(&"create".to_owned()));

    // The next one of the same prefix takes the next number.
    let (status, second) = post_form(
        &contractor,
        "/api/data/dms_document/upload",
        &[("scan.pdf", NO_TEXT_PDF)],
        &metadata(&admin, "Pier P112 bearing survey scan").await,
    )
    .await;
    assert_eq!(status, 201, "{second}");
    assert_eq!(
        second["record"]["c_document_no"],
        "MML3-LNT-C1V01-P112-DR-S-0002"
    );
    // A file without text is accepted, with a note.
    assert_eq!(second["text"][0]["extracted"], false);
    assert!(second["text"][0]["note"].as_str().is_some(), "{second}");

    // A number given by the uploader (a drawing numbered on paper before) is kept; the next drawn number of the
    // prefix passes over it (the register's `[numbering]`: typed, scoped by the six prefix columns).
    let mut given = metadata(&admin, "Pier P112 plinth detail, numbered on paper").await;
    for (name, value) in given.iter_mut() {
        if *name == "c_number" {
            *value = "0003".into();
        }
    }
    let (status, third) = post_form(
        &contractor,
        "/api/data/dms_document/upload",
        &[("detail.pdf", NO_TEXT_PDF)],
        &given,
    )
    .await;
    assert_eq!(status, 201, "{third}");
    assert_eq!(
        third["record"]["c_document_no"],
        "MML3-LNT-C1V01-P112-DR-S-0003"
    );
    let (status, fourth) = post_form(
        &contractor,
        "/api/data/dms_document/upload",
        &[("sections.pdf", NO_TEXT_PDF)],
        &metadata(&admin, "Pier P112 plinth sections").await,
    )
    .await;
    assert_eq!(status, 201, "{fourth}");
    assert_eq!(
        fourth["record"]["c_document_no"],
        "MML3-LNT-C1V01-P112-DR-S-0004"
    );
    // The same number given twice in one prefix is refused by the register's unique number, and nothing is kept.
    let kept = admin.count(documents).await;
    let (status, twice) = post_form(
        &contractor,
        "/api/data/dms_document/upload",
        &[("again.pdf", NO_TEXT_PDF)],
        &given,
    )
    .await;
    assert_eq!(status, 409, "{twice}");
    assert_eq!(admin.count(documents).await, kept);
    // Another prefix counts from 1.
    let mut architect = metadata(&admin, "Pier P112 architectural finish").await;
    for (name, value) in architect.iter_mut() {
        if *name == "c_role" {
            *value = "A".into();
        }
    }
    let (status, other) = post_form(
        &contractor,
        "/api/data/dms_document/upload",
        &[("finish.pdf", NO_TEXT_PDF)],
        &architect,
    )
    .await;
    assert_eq!(status, 201, "{other}");
    assert_eq!(
        other["record"]["c_document_no"],
        "MML3-LNT-C1V01-P112-DR-A-0001"
    );

    // Found by a word only the PDF's text holds, with the match marked and where it matched.
    let found = search(&contractor, "q=zyphorite").await;
    assert_eq!(
        numbers(&found),
        vec!["MML3-LNT-C1V01-P112-DR-S-0001"],
        "{found}"
    );
    let hit = &found["hits"][0];
    assert!(
        hit["matched_in"]
            .as_array()
            .unwrap()
            .contains(&Value::from("file")),
        "{hit}"
    );
    assert!(
        hit["snippet"]
            .as_str()
            .unwrap()
            .contains("<mark>zyphorite</mark>"),
        "{hit}"
    );
    assert_eq!(hit["file"]["name"], "P112 bearing.pdf");
    assert_eq!(hit["package"]["label"], "C1-V01");
    // Plurals stem: "bearing" finds the title's and the text's "bearings"; a number part is a word.
    let found = search(&contractor, "q=bearings%20P112").await;
    assert!(
        numbers(&found).contains(&"MML3-LNT-C1V01-P112-DR-S-0001".to_owned()),
        "{found}"
    );

    // WIP: the originator's organisation only (the superadmin too); the engineer holds the register but not LNT.
    assert_eq!(search(&engineer, "q=zyphorite").await["total"], 0);
    assert_eq!(search(&admin, "q=zyphorite").await["total"], 1);
    // Without the register: 403. A bad parameter: 400 naming it.
    let (status, _) = viewer
        .get_json("/api/data/dms_document/search?q=zyphorite")
        .await;
    assert_eq!(status, 403);
    let (status, body) = contractor
        .get_json("/api/data/dms_document/search?state=Draft")
        .await;
    assert_eq!(status, 400);
    assert!(
        body["message"].as_str().unwrap().starts_with("state"),
        "{body}"
    );

    // DOCX and XLSX text.
    for (name, bytes, word) in [
        ("launching.docx", DOCX, "quillvane"),
        ("itp.xlsx", XLSX, "marrowstone"),
    ] {
        let (status, body) = post_form(
            &contractor,
            "/api/data/dms_document/upload",
            &[(name, bytes)],
            &metadata(&admin, &format!("Document {name}")).await,
        )
        .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["text"][0]["extracted"], true, "{body}");
        let found = search(&contractor, &format!("q={word}")).await;
        assert_eq!(found["total"], 1, "{word}: {found}");
        assert_eq!(found["hits"][0]["id"], body["record"]["id"]);
    }
    let after_good = admin.count(documents).await;
    assert_eq!(after_good, before + 7);

    // Refusals change nothing: a program (415, naming the file), a number part breaking the convention (422,
    // naming the part), no file (422), a caller without Create (403).
    let (status, body) = post_form(
        &contractor,
        "/api/data/dms_document/upload",
        &[("setup.exe", b"MZ\x90\x00rest")],
        &fields,
    )
    .await;
    assert_eq!(status, 415, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("setup.exe"),
        "{body}"
    );
    let mut wrong = fields.clone();
    wrong[0].1 = "L1".into();
    let (status, body) = post_form(
        &contractor,
        "/api/data/dms_document/upload",
        &[("a.pdf", PDF)],
        &wrong,
    )
    .await;
    assert_eq!(status, 422, "{body}");
    let messages = field_messages(&body);
    assert!(messages["c_originator"].contains("Originator"), "{body}");
    assert!(
        messages["c_originator"].contains("3–6 capital letters"),
        "{body}"
    );
    let (status, body) =
        post_form(&contractor, "/api/data/dms_document/upload", &[], &fields).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(field_messages(&body)["file"], "Choose the document's file");
    let (status, _) = post_form(
        &engineer,
        "/api/data/dms_document/upload",
        &[("a.pdf", PDF)],
        &fields,
    )
    .await;
    assert_eq!(status, 403);
    // The upload's fields are the register's writable columns: another part is 400, naming it; a column the
    // system sets (the revision) is refused as the record form refuses it.
    let mut extra = fields.clone();
    extra.push(("c_colour", "red".into()));
    let (status, body) = post_form(
        &contractor,
        "/api/data/dms_document/upload",
        &[("a.pdf", PDF)],
        &extra,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body.to_string()
            .contains("c_colour is not a field of this upload"),
        "{body}"
    );
    let mut revision = fields.clone();
    revision.push(("c_revision", "C01".into()));
    let (status, body) = post_form(
        &contractor,
        "/api/data/dms_document/upload",
        &[("a.pdf", PDF)],
        &revision,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(admin.count(documents).await, after_good);

    // A new revision in WIP supersedes the previous one: the search follows the current revision's text.
    let (status, added) = post_form(
        &contractor,
        &format!("/api/data/dms_document/{id}/upload"),
        &[("launching v2.docx", DOCX)],
        &[(
            "c_description",
            "Second issue with the launching notes".into(),
        )],
    )
    .await;
    assert_eq!(status, 201, "{added}");
    assert_eq!(added["line"]["c_revision"], "P01.02");
    assert_eq!(added["record"]["c_revision"], "P01.02");
    assert_eq!(added["record"]["n_current_revision"], added["line"]["id"]);
    assert_eq!(search(&contractor, "q=zyphorite").await["total"], 0);
    let found = search(&contractor, "q=quillvane").await;
    assert_eq!(found["total"], 2, "{found}");
    // Another organisation's WIP document is not there for them (404); a published one takes no revision (409).
    let (status, _) = post_form(
        &contractor2,
        &format!("/api/data/dms_document/{id}/upload"),
        &[("x.pdf", PDF)],
        &[],
    )
    .await;
    assert_eq!(status, 404);
    let published = id_of(
        &admin,
        "SELECT min(d.id) FROM dms_document d JOIN users u ON u.id = d.n_raised_by
         WHERE u.c_username = 'contractor' AND d.c_state = 'Published'",
    )
    .await;
    let (status, body) = post_form(
        &contractor,
        &format!("/api/data/dms_document/{published}/upload"),
        &[("x.pdf", PDF)],
        &[],
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("start the next revision first"),
        "{body}"
    );
    // The upload is a register option (`[upload]`): a register without it takes files on a record only.
    let (status, body) =
        post_form(&contractor, "/api/data/rfi/upload", &[("x.pdf", PDF)], &[]).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("declares no [upload]"),
        "{body}"
    );
    // A read-only entry (a view) takes no write at all: 405, as its other writes.
    let (status, body) = post_form(
        &contractor,
        "/api/data/v_dms_timeline/upload",
        &[("x.pdf", PDF)],
        &[],
    )
    .await;
    assert_eq!(status, 405, "{body}");

    // Package scope: contractor2 (tunnel packages) finds nothing of C1-V01; the contractor does.
    let c1v01 = id_of(&admin, "SELECT id FROM package WHERE c_code = 'C1-V01'").await;
    assert_eq!(
        search(&contractor2, &format!("package={c1v01}")).await["total"],
        0
    );
    assert!(
        search(&contractor, &format!("package={c1v01}")).await["total"]
            .as_i64()
            .unwrap()
            > 0
    );

    // Facets: counts over every filter but the facet's own.
    let all = search(&admin, "size=5").await;
    let total = all["total"].as_i64().unwrap();
    assert_eq!(total, admin.count(documents).await);
    let sum = |facet: &Value| -> i64 {
        facet
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["count"].as_i64().unwrap())
            .sum()
    };
    assert_eq!(sum(&all["facets"]["state"]), total);
    assert_eq!(sum(&all["facets"]["package"]), total);
    let wip = search(&admin, "state=WIP").await;
    let wip_count = all["facets"]["state"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["value"] == "WIP")
        .unwrap()["count"]
        .clone();
    assert_eq!(wip["total"], wip_count);
    // The state facet still offers every state (its own filter left out); the others count WIP only.
    assert_eq!(sum(&wip["facets"]["state"]), total);
    assert_eq!(Value::from(sum(&wip["facets"]["package"])), wip_count);
    assert_eq!(all["facets"]["updated"][3]["value"], "older");
    // Sorted by number; a phrase.
    let sorted = search(
        &admin,
        &format!("sort=number&size=100&q={}", encode("\"launching girder\"")),
    )
    .await;
    let list = numbers(&sorted);
    let mut expected = list.clone();
    expected.sort();
    assert_eq!(list, expected);
    assert!(sorted["total"].as_i64().unwrap() >= 2, "{sorted}");
}

/// Two-word phrases are answered by the index's pair lexemes (V38), other phrases by their words and a check of
/// the positions; either way a search finds exactly the documents PostgreSQL's phrase match over the positions
/// finds, in titles, descriptions and file text alike, and not words that are merely near or reversed.
#[tokio::test]
async fn phrases_find_what_the_positions_say() {
    let app = spawn_seeded_app().await;
    let admin = app.with_token(&app.sign_in("admin", "Admin@123").await);
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let texts = [
        (
            "Girder launching scheme",
            "Launching the girder over pier P3.",
            "The quillbeam girder is launched at night.",
        ),
        (
            "Quillbeam launching girder erection",
            "Segments are stressed first.",
            "No words of note.",
        ),
        (
            "Segment stressing record",
            "The quillbeam stays on the casting bed.",
            "Launching girder quillbeam advance after stressing.",
        ),
        (
            "Bearing record",
            "Girder quillbeam launching.",
            "The girder launching sequence of the quillbeam.",
        ),
    ];
    for (title, description, file_text) in texts {
        let mut fields = metadata(&contractor, title).await;
        for field in &mut fields {
            if field.0 == "c_description" {
                field.1 = description.to_owned();
            }
        }
        let (status, body) = post_form(
            &contractor,
            "/api/data/dms_document/upload",
            &[("notes.txt", file_text.as_bytes())],
            &fields,
        )
        .await;
        assert_eq!(status, 201, "{body}");
    }
    let db = app.db().await;
    for q in [
        "\"launching girder\"",
        "\"girder launching\"",
        "\"launching girder\" quillbeam",
        "\"launching girder\" \"quillbeam advance\"",
        "\"quillbeam launching girder\"",
        "\"launching the girder\"",
        "\"launching girder\" or stressing",
        "\"launching girder\" -night",
        "quillbeam -\"girder launching\"",
        "\"girder quillbeam\"",
    ] {
        let found = search(&admin, &format!("size=100&q={}", encode(q))).await;
        let mut ids: Vec<i64> = found["hits"]
            .as_array()
            .expect("hits")
            .iter()
            .map(|hit| hit["id"].as_i64().expect("id"))
            .collect();
        ids.sort();
        let expected: Vec<i64> = db
            .query(
                "SELECT d.id FROM dms_document d
                 WHERE dms_document_meta_vector(d.id)
                       || setweight(to_tsvector('english', coalesce(dms_document_file_text(d.id), '')), 'C')
                       @@ websearch_to_tsquery('english', $1)
                 ORDER BY d.id",
                &[&q],
            )
            .await
            .expect("the positions' answer")
            .iter()
            .map(|row| row.get(0))
            .collect();
        assert_eq!(ids, expected, "{q}");
        assert_eq!(found["total"], Value::from(expected.len()), "{q}");
    }
    // Reversed and separated words are not the phrase; the pair found where it stands (title, file).
    let reversed = search(
        &admin,
        &format!("q={}", encode("\"girder launching\" quillbeam")),
    )
    .await;
    assert_eq!(reversed["total"], 2, "{reversed}");
    let pair = search(
        &admin,
        &format!("q={}", encode("\"launching girder\" quillbeam")),
    )
    .await;
    assert_eq!(pair["total"], 2, "{pair}");
}

/// Explorer folders follow package scope (`scope = "package"`, `package_optional`): a folder of a package is seen
/// by that package's people (and everyone linked to none), a folder without a package by everyone who reads the
/// explorer; another package's folder answers 404 as another package's row does.
#[tokio::test]
async fn explorer_folders_are_seen_by_their_packages_people() {
    let app = spawn_seeded_app().await;
    let admin = app.with_token(&app.sign_in("admin", "Admin@123").await);
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let contractor2 = app.with_token(&app.sign_in("contractor2", "Contractor2@123").await);
    admin
        .execute(
            "INSERT INTO dms_folder (c_name, c_description) VALUES ('Programme-wide standards', 'Every package')",
        )
        .await;
    let names = |app: TestApp| async move {
        let (status, body) = app
            .get_json("/api/custom/selectall?t=dms_folder&cols=c_name&whrc=id%20%3E%200%20ORDER%20BY%20n_sort,%20c_name")
            .await;
        assert_eq!(status, 200, "{body}");
        body.as_array()
            .expect("rows")
            .iter()
            .map(|row| row["c_name"].as_str().expect("name").to_owned())
            .collect::<Vec<_>>()
    };
    let everyone = names(admin.clone()).await;
    assert_eq!(everyone.len(), 9, "{everyone:?}");
    let theirs = names(contractor.clone()).await;
    assert_eq!(
        theirs,
        [
            "Programme-wide standards",
            "Viaduct structural drawings",
            "Pier bearings",
            "Launching method statements",
            "C2 inspection and test plans"
        ]
    );
    let tunnel = names(contractor2.clone()).await;
    assert!(
        tunnel.contains(&"Programme-wide standards".to_owned()),
        "{tunnel:?}"
    );
    assert!(!tunnel.contains(&"Pier bearings".to_owned()), "{tunnel:?}");
    // Another package's folder by its id: 404.
    let bearings = id_of(
        &admin,
        "SELECT id FROM dms_folder WHERE c_name = 'Pier bearings'",
    )
    .await;
    let (status, _) = contractor2
        .get_json(&format!("/api/data/dms_folder/{bearings}"))
        .await;
    assert_eq!(status, 404);
}

/// The document explorer shows the folders to read only (`read_only` of the folder register's `[[screen.routes]]`):
/// a grant of `/dms/explorer` with every action (its Create is for uploading documents) creates, renames and deletes
/// no folder, and its screen offers none of those; the administrators' route, granted, does.
#[tokio::test]
async fn the_document_explorer_shows_the_folders_to_read_only() {
    let app = spawn_seeded_app().await;
    let grant = |route: &'static str| {
        let app = &app;
        async move {
            app.execute(&format!(
                "INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_view, n_create, n_update, n_delete, n_export)
                 SELECT u.id, n.id, 1, 1, 1, 1, 1 FROM users u, navigation n
                 WHERE u.c_username = 'engineer' AND n.c_route = '{route}'
                 ON CONFLICT (n_user_id, n_nav_id)
                 DO UPDATE SET n_view = 1, n_create = 1, n_update = 1, n_delete = 1, n_export = 1"
            ))
            .await;
        }
    };
    app.execute(
        "DELETE FROM user_permission_nav WHERE n_user_id = (SELECT id FROM users WHERE c_username = 'engineer')
         AND n_nav_id = (SELECT id FROM navigation WHERE c_route = '/administration/explorer')",
    )
    .await;
    grant("/dms/explorer").await;
    app.execute("INSERT INTO dms_folder (c_name) VALUES ('Programme-wide standards')")
        .await;
    let folder = app
        .db()
        .await
        .query_one(
            "SELECT id, n_row_version FROM dms_folder WHERE c_name = 'Programme-wide standards'",
            &[],
        )
        .await
        .expect("a folder every package sees");
    let (id, version): (i64, i32) = (folder.get(0), folder.get(1));
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);

    let (status, meta) = engineer
        .get_json("/api/screen?route=%2Fdms%2Fexplorer")
        .await;
    assert_eq!(status, 200, "{meta}");
    assert_eq!(
        (
            &meta["actions"]["create"],
            &meta["actions"]["update"],
            &meta["actions"]["delete"]
        ),
        (&json!(false), &json!(false), &json!(false)),
        "{meta}"
    );
    let (status, body) = engineer
        .post_json(
            "/api/data/dms_folder",
            &json!({ "c_name": "Not through the explorer" }),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = engineer
        .send(
            reqwest::Method::PUT,
            &format!("/api/data/dms_folder/{id}"),
            Some(&json!({ "n_row_version": version, "c_name": "Renamed through the explorer" })),
        )
        .await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = engineer
        .send(
            reqwest::Method::DELETE,
            &format!("/api/data/dms_folder/{id}?n_row_version={version}"),
            None,
        )
        .await;
    assert_eq!(status, 403, "{body}");
    // Reading them is what the route is for.
    let (status, body) = engineer
        .get_json(&format!("/api/data/dms_folder/{id}"))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        app.count("SELECT count(*) FROM dms_folder WHERE c_name LIKE '%through the explorer'")
            .await,
        0,
        "nothing was written"
    );

    // The administrators' route keeps them.
    grant("/administration/explorer").await;
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let (_, meta) = engineer
        .get_json("/api/screen?route=%2Fadministration%2Fexplorer")
        .await;
    assert_eq!(meta["actions"]["create"], json!(true), "{meta}");
    let (status, body) = engineer
        .post_json(
            "/api/data/dms_folder",
            &json!({ "c_name": "Kept by its administrator" }),
        )
        .await;
    assert_eq!(status, 201, "{body}");
}

/// The folder register is a `[tree]`: the engine refuses a folder moved into itself or into one of its own folders
/// (under the parent's field; nothing changes), whoever sends it; a move elsewhere is taken. The screen's metadata
/// gives the tree's columns and the catalogue the explorer's levels, so the console names neither.
#[tokio::test]
async fn folders_stay_a_tree_whoever_moves_them() {
    let app = spawn_seeded_app().await;
    let admin = app.with_token(&app.sign_in("admin", "Admin@123").await);
    let create = |name: &'static str, parent: Option<i64>| {
        let admin = admin.clone();
        async move {
            let (status, body) = admin
                .post_json(
                    "/api/data/dms_folder",
                    &json!({ "c_name": name, "n_parent": parent }),
                )
                .await;
            assert_eq!(status, 201, "{body}");
            body["data"]["id"].as_i64().expect("id")
        }
    };
    let top = create("Tree top", None).await;
    let middle = create("Tree middle", Some(top)).await;
    let bottom = create("Tree bottom", Some(middle)).await;
    let move_to = |folder: i64, parent: i64| {
        let admin = admin.clone();
        async move {
            let (_, stored) = admin
                .get_json(&format!("/api/data/dms_folder/{folder}"))
                .await;
            let mut record = stored["data"].clone();
            if record.is_null() {
                record = stored.clone();
            }
            record["n_parent"] = json!(parent);
            admin
                .send(
                    reqwest::Method::PUT,
                    &format!("/api/data/dms_folder/{folder}"),
                    Some(&record),
                )
                .await
        }
    };
    let into_itself = "Inside folder: a folder cannot be inside itself";
    let into_its_own =
        "Inside folder: this Explorer folder cannot be put inside itself or inside one of its own";
    for (folder, parent, refusal) in [
        (top, bottom, into_its_own),
        (top, middle, into_its_own),
        // The register's own rule (and CHECK) says it first.
        (middle, middle, into_itself),
    ] {
        let (status, body) = move_to(folder, parent).await;
        assert_eq!(status, 422, "{folder} into {parent}: {body}");
        assert_eq!(
            field_messages(&body).get("n_parent").map(String::as_str),
            Some(refusal),
            "{body}"
        );
    }
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) FROM dms_folder WHERE id = {top} AND n_parent IS NULL"
        ))
        .await,
        1,
        "the refused move changed nothing"
    );
    // Out of the branch is a move like any other.
    let (status, body) = move_to(bottom, top).await;
    assert_eq!(status, 200, "{body}");

    let (status, meta) = admin.get_json("/api/screen?route=%2Fdms%2Fexplorer").await;
    assert_eq!(status, 200, "{meta}");
    assert_eq!(
        meta["tree"],
        json!({
            "parent": "n_parent",
            "name": "c_name",
            "order": "n_sort",
            "words": "c_words",
            "fills": ["c_project", "n_package", "n_discipline", "n_doc_type", "c_originator", "c_volume",
                      "c_level", "c_type", "c_role"]
        })
    );
    let (_, me) = admin.get_json("/api/auth/me").await;
    let explorer = me["screens"]
        .as_array()
        .expect("screens")
        .iter()
        .find(|screen| screen["route"] == "/dms/explorer")
        .expect("the explorer in the catalogue");
    // A hit's card: the number, then the badges, the title and the details, as the register's `shows` place them.
    let shown: Vec<(String, String)> = explorer["search_hit"]
        .as_array()
        .expect("search_hit")
        .iter()
        .map(|field| {
            (
                field["name"].as_str().expect("name").to_owned(),
                field["shows"].as_str().expect("shows").to_owned(),
            )
        })
        .collect();
    let expected: Vec<(String, String)> = [
        ("document_no", "number"),
        ("title", "title"),
        ("revision", "badge"),
        ("state", "badge"),
        ("status_code", "badge"),
        ("package", "detail"),
        ("discipline", "detail"),
        ("doc_type", "detail"),
        ("originator", "detail"),
    ]
    .iter()
    .map(|(name, shows)| ((*name).to_owned(), (*shows).to_owned()))
    .collect();
    assert_eq!(shown, expected);
    assert_eq!(explorer["search_hit"][2]["label"], "Revision");
    let (_, documents) = admin.get_json("/api/screen?route=%2Fdms%2Fdms").await;
    assert_eq!(
        documents["upload"],
        json!({ "lines": "dms_revision", "next_in": ["WIP"] })
    );
    assert_eq!(
        explorer["browse"],
        json!([
            { "name": "project", "column": "c_project" },
            { "name": "package", "column": "n_package" },
            { "name": "discipline", "column": "n_discipline" },
            { "name": "doc_type", "column": "n_doc_type" }
        ])
    );
}

#[tokio::test]
async fn marks_typed_into_a_file_never_highlight_its_text() {
    // The search highlights a match between two private-use characters; the same characters typed into a file (or a
    // title) are taken out before highlighting, so they cannot mark text of their own.
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let text =
        "Grouting of \u{E000}pier\u{E001} P114 \u{E000} bearings with marrowquill mortar \u{E001}.";
    let (status, created) = post_form(
        &contractor,
        "/api/data/dms_document/upload",
        &[("grouting.txt", text.as_bytes())],
        &metadata(
            &contractor,
            "Bearing grouting \u{E000}method\u{E001} statement",
        )
        .await,
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let found = search(&contractor, "q=marrowquill").await;
    let snippet = found["hits"][0]["snippet"].as_str().expect("a snippet");
    assert!(snippet.contains("<mark>marrowquill</mark>"), "{snippet}");
    assert_eq!(snippet.matches("<mark>").count(), 1, "{snippet}");
    assert!(
        !snippet.contains('\u{E000}') && !snippet.contains('\u{E001}'),
        "{snippet}"
    );
}

/// The document search is the engine's: `[full_text]` of dms/dms_document.toml names its facets, hit fields and
/// screens. The answer lists the facets with their columns' labels, a hit carries the declared fields (a look-up
/// as key and label), the catalogue tells the console which register its search screens search, and a register
/// that declares no search answers 400.
#[tokio::test]
async fn the_document_search_is_the_registers_full_text_option() {
    let admin = spawn_seeded_app().await;
    let engineer = admin.with_token(&admin.sign_in("engineer", "Engineer@123").await);
    let found = search(&engineer, "state=Shared&sort=number&size=3").await;
    let headings: Vec<(&str, &str, Option<&str>)> = found["headings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (
                h["name"].as_str().unwrap(),
                h["title"].as_str().unwrap(),
                h["column"].as_str(),
            )
        })
        .collect();
    // Each with the column it counts, so the console labels the state column's values as the workflow's states.
    assert_eq!(
        headings,
        [
            ("project", "Project", Some("c_project")),
            ("package", "Package", Some("n_package")),
            ("discipline", "Discipline", Some("n_discipline")),
            ("doc_type", "Document type", Some("n_doc_type")),
            ("state", "State", Some("c_state")),
            ("status_code", "Status code", Some("c_status_code")),
            ("updated", "Updated", None),
        ]
    );
    let shared = admin
        .count("SELECT count(*) FROM dms_document WHERE c_state = 'Shared'")
        .await;
    assert_eq!(
        found["total"], shared,
        "the engineer reads every shared document"
    );
    let hit = &found["hits"][0];
    let first: String = admin
        .db()
        .await
        .query_one(
            "SELECT c_document_no FROM dms_document WHERE c_state = 'Shared' ORDER BY c_document_no, id LIMIT 1",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(hit["document_no"], first.as_str(), "sort=number: {found}");
    assert_eq!(hit["state"], "Shared");
    let package: String = admin
        .db()
        .await
        .query_one(
            "SELECT p.c_code FROM dms_document d JOIN package p ON p.id = d.n_package WHERE d.id = $1",
            &[&hit["id"].as_i64().unwrap()],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(hit["package"]["label"], package.as_str(), "{hit}");
    assert!(hit["package"]["id"].is_i64(), "{hit}");
    assert!(
        hit.get("ord").is_none(),
        "the statement's ordinal stays inside: {hit}"
    );
    // The facet's values follow the register: project codes are checked against the column's pattern.
    let (status, body) = engineer
        .get_json("/api/data/dms_document/search?project=mml3")
        .await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("project: mml3"),
        "{body}"
    );
    // The `updated` facet's ranges (the console sends its buckets as from/to): every shared document changed
    // after 2000 and none before.
    let since = search(&engineer, "state=Shared&from=2000-01-01&size=1").await;
    assert_eq!(since["total"], shared, "{since}");
    let before = search(&engineer, "state=Shared&to=2000-01-01&size=1").await;
    assert_eq!(before["total"], 0, "{before}");
    // A facet the register does not declare is named in the 400, which the search screen shows.
    let (status, body) = engineer
        .get_json("/api/data/dms_document/search?colour=red")
        .await;
    assert_eq!(status, 400);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("colour: not a search parameter"),
        "{body}"
    );
    // A register without [full_text].
    let (status, body) = engineer.get_json("/api/data/corridor/search?q=x").await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"].as_str().unwrap().contains("[full_text]"),
        "{body}"
    );
    // An unknown register: 400, as everywhere else in the data API.
    let (status, _) = engineer.get_json("/api/data/no_such_register/search").await;
    assert_eq!(status, 400);
    // The catalogue: the search and explorer screens search the document register.
    let (_, me) = engineer.get_json("/api/auth/me").await;
    for route in ["/dms/search", "/dms/explorer", "/administration/explorer"] {
        let screen = me["screens"]
            .as_array()
            .unwrap()
            .iter()
            .find(|screen| screen["route"] == route)
            .unwrap_or_else(|| panic!("{route} in the catalogue"));
        assert_eq!(screen["searches"], "dms_document", "{screen}");
        // Its files are on the revision lines (`files_in`), keyed to the document by the child's parent key.
        assert_eq!(screen["search_lines"]["entry"], "dms_revision", "{screen}");
        assert_eq!(
            screen["search_lines"]["parent_key"], "n_document",
            "{screen}"
        );
    }
    // Each route of a register names it: the explorer's routes are the folder register's, and the document
    // register's route is where a hit opens.
    let entry_at = |route: &str| {
        me["screens"]
            .as_array()
            .unwrap()
            .iter()
            .find(|screen| screen["route"] == route)
            .and_then(|screen| screen.get("entry"))
            .cloned()
    };
    assert_eq!(entry_at("/dms/explorer"), Some(json!("dms_folder")));
    assert_eq!(
        entry_at("/administration/explorer"),
        Some(json!("dms_folder"))
    );
    assert_eq!(entry_at("/dms/dms"), Some(json!("dms_document")));
    assert_eq!(entry_at("/masters/corridor"), Some(json!("corridor")));
    assert_eq!(
        entry_at("/dms/search"),
        None,
        "a search screen is no register's route"
    );
    let corridor = me["screens"]
        .as_array()
        .unwrap()
        .iter()
        .find(|screen| screen["route"] == "/masters/corridor")
        .unwrap();
    assert!(corridor.get("searches").is_none(), "{corridor}");
    assert!(corridor.get("search_lines").is_none(), "{corridor}");
}

/// A revision the workflow writes carries the file that was reviewed (issue 50, defect 2; V67): shared, P01 has the
/// file of P01.01, over the same content (no bytes copied), so Compare and the search see it; the work in
/// progress it came from keeps its own.
#[tokio::test]
async fn a_shared_revision_carries_the_file_of_the_work_in_progress_it_came_from() {
    let admin = spawn_seeded_app().await;
    let contractor = admin.with_token(&admin.sign_in("contractor", "Contractor@123").await);
    let (status, created) = post_form(
        &contractor,
        "/api/data/dms_document/upload",
        &[("P112 bearing.pdf", PDF)],
        &metadata(&admin, "Pier P112 bearing replacement drawing").await,
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["record"]["id"].as_i64().expect("id");
    let wip = created["record"]["n_current_revision"]
        .as_i64()
        .expect("revision");
    let version = id_of(
        &admin,
        &format!("SELECT n_row_version::int8 FROM dms_document WHERE id = {id}"),
    )
    .await;
    let (status, shared) = contractor
        .post_json(
            &format!("/api/data/dms_document/{id}/transition"),
            &json!({"transition": "share", "n_row_version": version, "fields": {"c_status_code": "S3"}}),
        )
        .await;
    assert_eq!(status, 200, "{shared}");
    let p01 = shared["data"]["n_current_revision"]
        .as_i64()
        .expect("revision");
    assert_ne!(p01, wip);
    let files_of = |revision: i64| {
        format!(
            "SELECT c_name || ' ' || c_sha256 FROM record_file
             WHERE c_entry = 'dms_revision' AND c_key = '{revision}' AND d_deleted_at IS NULL ORDER BY id"
        )
    };
    let db = admin.db().await;
    let names = |rows: Vec<tokio_postgres::Row>| -> Vec<String> {
        rows.iter().map(|row| row.get::<_, String>(0)).collect()
    };
    let shared_files = names(db.query(&files_of(p01), &[]).await.unwrap());
    let wip_files = names(db.query(&files_of(wip), &[]).await.unwrap());
    assert_eq!(shared_files.len(), 1, "{shared_files:?}");
    assert_eq!(shared_files, wip_files);
    assert!(shared_files[0].starts_with("P112 bearing.pdf "));
    // The shared revision's file is readable through the register, as Compare reads it.
    let (status, listed) = contractor
        .get_json(&format!("/api/data/dms_revision/{p01}/files"))
        .await;
    assert_eq!(status, 200, "{listed}");
    assert_eq!(listed["data"][0]["name"], "P112 bearing.pdf", "{listed}");
}
