//! Pipeline stage 3, and the only reader of the schema registry: registry names → trusted entries, grants →
//! views and row conditions, typed requests → read queries ([`reads`]), routes → screen descriptions
//! ([`screen`]), the registry's pending rules → the pending list's reads ([`pending`]). Every identifier comes
//! from the registry and every value is a bind parameter (schema-registry builds the SQL).

pub mod across;
pub mod activity;
pub mod custom_report;
pub mod dashboard;
pub mod filter_cache;
pub mod full_text;
pub mod gallery;
pub mod narrowing;
pub mod pending;
pub mod reads;
pub mod screen;
pub mod upload;

use std::borrow::Cow;
use std::collections::HashMap;

use schema_registry::query::{lookup_display, DisplayJoin};
use schema_registry::readers::{limits_readers, row_condition, Reader};
use schema_registry::sea_query::{Alias, Expr, ExprTrait};
use schema_registry::text::quote;
use schema_registry::{compile_filter, Entry, FilterLimits, ReadQuery, Registry};

use crate::auth::navigation::{
    BrowseLevel, HitField, RegistryScreens, SearchLines, DASHBOARD, IMPORT, REGISTER,
};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::authorise::{self, Grant};

pub use reads::{datatable, selectall, table_selection, DEFAULT_PAGE_SIZE};

/// The entry a request names (`t`, `{entry}`): the one lookup, with one answer for a name the registry does not
/// have (400 `PMIS-R400T`).
pub fn entry<'r>(registry: &'r Registry, name: &str) -> Result<&'r Entry, ApiError> {
    let name = name.trim();
    registry
        .entry(name)
        .ok_or_else(|| ApiError::UnknownTable(quote(name)))
}

/// [`entry`] for a write: read-only entries (views, tables changed only through their own API) answer 405.
pub fn writable_entry<'r>(registry: &'r Registry, name: &str) -> Result<&'r Entry, ApiError> {
    let entry = entry(registry, name)?;
    if entry.def.read_only {
        return Err(ApiError::MethodNotAllowed {
            message: format!(
                "{} is read-only: its records cannot be written",
                entry.title()
            ),
            allow: "GET",
        });
    }
    Ok(entry)
}

/// An entry as a grant lets the caller read it: other columns hidden, the row condition to AND into every read
/// of it, and the expressions that stand for columns cut to what the caller may see.
pub struct Target<'r> {
    pub entry: Cow<'r, Entry>,
    pub rows: Option<Expr>,
    pub overrides: HashMap<String, Expr>,
    /// The look-ups that overrides read display texts from.
    pub display_joins: Vec<DisplayJoin>,
    /// Who reads, for the read rules of the registers this entry's look-ups name (`None`: a superadmin, or the
    /// server itself): a look-up's names, its search by name and an export's display texts apply them.
    pub reader: Option<Reader>,
}

impl<'r> Target<'r> {
    /// The whole entry, as the server itself reads it (inside a write).
    pub fn whole(entry: &'r Entry) -> Target<'r> {
        Target {
            entry: Cow::Borrowed(entry),
            rows: None,
            overrides: HashMap::new(),
            display_joins: Vec::new(),
            reader: None,
        }
    }

    /// The caller's `whrc` compiled against this target's entry (from the cache when the entry is the
    /// registry's own, not one cut to the reader's columns).
    pub fn filter(
        &self,
        filters: &filter_cache::FilterCache,
        text: &str,
    ) -> Result<schema_registry::CompiledFilter, schema_registry::FilterError> {
        filters.compile(&self.entry, matches!(self.entry, Cow::Borrowed(_)), text)
    }

    /// A read of the target's columns, with its row condition and column overrides.
    pub fn read<'a>(&'a self, columns: Vec<&'a schema_registry::Column>) -> ReadQuery<'a> {
        let mut query = ReadQuery::new(&self.entry, columns);
        query.overrides = self.overrides.clone();
        query.display_joins = self.display_joins.clone();
        if let Some(rows) = &self.rows {
            query.and_where(rows.clone());
        }
        query
    }
}

pub fn target<'r>(
    registry: &'r Registry,
    entry: &'r Entry,
    grant: &Grant,
    caller: &Caller,
) -> Result<Target<'r>, ApiError> {
    let registered = entry;
    let entry = match &grant.columns {
        Some(columns) => Cow::Owned(entry.restricted_to(columns)),
        None => Cow::Borrowed(entry),
    };
    let rows = match &grant.rows {
        None => None,
        Some(filter) => {
            compile_filter(&entry, filter, &FilterLimits::default())
                .map_err(|e| {
                    ApiError::Internal(anyhow::anyhow!(
                        "every_user_reads of {} does not compile: {e}",
                        entry.name
                    ))
                })?
                .condition
        }
    };
    // A scoped entry: only the rows of the caller's packages; a register's `readers_see`: only its rows (not
    // for the rows granted because they wait on the caller). Compiled against the whole entry: a look-up's
    // reader sees fewer columns than the rule names.
    let limits = match scoped_user(registered, caller) {
        Some(reader) => row_limits(registered, reader, !grant.waiting_on_caller)?,
        None => None,
    };
    let rows = match (rows, limits) {
        (Some(rows), Some(limits)) => Some(rows.and(limits)),
        (rows, limits) => rows.or(limits),
    };
    let mut target = Target {
        entry,
        rows,
        overrides: HashMap::new(),
        display_joins: Vec::new(),
        reader: (!caller.superadmin).then(|| caller.reader()),
    };
    if grant.records_limited {
        limit_records(registry, &mut target, caller);
    }
    Ok(target)
}

/// An export shows look-up columns by the text people see (the look-up's display column), not by their keys;
/// filters and order still work on the keys. A looked-up record the reader may not read (that register's read
/// rule) shows blank.
pub fn display_lookups(registry: &Registry, target: &mut Target<'_>) -> Result<(), ApiError> {
    let table = target.entry.table.clone();
    for column in target.entry.readable_columns() {
        if target.overrides.contains_key(&column.name) {
            continue;
        }
        let shown = lookup_display(registry, &table, column, target.reader).map_err(|e| {
            ApiError::Internal(anyhow::anyhow!(
                "the display of {}.{}: {e}",
                target.entry.name,
                column.name
            ))
        })?;
        if let Some((display, join)) = shown {
            target.overrides.insert(column.name.clone(), display);
            target.display_joins.push(join);
        }
    }
    Ok(())
}

/// The caller when `entry`'s rows are limited for them (package scope, `readers_see` or `reads_through`, a
/// caller who is not a superadmin).
pub fn scoped_user(entry: &Entry, caller: &Caller) -> Option<Reader> {
    (limits_readers(entry) && !caller.superadmin).then(|| caller.reader())
}

/// The rows of `entry` `reader` may reach: their packages (a scoped entry), with `readers` the rows of the
/// entry's `readers_see`, and a view's rows naming rows of the registers it reads through that they may read
/// (`None`: every row).
pub fn row_limits(entry: &Entry, reader: Reader, readers: bool) -> Result<Option<Expr>, ApiError> {
    row_condition(entry, reader, readers).map_err(|e| {
        ApiError::Internal(anyhow::anyhow!(
            "the read rule of {} does not compile: {e}",
            entry.name
        ))
    })
}

/// A log of other entries' records, read by someone who is not a superadmin: rows about entries they may read
/// only, and each snapshot column cut to the columns they could see on that entry's screen.
fn limit_records(registry: &Registry, target: &mut Target<'_>, caller: &Caller) {
    let Some(records_of) = target.entry.def.records_of.clone() else {
        return;
    };
    let readable: Vec<&Entry> = registry
        .entries()
        .filter(|entry| authorise::reads_whole(caller, entry))
        .collect();
    let names: Vec<String> = readable.iter().map(|entry| entry.name.clone()).collect();
    let about = Expr::col(Alias::new(records_of.clone()));
    let rows = if names.is_empty() {
        Expr::cust("FALSE")
    } else {
        about.is_in(names)
    };
    target.rows = Some(match target.rows.take() {
        Some(existing) => existing.and(rows),
        None => rows,
    });
    // Registry names only (identifiers checked at load): no client text reaches this SQL.
    for column in target.entry.columns().iter().filter(|c| c.snapshot) {
        let mut cases = String::from("CASE");
        for entry in &readable {
            let keys = entry
                .readable_columns()
                .map(|c| format!("'{}'", c.name))
                .collect::<Vec<_>>()
                .join(", ");
            cases.push_str(&format!(
                " WHEN \"{records_of}\" = '{}' THEN (SELECT coalesce(jsonb_object_agg(s.k, s.v), '{{}}'::jsonb) \
                 FROM jsonb_each(\"{}\"::jsonb) AS s(k, v) WHERE s.k IN ({keys}))",
                entry.name, column.name
            ));
        }
        cases.push_str(" END");
        let cut = if readable.is_empty() {
            Expr::cust("NULL::jsonb")
        } else {
            Expr::cust(cases)
        };
        target.overrides.insert(column.name.clone(), cut);
    }
}

/// What the registry draws at each of its routes: the console's catalogue takes a screen's component from here
/// unless the menu row names one of the console's own (`c_component`), and lists the registry's screens that have
/// no menu item too. A register's routes (and a report list's) are drawn by the engine (`register`), a
/// dashboard's by the dashboard screen (`dashboard`), an import preset's by the importer (`import`): the
/// component is derived from what the registry declares at the route, never typed into the menu.
pub fn screen_routes(registry: &Registry) -> RegistryScreens {
    let mut screens = RegistryScreens::default();
    for entry in registry.entries() {
        for route in &entry.def.routes {
            screens.drawn.insert(route.clone(), REGISTER);
            screens.entries.insert(route.clone(), entry.name.clone());
            screens
                .unlisted
                .push((route.clone(), entry.title().to_owned()));
        }
        for preset in &entry.def.imports {
            screens.drawn.insert(preset.route.clone(), IMPORT);
        }
        if let Some(search) = &entry.def.full_text {
            // check-registry makes `files_in` a child register of this one: its parent link names the key.
            let lines = search
                .files_in
                .as_deref()
                .and_then(|lines| registry.entry(lines))
                .and_then(|lines| {
                    Some(SearchLines {
                        entry: lines.name.clone(),
                        parent_key: lines.parent.as_ref()?.key.clone(),
                    })
                });
            for route in &search.screens {
                screens.searches.insert(route.clone(), entry.name.clone());
                // check-registry makes each a facet's name.
                let levels: Vec<BrowseLevel> = search
                    .browse
                    .iter()
                    .filter_map(|name| search.facets.iter().find(|facet| &facet.name == name))
                    .map(|facet| BrowseLevel {
                        name: facet.name.clone(),
                        column: facet.column.clone(),
                    })
                    .collect();
                if !levels.is_empty() {
                    screens.browse.insert(route.clone(), levels);
                }
                let shown: Vec<HitField> = search
                    .hit
                    .iter()
                    .filter_map(|field| {
                        Some(HitField {
                            name: field.name.clone(),
                            column: field.column.clone(),
                            label: entry.column(&field.column)?.label.clone(),
                            shows: field.shows?,
                        })
                    })
                    .collect();
                if !shown.is_empty() {
                    screens.search_hit.insert(route.clone(), shown);
                }
                if let Some(lines) = &lines {
                    screens.search_lines.insert(route.clone(), lines.clone());
                }
            }
        }
    }
    for dashboard in registry.dashboard_files() {
        for route in dashboard.def.routes() {
            screens.drawn.insert(route.to_owned(), DASHBOARD);
        }
    }
    screens
}
