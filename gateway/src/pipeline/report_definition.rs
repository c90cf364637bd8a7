//! What a custom report asks for (docs/reports.md "Custom reports"), as the console sends it and as it is saved:
//! a register, the columns shown (or a grouping with measures), a filter in the selectall filter language and an
//! order. Parsed here; the compile stage checks every name against the registry and the reader's grant.

use serde::{Deserialize, Serialize};

/// A definition's bounds: enough for any report a person reads, small enough that none is a heavy query by
/// construction.
pub const MAX_COLUMNS: usize = 30;
pub const MAX_GROUPS: usize = 4;
pub const MAX_MEASURES: usize = 8;
pub const MAX_SORT: usize = 4;
pub const MAX_FILTER_CHARS: usize = 2000;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"entry": "ncr", "columns": [], "filter": "c_state = 'Open'",
    "group_by": ["n_package"], "measures": [{"aggregate": "count"}],
    "sort": [{"key": "count", "descending": true}]}))]
pub struct ReportDefinition {
    /// The register (the `t` of its data requests).
    pub entry: String,
    /// The columns shown, in order (a report without grouping). Leave empty when grouping.
    #[serde(default)]
    pub columns: Vec<String>,
    /// Which rows: a condition in the selectall `whrc` language (no ORDER BY, LIMIT or OFFSET: `sort` orders).
    #[serde(default)]
    pub filter: String,
    /// Group the rows by these columns (a look-up by the name it shows); the report shows them and `measures`.
    #[serde(default)]
    pub group_by: Vec<String>,
    /// Counts, sums and averages over each group (or over every row, with no `group_by`).
    #[serde(default)]
    pub measures: Vec<MeasureDef>,
    /// The order: a shown or grouped column's name, or a measure's key (`count`, `sum:n_amount`,
    /// `average:n_amount`).
    #[serde(default)]
    pub sort: Vec<SortDef>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AggregateName {
    Count,
    Sum,
    Average,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MeasureDef {
    pub aggregate: AggregateName,
    /// The number column summed or averaged (none for a count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<String>,
}

impl MeasureDef {
    /// How `sort` names this measure: `count`, `sum:<column>`, `average:<column>`.
    pub fn key(&self) -> String {
        match (&self.aggregate, &self.column) {
            (AggregateName::Count, _) | (_, None) => "count".to_owned(),
            (AggregateName::Sum, Some(column)) => format!("sum:{column}"),
            (AggregateName::Average, Some(column)) => format!("average:{column}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SortDef {
    pub key: String,
    #[serde(default)]
    pub descending: bool,
}

impl ReportDefinition {
    /// The definition's shape, before any name is looked up: what a person asked for that no register could
    /// answer. Names are trimmed.
    pub fn tidy(mut self) -> Result<ReportDefinition, String> {
        self.entry = self.entry.trim().to_owned();
        if self.entry.is_empty() {
            return Err("choose a register".into());
        }
        for name in self
            .columns
            .iter_mut()
            .chain(self.group_by.iter_mut())
            .chain(self.sort.iter_mut().map(|s| &mut s.key))
        {
            *name = name.trim().to_owned();
        }
        for measure in &mut self.measures {
            if let Some(column) = &mut measure.column {
                *column = column.trim().to_owned();
            }
        }
        let grouped = !self.group_by.is_empty() || !self.measures.is_empty();
        if grouped && !self.columns.is_empty() {
            return Err(
                "a grouped report shows its group columns and measures: leave the columns empty"
                    .into(),
            );
        }
        if !grouped && self.columns.is_empty() {
            return Err("choose at least one column, or group the rows".into());
        }
        let bounds = [
            (self.columns.len(), MAX_COLUMNS, "columns"),
            (self.group_by.len(), MAX_GROUPS, "group columns"),
            (self.measures.len(), MAX_MEASURES, "measures"),
            (self.sort.len(), MAX_SORT, "sort keys"),
        ];
        for (count, most, what) in bounds {
            if count > most {
                return Err(format!("a report has at most {most} {what}, not {count}"));
            }
        }
        if self.filter.chars().count() > MAX_FILTER_CHARS {
            return Err(format!(
                "the filter is longer than {MAX_FILTER_CHARS} characters"
            ));
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn definition(json: serde_json::Value) -> Result<ReportDefinition, String> {
        serde_json::from_value::<ReportDefinition>(json)
            .map_err(|e| e.to_string())?
            .tidy()
    }

    #[test]
    fn shapes_no_register_could_answer_are_refused() {
        assert!(definition(serde_json::json!({"entry": " "})).is_err());
        assert!(definition(serde_json::json!({"entry": "ncr"})).is_err());
        assert!(
            definition(serde_json::json!({"entry": "ncr", "columns": ["a"],
            "group_by": ["b"]}))
            .is_err()
        );
        assert!(
            definition(serde_json::json!({"entry": "ncr", "columns": ["a"], "drop": 1})).is_err()
        );
        let many: Vec<String> = (0..31).map(|i| format!("c{i}")).collect();
        assert!(definition(serde_json::json!({"entry": "ncr", "columns": many})).is_err());
        let long = "x".repeat(MAX_FILTER_CHARS + 1);
        assert!(
            definition(serde_json::json!({"entry": "ncr", "columns": ["a"], "filter": long}))
                .is_err()
        );
    }

    #[test]
    fn names_are_trimmed_and_measures_keyed() {
        let tidy = definition(
            serde_json::json!({"entry": " ncr ", "group_by": [" n_package "],
            "measures": [{"aggregate": "count"}, {"aggregate": "sum", "column": " n_amount "}]}),
        )
        .unwrap();
        assert_eq!(tidy.entry, "ncr");
        assert_eq!(tidy.group_by, vec!["n_package"]);
        assert_eq!(tidy.measures[0].key(), "count");
        assert_eq!(tidy.measures[1].key(), "sum:n_amount");
    }
}
