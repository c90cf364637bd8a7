//! Settings read from the environment once at start. Owns names, defaults and validation of every variable;
//! must not read the environment anywhere else.

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error(
        "DATABASE_URL is not set: `just run` starts the project-local database and sets it, \
         or export DATABASE_URL=postgres://user:password@host:port/dbname"
    )]
    MissingDatabaseUrl,
    #[error("DATABASE_URL is not a valid PostgreSQL connection string: {0}")]
    InvalidDatabaseUrl(String),
    /// Another connection string than DATABASE_URL; the value is not repeated (it may hold a password).
    #[error("{name} is not a valid PostgreSQL connection string: {reason}")]
    InvalidUrl { name: &'static str, reason: String },
    #[error("{name} must be {expected}, got {value:?}")]
    Invalid {
        name: &'static str,
        expected: &'static str,
        value: String,
    },
}

/// The default folder of the site's own migrations (`SITE_MIGRATIONS_DIR`), at the repository root: relative to
/// the working folder, as the other default folders are.
pub const DEFAULT_SITE_MIGRATIONS_DIR: &str = "site/migrations";
/// The default folder of the site's own registry files (`SITE_REGISTRY_DIR`), beside it.
pub const DEFAULT_SITE_REGISTRY_DIR: &str = "site/registry";
/// The default folder of the site's own language files (`SITE_LANGS_DIR`), beside them.
pub const DEFAULT_SITE_LANGS_DIR: &str = "site/langs";

#[derive(Debug, Clone)]
pub struct Settings {
    /// Address to listen on (`BIND_ADDRESS`, default 0.0.0.0 so colleagues on the network can reach the console).
    pub bind_address: IpAddr,
    /// `PORT`, default 8080; 0 picks a free port (tests).
    pub port: u16,
    pub database: DatabaseSettings,
    /// The built console (`STATIC_DIR`, default `frontend/dist`).
    pub static_dir: PathBuf,
    /// How long in-flight requests may take to finish after SIGTERM (`SHUTDOWN_TIMEOUT_SECS`, default 30).
    pub shutdown_timeout: Duration,
    /// Threads answering HTTP (`HTTP_WORKERS`, default: one per core).
    pub http_workers: Option<usize>,
    /// Load the demo data set once after migrations (`serve --seed-demo`; never implied by DATABASE_URL).
    pub seed_demo: bool,
    pub query: QuerySettings,
    pub auth: AuthSettings,
    pub mail: MailSettings,
    /// The folder of instruction manuals (`.pdf`) and video demos (`.mp4`) per page, listed by `GET /files` and
    /// served under `/_support_resources/` (`SUPPORT_RESOURCES_DIR`, default `support-resources`).
    pub support_dir: PathBuf,
    pub files: FileSettings,
}

/// Where the files attached to records are kept, and what is accepted.
#[derive(Debug, Clone)]
pub struct FileSettings {
    /// The local folder (`FILES_DIR`, default `data/files`): the store when no S3 bucket is set, and the place of
    /// uploads in progress either way.
    pub dir: PathBuf,
    /// An S3-compatible object store instead of the folder (`FILES_S3_BUCKET` and the `FILES_S3_*` settings).
    pub s3: Option<S3Settings>,
    /// The largest file accepted (`FILES_MAX_BYTES`, default 104857600 = 100 MiB); larger ones are refused with 413.
    pub max_bytes: u64,
    /// The file types accepted, by extension (`FILES_ALLOWED_TYPES`, comma-separated; default documents, drawings,
    /// spreadsheets, images, archives). Anything else, and any executable whatever its name, is refused with 415.
    pub allowed_types: Vec<String>,
    /// Files one record may keep (`FILES_MAX_PER_RECORD`, default 200); more are refused with 413.
    pub max_files_per_record: i64,
    /// Bytes one record's files may take together (`FILES_MAX_BYTES_PER_RECORD`, default 2 GiB); 413 beyond.
    pub max_bytes_per_record: u64,
    /// Bytes one user may upload in a day, deleted files included (`FILES_MAX_BYTES_PER_USER_DAY`, default 5 GiB);
    /// 429 beyond, until the next day.
    pub max_bytes_per_user_day: u64,
    /// How long a deleted file (or the files of a deleted record) stays restorable before the sweep removes it
    /// and, when no other file shares them, its bytes (`FILES_GRACE_HOURS`, default 168 = 7 days; 0: at the next
    /// sweep).
    pub grace_hours: u64,
    /// The program that reads an uploaded document's text in a process of its own (`TEXT_READER`, default this
    /// gateway binary; `None` when the running program is not the gateway and none is named: no text is read).
    pub text_reader: Option<PathBuf>,
}

/// The gateway binary itself, when the running program is it (not a test harness that embeds the library).
fn own_binary() -> Option<PathBuf> {
    let program = std::env::current_exe().ok()?;
    (program.file_stem()? == "gateway").then_some(program)
}

/// An S3-compatible bucket (AWS S3, MinIO, Ceph, …).
#[derive(Debug, Clone)]
pub struct S3Settings {
    /// `FILES_S3_BUCKET`.
    pub bucket: String,
    /// `FILES_S3_ENDPOINT`, e.g. `http://minio.internal:9000` (default: AWS for the region).
    pub endpoint: Option<String>,
    /// `FILES_S3_REGION`, default `us-east-1`.
    pub region: String,
    /// `FILES_S3_ACCESS_KEY_ID` / `FILES_S3_SECRET_ACCESS_KEY` (default: the environment's AWS credentials).
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
}

/// The file types accepted by default: documents, drawings, spreadsheets, images, mail, archives.
pub const DEFAULT_FILE_TYPES: &[&str] = &[
    "pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "csv", "txt", "rtf", "dwg",
    "dxf", "xer", "xml", "png", "jpg", "jpeg", "gif", "webp", "tif", "tiff", "msg", "eml", "zip",
];

/// Outgoing mail and the dispatcher that sends due reminders and queued mail.
#[derive(Debug, Clone)]
pub struct MailSettings {
    /// The SMTP server (`SMTP_URL`, e.g. `smtp://mail.example:25`, `smtp://user:pass@mail.example:587?tls=required`,
    /// `smtps://mail.example:465`). Unset: messages stay in the `mail_outbox` table for administrators.
    pub smtp_url: Option<String>,
    /// The sender (`MAIL_FROM`, default `Metro PMIS <pmis@localhost>`).
    pub from: String,
    /// How often the dispatcher looks for due reminders and unsent mail (`MAIL_POLL_MS`, default 10000).
    pub poll: Duration,
    /// Wait before the first retry of a failed send, doubling up to an hour (`MAIL_RETRY_BASE_MS`, default 30000).
    pub retry_base: Duration,
    /// How long one SMTP conversation may take (`MAIL_SEND_TIMEOUT_MS`, default 20000).
    pub send_timeout: Duration,
    /// The time zone of the programme (`TIME_ZONE`, default `Asia/Kolkata`): a reminder scheduled for a date is due
    /// at `REMINDER_HOUR` (default 9) that day there, and "not in the past" means not before today there.
    pub time_zone: String,
    pub reminder_hour: u32,
    /// The hour (in `TIME_ZONE`) from which each person's daily digest goes out (`DIGEST_HOUR`, default 17). A
    /// day's due-date reminders of workflow steps go out from `REMINDER_HOUR`.
    pub digest_hour: u32,
    /// How often the due-date reminders of workflow steps and the daily digests are looked for
    /// (`WORKFLOW_MAIL_POLL_MS`, default 300000: five minutes).
    pub workflow_poll: Duration,
}

/// Sessions, sign-in and the links sent by mail.
#[derive(Debug, Clone)]
pub struct AuthSettings {
    /// A session ends this long after its last use (`SESSION_TTL_MINUTES`, default 720 = 12 hours).
    pub session_ttl: Duration,
    /// A session signed in on a device registered for the user (the field forms) ends this long after its last use
    /// (`FIELD_DEVICE_SESSION_DAYS`, default 30), or the moment the device is deactivated.
    pub device_session_ttl: Duration,
    /// How long a resolved session may be reused without asking the database (`SESSION_CACHE_MS`, default 2000;
    /// 0 turns the cache off). Changes made through the API reach every replica at once regardless.
    pub session_cache: Duration,
    /// The first superadmin (`SUPERADMIN_EMAIL`): the account with this address becomes superadmin when none exists.
    pub superadmin_email: Option<String>,
    /// Where users reach the console, for links in mail (`PUBLIC_URL`, default `http://localhost:<PORT>`).
    pub public_url: String,
    /// Load balancers whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`, comma-separated addresses or
    /// networks such as `10.0.0.0/8`; default none: the socket's peer is the client).
    pub trusted_proxies: Vec<crate::auth::network::Network>,
}

/// Limits and tuning of the read endpoints (selectall, datatable, export).
#[derive(Debug, Clone)]
pub struct QuerySettings {
    /// The schema registry folder (`REGISTRY_DIR`, default `schema-registry/registry`).
    pub registry_dir: PathBuf,
    /// The site's own registry files, loaded with the product's (`SITE_REGISTRY_DIR`; default `site/registry`
    /// when that folder exists, else none). A folder set explicitly must exist.
    pub site_registry_dir: Option<PathBuf>,
    /// The site's own language files (`SITE_LANGS_DIR`; default `site/langs` when that folder exists, else
    /// none): `hi.json` and the like, added over the product's (docs/console.md "Languages").
    pub site_langs_dir: Option<PathBuf>,
    /// Rows in one selectall or datatable answer at most (`MAX_ROWS`, default 10000); more are cut and the
    /// answer says so in the `X-Truncated` header. Exports are not capped.
    pub max_rows: u64,
    /// Data-table counts read at most this many rows: above it (by the planner's estimate, or found while
    /// counting) the planner's estimate is reported, marked as one (`COUNT_ESTIMATE_THRESHOLD`, default 10000;
    /// 0 always counts exactly).
    pub count_estimate_threshold: i64,
    /// The same bound for the count of a searched or filtered data table (`SEARCH_COUNT_THRESHOLD`, default 1000;
    /// 0: as `COUNT_ESTIMATE_THRESHOLD`): counting matches of a search word rechecks each candidate row, and
    /// 10,000 of them cost PostgreSQL about 20 ms per page where the page itself costs 10.
    pub search_count_threshold: i64,
    /// `statement_timeout` of an export (`EXPORT_STATEMENT_TIMEOUT_MS`, default 600000): exports read whole
    /// tables and legitimately take longer than one request.
    pub export_statement_timeout: Duration,
    /// Exports running at once over all users (`EXPORT_CONCURRENCY`, default a quarter of the pool, at least 1).
    pub export_concurrency: usize,
    /// Exports one user may run at once (`EXPORT_PER_USER`, default 2).
    pub export_per_user: usize,
    /// A download whose client reads nothing for this long is ended and its connection freed
    /// (`EXPORT_IDLE_TIMEOUT_MS`, default 30000).
    pub export_idle_timeout: Duration,
}

impl QuerySettings {
    /// The bound of a searched or filtered count: the smaller of the two thresholds; none when counts are exact.
    pub fn filtered_count_threshold(&self) -> i64 {
        match (self.count_estimate_threshold, self.search_count_threshold) {
            (0, _) => 0,
            (all, 0) => all,
            (all, searched) => all.min(searched),
        }
    }
}

#[derive(Debug, Clone)]
pub struct DatabaseSettings {
    /// The role requests are served as (`DATABASE_URL`): reads and writes of data, no DDL.
    pub url: String,
    /// The role that owns the schema, for migrations, the demo data and the serving role's grants
    /// (`MIGRATION_DATABASE_URL`; default `DATABASE_URL`, which then must own the schema).
    pub migration_url: Option<String>,
    /// CA certificate(s) a TLS server certificate must chain to (`DB_TLS_CA_FILE`, PEM; default none: encrypted
    /// without checking the certificate, as libpq's `sslmode=require`).
    pub tls_ca_file: Option<PathBuf>,
    /// Connections serving requests, shared out among the HTTP workers (`DB_POOL_SIZE`, default 16).
    pub pool_size: usize,
    /// How long a request waits for a free connection before it is answered 503 (`DB_POOL_WAIT_MS`, default 2000).
    pub pool_wait: Duration,
    /// How long opening a connection may take (`DB_CONNECT_TIMEOUT_MS`, default 3000).
    pub connect_timeout: Duration,
    /// Server-side `statement_timeout` of every pooled session (`DB_STATEMENT_TIMEOUT_MS`, default 5000).
    pub statement_timeout: Duration,
    /// A pooled connection is replaced after this long (`DB_CONN_MAX_LIFETIME_SECS`, default 1800).
    pub max_lifetime: Duration,
    /// Prepared statements a connection keeps at most before its cache is emptied (`DB_STATEMENT_CACHE_MAX`,
    /// default 256).
    pub statement_cache_max: usize,
    /// A streaming replica for the reads that may be a little stale (`DATABASE_READ_URL` and the settings around
    /// it); none: every read goes to `url`.
    pub read_replica: Option<ReadReplicaSettings>,
    /// A folder of the site's own migrations (`SITE_MIGRATIONS_DIR`, `V1__name.sql` …), applied in order at
    /// start after the product's, with their own history (`site_schema_history`): a new register's table
    /// without rebuilding the gateway or running psql by hand. Default `site/migrations` when that folder
    /// exists, else none; a folder set explicitly must exist.
    pub site_migrations_dir: Option<PathBuf>,
    /// Every session's `TimeZone` (`TIME_ZONE`, as the mail settings'): the database's `CURRENT_DATE` is the
    /// programme's day, the one the console calls today, also in the hours when UTC is still on the day before.
    pub time_zone: String,
}

/// A PostgreSQL streaming replica (hot standby) of the database: lists, data tables and exports read from it while
/// it answers and keeps up; everything else, and those reads when it does not, go to the primary.
#[derive(Debug, Clone)]
pub struct ReadReplicaSettings {
    /// `DATABASE_READ_URL`: the replica, signed in as the same serving role as `DATABASE_URL`, with the same TLS
    /// settings, timeouts and pool behaviour.
    pub url: String,
    /// Connections to the replica, shared out among the HTTP workers (`DB_READ_POOL_SIZE`, default `DB_POOL_SIZE`).
    pub pool_size: usize,
    /// How far behind the primary the replica may be and still serve reads (`DATABASE_READ_MAX_LAG_MS`, default
    /// 5000).
    pub max_lag: Duration,
    /// How often the replica's reachability and lag are checked (`DATABASE_READ_CHECK_MS`, default 1000).
    pub check_interval: Duration,
}

impl Settings {
    /// Reads the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// Reads settings through `lookup`, so tests can supply their own values without touching the process.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let url = lookup("DATABASE_URL")
            .filter(|u| !u.trim().is_empty())
            .ok_or(ConfigError::MissingDatabaseUrl)?;
        url.parse::<tokio_postgres::Config>()
            .map_err(|e| ConfigError::InvalidDatabaseUrl(e.to_string()))?;
        let pool_size: usize =
            parse(&lookup, "DB_POOL_SIZE", "a positive number", Some(16usize))?.max(1);
        Ok(Self {
            bind_address: parse(
                &lookup,
                "BIND_ADDRESS",
                "an IP address",
                "0.0.0.0".parse().ok(),
            )?,
            port: parse(&lookup, "PORT", "a port number (0-65535)", Some(8080))?,
            database: DatabaseSettings {
                url,
                migration_url: match lookup("MIGRATION_DATABASE_URL")
                    .map(|url| url.trim().to_owned())
                    .filter(|url| !url.is_empty())
                {
                    Some(url) => {
                        url.parse::<tokio_postgres::Config>().map_err(|e| {
                            ConfigError::InvalidDatabaseUrl(format!("MIGRATION_DATABASE_URL: {e}"))
                        })?;
                        Some(url)
                    }
                    None => None,
                },
                read_replica: read_replica(&lookup, pool_size)?,
                tls_ca_file: lookup("DB_TLS_CA_FILE")
                    .map(|path| path.trim().to_owned())
                    .filter(|path| !path.is_empty())
                    .map(PathBuf::from),
                site_migrations_dir: site_folder(
                    &lookup,
                    "SITE_MIGRATIONS_DIR",
                    DEFAULT_SITE_MIGRATIONS_DIR,
                ),
                time_zone: time_zone(&lookup)?,
                pool_size,
                pool_wait: millis(&lookup, "DB_POOL_WAIT_MS", 2000)?,
                connect_timeout: millis(&lookup, "DB_CONNECT_TIMEOUT_MS", 3000)?,
                statement_timeout: millis(&lookup, "DB_STATEMENT_TIMEOUT_MS", 5000)?,
                max_lifetime: Duration::from_secs(
                    parse(
                        &lookup,
                        "DB_CONN_MAX_LIFETIME_SECS",
                        "a number of seconds",
                        Some(1800u64),
                    )?
                    .max(1),
                ),
                statement_cache_max: parse(
                    &lookup,
                    "DB_STATEMENT_CACHE_MAX",
                    "a number of statements",
                    Some(256usize),
                )?,
            },
            static_dir: lookup("STATIC_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("frontend/dist")),
            shutdown_timeout: Duration::from_secs(parse(
                &lookup,
                "SHUTDOWN_TIMEOUT_SECS",
                "a number of seconds",
                Some(30),
            )?),
            http_workers: match lookup("HTTP_WORKERS").filter(|v| !v.trim().is_empty()) {
                Some(_) => {
                    Some(parse(&lookup, "HTTP_WORKERS", "a positive number", None::<usize>)?.max(1))
                }
                None => None,
            },
            seed_demo: false,
            query: QuerySettings {
                registry_dir: lookup("REGISTRY_DIR")
                    .map(PathBuf::from)
                    .unwrap_or_else(|| PathBuf::from("schema-registry/registry")),
                site_registry_dir: site_folder(
                    &lookup,
                    "SITE_REGISTRY_DIR",
                    DEFAULT_SITE_REGISTRY_DIR,
                ),
                site_langs_dir: site_folder(&lookup, "SITE_LANGS_DIR", DEFAULT_SITE_LANGS_DIR),
                max_rows: parse(&lookup, "MAX_ROWS", "a positive number", Some(10_000))?.max(1),
                count_estimate_threshold: parse(
                    &lookup,
                    "COUNT_ESTIMATE_THRESHOLD",
                    "a number of rows",
                    Some(10_000),
                )?,
                search_count_threshold: parse(
                    &lookup,
                    "SEARCH_COUNT_THRESHOLD",
                    "a number of rows",
                    Some(1_000),
                )?,
                export_statement_timeout: millis(&lookup, "EXPORT_STATEMENT_TIMEOUT_MS", 600_000)?,
                export_concurrency: parse(
                    &lookup,
                    "EXPORT_CONCURRENCY",
                    "a positive number",
                    Some((pool_size / 4).max(1)),
                )?
                .max(1),
                export_per_user: parse(&lookup, "EXPORT_PER_USER", "a positive number", Some(2))?
                    .max(1),
                export_idle_timeout: millis(&lookup, "EXPORT_IDLE_TIMEOUT_MS", 30_000)?
                    .max(std::time::Duration::from_millis(100)),
            },
            files: FileSettings {
                dir: lookup("FILES_DIR")
                    .map(|path| path.trim().to_owned())
                    .filter(|path| !path.is_empty())
                    .map(PathBuf::from)
                    .unwrap_or_else(|| PathBuf::from("data/files")),
                s3: lookup("FILES_S3_BUCKET")
                    .map(|b| b.trim().to_owned())
                    .filter(|b| !b.is_empty())
                    .map(|bucket| S3Settings {
                        bucket,
                        endpoint: lookup("FILES_S3_ENDPOINT")
                            .map(|e| e.trim().trim_end_matches('/').to_owned())
                            .filter(|e| !e.is_empty()),
                        region: lookup("FILES_S3_REGION")
                            .map(|r| r.trim().to_owned())
                            .filter(|r| !r.is_empty())
                            .unwrap_or_else(|| "us-east-1".to_owned()),
                        access_key_id: lookup("FILES_S3_ACCESS_KEY_ID").filter(|k| !k.is_empty()),
                        secret_access_key: lookup("FILES_S3_SECRET_ACCESS_KEY")
                            .filter(|k| !k.is_empty()),
                    }),
                max_bytes: parse(
                    &lookup,
                    "FILES_MAX_BYTES",
                    "a number of bytes",
                    Some(100 * 1024 * 1024),
                )?
                .max(1),
                allowed_types: match lookup("FILES_ALLOWED_TYPES").filter(|t| !t.trim().is_empty())
                {
                    Some(list) => list
                        .split(',')
                        .map(|t| t.trim().trim_start_matches('.').to_ascii_lowercase())
                        .filter(|t| !t.is_empty())
                        .collect(),
                    None => DEFAULT_FILE_TYPES.iter().map(|t| (*t).to_owned()).collect(),
                },
                max_files_per_record: parse(
                    &lookup,
                    "FILES_MAX_PER_RECORD",
                    "a number of files",
                    Some(200i64),
                )?
                .max(1),
                max_bytes_per_record: parse(
                    &lookup,
                    "FILES_MAX_BYTES_PER_RECORD",
                    "a number of bytes",
                    Some(2 * 1024 * 1024 * 1024),
                )?
                .max(1),
                max_bytes_per_user_day: parse(
                    &lookup,
                    "FILES_MAX_BYTES_PER_USER_DAY",
                    "a number of bytes",
                    Some(5 * 1024 * 1024 * 1024),
                )?
                .max(1),
                grace_hours: parse(&lookup, "FILES_GRACE_HOURS", "a number of hours", Some(168))?,
                text_reader: lookup("TEXT_READER")
                    .map(|path| path.trim().to_owned())
                    .filter(|path| !path.is_empty())
                    .map(PathBuf::from)
                    .or_else(own_binary),
            },
            mail: MailSettings {
                smtp_url: lookup("SMTP_URL")
                    .map(|url| url.trim().to_owned())
                    .filter(|url| !url.is_empty()),
                from: lookup("MAIL_FROM")
                    .map(|from| from.trim().to_owned())
                    .filter(|from| !from.is_empty())
                    .unwrap_or_else(|| "Metro PMIS <pmis@localhost>".to_owned()),
                poll: millis(&lookup, "MAIL_POLL_MS", 10_000)?.max(Duration::from_millis(50)),
                retry_base: millis(&lookup, "MAIL_RETRY_BASE_MS", 30_000)?,
                send_timeout: millis(&lookup, "MAIL_SEND_TIMEOUT_MS", 20_000)?,
                time_zone: time_zone(&lookup)?,
                reminder_hour: hour(&lookup, "REMINDER_HOUR", 9)?,
                digest_hour: hour(&lookup, "DIGEST_HOUR", 17)?,
                workflow_poll: millis(&lookup, "WORKFLOW_MAIL_POLL_MS", 300_000)?
                    .max(Duration::from_millis(50)),
            },
            support_dir: lookup("SUPPORT_RESOURCES_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("support-resources")),
            auth: AuthSettings {
                session_ttl: Duration::from_secs(
                    60 * parse::<u64>(
                        &lookup,
                        "SESSION_TTL_MINUTES",
                        "a number of minutes",
                        Some(720),
                    )?
                    .max(1),
                ),
                device_session_ttl: Duration::from_secs(
                    86_400
                        * parse::<u64>(
                            &lookup,
                            "FIELD_DEVICE_SESSION_DAYS",
                            "a number of days",
                            Some(30),
                        )?
                        .clamp(1, 365),
                ),
                session_cache: millis(&lookup, "SESSION_CACHE_MS", 2000)?,
                superadmin_email: lookup("SUPERADMIN_EMAIL")
                    .map(|email| email.trim().to_owned())
                    .filter(|email| !email.is_empty()),
                public_url: lookup("PUBLIC_URL")
                    .map(|url| url.trim().trim_end_matches('/').to_owned())
                    .filter(|url| !url.is_empty())
                    .unwrap_or_else(|| {
                        format!(
                            "http://localhost:{}",
                            lookup("PORT").unwrap_or_else(|| "8080".into()).trim()
                        )
                    }),
                trusted_proxies: lookup("TRUSTED_PROXIES")
                    .unwrap_or_default()
                    .split(',')
                    .map(str::trim)
                    .filter(|item| !item.is_empty())
                    .map(|item| {
                        item.parse().map_err(|_| ConfigError::Invalid {
                            name: "TRUSTED_PROXIES",
                            expected:
                                "comma-separated IP addresses or networks (10.0.0.0/8, fd00::/8)",
                            value: item.to_owned(),
                        })
                    })
                    .collect::<Result<_, _>>()?,
            },
        })
    }
}

/// The replica settings when `DATABASE_READ_URL` is set; the others are read (and checked) only then.
/// A site's own folder: the variable's value when set (a missing folder is then an error where it is read), else
/// the default folder when it exists, else none (a site without one needs nothing).
fn site_folder(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &str,
    default: &str,
) -> Option<PathBuf> {
    match lookup(name)
        .map(|path| path.trim().to_owned())
        .filter(|path| !path.is_empty())
    {
        Some(path) => Some(PathBuf::from(path)),
        None => Some(PathBuf::from(default)).filter(|path| path.is_dir()),
    }
}

fn read_replica(
    lookup: &impl Fn(&str) -> Option<String>,
    pool_size: usize,
) -> Result<Option<ReadReplicaSettings>, ConfigError> {
    let Some(url) = lookup("DATABASE_READ_URL")
        .map(|url| url.trim().to_owned())
        .filter(|url| !url.is_empty())
    else {
        return Ok(None);
    };
    url.parse::<tokio_postgres::Config>()
        .map_err(|e| ConfigError::InvalidUrl {
            name: "DATABASE_READ_URL",
            reason: e.to_string(),
        })?;
    Ok(Some(ReadReplicaSettings {
        url,
        pool_size: parse(
            lookup,
            "DB_READ_POOL_SIZE",
            "a positive number",
            Some(pool_size),
        )?
        .max(1),
        max_lag: millis(lookup, "DATABASE_READ_MAX_LAG_MS", 5000)?,
        // A check per millisecond would be load, not care.
        check_interval: millis(lookup, "DATABASE_READ_CHECK_MS", 1000)?
            .max(Duration::from_millis(10)),
    }))
}

fn parse<T: std::str::FromStr>(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    expected: &'static str,
    default: Option<T>,
) -> Result<T, ConfigError> {
    match lookup(name).filter(|v| !v.trim().is_empty()) {
        Some(value) => value.trim().parse().map_err(|_| ConfigError::Invalid {
            name,
            expected,
            value,
        }),
        None => default.ok_or(ConfigError::Invalid {
            name,
            expected,
            value: String::new(),
        }),
    }
}

/// An hour of the day, 0 to 23.
fn hour(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    default: u32,
) -> Result<u32, ConfigError> {
    let hour: u32 = parse(lookup, name, "an hour (0-23)", Some(default))?;
    if hour > 23 {
        return Err(ConfigError::Invalid {
            name,
            expected: "an hour (0-23)",
            value: hour.to_string(),
        });
    }
    Ok(hour)
}

fn millis(
    lookup: &impl Fn(&str) -> Option<String>,
    name: &'static str,
    default: u64,
) -> Result<Duration, ConfigError> {
    parse(lookup, name, "a number of milliseconds", Some(default)).map(Duration::from_millis)
}

/// The programme's time zone (`TIME_ZONE`, default `Asia/Kolkata`): a tz database name or offset, which the gateway
/// passes to PostgreSQL as each session's `TimeZone` (so no spaces or quotes).
fn time_zone(lookup: &impl Fn(&str) -> Option<String>) -> Result<String, ConfigError> {
    let zone = lookup("TIME_ZONE")
        .map(|zone| zone.trim().to_owned())
        .filter(|zone| !zone.is_empty())
        .unwrap_or_else(|| "Asia/Kolkata".to_owned());
    if zone
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '+' | '-' | ':'))
    {
        Ok(zone)
    } else {
        Err(ConfigError::Invalid {
            name: "TIME_ZONE",
            expected: "a time zone name such as Asia/Kolkata",
            value: zone,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(vars: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        let vars: Vec<(String, String)> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Settings::from_lookup(|name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone()))
    }

    #[test]
    fn defaults_apply_when_only_the_database_is_given() {
        let s = settings(&[("DATABASE_URL", "postgres://u:p@127.0.0.1:5432/db")]).unwrap();
        assert_eq!(s.port, 8080);
        assert_eq!(s.database.pool_size, 16);
        assert_eq!(s.database.statement_timeout, Duration::from_secs(5));
        assert_eq!(s.static_dir, PathBuf::from("frontend/dist"));
        assert!(!s.seed_demo);
    }

    #[test]
    fn the_time_zone_is_india_unless_set_and_reaches_the_database_sessions() {
        let url = ("DATABASE_URL", "postgres://u:p@127.0.0.1:5432/db");
        let s = settings(&[url]).unwrap();
        assert_eq!(s.database.time_zone, "Asia/Kolkata");
        assert_eq!(s.mail.time_zone, "Asia/Kolkata");
        let s = settings(&[url, ("TIME_ZONE", "Asia/Dubai")]).unwrap();
        assert_eq!(s.database.time_zone, "Asia/Dubai");
        let err = settings(&[url, ("TIME_ZONE", "Asia/Kolkata -c work_mem=1GB")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("TIME_ZONE must be a time zone name"), "{err}");
    }

    #[test]
    fn http_workers_default_to_one_per_core_and_a_bad_value_is_named() {
        let url = ("DATABASE_URL", "postgres://u:p@127.0.0.1:5432/db");
        assert_eq!(settings(&[url]).unwrap().http_workers, None);
        assert_eq!(
            settings(&[url, ("HTTP_WORKERS", "1")])
                .unwrap()
                .http_workers,
            Some(1)
        );
        let err = settings(&[url, ("HTTP_WORKERS", "two")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("HTTP_WORKERS") && err.contains("two"), "{err}");
    }

    #[test]
    fn site_folders_are_the_variables_else_the_defaults_only_where_they_exist() {
        let url = ("DATABASE_URL", "postgres://u:p@127.0.0.1:5432/db");
        // Unit tests run in gateway/, which has no site/ folder: no default.
        assert!(!std::path::Path::new(DEFAULT_SITE_MIGRATIONS_DIR).exists());
        let s = settings(&[url]).unwrap();
        assert_eq!(s.database.site_migrations_dir, None);
        assert_eq!(s.query.site_registry_dir, None);
        // Set explicitly, a folder is kept even when missing: reading it then fails, naming it.
        let s = settings(&[
            url,
            ("SITE_MIGRATIONS_DIR", " /nonexistent/migrations "),
            ("SITE_REGISTRY_DIR", "/nonexistent/registry"),
        ])
        .unwrap();
        assert_eq!(
            s.database.site_migrations_dir,
            Some(PathBuf::from("/nonexistent/migrations"))
        );
        assert_eq!(
            s.query.site_registry_dir,
            Some(PathBuf::from("/nonexistent/registry"))
        );
    }

    #[test]
    fn a_missing_database_url_says_how_to_get_one() {
        let err = settings(&[]).unwrap_err().to_string();
        assert!(err.contains("just run"), "{err}");
    }

    #[test]
    fn a_bad_port_names_the_variable_and_the_value() {
        let err = settings(&[("DATABASE_URL", "postgres://localhost/db"), ("PORT", "80x")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("PORT") && err.contains("80x"), "{err}");
    }

    #[test]
    fn without_a_read_url_there_is_no_replica_whatever_else_is_set() {
        let s = settings(&[
            ("DATABASE_URL", "postgres://u:p@127.0.0.1:5432/db"),
            ("DATABASE_READ_MAX_LAG_MS", "not read"),
        ])
        .unwrap();
        assert!(s.database.read_replica.is_none());
    }

    #[test]
    fn a_read_replica_gets_the_pool_size_a_five_second_lag_and_a_one_second_check_by_default() {
        let s = settings(&[
            ("DATABASE_URL", "postgres://u:p@primary:5432/db"),
            ("DATABASE_READ_URL", " postgres://u:p@replica:5432/db "),
            ("DB_POOL_SIZE", "24"),
        ])
        .unwrap();
        let replica = s.database.read_replica.expect("a replica");
        assert_eq!(replica.url, "postgres://u:p@replica:5432/db");
        assert_eq!(replica.pool_size, 24);
        assert_eq!(replica.max_lag, Duration::from_secs(5));
        assert_eq!(replica.check_interval, Duration::from_secs(1));
    }

    #[test]
    fn the_read_replica_settings_are_read_when_given() {
        let s = settings(&[
            ("DATABASE_URL", "postgres://u:p@primary:5432/db"),
            ("DATABASE_READ_URL", "postgres://u:p@replica:5432/db"),
            ("DB_READ_POOL_SIZE", "8"),
            ("DATABASE_READ_MAX_LAG_MS", "30000"),
            ("DATABASE_READ_CHECK_MS", "250"),
        ])
        .unwrap();
        let replica = s.database.read_replica.expect("a replica");
        assert_eq!(replica.pool_size, 8);
        assert_eq!(replica.max_lag, Duration::from_secs(30));
        assert_eq!(replica.check_interval, Duration::from_millis(250));
    }

    #[test]
    fn a_bad_read_replica_setting_names_the_variable_and_hides_the_url() {
        let err = settings(&[
            ("DATABASE_URL", "postgres://u:p@primary:5432/db"),
            (
                "DATABASE_READ_URL",
                "postgres://u:secret@replica:notaport/db",
            ),
        ])
        .unwrap_err()
        .to_string();
        assert!(err.contains("DATABASE_READ_URL"), "{err}");
        assert!(!err.contains("secret"), "{err}");
        let err = settings(&[
            ("DATABASE_URL", "postgres://u:p@primary:5432/db"),
            ("DATABASE_READ_URL", "postgres://u:p@replica:5432/db"),
            ("DATABASE_READ_MAX_LAG_MS", "5s"),
        ])
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("DATABASE_READ_MAX_LAG_MS") && err.contains("5s"),
            "{err}"
        );
    }

    #[test]
    fn a_malformed_database_url_is_refused() {
        let err = settings(&[("DATABASE_URL", "postgres://localhost:notaport/db")])
            .unwrap_err()
            .to_string();
        assert!(err.contains("DATABASE_URL"), "{err}");
    }
}
