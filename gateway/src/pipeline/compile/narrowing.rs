//! A dashboard's filter bar (docs/registry.md "Programme levels"): a package, and the programme levels the package
//! register declares (`[[levels]]`: a programme, a corridor), each chosen by its id in the query
//! (`?package=5&corridor=2`). Compiled here, once per request, into the packages a package-scoped read keeps to and
//! the reads that name each choice in a printed heading, so neither the service nor the printer names a level.

use schema_registry::levels::{LevelDef, SCOPE_ENTRY};
use schema_registry::registry::Entry;
use schema_registry::sea_query::{
    Alias, Expr, ExprTrait, Func, PostgresQueryBuilder, Query, SelectStatement, SimpleExpr,
};
use schema_registry::{Registry, Sql};
use serde::Serialize;

use super::screen::LookupMeta;
use crate::base::query_params::id_param;
use crate::error::ApiError;
use crate::pipeline::execute;

/// What a dashboard is narrowed to.
#[derive(Debug, Clone, Default)]
pub struct Narrowing {
    /// One package's rows.
    pub package: Option<i64>,
    /// The packages of each chosen level (all of them must hold): `SELECT <package key> …`.
    pub(super) within: Vec<SelectStatement>,
    /// Each choice as a printed heading names it, widest first.
    pub named: Vec<NamedChoice>,
}

/// A choice of the filter bar, for a printed heading: "Corridor C2 Corridor 2 …".
#[derive(Debug, Clone)]
pub struct NamedChoice {
    /// What people call the level ("Corridor", "Package").
    pub label: String,
    pub id: i64,
    /// One row, one text column: the chosen record's display text (none when there is no such record).
    pub name: Sql,
}

/// The narrowing the query asks for: `package` and each declared level's parameter; other parameters are not the
/// filter bar's. An id that is not a positive whole number is refused with the parameter's name.
pub fn narrowing(registry: &Registry, query: &[(String, String)]) -> Result<Narrowing, ApiError> {
    let value = |name: &str| {
        query
            .iter()
            .rev()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    };
    let scope = super::entry(registry, SCOPE_ENTRY)?;
    let mut narrowing = Narrowing::default();
    for level in &scope.def.levels {
        let what = level.label.to_lowercase();
        let Some(id) = id_param(&level.name, &what, value(&level.name))? else {
            continue;
        };
        let target = super::entry(registry, &level.entry)?;
        narrowing.within.push(packages_of(scope, level, id));
        narrowing.named.push(named(target, &level.label, id)?);
    }
    let what = scope.title().to_lowercase();
    if let Some(id) = id_param(SCOPE_ENTRY, &what, value(SCOPE_ENTRY))? {
        narrowing.package = Some(id);
        narrowing.named.push(named(scope, scope.title(), id)?);
    }
    Ok(narrowing)
}

/// The keys of the packages belonging to the level's record `id`.
fn packages_of(scope: &Entry, level: &LevelDef, id: i64) -> SelectStatement {
    let key = scope.primary_key().name.clone();
    match (&level.column, &level.through) {
        (_, Some(link)) => Query::select()
            .column(Alias::new(link.package.clone()))
            .from(Alias::new(link.entry.clone()))
            .and_where(Expr::col(Alias::new(link.level.clone())).eq(id))
            .to_owned(),
        // check-registry gives a level exactly one way; a column otherwise.
        (column, None) => Query::select()
            .column(Alias::new(key))
            .from(Alias::new(scope.table.clone()))
            .and_where(Expr::col(Alias::new(column.clone().unwrap_or_default())).eq(id))
            .to_owned(),
    }
}

/// The read of record `id`'s display text: its display columns but the key, joined by spaces.
fn named(target: &Entry, label: &str, id: i64) -> Result<NamedChoice, ApiError> {
    let key = target.primary_key().name.clone();
    // The separator, then each display column (`args` sets the whole list).
    let parts: Vec<SimpleExpr> = std::iter::once(Expr::val(" "))
        .chain(
            target
                .display
                .iter()
                .filter(|name| **name != key)
                .map(|name| Expr::col(Alias::new(name.clone())).cast_as("text")),
        )
        .collect();
    let mut select = Query::select();
    select
        .expr(Func::cust(Alias::new("concat_ws")).args(parts))
        .from(Alias::new(target.table.clone()))
        .and_where(Expr::col(Alias::new(key)).eq(id));
    Ok(NamedChoice {
        label: label.to_owned(),
        id,
        name: Sql::from_built(select.build(PostgresQueryBuilder)).map_err(execute::internal)?,
    })
}

/// A filter of the dashboard's bar: a programme level (widest first), then the package.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct DashboardFilter {
    /// Its query parameter (`corridor`, `package`).
    pub name: String,
    /// What people call it ("Corridor").
    pub label: String,
    /// Where its choices come from: a look-up register, named by `display`.
    pub lookup: LookupMeta,
    /// The display column an option is named by (its code).
    pub display: String,
    /// For a level a package holds in a column: that column of the package register, by which a chosen record
    /// narrows the packages offered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub narrows: Option<String>,
    /// The package register's own filter (the caller's packages are offered).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub packages: bool,
}

/// The dashboards' filter bar: each programme level of the package register, then the package.
pub fn filters(registry: &Registry) -> Result<Vec<DashboardFilter>, ApiError> {
    let scope = super::entry(registry, SCOPE_ENTRY)?;
    let filter = |name: &str, label: &str, target: &Entry, narrows: Option<String>| {
        let key = target.primary_key().name.clone();
        DashboardFilter {
            name: name.to_owned(),
            label: label.to_owned(),
            display: target
                .display
                .iter()
                .find(|column| **column != key)
                .cloned()
                .unwrap_or_else(|| key.clone()),
            lookup: LookupMeta::of(target),
            narrows,
            packages: target.name == scope.name,
        }
    };
    let mut filters = Vec::with_capacity(scope.def.levels.len() + 1);
    for level in &scope.def.levels {
        let target = super::entry(registry, &level.entry)?;
        filters.push(filter(
            &level.name,
            &level.label,
            target,
            level.column.clone(),
        ));
    }
    filters.push(filter(SCOPE_ENTRY, scope.title(), scope, None));
    Ok(filters)
}
