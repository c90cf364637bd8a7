//! The rows of a register a person may find by a statement written over an alias (`d`): the register's own
//! read rule, taken from the registry (its routes, its package `scope` and its `readers_see`), the same rule
//! every generic read, look-up and write of the register applies (`pipeline::compile::row_limits`). Nothing of
//! the rule is written here:
//! - who may search at all: whoever reads the register whole (a holder of one of its routes; superadmins);
//! - the package scope: the column the registry's scope resolves to, within the caller's packages (linked today;
//!   every package when linked to none), as the engine's scope;
//! - `readers_see` (ISO 19650: work in progress is its originator organisation's own) compiled by the engine's
//!   filter compiler for the caller, its values bound.
//!
//! The full-text search reads the register or its search copy (which carries the columns the rule names) under
//! the alias `d`. The caller's packages are read first and bound as an array: written as a sub-select inside the
//! condition, the package scope made the planner scan every record even for a rare word.

use deadpool_postgres::GenericClient;
use schema_registry::query::Sql;
use schema_registry::registry::ScopePath;
use schema_registry::Entry;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::authorise::reads_whole;
use crate::pipeline::binds::Binds;
use crate::pipeline::compile;

/// 403 unless the caller reads the register whole (one of its routes, or a superadmin).
pub fn ensure_reader(entry: &Entry, caller: &Caller) -> Result<(), ApiError> {
    if reads_whole(caller, entry) {
        Ok(())
    } else {
        Err(ApiError::Forbidden)
    }
}

/// The register's rule for one caller.
#[derive(Debug, Clone)]
pub struct Reader {
    /// The register's package column (`None`: not scoped, or the caller is not limited).
    package_column: Option<PackageColumn>,
    /// `None`: linked to no package (every package).
    packages: Option<Vec<i64>>,
    /// The register's `readers_see` for the caller (`None`: no rule, or a superadmin).
    rule: Option<Sql>,
}

#[derive(Debug, Clone)]
struct PackageColumn {
    name: String,
    /// `package_optional`: a row without a package is everyone's.
    optional: bool,
}

/// The caller's packages (linked today) and the register's rule for them.
pub async fn reader(
    client: &impl GenericClient,
    entry: &Entry,
    caller: &Caller,
) -> Result<Reader, ApiError> {
    let Some(limited) = compile::scoped_user(entry, caller) else {
        return Ok(Reader {
            package_column: None,
            packages: None,
            rule: None,
        });
    };
    let package_column = match &entry.scope {
        Some(ScopePath::Column(name)) => Some(PackageColumn {
            name: name.clone(),
            optional: entry.def.package_optional,
        }),
        // The register has a package column of its own (checked below, at the first search); a scope through a
        // parent would need the engine's sub-select.
        Some(ScopePath::Parent { .. }) => {
            return Err(ApiError::Internal(anyhow::anyhow!(
            "{} is scoped through a parent: a search over an alias needs its own package column",
            entry.name
        )))
        }
        None => None,
    };
    let packages = if package_column.is_some() {
        let row = client
            .query_one(
                "SELECT array(SELECT pu.n_package FROM package_user pu WHERE pu.n_user = $1
                                AND pu.d_from <= CURRENT_DATE AND (pu.d_to IS NULL OR pu.d_to >= CURRENT_DATE))",
                &[&caller.user_id],
            )
            .await?;
        let packages: Vec<i64> = row.try_get(0)?;
        (!packages.is_empty()).then_some(packages)
    } else {
        None
    };
    let rule = schema_registry::readers::readers_condition(entry, limited)
        .map_err(|e| {
            ApiError::Internal(anyhow::anyhow!(
                "readers_see of {} does not compile: {e}",
                entry.name
            ))
        })?
        .map(schema_registry::query::condition_sql)
        .transpose()
        .map_err(crate::pipeline::execute::internal)?;
    Ok(Reader {
        package_column,
        packages,
        rule,
    })
}

/// The condition (SQL over the alias `d`) of the rows the reader may read, its values bound.
pub fn readable(reader: &Reader, binds: &mut Binds) -> String {
    let mut parts = Vec::new();
    if let (Some(column), Some(packages)) = (&reader.package_column, &reader.packages) {
        let within = format!(
            "d.\"{}\" = ANY({}::int8[])",
            column.name,
            binds.bind(packages.clone())
        );
        parts.push(if column.optional {
            format!("(d.\"{}\" IS NULL OR {within})", column.name)
        } else {
            within
        });
    }
    if let Some(rule) = &reader.rule {
        parts.push(format!("({})", binds.bind_sql(rule)));
    }
    if parts.is_empty() {
        "TRUE".to_owned()
    } else {
        parts.join(" AND ")
    }
}
