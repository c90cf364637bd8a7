//! Builds and runs the application: binds the port first (a clash fails at once, naming the port), then serves
//! while a background task waits for the database, applies migrations and, when asked, loads the demo data.
//! `/api/health` answers 503 until that task finishes; a failed migration stops the whole server.

use std::net::{IpAddr, TcpListener};
use std::sync::Arc;

use actix_web::dev::{Server, ServerHandle};
use actix_web::middleware::from_fn;
use actix_web::{web, App, HttpServer};
use deadpool_postgres::Pool;
use tokio::task::JoinHandle;
use tracing_actix_web::TracingLogger;

use schema_registry::{Registry, RegistryError};

use crate::auth::bootstrap;
use crate::auth::cache::SessionCache;
use crate::base::written_once::WrittenOnce;
use crate::console::digest::Digests;
use crate::console::dispatcher::Dispatcher;
use crate::console::step_reminders::StepReminders;
use crate::error::ApiError;
use crate::http::access_log::AccessLog;
use crate::http::{headers, openapi, routes, static_files, support_files};
use crate::ops::config::Settings;
use crate::ops::database::{self, DatabaseError};
use crate::ops::migrations::{self, MigrationError};
use crate::ops::read_replica::ReadReplica;
use crate::ops::readiness::{Phase, Readiness};
use crate::ops::registry_check::{self, RegistryCheckError};
use crate::ops::replica_health::{self, HealthCheck};
use crate::ops::seed::{self, SeedError, SeedOutcome};
use crate::ops::thread_pools::ThreadPools;
use crate::ops::{housekeeping, privileges};
use crate::pipeline::export_slots::ExportSlots;
use crate::state::AppState;

/// Compiled `whrc` filters kept per gateway: lists, dashboards and look-ups use a few hundred at most.
const FILTER_CACHE_SIZE: usize = 1024;

/// Connections for the work outside requests (start-up, reminders, housekeeping, the replica's health check),
/// beside the serving pools.
const BACKGROUND_POOL_SIZE: usize = 4;

#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error(
        "port {port} on {address} is already in use: stop the program listening there, \
         or choose another port with PORT (for example `PORT={suggestion} just run`)"
    )]
    PortInUse {
        address: IpAddr,
        port: u16,
        suggestion: u16,
    },
    #[error("cannot listen on {address}:{port}: {source}")]
    Bind {
        address: IpAddr,
        port: u16,
        source: std::io::Error,
    },
    #[error(transparent)]
    Database(#[from] DatabaseError),
    #[error(transparent)]
    Migration(#[from] MigrationError),
    #[error(transparent)]
    Seed(#[from] SeedError),
    #[error("{0}")]
    Registry(#[from] RegistryError),
    #[error("{0}")]
    Languages(#[from] crate::http::language_files::LanguageFileError),
    #[error("{0}")]
    RegistryCheck(#[from] RegistryCheckError),
    #[error("the HTTP server stopped with an error: {0}")]
    Server(#[source] std::io::Error),
    #[error("{0}")]
    Mail(#[from] crate::base::mail::MailError),
    #[error("{0}")]
    Files(#[from] crate::files::store::StoreError),
    #[error("start-up task failed: {0}")]
    Task(String),
}

pub struct Application {
    port: u16,
    server: Server,
    preparation: JoinHandle<Result<(), StartupError>>,
    /// The connections of the work outside requests.
    pool: Pool,
    /// The connections requests are served on, one pool per HTTP worker.
    serving: Arc<ThreadPools>,
    replica: Option<Arc<ReadReplica>>,
    /// The read replica's health check, ended when the application is.
    _replica_check: Option<HealthCheck>,
}

impl Application {
    pub async fn build(settings: Settings) -> Result<Self, StartupError> {
        // A broken registry file stops the start before anything listens.
        let registry = Arc::new(registry_check::load(
            &settings.query.registry_dir,
            settings.query.site_registry_dir.as_deref(),
        )?);
        tracing::info!(
            entries = registry.len(),
            folder = %settings.query.registry_dir.display(),
            site_folder = %settings
                .query
                .site_registry_dir
                .as_deref()
                .map_or_else(|| "none".to_owned(), |dir| dir.display().to_string()),
            "schema registry loaded"
        );
        let address = settings.bind_address;
        let listener = TcpListener::bind((address, settings.port)).map_err(|source| {
            if source.kind() == std::io::ErrorKind::AddrInUse {
                StartupError::PortInUse {
                    address,
                    port: settings.port,
                    suggestion: settings.port.wrapping_add(1).max(1024),
                }
            } else {
                StartupError::Bind {
                    address,
                    port: settings.port,
                    source,
                }
            }
        })?;
        let port = listener
            .local_addr()
            .map_err(|source| StartupError::Bind {
                address,
                port: settings.port,
                source,
            })?
            .port();

        let mailer = crate::base::mail::Mailer::from_settings(&settings.mail)?;
        let openapi = {
            let registry = Arc::clone(&registry);
            Arc::new(WrittenOnce::new(move || openapi::json(&registry)))
        };
        let workers = settings.http_workers.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        });
        let serving = Arc::new(ThreadPools::new(
            &settings.database,
            &settings.database.url,
            settings.database.pool_size,
            workers,
        )?);
        let pool = serving.separate(settings.database.pool_size.min(BACKGROUND_POOL_SIZE));
        // The replica's connections are made as the primary's are (TLS, timeouts, session settings).
        let replica = match &settings.database.read_replica {
            Some(read) => Some(ReadReplica::new(
                ThreadPools::new(&settings.database, &read.url, read.pool_size, workers)?,
                read,
            )),
            None => None,
        };
        let replica_check = replica
            .as_ref()
            .map(|replica| replica_health::spawn(Arc::clone(replica), pool.clone()));
        let readiness = Arc::new(Readiness::default());
        let sessions = Arc::new(SessionCache::new(settings.auth.session_cache));
        let references = Arc::new(crate::pipeline::reference::References::default());
        tokio::spawn(Arc::clone(&sessions).listen(
            settings.database.url.clone(),
            database::tls(&settings.database)?,
        ));
        let files = crate::files::store::FileStore::from_settings(&settings.files)?;
        let languages = web::Data::new(crate::http::language_files::LanguageFiles::make(
            &settings.static_dir,
            settings.query.site_langs_dir.as_deref(),
            &registry,
        )?);
        let state = web::Data::new(AppState {
            pool: Arc::clone(&serving),
            replica: replica.clone(),
            readiness: Arc::clone(&readiness),
            registry: Arc::clone(&registry),
            filters: crate::pipeline::compile::filter_cache::FilterCache::new(FILTER_CACHE_SIZE),
            query: settings.query.clone(),
            auth: settings.auth.clone(),
            mail: settings.mail.clone(),
            sessions,
            references: Arc::clone(&references),
            support_dir: settings.support_dir.clone(),
            exports: ExportSlots::new(
                settings.query.export_concurrency,
                settings.query.export_per_user,
            ),
            openapi: Arc::clone(&openapi),
            files: files.clone(),
            file_settings: settings.files.clone(),
            imports: Arc::new(crate::import::Imports::from_env()),
            file_readers: crate::file_limits::slots::ReadingSlots::from_env(),
        });
        let static_dir = settings.static_dir.clone();
        let support_dir = settings.support_dir.clone();
        let server = HttpServer::new(move || {
            App::new()
                .app_data(state.clone())
                .app_data(languages.clone())
                .app_data(query_config())
                .app_data(path_config())
                .wrap(from_fn(crate::http::path_guard::reject_escapes))
                .wrap(from_fn(headers::response_headers))
                // Outermost: assigns the request id the inner layers read, and logs every request.
                .wrap(TracingLogger::<AccessLog>::new())
                .configure(routes::configure)
                .configure(|cfg| support_files::configure(cfg, &support_dir))
                .configure(crate::http::language_files::configure)
                .service(static_files::service(&static_dir))
        })
        .listen(listener)
        .map_err(StartupError::Server)?
        .shutdown_timeout(settings.shutdown_timeout.as_secs())
        .workers(workers)
        .run();
        tracing::info!(
            address = %address,
            port,
            static_dir = %settings.static_dir.display(),
            "listening on http://{address}:{port}"
        );

        let dispatcher = Dispatcher::new(
            pool.clone(),
            mailer,
            settings.mail.clone(),
            settings.auth.public_url.clone(),
        );
        let owner = match &settings.database.migration_url {
            Some(url) => Some((
                database::build_pool_for(&settings.database, url, 1)?,
                serving_role(&settings.database.url),
            )),
            None => None,
        };
        let preparation = tokio::spawn(prepare(Preparation {
            pool: pool.clone(),
            owner,
            readiness,
            registry,
            seed_demo: settings.seed_demo,
            superadmin_email: settings.auth.superadmin_email.clone(),
            dispatcher,
            references,
            site_migrations: settings.database.site_migrations_dir.clone(),
            files: (files, settings.files.grace_hours),
            mail: settings.mail.clone(),
            public_url: settings.auth.public_url.clone(),
        }));
        Ok(Self {
            port,
            server,
            preparation,
            pool,
            serving,
            replica,
            _replica_check: replica_check,
        })
    }

    /// The port actually bound (useful with `PORT=0`).
    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn handle(&self) -> ServerHandle {
        self.server.handle()
    }

    /// The connections of the work outside requests (start-up, reminders, housekeeping).
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// The connections requests are served on.
    pub fn serving_pools(&self) -> &Arc<ThreadPools> {
        &self.serving
    }

    /// The read replica, when `DATABASE_READ_URL` is set.
    pub fn replica(&self) -> Option<&Arc<ReadReplica>> {
        self.replica.as_ref()
    }

    /// Serves until SIGTERM/SIGINT (in-flight requests get the shutdown timeout to finish) or until start-up
    /// preparation fails, whose error is returned.
    pub async fn run_until_stopped(self) -> Result<(), StartupError> {
        let handle = self.server.handle();
        let mut server = tokio::spawn(self.server);
        tokio::select! {
            finished = &mut server => return server_result(finished),
            prepared = self.preparation => {
                let failure = match prepared {
                    Ok(Ok(())) => None,
                    Ok(Err(error)) => Some(error),
                    Err(join) => Some(StartupError::Task(join.to_string())),
                };
                if let Some(error) = failure {
                    tracing::error!(error = %error, "start-up failed; stopping");
                    handle.stop(false).await;
                    let _ = server.await;
                    return Err(error);
                }
            }
        }
        server_result(server.await)
    }
}

fn server_result(
    finished: Result<std::io::Result<()>, tokio::task::JoinError>,
) -> Result<(), StartupError> {
    match finished {
        Ok(result) => result.map_err(StartupError::Server),
        Err(join) => Err(StartupError::Task(join.to_string())),
    }
}

/// What the start-up task needs: the serving pool, the schema owner's (with the serving role to grant) when
/// separate, and what it readies.
struct Preparation {
    pool: Pool,
    owner: Option<(Pool, String)>,
    readiness: Arc<Readiness>,
    registry: Arc<Registry>,
    seed_demo: bool,
    superadmin_email: Option<String>,
    dispatcher: Dispatcher,
    references: Arc<crate::pipeline::reference::References>,
    /// `SITE_MIGRATIONS_DIR`.
    site_migrations: Option<std::path::PathBuf>,
    /// The file store and the grace period of deleted files, for the sweep.
    files: (crate::files::store::FileStore, u64),
    /// For the due-date reminders of workflow steps and the daily digests.
    mail: crate::ops::config::MailSettings,
    public_url: String,
}

async fn prepare(preparation: Preparation) -> Result<(), StartupError> {
    let Preparation {
        pool,
        owner,
        readiness,
        registry,
        seed_demo,
        superadmin_email,
        dispatcher,
        references,
        site_migrations,
        files,
        mail,
        public_url,
    } = preparation;
    // The schema's owner migrates, seeds and grants the serving role; without a separate owner URL the serving
    // role is the owner.
    let schema_owner = owner.as_ref().map_or(&pool, |(owner, _)| owner);
    database::wait_until_reachable(schema_owner).await;
    readiness.set(Phase::Migrating);
    migrations::run(schema_owner, site_migrations.as_deref()).await?;
    if let Some((owner, serving_role)) = &owner {
        let client = owner
            .get()
            .await
            .map_err(|e| StartupError::Task(database::describe_pool_error(&e)))?;
        privileges::grant_serving_role(&client, serving_role)
            .await
            .map_err(|e| {
                StartupError::Task(format!(
                    "granting {serving_role}: {}",
                    database::describe_pg_error(&e)
                ))
            })?;
    }
    database::wait_until_reachable(&pool).await;
    registry_check::validate_live(&pool, &registry).await?;
    if seed_demo {
        match seed::load_demo_data(schema_owner).await? {
            SeedOutcome::Loaded => {}
            SeedOutcome::AlreadyLoaded => tracing::info!("demo data already present; not reloaded"),
        }
    }
    if let Some(email) = superadmin_email {
        let setup = bootstrap::issue_setup_token(&pool)
            .await
            .map_err(|e| StartupError::Task(e.to_string()))?;
        if let Some(setup) = setup {
            tracing::warn!(
                email,
                setup_token = %setup,
                "no superadmin yet: register {email} with this setup token to become the first superadmin"
            );
        }
    }
    references
        .load(&pool)
        .await
        .map_err(|e| StartupError::Task(e.to_string()))?;
    drop(owner);
    readiness.set(Phase::Ready);
    crate::ops::freed_memory::give_back();
    tokio::spawn(housekeeping::run_periodically(pool.clone()));
    tokio::spawn(crate::files::sweep::run_periodically(
        pool.clone(),
        files.0,
        files.1,
    ));
    tokio::spawn(dispatcher.run());
    tokio::spawn(
        crate::custom_report::mailing::ReportMailings::new(
            pool.clone(),
            Arc::clone(&registry),
            &mail,
            public_url.clone(),
        )
        .run(),
    );
    tokio::spawn(StepReminders::new(pool.clone(), registry, references, &mail, public_url).run());
    tokio::spawn(Digests::new(pool.clone(), &mail).run());
    tracing::info!("ready: database reachable and migrations applied");
    Ok(())
}

/// The role of the serving URL (the user it signs in as; libpq's default, the OS user, when it names none).
fn serving_role(url: &str) -> String {
    url.parse::<tokio_postgres::Config>()
        .ok()
        .and_then(|config| config.get_user().map(str::to_owned))
        .unwrap_or_else(|| std::env::var("USER").unwrap_or_default())
}

/// A query string the handler's type cannot take (a duplicated or out-of-range parameter) is a JSON 400.
fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|error, _| {
        ApiError::BadRequest(format!("cannot read the query string: {error}")).into()
    })
}

/// A path segment of the wrong type (`/api/admin/users/abc`) is a JSON 400 naming it.
fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|error, _| {
        ApiError::BadRequest(format!("a part of the path is not valid: {error}")).into()
    })
}
