//! Running the process: configuration, the connection pools (the primary's, and a read replica's with its health
//! check), migrations, demo data, registry checks, logging, readiness, housekeeping and the command line.

pub mod cli;
pub mod config;
pub mod database;
pub mod database_tls;
pub mod freed_memory;
pub mod housekeeping;
pub mod migrations;
pub mod privileges;
pub mod read_file;
pub mod read_replica;
pub mod readiness;
pub mod registry_apply;
pub mod registry_check;
pub mod replica_health;
pub mod seed;
pub mod telemetry;
pub mod thread_pools;
