//! Parameters of a statement built in pieces (the full-text search's, the read rule of a register written over an
//! alias), bound in order (`$1` …).

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
