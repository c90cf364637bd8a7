//! Running the process: configuration, the connection pool, migrations, demo data, registry checks, logging,
//! readiness, housekeeping and the command line.

pub mod cli;
pub mod config;
pub mod database;
pub mod database_tls;
pub mod housekeeping;
pub mod migrations;
pub mod privileges;
pub mod readiness;
pub mod registry_check;
pub mod seed;
pub mod telemetry;
