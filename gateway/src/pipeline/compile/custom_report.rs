//! A custom report's definition → its read (docs/reports.md "Custom reports"): every column, group and measure
//! looked up among the columns the reader's grant lets them read, the filter compiled by the selectall filter
//! compiler (the same whitelist and limits), look-ups shown and grouped by the names people read, and the
//! register's row condition for the reader (package scope, `readers_see`) ANDed in by the target.

use schema_registry::summary::{Aggregate, Measure, Summary, SummaryKey};
use schema_registry::text::quote;
use schema_registry::{Column, Direction, Entry, SqlType};
use serde::Serialize;

use super::filter_cache::FilterCache;
use super::Target;
use crate::error::ApiError;
use crate::pipeline::report_definition::{AggregateName, ReportDefinition};

/// How the console and the printers show a report column's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ValueKind {
    Text,
    Number,
    Date,
    DateTime,
}

/// One column of a report's answer.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct ReportColumn {
    /// The register's column name, or the measure's key (`count`, `sum:n_amount`).
    pub key: String,
    pub label: String,
    pub kind: ValueKind,
}

/// A compiled report: its read and the columns of its answer, in order.
pub struct ReportPlan<'r> {
    pub summary: Summary<'r>,
    pub columns: Vec<ReportColumn>,
}

/// `definition` against `target` (the register as the reader's grant lets them read it, look-ups by name), at
/// most `limit` rows.
pub fn plan<'r>(
    filters: &FilterCache,
    target: &'r Target<'_>,
    definition: &ReportDefinition,
    limit: u64,
) -> Result<ReportPlan<'r>, ApiError> {
    let entry: &Entry = &target.entry;
    let bad = ApiError::BadRequest;
    let column = |name: &str, what: &str| -> Result<&'r Column, ApiError> {
        let entry: &'r Entry = &target.entry;
        entry.readable_column(name).ok_or_else(|| {
            bad(format!(
                "{what}: `{}` is not a column of {} you may read",
                quote(name),
                entry.title()
            ))
        })
    };
    let grouped = !definition.group_by.is_empty() || !definition.measures.is_empty();
    let names = if grouped {
        &definition.group_by
    } else {
        &definition.columns
    };
    let what = if grouped { "group by" } else { "columns" };
    let mut columns: Vec<&'r Column> = Vec::with_capacity(names.len());
    for name in names {
        let found = column(name, what)?;
        if columns.iter().any(|c| c.name == found.name) {
            return Err(bad(format!("{what}: `{}` is chosen twice", found.name)));
        }
        columns.push(found);
    }

    let mut measures = Vec::with_capacity(definition.measures.len());
    let mut measure_keys: Vec<String> = Vec::with_capacity(definition.measures.len());
    let mut answer_columns: Vec<ReportColumn> = columns
        .iter()
        .map(|c| ReportColumn {
            key: c.name.clone(),
            label: c.label.clone(),
            kind: kind_of(target, c),
        })
        .collect();
    for measure in &definition.measures {
        let (aggregate, column, label) = match (measure.aggregate, &measure.column) {
            (AggregateName::Count, None) => (Aggregate::Count, None, "Count".to_owned()),
            (AggregateName::Count, Some(_)) => {
                return Err(bad(
                    "measures: a count counts rows; it takes no column".into()
                ))
            }
            (AggregateName::Sum | AggregateName::Average, None) => {
                return Err(bad(
                    "measures: a sum or an average needs a number column".into()
                ))
            }
            (aggregate, Some(name)) => {
                let found = column(name, "measures")?;
                if !summable(entry, found) {
                    return Err(bad(format!(
                        "measures: {} is not a quantity that adds up (a number that is not a key or a look-up)",
                        found.label
                    )));
                }
                let (aggregate, word) = if aggregate == AggregateName::Sum {
                    (Aggregate::Sum, "Sum")
                } else {
                    (Aggregate::Average, "Average")
                };
                (aggregate, Some(found), format!("{word} of {}", found.label))
            }
        };
        let key = measure.key();
        if measure_keys.contains(&key) {
            return Err(bad(format!("measures: `{key}` is chosen twice")));
        }
        answer_columns.push(ReportColumn {
            key: key.clone(),
            label,
            kind: ValueKind::Number,
        });
        measure_keys.push(key);
        measures.push(Measure { aggregate, column });
    }

    let mut order = Vec::with_capacity(definition.sort.len());
    for sort in &definition.sort {
        let key = if let Some(index) = columns.iter().position(|c| c.name == sort.key) {
            SummaryKey::Column(index)
        } else if let Some(index) = measure_keys.iter().position(|k| *k == sort.key) {
            SummaryKey::Measure(index)
        } else {
            return Err(bad(format!(
                "sort: `{}` is not a column or measure of the report",
                quote(&sort.key)
            )));
        };
        let direction = if sort.descending {
            Direction::Desc
        } else {
            Direction::Asc
        };
        order.push((key, direction));
    }
    if order.is_empty() && grouped {
        order = (0..columns.len())
            .map(|index| (SummaryKey::Column(index), Direction::Asc))
            .collect();
    }

    let filter = target
        .filter(filters, &definition.filter)
        .map_err(|e| bad(format!("filter: {e}")))?;
    if !filter.order.is_empty() || filter.limit.is_some() || filter.offset.is_some() {
        return Err(bad(
            "filter: ORDER BY, LIMIT and OFFSET are not part of a report's filter; choose the order under Sort"
                .into(),
        ));
    }
    let mut read = target.read(columns);
    if let Some(condition) = filter.condition {
        read.and_where(condition);
    }
    Ok(ReportPlan {
        summary: Summary {
            read,
            grouped,
            measures,
            order,
            limit,
        },
        columns: answer_columns,
    })
}

/// A column whose values add up: a number that is neither the key, a look-up nor the row version.
pub fn summable(entry: &Entry, column: &Column) -> bool {
    column.sql_type.is_number()
        && column.lookup.is_none()
        && column.name != entry.primary_key().name
        && column.name != schema_registry::ROW_VERSION
}

/// How a column's value is shown: a look-up by its name (text).
pub fn kind_of(target: &Target<'_>, column: &Column) -> ValueKind {
    if column.lookup.is_some() && target.overrides.contains_key(&column.name) {
        return ValueKind::Text;
    }
    match column.sql_type {
        SqlType::Date => ValueKind::Date,
        SqlType::Timestamp | SqlType::Timestamptz => ValueKind::DateTime,
        t if t.is_number() => ValueKind::Number,
        _ => ValueKind::Text,
    }
}

/// A register one may report on, with the columns one may read of it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReportRegister {
    pub entry: String,
    /// The register's title (a child register after its parent's: "NCR · Actions").
    pub title: String,
    pub columns: Vec<ReportRegisterColumn>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReportRegisterColumn {
    pub name: String,
    pub label: String,
    pub kind: ValueKind,
    /// A quantity that adds up: it may be summed and averaged.
    pub summable: bool,
    /// A look-up: shown and grouped by the name it looks up, but a filter compares its key.
    pub lookup: bool,
}

/// The registers `caller` reads whole through a screen (their own route, or their parent's), by title.
pub fn registers(
    registry: &schema_registry::Registry,
    caller: &crate::auth::Caller,
) -> Result<Vec<ReportRegister>, ApiError> {
    use crate::pipeline::authorise::{authorise, reads_whole, Access};
    let mut registers = Vec::new();
    for entry in registry.entries() {
        if (entry.def.routes.is_empty() && entry.parent.is_none()) || !reads_whole(caller, entry) {
            continue;
        }
        let Ok(grant) = authorise(caller, entry, Access::View) else {
            continue;
        };
        let mut target = super::target(registry, entry, &grant, caller)?;
        super::display_lookups(registry, &mut target)?;
        let title = match entry.parent.as_ref().and_then(|p| registry.entry(&p.entry)) {
            Some(parent) => format!("{} · {}", parent.title(), entry.title()),
            None => entry.title().to_owned(),
        };
        let columns = target
            .entry
            .readable_columns()
            .map(|column| ReportRegisterColumn {
                name: column.name.clone(),
                label: column.label.clone(),
                kind: kind_of(&target, column),
                summable: summable(&target.entry, column),
                lookup: column.lookup.is_some(),
            })
            .collect();
        registers.push(ReportRegister {
            entry: entry.name.clone(),
            title,
            columns,
        });
    }
    registers.sort_by_key(|a| a.title.to_lowercase());
    Ok(registers)
}
