//! Loads the schema registry and checks it against the live database. The gateway refuses to start when either
//! fails; `gateway check-registry` runs the same checks alone.

use std::path::Path;

use deadpool_postgres::Pool;
use schema_registry::live::{self, CatalogueRow, LiveSchema, Warning};
use schema_registry::plan::{LiveMenu, Plan};
use schema_registry::{Registry, RegistryError};

#[derive(Debug, thiserror::Error)]
pub enum RegistryCheckError {
    #[error("{0}")]
    Invalid(#[from] RegistryError),
    #[error("cannot read the database catalogue to check the registry: {0}")]
    Catalogue(String),
    #[error(
        "the registry declares what the database does not have yet ({0}); review it with `gateway registry \
         plan`, then apply it with `gateway registry apply`"
    )]
    Unapplied(String),
}

/// Reads the product's folder (`REGISTRY_DIR`) and the site's own (`SITE_REGISTRY_DIR`, when there is one) as one
/// registry and runs the checks that need no database.
pub fn load(dir: &Path, site_dir: Option<&Path>) -> Result<Registry, RegistryError> {
    match site_dir {
        Some(site_dir) => Registry::load_dirs(&[dir, site_dir]),
        None => Registry::load_dir(dir),
    }
}

/// Tables, views and columns of schema `public`, with their types, trigram indexes, CHECK constraints and
/// foreign keys.
pub async fn live_schema(pool: &Pool) -> Result<LiveSchema, RegistryCheckError> {
    let client = pool.get().await.map_err(|e| {
        RegistryCheckError::Catalogue(crate::ops::database::describe_pool_error(&e))
    })?;
    let rows = client
        .query(live::CATALOGUE_SQL, &[])
        .await
        .map_err(|e| RegistryCheckError::Catalogue(crate::ops::database::describe_pg_error(&e)))?;
    let rows = rows
        .iter()
        .map(|row| {
            Ok(CatalogueRow {
                relation: row.try_get(0)?,
                relkind: row.try_get(1)?,
                column: row.try_get(2)?,
                udt_name: row.try_get(3)?,
                not_null: row.try_get(4)?,
                max_length: row.try_get(5)?,
                trigram_indexed: row.try_get(6)?,
                numeric_precision: row.try_get(7)?,
                numeric_scale: row.try_get(8)?,
                generated: row.try_get(9)?,
            })
        })
        .collect::<Result<Vec<_>, tokio_postgres::Error>>()
        .map_err(|e| RegistryCheckError::Catalogue(e.to_string()))?;
    let checks = quadruples(&client, live::CHECKS_SQL).await?;
    let foreign_keys = quadruples(&client, live::FOREIGN_KEYS_SQL).await?;
    let view_reads = client
        .query(live::VIEW_READS_SQL, &[])
        .await
        .map_err(|e| RegistryCheckError::Catalogue(crate::ops::database::describe_pg_error(&e)))?
        .iter()
        .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
        .collect::<Result<Vec<(String, String)>, tokio_postgres::Error>>()
        .map_err(|e| RegistryCheckError::Catalogue(e.to_string()))?;
    let triggers = client
        .query(live::TRIGGERS_SQL, &[])
        .await
        .map_err(|e| RegistryCheckError::Catalogue(crate::ops::database::describe_pg_error(&e)))?
        .iter()
        .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
        .collect::<Result<Vec<(String, String)>, tokio_postgres::Error>>()
        .map_err(|e| RegistryCheckError::Catalogue(e.to_string()))?;
    Ok(LiveSchema::from_rows(rows)
        .with_checks(checks)
        .with_foreign_keys(foreign_keys)
        .with_view_reads(view_reads)
        .with_triggers(triggers))
}

/// The routes of the navigation master and the titles of its top-level groups.
pub async fn live_menu(pool: &Pool) -> Result<LiveMenu, RegistryCheckError> {
    let client = pool.get().await.map_err(|e| {
        RegistryCheckError::Catalogue(crate::ops::database::describe_pool_error(&e))
    })?;
    let rows = client
        .query(
            "SELECT c_route, CASE WHEN n_parent_id IS NULL THEN c_title END FROM navigation",
            &[],
        )
        .await
        .map_err(|e| RegistryCheckError::Catalogue(crate::ops::database::describe_pg_error(&e)))?;
    let mut menu = LiveMenu::default();
    for row in rows {
        let route: Option<String> = row.get(0);
        let group: Option<String> = row.get(1);
        menu.routes.extend(route);
        menu.groups.extend(group);
    }
    Ok(menu)
}

/// What the gateway cannot serve without, in words (the first few, with their files), or `None`: the plan's
/// required steps and its problems.
pub fn unapplied(registry: &Registry, plan: &Plan) -> Option<String> {
    let mut said: Vec<String> = plan
        .required()
        .map(|step| {
            let file = registry.entry(&step.entry).map_or("", |e| e.file.as_str());
            format!("{file}: {}", step.why)
        })
        .collect();
    said.extend(plan.problems.iter().map(ToString::to_string));
    if said.is_empty() {
        return None;
    }
    let more = said.len().saturating_sub(5);
    said.truncate(5);
    if more > 0 {
        said.push(format!("and {more} more"));
    }
    Some(said.join("; "))
}

/// What the registry declares that the database lacks (see `schema_registry::plan`).
pub async fn plan(pool: &Pool, registry: &Registry) -> Result<Plan, RegistryCheckError> {
    let live = live_schema(pool).await?;
    let menu = live_menu(pool).await?;
    Ok(schema_registry::plan::plan(registry, &live, &menu))
}

/// The rows of a catalogue query of four columns.
async fn quadruples<A, B, C, D>(
    client: &deadpool_postgres::Object,
    sql: &str,
) -> Result<Vec<(A, B, C, D)>, RegistryCheckError>
where
    A: for<'a> tokio_postgres::types::FromSql<'a>,
    B: for<'a> tokio_postgres::types::FromSql<'a>,
    C: for<'a> tokio_postgres::types::FromSql<'a>,
    D: for<'a> tokio_postgres::types::FromSql<'a>,
{
    client
        .query(sql, &[])
        .await
        .map_err(|e| RegistryCheckError::Catalogue(crate::ops::database::describe_pg_error(&e)))?
        .iter()
        .map(|row| {
            Ok((
                row.try_get(0)?,
                row.try_get(1)?,
                row.try_get(2)?,
                row.try_get(3)?,
            ))
        })
        .collect::<Result<Vec<_>, tokio_postgres::Error>>()
        .map_err(|e| RegistryCheckError::Catalogue(e.to_string()))
}

/// Checks every entry against the live database and logs the warnings.
pub async fn validate_live(
    pool: &Pool,
    registry: &Registry,
) -> Result<Vec<Warning>, RegistryCheckError> {
    let live = live_schema(pool).await?;
    let pending = schema_registry::plan::plan(registry, &live, &live_menu(pool).await?);
    if let Some(unapplied) = unapplied(registry, &pending) {
        return Err(RegistryCheckError::Unapplied(unapplied));
    }
    for step in pending.advised() {
        tracing::warn!(entry = %step.entry, advice = %step.why, "the registry plan advises it: `gateway registry plan`");
    }
    let warnings = live::validate(registry, &live)?;
    for warning in &warnings {
        tracing::warn!(warning = %warning, "schema registry");
    }
    Ok(warnings)
}
