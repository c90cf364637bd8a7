//! The command line: `gateway [serve]`, `gateway migrate`, `gateway seed`. Owns what each command does at the
//! process level; the work itself lives in `startup`, `migrations` and `seed`.

use std::path::PathBuf;

use anyhow::Context;
use clap::{Parser, Subcommand};

use crate::ops::config::Settings;
use crate::startup::Application;
use crate::{ops::database, ops::migrations, ops::registry_apply, ops::registry_check, ops::seed};

#[derive(Debug, Parser)]
#[command(
    name = "gateway",
    version,
    about = "Metro PMIS gateway: API and console on one port"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the API and the console (the default). Applies pending migrations first.
    Serve {
        /// Load the demo data set once after migrating (used by `just run` for the project-local database).
        #[arg(long)]
        seed_demo: bool,
    },
    /// Apply pending migrations to DATABASE_URL and exit.
    Migrate,
    /// Apply migrations, then load the demo data set into DATABASE_URL unless it is already there, and exit.
    Seed,
    /// Check the schema registry (REGISTRY_DIR and the site's SITE_REGISTRY_DIR, default site/registry when it
    /// exists) against the database at DATABASE_URL and exit: 0 when valid.
    CheckRegistry,
    /// Print the OpenAPI document (or write it to --output) for the product's registry in REGISTRY_DIR (without a
    /// site's own files: a running gateway serves its whole document at /api/openapi.json); needs no database.
    Openapi {
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
    /// Schema registry tools for administrators.
    Registry {
        #[command(subcommand)]
        command: RegistryCommand,
    },
    /// Read a user's file as the gateway's readers do, under this process's own limits, and write the answer
    /// (JSON) to OUTPUT: the gateway runs this for each uploaded document's text (file_limits::isolated); an
    /// operator may run it on a file a user could not import.
    #[command(hide = true)]
    ReadFile {
        /// `text` (a document's text), `rows` (an import's rows) or `programme` (a P6 XER file).
        #[arg(long, value_enum)]
        reading: crate::file_limits::isolated::Reading,
        /// The file name's extension (lower case): `pdf`, `xlsx`, `csv`, `xer`, …
        #[arg(long)]
        extension: String,
        /// Address space the process may take, in bytes.
        #[arg(long, default_value_t = crate::file_limits::isolated::MEMORY_LIMIT)]
        memory: u64,
        #[arg(long)]
        input: PathBuf,
        #[arg(long)]
        output: PathBuf,
    },
}

#[derive(Debug, Subcommand)]
pub enum RegistryCommand {
    /// Write a starter registry file for TABLE (a table or view in DATABASE_URL) from its live columns.
    Scaffold {
        /// The table or view.
        table: String,
        /// Where to write; `-` prints it. Default: the site's registry folder, SITE_REGISTRY_DIR/TABLE.toml
        /// (site/registry/TABLE.toml unless set; the folder is created).
        #[arg(long, short)]
        output: Option<PathBuf>,
        /// Replace an existing file.
        #[arg(long)]
        force: bool,
    },
    /// Print what the registry declares that the database at DATABASE_URL lacks (tables, bookkeeping columns and
    /// trigger, the workflow's state CHECK, search indexes, menu rows) as SQL, with what the stored rows would
    /// refuse. It applies the product's pending migrations first (as `serve` does: the plan is what the registry
    /// adds to them) and changes nothing else.
    Plan {
        /// Also write the statements to this file: for the product's own registers, the next migration
        /// (sql/migrations/V<n>__<name>.sql).
        #[arg(long)]
        migration: Option<PathBuf>,
    },
    /// Apply the plan (as the schema's owner, MIGRATION_DATABASE_URL or DATABASE_URL) in one transaction: all of
    /// it, or nothing and the reasons.
    Apply,
}

pub async fn execute(cli: Cli) -> anyhow::Result<()> {
    if let Some(Command::Openapi { output }) = &cli.command {
        return write_openapi(output.as_deref());
    }
    let mut settings = Settings::from_env()?;
    match cli.command.unwrap_or(Command::Serve { seed_demo: false }) {
        Command::Serve { seed_demo } => {
            settings.seed_demo = seed_demo;
            Application::build(settings)
                .await?
                .run_until_stopped()
                .await?;
        }
        Command::Migrate => {
            let (_, applied) = connect_and_migrate(&settings).await?;
            println!(
                "{} migration(s) applied; {} known: {}",
                applied.len(),
                migrations::known().len(),
                migrations::known().join(", ")
            );
        }
        Command::Seed => {
            let (pool, _) = connect_and_migrate(&settings).await?;
            match seed::load_demo_data(&pool).await? {
                seed::SeedOutcome::Loaded => println!("demo data loaded"),
                seed::SeedOutcome::AlreadyLoaded => {
                    println!("demo data already present; nothing changed")
                }
            }
        }
        Command::CheckRegistry => check_registry(&settings).await?,
        Command::Registry {
            command:
                RegistryCommand::Scaffold {
                    table,
                    output,
                    force,
                },
        } => scaffold(&settings, &table, output, force).await?,
        Command::Registry {
            command: RegistryCommand::Plan { migration },
        } => registry_plan(&settings, migration).await?,
        Command::Registry {
            command: RegistryCommand::Apply,
        } => registry_apply(&settings).await?,
        Command::Openapi { .. } => unreachable!("handled before the settings are read"),
        Command::ReadFile { .. } => {
            anyhow::bail!(
                "read-file is run by the gateway binary's main, before the runtime starts"
            )
        }
    }
    Ok(())
}

/// The OpenAPI document of the product's registry in REGISTRY_DIR (default `schema-registry/registry`),
/// pretty-printed: what `openapi/openapi.json` holds, so never a site's own entries.
pub fn openapi_text(registry_dir: &std::path::Path) -> anyhow::Result<String> {
    let registry = registry_check::load(registry_dir, None)?;
    let document = crate::http::openapi::document(&registry);
    Ok(serde_json::to_string_pretty(&document)? + "\n")
}

fn write_openapi(output: Option<&std::path::Path>) -> anyhow::Result<()> {
    let registry_dir = std::env::var_os("REGISTRY_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("schema-registry/registry"));
    let text = openapi_text(&registry_dir)?;
    match output {
        Some(path) if path != std::path::Path::new("-") => {
            std::fs::write(path, text)?;
            eprintln!("wrote {}", path.display());
        }
        _ => print!("{text}"),
    }
    Ok(())
}

async fn connect(settings: &Settings) -> anyhow::Result<deadpool_postgres::Pool> {
    let pool = database::build_pool(&settings.database)?;
    database::ping(&pool)
        .await
        .map_err(|reason| anyhow::anyhow!("database not reachable: {reason}"))?;
    Ok(pool)
}

async fn check_registry(settings: &Settings) -> anyhow::Result<()> {
    let site_dir = settings.query.site_registry_dir.as_deref();
    let registry = registry_check::load(&settings.query.registry_dir, site_dir)?;
    let pool = connect(settings).await?;
    let live = registry_check::live_schema(&pool).await?;
    let pending =
        schema_registry::plan::plan(&registry, &live, &registry_check::live_menu(&pool).await?);
    if let Some(unapplied) = registry_check::unapplied(&registry, &pending) {
        return Err(registry_check::RegistryCheckError::Unapplied(unapplied).into());
    }
    let warnings = schema_registry::live::validate(&registry, &live)?;
    for warning in &warnings {
        println!("warning: {warning}");
    }
    for step in pending.advised() {
        println!(
            "advice: {}: {} (`gateway registry plan` shows it, `gateway registry apply` makes it)",
            step.entry, step.why
        );
    }
    let unregistered = schema_registry::live::unregistered(&registry, &live);
    println!(
        "registry OK: {} entries in {}{}, {} warning(s); tables and views not registered (unreachable): {}",
        registry.len(),
        settings.query.registry_dir.display(),
        site_dir.map_or_else(String::new, |dir| format!(" and {}", dir.display())),
        warnings.len(),
        if unregistered.is_empty() {
            "none".to_owned()
        } else {
            unregistered.into_iter().collect::<Vec<_>>().join(", ")
        }
    );
    Ok(())
}

/// The product's registry with the site's own files.
fn load_registry(settings: &Settings) -> anyhow::Result<schema_registry::Registry> {
    Ok(registry_check::load(
        &settings.query.registry_dir,
        settings.query.site_registry_dir.as_deref(),
    )?)
}

async fn registry_plan(settings: &Settings, migration: Option<PathBuf>) -> anyhow::Result<()> {
    let registry = load_registry(settings)?;
    let (pool, _) = connect_and_migrate(settings).await?;
    let plan = registry_check::plan(&pool, &registry).await?;
    if plan.is_empty() {
        println!("-- the database has everything the registry declares: nothing to do");
        return Ok(());
    }
    let script = plan.script();
    print!("{script}");
    for problem in &plan.problems {
        println!("-- cannot be made by the registry: {problem}");
    }
    let refusals = registry_apply::refusals(&pool, &plan).await?;
    for refusal in &refusals {
        println!("-- would be refused: {refusal}");
    }
    println!(
        "-- {} statement(s); {} problem(s); {} refusal(s){}",
        plan.steps.len(),
        plan.problems.len(),
        refusals.len(),
        if plan.problems.is_empty() && refusals.is_empty() {
            ": apply with `gateway registry apply`"
        } else {
            ""
        }
    );
    if let Some(path) = migration {
        let text = format!(
            "-- Made by `gateway registry plan` from the registry files: what they declare that the tables lacked.\n\n{script}"
        );
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

async fn registry_apply(settings: &Settings) -> anyhow::Result<()> {
    let registry = load_registry(settings)?;
    let (pool, _) = connect_and_migrate(settings).await?;
    let plan = registry_check::plan(&pool, &registry).await?;
    let applied = registry_apply::apply(&pool, &plan).await?;
    grant_serving_role(settings, &pool).await?;
    println!("{applied} statement(s) applied; the registry and the database agree");
    Ok(())
}

async fn scaffold(
    settings: &Settings,
    table: &str,
    output: Option<PathBuf>,
    force: bool,
) -> anyhow::Result<()> {
    let pool = connect(settings).await?;
    let live = registry_check::live_schema(&pool).await?;
    let relation = live
        .relations
        .get(table)
        .with_context(|| format!("no table or view named `{table}` in schema public"))?;
    let text = schema_registry::live::scaffold(table, relation);
    // Into the site's own folder, apart from the product's files.
    let path = output.unwrap_or_else(|| {
        settings
            .query
            .site_registry_dir
            .clone()
            .unwrap_or_else(|| PathBuf::from(crate::ops::config::DEFAULT_SITE_REGISTRY_DIR))
            .join(format!("{table}.toml"))
    });
    if path.as_os_str() == "-" {
        print!("{text}");
        return Ok(());
    }
    if path.exists() && !force {
        anyhow::bail!("{} exists; pass --force to replace it", path.display());
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    println!(
        "wrote {}: review labels, lookups, enums, routes and the screen, then run `gateway check-registry`",
        path.display()
    );
    Ok(())
}

/// For the one-shot commands: fail fast when the database is unreachable (no retrying as `serve` does), then
/// apply pending migrations. Returns the pool and the names of the migrations applied.
/// Migrates as the schema's owner (`MIGRATION_DATABASE_URL`, else `DATABASE_URL`) and, with a separate serving
/// role, grants it; the owner's pool (the demo data is loaded by the owner too).
async fn connect_and_migrate(
    settings: &Settings,
) -> anyhow::Result<(deadpool_postgres::Pool, Vec<String>)> {
    let owner_url = settings
        .database
        .migration_url
        .as_deref()
        .unwrap_or(&settings.database.url);
    let pool = database::build_pool_for(&settings.database, owner_url, 2)?;
    database::ping(&pool)
        .await
        .map_err(|reason| anyhow::anyhow!("database not reachable: {reason}"))?;
    let applied = migrations::run(&pool, settings.database.site_migrations_dir.as_deref()).await?;
    grant_serving_role(settings, &pool).await?;
    Ok((pool, applied))
}

/// With a separate schema owner, lets the serving role (DATABASE_URL's user) use what the owner made.
async fn grant_serving_role(
    settings: &Settings,
    owner: &deadpool_postgres::Pool,
) -> anyhow::Result<()> {
    if settings.database.migration_url.is_some() {
        let role = settings
            .database
            .url
            .parse::<tokio_postgres::Config>()?
            .get_user()
            .map(str::to_owned)
            .unwrap_or_default();
        crate::ops::privileges::grant_serving_role(&owner.get().await?, &role).await?;
    }
    Ok(())
}
