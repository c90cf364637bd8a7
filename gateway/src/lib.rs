//! Metro PMIS gateway: the HTTP server in front of PostgreSQL.
//!
//! The folders follow a request's path through the server (docs/architecture.md §3, §10):
//! - [`http`]: the edge. Routes (thin: parse → let the runner or a service work → respond), the JSON body reader,
//!   the path guard, static files, the OpenAPI document.
//! - [`pipeline`]: the generic read and write pipelines, one module per stage: `request` → `authorise` →
//!   `compile` (the only reader of the schema registry) → `execute` → `respond`, run in order by `run`, with the
//!   record writes and exports they share.
//! - [`records`]: the record service above them: create, update, delete, copy, transitions, uploads with files.
//! - [`workflow`]: the process engine inside record writes: rules, transitions, people, hand-off mail, history.
//! - [`base`]: the bottom layer every other may use: stage timing, the audit rows, SMTP mail, the XLSX writer.
//! - [`auth`]: sign-in, sessions, accounts, permissions and the navigation they open.
//! - [`console`]: the console's own services: reminders, mail, the pending list, banner messages.
//! - [`file_limits`]: the limits every reader of a user's file checks before it trusts the bytes.
//! - [`files`]: files attached to records, the store (folder or S3 bucket) they live in, and their text.
//! - [`import`]: the generic CSV/XLSX importer into any writable registry entry.
//! - [`print`]: dashboards printed as PDF (Typst) or XLSX: the predefined reports.
//! - [`ops`]: running the process: configuration, the database pool, migrations, demo data, the command line.
//!
//! [`startup`] builds and runs the application from these; [`state`] is what every handler shares; [`error`] is
//! the one error type, mapped to HTTP answers in one place.

pub mod auth;
pub mod base;
pub mod console;
pub mod custom_report;
pub mod error;
pub mod file_limits;
pub mod files;
pub mod http;
pub mod import;
pub mod ops;
pub mod pipeline;
pub mod print;
pub mod records;
pub mod schedule;
pub mod startup;
pub mod state;
pub mod workflow;
