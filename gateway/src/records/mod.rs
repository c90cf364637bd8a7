//! The record service: creating, updating and deleting a record ([`write`]), copying one into a new record
//! ([`copy`]), moving one through its workflow ([`transition`]) and uploading one with its files ([`upload`]), each in one transaction with its audit row.
//! It sits above the pipeline's stages (`crate::pipeline`: compile, execute, explain a refusal) and the process
//! engine's rules (`crate::workflow`: number, initial state, editors, hand-offs), which never call back into it.

pub mod copy;
pub mod transition;
pub mod upload;
pub mod write;
