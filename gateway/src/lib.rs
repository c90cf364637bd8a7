//! Metro PMIS gateway: the HTTP server in front of PostgreSQL.
//!
//! `startup` builds and runs the application; `main.rs` only parses the command line. Request handling follows the
//! pipeline of DESIGN §3 (request → authorise → compile → execute → respond); the stages arrive with the issues that
//! need them. This crate owns the process: configuration, the connection pool, migrations, demo data, static files.

pub mod cli;
pub mod config;
pub mod database;
pub mod error;
pub mod migrations;
pub mod password;
pub mod readiness;
pub mod routes;
pub mod seed;
pub mod startup;
pub mod static_files;
pub mod telemetry;
