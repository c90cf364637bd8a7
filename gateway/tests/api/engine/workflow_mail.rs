//! Records as people work them, on the RFI: due-date reminders to the person a record waits on (once per step and
//! day, also with two runs at once, never to someone who cannot open the record), the RFI's distribution copied
//! on its hand-offs (not the people on it who cannot open it), and the daily digest for a person who asks for one
//! (no copy and no reminder mailed one by one, one digest a day with all of them, through a real SMTP server).

use std::sync::Arc;
use std::time::Duration;

use gateway::console::digest::Digests;
use gateway::console::step_reminders::StepReminders;
use gateway::pipeline::reference::References;
use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{
    registry_dir, settings_for, spawn_seeded_app, spawn_seeded_app_with, SmtpSink, TestApp,
};

async fn one(app: &TestApp, sql: &str) -> i64 {
    app.db()
        .await
        .query_one(sql, &[])
        .await
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .get(0)
}

async fn user(app: &TestApp, username: &str) -> i64 {
    one(
        app,
        &format!("SELECT id FROM users WHERE c_username = '{username}'"),
    )
    .await
}

/// Today in the programme's time zone (the tests' settings keep the default, Asia/Kolkata).
const TODAY: &str = "(now() AT TIME ZONE 'Asia/Kolkata')::date";

/// The due-date reminder task of this app's database, as a gateway runs it.
async fn reminders(app: &TestApp) -> StepReminders {
    let settings = settings_for(&app.database_url);
    let registry = Arc::new(
        gateway::ops::registry_check::load(&registry_dir(), None).expect("the shipped registry"),
    );
    let references = Arc::new(References::default());
    references.load(&app.pool).await.expect("reference key");
    StepReminders::new(
        app.pool.clone(),
        registry,
        references,
        &settings.mail,
        settings.auth.public_url.clone(),
    )
}

fn digests(app: &TestApp) -> Digests {
    Digests::new(app.pool.clone(), &settings_for(&app.database_url).mail)
}

/// A new RFI on C1-V01 raised by the contractor, assigned to the engineer; its id.
async fn new_rfi(contractor: &TestApp, app: &TestApp, subject: &str) -> i64 {
    let package = one(app, "SELECT id FROM package WHERE c_code = 'C1-V01'").await;
    let engineer = user(app, "engineer").await;
    let (status, created) = contractor
        .send(
            Method::POST,
            "/api/data/rfi",
            Some(&json!({"n_package": package, "c_subject": subject,
                         "c_question": "Which drawing governs?", "n_assigned_to": engineer,
                         "d_due": "2027-06-30"})),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    created["id"].as_i64().unwrap()
}

async fn step(app: &TestApp, id: i64, name: &str, fields: Value) -> Value {
    let version = one(
        app,
        &format!("SELECT n_row_version::int8 FROM rfi WHERE id = {id}"),
    )
    .await;
    let (status, body) = app
        .send(
            Method::POST,
            &format!("/api/data/rfi/{id}/transition"),
            Some(&json!({"transition": name, "n_row_version": version, "fields": fields})),
        )
        .await;
    assert_eq!(status, 200, "{name}: {body}");
    body
}

/// The RFI submitted to the engineer: Open, waiting on them.
async fn open_rfi(contractor: &TestApp, app: &TestApp, subject: &str) -> i64 {
    let id = new_rfi(contractor, app, subject).await;
    step(contractor, id, "submit", json!({})).await;
    id
}

async fn reminded(app: &TestApp, id: i64) -> i64 {
    one(
        app,
        &format!("SELECT count(*) FROM workflow_reminder WHERE c_entry = 'rfi' AND c_key = '{id}'"),
    )
    .await
}

/// Reminder mails about RFI `id` (by its number in the subject).
async fn reminder_mails(app: &TestApp, id: i64) -> Vec<(String, String, String)> {
    app.db()
        .await
        .query(
            "SELECT o.c_to, o.c_subject, o.c_body FROM mail_outbox o, rfi r
             WHERE r.id = $1 AND o.c_purpose = 'due-reminder' AND o.c_subject LIKE '%' || r.c_rfi_no || '%'
             ORDER BY o.id",
            &[&id],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| (row.get(0), row.get(1), row.get(2)))
        .collect()
}

#[tokio::test]
async fn a_step_is_reminded_the_day_before_it_is_due_and_each_day_overdue_once_a_day() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let task = reminders(&app).await;
    let tomorrow = open_rfi(&contractor, &app, "Parapet drainage outlet").await;
    let late = open_rfi(&contractor, &app, "Segment lifting insert type").await;
    let long_late = open_rfi(&contractor, &app, "Noise barrier post spacing").await;
    let later = open_rfi(&contractor, &app, "Viaduct lighting pole base").await;
    app.execute(&format!(
        "UPDATE rfi SET d_due = {TODAY} + 1 WHERE id = {tomorrow};
         UPDATE rfi SET d_due = {TODAY} - 3 WHERE id = {late};
         UPDATE rfi SET d_due = {TODAY} - 15 WHERE id = {long_late};
         UPDATE rfi SET d_due = {TODAY} + 2 WHERE id = {later};"
    ))
    .await;

    task.run_once().await.expect("a pass");
    // Due tomorrow: reminded, to the engineer, with the number, the title, the days and a link that opens it.
    let mails = reminder_mails(&app, tomorrow).await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    let (to, subject, body) = &mails[0];
    assert_eq!(to, "arjun.mehta@pmc.example");
    assert!(subject.contains("is due tomorrow"), "{subject}");
    assert!(body.contains("Parapet drainage outlet"), "{body}");
    assert!(body.contains("Open (with engineer)"), "{body}");
    assert!(
        body.contains("/contract-data-entry/rfi?record=r."),
        "{body}"
    );
    // Overdue by three days: reminded so. Overdue for longer than 14 days, or due in two: not today.
    let mails = reminder_mails(&app, late).await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert!(mails[0].1.contains("is 3 days overdue"), "{}", mails[0].1);
    assert!(mails[0].2.contains("3 days overdue"), "{}", mails[0].2);
    assert!(reminder_mails(&app, long_late).await.is_empty());
    assert!(reminder_mails(&app, later).await.is_empty());
    assert_eq!(reminded(&app, later).await, 0);

    // A second pass the same day sends nothing again.
    task.run_once().await.expect("a second pass");
    assert_eq!(reminder_mails(&app, tomorrow).await.len(), 1);
    assert_eq!(reminder_mails(&app, late).await.len(), 1);
    assert_eq!(reminded(&app, tomorrow).await, 1);

    // The next day (today's reminders made yesterday's): the overdue step is reminded again, once; the one that was
    // due tomorrow is due today now, which the RFI does not remind of (before = 1), until it is overdue.
    app.execute(&format!(
        "UPDATE workflow_reminder SET d_day = d_day - 1 WHERE c_entry = 'rfi' AND c_key IN ('{tomorrow}', '{late}');
         UPDATE rfi SET d_due = d_due - 1 WHERE id IN ({tomorrow}, {late});"
    ))
    .await;
    task.run_once().await.expect("the next day's pass");
    task.run_once().await.expect("and again");
    let mails = reminder_mails(&app, late).await;
    assert_eq!(mails.len(), 2, "{mails:?}");
    assert!(mails[1].1.contains("is 4 days overdue"), "{}", mails[1].1);
    assert_eq!(reminder_mails(&app, tomorrow).await.len(), 1);
    assert_eq!(reminded(&app, late).await, 2);

    // A record answered waits on its raiser: the RFI reminds only the engineer's step (states = ["Open"]).
    app.execute(&format!(
        "UPDATE rfi SET c_state = 'Answered', n_ball_in_court = n_raised_by, d_due = {TODAY} - 2 WHERE id = {later}"
    ))
    .await;
    task.run_once().await.expect("a pass");
    assert!(reminder_mails(&app, later).await.is_empty());
}

#[tokio::test]
async fn nobody_who_cannot_open_the_record_is_reminded() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let task = reminders(&app).await;
    let out_of_scope = open_rfi(&contractor, &app, "Bearing grout strength").await;
    let inactive = open_rfi(&contractor, &app, "Pier cap chamfer size").await;
    // Waiting (behind the engine's back) on contractor2, who is linked to other packages only; and on a deactivated
    // engineer.
    app.execute(&format!(
        "UPDATE rfi SET d_due = {TODAY} + 1 WHERE id IN ({out_of_scope}, {inactive});
         UPDATE rfi SET n_ball_in_court = (SELECT id FROM users WHERE c_username = 'contractor2')
         WHERE id = {out_of_scope};
         INSERT INTO users (c_username, c_name, c_email, c_password_hash, n_active)
         VALUES ('gone.engineer', 'Gone Engineer', 'gone.engineer@pmc.example', '!', 0);
         UPDATE rfi SET n_ball_in_court = (SELECT id FROM users WHERE c_username = 'gone.engineer')
         WHERE id = {inactive};"
    ))
    .await;
    task.run_once().await.expect("a pass");
    assert!(reminder_mails(&app, out_of_scope).await.is_empty());
    assert!(reminder_mails(&app, inactive).await.is_empty());
    assert_eq!(reminded(&app, out_of_scope).await, 0);
    assert_eq!(reminded(&app, inactive).await, 0);
    // Once it waits on someone who can open it, it is reminded.
    app.execute(&format!(
        "UPDATE rfi SET n_ball_in_court = n_assigned_to WHERE id = {out_of_scope}"
    ))
    .await;
    task.run_once().await.expect("a pass");
    assert_eq!(reminder_mails(&app, out_of_scope).await.len(), 1);
}

#[tokio::test]
async fn two_gateways_running_at_once_send_each_reminder_once() {
    let app = spawn_seeded_app().await;
    // The demo's own mail (the mail view's) aside: this test counts the mail it makes.
    app.execute("DELETE FROM mail_outbox").await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let mut ids = Vec::new();
    for n in 0..6 {
        let id = open_rfi(&contractor, &app, &format!("Expansion joint gap {n}")).await;
        ids.push(id);
    }
    let list = ids
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    app.execute(&format!(
        "UPDATE rfi SET d_due = {TODAY} + 1 WHERE id IN ({list})"
    ))
    .await;
    // Two gateways' tasks (each with its own registry and connections), four passes at once, twice.
    let first = reminders(&app).await;
    let second = reminders(&app).await;
    let mut sent = 0;
    for _ in 0..2 {
        let (a, b, c, d) = tokio::join!(
            first.run_once(),
            second.run_once(),
            first.run_once(),
            second.run_once()
        );
        for pass in [a, b, c, d] {
            let pass = pass.expect("a pass");
            sent += pass.mailed + pass.collected;
        }
    }
    for id in &ids {
        assert_eq!(reminder_mails(&app, *id).await.len(), 1, "RFI {id}");
        assert_eq!(reminded(&app, *id).await, 1, "RFI {id}");
    }
    // Every reminder claimed was sent once, whichever pass claimed it (the demo records due today count too).
    assert_eq!(
        i64::from(sent),
        app.count("SELECT count(*) FROM workflow_reminder").await
    );
    assert_eq!(
        i64::from(sent),
        app.count("SELECT count(*) FROM mail_outbox WHERE c_purpose = 'due-reminder'")
            .await
    );
}

/// Puts `username` on RFI `id`'s distribution, as `who` (through the API: a line of the RFI's Distribution tab).
async fn distribute(app: &TestApp, who: &TestApp, id: i64, username: &str) {
    let person = user(app, username).await;
    let (status, body) = who
        .send(
            Method::POST,
            "/api/data/rfi_distribution",
            Some(&json!({"n_rfi": id, "n_user": person, "c_note": "For information"})),
        )
        .await;
    assert_eq!(status, 201, "{username}: {body}");
}

async fn mails_to(app: &TestApp, address: &str, subject_like: &str) -> Vec<(String, String)> {
    app.db()
        .await
        .query(
            "SELECT c_subject, c_body FROM mail_outbox WHERE c_to = $1 AND c_subject LIKE $2 ORDER BY id",
            &[&address, &subject_like],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect()
}

#[tokio::test]
async fn the_distribution_gets_a_copy_of_each_hand_off_but_not_who_cannot_open_the_record() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    // The RFI's form has the Distribution tab (the register's permissions, no routes of its own).
    let (status, screen) = app
        .get_json("/api/screen?route=/contract-data-entry/rfi")
        .await;
    assert_eq!(status, 200, "{screen}");
    assert!(screen.to_string().contains("rfi_distribution"), "{screen}");

    let id = new_rfi(&contractor, &app, "Handrail post embedment").await;
    // The employer's chief engineer reads RFIs and is linked to no package: she can open it. Contractor2 holds RFIs
    // but only for other packages; the viewer is on C1-V01 but holds no RFI permission; the engineer is the one it
    // will wait on (mailed anyway, once).
    for person in ["employer", "contractor2", "viewer", "engineer"] {
        distribute(&app, &contractor, id, person).await;
    }
    // A person is on the distribution once.
    let meera = user(&app, "employer").await;
    let (status, body) = contractor
        .send(
            Method::POST,
            "/api/data/rfi_distribution",
            Some(&json!({"n_rfi": id, "n_user": meera})),
        )
        .await;
    assert_eq!(status, 409, "{body}");

    step(&contractor, id, "submit", json!({})).await;
    let copies = mails_to(&app, "meera.iyer@metrorail.example", "Copy: RFI %").await;
    assert_eq!(copies.len(), 1, "{copies:?}");
    assert!(copies[0].0.contains("Submit to engineer"), "{copies:?}");
    assert!(copies[0].1.contains("to Arjun Mehta"), "{}", copies[0].1);
    assert!(
        copies[0].1.contains("on its distribution"),
        "{}",
        copies[0].1
    );
    assert!(
        copies[0].1.contains("/contract-data-entry/rfi?record=r."),
        "{}",
        copies[0].1
    );
    assert!(mails_to(&app, "sunil.rao@tunnel-contractor.example", "%")
        .await
        .is_empty());
    assert!(mails_to(&app, "priya.raman@metrorail.example", "%")
        .await
        .is_empty());
    // The engineer gets the hand-off itself, not a copy besides.
    assert_eq!(
        mails_to(&app, "arjun.mehta@pmc.example", "%waiting on you%")
            .await
            .len(),
        1
    );
    assert!(mails_to(&app, "arjun.mehta@pmc.example", "Copy:%")
        .await
        .is_empty());

    // The answer hands it back to the raiser: the distribution is copied again, and the engineer who moved it is not.
    step(
        &engineer,
        id,
        "answer",
        json!({"c_response": "Use 150 mm embedment with epoxy grout."}),
    )
    .await;
    let copies = mails_to(&app, "meera.iyer@metrorail.example", "Copy: RFI %").await;
    assert_eq!(copies.len(), 2, "{copies:?}");
    assert!(copies[1].0.contains("Answer"), "{copies:?}");
    assert!(mails_to(&app, "arjun.mehta@pmc.example", "Copy:%")
        .await
        .is_empty());
    assert!(mails_to(&app, "sunil.rao@tunnel-contractor.example", "%")
        .await
        .is_empty());
}

#[tokio::test]
async fn a_digest_person_gets_one_mail_a_day_with_every_copy_and_reminder() {
    let sink = SmtpSink::accepting();
    let url = sink.url();
    let app = spawn_seeded_app_with(move |settings| {
        settings.mail.smtp_url = Some(url);
        settings.mail.poll = Duration::from_millis(50);
    })
    .await;
    // The demo's own mail (the mail view's) aside: this test counts the mail it makes.
    app.execute("DELETE FROM mail_outbox").await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let employer = app.with_token(&app.sign_in("employer", "Employer@123").await);
    // The employer's chief engineer asks for a digest on her own profile; the engineer's is set by an administrator.
    let (status, me) = employer.get_json("/api/auth/me").await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["user"]["mailDigest"], false);
    let (status, body) = employer
        .send(
            Method::PUT,
            "/api/auth/me/mail",
            Some(&json!({"mail_digest": true})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["result"], "success");
    let (_, me) = employer.get_json("/api/auth/me").await;
    assert_eq!(me["user"]["mailDigest"], true);
    let arjun = user(&app, "engineer").await;
    let (status, body) = app
        .send(
            Method::PUT,
            &format!("/api/admin/users/{arjun}"),
            Some(&json!({"mail_digest": true})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        one(
            &app,
            &format!("SELECT n_mail_digest::int8 FROM users WHERE id = {arjun}")
        )
        .await,
        1
    );

    let first = new_rfi(&contractor, &app, "Cable trough crossing at P120").await;
    let second = new_rfi(&contractor, &app, "Deck drain pipe material").await;
    distribute(&app, &contractor, first, "employer").await;
    distribute(&app, &contractor, second, "employer").await;
    step(&contractor, first, "submit", json!({})).await;
    step(&contractor, second, "submit", json!({})).await;
    step(
        &engineer,
        first,
        "answer",
        json!({"c_response": "Cross under the walkway in a GI sleeve."}),
    )
    .await;
    // The engineer still gets the mails saying an RFI waits on him at once; his reminder goes to his digest.
    assert_eq!(
        mails_to(&app, "arjun.mehta@pmc.example", "%waiting on you%")
            .await
            .len(),
        2
    );
    app.execute(&format!(
        "UPDATE rfi SET d_due = {TODAY} - 2 WHERE id = {second}"
    ))
    .await;
    let pass = reminders(&app).await.run_once().await.expect("a pass");
    assert!(pass.collected >= 1, "{pass:?}");
    assert!(reminder_mails(&app, second).await.is_empty());
    // No copy mailed to her one by one: three kept for her digest (and the reminder of the demo NCR's concession,
    // overdue with her, when it is due today).
    assert!(mails_to(&app, "meera.iyer@metrorail.example", "%")
        .await
        .is_empty());
    let meera = user(&app, "employer").await;
    assert_eq!(
        one(
            &app,
            &format!(
                "SELECT count(*) FROM mail_digest_item WHERE n_user = {meera} AND c_purpose = 'workflow'"
            )
        )
        .await,
        3
    );
    let kept = one(
        &app,
        &format!("SELECT count(*) FROM mail_digest_item WHERE n_user = {meera}"),
    )
    .await;

    // Two gateways' digest passes at once: one digest each.
    let (one_gateway, another) = (digests(&app), digests(&app));
    let (a, b) = tokio::join!(one_gateway.run_once(), another.run_once());
    let (a, b) = (a.expect("a pass"), b.expect("a pass"));
    assert_eq!(a.digests + b.digests, 2, "{a:?} {b:?}");
    let digest = mails_to(&app, "meera.iyer@metrorail.example", "%digest%").await;
    assert_eq!(digest.len(), 1, "{digest:?}");
    let (subject, body) = &digest[0];
    assert!(subject.contains(&format!("{kept} messages")), "{subject}");
    for expected in [
        "Cable trough crossing at P120",
        "Deck drain pipe material",
        "Submit to engineer",
        "Answer",
        "/contract-data-entry/rfi?record=r.",
    ] {
        assert!(body.contains(expected), "no `{expected}` in {body}");
    }
    let digest = mails_to(&app, "arjun.mehta@pmc.example", "%digest%").await;
    assert_eq!(digest.len(), 1, "{digest:?}");
    assert!(digest[0].1.contains("2 days overdue"), "{}", digest[0].1);

    // Later the same day: what comes now waits for tomorrow's digest.
    step(&engineer, second, "answer", json!({"c_response": "HDPE."})).await;
    let pass = digests(&app).run_once().await.expect("a pass");
    assert_eq!(pass.digests, 0, "{pass:?}");
    assert_eq!(
        mails_to(&app, "meera.iyer@metrorail.example", "%")
            .await
            .len(),
        1
    );
    assert_eq!(
        one(
            &app,
            &format!(
                "SELECT count(*) FROM mail_digest_item WHERE n_user = {meera} AND d_sent_at IS NULL"
            )
        )
        .await,
        1
    );

    // The digest reaches the SMTP server, to her alone.
    let start = std::time::Instant::now();
    let message = loop {
        let found = sink.messages().into_iter().find(|m| {
            m["rcpt_tos"] == json!(["meera.iyer@metrorail.example"])
                && m["data"].as_str().is_some_and(|d| d.contains("digest"))
        });
        if let Some(found) = found {
            break found;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "no digest at the SMTP server"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let data = message["data"]
        .as_str()
        .unwrap()
        .replace("=\r\n", "")
        .replace("=\n", "");
    assert!(data.contains("Deck drain pipe material"), "{data}");

    // Switched back: copies come one by one again.
    let (status, _) = employer
        .send(
            Method::PUT,
            "/api/auth/me/mail",
            Some(&json!({"mail_digest": false})),
        )
        .await;
    assert_eq!(status, 200);
    let third = new_rfi(&contractor, &app, "Pier numbering plate").await;
    distribute(&app, &contractor, third, "employer").await;
    step(&contractor, third, "submit", json!({})).await;
    assert_eq!(
        mails_to(&app, "meera.iyer@metrorail.example", "Copy: RFI %")
            .await
            .len(),
        1
    );
}

#[tokio::test]
async fn a_closing_step_copies_its_notify_people_though_the_record_waits_on_no_one() {
    let app = spawn_seeded_app().await;
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let package = one(&app, "SELECT id FROM package WHERE c_code = 'C1-V01'").await;
    let verifier = user(&app, "engineer").await;
    // The contractor records a TBM shift; it waits on the engineer named to verify it.
    let (status, created) = contractor
        .send(
            Method::POST,
            "/api/data/tbm_progress",
            Some(&json!({
                "n_package": package, "c_tbm_no": "TBM-1", "c_drive": "UP", "n_ring_no": 412,
                "n_rings_built": 6, "d_shift_date": "2026-11-20", "c_shift": "A",
                "n_chainage_start_km": 12.3, "n_chainage_end_km": 12.3084, "n_verifier": verifier
            })),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    let number = created["data"]["c_record_no"].as_str().unwrap().to_owned();
    // Verifying closes it (`notify = ["n_raised_by"]`, the ball in nobody's court): the raiser is told how it ended.
    let (status, verified) = engineer
        .send(
            Method::POST,
            &format!("/api/data/tbm_progress/{id}/transition"),
            Some(&json!({"transition": "verify", "n_row_version": 1,
                         "fields": {"c_verification_remarks": "Rings and chainage checked"}})),
        )
        .await;
    assert_eq!(status, 200, "{verified}");
    assert_eq!(verified["data"]["c_state"], "Verified");
    let copies = mails_to(
        &app,
        "rahul.verma@contractor.example",
        "Copy: TBM progress %",
    )
    .await;
    assert_eq!(copies.len(), 1, "{copies:?}");
    assert_eq!(
        copies[0].0,
        format!("Copy: TBM progress {number}: Verify shift record")
    );
    assert!(
        copies[0].1.contains(
            &format!("Arjun Mehta took the step \"Verify shift record\" on TBM progress {number}: it waits on no one now.")
        ),
        "{}",
        copies[0].1
    );
    assert!(
        copies[0]
            .1
            .contains("/contract-data-entry/tbm_progress?record=r."),
        "{}",
        copies[0].1
    );
    // The engineer who closed it is not copied on their own step.
    assert!(mails_to(&app, "arjun.mehta@pmc.example", "Copy:%")
        .await
        .is_empty());
}
