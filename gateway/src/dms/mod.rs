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

use tokio_postgres::types::ToSql;

/// Parameters of a statement built in pieces, bound in order (`$1` …).
#[derive(Default)]
pub struct Binds {
    values: Vec<Box<dyn ToSql + Sync + Send>>,
}

impl Binds {
    /// Binds `value`; its placeholder.
    pub fn bind(&mut self, value: impl ToSql + Sync + Send + 'static) -> String {
        self.values.push(Box::new(value));
        format!("${}", self.values.len())
    }

    pub fn refs(&self) -> Vec<&(dyn ToSql + Sync)> {
        self.values
            .iter()
            .map(|v| v.as_ref() as &(dyn ToSql + Sync))
            .collect()
    }
}
