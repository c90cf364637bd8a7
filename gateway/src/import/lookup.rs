//! Look-ups given by code or name: a cell's text becomes the key of the record it names, found by the look-up's
//! display column, the target's codes and names (or its key), within what the row already says (a BOQ item of
//! the IPA's contract, a station of the row's package). One query per distinct value and context, cached for the
//! run. Only records the importer's user may read are found (each register's read rule, as its list applies it):
//! a name they may not read is "not found" in the words of a name that does not exist.

use std::collections::HashMap;

use deadpool_postgres::GenericClient;
use schema_registry::query::{condition_sql, readable_rows, Param, QueryError, Sql};
use schema_registry::readers::Reader;
use schema_registry::{Column, Entry, Registry};

/// Columns a record is commonly named by, after the look-up's display column.
const NAMING_COLUMNS: &[&str] = &[
    "c_code",
    "c_item_no",
    "c_contract_no",
    "c_ipa_no",
    "c_survey_no",
    "c_case_no",
    "c_doc_no",
    "c_short_name",
    "c_name",
    "c_label",
    "c_username",
];

/// How one look-up column of the imported entry is resolved.
#[derive(Debug, Clone)]
pub struct LookupPlan {
    pub column: String,
    pub label: String,
    pub target_title: String,
    sql: String,
    /// The row's columns whose values narrow the search (bound as $2, $3, … in order).
    pub context: Vec<(String, String)>,
    /// The values of the read rules' conditions, bound after the context's.
    rules: Vec<Param>,
}

/// Plans every look-up column of `entry` that an import may fill, for `reader` (`None`: a superadmin).
pub fn plans(
    registry: &Registry,
    entry: &Entry,
    reader: Option<Reader>,
) -> Result<HashMap<String, LookupPlan>, QueryError> {
    let mut out = HashMap::new();
    for column in super::mapping::importable(entry) {
        let Some(lookup) = column.lookup.as_ref() else {
            continue;
        };
        let Some(target) = registry.entry(&lookup.entry) else {
            continue;
        };
        out.insert(
            column.name.clone(),
            plan(registry, entry, column, target, &lookup.display, reader)?,
        );
    }
    Ok(out)
}

fn quote(identifier: &str) -> String {
    format!("\"{}\"", identifier.replace('"', "\"\""))
}

/// The rows of `entry` `reader` may read, as a `FROM` item: its table, or `(SELECT * FROM <table> WHERE <its read
/// rule>)` (unaliased inside, so the rule's columns are the table's own), the rule's values kept in `rules` with
/// a marker for their place (numbered once the statement's own parameters are known).
fn readable_from(
    entry: &Entry,
    reader: Option<Reader>,
    rules: &mut Vec<Sql>,
) -> Result<String, QueryError> {
    let table = quote(&entry.table);
    Ok(match readable_rows(entry, reader)? {
        None => table,
        Some(condition) => {
            rules.push(condition_sql(condition)?);
            format!(
                "(SELECT * FROM {table} WHERE \u{0}{}\u{0})",
                rules.len() - 1
            )
        }
    })
}

fn plan(
    registry: &Registry,
    entry: &Entry,
    column: &Column,
    target: &Entry,
    display: &str,
    reader: Option<Reader>,
) -> Result<LookupPlan, QueryError> {
    let mut rules: Vec<Sql> = Vec::new();
    let mut names: Vec<&str> = vec![display];
    for name in target
        .display
        .iter()
        .map(String::as_str)
        .chain(NAMING_COLUMNS.iter().copied())
    {
        if !names.contains(&name) && target.column(name).is_some_and(|c| c.sql_type.is_text()) {
            names.push(name);
        }
    }
    names.retain(|name| target.column(name).is_some());
    let pk = quote(&target.def.primary_key);
    let matches: Vec<String> = names
        .iter()
        .map(|name| format!("lower(t.{}::text) = lower($1)", quote(name)))
        .chain(std::iter::once(format!("t.{pk}::text = $1")))
        .collect();
    let rank: String = matches
        .iter()
        .enumerate()
        .map(|(i, m)| format!(" WHEN {m} THEN {i}"))
        .collect();
    // Narrowing: a column of the target that looks up the same entry as one of ours (the row's package), or as a
    // column of the record another of our look-ups names (the IPA's contract).
    let mut context = Vec::new();
    let mut conditions = Vec::new();
    for target_column in target.columns() {
        let Some(target_lookup) = target_column.lookup.as_ref() else {
            continue;
        };
        // Only what a record is filed under (its package, contract, survey), not who created or holds it.
        if target_column.name == target.def.primary_key
            || target_column.read_only
            || target_column.stamp.is_some()
            || target_column.hidden
        {
            continue;
        }
        for ours in super::mapping::importable(entry) {
            if ours.name == column.name {
                continue;
            }
            let Some(our_lookup) = ours.lookup.as_ref() else {
                continue;
            };
            let param = context.len() + 2;
            if our_lookup.entry == target_lookup.entry && ours.name == target_column.name {
                conditions.push(format!("t.{}::text = ${param}", quote(&target_column.name)));
                context.push((ours.name.clone(), ours.label.clone()));
            } else if let Some(middle) = registry.entry(&our_lookup.entry) {
                let same = middle
                    .column(&target_column.name)
                    .filter(|c| c.stamp.is_none() && !c.hidden)
                    .and_then(|c| c.lookup.as_ref());
                if middle.name != target.name
                    && same.is_some_and(|l| l.entry == target_lookup.entry)
                {
                    conditions.push(format!(
                        "t.{col} = (SELECT m.{col} FROM {table} m WHERE m.{mpk}::text = ${param})",
                        col = quote(&target_column.name),
                        table = readable_from(middle, reader, &mut rules)?,
                        mpk = quote(&middle.def.primary_key),
                    ));
                    context.push((ours.name.clone(), ours.label.clone()));
                }
            }
        }
    }
    let narrowing: String = conditions
        .iter()
        .enumerate()
        .map(|(i, condition)| format!(" AND (${p}::text IS NULL OR {condition})", p = i + 2))
        .collect();
    let sql = format!(
        "SELECT t.{pk}::text, CASE{rank} END AS r FROM {table} t WHERE ({any}){narrowing} ORDER BY 2 LIMIT 5",
        table = readable_from(target, reader, &mut rules)?,
        any = matches.join(" OR "),
    );
    // The rules' values after the text ($1) and the context's; each rule's placeholders renumbered after them.
    let mut bound = 1 + context.len();
    let mut values = Vec::new();
    let mut sql = sql;
    for (index, rule) in rules.iter().enumerate() {
        sql = sql.replace(&format!("\u{0}{index}\u{0}"), &rule.text_after(bound));
        bound += rule.params.len();
        values.extend(rule.params.iter().cloned());
    }
    Ok(LookupPlan {
        column: column.name.clone(),
        label: column.label.clone(),
        target_title: target.title().to_owned(),
        sql,
        context,
        rules: values,
    })
}

/// A look-up's column, the text given and the values of its context.
type LookupKey = (String, String, Vec<Option<String>>);

/// Resolved values (the key, or the message why not) by [`LookupKey`].
#[derive(Debug, Default)]
pub struct LookupCache {
    known: HashMap<LookupKey, Result<String, String>>,
}

/// Bounds the cache: a file naming more distinct records than this resolves the rest again each time.
const CACHE_LIMIT: usize = 50_000;

impl LookupCache {
    /// The key `text` names for `plan`, within `context` (the values of `plan.context`), or the message why not.
    pub async fn resolve(
        &mut self,
        client: &impl GenericClient,
        plan: &LookupPlan,
        text: &str,
        context: Vec<Option<String>>,
    ) -> Result<Result<String, String>, tokio_postgres::Error> {
        let text = text.trim().to_owned();
        let key = (plan.column.clone(), text.clone(), context.clone());
        if let Some(found) = self.known.get(&key) {
            return Ok(found.clone());
        }
        let mut params: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = vec![&text];
        for value in &context {
            params.push(value);
        }
        for value in &plan.rules {
            params.push(match value {
                Param::Text(text) => text,
                Param::Int(number) => number,
            });
        }
        let rows = client.query(plan.sql.as_str(), &params).await?;
        let best: Vec<String> = match rows.first() {
            Some(first) => {
                let rank: i32 = first.try_get(1)?;
                rows.iter()
                    .filter(|row| row.try_get::<_, i32>(1).is_ok_and(|r| r == rank))
                    .filter_map(|row| row.try_get::<_, String>(0).ok())
                    .collect()
            }
            None => Vec::new(),
        };
        let narrowed = if context.iter().any(Option::is_some) && !plan.context.is_empty() {
            let mut labels: Vec<&str> = Vec::new();
            for ((_, label), value) in plan.context.iter().zip(&context) {
                if value.is_some() && !labels.contains(&label.as_str()) {
                    labels.push(label);
                }
            }
            format!(" for this row's {}", labels.join(" and "))
        } else {
            String::new()
        };
        let outcome = match best.as_slice() {
            [one] => Ok(one.clone()),
            [] => Err(format!(
                "{}: no {} has the code or name \"{text}\"{narrowed}",
                plan.label, plan.target_title
            )),
            many => Err(format!(
                "{}: {} records of {} are named \"{text}\"{narrowed}; give its code",
                plan.label,
                many.len(),
                plan.target_title
            )),
        };
        if self.known.len() < CACHE_LIMIT {
            self.known.insert(key, outcome.clone());
        }
        Ok(outcome)
    }
}
