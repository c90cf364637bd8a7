//! Reads from a real streaming replica (`DATABASE_READ_URL`): a cluster of the test's own and a replica of it made
//! with pg_basebackup (`scripts/pg-local.sh ensure` / `replica-start`, each in a folder of its own, on a port of
//! its own). Lists, data tables and exports come from the replica while it keeps up; record reads by id and every
//! write go to the primary; a replica that falls behind or stops leaves reads to the primary, without a 5xx, and
//! is used again when it is back.
//!
//! The proof that a read came from the replica: replay is paused on the replica and a row written on the
//! primary; the replica's answer lacks it, the primary's has it.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use gateway::ops::config::ReadReplicaSettings;
use gateway::ops::read_replica::ReadReplica;
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{
    connect, encode, free_port, settings_for, start_app_with_replica, workspace_root, TestApp,
};

/// A PostgreSQL cluster of this test's own and a streaming replica of it, both stopped and deleted when dropped,
/// however the test ends.
struct ReplicatedCluster {
    home: PathBuf,
    port: u16,
    replica_dir: PathBuf,
    replica_port: u16,
}

impl ReplicatedCluster {
    async fn start() -> Arc<ReplicatedCluster> {
        let name = uuid::Uuid::new_v4().simple().to_string();
        let cluster = Arc::new(ReplicatedCluster {
            home: std::env::temp_dir().join(format!("pmis-primary-{name}")),
            port: free_port(),
            replica_dir: std::env::temp_dir().join(format!("pmis-replica-{name}")),
            replica_port: free_port(),
        });
        cluster.script(&["ensure"]).await;
        cluster.start_replica().await;
        cluster
    }

    /// `scripts/pg-local.sh ARGS` on this cluster, off the async threads (it waits for servers).
    async fn script(self: &Arc<Self>, args: &[&str]) -> String {
        let cluster = Arc::clone(self);
        let args: Vec<String> = args.iter().map(|arg| (*arg).to_owned()).collect();
        tokio::task::spawn_blocking(move || cluster.script_blocking(&args))
            .await
            .expect("pg-local.sh task")
    }

    fn script_blocking(&self, args: &[String]) -> String {
        let output = std::process::Command::new(workspace_root().join("scripts/pg-local.sh"))
            .args(args)
            .env("PMIS_PG_HOME", &self.home)
            .env("PMIS_PG_PORT", self.port.to_string())
            .output()
            .unwrap_or_else(|e| panic!("cannot run scripts/pg-local.sh {args:?}: {e}"));
        assert!(
            output.status.success(),
            "scripts/pg-local.sh {args:?}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }

    async fn start_replica(self: &Arc<Self>) {
        let dir = self.replica_dir.display().to_string();
        let port = self.replica_port.to_string();
        self.script(&["replica-start", &dir, &port]).await;
    }

    /// Stops the replica as a crash would (`immediate`: no goodbye to its clients).
    async fn crash_replica(self: &Arc<Self>) {
        let dir = self.replica_dir.display().to_string();
        self.script(&["replica-stop", &dir, "immediate"]).await;
    }

    /// The schema owner's URL on the primary.
    async fn owner_url(self: &Arc<Self>) -> String {
        self.script(&["url"]).await
    }

    /// The serving role's URL on the primary.
    async fn app_url(self: &Arc<Self>) -> String {
        self.script(&["app-url"]).await
    }

    /// `url` pointed at the replica.
    fn on_replica(&self, url: &str) -> String {
        let primary = format!("127.0.0.1:{}/", self.port);
        assert!(url.contains(&primary), "{url}");
        url.replace(&primary, &format!("127.0.0.1:{}/", self.replica_port))
    }

    /// Pauses replay on the replica and waits until it has stopped: what the primary writes next is not there.
    async fn pause_replay(&self, owner_url: &str) {
        let replica = connect(&self.on_replica(owner_url)).await;
        replica
            .batch_execute("SELECT pg_wal_replay_pause()")
            .await
            .expect("pause replay");
        let started = Instant::now();
        loop {
            let state: String = replica
                .query_one("SELECT pg_get_wal_replay_pause_state()", &[])
                .await
                .expect("pause state")
                .get(0);
            if state == "paused" {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "replay never paused"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    async fn resume_replay(&self, owner_url: &str) {
        connect(&self.on_replica(owner_url))
            .await
            .batch_execute("SELECT pg_wal_replay_resume()")
            .await
            .expect("resume replay");
    }
}

impl Drop for ReplicatedCluster {
    fn drop(&mut self) {
        let run = |args: &[&str]| {
            let _ = std::process::Command::new(workspace_root().join("scripts/pg-local.sh"))
                .args(args)
                .env("PMIS_PG_HOME", &self.home)
                .env("PMIS_PG_PORT", self.port.to_string())
                .output();
        };
        run(&["replica-drop", &self.replica_dir.display().to_string()]);
        run(&["stop"]);
        // The cluster's data may live where the service user can reach it, behind a link (pg-local.sh).
        let target = std::fs::read_link(&self.home).ok();
        let _ = std::fs::remove_dir_all(&self.home);
        let _ = std::fs::remove_file(&self.home);
        if let Some(target) = target {
            let _ = std::fs::remove_dir_all(target);
        }
    }
}

/// A gateway serving as the unprivileged role on the cluster, reading from the replica as the same role, checking
/// it every 100 ms; seeded, signed in as admin, and with the replica in use.
async fn replicated_app(
    cluster: &Arc<ReplicatedCluster>,
    max_lag: Duration,
) -> (TestApp, Arc<ReadReplica>) {
    let owner_url = cluster.owner_url().await;
    let serving_url = cluster.app_url().await;
    let mut settings = settings_for(&serving_url);
    settings.database.migration_url = Some(owner_url.clone());
    settings.database.read_replica = Some(ReadReplicaSettings {
        url: cluster.on_replica(&serving_url),
        pool_size: 4,
        max_lag,
        check_interval: Duration::from_millis(100),
    });
    let (app, replica) = start_app_with_replica(settings.clone()).await;
    let replica = replica.expect("a read replica");
    // The test's own statements run as the schema's owner.
    let app = TestApp {
        database_url: owner_url.clone(),
        ..app
    };
    app.wait_for_health(200, Duration::from_secs(60)).await;
    let owner_pool =
        gateway::ops::database::build_pool_for(&settings.database, &owner_url, 1).expect("pool");
    gateway::ops::seed::load_demo_data(&owner_pool)
        .await
        .expect("demo data");
    let token = app.sign_in("admin", "Admin@123").await;
    wait_until("the replica is in use", Duration::from_secs(30), || {
        replica.in_use()
    })
    .await;
    (app.with_token(&token), replica)
}

async fn wait_until(what: &str, limit: Duration, done: impl Fn() -> bool) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < limit, "{what}: not within {limit:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Writes a corridor on the primary directly (not through the gateway); its id.
async fn insert_on_primary(app: &TestApp, code: &str) -> i64 {
    app.db()
        .await
        .query_one(
            "INSERT INTO corridor (c_code, c_name) VALUES ($1, $2) RETURNING id",
            &[&code, &format!("Corridor {code}")],
        )
        .await
        .expect("insert on the primary")
        .get(0)
}

/// What the three stale reads say about corridor `code`: listed by selectall, counted by the data table, in the
/// CSV export. Each answers 200.
async fn listed(app: &TestApp, code: &str) -> (bool, bool, bool) {
    let whrc = encode(&format!("c_code = '{code}'"));
    let (status, rows) = app
        .get_json(&format!(
            "/api/custom/selectall?t=corridor&cols=c_code&whrc={whrc}"
        ))
        .await;
    assert_eq!(status, 200, "selectall: {rows}");
    let form = [
        ("t", "corridor"),
        ("draw", "1"),
        ("start", "0"),
        ("length", "10"),
        ("search[value]", code),
    ];
    let response = app
        .post("/api/custom/datatable")
        .form(&form)
        .send()
        .await
        .expect("datatable");
    assert_eq!(response.status(), 200, "datatable");
    let page: Value = response.json().await.expect("datatable JSON");
    let response = app
        .get(&format!(
            "/api/export?t=corridor&cols=c_code,c_name&format=csv&whrc={whrc}"
        ))
        .await;
    assert_eq!(response.status(), 200, "export");
    let csv = response.text().await.expect("CSV");
    (
        rows.as_array().is_some_and(|rows| !rows.is_empty()),
        page["recordsFiltered"].as_i64().unwrap_or(0) > 0,
        csv.lines()
            .any(|line| line.starts_with(&format!("{code},"))),
    )
}

/// Polls `listed` until every read shows (or none shows) corridor `code`; how long that took.
async fn until_listed(app: &TestApp, code: &str, shown: bool, limit: Duration) -> Duration {
    let started = Instant::now();
    loop {
        if listed(app, code).await == (shown, shown, shown) {
            return started.elapsed();
        }
        assert!(
            started.elapsed() < limit,
            "corridor {code} still {} after {limit:?}",
            if shown { "not listed" } else { "listed" }
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn lists_data_tables_and_exports_come_from_the_replica_record_reads_and_writes_from_the_primary(
) {
    let cluster = ReplicatedCluster::start().await;
    let (app, replica) = replicated_app(&cluster, Duration::from_secs(3600)).await;
    let owner_url = cluster.owner_url().await;
    cluster.pause_replay(&owner_url).await;

    // A row the primary has and the paused replica has not: the lists do not show it, the record read does.
    let id = insert_on_primary(&app, "RR-A1").await;
    for _ in 0..5 {
        assert_eq!(listed(&app, "RR-A1").await, (false, false, false));
    }
    let (status, record) = app.get_json(&format!("/api/data/corridor/{id}")).await;
    assert_eq!(status, 200, "{record}");
    assert_eq!(record["c_code"], "RR-A1");
    assert!(
        replica.in_use(),
        "a long max lag keeps the paused replica in use"
    );

    // Writes through the gateway succeed (a replica refuses every write) and are read back by id at once.
    let (status, created) = app
        .send(
            Method::POST,
            "/api/data/corridor",
            Some(&json!({"c_code": "RR-A2", "c_name": "Written through the gateway"})),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let created_id = created["id"].as_i64().expect("id");
    let (status, updated) = app
        .send(
            Method::PUT,
            &format!("/api/data/corridor/{id}"),
            Some(&json!({"n_row_version": record["n_row_version"], "c_name": "Renamed"})),
        )
        .await;
    assert_eq!(status, 200, "{updated}");
    let (status, read_back) = app
        .get_json(&format!("/api/data/corridor/{created_id}"))
        .await;
    assert_eq!((status, &read_back["c_code"]), (200, &json!("RR-A2")));
    assert_eq!(listed(&app, "RR-A2").await, (false, false, false));
    let on_replica = connect(&cluster.on_replica(&owner_url)).await;
    let replica_rows: i64 = on_replica
        .query_one(
            "SELECT count(*) FROM corridor WHERE c_code IN ('RR-A1', 'RR-A2')",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(replica_rows, 0, "nothing was written on the replica");
    let gateway_sessions: i64 = on_replica
        .query_one(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pmis-gateway'
                 AND usename = 'pmis_app'",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert!(
        gateway_sessions > 0,
        "the gateway holds replica connections"
    );

    // Replay resumed: the replica catches up and the lists show both, still from the replica.
    cluster.resume_replay(&owner_url).await;
    until_listed(&app, "RR-A1", true, Duration::from_secs(10)).await;
    until_listed(&app, "RR-A2", true, Duration::from_secs(10)).await;
    assert!(replica.in_use());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_replica_behind_by_more_than_the_max_lag_leaves_reads_to_the_primary_until_it_catches_up()
{
    let cluster = ReplicatedCluster::start().await;
    let (app, replica) = replicated_app(&cluster, Duration::from_secs(1)).await;
    let owner_url = cluster.owner_url().await;
    cluster.pause_replay(&owner_url).await;
    insert_on_primary(&app, "RR-B1").await;

    // Once the replica is more than a second behind, every read goes to the primary and shows the write.
    let fallback = until_listed(&app, "RR-B1", true, Duration::from_secs(15)).await;
    assert!(!replica.in_use());
    eprintln!("reads moved to the primary {fallback:?} after the write (max lag 1 s, checks every 100 ms)");
    for _ in 0..5 {
        assert_eq!(listed(&app, "RR-B1").await, (true, true, true));
    }

    cluster.resume_replay(&owner_url).await;
    wait_until(
        "the caught-up replica is used again",
        Duration::from_secs(15),
        || replica.in_use(),
    )
    .await;
    assert_eq!(listed(&app, "RR-B1").await, (true, true, true));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_replica_that_stops_costs_no_error_and_is_used_again_when_it_is_back() {
    let cluster = ReplicatedCluster::start().await;
    let (app, replica) = replicated_app(&cluster, Duration::from_secs(3600)).await;
    let owner_url = cluster.owner_url().await;

    // Readers on every stale-read endpoint while the replica crashes under them.
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut readers = Vec::new();
    for reader in 0..4usize {
        let app = app.clone();
        let stop = Arc::clone(&stop);
        readers.push(tokio::spawn(async move {
            let mut answers: Vec<(&'static str, u16, Duration)> = Vec::new();
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let started = Instant::now();
                let (kind, response) = match reader {
                    0 => (
                        "selectall",
                        app.get("/api/custom/selectall?t=station&cols=c_code,c_name")
                            .await,
                    ),
                    1 => {
                        let form = [
                            ("t", "station"),
                            ("draw", "1"),
                            ("start", "0"),
                            ("length", "5"),
                        ];
                        let response = app.post("/api/custom/datatable").form(&form).send().await;
                        ("datatable", response.expect("datatable"))
                    }
                    2 => ("csv", app.get("/api/export?t=station&format=csv").await),
                    _ => ("xlsx", app.get("/api/export?t=station&format=xlsx").await),
                };
                let status = response.status().as_u16();
                let body = response.bytes().await.expect("the whole answer");
                assert!(!body.is_empty(), "{kind}: an empty answer");
                answers.push((kind, status, started.elapsed()));
            }
            answers
        }));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    cluster.crash_replica().await;
    wait_until(
        "the stopped replica is left",
        Duration::from_secs(10),
        || !replica.in_use(),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut answers = Vec::new();
    for reader in readers {
        answers.extend(reader.await.expect("reader"));
    }
    let failed: Vec<_> = answers
        .iter()
        .filter(|(_, status, _)| *status != 200)
        .collect();
    assert!(failed.is_empty(), "answers other than 200: {failed:?}");
    for kind in ["selectall", "datatable", "csv", "xlsx"] {
        assert!(
            answers.iter().any(|(k, _, _)| *k == kind),
            "no {kind} was answered"
        );
    }
    let slowest = answers
        .iter()
        .map(|(_, _, took)| *took)
        .max()
        .unwrap_or_default();
    eprintln!(
        "{} reads answered 200 across the replica's crash; the slowest took {slowest:?}",
        answers.len()
    );

    // Back: the replica is used again (its answers lack what the primary wrote while its replay is paused).
    cluster.start_replica().await;
    wait_until(
        "the restarted replica is used again",
        Duration::from_secs(30),
        || replica.in_use(),
    )
    .await;
    cluster.pause_replay(&owner_url).await;
    insert_on_primary(&app, "RR-C1").await;
    until_listed(&app, "RR-C1", false, Duration::from_secs(10)).await;
    for _ in 0..5 {
        assert_eq!(listed(&app, "RR-C1").await, (false, false, false));
    }
    cluster.resume_replay(&owner_url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_replica_of_another_cluster_is_never_used() {
    // A replica of the test's own cluster, named as the read replica of a database on another cluster (the
    // project-local one): in recovery, answering, recently replayed, and within an hour's lag, so only its
    // system identifier tells that it holds someone else's data.
    let cluster = ReplicatedCluster::start().await;
    let foreign_replica = cluster.on_replica(&cluster.app_url().await);
    // A transaction on its primary gives the replica a recent replay time, which bounds its lag.
    connect(&cluster.owner_url().await)
        .await
        .batch_execute("CREATE TABLE replayed_marker (id int)")
        .await
        .expect("a transaction on the foreign primary");
    let replica_client = connect(&foreign_replica).await;
    wait_until_async("the foreign replica replays it", || async {
        replica_client
            .query_one(
                "SELECT coalesce(pg_is_in_recovery() AND pg_last_xact_replay_timestamp() > now() - interval '1 minute', false)",
                &[],
            )
            .await
            .is_ok_and(|row| row.get::<_, bool>(0))
    })
    .await;
    let url = crate::helpers::create_database(&crate::helpers::fresh_database_name()).await;
    let mut settings = settings_for(&url);
    settings.database.read_replica = Some(ReadReplicaSettings {
        url: foreign_replica,
        pool_size: 2,
        max_lag: Duration::from_secs(3600),
        check_interval: Duration::from_millis(50),
    });
    let (app, replica) = start_app_with_replica(settings).await;
    let replica = replica.expect("a read replica");
    app.wait_for_health(200, Duration::from_secs(60)).await;
    gateway::ops::seed::load_demo_data(&app.pool)
        .await
        .expect("demo data");
    let app = app.with_token(&app.sign_in("admin", "Admin@123").await);
    // Forty checks later the replica has still not been taken into use, and lists come from the primary.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(!replica.in_use(), "a replica of another cluster was used");
    let (status, rows) = app
        .get_json("/api/custom/selectall?t=corridor&cols=c_code")
        .await;
    assert_eq!(status, 200, "{rows}");
    assert!(
        rows.as_array().is_some_and(|rows| !rows.is_empty()),
        "{rows}"
    );
}

async fn wait_until_async<F: std::future::Future<Output = bool>>(
    what: &str,
    check: impl Fn() -> F,
) {
    let started = Instant::now();
    while !check().await {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "{what}: not within 30 s"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
