//! Document management (issue 31) beyond the generic registers: a document uploaded with its metadata in one
//! call, new uploaded revisions, the text inside their files, and full-text search with facets.
//! - [`text`]: the text of PDF, DOCX, XLSX and plain-text files, extracted on upload;
//! - [`visibility`]: which documents a person may find, from the document register's read rule in the registry;
//! - [`store`]: the SQL of documents, revisions, numbers and extracted text;
//! - [`upload`]: `POST /api/dms/documents` and `…/{id}/revisions` as services;
//! - [`search`]: `GET /api/dms/search` (parameters, the query, the answer).

pub mod search;
pub mod store;
pub mod text;
pub mod upload;
pub mod visibility;

/// The document register's entry, and the revision lines' entry (whose files the documents keep).
pub const DOCUMENT: &str = "dms_document";
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

    /// Binds the values of a condition built by the engine; its text with the placeholders renumbered after
    /// those bound before (the engine's text holds `$n` only as placeholders: identifiers come from the registry
    /// and every value is bound).
    pub fn bind_sql(&mut self, sql: &schema_registry::query::Sql) -> String {
        let offset = self.values.len();
        for param in &sql.params {
            match param {
                schema_registry::query::Param::Text(text) => {
                    self.values.push(Box::new(text.clone()))
                }
                schema_registry::query::Param::Int(number) => self.values.push(Box::new(*number)),
            }
        }
        sql.text_after(offset)
    }

    pub fn refs(&self) -> Vec<&(dyn ToSql + Sync)> {
        self.values
            .iter()
            .map(|v| v.as_ref() as &(dyn ToSql + Sync))
            .collect()
    }
}
