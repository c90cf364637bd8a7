//! Every contract register, table-driven from `gateway/tests/registers/*.toml` (one file per group of registers;
//! the format is described in gateway/tests/registers/README.md): created, refused with each broken rule named
//! under its field, updated, found by a list filter, deleted (or refused), and walked through its workflow from the
//! initial to its closed state by the accounts whose step it is, a step tried first by the wrong account refused.
//! Read-only views list their rows and refuse writes. A second test holds every route of the contract groups to a
//! registered screen with more than one page of demo rows.

use std::collections::BTreeMap;
use std::path::PathBuf;

use reqwest::Method;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use tokio_postgres::Client;

use crate::helpers::{field_messages, spawn_seeded_app, workspace_root, TestApp};

#[derive(Deserialize)]
struct Fixture {
    register: Vec<Register>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Register {
    entry: String,
    #[serde(rename = "as")]
    account: String,
    #[serde(default)]
    kind: Option<String>,
    #[serde(default)]
    closed_state: Option<String>,
    #[serde(default = "yes")]
    delete: bool,
    #[serde(default)]
    create: toml::Table,
    #[serde(default)]
    update: toml::Table,
    #[serde(default)]
    find: Option<Find>,
    #[serde(default)]
    bad: Vec<Bad>,
    #[serde(default)]
    walk: Vec<Step>,
    /// Other accounts the register's documentation says may read it: each lists its demo rows.
    #[serde(default)]
    readers: Vec<String>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Find {
    column: String,
    value: toml::Value,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Bad {
    values: toml::Table,
    field: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Step {
    #[serde(rename = "as")]
    account: String,
    #[serde(default)]
    transition: Option<String>,
    #[serde(default)]
    fields: Option<toml::Table>,
    #[serde(default)]
    comment: Option<String>,
    #[serde(default)]
    refused_as: Option<String>,
    #[serde(default)]
    line: Option<String>,
    #[serde(default)]
    values: Option<toml::Table>,
    /// Values the record holds after the step (what its `sets` wrote).
    #[serde(default)]
    expect: Option<toml::Table>,
}

fn fixture_files() -> Vec<PathBuf> {
    let dir = workspace_root().join("gateway/tests/registers");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|f| f.expect("fixture directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

fn load(path: &PathBuf) -> Fixture {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The demo accounts' passwords follow one pattern (README): `contractor2` → `Contractor2@123`.
pub(crate) fn password(user: &str) -> String {
    let mut chars = user.chars();
    match chars.next() {
        Some(first) => format!("{}{}@123", first.to_uppercase(), chars.as_str()),
        None => String::new(),
    }
}

/// Signed-in clients, one per demo account, made on first use.
pub(crate) struct People<'a> {
    pub(crate) app: &'a TestApp,
    pub(crate) signed_in: BTreeMap<String, TestApp>,
}

impl<'a> People<'a> {
    pub(crate) async fn of(&mut self, user: &str) -> &TestApp {
        if !self.signed_in.contains_key(user) {
            let token = self.app.sign_in(user, &password(user)).await;
            self.signed_in
                .insert(user.to_owned(), self.app.with_token(&token));
        }
        &self.signed_in[user]
    }
}

/// A fixture value with its placeholders resolved against the database: `$package:CODE`, `$user:NAME`,
/// `$today`, `$today+N`, `$today-N`, `$id:table:column=value`, `$record`.
pub(crate) async fn resolve(db: &Client, value: &toml::Value, record: Option<i64>) -> Value {
    match value {
        toml::Value::String(s) if s.starts_with('$') => resolve_placeholder(db, s, record).await,
        toml::Value::String(s) => json!(s),
        toml::Value::Integer(i) => json!(i),
        toml::Value::Float(f) => json!(f),
        toml::Value::Boolean(b) => json!(b),
        toml::Value::Datetime(d) => json!(d.to_string()),
        toml::Value::Array(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(Box::pin(resolve(db, item, record)).await);
            }
            Value::Array(out)
        }
        toml::Value::Table(table) => Value::Object(resolve_table(db, table, record).await),
    }
}

pub(crate) async fn resolve_table(
    db: &Client,
    table: &toml::Table,
    record: Option<i64>,
) -> Map<String, Value> {
    let mut out = Map::new();
    for (key, value) in table {
        out.insert(key.clone(), Box::pin(resolve(db, value, record)).await);
    }
    out
}

pub(crate) async fn resolve_placeholder(
    db: &Client,
    placeholder: &str,
    record: Option<i64>,
) -> Value {
    if placeholder == "$record" {
        return json!(record.unwrap_or_else(|| panic!("$record before a record was created")));
    }
    if let Some(code) = placeholder.strip_prefix("$package:") {
        return one_id(
            db,
            placeholder,
            "SELECT id FROM package WHERE c_code = $1",
            code,
        )
        .await;
    }
    if let Some(name) = placeholder.strip_prefix("$user:") {
        return one_id(
            db,
            placeholder,
            "SELECT id FROM users WHERE c_username = $1",
            name,
        )
        .await;
    }
    if let Some(days) = placeholder.strip_prefix("$today") {
        let days: i32 = if days.is_empty() {
            0
        } else {
            days.trim_start_matches('+')
                .parse()
                .unwrap_or_else(|e| panic!("{placeholder}: {e}"))
        };
        let row = db
            .query_one("SELECT (current_date + $1::int)::text", &[&days])
            .await
            .unwrap_or_else(|e| panic!("{placeholder}: {e}"));
        return json!(row.get::<_, String>(0));
    }
    if let Some(rest) = placeholder.strip_prefix("$id:") {
        let (table, condition) = rest
            .split_once(':')
            .unwrap_or_else(|| panic!("{placeholder}: $id:table:column=value"));
        let (column, value) = condition
            .split_once('=')
            .unwrap_or_else(|| panic!("{placeholder}: $id:table:column=value"));
        let plain = |s: &str| s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        assert!(
            plain(table) && plain(column),
            "{placeholder}: not a plain name"
        );
        let sql = format!("SELECT id FROM {table} WHERE {column}::text = $1 ORDER BY id LIMIT 1");
        return one_id(db, placeholder, &sql, value).await;
    }
    panic!("{placeholder}: unknown placeholder")
}

/// The id of the one row `sql` finds for `arg`, as JSON.
async fn one_id(db: &Client, placeholder: &str, sql: &str, arg: &str) -> Value {
    let row = db
        .query_opt(sql, &[&arg])
        .await
        .unwrap_or_else(|e| panic!("{placeholder}: {e}"))
        .unwrap_or_else(|| panic!("{placeholder}: no such row in the demo data"));
    json!(row.get::<_, i64>(0))
}

pub(crate) async fn row_version(client: &TestApp, entry: &str, id: i64) -> i64 {
    let stored = record(client, entry, id).await;
    stored["n_row_version"]
        .as_i64()
        .unwrap_or_else(|| panic!("{entry} {id} has no row version: {stored}"))
}

pub(crate) async fn record(client: &TestApp, entry: &str, id: i64) -> Value {
    let (status, body) = client
        .send(Method::GET, &format!("/api/data/{entry}/{id}"), None)
        .await;
    assert_eq!(status, 200, "{entry} {id}: {body}");
    if body["data"].is_object() {
        body["data"].clone()
    } else {
        body
    }
}

pub(crate) async fn create(
    client: &TestApp,
    entry: &str,
    body: &Map<String, Value>,
) -> (u16, Value) {
    client
        .send(
            Method::POST,
            &format!("/api/data/{entry}"),
            Some(&Value::Object(body.clone())),
        )
        .await
}

fn created_id(entry: &str, status: u16, body: &Value) -> i64 {
    assert_eq!(status, 201, "{entry}: create: {body}");
    body["id"]
        .as_i64()
        .unwrap_or_else(|| panic!("{entry}: create answered no id: {body}"))
}

/// The ids a data-table request with one column filter answers.
async fn found(client: &TestApp, entry: &str, column: &str, value: &Value) -> Vec<i64> {
    let value = match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let (status, body) = client
        .send(
            Method::POST,
            "/api/custom/datatable",
            Some(&json!({
                "t": entry, "draw": 1, "start": 0, "length": -1,
                "columns": [{"data": "id"}, {"data": column, "search": {"value": value}}]
            })),
        )
        .await;
    assert_eq!(status, 200, "{entry}: filter {column} = {value}: {body}");
    body["data"]
        .as_array()
        .unwrap_or_else(|| panic!("{entry}: {body}"))
        .iter()
        .filter_map(|row| row["id"].as_i64())
        .collect()
}

/// `account` lists the entry and sees demo rows (a reader the documentation names, or the register's own account).
async fn check_reads(people: &mut People<'_>, entry: &str, account: &str) {
    let client = people.of(account).await;
    let (status, body) = client
        .send(
            Method::POST,
            "/api/custom/datatable",
            Some(&json!({"t": entry, "draw": 1, "start": 0, "length": 5})),
        )
        .await;
    assert_eq!(status, 200, "{entry} read by {account}: {body}");
    assert!(
        body["recordsTotal"].as_i64().unwrap_or(0) > 0,
        "{entry}: {account} is listed no demo rows: {body}"
    );
}

async fn check_view(people: &mut People<'_>, register: &Register) {
    let entry = &register.entry;
    check_reads(people, entry, &register.account).await;
    let client = people.of(&register.account).await;
    let (status, body) = client
        .send(
            Method::POST,
            &format!("/api/data/{entry}"),
            Some(&json!({})),
        )
        .await;
    assert!(
        status == 405 || status == 403,
        "{entry}: a write to a read-only view answered {status}: {body}"
    );
}

async fn check_register(db: &Client, people: &mut People<'_>, register: &Register) {
    let entry = &register.entry;
    let base = resolve_table(db, &register.create, None).await;

    // Each broken rule refused, named under its field, nothing written.
    for bad in &register.bad {
        let mut body = base.clone();
        body.extend(resolve_table(db, &bad.values, None).await);
        let client = people.of(&register.account).await;
        let (status, answer) = create(client, entry, &body).await;
        assert_eq!(status, 422, "{entry}: {:?} accepted: {answer}", bad.values);
        assert!(
            field_messages(&answer).contains_key(&bad.field),
            "{entry}: {:?} refused, but not under {}: {answer}",
            bad.values,
            bad.field
        );
    }

    // Deleted (or refused) first, then made again to walk on: registers with a unique business key take one
    // record of the fixture at a time.
    let client = people.of(&register.account).await;
    let (status, answer) = create(client, entry, &base).await;
    let mut id = created_id(entry, status, &answer);
    let version = row_version(client, entry, id).await;
    let (status, answer) = client
        .send(
            Method::DELETE,
            &format!("/api/data/{entry}/{id}?n_row_version={version}"),
            None,
        )
        .await;
    if register.delete {
        assert_eq!(status, 200, "{entry}: delete: {answer}");
        let (status, answer) = create(client, entry, &base).await;
        id = created_id(entry, status, &answer);
    } else {
        assert!(
            matches!(status, 403 | 405 | 409 | 422),
            "{entry}: delete was to be refused, answered {status}: {answer}"
        );
    }

    if !register.update.is_empty() {
        let mut body = resolve_table(db, &register.update, Some(id)).await;
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
        assert_eq!(status, 200, "{entry}: update: {answer}");
    }

    if let Some(find) = &register.find {
        let value = resolve(db, &find.value, Some(id)).await;
        let ids = found(client, entry, &find.column, &value).await;
        assert!(
            ids.contains(&id),
            "{entry}: the filter {} = {value} does not find record {id}: {ids:?}",
            find.column
        );
    }

    for (n, step) in register.walk.iter().enumerate() {
        walk_step(db, people, entry, id, n, step).await;
    }
    if let Some(closed) = &register.closed_state {
        let client = people.of(&register.account).await;
        let stored = record(client, entry, id).await;
        assert_eq!(
            stored["c_state"], *closed,
            "{entry}: the walk ends in {} instead of {closed}",
            stored["c_state"]
        );
    }
}

async fn walk_step(
    db: &Client,
    people: &mut People<'_>,
    entry: &str,
    id: i64,
    n: usize,
    step: &Step,
) {
    if let Some(line) = &step.line {
        let values = step
            .values
            .as_ref()
            .unwrap_or_else(|| panic!("{entry}: walk step {n} adds a line without values"));
        let body = resolve_table(db, values, Some(id)).await;
        let client = people.of(&step.account).await;
        let (status, answer) = create(client, line, &body).await;
        assert_eq!(status, 201, "{entry}: walk step {n}: line {line}: {answer}");
        return;
    }
    let transition = step
        .transition
        .as_deref()
        .unwrap_or_else(|| panic!("{entry}: walk step {n} is neither a transition nor a line"));
    let fields = match &step.fields {
        Some(fields) => Value::Object(resolve_table(db, fields, Some(id)).await),
        None => json!({}),
    };
    let path = format!("/api/data/{entry}/{id}/transition");
    if let Some(wrong) = &step.refused_as {
        let client = people.of(wrong).await;
        // The wrong person may not even see the record (another package): that is a refusal too.
        let version = match client
            .send(Method::GET, &format!("/api/data/{entry}/{id}"), None)
            .await
        {
            (200, body) => body["n_row_version"]
                .as_i64()
                .or(body["data"]["n_row_version"].as_i64()),
            _ => None,
        };
        let body = json!({"transition": transition, "n_row_version": version.unwrap_or(1),
                          "fields": fields, "comment": step.comment});
        let (status, answer) = client.send(Method::POST, &path, Some(&body)).await;
        assert!(
            matches!(status, 403 | 404 | 422),
            "{entry}: {transition} by {wrong} was to be refused, answered {status}: {answer}"
        );
    }
    let client = people.of(&step.account).await;
    let version = row_version(client, entry, id).await;
    let body = json!({"transition": transition, "n_row_version": version, "fields": fields,
                      "comment": step.comment});
    let (status, answer) = client.send(Method::POST, &path, Some(&body)).await;
    assert_eq!(
        status, 200,
        "{entry}: {transition} by {}: {answer}",
        step.account
    );
    if let Some(expected) = &step.expect {
        let stored = record(client, entry, id).await;
        for (column, value) in resolve_table(db, expected, Some(id)).await {
            assert_eq!(
                stored[&column], value,
                "{entry}: after {transition}, {column}: {stored}"
            );
        }
    }
}

#[tokio::test]
async fn every_contract_register_is_created_refused_found_deleted_and_walked() {
    let files = fixture_files();
    assert!(!files.is_empty(), "no register fixtures");
    let app = spawn_seeded_app().await;
    // One connection resolves every placeholder of the run.
    let db = app.db().await;
    let mut people = People {
        app: &app,
        signed_in: BTreeMap::new(),
    };
    let mut checked = Vec::new();
    for file in &files {
        for register in load(file).register {
            match register.kind.as_deref() {
                Some("view") => check_view(&mut people, &register).await,
                None | Some("register") => check_register(&db, &mut people, &register).await,
                Some(other) => panic!(
                    "{}: {}: unknown kind {other}",
                    file.display(),
                    register.entry
                ),
            }
            for reader in &register.readers {
                check_reads(&mut people, &register.entry, reader).await;
            }
            checked.push(register.entry);
        }
    }
    assert!(
        checked.len() >= 74,
        "only {} registers checked: {checked:?}",
        checked.len()
    );
}

/// Routes of SPEC §2 under the register menus that are not registers: the import screens (kind `import`, drawn by
/// the importer from the registry's `[[imports]]` presets), the programme timeline (kind
/// `custom`). Their own tests cover them (`import.rs`, `schedule.rs`, the Playwright specs).
const NOT_REGISTERS: [&str; 6] = [
    "/dataentry/importp6",
    "/dataentry/importipa",
    "/dataentry/importla",
    "/dataentry/importrr",
    "/dataentry/timeline",
    "/administration/keyelementstatusimport",
];

/// Administration screens that hold a site's own set-up rather than demo records (a handful of rows is right).
const SET_UP_SCREENS: [&str; 8] = [
    "/administration/auditlog",
    "/administration/manageusers",
    "/administration/userpermission",
    "/administration/settings",
    "/administration/approvals",
    "/administration/packageusers",
    "/administration/dmsreview",
    "/administration/deviceregistration",
];

#[tokio::test]
async fn every_register_route_has_a_register_with_more_than_a_page_of_demo_rows() {
    let app = spawn_seeded_app().await;
    let admin = app.with_token(&app.sign_in("admin", "Admin@123").await);
    let routes: Vec<String> = app
        .db()
        .await
        .query(
            "SELECT c_route FROM navigation
             WHERE c_route LIKE '/contract-data-entry/%' OR c_route LIKE '/contract-requirement/%'
                OR c_route LIKE '/correspondence/%' OR c_route LIKE '/dataentry/%'
                OR c_route LIKE '/survey/%' OR c_route LIKE '/administration/%'
             ORDER BY c_route",
            &[],
        )
        .await
        .expect("navigation")
        .iter()
        .map(|row| row.get(0))
        .collect();
    // SPEC §2: 30 contract and correspondence routes, 24 under Data entry, 8 under Land survey and 17 under
    // Administration, the audit log (docs/operations.md), the reviewers' lines of document reviews
    // (docs/registers/dms.md), the schedule check (docs/schedule.md) and the punch list
    // (docs/registers/punch-list.md).
    assert_eq!(routes.len(), 83, "{routes:?}");
    let mut unbuilt = Vec::new();
    let mut built_elsewhere = Vec::new();
    let mut thin = Vec::new();
    for route in &routes {
        let (status, meta) = admin.get_json(&format!("/api/screen?route={route}")).await;
        let not_register = NOT_REGISTERS.contains(&route.as_str());
        match (status, not_register) {
            (200, true) => built_elsewhere.push(route.clone()),
            (200, false) => {}
            (_, true) => continue,
            (_, false) => {
                unbuilt.push(format!("{route}: {status} {meta}"));
                continue;
            }
        }
        if SET_UP_SCREENS.contains(&route.as_str()) {
            continue;
        }
        let entry = meta["entry"].as_str().unwrap_or_default().to_owned();
        let (status, body) = admin
            .send(
                Method::POST,
                "/api/custom/datatable",
                Some(&json!({"t": entry, "draw": 1, "start": 0, "length": 5})),
            )
            .await;
        assert_eq!(status, 200, "{route} ({entry}): {body}");
        // The list's page is five rows (SPEC): more than one page of demo rows.
        if body["recordsTotal"].as_i64().unwrap_or(0) <= 5 {
            thin.push(format!("{route} ({entry}): {}", body["recordsTotal"]));
        }
    }
    assert!(
        unbuilt.is_empty(),
        "routes with no registered screen: {unbuilt:?}"
    );
    assert!(
        built_elsewhere.is_empty(),
        "registers now: take them off NOT_REGISTERS: {built_elsewhere:?}"
    );
    assert!(thin.is_empty(), "one page or less of demo rows: {thin:?}");
}
