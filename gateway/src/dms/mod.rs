//! Document management (issue 31) beyond the generic registers: a document uploaded with its metadata in one
//! call, new uploaded revisions, and the text inside their files. Its search is the engine's (`[full_text]` of the
//! document register: `pipeline::full_text`), its read rule and numbering the registry's.
//! - [`text`]: the text of PDF, DOCX, XLSX and plain-text files, extracted on upload;
//! - [`store`]: the SQL of documents, revisions and extracted text;
//! - [`upload`]: `POST /api/dms/documents` and `…/{id}/revisions` as services.

pub mod store;
pub mod text;
pub mod upload;

/// The document register's entry, and the revision lines' entry (whose files the documents keep): the one-call
/// upload still names them (a register option for "a record created with its first files line" is to come).
pub const DOCUMENT: &str = "dms_document";
pub const REVISION: &str = "dms_revision";
