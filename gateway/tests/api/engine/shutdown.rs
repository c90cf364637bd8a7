//! Graceful shutdown of the real binary: SIGTERM while requests are in flight lets them finish within
//! `SHUTDOWN_TIMEOUT_SECS`, refuses new connections at once, and the process ends; a request that would outlast
//! the limit does not keep the process alive.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::helpers::{create_database, fresh_database_name, workspace_root, TestApp};

const GATEWAY: &str = env!("CARGO_BIN_EXE_gateway");

struct Served {
    child: Child,
    app: TestApp,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `gateway serve --seed-demo` on a fresh database and a free port, ready and signed in as admin.
async fn serve(shutdown_timeout_secs: u64) -> Served {
    let database_url = create_database(&fresh_database_name()).await;
    let port = crate::helpers::free_port();
    let child = Command::new(GATEWAY)
        .args(["serve", "--seed-demo"])
        .current_dir(workspace_root())
        .env("DATABASE_URL", &database_url)
        .env("PORT", port.to_string())
        .env("BIND_ADDRESS", "127.0.0.1")
        .env("SHUTDOWN_TIMEOUT_SECS", shutdown_timeout_secs.to_string())
        .env("DB_STATEMENT_TIMEOUT_MS", "20000")
        .env("STATIC_DIR", crate::helpers::fixture_dist())
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the gateway binary");
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    let pool =
        gateway::ops::database::build_pool(&crate::helpers::settings_for(&database_url).database)
            .expect("pool");
    let app = TestApp {
        address: format!("http://127.0.0.1:{port}"),
        database_url,
        client,
        pool,
        serving: None,
        token: None,
        owned_database: None,
    };
    app.wait_for_health(200, Duration::from_secs(60)).await;
    let token = app.sign_in("admin", "Admin@123").await;
    Served {
        child,
        app: app.with_token(&token),
    }
}

fn terminate(child: &Child) {
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
}

/// Waits for the process to end; its exit status and how long that took.
async fn wait_for_exit(child: &mut Child, limit: Duration) -> (std::process::ExitStatus, Duration) {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return (status, started.elapsed());
        }
        assert!(
            started.elapsed() < limit,
            "the gateway still runs {limit:?} after SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Starts `count` reads of corridors, which wait while `blocker` holds the table.
fn slow_reads(app: &TestApp, count: usize) -> Vec<tokio::task::JoinHandle<Result<u16, String>>> {
    (0..count)
        .map(|_| {
            let app = app.clone();
            tokio::spawn(async move {
                app.request(
                    reqwest::Method::GET,
                    "/api/custom/selectall?t=corridor&cols=c_code",
                )
                .send()
                .await
                .map(|response| response.status().as_u16())
                .map_err(|e| e.to_string())
            })
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigterm_lets_in_flight_requests_finish_and_refuses_new_ones() {
    let mut served = serve(10).await;
    let blocker = crate::helpers::hold_table(&served.app.database_url, "corridor").await;
    let in_flight = slow_reads(&served.app, 3);
    tokio::time::sleep(Duration::from_millis(500)).await;
    terminate(&served.child);
    tokio::time::sleep(Duration::from_millis(500)).await;

    // New connections are refused while the three finish.
    let fresh = reqwest::Client::builder()
        .timeout(Duration::from_secs(3))
        .build()
        .unwrap();
    let refused = fresh.get(served.app.url("/api/health")).send().await;
    assert!(
        refused
            .as_ref()
            .map(|r| r.status().as_u16() == 503)
            .unwrap_or(true),
        "a new request during shutdown was served: {refused:?}"
    );
    assert!(
        served.child.try_wait().unwrap().is_none(),
        "it waits for the requests in flight"
    );

    blocker.batch_execute("COMMIT").await.unwrap();
    for request in in_flight {
        assert_eq!(
            request.await.unwrap(),
            Ok(200),
            "an in-flight request was cut"
        );
    }
    let (status, took) = wait_for_exit(&mut served.child, Duration::from_secs(10)).await;
    assert!(status.success(), "exit status {status}");
    assert!(took < Duration::from_secs(5), "{took:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_request_outlasting_the_shutdown_limit_does_not_keep_the_process_alive() {
    let mut served = serve(2).await;
    let blocker = crate::helpers::hold_table(&served.app.database_url, "corridor").await;
    let in_flight = slow_reads(&served.app, 1);
    tokio::time::sleep(Duration::from_millis(500)).await;
    terminate(&served.child);
    let (_, took) = wait_for_exit(&mut served.child, Duration::from_secs(10)).await;
    assert!(
        took >= Duration::from_millis(1500) && took < Duration::from_secs(5),
        "ended {took:?} after SIGTERM with a 2 s limit"
    );
    let cut = in_flight.into_iter().next().unwrap().await.unwrap();
    assert!(
        cut.is_err(),
        "the stuck request cannot have been answered: {cut:?}"
    );
    blocker.batch_execute("ROLLBACK").await.unwrap();
}
