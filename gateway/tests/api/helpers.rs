use std::path::PathBuf;
use std::time::{Duration, Instant};

use gateway::ops::config::Settings;
use gateway::startup::Application;
use tokio_postgres::NoTls;

/// The administrative URL of the test cluster: PMIS_TEST_DATABASE_URL, else the project-local cluster's.
pub fn admin_url() -> String {
    if let Ok(url) = std::env::var("PMIS_TEST_DATABASE_URL") {
        return url;
    }
    let script = workspace_root().join("scripts/pg-local.sh");
    let output = std::process::Command::new(script)
        .arg("url")
        .output()
        .expect("run scripts/pg-local.sh url");
    assert!(
        output.status.success(),
        "no test database: run `just test`, or `just db-start` first ({})",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .expect("utf-8 url")
        .trim()
        .to_string()
}

pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The shipped schema registry.
pub fn registry_dir() -> PathBuf {
    workspace_root().join("schema-registry").join("registry")
}

pub fn fixture_dist() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dist")
}

/// `url` with its database name replaced (its parameters, such as `sslmode`, kept).
pub fn url_for(database: &str) -> String {
    let base = admin_url();
    let (base, query) = match base.split_once('?') {
        Some((base, query)) => (base.to_owned(), format!("?{query}")),
        None => (base, String::new()),
    };
    let (prefix, _) = base.rsplit_once('/').expect("url has a database name");
    format!("{prefix}/{database}{query}")
}

/// A connection of the test's own, in the programme's time zone as the gateway's sessions are: its `CURRENT_DATE`
/// is the gateway's (and the console's) today, also in the hours when UTC is still on the day before.
pub async fn connect(url: &str) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(url, NoTls)
        .await
        .unwrap_or_else(|e| panic!("connect to {url}: {e}"));
    tokio::spawn(connection);
    client
        .batch_execute("SET TimeZone = 'Asia/Kolkata'")
        .await
        .unwrap_or_else(|e| panic!("time zone on {url}: {e}"));
    client
}

/// A new test database's name: `test_<pid>_<process start time>_<uuid>`. The owner's process id and start time
/// (in clock ticks since boot, so that a reused pid is not mistaken for it) let a later run tell the databases of
/// a process that has ended from those of a `cargo test` still running ([`drop_abandoned_databases`]).
pub fn fresh_database_name() -> String {
    let (pid, start) = own_process();
    format!("test_{pid}_{start}_{}", uuid::Uuid::new_v4().simple())
}

/// This process's id and start time.
fn own_process() -> (u32, u64) {
    let pid = std::process::id();
    (pid, process_start_time(pid).unwrap_or(0))
}

/// A process's start time in clock ticks since boot (field 22 of `/proc/<pid>/stat`); `None` when it has ended
/// or there is no `/proc`.
fn process_start_time(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(19)?.parse().ok()
}

/// Whether the test database `name` (as [`fresh_database_name`] makes them) belongs to a process that has ended.
/// Any other name, or a system without `/proc`, is never abandoned.
fn is_abandoned(name: &str) -> bool {
    let mut parts = name.splitn(4, '_');
    let (Some("test"), Some(pid), Some(start), Some(_)) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let (Ok(pid), Ok(start)) = (pid.parse::<u32>(), start.parse::<u64>()) else {
        return false;
    };
    if start == 0 || !std::path::Path::new("/proc/self/stat").exists() {
        return false;
    }
    process_start_time(pid) != Some(start)
}

/// Drops the test databases of earlier `cargo test` processes that have ended (once per process, before its first
/// database), so that runs outside `just test` do not leave them piling up. A database of a process still running
/// (another `cargo test` at the same time, or this one) is kept; so is any name not made by
/// [`fresh_database_name`] (`scripts/pg-local.sh drop-dbs test_` drops those). Only on a cluster on this machine
/// (loopback): process ids mean nothing on another.
async fn drop_abandoned_databases(admin: &tokio_postgres::Client) {
    static DONE: tokio::sync::OnceCell<()> = tokio::sync::OnceCell::const_new();
    DONE.get_or_init(|| async {
        let Ok(config) = url_for("postgres").parse::<tokio_postgres::Config>() else {
            return;
        };
        let local = config.get_hosts().iter().all(|host| match host {
            tokio_postgres::config::Host::Tcp(name) => {
                ["127.0.0.1", "localhost", "::1"].contains(&name.as_str())
            }
            tokio_postgres::config::Host::Unix(_) => true,
        });
        if !local {
            return;
        }
        let rows = match admin
            .query(
                "SELECT datname FROM pg_database WHERE datname ~ '^test_[0-9]+_[0-9]+_[0-9a-f]{32}$'",
                &[],
            )
            .await
        {
            Ok(rows) => rows,
            Err(e) => {
                eprintln!("test databases of ended runs not listed: {e}");
                return;
            }
        };
        for row in rows {
            let name: String = row.get(0);
            if !is_abandoned(&name) {
                continue;
            }
            // The owner has ended, so nothing of it still uses the database: FORCE ends what its gateway
            // processes (or a test killed mid-run) may have left connected. IF EXISTS: another run may drop it
            // at the same time.
            if let Err(e) = admin
                .batch_execute(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
                .await
            {
                eprintln!("test database {name} of an ended run not dropped: {e}");
            }
        }
    })
    .await;
}

/// Creates an empty database and returns its URL. The first call of a process first drops the test databases
/// that ended runs left behind.
pub async fn create_database(name: &str) -> String {
    let admin = connect(&url_for("postgres")).await;
    drop_abandoned_databases(&admin).await;
    admin
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await
        .expect("create test database");
    url_for(name)
}

pub fn settings_for(database_url: &str) -> Settings {
    let url = database_url.to_string();
    let static_dir = fixture_dist().display().to_string();
    let registry = registry_dir().display().to_string();
    let support = workspace_root()
        .join("support-resources")
        .display()
        .to_string();
    // Each app its own files folder, under the system's temporary folder.
    let files = std::env::temp_dir()
        .join(format!("pmis-files-{}", uuid::Uuid::new_v4().simple()))
        .display()
        .to_string();
    Settings::from_lookup(move |name| match name {
        "FILES_DIR" => Some(files.clone()),
        "REGISTRY_DIR" => Some(registry.clone()),
        "DATABASE_URL" => Some(url.clone()),
        "PORT" => Some("0".into()),
        "BIND_ADDRESS" => Some("127.0.0.1".into()),
        "STATIC_DIR" => Some(static_dir.clone()),
        "SHUTDOWN_TIMEOUT_SECS" => Some("2".into()),
        "SUPPORT_RESOURCES_DIR" => Some(support.clone()),
        // Documents' text is read by the gateway binary in a process of its own, as in production.
        "TEXT_READER" => Some(env!("CARGO_BIN_EXE_gateway").to_owned()),
        _ => None,
    })
    .expect("test settings")
}

#[derive(Clone)]
pub struct TestApp {
    pub address: String,
    pub database_url: String,
    pub client: reqwest::Client,
    /// The connections of the gateway's work outside requests; free for the test's own statements.
    pub pool: deadpool_postgres::Pool,
    /// The connections the gateway serves requests on, one pool per HTTP worker (`None` for a gateway run as
    /// its own process).
    pub serving: Option<std::sync::Arc<gateway::ops::thread_pools::ThreadPools>>,
    /// Sent as `x-access-token` by the request helpers when set.
    pub token: Option<String>,
    /// The database this app was given for itself alone, dropped when its last handle is: a full run makes some
    /// 250 databases of ~50 MB each, more than a CI machine's free disk if they are kept to the end.
    pub owned_database: Option<std::sync::Arc<OwnedDatabase>>,
}

/// A test database dropped (with whatever is still connected to it) when this is.
pub struct OwnedDatabase {
    name: String,
}

impl OwnedDatabase {
    pub fn new(name: &str) -> std::sync::Arc<Self> {
        std::sync::Arc::new(Self {
            name: name.to_owned(),
        })
    }
}

impl Drop for OwnedDatabase {
    fn drop(&mut self) {
        // A drop takes 0.5–4 s on a busy machine: a reaper thread does them one after another while the tests go
        // on. What it has not dropped when the process ends, `just test` drops after the API tests (and a later
        // run's `drop_abandoned_databases` otherwise).
        if let Some(reaper) = database_reaper() {
            let _ = reaper.send(self.name.clone());
        }
    }
}

/// The sender of the thread that drops the test databases handed to it, with whatever is still connected to
/// them (the gateway of a test that has ended). `None` when the thread could not be started.
fn database_reaper() -> Option<&'static std::sync::mpsc::Sender<String>> {
    static REAPER: std::sync::OnceLock<Option<std::sync::mpsc::Sender<String>>> =
        std::sync::OnceLock::new();
    REAPER
        .get_or_init(|| {
            let (sender, names) = std::sync::mpsc::channel::<String>();
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .ok()?;
            std::thread::Builder::new()
                .name("test-database-reaper".into())
                .spawn(move || {
                    runtime.block_on(async {
                        let Ok((client, connection)) =
                            tokio_postgres::connect(&url_for("postgres"), NoTls).await
                        else {
                            return;
                        };
                        tokio::spawn(connection);
                        while let Ok(name) = names.recv() {
                            if let Err(e) = client
                                .batch_execute(&format!(
                                    "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
                                ))
                                .await
                            {
                                eprintln!("test database {name} not dropped: {e}");
                            }
                        }
                    })
                })
                .ok()?;
            Some(sender)
        })
        .as_ref()
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.request(reqwest::Method::GET, path)
            .send()
            .await
            .expect("request")
    }

    /// A request carrying this app's token (when it has one).
    pub fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let builder = self.client.request(method, self.url(path));
        match &self.token {
            Some(token) => builder.header("x-access-token", token),
            None => builder,
        }
    }

    pub fn post(&self, path: &str) -> reqwest::RequestBuilder {
        self.request(reqwest::Method::POST, path)
    }

    /// POSTs JSON; the status and the JSON answer.
    pub async fn post_json(
        &self,
        path: &str,
        body: &serde_json::Value,
    ) -> (u16, serde_json::Value) {
        let response = self.post(path).json(body).send().await.expect("request");
        let status = response.status().as_u16();
        let text = response.text().await.expect("body");
        (
            status,
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}")),
        )
    }

    /// Signs in; the access token.
    pub async fn sign_in(&self, username: &str, password: &str) -> String {
        let (status, body) = self
            .post_json(
                "/api/auth/signin",
                &serde_json::json!({"username": username, "password": password}),
            )
            .await;
        assert_eq!(status, 200, "sign-in of {username}: {body}");
        body["accessToken"]
            .as_str()
            .expect("accessToken")
            .to_owned()
    }

    /// The same app, calling with `token`.
    pub fn with_token(&self, token: &str) -> TestApp {
        TestApp {
            token: Some(token.to_owned()),
            ..self.clone()
        }
    }

    /// The same app, calling without a token.
    pub fn anonymous(&self) -> TestApp {
        TestApp {
            token: None,
            ..self.clone()
        }
    }

    /// Polls /api/health until it answers `status`, or panics after `limit`.
    pub async fn wait_for_health(&self, status: u16, limit: Duration) {
        let start = Instant::now();
        loop {
            if let Ok(response) = self.client.get(self.url("/api/health")).send().await {
                if response.status().as_u16() == status {
                    return;
                }
            }
            assert!(
                start.elapsed() < limit,
                "health never answered {status} within {limit:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub async fn db(&self) -> tokio_postgres::Client {
        connect(&self.database_url).await
    }

    /// The single number a `SELECT count(*) …` answers, on the app's database.
    pub async fn count(&self, sql: &str) -> i64 {
        self.db()
            .await
            .query_one(sql, &[])
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"))
            .get(0)
    }

    /// Every migration this build carries is recorded as applied, once.
    pub async fn assert_fully_migrated(&self) {
        let applied = self
            .count("SELECT count(*) FROM refinery_schema_history")
            .await;
        assert_eq!(applied as usize, gateway::ops::migrations::known().len());
    }
}

/// Starts the gateway on `database_url` without waiting for it to be ready.
pub async fn start_app(settings: Settings) -> TestApp {
    start_app_with_replica(settings).await.0
}

/// [`start_app`], and the gateway's read replica when the settings name one.
pub async fn start_app_with_replica(
    settings: Settings,
) -> (
    TestApp,
    Option<std::sync::Arc<gateway::ops::read_replica::ReadReplica>>,
) {
    let database_url = settings.database.url.clone();
    let app = Application::build(settings)
        .await
        .expect("build application");
    let address = format!("http://127.0.0.1:{}", app.port());
    let pool = app.pool().clone();
    let serving = Some(std::sync::Arc::clone(app.serving_pools()));
    let replica = app.replica().cloned();
    // The server task ends with the test's runtime.
    tokio::spawn(app.run_until_stopped());
    let app = TestApp {
        address,
        database_url,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(10))
            .build()
            .expect("http client"),
        pool,
        serving,
        token: None,
        owned_database: None,
    };
    (app, replica)
}

/// A gateway on a fresh, migrated database, ready to serve.
pub async fn spawn_app() -> TestApp {
    let name = fresh_database_name();
    let url = create_database(&name).await;
    let mut app = start_app(settings_for(&url)).await;
    app.owned_database = Some(OwnedDatabase::new(&name));
    app.wait_for_health(200, Duration::from_secs(30)).await;
    app
}

/// A gateway with the demo data set loaded (corridors, phases, projects, packages, stations, users).
pub async fn spawn_seeded_app() -> TestApp {
    spawn_seeded_app_with(|_| {}).await
}

/// The same, with settings adjusted first (row limits, pool size …).
pub async fn spawn_seeded_app_with(adjust: impl FnOnce(&mut Settings)) -> TestApp {
    let name = fresh_database_name();
    let url = copy_database(&name, seeded_template().await).await;
    let mut settings = settings_for(&url);
    adjust(&mut settings);
    let mut app = start_app(settings).await;
    app.owned_database = Some(OwnedDatabase::new(&name));
    app.wait_for_health(200, Duration::from_secs(30)).await;
    let token = app.sign_in("admin", "Admin@123").await;
    app.with_token(&token)
}

/// The migrated, demo-seeded database of this test process, made by its first seeded test. Each seeded test
/// works on a copy (`CREATE DATABASE … TEMPLATE`): a fraction of a second, where migrating and seeding anew
/// took seconds for each of the 160-odd tests. It takes no connections once made (`ALLOW_CONNECTIONS false`),
/// so a copy is never refused because the gateway that seeded it still has one open; it is dropped with the
/// process's other databases by a later run.
static SEEDED_TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();

async fn seeded_template() -> &'static str {
    SEEDED_TEMPLATE
        .get_or_init(|| async {
            let name = format!("{}_seeded", fresh_database_name());
            let url = create_database(&name).await;
            let app = start_app(settings_for(&url)).await;
            app.wait_for_health(200, Duration::from_secs(60)).await;
            gateway::ops::seed::load_demo_data(&app.pool)
                .await
                .expect("demo data");
            let admin = connect(&url_for("postgres")).await;
            admin
                .batch_execute(&format!(
                    "ALTER DATABASE {name} WITH ALLOW_CONNECTIONS false; \
                     SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"
                ))
                .await
                .expect("close the seeded template");
            name
        })
        .await
}

/// Creates `name` as a copy of `template` and returns its URL. A copy is refused while anything is connected to
/// the template: connections the seeding gateway is still closing are ended, and the copy retried.
async fn copy_database(name: &str, template: &str) -> String {
    let admin = connect(&url_for("postgres")).await;
    let started = Instant::now();
    loop {
        match admin
            .batch_execute(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
            .await
        {
            Ok(()) => return url_for(name),
            Err(e) if started.elapsed() < Duration::from_secs(30) => {
                eprintln!("copy of {template} refused, retrying: {e}");
                admin
                    .execute(
                        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1",
                        &[&template],
                    )
                    .await
                    .expect("end the template's connections");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("copy {template} to {name}: {e}"),
        }
    }
}

impl TestApp {
    pub async fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        let body = response.text().await.expect("body");
        (
            status,
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}")),
        )
    }

    /// Sends `body` (when given) as JSON with `method`; the status and the JSON answer.
    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let mut request = self.request(method, path);
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request.send().await.expect("request");
        let status = response.status().as_u16();
        let text = response.text().await.expect("body");
        let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
        (status, value)
    }

    /// Sends a multipart form (an upload, an import) to `path`; the status and the JSON answer.
    pub async fn send_form(
        &self,
        path: &str,
        form: reqwest::multipart::Form,
    ) -> (u16, serde_json::Value) {
        let response = self
            .post(path)
            .multipart(form)
            .send()
            .await
            .expect("upload");
        let status = response.status().as_u16();
        let text = response.text().await.expect("body");
        let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
        (status, value)
    }

    /// The audit log's actions for one record, oldest first.
    pub async fn audit_actions(&self, entry: &str, key: &str) -> Vec<String> {
        self.db()
            .await
            .query(
                "SELECT c_action FROM audit_log WHERE c_entry = $1 AND c_key = $2 ORDER BY id",
                &[&entry, &key],
            )
            .await
            .unwrap()
            .iter()
            .map(|row| row.get(0))
            .collect()
    }

    /// Runs SQL on the app's database (setup of test rows).
    pub async fn execute(&self, sql: &str) {
        self.db()
            .await
            .batch_execute(sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

/// `s` percent-encoded for a query string.
pub fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A real SMTP server on loopback (`scripts/smtp-sink.py`, aiosmtpd from the project's Python environment, which
/// `just test` prepares and names in `PMIS_TEST_PYTHON`). Stops when dropped.
pub struct SmtpSink {
    pub port: u16,
    pub dir: PathBuf,
    child: std::process::Child,
}

impl SmtpSink {
    /// Accepts every message and keeps it.
    pub fn accepting() -> SmtpSink {
        SmtpSink::start(false)
    }

    /// Answers every message with a temporary failure (451).
    pub fn refusing() -> SmtpSink {
        SmtpSink::start(true)
    }

    fn start(refuse: bool) -> SmtpSink {
        use std::io::BufRead;
        let python = std::env::var("PMIS_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
        let dir = std::env::temp_dir().join(format!("pmis-smtp-{}", uuid::Uuid::new_v4().simple()));
        let mut command = std::process::Command::new(&python);
        command
            .arg(workspace_root().join("scripts/smtp-sink.py"))
            .arg("--dir")
            .arg(&dir)
            .stdout(std::process::Stdio::piped());
        if refuse {
            command.arg("--refuse");
        }
        let mut child = command.spawn().unwrap_or_else(|e| {
            panic!("cannot start {python} scripts/smtp-sink.py ({e}); run the tests through `just test`, which prepares aiosmtpd")
        });
        let stdout = child.stdout.take().expect("stdout");
        let mut line = String::new();
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .expect("smtp-sink port");
        let port = line.trim().parse().unwrap_or_else(|_| {
            panic!("smtp-sink did not start (is aiosmtpd installed for {python}? run `just test`): {line:?}")
        });
        SmtpSink { port, dir, child }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// The messages received so far, oldest first: `{mail_from, rcpt_tos, data}`.
    pub fn messages(&self) -> Vec<serde_json::Value> {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&self.dir)
            .map(|listing| {
                listing
                    .flatten()
                    .map(|item| item.path())
                    .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
                    .collect()
            })
            .unwrap_or_default();
        paths.sort();
        paths
            .iter()
            .map(|path| serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap())
            .collect()
    }

    /// Waits until at least `count` messages arrived (or panics after `limit`).
    pub async fn wait_for(&self, count: usize, limit: Duration) -> Vec<serde_json::Value> {
        let start = Instant::now();
        loop {
            let messages = self.messages();
            if messages.len() >= count {
                return messages;
            }
            assert!(
                start.elapsed() < limit,
                "{} of {count} messages after {limit:?}",
                messages.len()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `{field: message}` of an answer's `fields` (422, 409), in field order.
pub fn field_messages(body: &serde_json::Value) -> std::collections::BTreeMap<String, String> {
    body["fields"]
        .as_array()
        .unwrap_or_else(|| panic!("no fields in {body}"))
        .iter()
        .map(|f| {
            (
                f["field"].as_str().unwrap().to_owned(),
                f["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// One HTTP/1.1 request written byte for byte (paths are sent as given, never normalised, unlike an HTTP
/// client's URL parser); the status, the header block and the body of the answer.
pub async fn raw_http(address: &str, request: &[u8]) -> (u16, String, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(host)
        .await
        .unwrap_or_else(|e| panic!("connect to {host}: {e}"));
    stream.write_all(request).await.expect("write request");
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
        .await
        .expect("answer within 10 s")
        .expect("read answer");
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no header block in {:?}", String::from_utf8_lossy(&answer)));
    let head = String::from_utf8_lossy(&answer[..split]).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    (status, head, answer[split + 4..].to_vec())
}

/// A GET of `path` exactly as written, closing the connection after the answer.
pub async fn raw_get(address: &str, path: &str) -> (u16, String, Vec<u8>) {
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    raw_http(address, request.as_bytes()).await
}

/// A TCP port nothing listens on right now (for a process that must be told its port).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

/// A transaction of the test's own holding `table` exclusively, so requests reading it wait (slow requests on
/// demand); `COMMIT` or `ROLLBACK` on the returned client releases it.
pub async fn hold_table(database_url: &str, table: &str) -> tokio_postgres::Client {
    let client = connect(database_url).await;
    client
        .batch_execute(&format!(
            "BEGIN; LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE"
        ))
        .await
        .expect("lock the table");
    client
}

/// A real S3-protocol server on loopback (moto's server, from the tests' Python tools), with one bucket.
pub struct S3Server {
    pub endpoint: String,
    pub bucket: String,
    child: std::process::Child,
}

impl S3Server {
    pub async fn start() -> S3Server {
        let python = std::env::var("PMIS_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
        let port = free_port();
        let child = std::process::Command::new(&python)
            .args(["-m", "moto.server", "-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!("cannot start {python} -m moto.server ({e}); run the tests through `just test`, which installs moto")
            });
        let endpoint = format!("http://127.0.0.1:{port}");
        let bucket = format!("pmis-{}", uuid::Uuid::new_v4().simple());
        let client = reqwest::Client::new();
        let started = Instant::now();
        loop {
            if let Ok(response) = client.put(format!("{endpoint}/{bucket}")).send().await {
                assert!(
                    response.status().is_success(),
                    "creating the bucket: {}",
                    response.status()
                );
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "moto's S3 server did not start on {endpoint}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        S3Server {
            endpoint,
            bucket,
            child,
        }
    }

    /// The gateway's settings for this server's bucket.
    pub fn settings(&self) -> gateway::ops::config::S3Settings {
        gateway::ops::config::S3Settings {
            bucket: self.bucket.clone(),
            endpoint: Some(self.endpoint.clone()),
            region: "us-east-1".into(),
            access_key_id: Some("test".into()),
            secret_access_key: Some("test".into()),
        }
    }

    /// The objects in the bucket (their keys).
    pub async fn keys(&self) -> Vec<String> {
        let text = reqwest::get(format!("{}/{}?list-type=2", self.endpoint, self.bucket))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        text.split("<Key>")
            .skip(1)
            .filter_map(|part| part.split("</Key>").next())
            .map(str::to_owned)
            .collect()
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
