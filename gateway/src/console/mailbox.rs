//! The mail view (`/outlook`): the mail the system sent a person (hand-offs and copies, due-date reminders, their
//! own reminders, digests, scheduled reports, account notices), read back from the outbox by their address, in
//! folders by kind, with read and unread kept per person. Password-reset mail is never listed: its link is a live
//! secret that belongs in the mailbox it was sent to only.

use deadpool_postgres::GenericClient;
use serde::Serialize;

use crate::error::ApiError;

/// A folder: its key, title and the outbox purposes it holds.
pub struct Folder {
    pub key: &'static str,
    pub title: &'static str,
    pub purposes: &'static [&'static str],
}

/// Every purpose the view lists (all but `password-reset`).
const LISTED: &[&str] = &[
    "workflow",
    "due-reminder",
    "reminder",
    "digest",
    "report",
    "notice",
];

pub const FOLDERS: [Folder; 6] = [
    Folder {
        key: "inbox",
        title: "Inbox",
        purposes: LISTED,
    },
    Folder {
        key: "workflow",
        title: "Records handed to me",
        purposes: &["workflow"],
    },
    Folder {
        key: "reminders",
        title: "Reminders",
        purposes: &["reminder", "due-reminder"],
    },
    Folder {
        key: "digests",
        title: "Daily digests",
        purposes: &["digest"],
    },
    Folder {
        key: "reports",
        title: "Reports",
        purposes: &["report"],
    },
    Folder {
        key: "notices",
        title: "Account notices",
        purposes: &["notice"],
    },
];

/// A page of a folder holds this many messages.
pub const PAGE: i64 = 50;

pub fn folder(key: &str) -> Option<&'static Folder> {
    FOLDERS.iter().find(|folder| folder.key == key)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"key": "inbox", "title": "Inbox", "total": 42, "unread": 5}))]
pub struct FolderCount {
    pub key: &'static str,
    pub title: &'static str,
    pub total: i64,
    pub unread: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"id": 812, "subject": "RFI C1-V01-RFI-00012 is waiting on you", "kind": "workflow",
    "at": "2026-11-24T10:15:00+05:30", "sent_at": "2026-11-24T10:15:04+05:30", "read": false,
    "preview": "Rahul Verma submitted RFI C1-V01-RFI-00012 (Pier P112 bearing layout) to you …", "attachments": 0}))]
pub struct MessageSummary {
    pub id: i64,
    pub subject: String,
    /// The outbox purpose: workflow, due-reminder, reminder, digest, report or notice.
    pub kind: String,
    /// When the system wrote it (ISO 8601).
    pub at: String,
    /// When it left for the mail server; null while queued (or failing).
    pub sent_at: Option<String>,
    pub read: bool,
    /// The start of the text, on one line.
    pub preview: String,
    pub attachments: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct MessagePage {
    pub messages: Vec<MessageSummary>,
    /// The `before` of the next page (an id), when there is one.
    pub next: Option<i64>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Attachment {
    pub id: i64,
    pub name: String,
    pub content_type: String,
    pub size: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Message {
    #[serde(flatten)]
    pub summary: MessageSummary,
    pub to: String,
    /// The whole text, as mailed (plain text; links to the console open its records).
    pub body: String,
    pub attachment_files: Vec<Attachment>,
}

/// The caller's own mail: addressed to their e-mail address (any case), of a listed purpose.
const MINE: &str = "lower(o.c_to) = (SELECT lower(c_email) FROM users WHERE id = $1)";

fn purposes(folder: &Folder) -> Vec<String> {
    folder.purposes.iter().map(|p| (*p).to_owned()).collect()
}

pub async fn folders(client: &impl GenericClient, user: i64) -> Result<Vec<FolderCount>, ApiError> {
    let sql = format!(
        "SELECT o.c_purpose, count(*), count(*) FILTER (WHERE r.n_outbox IS NULL)
         FROM mail_outbox o LEFT JOIN mail_read r ON r.n_outbox = o.id AND r.n_user = $1
         WHERE {MINE} AND o.c_purpose = ANY($2) GROUP BY o.c_purpose"
    );
    let rows = client.query(&sql, &[&user, &purposes(&FOLDERS[0])]).await?;
    let mut by_purpose = Vec::with_capacity(rows.len());
    for row in rows {
        let purpose: String = row.try_get(0)?;
        by_purpose.push((
            purpose,
            row.try_get::<_, i64>(1)?,
            row.try_get::<_, i64>(2)?,
        ));
    }
    Ok(FOLDERS
        .iter()
        .map(|folder| {
            let (total, unread) = by_purpose
                .iter()
                .filter(|(purpose, _, _)| folder.purposes.contains(&purpose.as_str()))
                .fold((0, 0), |(total, unread), (_, t, u)| (total + t, unread + u));
            FolderCount {
                key: folder.key,
                title: folder.title,
                total,
                unread,
            }
        })
        .collect())
}

/// The columns of a summary, in [`summary`]'s order.
const SUMMARY_COLUMNS: &str = "o.id, o.c_subject, o.c_purpose, to_json(o.d_created_at)#>>'{}',
    to_json(o.d_sent_at)#>>'{}', r.n_outbox IS NOT NULL,
    left(regexp_replace(o.c_body, '\\s+', ' ', 'g'), 200),
    (SELECT count(*) FROM mail_attachment a WHERE a.n_outbox = o.id)";

fn summary(row: &tokio_postgres::Row) -> Result<MessageSummary, ApiError> {
    Ok(MessageSummary {
        id: row.try_get(0)?,
        subject: row.try_get(1)?,
        kind: row.try_get(2)?,
        at: row.try_get(3)?,
        sent_at: row.try_get(4)?,
        read: row.try_get(5)?,
        preview: row.try_get(6)?,
        attachments: row.try_get(7)?,
    })
}

/// A folder's messages, newest first, [`PAGE`] at a time: those older than `before` (an id); `search` narrows to
/// subjects or texts containing it (any case).
pub async fn messages(
    client: &impl GenericClient,
    user: i64,
    folder: &Folder,
    before: Option<i64>,
    search: Option<&str>,
    unread_only: bool,
) -> Result<MessagePage, ApiError> {
    let pattern = search.map(|text| format!("%{}%", like_escaped(text)));
    let sql = format!(
        "SELECT {SUMMARY_COLUMNS}
         FROM mail_outbox o LEFT JOIN mail_read r ON r.n_outbox = o.id AND r.n_user = $1
         WHERE {MINE} AND o.c_purpose = ANY($2) AND ($3::bigint IS NULL OR o.id < $3)
           AND ($4::text IS NULL OR o.c_subject ILIKE $4 OR o.c_body ILIKE $4)
           AND (NOT $5 OR r.n_outbox IS NULL)
         ORDER BY o.id DESC LIMIT $6"
    );
    let rows = client
        .query(
            &sql,
            &[
                &user,
                &purposes(folder),
                &before,
                &pattern,
                &unread_only,
                &(PAGE + 1),
            ],
        )
        .await?;
    let mut messages = rows.iter().map(summary).collect::<Result<Vec<_>, _>>()?;
    let next = if messages.len() as i64 > PAGE {
        messages.truncate(PAGE as usize);
        messages.last().map(|message| message.id)
    } else {
        None
    };
    Ok(MessagePage { messages, next })
}

/// One of the caller's messages with its text and attachments (None when it is not theirs or not listed); reading
/// it marks it read.
pub async fn message(
    client: &impl GenericClient,
    user: i64,
    id: i64,
) -> Result<Option<Message>, ApiError> {
    let sql = format!(
        "SELECT {SUMMARY_COLUMNS}, o.c_to, o.c_body
         FROM mail_outbox o LEFT JOIN mail_read r ON r.n_outbox = o.id AND r.n_user = $1
         WHERE {MINE} AND o.c_purpose = ANY($2) AND o.id = $3"
    );
    let Some(row) = client
        .query_opt(&sql, &[&user, &purposes(&FOLDERS[0]), &id])
        .await?
    else {
        return Ok(None);
    };
    let mut summary = summary(&row)?;
    if !summary.read {
        mark(client, user, id, true).await?;
        summary.read = true;
    }
    let files = client
        .query(
            "SELECT id, c_file_name, c_content_type, length(b_content)::bigint
             FROM mail_attachment WHERE n_outbox = $1 ORDER BY id",
            &[&id],
        )
        .await?;
    let attachment_files = files
        .iter()
        .map(|file| {
            Ok(Attachment {
                id: file.try_get(0)?,
                name: file.try_get(1)?,
                content_type: file.try_get(2)?,
                size: file.try_get(3)?,
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok(Some(Message {
        summary,
        to: row.try_get(8)?,
        body: row.try_get(9)?,
        attachment_files,
    }))
}

/// Whether message `id` is the caller's (and listed).
pub async fn is_mine(client: &impl GenericClient, user: i64, id: i64) -> Result<bool, ApiError> {
    let sql = format!(
        "SELECT EXISTS (SELECT 1 FROM mail_outbox o WHERE {MINE} AND o.c_purpose = ANY($2) AND o.id = $3)"
    );
    Ok(client
        .query_one(&sql, &[&user, &purposes(&FOLDERS[0]), &id])
        .await?
        .try_get(0)?)
}

/// Marks message `id` read or unread for the caller (the caller checked it is theirs).
pub async fn mark(
    client: &impl GenericClient,
    user: i64,
    id: i64,
    read: bool,
) -> Result<(), ApiError> {
    if read {
        client
            .execute(
                "INSERT INTO mail_read (n_user, n_outbox) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                &[&user, &id],
            )
            .await?;
    } else {
        client
            .execute(
                "DELETE FROM mail_read WHERE n_user = $1 AND n_outbox = $2",
                &[&user, &id],
            )
            .await?;
    }
    Ok(())
}

/// An attachment of one of the caller's messages: its name, type and bytes.
pub async fn attachment(
    client: &impl GenericClient,
    user: i64,
    message: i64,
    id: i64,
) -> Result<Option<(String, String, Vec<u8>)>, ApiError> {
    if !is_mine(client, user, message).await? {
        return Ok(None);
    }
    let row = client
        .query_opt(
            "SELECT c_file_name, c_content_type, b_content FROM mail_attachment WHERE n_outbox = $1 AND id = $2",
            &[&message, &id],
        )
        .await?;
    row.map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)))
        .transpose()
}

/// `text` with LIKE's wildcards and escape character taken literally.
fn like_escaped(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_inbox_lists_every_kind_but_password_resets_and_each_kind_has_a_folder() {
        assert!(!FOLDERS[0].purposes.contains(&"password-reset"));
        for purpose in LISTED {
            assert!(
                FOLDERS[1..].iter().any(|f| f.purposes.contains(purpose)),
                "{purpose} has no folder"
            );
        }
        assert_eq!(like_escaped("50%_a\\b"), "50\\%\\_a\\\\b");
        assert!(folder("inbox").is_some());
        assert!(folder("password-reset").is_none());
    }
}
