//! What a printed report's heading says that the dashboard does not: the package and programme levels it is
//! narrowed to, each by its display text (as the compile stage reads it), and the time it was printed in the programme's time zone (every session's).

use deadpool_postgres::Object;

use crate::error::ApiError;
use crate::pipeline::compile::dashboard::Narrowing;
use crate::pipeline::execute;

/// The heading's scope line and print time.
pub struct PrintFacts {
    pub scope: String,
    pub generated: String,
}

pub async fn print_facts(client: &Object, narrowing: &Narrowing) -> Result<PrintFacts, ApiError> {
    let generated: String = client
        .query_one("SELECT to_char(now(), 'DD Mon, YYYY, HH24:MI')", &[])
        .await
        .map_err(execute::internal)?
        .get(0);
    // Each choice by its display text (its id when there is no such record), widest first.
    let mut parts = Vec::with_capacity(narrowing.named.len());
    for choice in &narrowing.named {
        let name: Option<String> = execute::query_opt(client, &choice.name)
            .await
            .map_err(execute::internal)?
            .and_then(|row| row.get(0));
        let name = name
            .filter(|name| !name.is_empty())
            .unwrap_or_else(|| format!("#{}", choice.id));
        parts.push(format!("{} {name}", choice.label));
    }
    Ok(PrintFacts {
        scope: if parts.is_empty() {
            "All the packages you may read".to_owned()
        } else {
            parts.join(" · ")
        },
        generated,
    })
}
