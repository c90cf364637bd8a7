//! Files attached to records (`attachments = true` in a registry file): one store behind one interface (a local
//! folder, or an S3-compatible bucket), content-addressed by SHA-256 so the same file is kept once, streamed both
//! ways in constant memory; names sanitised, size and type limited, executables refused.
//! - [`store`]: the object store and its paths;
//! - [`names`]: file names, types and the executable check;
//! - [`upload`]: a multipart upload into a hashed temporary file, then into the store;
//! - [`records`]: the `record_file` rows, listed, added and removed with their audit rows.

pub mod names;
pub mod records;
pub mod store;
pub mod upload;
