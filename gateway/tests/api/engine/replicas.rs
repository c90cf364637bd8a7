//! Two gateway replicas on two ports against one database, under a mixed workload on both at once: sessions made
//! on one work on the other, concurrent updates of one record stay consistent across them, and due reminders are
//! mailed exactly once between their two dispatchers.

use std::time::Duration;

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{settings_for, spawn_seeded_app_with, start_app, SmtpSink, TestApp};

async fn send(app: &TestApp, method: Method, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut request = app.request(method, path);
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_replicas_share_a_mixed_workload_sessions_and_send_each_reminder_once() {
    let sink = SmtpSink::accepting();
    let smtp = sink.url();
    let first = spawn_seeded_app_with({
        let smtp = smtp.clone();
        move |settings| {
            settings.mail.smtp_url = Some(smtp);
            settings.mail.poll = Duration::from_millis(20);
        }
    })
    .await;
    let mut settings = settings_for(&first.database_url);
    settings.mail.smtp_url = Some(smtp);
    settings.mail.poll = Duration::from_millis(20);
    let second = start_app(settings).await;
    second.wait_for_health(200, Duration::from_secs(30)).await;

    // Each replica uses a session the other one made.
    let made_on_second = second.anonymous().sign_in("admin", "Admin@123").await;
    let made_on_first = first.anonymous().sign_in("admin", "Admin@123").await;
    let replicas = [
        first.with_token(&made_on_second),
        second.with_token(&made_on_first),
    ];
    for replica in &replicas {
        assert_eq!(replica.get_json("/api/auth/me").await.0, 200);
    }

    let station: i64 = first
        .db()
        .await
        .query_one("SELECT id FROM station WHERE c_code = 'C1-S01'", &[])
        .await
        .unwrap()
        .get(0);
    let station_path = format!("/api/data/station/{station}");
    let initial_version: i64 = send(&replicas[0], Method::GET, &station_path, None).await.1
        ["n_row_version"]
        .as_i64()
        .unwrap();
    first
        .execute(
            "INSERT INTO reminder (n_user_id, c_title, c_url, d_scheduled_date_time)
             SELECT u.id, 'Replica reminder ' || n, '/dashboard/analytics', now() + (n % 5) * interval '200 milliseconds'
             FROM users u CROSS JOIN generate_series(1, 50) AS n WHERE u.c_username = 'admin'",
        )
        .await;

    let mut workers = Vec::new();
    for worker in 0..8usize {
        let replicas = replicas.clone();
        let station_path = station_path.clone();
        workers.push(tokio::spawn(async move {
            let mut tally: Vec<(&'static str, u16, Option<String>)> = Vec::new();
            for n in 0..24usize {
                let app = &replicas[(worker + n) % 2];
                match n % 4 {
                    0 => {
                        let code = format!("R{worker}-{n}");
                        let body = json!({"c_code": code, "c_name": format!("Replica corridor {code}")});
                        let (status, _) = send(app, Method::POST, "/api/data/corridor", Some(&body)).await;
                        tally.push(("create", status, Some(code)));
                    }
                    1 => {
                        let form = [("t", "station"), ("draw", "1"), ("start", "0"), ("length", "5")];
                        let response = app.post("/api/custom/datatable").form(&form).send().await.unwrap();
                        tally.push(("list", response.status().as_u16(), None));
                    }
                    2 => {
                        let (status, _) = app.get_json("/api/custom/selectall?t=corridor&cols=c_code,c_name").await;
                        tally.push(("list", status, None));
                    }
                    _ => {
                        // Read on one replica, write on the other: a stale version anywhere is a 409.
                        let (status, record) = send(app, Method::GET, &station_path, None).await;
                        assert_eq!(status, 200, "{record}");
                        let other = &replicas[(worker + n + 1) % 2];
                        let body = json!({"n_row_version": record["n_row_version"], "c_name": format!("Airport {worker}-{n}")});
                        let (status, _) = send(other, Method::PUT, &station_path, Some(&body)).await;
                        tally.push(("update", status, None));
                    }
                }
            }
            tally
        }));
    }
    let mut tally = Vec::new();
    for worker in workers {
        tally.extend(worker.await.unwrap());
    }
    for (kind, status, code) in &tally {
        let expected: &[u16] = match *kind {
            "create" => &[201],
            "list" => &[200],
            _ => &[200, 409],
        };
        assert!(
            expected.contains(status),
            "{kind} {code:?} answered {status}"
        );
    }
    let updates = tally
        .iter()
        .filter(|(kind, status, _)| *kind == "update" && *status == 200)
        .count() as i64;
    assert!(updates > 0);
    let db = first.db().await;
    let (version, audited): (i64, i64) = {
        let row = db
            .query_one(
                "SELECT s.n_row_version::bigint, (SELECT count(*) FROM audit_log a WHERE a.c_entry = 'station'
                     AND a.c_key = s.id::text AND a.c_action = 'update')
                 FROM station s WHERE s.id = $1",
                &[&station],
            )
            .await
            .unwrap();
        (row.get(0), row.get(1))
    };
    assert_eq!(
        version - initial_version,
        updates,
        "every 200 update is one version, none lost"
    );
    assert_eq!(audited, updates);
    let created: i64 = db
        .query_one(
            "SELECT count(*) FROM corridor c WHERE c.c_code LIKE 'R%-%' AND EXISTS (SELECT 1 FROM audit_log a
                 WHERE a.c_entry = 'corridor' AND a.c_key = c.id::text)",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(created, 8 * 6);

    // The reminders became due during the workload: each went out once, from whichever replica claimed it.
    sink.wait_for(50, Duration::from_secs(30)).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    let messages = sink.messages();
    let mut subjects: Vec<String> = messages
        .iter()
        .filter_map(|m| {
            m["data"]
                .as_str()?
                .lines()
                .find(|line| line.starts_with("Subject: "))
                .map(str::to_owned)
        })
        .collect();
    assert_eq!(subjects.len(), 50, "one message per reminder");
    subjects.sort();
    subjects.dedup();
    assert_eq!(subjects.len(), 50, "no reminder twice");
}
