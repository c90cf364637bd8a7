//! What a printed report's heading says that the dashboard does not: the package, corridor or programme it is
//! narrowed to, by code and name, and the time it was printed in the programme's time zone (every session's).

use deadpool_postgres::Object;

use crate::error::ApiError;
use crate::pipeline::compile::dashboard::Narrowing;
use crate::pipeline::execute;

/// The heading's scope line and print time.
pub struct PrintFacts {
    pub scope: String,
    pub generated: String,
}

pub async fn print_facts(client: &Object, narrowing: Narrowing) -> Result<PrintFacts, ApiError> {
    let row = client
        .query_one(
            "SELECT to_char(now(), 'DD Mon, YYYY, HH24:MI') AS generated,
                    (SELECT c_code || ' ' || c_name FROM package WHERE id = $1) AS package,
                    (SELECT c_code || ' ' || c_name FROM corridor WHERE id = $2) AS corridor,
                    (SELECT c_code || ' ' || c_name FROM project WHERE id = $3) AS project",
            &[&narrowing.package, &narrowing.corridor, &narrowing.project],
        )
        .await
        .map_err(execute::internal)?;
    let named = |column: &str, what: &str, id: Option<i64>| -> Option<String> {
        id.map(|id| {
            let name: Option<String> = row.get(column);
            format!("{what} {}", name.unwrap_or_else(|| format!("#{id}")))
        })
    };
    let parts: Vec<String> = [
        named("project", "Programme", narrowing.project),
        named("corridor", "Corridor", narrowing.corridor),
        named("package", "Package", narrowing.package),
    ]
    .into_iter()
    .flatten()
    .collect();
    Ok(PrintFacts {
        scope: if parts.is_empty() {
            "All the packages you may read".to_owned()
        } else {
            parts.join(" · ")
        },
        generated: row.get("generated"),
    })
}
