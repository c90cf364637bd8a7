//! A dashboard (`GET /api/dashboard`, docs/registry.md "Dashboards") → one read per widget: the widget's
//! registered view as the caller may read it (authorise; package scope and the column whitelist of any select),
//! only the columns the widget draws, its order and row limit, optionally one package. Widgets whose view the
//! caller may not read are left out. The answer's description of each widget comes from here too, so the service
//! that runs the reads never looks at the registry.

use schema_registry::dashboard::{
    AxisDef, Dashboard as DashboardFile, LinkDef, PrintDef, SeriesDef, StatusDef, ValueDef,
    WidgetDef, WidgetKind, COUNT_COLUMN, MAX_WIDGET_ROWS,
};
use schema_registry::model::{Direction, SortKey};
use schema_registry::registry::ScopePath;
use schema_registry::sea_query::{Alias, Expr, ExprTrait};
use schema_registry::text::quote;
use schema_registry::{JsonSource, OrderKey, Registry};
use serde::Serialize;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::authorise::{authorise, Access};
use crate::pipeline::execute;

pub use super::narrowing::{filters, narrowing, DashboardFilter, NamedChoice, Narrowing};

/// A dashboard and its widgets with the rows the caller may read.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Dashboard {
    pub route: String,
    pub title: String,
    /// The filter bar: the programme levels of the package register (`[[levels]]`), widest first, then the
    /// package; each its query parameter, label and look-up.
    pub filters: Vec<DashboardFilter>,
    pub widgets: Vec<DashboardWidget>,
}

/// One widget: how to draw it and its rows (keyed by column; numbers as JSON numbers, dates `YYYY-MM-DD`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct DashboardWidget {
    pub id: String,
    pub kind: WidgetKind,
    pub title: String,
    /// Grid columns of 12 on a wide screen (phones: 12).
    pub span: u8,
    /// The category (bar, line), slice label (donut) or node label (network).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x: Option<AxisDef>,
    /// network: the column naming each node's line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<AxisDef>,
    /// network: the number column placing each node along its line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at: Option<AxisDef>,
    /// network: the column a node is coloured by, and the colours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<StatusDef>,
    /// The numeric series (bar, line).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub series: Vec<SeriesDef>,
    /// The figure (stat, donut).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<ValueDef>,
    /// The columns (table).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<ValueDef>,
    #[serde(skip_serializing_if = "is_false")]
    pub stacked: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub horizontal: bool,
    /// The rows were summed: into one row (stat), or one row per `x` value (bar, line, donut).
    #[serde(skip_serializing_if = "is_false")]
    pub sum: bool,
    /// Where a click drills through to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<LinkDef>,
    #[schema(value_type = Vec<Object>)]
    pub rows: Vec<serde_json::Value>,
}

fn is_false(value: &bool) -> bool {
    !value
}

/// A dashboard's reads: each distinct read of a view once (widgets that read the same view with the same row
/// filter, order and limit share it: the analytics dashboard's eleven widgets over `v_analytics_package` are one
/// statement), and each widget with the read it takes its rows from.
pub struct DashboardReads {
    pub sources: Vec<JsonSource>,
    pub widgets: Vec<WidgetRead>,
}

/// One widget: the answer's widget (rows still empty), the index of its read in `sources`, the columns of that
/// read's rows it keeps (its own), and what its rows are summed by.
pub struct WidgetRead {
    pub widget: DashboardWidget,
    pub source: usize,
    pub columns: Vec<String>,
    pub sum: Option<Summing>,
}

/// How a widget's rows are summed (`sum = true`): the numeric columns added, and the column grouped by (none: one
/// row).
#[derive(Debug, Clone)]
pub struct Summing {
    pub by: Option<String>,
    pub columns: Vec<String>,
}

/// The dashboard at `route`: 404 for an unknown route under `/dashboard/` or `/reports/predefined/`, 400 for any
/// other route that no dashboard file declares.
pub fn find<'r>(registry: &'r Registry, route: &str) -> Result<&'r DashboardFile, ApiError> {
    registry.dashboard(route).ok_or_else(|| {
        if route.starts_with("/dashboard/") || route.starts_with("/reports/predefined/") {
            ApiError::RecordNotFound(format!("no dashboard is registered for `{}`", quote(route)))
        } else {
            ApiError::BadRequest(format!(
                "route: `{}` is not a dashboard route; dashboards are at routes such as /dashboard/dms",
                quote(route)
            ))
        }
    })
}

/// A dashboard listed inside another screen (`within`): what that screen offers.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ListedDashboard {
    pub route: String,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub print: PrintDef,
}

/// The dashboards listed inside the screen at `within`: only for callers who hold that screen.
pub fn listed_within(
    registry: &Registry,
    caller: &Caller,
    within: &str,
) -> Result<Vec<ListedDashboard>, ApiError> {
    crate::pipeline::authorise::screen(caller, within)?;
    Ok(registry
        .dashboards_within(within)
        .into_iter()
        .map(|dashboard| ListedDashboard {
            route: dashboard.def.route.clone(),
            title: dashboard.def.title.clone(),
            description: dashboard.def.description.clone(),
            print: dashboard.def.print,
        })
        .collect())
}

/// The reads of every widget of `dashboard` the caller may read, narrowed where the widget's view has package
/// scope; widgets reading a view the same way share one read.
pub fn reads(
    registry: &Registry,
    dashboard: &DashboardFile,
    caller: &Caller,
    narrowing: &Narrowing,
) -> Result<DashboardReads, ApiError> {
    // Widgets by what they read: the view, the row filter, the order (the view's own when the widget names none)
    // and the limit (the caller is the same).
    let mut groups: Vec<(String, Vec<&WidgetDef>)> = Vec::new();
    for def in &dashboard.def.widgets {
        let sort = match registry.entry(&def.entry) {
            Some(entry) if def.sort.is_empty() => &entry.def.default_sort,
            _ => &def.sort,
        };
        // A counted widget reads groups of its `x`: it shares only with widgets counting by the same column.
        let counted_by = def.count.then(|| def.x.as_ref().map(|x| x.column.as_str()));
        let key = format!(
            "{}\u{1}{:?}\u{1}{:?}\u{1}{:?}\u{1}{:?}",
            def.entry,
            counted_by,
            def.only,
            sort.iter()
                .map(|k| (&k.column, k.direction))
                .collect::<Vec<_>>(),
            def.limit
        );
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, defs)) => defs.push(def),
            None => groups.push((key, vec![def])),
        }
    }
    let mut answer = DashboardReads {
        sources: Vec::new(),
        widgets: Vec::new(),
    };
    for (_, defs) in groups {
        group_read(registry, &defs, caller, narrowing, &mut answer)?;
    }
    // In the dashboard file's order.
    let order = |id: &str| dashboard.def.widgets.iter().position(|w| w.id == id);
    answer.widgets.sort_by_key(|read| order(&read.widget.id));
    Ok(answer)
}

/// One shared read for `defs` (same view, filter, order, limit): the union of their columns. A widget whose view
/// the caller may not read, or one of whose columns their grant hides, is left out.
fn group_read(
    registry: &Registry,
    defs: &[&WidgetDef],
    caller: &Caller,
    narrowing: &Narrowing,
    answer: &mut DashboardReads,
) -> Result<(), ApiError> {
    let Some(&def) = defs.first() else {
        return Ok(());
    };
    let entry = super::entry(registry, &def.entry)?;
    // A view is read through the dashboard's route (lent to it at load); a register counted by a widget only by
    // the holders of its own screen, as its list reads it.
    let grant = match authorise(caller, entry, Access::View) {
        Ok(grant) => grant,
        Err(ApiError::Forbidden) => return Ok(()),
        Err(other) => return Err(other),
    };
    let target = super::target(registry, entry, &grant, caller)?;
    // Only the columns the widgets draw (or link by); a counted widget's `count` is the read's own.
    let readable = |d: &WidgetDef, name: &str| {
        (d.count && name == COUNT_COLUMN) || target.entry.readable_column(name).is_some()
    };
    let shown: Vec<&WidgetDef> = defs
        .iter()
        .copied()
        .filter(|d| d.read_columns().iter().all(|name| readable(d, name)))
        .collect();
    if shown.is_empty() {
        return Ok(());
    }
    let mut columns = Vec::new();
    for name in shown.iter().flat_map(|d| d.read_columns()) {
        if let Some(column) = target.entry.readable_column(name) {
            if !columns
                .iter()
                .any(|c: &&schema_registry::Column| c.name == column.name)
            {
                columns.push(column);
            }
        }
    }
    let mut query = target.read(columns);
    let table = Alias::new(entry.table.clone());
    if let Some(ScopePath::Column(column)) = entry.scope.as_ref() {
        let package = || Expr::col((table.clone(), Alias::new(column.clone())));
        if let Some(id) = narrowing.package {
            query.and_where(package().eq(id));
        }
        // The programme levels chosen (the package register's `[[levels]]`): the packages of each.
        for packages in &narrowing.within {
            query.and_where(package().in_subquery(packages.clone()));
        }
    }
    for (column, value) in &def.only {
        query.and_where(Expr::col((table.clone(), Alias::new(column.clone()))).eq(value.clone()));
    }
    query.limit = Some(def.limit.unwrap_or(MAX_WIDGET_ROWS));
    let source = if def.count {
        let by = def
            .x
            .as_ref()
            .and_then(|x| target.entry.readable_column(&x.column));
        query
            .counted_json_source(by, COUNT_COLUMN, &counted_order(def))
            .map_err(execute::internal)?
    } else {
        let sort = if def.sort.is_empty() {
            &entry.def.default_sort
        } else {
            &def.sort
        };
        query.order = sort.iter().map(order_key).collect();
        query.json_source().map_err(execute::internal)?
    };
    answer.sources.push(source);
    let source = answer.sources.len() - 1;
    for def in shown {
        answer.widgets.push(widget_read(def, source));
    }
    Ok(())
}

fn order_key(key: &SortKey) -> OrderKey {
    OrderKey {
        column: key.column.clone(),
        direction: key.direction,
        nulls_first: None,
    }
}

/// A counted widget's order: its `sort` (its `x` or the count), else the largest count first, then by `x`.
fn counted_order(def: &WidgetDef) -> Vec<OrderKey> {
    if !def.sort.is_empty() {
        return def.sort.iter().map(order_key).collect();
    }
    let mut order = vec![OrderKey {
        column: COUNT_COLUMN.to_owned(),
        direction: Direction::Desc,
        nulls_first: None,
    }];
    if let Some(x) = &def.x {
        order.push(OrderKey {
            column: x.column.clone(),
            direction: Direction::Asc,
            nulls_first: None,
        });
    }
    order
}

/// A widget's part of a shared read.
fn widget_read(def: &WidgetDef, source: usize) -> WidgetRead {
    let sum = def.sum.then(|| Summing {
        by: match def.kind {
            WidgetKind::Stat => None,
            _ => def.x.as_ref().map(|x| x.column.clone()),
        },
        columns: def
            .summed_columns()
            .into_iter()
            .map(str::to_owned)
            .collect(),
    });
    WidgetRead {
        widget: DashboardWidget {
            id: def.id.clone(),
            kind: def.kind,
            title: def.title.clone(),
            span: def.span,
            x: def.x.clone(),
            line: def.line.clone(),
            at: def.at.clone(),
            status: def.status.clone(),
            series: def.series.clone(),
            value: def.value.clone(),
            columns: def.columns.clone(),
            stacked: def.stacked,
            horizontal: def.horizontal,
            sum: def.sum,
            link: def.link.clone(),
            rows: Vec::new(),
        },
        source,
        columns: def.read_columns().into_iter().map(str::to_owned).collect(),
        sum,
    }
}
