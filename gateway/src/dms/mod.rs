//! Document management (issue 31) beyond the generic registers: a document uploaded with its metadata in one
//! call, new uploaded revisions, the text inside their files, and full-text search with facets.
//! - [`text`]: the text of PDF, DOCX, XLSX and plain-text files, extracted on upload;
//! - [`visibility`]: the ONE rule of which documents a person may find;
//! - [`store`]: the SQL of documents, revisions, numbers and extracted text;
//! - [`upload`]: `POST /api/dms/documents` and `…/{id}/revisions` as services;
//! - [`search`]: `GET /api/dms/search` (parameters, the query, the answer).

pub mod search;
pub mod store;
pub mod text;
pub mod upload;
pub mod visibility;

/// The document register's entry, its route, and the revision lines' entry (whose files the documents keep).
pub const DOCUMENT: &str = "dms_document";
pub const ROUTE: &str = "/dms/dms";
pub const REVISION: &str = "dms_revision";
