//! The real `gateway` executable: exit codes, messages and signals as an operator sees them.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::helpers::{create_database, fixture_dist, fresh_database_name, registry_dir};

const GATEWAY: &str = env!("CARGO_BIN_EXE_gateway");

#[test]
fn without_a_database_url_the_gateway_says_how_to_get_one() {
    let output = Command::new(GATEWAY)
        .arg("migrate")
        .env_remove("DATABASE_URL")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("DATABASE_URL") && stderr.contains("just run"),
        "{stderr}"
    );
}

#[tokio::test]
async fn sigterm_shuts_the_server_down_gracefully() {
    let url = create_database(&fresh_database_name()).await;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut child = Command::new(GATEWAY)
        .arg("serve")
        .env("DATABASE_URL", &url)
        .env("PORT", port.to_string())
        .env("BIND_ADDRESS", "127.0.0.1")
        .env("STATIC_DIR", fixture_dist())
        .env("REGISTRY_DIR", registry_dir())
        .env("SHUTDOWN_TIMEOUT_SECS", "5")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();

    let client = reqwest::Client::new();
    let health = format!("http://127.0.0.1:{port}/api/health");
    let start = Instant::now();
    loop {
        if let Ok(r) = client.get(&health).send().await {
            if r.status() == 200 {
                break;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "gateway never became healthy"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    let pid = child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let stopped = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            stopped.elapsed() < Duration::from_secs(10),
            "gateway ignored SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "exit status {status:?}");
    assert!(
        client.get(&health).send().await.is_err(),
        "still listening after shutdown"
    );
}
