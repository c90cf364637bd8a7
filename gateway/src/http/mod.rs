//! The HTTP edge: everything that knows about requests and responses but not about SQL. Routes are thin; the body
//! reader, the path guard and the stage timing apply to all of them.

pub mod access_log;
pub mod headers;
pub mod json_body;
pub mod json_compression;
pub mod language_files;
pub mod openapi;
pub mod page_cursor;
pub mod path_guard;
pub mod responses;
pub mod routes;
pub mod static_files;
pub mod support_files;
pub mod upload_forms;
