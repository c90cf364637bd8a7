//! Pipeline stage 1: HTTP input → typed requests. Bad input stops here with a message naming the part.
//! Knows the wire formats (query strings, the DataTables form encoding, JSON); knows nothing of SQL.

use schema_registry::text::quote;
use std::collections::BTreeMap;

use schema_registry::FieldValue;
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;

use crate::error::ApiError;

/// Columns a data table may send (an index above this is refused rather than allocated).
const MAX_TABLE_COLUMNS: usize = 500;

/// `GET /api/custom/selectall?t=&cols=&whrc=`
#[derive(Debug, Clone, Default, Deserialize)]
pub struct SelectAll {
    #[serde(default)]
    pub t: String,
    #[serde(default)]
    pub cols: String,
    #[serde(default)]
    pub whrc: String,
}

impl SelectAll {
    pub fn from_query(query: &str) -> Result<SelectAll, ApiError> {
        serde_urlencoded::from_str(query)
            .map_err(|e| ApiError::BadRequest(format!("cannot read the query string: {e}")))
    }
}

/// One column of a DataTables request (`columns[i][…]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableColumn {
    pub data: String,
    pub name: String,
    pub searchable: bool,
    pub orderable: bool,
    /// `columns[i][search][value]`: the per-column filter, applied on tab-out by the console.
    pub search: String,
}

impl Default for TableColumn {
    fn default() -> Self {
        TableColumn {
            data: String::new(),
            name: String::new(),
            searchable: true,
            orderable: true,
            search: String::new(),
        }
    }
}

impl TableColumn {
    /// The registry column this table column shows: `data`, or `name` when `data` is empty or an array index.
    pub fn column_name(&self) -> &str {
        let data = self.data.trim();
        if data.is_empty() || data.chars().all(|c| c.is_ascii_digit()) {
            self.name.trim()
        } else {
            data
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableOrder {
    /// Index into the request's columns.
    pub column: usize,
    pub descending: bool,
}

/// The data-table request as the OpenAPI document describes it (JSON; the form encoding carries the same fields
/// as `columns[0][data]=…`). Parsing is [`DataTable::from_json`] and [`DataTable::from_pairs`].
#[derive(utoipa::ToSchema)]
#[schema(example = json!({"t": "station", "draw": 1, "start": 0, "length": 10, "search": {"value": "chowk"},
    "columns": [{"data": "c_code"}, {"data": "n_corridor", "search": {"value": "1"}}],
    "order": [{"column": 0, "dir": "asc"}]}))]
pub struct DataTableRequest {
    /// The registry entry.
    pub t: String,
    /// Echoed back, so a client can drop stale answers.
    pub draw: Option<i64>,
    /// Rows to skip.
    pub start: Option<u64>,
    /// Rows in the page (default 5); -1 for all, up to MAX_ROWS.
    pub length: Option<i64>,
    /// The global search: any searchable column contains the words, any case.
    pub search: Option<SearchValue>,
    pub columns: Option<Vec<ColumnRequest>>,
    pub order: Option<Vec<OrderRequest>>,
    /// A legacy filter (see selectall); LIMIT and OFFSET are refused here.
    pub whrc: Option<String>,
    /// `true`: the answer also carries `names`, the display text of the look-up keys on this page (default false).
    /// In a form: `names=true`.
    pub names: Option<bool>,
}

#[derive(utoipa::ToSchema)]
pub struct SearchValue {
    pub value: String,
}

/// One column of the table.
#[derive(utoipa::ToSchema)]
pub struct ColumnRequest {
    /// The registry column (or `name` when `data` is empty or an index).
    pub data: String,
    pub name: Option<String>,
    /// Whether the global search looks in it (default true).
    pub searchable: Option<bool>,
    /// Whether the table may sort by it (default true).
    pub orderable: Option<bool>,
    /// The column's own filter: a choice column (lookup, fixed values, boolean, 0/1 flag) matches exactly, any
    /// other column contains the text, any case.
    pub search: Option<SearchValue>,
}

#[derive(utoipa::ToSchema)]
pub struct OrderRequest {
    /// Index into `columns`.
    pub column: usize,
    /// `asc` (default) or `desc`.
    pub dir: Option<String>,
}

/// The jQuery DataTables server-side request, from either encoding.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DataTable {
    pub t: String,
    pub draw: i64,
    pub start: u64,
    /// `None` when the request does not say (the default page size applies); `Some(-1)` means all rows.
    pub length: Option<i64>,
    pub search: String,
    pub columns: Vec<TableColumn>,
    pub order: Vec<TableOrder>,
    pub whrc: String,
    /// Name the page's look-up keys in the answer (`names`).
    pub names: bool,
}

/// `GET /api/export`: selectall's `t`, `cols`, `whrc`, the data table's filters, and the format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Export {
    pub table: DataTable,
    pub cols: String,
    pub format: ExportFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Csv,
    Xlsx,
}

impl DataTable {
    /// From `application/x-www-form-urlencoded` (what DataTables sends) or a query string.
    pub fn from_pairs(pairs: &[(String, String)]) -> Result<DataTable, ApiError> {
        let mut table = DataTable::default();
        let mut columns: BTreeMap<usize, TableColumn> = BTreeMap::new();
        let mut orders: BTreeMap<usize, (Option<usize>, bool)> = BTreeMap::new();
        for (key, value) in pairs {
            let path = key_path(key);
            match path.as_slice() {
                ["t"] => table.t = value.clone(),
                ["whrc"] => table.whrc = value.clone(),
                ["names"] => table.names = flag("names", value)?,
                ["draw"] => table.draw = integer("draw", value)?,
                ["start"] => table.start = non_negative("start", integer("start", value)?)?,
                ["length"] => table.length = Some(integer("length", value)?),
                ["search", "value"] => table.search = value.clone(),
                ["columns", index, field @ ..] => {
                    let index = bounded_index("columns", index)?;
                    let column = columns.entry(index).or_default();
                    match field {
                        ["data"] => column.data = value.clone(),
                        ["name"] => column.name = value.clone(),
                        ["searchable"] => column.searchable = boolean(value),
                        ["orderable"] => column.orderable = boolean(value),
                        ["search", "value"] => column.search = value.clone(),
                        _ => {}
                    }
                }
                ["order", index, field] => {
                    let index = bounded_index("order", index)?;
                    let order = orders.entry(index).or_insert((None, false));
                    match *field {
                        "column" => order.0 = Some(bounded_index("order column", value)?),
                        "dir" => order.1 = direction(value)?,
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        table.columns = contiguous(columns)?;
        table.order = orders
            .into_values()
            .map(|(column, descending)| {
                column
                    .map(|column| TableOrder { column, descending })
                    .ok_or_else(|| ApiError::BadRequest("order[i][column] is missing".into()))
            })
            .collect::<Result<_, _>>()?;
        Ok(table)
    }

    /// From a JSON body: the same names, nested (`search.value`, `columns[i].search.value`, `order[i].dir`);
    /// numbers may be sent as numbers or as strings.
    pub fn from_json(body: &Value) -> Result<DataTable, ApiError> {
        let object = body
            .as_object()
            .ok_or_else(|| ApiError::BadRequest("the body must be a JSON object".into()))?;
        let text = |value: Option<&Value>| match value {
            Some(Value::String(s)) => s.clone(),
            Some(Value::Number(n)) => n.to_string(),
            Some(Value::Bool(b)) => b.to_string(),
            _ => String::new(),
        };
        let mut table = DataTable {
            t: text(object.get("t")),
            whrc: text(object.get("whrc")),
            search: text(object.get("search").and_then(|s| s.get("value"))),
            ..DataTable::default()
        };
        if let Some(names) = object.get("names").filter(|v| !v.is_null()) {
            table.names = match names {
                Value::Bool(flag) => *flag,
                other => flag("names", &text(Some(other)))?,
            };
        }
        if let Some(draw) = object.get("draw").filter(|v| !v.is_null()) {
            table.draw = integer("draw", &text(Some(draw)))?;
        }
        if let Some(start) = object.get("start").filter(|v| !v.is_null()) {
            table.start = non_negative("start", integer("start", &text(Some(start)))?)?;
        }
        if let Some(length) = object.get("length").filter(|v| !v.is_null()) {
            table.length = Some(integer("length", &text(Some(length)))?);
        }
        if let Some(columns) = object.get("columns") {
            let columns = columns
                .as_array()
                .ok_or_else(|| ApiError::BadRequest("columns must be an array".into()))?;
            if columns.len() > MAX_TABLE_COLUMNS {
                return Err(ApiError::BadRequest(format!(
                    "at most {MAX_TABLE_COLUMNS} columns are accepted"
                )));
            }
            table.columns = columns
                .iter()
                .map(|column| TableColumn {
                    data: text(column.get("data")),
                    name: text(column.get("name")),
                    searchable: column.get("searchable").is_none_or(json_boolean),
                    orderable: column.get("orderable").is_none_or(json_boolean),
                    search: text(column.get("search").and_then(|s| s.get("value"))),
                })
                .collect();
        }
        if let Some(order) = object.get("order") {
            let order = order
                .as_array()
                .ok_or_else(|| ApiError::BadRequest("order must be an array".into()))?;
            if order.len() > MAX_TABLE_COLUMNS {
                return Err(ApiError::BadRequest("too many order entries".into()));
            }
            table.order = order
                .iter()
                .map(|item| {
                    Ok(TableOrder {
                        column: bounded_index("order column", &text(item.get("column")))?,
                        descending: direction(&text(item.get("dir")))?,
                    })
                })
                .collect::<Result<_, ApiError>>()?;
        }
        Ok(table)
    }
}

impl Export {
    pub fn from_query(query: &str) -> Result<Export, ApiError> {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query)
            .map_err(|e| ApiError::BadRequest(format!("cannot read the query string: {e}")))?;
        Export::from_pairs(&pairs)
    }

    pub fn from_pairs(pairs: &[(String, String)]) -> Result<Export, ApiError> {
        let table = DataTable::from_pairs(pairs)?;
        let value = |name: &str| {
            pairs
                .iter()
                .rev()
                .find(|(key, _)| key == name)
                .map(|(_, value)| value.as_str())
        };
        let format = match value("format").map(str::trim) {
            None | Some("") | Some("csv") => ExportFormat::Csv,
            Some("xlsx") => ExportFormat::Xlsx,
            Some(other) => {
                return Err(ApiError::BadRequest(format!(
                    "format must be csv or xlsx, not `{}`",
                    quote(other)
                )))
            }
        };
        Ok(Export {
            table,
            cols: value("cols").unwrap_or_default().to_owned(),
            format,
        })
    }
}

/// `columns[0][search][value]` → `["columns", "0", "search", "value"]`.
fn key_path(key: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (head, mut rest) = match key.find('[') {
        Some(index) => (&key[..index], &key[index..]),
        None => (key, ""),
    };
    parts.push(head);
    while let Some(stripped) = rest.strip_prefix('[') {
        match stripped.find(']') {
            Some(end) => {
                parts.push(&stripped[..end]);
                rest = &stripped[end + 1..];
            }
            None => break,
        }
    }
    parts
}

fn integer(name: &str, value: &str) -> Result<i64, ApiError> {
    value.trim().parse::<i64>().map_err(|_| {
        ApiError::BadRequest(format!(
            "{name} must be a whole number, not `{}`",
            quote(value)
        ))
    })
}

fn non_negative(name: &str, value: i64) -> Result<u64, ApiError> {
    u64::try_from(value).map_err(|_| ApiError::BadRequest(format!("{name} must not be negative")))
}

fn bounded_index(name: &str, value: &str) -> Result<usize, ApiError> {
    value
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|&index| index < MAX_TABLE_COLUMNS)
        .ok_or_else(|| {
            ApiError::BadRequest(format!(
                "{name} index must be a number below {MAX_TABLE_COLUMNS}, not `{}`",
                quote(value)
            ))
        })
}

fn direction(value: &str) -> Result<bool, ApiError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "" | "asc" => Ok(false),
        "desc" => Ok(true),
        _ => Err(ApiError::BadRequest(format!(
            "order dir must be asc or desc, not `{}`",
            quote(value)
        ))),
    }
}

/// An optional switch: `true`/`false` (`1`/`0`, any case, blank for false); anything else is refused.
fn flag(name: &str, value: &str) -> Result<bool, ApiError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "1" => Ok(true),
        "false" | "0" | "" => Ok(false),
        _ => Err(ApiError::BadRequest(format!(
            "{name} must be true or false, not `{}`",
            quote(value)
        ))),
    }
}

fn boolean(value: &str) -> bool {
    !matches!(
        value.trim().to_ascii_lowercase().as_str(),
        "false" | "0" | "no"
    )
}

fn json_boolean(value: &Value) -> bool {
    match value {
        Value::Bool(flag) => *flag,
        Value::String(text) => boolean(text),
        Value::Number(n) => n.as_i64() != Some(0),
        _ => true,
    }
}

/// DataTables numbers columns from 0 without gaps; a gap would make `order[i][column]` ambiguous.
fn contiguous(columns: BTreeMap<usize, TableColumn>) -> Result<Vec<TableColumn>, ApiError> {
    for (expected, index) in columns.keys().enumerate() {
        if *index != expected {
            return Err(ApiError::BadRequest(format!(
                "columns must be numbered 0, 1, 2 … without gaps; columns[{expected}] is missing"
            )));
        }
    }
    Ok(columns.into_values().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
        items
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn form_and_json_encodings_read_the_same() {
        let form = DataTable::from_pairs(&pairs(&[
            ("t", "corridor"),
            ("draw", "3"),
            ("start", "10"),
            ("length", "-1"),
            ("search[value]", "blue"),
            ("columns[0][data]", "c_code"),
            ("columns[0][searchable]", "true"),
            ("columns[0][orderable]", "true"),
            ("columns[0][search][value]", ""),
            ("columns[1][data]", "c_name"),
            ("columns[1][searchable]", "false"),
            ("columns[1][search][value]", "line"),
            ("order[0][column]", "1"),
            ("order[0][dir]", "desc"),
            ("order[1][column]", "0"),
            ("order[1][dir]", "asc"),
        ]))
        .unwrap();
        let json = DataTable::from_json(&serde_json::json!({
            "t": "corridor", "draw": "3", "start": 10, "length": -1, "search": {"value": "blue"},
            "columns": [
                {"data": "c_code", "searchable": true, "orderable": true, "search": {"value": ""}},
                {"data": "c_name", "searchable": false, "search": {"value": "line"}}
            ],
            "order": [{"column": 1, "dir": "desc"}, {"column": "0", "dir": "asc"}]
        }))
        .unwrap();
        assert_eq!(form, json);
        assert_eq!(form.length, Some(-1));
        assert_eq!(
            form.order[0],
            TableOrder {
                column: 1,
                descending: true
            }
        );
        assert!(!form.columns[1].searchable);
    }

    #[test]
    fn names_is_an_optional_switch_in_both_encodings() {
        let form =
            |value: &str| DataTable::from_pairs(&pairs(&[("t", "station"), ("names", value)]));
        assert!(form("true").unwrap().names);
        assert!(form("1").unwrap().names);
        assert!(!form("false").unwrap().names);
        assert!(
            !DataTable::from_pairs(&pairs(&[("t", "station")]))
                .unwrap()
                .names
        );
        assert!(form("maybe")
            .unwrap_err()
            .to_string()
            .contains("names must be true or false"));
        let json = |value: serde_json::Value| {
            DataTable::from_json(&serde_json::json!({"t": "station", "names": value}))
        };
        assert!(json(serde_json::json!(true)).unwrap().names);
        assert!(json(serde_json::json!("true")).unwrap().names);
        assert!(!json(serde_json::json!(false)).unwrap().names);
        assert!(!json(serde_json::Value::Null).unwrap().names);
        assert!(json(serde_json::json!("yes please")).is_err());
    }

    #[test]
    fn bad_numbers_and_huge_indexes_are_refused() {
        let error = |items: &[(&str, &str)]| {
            DataTable::from_pairs(&pairs(items))
                .unwrap_err()
                .to_string()
        };
        assert!(error(&[("draw", "x")]).contains("draw must be a whole number"));
        assert!(error(&[("start", "-4")]).contains("start must not be negative"));
        assert!(error(&[("columns[999999999][data]", "c")]).contains("below 500"));
        assert!(error(&[("columns[1][data]", "c")]).contains("columns[0] is missing"));
        assert!(
            error(&[("order[0][column]", "0"), ("order[0][dir]", "sideways")])
                .contains("asc or desc")
        );
    }
}

/// Fields a record body may carry (far above any registered entry's width; refuses absurd bodies early).
const MAX_RECORD_FIELDS: usize = 1_000;

/// The JSON object of a record write, field by field in body order, duplicates kept (validation refuses them)
/// and numbers kept as written, so `12345678901234.5678` reaches PostgreSQL digit for digit.
#[derive(Debug, Clone, Default)]
pub struct RecordBody(pub Vec<(String, FieldValue)>);

impl<'de> Deserialize<'de> for RecordBody {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> serde::de::Visitor<'de> for Fields {
            type Value = RecordBody;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a JSON object of field names and values")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<RecordBody, A::Error> {
                let mut fields = Vec::new();
                while let Some((name, raw)) = map.next_entry::<String, Box<RawValue>>()? {
                    if fields.len() == MAX_RECORD_FIELDS {
                        return Err(serde::de::Error::custom(format!(
                            "more than {MAX_RECORD_FIELDS} fields"
                        )));
                    }
                    let value = field_value(&raw).map_err(serde::de::Error::custom)?;
                    fields.push((name, value));
                }
                Ok(RecordBody(fields))
            }
        }
        deserializer.deserialize_map(Fields)
    }
}

fn field_value(raw: &RawValue) -> Result<FieldValue, serde_json::Error> {
    let text = raw.get().trim();
    Ok(match text.as_bytes().first() {
        Some(b'n') => FieldValue::Null,
        Some(b't') => FieldValue::Bool(true),
        Some(b'f') => FieldValue::Bool(false),
        Some(b'"') => FieldValue::Text(serde_json::from_str(text)?),
        Some(b'[' | b'{') => FieldValue::Json(text.to_owned()),
        _ => FieldValue::Number(text.to_owned()),
    })
}

/// The row version an update or delete names: `n_row_version` in the body or query, or an `If-Match` header
/// (`"3"`, `W/"3"` or `3`, as the record `GET` sent it in `ETag`). Both given and different is an error.
pub fn row_version(
    from_body: Option<i64>,
    if_match: Option<&str>,
) -> Result<Option<i64>, ApiError> {
    let header = match if_match {
        None => None,
        Some(value) => {
            let tag = value.trim().trim_start_matches("W/").trim_matches('"');
            Some(tag.parse::<i64>().map_err(|_| {
                ApiError::BadRequest(format!(
                    "If-Match must be the ETag of the record's GET (a row version such as \"3\"), not `{}`",
                    quote(value)
                ))
            })?)
        }
    };
    match (from_body, header) {
        (Some(body), Some(header)) if body != header => Err(ApiError::BadRequest(format!(
            "n_row_version {body} and If-Match {header} disagree; send one row version"
        ))),
        (body, header) => Ok(body.or(header)),
    }
}

#[cfg(test)]
mod record_body_tests {
    use super::*;

    fn parse(json: &str) -> Result<RecordBody, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn numbers_keep_their_digits_and_order_is_kept() {
        let body = parse(
            r#"{"b": 12345678901234567890.123456789, "a": "x", "c": null, "d": [1], "e": false}"#,
        )
        .expect("object");
        assert_eq!(
            body.0,
            vec![
                (
                    "b".into(),
                    FieldValue::Number("12345678901234567890.123456789".into())
                ),
                ("a".into(), FieldValue::Text("x".into())),
                ("c".into(), FieldValue::Null),
                ("d".into(), FieldValue::Json("[1]".into())),
                ("e".into(), FieldValue::Bool(false)),
            ]
        );
    }

    #[test]
    fn duplicates_are_kept_for_validation_and_non_objects_refused() {
        let body = parse(r#"{"a": 1, "a": 2}"#).expect("object");
        assert_eq!(body.0.len(), 2);
        assert!(parse("[1, 2]").is_err());
        assert!(parse("\"text\"").is_err());
    }

    #[test]
    fn row_version_from_body_or_header() {
        assert_eq!(row_version(Some(3), None).ok(), Some(Some(3)));
        assert_eq!(row_version(None, Some("W/\"4\"")).ok(), Some(Some(4)));
        assert_eq!(row_version(None, None).ok(), Some(None));
        assert!(row_version(Some(3), Some("\"4\"")).is_err());
        assert!(row_version(None, Some("abc")).is_err());
    }
}
