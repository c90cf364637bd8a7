//! The mail view's API (`/api/mail/*`) on the demo's mail: one's own mail only, in folders with counts, read and
//! unread kept per person, attachments, search; password-reset mail never listed.

use serde_json::{json, Value};

use crate::helpers::spawn_seeded_app;

fn folder<'a>(folders: &'a Value, key: &str) -> &'a Value {
    folders
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["key"] == key)
        .unwrap()
}

#[tokio::test]
async fn each_person_reads_their_own_mail_by_folder_and_keeps_what_they_read() {
    let app = spawn_seeded_app().await;
    // A live reset link to the engineer: it must never show in the view.
    app.execute(
        "INSERT INTO mail_outbox (c_to, c_subject, c_body, c_purpose)
         VALUES ('Arjun.Mehta@pmc.example', 'Reset your password', 'token=secret', 'password-reset')",
    )
    .await;
    let engineer = app.with_token(&app.sign_in("engineer", "Engineer@123").await);
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);

    let (status, folders) = engineer.get_json("/api/mail/folders").await;
    assert_eq!(status, 200, "{folders}");
    assert_eq!(folder(&folders, "inbox")["total"], 5);
    assert_eq!(folder(&folders, "inbox")["unread"], 3);
    assert_eq!(folder(&folders, "workflow")["total"], 1);
    assert_eq!(folder(&folders, "reminders")["total"], 2);
    assert_eq!(folder(&folders, "reports")["unread"], 1);

    let (status, inbox) = engineer.get_json("/api/mail/messages").await;
    assert_eq!(status, 200, "{inbox}");
    let messages = inbox["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 5);
    assert_eq!(
        messages[0]["subject"],
        "Weekly report: Certified amounts by package"
    );
    assert_eq!(messages[0]["attachments"], 1);
    assert!(messages
        .iter()
        .all(|m| m["subject"] != "Reset your password"));
    assert!(inbox["next"].is_null());

    // Opening the report marks it read; its workbook downloads.
    let id = messages[0]["id"].as_i64().unwrap();
    let (status, report) = engineer.get_json(&format!("/api/mail/messages/{id}")).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["read"], true);
    assert!(report["body"]
        .as_str()
        .unwrap()
        .contains("/reports/customreports"));
    let file = report["attachment_files"][0]["id"].as_i64().unwrap();
    let download = engineer
        .get(&format!("/api/mail/messages/{id}/attachments/{file}"))
        .await;
    assert_eq!(download.status(), 200);
    assert_eq!(download.headers()["content-type"], "text/csv");
    assert!(download.text().await.unwrap().starts_with("Package,IPCs"));
    let (_, folders) = engineer.get_json("/api/mail/folders").await;
    assert_eq!(folder(&folders, "inbox")["unread"], 2);

    // Unread again, by choice.
    let (status, _) = engineer
        .send(
            reqwest::Method::PUT,
            &format!("/api/mail/messages/{id}/read"),
            Some(&json!({"read": false})),
        )
        .await;
    assert_eq!(status, 200);
    let (_, unread) = engineer.get_json("/api/mail/messages?unread=1").await;
    assert_eq!(unread["messages"].as_array().unwrap().len(), 3);

    // A folder, and a search (wildcards taken literally).
    let (_, reminders) = engineer
        .get_json("/api/mail/messages?folder=reminders")
        .await;
    assert_eq!(reminders["messages"].as_array().unwrap().len(), 2);
    let (_, found) = engineer.get_json("/api/mail/messages?q=pile%20load").await;
    assert_eq!(found["messages"].as_array().unwrap().len(), 1);
    let (_, none) = engineer.get_json("/api/mail/messages?q=%25").await;
    assert_eq!(none["messages"].as_array().unwrap().len(), 0);

    // Someone else's mail: not found, however asked; unknown folders and cursors refused.
    let (status, theirs) = contractor
        .get_json(&format!("/api/mail/messages/{id}"))
        .await;
    assert_eq!(status, 404, "{theirs}");
    // The answer says what is missing, not that the address is no endpoint.
    assert_eq!(
        theirs["message"], "No such message in your mail",
        "{theirs}"
    );
    let (status, _) = contractor
        .send(
            reqwest::Method::PUT,
            &format!("/api/mail/messages/{id}/read"),
            Some(&json!({"read": true})),
        )
        .await;
    assert_eq!(status, 404);
    assert_eq!(
        contractor
            .get(&format!("/api/mail/messages/{id}/attachments/{file}"))
            .await
            .status(),
        404
    );
    let (_, own) = contractor.get_json("/api/mail/messages").await;
    assert_eq!(own["messages"].as_array().unwrap().len(), 2);
    assert_eq!(
        contractor
            .get_json("/api/mail/messages?folder=password-reset")
            .await
            .0,
        400
    );
    assert_eq!(
        contractor.get_json("/api/mail/messages?before=x").await.0,
        400
    );
    let reset: i64 = app
        .count("SELECT id FROM mail_outbox WHERE c_purpose = 'password-reset'")
        .await;
    assert_eq!(
        engineer
            .get_json(&format!("/api/mail/messages/{reset}"))
            .await
            .0,
        404
    );

    // Without the screen: nothing.
    let viewer = app.with_token(&app.sign_in("viewer", "Viewer@123").await);
    assert_eq!(viewer.get_json("/api/mail/folders").await.0, 403);
    assert_eq!(viewer.get_json("/api/mail/messages").await.0, 403);
}
