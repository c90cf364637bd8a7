//! The generic reads: a typed selectall or data-table request → read queries. This decides which columns, which
//! conditions, which order and which page.

use schema_registry::query::{
    column_search, contains_any, lookup_match, resolve_columns, search_text_contains,
};
use schema_registry::sea_query::ExprTrait;
use schema_registry::text::quote;
use schema_registry::{Column, Direction, Entry, OrderKey, ReadQuery, Registry};

use super::filter_cache::FilterCache;
use super::Target;
use crate::error::ApiError;
use crate::pipeline::lookup_search::LookupHits;
use crate::pipeline::request::{DataTable, SelectAll};

/// docs/console.md §9: a data table shows five rows unless it asks for another page size.
pub const DEFAULT_PAGE_SIZE: u64 = 5;

/// A selectall read, and whether its answer may have to be cut at `max_rows`.
pub struct SelectAllPlan<'r> {
    pub query: ReadQuery<'r>,
    /// Rows to return at most; the query asks for one more to know whether the answer was cut.
    pub max_rows: Option<u64>,
}

pub fn selectall<'r>(
    filters: &FilterCache,
    target: &'r Target<'_>,
    request: &SelectAll,
    max_rows: u64,
) -> Result<SelectAllPlan<'r>, ApiError> {
    let entry: &Entry = &target.entry;
    let columns =
        resolve_columns(entry, &request.cols).map_err(|e| ApiError::BadRequest(e.to_string()))?;
    let filter = target
        .filter(filters, &request.whrc)
        .map_err(|e| ApiError::BadRequest(format!("whrc: {e}")))?;
    let mut query = target.read(columns);
    if let Some(condition) = filter.condition {
        query.and_where(condition);
    }
    query.order = filter.order;
    query.offset = filter.offset;
    let cut = match filter.limit {
        Some(limit) if limit <= max_rows => {
            query.limit = Some(limit);
            None
        }
        _ => {
            query.limit = Some(max_rows + 1);
            Some(max_rows)
        }
    };
    Ok(SelectAllPlan {
        query,
        max_rows: cut,
    })
}

/// The three reads of a data-table page: the total (whrc only), the filtered count, and the page.
pub struct DataTablePlan<'r> {
    pub total: ReadQuery<'r>,
    /// `None` when no search applies: the filtered count is the total.
    pub filtered: Option<ReadQuery<'r>>,
    pub page: ReadQuery<'r>,
    pub max_rows: Option<u64>,
}

/// The columns, conditions and order of a data table (shared by the page and the export).
pub struct TableSelection<'r> {
    pub columns: Vec<&'r Column>,
    pub base: ReadQuery<'r>,
    pub searched: bool,
    pub filtered: ReadQuery<'r>,
}

pub fn table_selection<'r>(
    registry: &Registry,
    filters: &FilterCache,
    hits: &LookupHits,
    target: &'r Target<'_>,
    request: &DataTable,
    cols: &str,
) -> Result<TableSelection<'r>, ApiError> {
    let entry: &Entry = &target.entry;
    let bad = |message: String| ApiError::BadRequest(message);
    // The columns shown: `cols` (exports), else the table's columns, else every readable column.
    let table_columns = request
        .columns
        .iter()
        .map(|column| {
            let name = column.column_name();
            entry.readable_column(name).ok_or_else(|| {
                bad(format!(
                    "unknown column `{}` in `{}`",
                    quote(name),
                    entry.name
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let columns = if !cols.trim().is_empty() {
        resolve_columns(entry, cols).map_err(|e| bad(e.to_string()))?
    } else if table_columns.is_empty() {
        entry.readable_columns().collect()
    } else {
        dedup(&table_columns)
    };

    let filter = target
        .filter(filters, &request.whrc)
        .map_err(|e| bad(format!("whrc: {e}")))?;
    if filter.limit.is_some() || filter.offset.is_some() {
        return Err(bad(
            "whrc: LIMIT and OFFSET of a data table come from start and length".into(),
        ));
    }
    let mut base = target.read(columns.clone());
    if let Some(condition) = filter.condition {
        base.and_where(condition);
    }
    let mut filtered = base.clone();
    let mut searched = false;

    let word = request.search.trim();
    if !word.is_empty() {
        // Every column the registry marks searchable that the caller may read, shown in the table or not (a
        // match in a description finds its row).
        // Look-up columns match by the text people see (typing a contractor's name finds its contracts).
        let searchable: Vec<&Column> = entry.searchable_columns().collect();
        // The entry's one search text when the caller reads every column it is made of (it would otherwise
        // find rows by text the caller may not see).
        let whole = registry
            .entry(&entry.name)
            .map_or(0, |registered| registered.searchable_columns().count());
        let text_match = match &entry.def.search_text {
            Some(search_text) if searchable.len() == whole => {
                search_text_contains(search_text, word)
            }
            _ => contains_any(&searchable, word),
        };
        // A look-up's records the caller may not read are not found (its register's read rule).
        let mut condition = text_match;
        for column in entry.readable_columns() {
            let Some(keys) = hits.get(&column.name) else {
                continue;
            };
            let found = lookup_match(registry, column, word, keys.as_deref(), target.reader)
                .map_err(|e| ApiError::Internal(anyhow::anyhow!("search by name: {e}")))?;
            if let Some(one) = found {
                condition = condition.or(one);
            }
        }
        filtered.and_where(condition);
        searched = true;
    }
    for (wire, column) in request.columns.iter().zip(&table_columns) {
        let value = wire.search.trim();
        if !value.is_empty() {
            filtered.and_where(column_search(column, value).map_err(|e| bad(e.to_string()))?);
            searched = true;
        }
    }

    // Order: the table's order, else the filter's ORDER BY, else the first column ascending (docs/console.md §9).
    let mut order = Vec::new();
    for item in &request.order {
        let column = table_columns.get(item.column).ok_or_else(|| {
            bad(format!(
                "order column {} does not exist; the table sent {} columns",
                item.column,
                table_columns.len()
            ))
        })?;
        if !column.sortable || !request.columns[item.column].orderable {
            return Err(bad(format!("`{}` is not sortable", column.name)));
        }
        order.push(OrderKey {
            column: column.name.clone(),
            direction: if item.descending {
                Direction::Desc
            } else {
                Direction::Asc
            },
            nulls_first: None,
        });
    }
    if order.is_empty() {
        order = filter.order;
    }
    if order.is_empty() {
        if let Some(first) = columns.iter().find(|column| column.sortable) {
            order.push(OrderKey {
                column: first.name.clone(),
                direction: Direction::Asc,
                nulls_first: None,
            });
        }
    }
    filtered.order = order;
    Ok(TableSelection {
        columns,
        base,
        searched,
        filtered,
    })
}

pub fn datatable<'r>(
    registry: &Registry,
    filters: &FilterCache,
    hits: &LookupHits,
    target: &'r Target<'_>,
    request: &DataTable,
    max_rows: u64,
) -> Result<DataTablePlan<'r>, ApiError> {
    let selection = table_selection(registry, filters, hits, target, request, "")?;
    let mut page = selection.filtered.clone();
    page.offset = (request.start > 0).then_some(request.start);
    // The rows an offset skips are read by key from an index where one covers the search and the order.
    page.keys_first = page.offset.is_some();
    let length = match request.length {
        None | Some(0) => DEFAULT_PAGE_SIZE,
        Some(-1) => u64::MAX,
        Some(n) if n > 0 => n as u64,
        Some(n) => {
            return Err(ApiError::BadRequest(format!(
                "length must be -1 (all rows) or positive, not {n}"
            )))
        }
    };
    let max_rows_cut = if length > max_rows {
        page.limit = Some(max_rows + 1);
        Some(max_rows)
    } else {
        page.limit = Some(length);
        None
    };
    Ok(DataTablePlan {
        filtered: selection.searched.then_some(selection.filtered),
        total: selection.base,
        page,
        max_rows: max_rows_cut,
    })
}

fn dedup<'r>(columns: &[&'r Column]) -> Vec<&'r Column> {
    let mut unique: Vec<&Column> = Vec::with_capacity(columns.len());
    for column in columns {
        if !unique.iter().any(|c| c.name == column.name) {
            unique.push(column);
        }
    }
    unique
}
