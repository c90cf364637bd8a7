//! `just backup` and `just restore FILE` round-trip the demo database: every registered table and view (and every
//! other table) has the same row count and checksum afterwards, into an empty database and over a changed one; a
//! file that is not a backup is refused and changes nothing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::json;

use crate::helpers::{
    connect, create_database, fresh_database_name, registry_dir, spawn_seeded_app, workspace_root,
};

/// `just <args>` against `database_url`, backups kept in `dir`; stdout, or the failure's stderr.
fn just(args: &[&str], database_url: &str, dir: &Path) -> Result<String, String> {
    let output = Command::new("just")
        .args(args)
        .current_dir(workspace_root())
        .env("DATABASE_URL", database_url)
        .env("BACKUP_DIR", dir)
        .env("FILES_DIR", store_of(dir))
        .output()
        .unwrap_or_else(|e| panic!("cannot run just ({e}); `just test` installs it"));
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).trim().to_owned())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

/// The files folder the backups of `dir` archive (beside it, not in it).
fn store_of(dir: &Path) -> PathBuf {
    dir.with_extension("store")
}

/// Row count and an order-independent checksum of every registry entry's relation and every public table.
async fn fingerprint(database_url: &str) -> BTreeMap<String, (i64, String)> {
    let client = connect(database_url).await;
    let registry = schema_registry::Registry::load_dir(&registry_dir()).expect("registry");
    let mut relations: Vec<String> = registry
        .entries()
        .map(|entry| entry.table.clone())
        .collect();
    for row in client
        .query(
            "SELECT tablename::text FROM pg_tables WHERE schemaname = 'public'",
            &[],
        )
        .await
        .unwrap()
    {
        relations.push(row.get(0));
    }
    relations.sort();
    relations.dedup();
    let mut prints = BTreeMap::new();
    for relation in relations {
        let sql = format!(
            "SELECT count(*), coalesce(md5(string_agg(r::text, E'\\n' ORDER BY r::text)), '') FROM \"{relation}\" r"
        );
        let row = client
            .query_one(&sql, &[])
            .await
            .unwrap_or_else(|e| panic!("{relation}: {e}"));
        prints.insert(relation, (row.get(0), row.get(1)));
    }
    prints
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pmis-backups-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_and_restore_round_trip_every_registered_table() {
    let app = spawn_seeded_app().await;
    // Beyond the demo rows: a record through the API (with its audit row) and a reminder.
    let (status, body) = app
        .post_json(
            "/api/data/corridor",
            &json!({"c_code": "BK-1", "c_name": "Backed-up corridor"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    let dir = temp_dir();
    // A file attached to a record, in the store the backup archives beside the dump.
    let attached = store_of(&dir).join("sha256/ab/cd/abcd-example");
    std::fs::create_dir_all(attached.parent().unwrap()).unwrap();
    std::fs::write(&attached, b"%PDF-1.7 a drawing").unwrap();
    let original = fingerprint(&app.database_url).await;
    for table in [
        "corridor",
        "station",
        "package",
        "users",
        "audit_log",
        "navigation",
        "app_secret",
    ] {
        assert!(original[table].0 > 0, "{table} has rows to compare");
    }

    let file = just(&["backup"], &app.database_url, &dir).expect("backup");
    let file = PathBuf::from(file.lines().last().unwrap());
    assert!(
        file.starts_with(&dir) && file.extension().is_some_and(|e| e == "dump"),
        "{file:?}"
    );
    assert!(
        std::fs::read(&file).unwrap().starts_with(b"PGDMP"),
        "custom format"
    );
    assert!(
        std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .all(|f| !f.path().to_string_lossy().ends_with(".partial")),
        "no partial file left"
    );

    // Into an empty database.
    let copy = create_database(&fresh_database_name()).await;
    just(&["restore", file.to_str().unwrap()], &copy, &dir)
        .expect("restore into an empty database");
    assert_eq!(
        fingerprint(&copy).await,
        original,
        "every table equal after the round trip"
    );
    let files = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(
        files, 2,
        "the dump and its files; an empty database needs no safety copy"
    );
    // The attached files come back with the database.
    std::fs::remove_file(&attached).unwrap();
    let again = create_database(&fresh_database_name()).await;
    just(&["restore", file.to_str().unwrap()], &again, &dir).expect("restore again");
    assert_eq!(std::fs::read(&attached).unwrap(), b"%PDF-1.7 a drawing");

    // Over a changed database: the changes are kept aside first, then replaced by the backup.
    app.execute("DELETE FROM reminder; UPDATE corridor SET c_name = c_name || ' (changed)'; DELETE FROM audit_log")
        .await;
    assert_ne!(fingerprint(&app.database_url).await, original);
    just(
        &["restore", file.to_str().unwrap()],
        &app.database_url,
        &dir,
    )
    .expect("restore over data");
    assert_eq!(fingerprint(&app.database_url).await, original);
    let safety: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|f| f.path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.starts_with("pre-restore-") && name.ends_with(".dump")
        })
        .collect();
    assert_eq!(safety.len(), 1, "the replaced data was backed up first");

    // The running gateway keeps serving the restored database.
    let (status, rows) = app
        .get_json("/api/custom/selectall?t=corridor&cols=c_code,c_name")
        .await;
    assert_eq!(status, 200, "{rows}");
    assert!(rows
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["c_name"] == "Backed-up corridor"));

    // Not a backup: refused with a clear message, nothing touched.
    let bogus = dir.join("bogus.dump");
    std::fs::write(&bogus, b"not a dump").unwrap();
    let refused = just(
        &["restore", bogus.to_str().unwrap()],
        &app.database_url,
        &dir,
    )
    .unwrap_err();
    assert!(
        refused.contains("not a PostgreSQL custom-format backup"),
        "{refused}"
    );
    let missing = just(&["restore", "/nonexistent.dump"], &app.database_url, &dir).unwrap_err();
    assert!(missing.contains("no such file"), "{missing}");
    assert_eq!(fingerprint(&app.database_url).await, original);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn with_the_files_in_s3_backup_and_restore_say_the_files_are_not_in_them() {
    let url = create_database(&fresh_database_name()).await;
    let dir = temp_dir();
    let run = |args: &[&str]| {
        let output = Command::new("just")
            .args(args)
            .current_dir(workspace_root())
            .env("DATABASE_URL", &url)
            .env("BACKUP_DIR", &dir)
            .env("FILES_DIR", store_of(&dir))
            .env("FILES_S3_BUCKET", "pmis-files-test")
            .output()
            .unwrap_or_else(|e| panic!("cannot run just ({e}); `just test` installs it"));
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "just {args:?}: {stderr}");
        (
            String::from_utf8_lossy(&output.stdout).trim().to_owned(),
            stderr,
        )
    };
    // A files folder exists, but the files are in the bucket: nothing of the folder is archived.
    std::fs::create_dir_all(store_of(&dir)).unwrap();

    let (file, said) = run(&["backup"]);
    assert!(
        said.contains("in the S3 bucket pmis-files-test")
            && said.contains("NOT in")
            && said.contains("this backup: it holds the database only")
            && said.contains("versioning"),
        "{said}"
    );
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|f| f.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().all(|name| !name.contains(".files.tar.gz")),
        "no files archive: {names:?}"
    );

    let (_, said) = run(&["restore", file.lines().last().unwrap()]);
    assert!(
        said.contains("in the S3 bucket pmis-files-test")
            && said.contains("left the bucket as it is")
            && said.contains("versioning"),
        "{said}"
    );
    std::fs::remove_dir_all(&dir).ok();
    std::fs::remove_dir_all(store_of(&dir)).ok();
}
