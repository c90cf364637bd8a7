//! Files attached to records (`attachments = true` in a registry file): one store behind one interface (a local
//! folder, or an S3-compatible bucket), content-addressed by SHA-256 so the same file is kept once, streamed both
//! ways in constant memory; names sanitised, size, type and quantity limited, executables refused; every blob in
//! the store belongs to a live file or to one deleted within the grace period.
//! - [`store`]: the object store and its paths;
//! - [`names`]: file names, types and the executable check;
//! - [`upload`]: a multipart upload into hashed temporary files, within the record's and the user's allowance;
//! - [`records`]: the `record_file` rows, listed, added (with their bytes), deleted and restored with their audit
//!   rows;
//! - [`text`]: the text inside PDF, DOCX, XLSX and plain-text files, read in a process of its own and kept once
//!   per content for search;
//! - [`sweep`]: the periodic removal of deleted files past their grace period and of content nothing refers to.

pub mod names;
pub mod records;
pub mod store;
pub mod sweep;
pub mod text;
pub mod upload;
