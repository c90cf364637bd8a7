//! Faults against the real PostgreSQL: the database stopped and started again under load (with the project's own
//! `just db-stop` / `just db-start`, pointed at a cluster of this test's own so other tests keep theirs), and a
//! pool exhausted by slow requests. Requests fail fast with 503, the same process recovers, and no write is lost
//! or half-applied.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::helpers::{connect, settings_for, spawn_seeded_app_with, start_app, workspace_root};

/// A PostgreSQL cluster in a folder of its own, on a port of its own, driven by the `just` recipes a person uses.
struct OwnCluster {
    home: PathBuf,
    port: u16,
}

impl OwnCluster {
    fn create() -> OwnCluster {
        let port = crate::helpers::free_port();
        let cluster = OwnCluster {
            home: std::env::temp_dir()
                .join(format!("pmis-fault-pg-{}", uuid::Uuid::new_v4().simple())),
            port,
        };
        cluster.just("db-start");
        cluster
    }

    fn just(&self, recipe: &str) -> String {
        let output = std::process::Command::new("just")
            .arg(recipe)
            .current_dir(workspace_root())
            .env("PMIS_PG_HOME", &self.home)
            .env("PMIS_PG_PORT", self.port.to_string())
            .output()
            .unwrap_or_else(|e| {
                panic!("cannot run `just {recipe}` ({e}); `just test` installs just")
            });
        assert!(
            output.status.success(),
            "just {recipe}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).trim().to_owned()
    }

    /// `just db-stop`, off the async threads (it waits for the server to finish).
    async fn stop(self: &Arc<Self>) {
        let cluster = Arc::clone(self);
        tokio::task::spawn_blocking(move || cluster.just("db-stop"))
            .await
            .unwrap();
    }

    async fn start(self: &Arc<Self>) {
        let cluster = Arc::clone(self);
        tokio::task::spawn_blocking(move || cluster.just("db-start"))
            .await
            .unwrap();
    }

    fn url(&self) -> String {
        self.just("db-url")
    }
}

impl Drop for OwnCluster {
    fn drop(&mut self) {
        let _ = std::process::Command::new("just")
            .arg("db-stop")
            .current_dir(workspace_root())
            .env("PMIS_PG_HOME", &self.home)
            .env("PMIS_PG_PORT", self.port.to_string())
            .output();
        let target = std::fs::read_link(&self.home).ok();
        let _ = std::fs::remove_dir_all(&self.home);
        let _ = std::fs::remove_file(&self.home);
        if let Some(target) = target {
            let _ = std::fs::remove_dir_all(target);
        }
    }
}

/// One answered request: what was sent, how it ended and how long it took.
#[derive(Debug, Clone)]
struct Outcome {
    kind: &'static str,
    code: Option<String>,
    status: Option<u16>,
    message: String,
    elapsed: Duration,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_database_stopped_under_load_gives_fast_503s_and_the_same_process_recovers_losing_nothing(
) {
    let cluster = Arc::new(OwnCluster::create());
    let url = cluster.url();
    let statement_timeout = Duration::from_secs(2);
    let mut settings = settings_for(&url);
    settings.database.statement_timeout = statement_timeout;
    settings.database.connect_timeout = Duration::from_secs(1);
    settings.database.pool_wait = Duration::from_millis(500);
    let app = start_app(settings).await;
    app.wait_for_health(200, Duration::from_secs(60)).await;
    gateway::ops::seed::load_demo_data(&app.pool)
        .await
        .expect("demo data");
    let token = app.sign_in("admin", "Admin@123").await;
    let app = app.with_token(&token);

    let outcomes: Arc<Mutex<Vec<Outcome>>> = Arc::default();
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut workers = Vec::new();
    for worker in 0..6 {
        let app = app.clone();
        let outcomes = Arc::clone(&outcomes);
        let stop = Arc::clone(&stop);
        workers.push(tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                n += 1;
                let started = Instant::now();
                let (kind, code, response) = if worker < 4 {
                    let code = format!("F{worker}-{n}");
                    let body = json!({"c_code": code, "c_name": format!("Fault corridor {code}")});
                    (
                        "write",
                        Some(code),
                        app.post("/api/data/corridor").json(&body).send().await,
                    )
                } else if worker == 4 {
                    let form = [
                        ("t", "corridor"),
                        ("draw", "1"),
                        ("start", "0"),
                        ("length", "5"),
                    ];
                    (
                        "list",
                        None,
                        app.post("/api/custom/datatable").form(&form).send().await,
                    )
                } else {
                    let path = "/api/custom/selectall?t=station&cols=*";
                    (
                        "list",
                        None,
                        app.request(reqwest::Method::GET, path).send().await,
                    )
                };
                let (status, message) = match response {
                    Ok(response) => {
                        let status = response.status().as_u16();
                        let body: Value = response.json().await.unwrap_or(Value::Null);
                        let message = body["message"]
                            .as_str()
                            .or(body["error"].as_str())
                            .unwrap_or_default()
                            .to_owned();
                        (Some(status), message)
                    }
                    Err(error) => (None, error.to_string()),
                };
                outcomes.lock().unwrap().push(Outcome {
                    kind,
                    code,
                    status,
                    message,
                    elapsed: started.elapsed(),
                });
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }));
    }

    tokio::time::sleep(Duration::from_millis(1500)).await;
    let before_stop = outcomes.lock().unwrap().len();
    cluster.stop().await;
    let stopped_at = outcomes.lock().unwrap().len();
    // While it is down: health says so, and the load keeps getting answers.
    let health = app.client.get(app.url("/api/health")).send().await.unwrap();
    assert_eq!(health.status().as_u16(), 503);
    let report: Value = health.json().await.unwrap();
    assert_eq!(report["database"], "down", "{report}");
    tokio::time::sleep(Duration::from_secs(3)).await;
    let during = outcomes.lock().unwrap().len() - stopped_at;

    cluster.start().await;
    let restarted = Instant::now();
    app.wait_for_health(200, Duration::from_secs(30)).await;
    let recovered_in = restarted.elapsed();
    let recovered_at = outcomes.lock().unwrap().len();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for worker in workers {
        worker.await.unwrap();
    }
    let outcomes = outcomes.lock().unwrap().clone();

    // Every request got an answer in time, and the only failures are 503s that say why.
    let limit = statement_timeout + Duration::from_secs(1);
    for outcome in &outcomes {
        assert!(
            outcome.elapsed <= limit,
            "a request took {:?} (limit {limit:?}): {outcome:?}",
            outcome.elapsed
        );
        match outcome.status {
            Some(200 | 201) => {}
            Some(503) => assert!(
                outcome.message.contains("database") || outcome.message.contains("gateway"),
                "{outcome:?}"
            ),
            _ => panic!("unexpected answer: {outcome:?}"),
        }
    }
    let failed = outcomes.iter().filter(|o| o.status == Some(503)).count();
    assert!(
        before_stop > 10 && during > 10,
        "load ran: {before_stop} before, {during} during"
    );
    assert!(
        failed >= during / 2,
        "{failed} of {during} answered 503 while down"
    );
    let after: Vec<&Outcome> = outcomes[recovered_at..].iter().collect();
    assert!(
        after
            .iter()
            .any(|o| o.kind == "write" && o.status == Some(201))
            && after
                .iter()
                .any(|o| o.kind == "list" && o.status == Some(200)),
        "the same process serves writes and lists again after the restart"
    );

    // Nothing lost, nothing half-applied: a corridor exists exactly when its audit row does, and every 201 is there.
    let client = connect(&url).await;
    let stored: HashMap<String, bool> = client
        .query(
            "SELECT c.c_code, EXISTS (SELECT 1 FROM audit_log a
                 WHERE a.c_entry = 'corridor' AND a.c_key = c.id::text AND a.c_action = 'create')
             FROM corridor c WHERE c.c_code LIKE 'F%-%'",
            &[],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect();
    let orphans: i64 = client
        .query_one(
            "SELECT count(*) FROM audit_log a WHERE a.c_entry = 'corridor' AND a.c_action = 'create'
               AND NOT EXISTS (SELECT 1 FROM corridor c WHERE c.id::text = a.c_key)",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(orphans, 0, "an audit row without its corridor");
    let writes: Vec<&Outcome> = outcomes.iter().filter(|o| o.kind == "write").collect();
    for write in &writes {
        let code = write.code.as_deref().unwrap();
        match (write.status, stored.get(code)) {
            (Some(201), Some(true)) => {}
            (Some(201), other) => panic!("{code} was answered 201 but is stored as {other:?}"),
            (_, Some(false)) => panic!("{code} is stored without its audit row"),
            _ => {}
        }
    }
    let committed = writes.iter().filter(|w| w.status == Some(201)).count();
    eprintln!(
        "fault run: {} requests, {committed} writes answered 201, {failed} answered 503, recovered {recovered_in:?} after start, slowest {:?}",
        outcomes.len(),
        outcomes.iter().map(|o| o.elapsed).max().unwrap_or_default()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_exhausted_pool_answers_503_after_the_pool_wait_instead_of_queueing() {
    let pool_wait = Duration::from_millis(400);
    let app = spawn_seeded_app_with(|settings| {
        settings.database.pool_size = 2;
        settings.database.pool_wait = pool_wait;
        settings.database.statement_timeout = Duration::from_secs(10);
    })
    .await;
    // Make reads of corridors slow: a transaction of the test's own holds the table until released.
    let blocker = crate::helpers::hold_table(&app.database_url, "corridor").await;
    let mut requests = Vec::new();
    for _ in 0..8 {
        let app = app.clone();
        requests.push(tokio::spawn(async move {
            let started = Instant::now();
            let (status, body) = app
                .get_json("/api/custom/selectall?t=corridor&cols=c_code")
                .await;
            (status, body, started.elapsed())
        }));
    }
    // The refusals come after the pool wait, while two requests still hold both connections.
    tokio::time::sleep(pool_wait + Duration::from_millis(1200)).await;
    let finished: Vec<bool> = requests.iter().map(|r| r.is_finished()).collect();
    assert_eq!(
        finished.iter().filter(|f| **f).count(),
        6,
        "six refused, two still waiting: {finished:?}"
    );
    blocker.batch_execute("COMMIT").await.unwrap();
    let mut statuses = Vec::new();
    for request in requests {
        let (status, body, elapsed) = request.await.unwrap();
        if status == 503 {
            assert_eq!(body["code"], "PMIS-S503B", "{body}");
            assert!(body["message"].as_str().unwrap().contains("busy"), "{body}");
            assert!(
                elapsed >= pool_wait && elapsed < pool_wait + Duration::from_secs(1),
                "{elapsed:?}"
            );
        }
        statuses.push(status);
    }
    statuses.sort();
    assert_eq!(statuses, vec![200, 200, 503, 503, 503, 503, 503, 503]);
    let (status, _) = app
        .get_json("/api/custom/selectall?t=corridor&cols=c_code")
        .await;
    assert_eq!(
        status, 200,
        "served normally once the slow requests are done"
    );
}
