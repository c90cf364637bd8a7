//! Database refusals of a record write, in the words of the registry (docs/architecture.md §3 stage 5): a unique violation is
//! 409 naming the fields, a delete of a record others point at is 409 naming it and counting them, a missing
//! referenced record or a broken CHECK is 422 on the fields concerned. Which columns a constraint covers is read
//! from the catalogue when it happens (rare), so nothing has to be declared twice.

use deadpool_postgres::GenericClient;
use schema_registry::in_use;
use schema_registry::live::label_from_name;
use schema_registry::{Entry, Registry};
use tokio_postgres::error::{DbError, SqlState};

use crate::error::{ApiError, FieldError};
use crate::pipeline::execute;

/// What the refused statement was doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Create,
    Update,
    Delete,
}

/// The client's answer for a write the database refused. Called after the transaction has been rolled back,
/// on the same connection.
pub async fn explain(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    key: Option<&str>,
    action: Action,
    error: tokio_postgres::Error,
) -> ApiError {
    let Some(db) = error.as_db_error() else {
        return error.into();
    };
    let code = db.code().clone();
    let explained = if code == SqlState::UNIQUE_VIOLATION {
        unique(client, entry, db).await
    } else if code == SqlState::FOREIGN_KEY_VIOLATION {
        foreign_key(client, registry, entry, key, action, db).await
    } else if code == SqlState::NOT_NULL_VIOLATION {
        Ok(not_null(entry, db))
    } else if code == SqlState::CHECK_VIOLATION {
        check(client, entry, db).await
    } else if code == SqlState::STRING_DATA_RIGHT_TRUNCATION {
        Ok(Some(ApiError::Validation {
            message: "a text is longer than its column allows".into(),
            fields: Vec::new(),
        }))
    } else {
        Ok(None)
    };
    match explained {
        Ok(Some(answer)) => {
            tracing::info!(constraint = db.constraint().unwrap_or(""), entry = %entry.name, "write refused by the database");
            answer
        }
        Ok(None) => error.into(),
        Err(lookup) => {
            tracing::warn!(error = %lookup, "could not read the catalogue to explain a refused write");
            error.into()
        }
    }
}

async fn unique(
    client: &impl GenericClient,
    entry: &Entry,
    db: &DbError,
) -> Result<Option<ApiError>, tokio_postgres::Error> {
    let Some(constraint) = db.constraint() else {
        return Ok(None);
    };
    // The violated constraint is an index (a UNIQUE constraint's or a unique index's); its key expressions name
    // the columns, also for expression indexes such as `lower(c_email)`.
    let rows = client
        .query(
            "SELECT pg_get_indexdef(i.indexrelid, k, true)
             FROM pg_index i
             JOIN pg_class c ON c.oid = i.indexrelid
             JOIN pg_namespace n ON n.oid = c.relnamespace
             CROSS JOIN LATERAL generate_series(1, i.indnkeyatts) AS k
             WHERE c.relname = $1 AND n.nspname = 'public'
             ORDER BY k",
            &[&constraint],
        )
        .await?;
    let expressions = rows
        .iter()
        .map(|row| row.try_get::<_, String>(0))
        .collect::<Result<Vec<_>, _>>()?;
    let columns = columns_named_in(entry, &expressions);
    if columns.is_empty() {
        return Ok(Some(ApiError::Conflict(format!(
            "another {} already has these values",
            entry.title()
        ))));
    }
    let labels = labels(entry, &columns);
    let message = format!(
        "{} with this {labels} already exists",
        schema_registry::text::a_or_an(entry.title())
    );
    Ok(Some(ApiError::Duplicate {
        fields: columns
            .iter()
            .map(|name| FieldError::new(name, format!("already used by another {}", entry.title())))
            .collect(),
        message,
    }))
}

async fn foreign_key(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    key: Option<&str>,
    action: Action,
    db: &DbError,
) -> Result<Option<ApiError>, tokio_postgres::Error> {
    // On delete the rows that still point here are the other side: name this record and count them.
    if action == Action::Delete {
        return in_use(client, registry, entry, key.unwrap_or_default(), db)
            .await
            .map(Some);
    }
    // On create or update the written row points at a record that is gone (deleted since the lookup check).
    let columns = constraint_columns(client, db).await?;
    let columns: Vec<String> = columns
        .into_iter()
        .filter(|name| entry.readable_column(name).is_some())
        .collect();
    Ok(Some(ApiError::Validation {
        message: "a chosen record no longer exists".into(),
        fields: columns
            .iter()
            .map(|name| {
                FieldError::new(
                    name,
                    format!("{}: the chosen record no longer exists", label(entry, name)),
                )
            })
            .collect(),
    }))
}

/// "Package C1-P04 (Viaduct package 4) cannot be deleted: it is in use by 12 Station records (C1-S01, C1-S02,
/// C1-S03 and 9 more). Change or delete those first." Every single-column foreign key that restricts deletes
/// of this table is counted, registered or not.
async fn in_use(
    client: &impl GenericClient,
    registry: &Registry,
    entry: &Entry,
    key: &str,
    db: &DbError,
) -> Result<ApiError, tokio_postgres::Error> {
    let row = match in_use::naming_sql(entry, key) {
        Ok(sql) => execute::query_opt(client, &sql).await?,
        Err(_) => None,
    };
    let name = row
        .map(|row| {
            let values: Vec<Option<String>> = (0..row.len())
                .map(|i| row.try_get(i).ok().flatten())
                .collect();
            in_use::row_text(&values)
        })
        .filter(|text| !text.is_empty())
        .unwrap_or_else(|| key.to_owned());
    let references = client
        .query(
            "SELECT c.relname::text, a.attname::text
             FROM pg_constraint k
             JOIN pg_class c ON c.oid = k.conrelid
             JOIN pg_class r ON r.oid = k.confrelid
             JOIN pg_namespace n ON n.oid = r.relnamespace
             JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
             WHERE k.contype = 'f' AND k.confdeltype IN ('a', 'r') AND cardinality(k.conkey) = 1
               AND r.relname = $1 AND n.nspname = 'public'
             ORDER BY c.relname, a.attname",
            &[&entry.table],
        )
        .await?;
    let mut users = Vec::new();
    for reference in &references {
        let (table, column): (String, String) = (reference.try_get(0)?, reference.try_get(1)?);
        let referring = entry_over(registry, &table);
        let naming = referring.map(in_use::naming_columns).unwrap_or_default();
        let Ok(sql) = in_use::referrers_sql(&table, &column, entry.primary_key(), key, &naming)
        else {
            continue;
        };
        let rows = execute::query(client, &sql).await?;
        let Some(first) = rows.first() else {
            continue;
        };
        let count: i64 = first.try_get(0)?;
        let named: Vec<String> = rows
            .iter()
            .map(|row| {
                let values: Vec<Option<String>> = (1..row.len())
                    .map(|i| row.try_get(i).ok().flatten())
                    .collect();
                in_use::row_text(&values)
            })
            .filter(|text| !text.is_empty())
            .collect();
        let title = referring
            .map(|e| e.title().to_owned())
            .unwrap_or_else(|| label_from_name(&table));
        users.push(in_use::referrers_text(&title, count, &named));
    }
    let record = format!("{} {name}", entry.title());
    let message = match users.as_slice() {
        [] => match db.table() {
            Some(table) => format!(
                "{record} cannot be deleted: it is in use by {}",
                title_of_table(registry, table)
            ),
            None => format!("{record} cannot be deleted: it is in use by another record"),
        },
        [one] => format!("{record} cannot be deleted: it is in use by {one}. Change or delete those first."),
        [rest @ .., last] => format!(
            "{record} cannot be deleted: it is in use by {} and {last}. Change or delete those first.",
            rest.join(", ")
        ),
    };
    Ok(ApiError::Conflict(message))
}

fn not_null(entry: &Entry, db: &DbError) -> Option<ApiError> {
    let column = db.column()?;
    Some(ApiError::Validation {
        message: format!("{} is required", label(entry, column)),
        fields: vec![FieldError::new(
            column,
            format!("{} is required", label(entry, column)),
        )],
    })
}

async fn check(
    client: &impl GenericClient,
    entry: &Entry,
    db: &DbError,
) -> Result<Option<ApiError>, tokio_postgres::Error> {
    // A record put inside itself or one of its own, refused by the `[tree]` guard: under the parent's field.
    if let Some(tree) = entry.def.tree.as_ref().filter(|_| {
        db.constraint() == Some(schema_registry::tree::constraint_name(&entry.table).as_str())
    }) {
        let message = schema_registry::tree::refusal(label(entry, &tree.parent), entry.singular());
        return Ok(Some(ApiError::Validation {
            fields: vec![FieldError::new(&tree.parent, message.clone())],
            message,
        }));
    }
    // A CHECK the registry describes with a rule speaks in the rule's words, under the rule's fields.
    if let Some(rule) = db
        .constraint()
        .and_then(|name| schema_registry::rules::for_constraint(entry, name))
    {
        return Ok(Some(ApiError::Validation {
            message: rule.message.clone(),
            fields: rule
                .fields
                .iter()
                .map(|name| FieldError::new(name, rule.message.clone()))
                .collect(),
        }));
    }
    let columns: Vec<String> = constraint_columns(client, db)
        .await?
        .into_iter()
        .filter(|name| entry.readable_column(name).is_some())
        .collect();
    let message = match columns.as_slice() {
        [] => format!("the {} breaks one of its rules", entry.title()),
        [one] => format!("{} has a value that is not allowed", label(entry, one)),
        _ => format!(
            "{}: these values are not allowed together",
            labels(entry, &columns)
        ),
    };
    Ok(Some(ApiError::Validation {
        fields: columns
            .iter()
            .map(|name| FieldError::new(name, message.clone()))
            .collect(),
        message,
    }))
}

/// The columns of a table constraint (CHECK, FOREIGN KEY), in table order.
async fn constraint_columns(
    client: &impl GenericClient,
    db: &DbError,
) -> Result<Vec<String>, tokio_postgres::Error> {
    let (Some(constraint), Some(table)) = (db.constraint(), db.table()) else {
        return Ok(Vec::new());
    };
    let rows = client
        .query(
            "SELECT a.attname::text
             FROM pg_constraint k
             JOIN pg_class c ON c.oid = k.conrelid
             JOIN pg_namespace n ON n.oid = c.relnamespace
             JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
             WHERE k.conname = $1 AND c.relname = $2 AND n.nspname = 'public'
             ORDER BY a.attnum",
            &[&constraint, &table],
        )
        .await?;
    rows.iter().map(|row| row.try_get(0)).collect()
}

/// Registered columns that appear as a whole identifier in any of the expressions.
fn columns_named_in(entry: &Entry, expressions: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for expression in expressions {
        for word in expression.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            if entry.readable_column(word).is_some() && !found.iter().any(|f| f == word) {
                found.push(word.to_owned());
            }
        }
    }
    found
}

fn label<'e>(entry: &'e Entry, column: &'e str) -> &'e str {
    entry
        .column(column)
        .map(|c| c.label.as_str())
        .unwrap_or(column)
}

fn labels(entry: &Entry, columns: &[String]) -> String {
    columns
        .iter()
        .map(|name| label(entry, name))
        .collect::<Vec<_>>()
        .join(" and ")
}

/// The title of the registry entry over `table` (a writable one when several share it), else the table's name
/// in words.
fn title_of_table(registry: &Registry, table: &str) -> String {
    entry_over(registry, table)
        .map(|e| e.title().to_owned())
        .unwrap_or_else(|| label_from_name(table))
}

/// The registry entry over `table` (a writable one when several share it).
fn entry_over<'r>(registry: &'r Registry, table: &str) -> Option<&'r Entry> {
    let mut over = registry
        .entries()
        .filter(|e| e.table == table)
        .collect::<Vec<_>>();
    over.sort_by_key(|e| e.def.read_only);
    over.first().copied()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_found_in_index_expressions() {
        let registry = Registry::from_sources(&[(
            "users.toml",
            "users",
            "title = \"User\"\nread_only = true\n[[columns]]\nname = \"id\"\ntype = \"bigint\"\nlabel = \"ID\"\n\
             [[columns]]\nname = \"c_email\"\ntype = \"text\"\nlabel = \"E-mail\"\n",
        )])
        .expect("valid");
        let entry = registry.entry("users").expect("entry");
        assert_eq!(
            columns_named_in(entry, &["lower(c_email)".into(), "c_other".into()]),
            vec!["c_email".to_owned()]
        );
    }
}
