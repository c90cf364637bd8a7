//! The process engine, beside the pipeline's stages: what a registry file's `[workflow]`, `[numbering]`,
//! `[[children]]` and people rules ask of record writes. [`rules`] checks and fills a record inside its write
//! (number, initial state, scope, editors, an open parent); the record service (the `records/` folder) takes a
//! workflow step with them; [`people`] keeps
//! segregation of duties in whom a record is handed to; [`hand_off`] mails the person a record now waits on;
//! [`history`] reads a record's History tab from the audit trail.

pub mod hand_off;
pub mod history;
pub mod people;
pub mod rules;
