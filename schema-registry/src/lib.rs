//! The schema registry: the whitelist of tables, views and columns the gateway may reach, loaded from registry
//! files and validated against the live database, and the compiler of client requests into parameterised SQL.
//!
//! Only the crate boundary exists so far: the registry format, loader and compiler arrive with the issue
//! "Schema registry and the query compiler". Nothing in the gateway reads data through it yet.
