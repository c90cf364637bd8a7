//! The calculation register's worked examples (docs/calculations.md), table-driven from
//! `gateway/tests/calculations/*.toml` (format in that folder's README): each case starts from a fresh copy of the
//! demo database, makes its inputs through the API as the people whose step it is (steps a person may not take are
//! expected refused, in words), and reads each derived figure back (a record's column, a view's rows, a dashboard's
//! stat) against the figure computed by hand in the fixture, with the source it comes from. One test per file, so
//! that `cargo test -p gateway --test api -- registers::calculations` runs them all.

use std::collections::BTreeMap;
use std::path::PathBuf;

use reqwest::Method;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use tokio_postgres::Client;

use crate::features::dashboard::dashboard;
use crate::helpers::{spawn_seeded_app, workspace_root, TestApp};
use crate::registers::walks::{create, record, resolve, resolve_placeholder, row_version, People};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    /// What the case shows (the figure and the situation).
    name: String,
    /// Where the rule comes from: contract clause, FIDIC sub-clause, the Act's section, the IS code.
    source: String,
    /// The hand computation, as the calculation register prints it.
    #[serde(default)]
    worked: Option<String>,
    #[serde(default)]
    step: Vec<Step>,
    expect: Vec<Expect>,
}

/// One input: a record created or updated, a workflow step, or (for what the API cannot do, such as backdating a
/// demo row) a SQL statement. `refused` expects a refusal (403, 409 or 422) whose answer contains the text.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    #[serde(rename = "as", default = "admin")]
    account: String,
    #[serde(default)]
    create: Option<String>,
    #[serde(default)]
    update: Option<String>,
    #[serde(default)]
    transition: Option<String>,
    /// The entry a transition is performed on.
    #[serde(default)]
    entry: Option<String>,
    #[serde(default)]
    record: Option<toml::Value>,
    #[serde(default)]
    values: toml::Table,
    #[serde(default)]
    comment: Option<String>,
    #[serde(default)]
    sql: Option<String>,
    /// The name the created record's id is kept under (`$saved:name` in later values).
    #[serde(default)]
    save: Option<String>,
    #[serde(default)]
    refused: Option<String>,
}

/// A figure read back. From a record (`entry` and `record`), from a view's rows (`entry` and `where`, in the
/// filter language with `{saved:name}`, `{package:CODE}` replaced by ids; `sum = true` adds the rows up), or
/// from a dashboard's stat (`dashboard` and `widget`: its value over its `of` when it has one, as the console
/// shows it). `equals` is compared as a decimal, exactly (`round` rounds the read figure first).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    #[serde(rename = "as", default = "admin")]
    account: String,
    #[serde(default)]
    entry: Option<String>,
    #[serde(default)]
    record: Option<toml::Value>,
    #[serde(rename = "where", default)]
    filter: Option<String>,
    #[serde(default)]
    sum: bool,
    #[serde(default)]
    dashboard: Option<String>,
    #[serde(default)]
    widget: Option<String>,
    #[serde(default)]
    column: Option<String>,
    equals: toml::Value,
    #[serde(default)]
    round: Option<u32>,
}

fn admin() -> String {
    "admin".to_owned()
}

fn fixture(name: &str) -> Fixture {
    let path: PathBuf = workspace_root()
        .join("gateway/tests/calculations")
        .join(format!("{name}.toml"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `$saved:name` anywhere in a value becomes the saved id.
fn with_saved(value: &toml::Value, saved: &BTreeMap<String, i64>) -> toml::Value {
    match value {
        toml::Value::String(s) => match s.strip_prefix("$saved:") {
            Some(name) => toml::Value::Integer(
                *saved
                    .get(name)
                    .unwrap_or_else(|| panic!("{s}: nothing saved under {name}")),
            ),
            None => value.clone(),
        },
        toml::Value::Array(items) => {
            toml::Value::Array(items.iter().map(|v| with_saved(v, saved)).collect())
        }
        toml::Value::Table(table) => toml::Value::Table(
            table
                .iter()
                .map(|(k, v)| (k.clone(), with_saved(v, saved)))
                .collect(),
        ),
        other => other.clone(),
    }
}

async fn resolved(db: &Client, value: &toml::Value, saved: &BTreeMap<String, i64>) -> Value {
    resolve(db, &with_saved(value, saved), None).await
}

async fn resolved_table(
    db: &Client,
    table: &toml::Table,
    saved: &BTreeMap<String, i64>,
) -> Map<String, Value> {
    match resolved(db, &toml::Value::Table(table.clone()), saved).await {
        Value::Object(map) => map,
        other => panic!("not a table: {other}"),
    }
}

async fn record_id(db: &Client, value: &Option<toml::Value>, saved: &BTreeMap<String, i64>) -> i64 {
    let value = value
        .as_ref()
        .expect("the step or expectation names its record");
    resolved(db, value, saved)
        .await
        .as_i64()
        .unwrap_or_else(|| panic!("record {value} is not an id"))
}

/// `{saved:name}`, `{package:CODE}`, `{user:NAME}` and `{today+N}` in a filter, replaced by their values (ids as
/// numbers, dates as date literals).
async fn filter_text(db: &Client, filter: &str, saved: &BTreeMap<String, i64>) -> String {
    let mut out = String::new();
    let mut rest = filter;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let end = rest[start..]
            .find('}')
            .map(|e| start + e)
            .unwrap_or_else(|| panic!("{filter}: unclosed {{"));
        let token = &rest[start + 1..end];
        let value = match token.strip_prefix("saved:") {
            Some(name) => json!(saved[name]),
            None => resolve_placeholder(db, &format!("${token}"), None).await,
        };
        match value {
            Value::String(date) => out.push_str(&format!("DATE '{date}'")),
            other => out.push_str(&other.to_string()),
        }
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// A decimal's text without trailing zeros after the point ("49.000" → "49", "1.50" → "1.5", "-0" → "0").
fn decimal(value: &Value) -> Option<String> {
    let text = match value {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.trim().to_owned(),
        _ => return None,
    };
    let valid = !text.is_empty()
        && text
            .trim_start_matches('-')
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.')
        && text.matches('.').count() <= 1;
    if !valid {
        return None;
    }
    let mut text = text;
    if text.contains('.') {
        text = text.trim_end_matches('0').trim_end_matches('.').to_owned();
    }
    if text == "-0" || text.is_empty() {
        text = "0".to_owned();
    }
    Some(text)
}

/// `a` + `b` as decimals, exactly (both given as text of at most a few decimals): through integer units of the
/// finer scale.
fn add(a: &str, b: &str) -> String {
    let scale = |s: &str| s.split_once('.').map_or(0, |(_, f)| f.len());
    let places = scale(a).max(scale(b));
    let units = |s: &str| -> i128 {
        let negative = s.starts_with('-');
        let s = s.trim_start_matches('-');
        let (whole, fraction) = s.split_once('.').unwrap_or((s, ""));
        let digits = format!("{whole}{fraction:0<places$}");
        let n: i128 = digits.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        if negative {
            -n
        } else {
            n
        }
    };
    let total = units(a) + units(b);
    let sign = if total < 0 { "-" } else { "" };
    let digits = format!("{:0>width$}", total.abs(), width = places + 1);
    let text = if places == 0 {
        format!("{sign}{digits}")
    } else {
        let (whole, fraction) = digits.split_at(digits.len() - places);
        format!("{sign}{whole}.{fraction}")
    };
    decimal(&json!(text)).unwrap_or(text)
}

fn rounded(value: f64, places: u32) -> String {
    let text = format!("{value:.*}", places as usize);
    decimal(&json!(text)).unwrap_or(text)
}

async fn run_step(
    db: &Client,
    people: &mut People<'_>,
    saved: &mut BTreeMap<String, i64>,
    case: &str,
    n: usize,
    step: &Step,
) {
    let what = format!("{case}: step {n}");
    if let Some(sql) = &step.sql {
        let sql = filter_text(db, sql, saved).await;
        db.batch_execute(&sql)
            .await
            .unwrap_or_else(|e| panic!("{what}: {sql}: {e}"));
        return;
    }
    let body = resolved_table(db, &step.values, saved).await;
    let client = people.of(&step.account).await;
    let (status, answer, created) = if let Some(entry) = &step.create {
        let (status, answer) = create(client, entry, &body).await;
        (status, answer, Some(entry))
    } else if let Some(entry) = &step.update {
        let id = record_id(db, &step.record, saved).await;
        let mut body = body;
        body.insert(
            "n_row_version".into(),
            json!(row_version(client, entry, id).await),
        );
        let (status, answer) = client
            .send(
                Method::PUT,
                &format!("/api/data/{entry}/{id}"),
                Some(&Value::Object(body)),
            )
            .await;
        (status, answer, None)
    } else if let Some(transition) = &step.transition {
        let entry = step
            .entry
            .as_deref()
            .unwrap_or_else(|| panic!("{what}: a transition names its entry"));
        let id = record_id(db, &step.record, saved).await;
        let version = row_version(client, entry, id).await;
        let (status, answer) = client
            .send(
                Method::POST,
                &format!("/api/data/{entry}/{id}/transition"),
                Some(&json!({"transition": transition, "n_row_version": version,
                             "fields": Value::Object(body), "comment": step.comment})),
            )
            .await;
        (status, answer, None)
    } else {
        panic!("{what}: neither create, update, transition nor sql");
    };
    if let Some(words) = &step.refused {
        assert!(
            matches!(status, 403 | 409 | 422),
            "{what} was to be refused, answered {status}: {answer}"
        );
        assert!(
            answer.to_string().contains(words.as_str()),
            "{what}: refused, but not in the words \"{words}\": {answer}"
        );
        return;
    }
    assert!(
        status == 200 || status == 201,
        "{what}: answered {status}: {answer}"
    );
    if let (Some(entry), Some(name)) = (created, &step.save) {
        let id = answer["id"]
            .as_i64()
            .unwrap_or_else(|| panic!("{what}: {entry} created without an id: {answer}"));
        saved.insert(name.clone(), id);
    }
}

/// The figure an expectation reads, as decimal text (or the text itself for a text column).
async fn read_figure(
    db: &Client,
    people: &mut People<'_>,
    saved: &BTreeMap<String, i64>,
    what: &str,
    expect: &Expect,
) -> String {
    let client = people.of(&expect.account).await;
    if let Some(route) = &expect.dashboard {
        let id = expect
            .widget
            .as_deref()
            .expect("a dashboard expectation names its widget");
        let route = filter_text(db, route, saved).await;
        let board = dashboard(client, &format!("route={route}")).await;
        let widget = crate::features::dashboard::widget(&board, id);
        let value = &widget["value"];
        let column = value["column"].as_str().expect("a stat's value column");
        let rows = widget["rows"].as_array().expect("rows");
        let total = |name: &str| -> f64 {
            rows.iter()
                .filter_map(|r| decimal(&r[name]))
                .map(|t| t.parse::<f64>().unwrap_or(0.0))
                .sum()
        };
        let mut figure = total(column);
        if let Some(of) = value["of"].as_str() {
            let whole = total(of);
            assert!(whole != 0.0, "{what}: {of} is 0");
            figure /= whole;
            if value["format"] == "percent" {
                figure *= 100.0;
            }
        }
        return rounded(figure, expect.round.unwrap_or(2));
    }
    let entry = expect
        .entry
        .as_deref()
        .expect("an expectation names its entry or dashboard");
    let column = expect
        .column
        .as_deref()
        .expect("an expectation names its column");
    let cell = if let Some(filter) = &expect.filter {
        let whrc = filter_text(db, filter, saved).await;
        let (status, rows) = client
            .get_json(&format!(
                "/api/custom/selectall?t={entry}&whrc={}",
                urlencode(&whrc)
            ))
            .await;
        assert_eq!(status, 200, "{what}: {entry} where {whrc}: {rows}");
        let rows = rows.as_array().cloned().unwrap_or_default();
        if expect.sum {
            let mut total = "0".to_owned();
            for row in &rows {
                let text = decimal(&row[column])
                    .unwrap_or_else(|| panic!("{what}: {column} is not a number in {row}"));
                total = add(&total, &text);
            }
            json!(total)
        } else {
            assert_eq!(rows.len(), 1, "{what}: {entry} where {whrc}: {rows:?}");
            rows[0][column].clone()
        }
    } else {
        let id = record_id(db, &expect.record, saved).await;
        record(client, entry, id).await[column].clone()
    };
    match (decimal(&cell), expect.round) {
        (Some(text), Some(places)) => rounded(text.parse::<f64>().unwrap_or(f64::NAN), places),
        (Some(text), None) => text,
        (None, _) => match cell {
            Value::String(s) => s,
            Value::Null => "null".to_owned(),
            other => other.to_string(),
        },
    }
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn expected(value: &toml::Value) -> String {
    let json = match value {
        toml::Value::String(s) => json!(s),
        toml::Value::Integer(i) => json!(i),
        toml::Value::Float(f) => json!(f),
        toml::Value::Boolean(b) => json!(b.to_string()),
        other => json!(other.to_string()),
    };
    decimal(&json).unwrap_or_else(|| json.as_str().map(str::to_owned).unwrap_or_default())
}

async fn run_file(name: &str) {
    let fixture = fixture(name);
    assert!(!fixture.case.is_empty(), "{name}: no cases");
    for case in &fixture.case {
        assert!(!case.source.trim().is_empty(), "{}: no source", case.name);
        // Every case from the demo data as shipped: one case's records never change another's figures.
        let app: TestApp = spawn_seeded_app().await;
        let db = app.db().await;
        let mut people = People {
            app: &app,
            signed_in: BTreeMap::new(),
        };
        let mut saved = BTreeMap::new();
        for (n, step) in case.step.iter().enumerate() {
            run_step(&db, &mut people, &mut saved, &case.name, n + 1, step).await;
        }
        for (n, expect) in case.expect.iter().enumerate() {
            let what = format!(
                "{name}.toml: \"{}\" ({}), expectation {}",
                case.name,
                case.source,
                n + 1
            );
            let figure = read_figure(&db, &mut people, &saved, &what, expect).await;
            assert_eq!(
                figure,
                expected(&expect.equals),
                "{what}: {} {}{}",
                expect
                    .entry
                    .as_deref()
                    .or(expect.dashboard.as_deref())
                    .unwrap_or_default(),
                expect
                    .column
                    .as_deref()
                    .or(expect.widget.as_deref())
                    .unwrap_or_default(),
                case.worked
                    .as_deref()
                    .map(|w| format!("\nworked example:\n{w}"))
                    .unwrap_or_default()
            );
        }
    }
}

#[test]
fn calculations_decimals_compare_exactly() {
    assert_eq!(decimal(&json!("49.000")).as_deref(), Some("49"));
    assert_eq!(decimal(&json!(1.5)).as_deref(), Some("1.5"));
    assert_eq!(decimal(&json!("-0.00")).as_deref(), Some("0"));
    assert_eq!(decimal(&json!("Award")), None);
    assert_eq!(add("0", "1015700000.00"), "1015700000");
    assert_eq!(add("12.345", "0.005"), "12.35");
    assert_eq!(add("-1.5", "0.25"), "-1.25");
    assert_eq!(rounded(3.550_227, 2), "3.55");
}

#[tokio::test]
async fn calculations_commercial() {
    run_file("commercial").await;
}

#[tokio::test]
async fn calculations_land() {
    run_file("land").await;
}

#[tokio::test]
async fn calculations_site() {
    run_file("site").await;
}
