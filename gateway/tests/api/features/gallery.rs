//! The gallery (`GET /api/gallery`, `/dashboard/gallery`): the images attached to the records of the registers the
//! reader reads, newest first, narrowed by package, station and day; each register's read rules applied; its
//! refusals.

use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::features::dashboard::as_user;
use crate::helpers::{spawn_seeded_app, TestApp};

const PDF: &[u8] =
    b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00";

async fn upload(app: &TestApp, entry: &str, id: i64, files: &[(&str, &[u8])]) -> Vec<Value> {
    let mut form = Form::new();
    for (name, bytes) in files {
        form = form.part(
            "file",
            Part::bytes(bytes.to_vec()).file_name(name.to_string()),
        );
    }
    let response = app
        .post(&format!("/api/data/{entry}/{id}/files"))
        .multipart(form)
        .send()
        .await
        .expect("upload");
    assert_eq!(response.status().as_u16(), 201);
    let body: Value = response.json().await.expect("json");
    body["data"].as_array().expect("files").clone()
}

async fn gallery(app: &TestApp, query: &str) -> Vec<Value> {
    let (status, page) = app.get_json(&format!("/api/gallery?{query}")).await;
    assert_eq!(status, 200, "{query}: {page}");
    page["photos"].as_array().expect("photos").clone()
}

fn names(photos: &[Value]) -> Vec<&str> {
    photos.iter().filter_map(|p| p["name"].as_str()).collect()
}

#[tokio::test]
async fn the_gallery_shows_the_photos_of_the_records_one_reads() {
    let app = spawn_seeded_app().await;
    let db = app.db().await;
    // An RFI of the viaduct contractor's packages (with a station), and one of the tunnel contractor's.
    let of = |who: &'static str| {
        format!(
            "SELECT r.id, r.n_package, r.n_station FROM rfi r JOIN package_user pu ON pu.n_package = r.n_package \
             JOIN users u ON u.id = pu.n_user WHERE u.c_username = '{who}' AND r.n_station IS NOT NULL \
             ORDER BY r.id LIMIT 1"
        )
    };
    let viaduct = db.query_one(&of("contractor"), &[]).await.expect("an RFI");
    let tunnel = db.query_one(&of("contractor2"), &[]).await.expect("an RFI");
    let (viaduct_id, viaduct_package, viaduct_station): (i64, i64, i64) =
        (viaduct.get(0), viaduct.get(1), viaduct.get(2));
    let tunnel_id: i64 = tunnel.get(0);
    assert_ne!(viaduct_package, tunnel.get::<_, i64>(1));

    assert_eq!(
        gallery(&app, "").await,
        Vec::<Value>::new(),
        "the demo has no photos"
    );
    upload(
        &app,
        "rfi",
        viaduct_id,
        &[("pier P12.png", PNG), ("method.pdf", PDF)],
    )
    .await;
    upload(&app, "rfi", tunnel_id, &[("TBM launch shaft.png", PNG)]).await;

    // Images only, newest first, each with its record and a link to its bytes.
    let all = gallery(&app, "").await;
    assert_eq!(names(&all), ["TBM launch shaft.png", "pier P12.png"]);
    let pier = &all[1];
    assert_eq!(pier["register"], "RFI");
    assert_eq!(pier["content_type"], "image/png");
    assert_eq!(pier["package"], viaduct_package);
    assert_eq!(pier["station"], viaduct_station);
    assert!(
        pier["number"].as_str().is_some_and(|n| n.contains("-RFI-")),
        "{pier}"
    );
    let file_url = pier["file_url"].as_str().expect("file url");
    let bytes = app
        .get(&format!("{file_url}?inline=1"))
        .await
        .bytes()
        .await
        .expect("the image");
    assert_eq!(&bytes[..], PNG);

    // Narrowed by package, station and the day filed (today, in India, is when they were filed).
    let today: String = db
        .query_one(
            "SELECT (now() AT TIME ZONE 'Asia/Kolkata')::date::text",
            &[],
        )
        .await
        .expect("today")
        .get(0);
    assert_eq!(
        names(&gallery(&app, &format!("package={viaduct_package}")).await),
        ["pier P12.png"]
    );
    assert_eq!(
        names(&gallery(&app, &format!("station={viaduct_station}")).await),
        ["pier P12.png"]
    );
    assert_eq!(
        gallery(&app, &format!("from={today}&to={today}"))
            .await
            .len(),
        2
    );
    assert!(gallery(&app, "to=2001-01-01").await.is_empty());
    assert!(gallery(&app, "from=2999-01-01").await.is_empty());

    // The contractor (demo-reports grants the gallery) sees the photos of their packages' records only.
    let contractor = as_user(&app, "contractor", "Contractor@123").await;
    assert_eq!(names(&gallery(&contractor, "").await), ["pier P12.png"]);
    let contractor2 = as_user(&app, "contractor2", "Contractor2@123").await;
    assert_eq!(
        names(&gallery(&contractor2, "").await),
        ["TBM launch shaft.png"]
    );

    // A deleted photo leaves the gallery.
    let status = app
        .request(
            reqwest::Method::DELETE,
            &format!("/api/data/rfi/{tunnel_id}/files/{}", all[0]["id"]),
        )
        .send()
        .await
        .expect("delete")
        .status();
    assert_eq!(status, 200);
    assert_eq!(names(&gallery(&app, "").await), ["pier P12.png"]);
}

#[tokio::test]
async fn the_gallery_refuses_what_it_cannot_read() {
    let app = spawn_seeded_app().await;
    for (query, named) in [
        ("package=abc", "package"),
        ("station=-2", "station"),
        ("from=2026-02-30", "from"),
        ("to=yesterday", "to"),
        ("from=2026-03-02&to=2026-03-01", "from"),
        ("before=12-x", "before"),
    ] {
        let (status, body) = app.get_json(&format!("/api/gallery?{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
        assert!(
            body["message"]
                .as_str()
                .is_some_and(|m| m.starts_with(named)),
            "{query}: {body}"
        );
    }
    let viewer = as_user(&app, "viewer", "Viewer@123").await;
    let (status, body) = viewer.get_json("/api/gallery").await;
    assert_eq!(status, 403, "{body}");
    let (status, _) = app.anonymous().get_json("/api/gallery").await;
    assert_eq!(status, 401);
}
