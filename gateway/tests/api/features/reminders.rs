//! Reminders over HTTP (docs/console.md §3, §5, §7) and their dispatch by e-mail through a real SMTP server on loopback.

use std::time::Duration;

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{field_messages, spawn_seeded_app, spawn_seeded_app_with, SmtpSink, TestApp};

async fn send(app: &TestApp, method: Method, path: &str, body: &Value) -> (u16, Value) {
    let response = app.request(method, path).json(body).send().await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}")),
    )
}

async fn scalar<T: for<'a> tokio_postgres::types::FromSql<'a>>(app: &TestApp, sql: &str) -> T {
    app.db().await.query_one(sql, &[]).await.unwrap().get(0)
}

fn field_list(body: &Value) -> Vec<(String, String)> {
    // Sorted by field name (what the comparisons below list).
    field_messages(body).into_iter().collect()
}

/// A date (yyyy-MM-dd) `days` from today in the programme's time zone.
async fn day(app: &TestApp, days: i32) -> String {
    scalar(
        app,
        &format!(
            "SELECT to_char((now() AT TIME ZONE 'Asia/Kolkata')::date + {days}, 'YYYY-MM-DD')"
        ),
    )
    .await
}

/// The current moment as an ISO timestamp in UTC (a reminder due at once).
async fn now_utc(app: &TestApp) -> String {
    scalar(
        app,
        "SELECT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')",
    )
    .await
}

async fn viewer(app: &TestApp) -> (TestApp, i64) {
    let token = app.anonymous().sign_in("viewer", "Viewer@123").await;
    let id = scalar(app, "SELECT id FROM users WHERE c_username = 'viewer'").await;
    (app.with_token(&token), id)
}

#[tokio::test]
async fn reminders_are_created_updated_and_deleted_by_their_owner() {
    let app = spawn_seeded_app().await;
    let (viewer, viewer_id) = viewer(&app).await;
    let admin_id: i64 = scalar(&app, "SELECT id FROM users WHERE c_username = 'admin'").await;
    let next_week = day(&app, 7).await;

    let (status, body) = send(&app, Method::POST, "/api/reminder/create", &json!({})).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["result"], "failed");
    assert_eq!(
        field_list(&body),
        [
            ("c_title".to_owned(), "Title is required".to_owned()),
            ("c_url".to_owned(), "URL is required".to_owned()),
            (
                "d_scheduled_date_time".to_owned(),
                "Date is required".to_owned()
            ),
        ]
    );

    let valid = json!({
        "c_title": "Check pier P112 cube results", "c_url": "/dataentry/pkgactprogress",
        "c_detailed_action_plan": "Compare 28-day strengths with the mix design before approving the pour.",
        "d_scheduled_date_time": next_week, "n_user_id": admin_id,
        "forwarded_alert_ids": [viewer_id],
        "selectedAlerts": [{"id": viewer_id, "name": "Priya Raman", "email": "priya.raman@metrorail.example"},
                           "qa.lead@contractor.example"]
    });
    let yesterday = day(&app, -1).await;
    for (field, value, message) in [
        (
            "d_scheduled_date_time",
            json!(yesterday),
            "Date cannot be in the past",
        ),
        (
            "d_scheduled_date_time",
            json!("21/11/2026"),
            "Date must be a date in the form yyyy-MM-dd (or yyyy-MM-dd HH:mm)",
        ),
        (
            "c_title",
            json!("T".repeat(201)),
            "Title must be at most 200 characters (it has 201)",
        ),
        (
            "c_url",
            json!("javascript:alert(1)"),
            "URL must be a page of this console (such as /masters/corridor)",
        ),
        (
            "c_url",
            json!("https://evil.example/login"),
            "URL must be a page of this console (such as /masters/corridor)",
        ),
        (
            "c_url",
            json!("//evil.example/login"),
            "URL must be a page of this console (such as /masters/corridor)",
        ),
        (
            "forwarded_alert_ids",
            json!(["not an address"]),
            "recipient \"not an address\" is neither a user nor an e-mail address",
        ),
        (
            "forwarded_alert_ids",
            json!([987654]),
            "recipient 987654 is not an active user",
        ),
    ] {
        let mut body = valid.clone();
        body[field] = value.clone();
        if field == "forwarded_alert_ids" {
            body["selectedAlerts"] = Value::Null;
        }
        let (status, answer) = send(&app, Method::POST, "/api/reminder/create", &body).await;
        assert_eq!(status, 422, "{field} = {value}: {answer}");
        assert_eq!(
            field_list(&answer),
            [(field.to_owned(), message.to_owned())],
            "{field} = {value}"
        );
    }
    // Someone else as the owner is not the viewer's to choose.
    let mut for_admin = valid.clone();
    for_admin["forwarded_alert_ids"] = Value::Null;
    for_admin["selectedAlerts"] = Value::Null;
    let (status, _) = send(&viewer, Method::POST, "/api/reminder/create", &for_admin).await;
    assert_eq!(status, 403);

    let (status, created) = send(&app, Method::POST, "/api/reminder/create", &valid).await;
    assert_eq!(status, 200, "{created}");
    assert_eq!(created["result"], "success");
    assert_eq!(created["message"], "Submitted Successfully");
    let id = created["id"].as_i64().unwrap();
    let due: String = scalar(
        &app,
        &format!("SELECT to_char(d_scheduled_date_time AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD HH24:MI') FROM reminder WHERE id = {id}"),
    )
    .await;
    assert_eq!(
        due,
        format!("{next_week} 09:00"),
        "a date is due at REMINDER_HOUR"
    );
    let recipients: i64 = scalar(
        &app,
        &format!("SELECT count(*) FROM reminder_recipient WHERE n_reminder_id = {id}"),
    )
    .await;
    assert_eq!(recipients, 3, "duplicates are kept as the form sent them");

    // The list comes through selectall on v_reminder: the owner's and the forwarded-to user's.
    let (status, mine) = app
        .get_json("/api/custom/selectall?t=v_reminder&cols=id,c_title,n_sent_status&whrc=")
        .await;
    assert_eq!(status, 200);
    assert!(mine
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["id"] == id && r["n_sent_status"] == 0));
    let (_, theirs) = viewer
        .get_json("/api/custom/selectall?t=v_reminder&cols=id,c_title&whrc=")
        .await;
    assert!(
        theirs.as_array().unwrap().iter().any(|r| r["id"] == id),
        "{theirs}"
    );

    // Only the owner changes it.
    let update = json!({
        "c_title": "Check pier P112 and P113 cube results", "c_url": "/dataentry/pkgactprogress",
        "c_detailed_action_plan": "", "d_scheduled_date_time": next_week, "n_user_id": admin_id
    });
    let (status, refused) = send(
        &viewer,
        Method::PUT,
        &format!("/api/reminder/update?id={id}"),
        &update,
    )
    .await;
    assert_eq!(status, 403, "{refused}");
    assert_eq!(refused["result"], "failed");
    let (status, refused) = send(
        &viewer,
        Method::POST,
        "/api/reminder/delete",
        &json!({"id": id}),
    )
    .await;
    assert_eq!(status, 403, "{refused}");
    let (status, updated) = send(
        &app,
        Method::PUT,
        &format!("/api/reminder/update?id={id}"),
        &update,
    )
    .await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(updated["message"], "Updated Successfully");
    let title: String = scalar(
        &app,
        &format!("SELECT c_title FROM reminder WHERE id = {id}"),
    )
    .await;
    assert_eq!(title, "Check pier P112 and P113 cube results");
    let recipients: i64 = scalar(
        &app,
        &format!("SELECT count(*) FROM reminder_recipient WHERE n_reminder_id = {id}"),
    )
    .await;
    assert_eq!(recipients, 3, "an update without recipients keeps them");

    let (status, deleted) = send(
        &app,
        Method::POST,
        "/api/reminder/delete",
        &json!({"id": id}),
    )
    .await;
    assert_eq!(status, 200, "{deleted}");
    assert_eq!(deleted["message"], "Deleted Successfully");
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/reminder/delete",
        &json!({"id": id}),
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = send(
        &app,
        Method::POST,
        "/api/reminder/delete",
        &json!({"id": "x"}),
    )
    .await;
    assert_eq!(status, 400);

    let actions = app.audit_actions("reminder", &id.to_string()).await;
    assert_eq!(actions, ["create", "update", "delete"]);
}

#[tokio::test]
async fn a_due_reminder_is_mailed_to_its_owner_and_recipients_once() {
    let sink = SmtpSink::accepting();
    let url = sink.url();
    let app = spawn_seeded_app_with(move |settings| {
        settings.mail.smtp_url = Some(url);
        settings.mail.poll = Duration::from_millis(100);
    })
    .await;
    let (_, viewer_id) = viewer(&app).await;
    let now = now_utc(&app).await;
    let (status, created) = send(
        &app,
        Method::POST,
        "/api/reminder/create",
        &json!({
            "c_title": "Site walk C1-V01", "c_url": "/dashboard/analytics", "c_detailed_action_plan": "Bring the NCR log.",
            "d_scheduled_date_time": now,
            "forwarded_alert_ids": [viewer_id, viewer_id, "qa.lead@contractor.example"]
        }),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_i64().unwrap();
    // One message per person: nobody sees the others' addresses.
    let messages = sink.wait_for(3, Duration::from_secs(20)).await;
    let mut to: Vec<String> = Vec::new();
    for message in &messages {
        let rcpt: Vec<&str> = message["rcpt_tos"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a.as_str().unwrap())
            .collect();
        assert_eq!(rcpt.len(), 1, "{message}");
        to.push(rcpt[0].to_owned());
        let data = message["data"].as_str().unwrap();
        assert!(
            data.contains("Subject: Reminder: Site walk C1-V01"),
            "{data}"
        );
        assert!(data.contains("Bring the NCR log."), "{data}");
        let to_line = data.lines().find(|l| l.starts_with("To: ")).unwrap();
        assert_eq!(to_line.matches('@').count(), 1, "{to_line}");
    }
    to.sort();
    assert_eq!(
        to,
        [
            "admin@metrorail.example",
            "priya.raman@metrorail.example",
            "qa.lead@contractor.example"
        ]
    );

    // Marked sent; the list shows it so; it is not sent again.
    let mut sent = 0_i16;
    for _ in 0..100 {
        sent = scalar(
            &app,
            &format!("SELECT n_sent_status FROM reminder WHERE id = {id}"),
        )
        .await;
        if sent == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(sent, 1);
    let (_, list) = app
        .get_json(&format!(
            "/api/custom/selectall?t=v_reminder&cols=id,n_sent_status&whrc=id%20%3D%20{id}"
        ))
        .await;
    assert_eq!(list[0]["n_sent_status"], 1);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(sink.messages().len(), 3);
}

#[tokio::test]
async fn two_dispatchers_send_each_due_reminder_exactly_once() {
    let sink = SmtpSink::accepting();
    let url = sink.url();
    let first = spawn_seeded_app_with({
        let url = url.clone();
        move |settings| {
            settings.mail.smtp_url = Some(url);
            settings.mail.poll = Duration::from_millis(20);
        }
    })
    .await;
    // The demo's own mail (the mail view's) aside: this test counts the mail it makes.
    first.execute("DELETE FROM mail_outbox").await;
    // A second replica on the same database, polling as fast.
    let mut settings = crate::helpers::settings_for(&first.database_url);
    settings.mail.smtp_url = Some(url);
    settings.mail.poll = Duration::from_millis(20);
    let second = crate::helpers::start_app(settings).await;
    second.wait_for_health(200, Duration::from_secs(30)).await;

    first
        .execute(
            "INSERT INTO reminder (n_user_id, c_title, c_url, d_scheduled_date_time)
             SELECT u.id, 'Due reminder ' || n, '/dashboard/analytics', now() - interval '1 minute'
             FROM users u CROSS JOIN generate_series(1, 40) AS n WHERE u.c_username = 'admin'",
        )
        .await;
    let messages = sink.wait_for(40, Duration::from_secs(30)).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let messages = if sink.messages().len() > messages.len() {
        sink.messages()
    } else {
        messages
    };
    assert_eq!(messages.len(), 40, "each reminder once");
    let mut subjects: Vec<String> = messages
        .iter()
        .map(|m| {
            let data = m["data"].as_str().unwrap();
            data.lines()
                .find(|line| line.starts_with("Subject: "))
                .unwrap()
                .to_owned()
        })
        .collect();
    subjects.sort();
    subjects.dedup();
    assert_eq!(subjects.len(), 40);
    let unsent: i64 = scalar(
        &first,
        "SELECT count(*) FROM reminder WHERE n_sent_status = 0 AND c_title LIKE 'Due reminder %'",
    )
    .await;
    assert_eq!(unsent, 0);
    let recorded: i64 = scalar(
        &first,
        "SELECT count(*) FROM mail_outbox WHERE c_purpose = 'reminder' AND d_sent_at IS NOT NULL",
    )
    .await;
    assert_eq!(recorded, 40);
}

#[tokio::test]
async fn a_refused_message_waits_in_the_outbox_and_is_retried_until_accepted() {
    let refusing = SmtpSink::refusing();
    let url = refusing.url();
    let app = spawn_seeded_app_with(move |settings| {
        settings.mail.smtp_url = Some(url);
        settings.mail.poll = Duration::from_millis(50);
        settings.mail.retry_base = Duration::from_millis(100);
    })
    .await;
    app.execute(
        "INSERT INTO reminder (n_user_id, c_title, c_url, d_scheduled_date_time)
         SELECT id, 'Refused at first', '/dashboard/analytics', now() FROM users WHERE c_username = 'admin'",
    )
    .await;
    let mut attempts = 0_i32;
    for _ in 0..200 {
        attempts = scalar(
            &app,
            "SELECT coalesce(max(n_attempts), 0) FROM mail_outbox WHERE c_subject = 'Reminder: Refused at first'",
        )
        .await;
        if attempts >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        attempts >= 2,
        "retried after the refusal ({attempts} attempts)"
    );
    let row = app
        .db()
        .await
        .query_one(
            "SELECT o.d_sent_at IS NULL, o.c_last_error, r.c_last_error
             FROM mail_outbox o JOIN reminder r ON r.id = o.n_reminder_id
             WHERE o.c_subject = 'Reminder: Refused at first'",
            &[],
        )
        .await
        .unwrap();
    assert!(row.get::<_, bool>(0), "never marked sent while refused");
    let error: String = row.get(1);
    assert!(
        error.contains("451") || error.contains("temporarily"),
        "{error}"
    );
    let noted: Option<String> = row.get(2);
    assert!(noted.is_some(), "the reminder says a message was refused");

    // The next try, against a server that accepts, sends it.
    let accepting = SmtpSink::accepting();
    let mut settings = crate::helpers::settings_for(&app.database_url);
    settings.mail.smtp_url = Some(accepting.url());
    settings.mail.poll = Duration::from_millis(50);
    settings.mail.retry_base = Duration::from_millis(100);
    drop(refusing);
    let replica = crate::helpers::start_app(settings).await;
    replica.wait_for_health(200, Duration::from_secs(30)).await;
    let messages = accepting.wait_for(1, Duration::from_secs(20)).await;
    assert!(messages[0]["data"]
        .as_str()
        .unwrap()
        .contains("Subject: Reminder: Refused at first"));
}

#[tokio::test]
async fn without_smtp_the_message_goes_to_the_outbox() {
    let app = spawn_seeded_app_with(|settings| {
        settings.mail.poll = Duration::from_millis(50);
    })
    .await;
    app.execute(
        "INSERT INTO reminder (n_user_id, c_title, c_url, d_scheduled_date_time)
         SELECT id, 'Outbox only', '/dashboard/analytics', now() FROM users WHERE c_username = 'admin'",
    )
    .await;
    let mut queued = 0_i64;
    for _ in 0..200 {
        queued = scalar(
            &app,
            "SELECT count(*) FROM mail_outbox o JOIN reminder r ON r.id = o.n_reminder_id
             WHERE r.c_title = 'Outbox only' AND o.d_sent_at IS NULL AND r.n_sent_status = 1
               AND o.c_to = 'admin@metrorail.example' AND o.c_subject = 'Reminder: Outbox only'",
        )
        .await;
        if queued == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(queued, 1);

    // Administrators read the outbox through the registry; other users may not.
    let (status, rows) = app
        .get_json("/api/custom/selectall?t=mail_outbox&cols=c_to,c_subject,d_sent_at&whrc=c_purpose%20%3D%20%27reminder%27")
        .await;
    assert_eq!(status, 200, "{rows}");
    assert_eq!(rows[0]["c_subject"], "Reminder: Outbox only");
    assert_eq!(rows[0]["d_sent_at"], Value::Null);
    let (viewer, _) = viewer(&app).await;
    let (status, _) = viewer
        .get_json("/api/custom/selectall?t=mail_outbox&cols=c_to")
        .await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn queued_mail_is_delivered_when_smtp_is_configured() {
    let sink = SmtpSink::accepting();
    let url = sink.url();
    let app = spawn_seeded_app_with(move |settings| {
        settings.mail.smtp_url = Some(url);
        settings.mail.poll = Duration::from_millis(50);
    })
    .await;
    let (status, _) = app
        .anonymous()
        .post_json(
            "/api/auth/forgot",
            &json!({"email": "priya.raman@metrorail.example"}),
        )
        .await;
    assert_eq!(status, 200);
    let messages = sink.wait_for(1, Duration::from_secs(20)).await;
    assert_eq!(
        messages[0]["rcpt_tos"],
        json!(["priya.raman@metrorail.example"])
    );
    let mut sent = 0_i64;
    for _ in 0..100 {
        sent = scalar(&app, "SELECT count(*) FROM mail_outbox WHERE c_purpose = 'password-reset' AND d_sent_at IS NOT NULL").await;
        if sent == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(sent, 1);
}
