//! Metro PMIS gateway: the HTTP server in front of PostgreSQL.
//!
//! `startup` builds and runs the application; `main.rs` only parses the command line. Request handling follows the
//! pipeline of DESIGN §3, one module per stage: `request` → `authorise` → `compile` → `execute` → `respond`
//! (`export_stream` for streamed answers); `routes` wires them to paths. This crate owns the process: configuration, the connection pool, migrations, demo data, static files.

pub mod audit;
pub mod auth;
pub mod authorise;
pub mod cli;
pub mod compile;
pub mod config;
pub mod constraint;
pub mod database;
pub mod dispatcher;
pub mod error;
pub mod execute;
pub mod export_stream;
pub mod housekeeping;
pub mod json_body;
pub mod mail;
pub mod migrations;
pub mod openapi;
pub mod password;
pub mod path_guard;
pub mod readiness;
pub mod reference;
pub mod registry_check;
pub mod reminders;
pub mod request;
pub mod respond;
pub mod routes;
pub mod seed;
pub mod startup;
pub mod static_files;
pub mod support_files;
pub mod telemetry;
pub mod write;
pub mod xlsx;
