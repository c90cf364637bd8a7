//! The command line: `gateway [serve]`, `gateway migrate`, `gateway seed`. Owns what each command does at the
//! process level; the work itself lives in `startup`, `migrations` and `seed`.

use clap::{Parser, Subcommand};

use crate::config::Settings;
use crate::startup::Application;
use crate::{database, migrations, seed};

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
}

pub async fn execute(cli: Cli) -> anyhow::Result<()> {
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
    }
    Ok(())
}

/// For the one-shot commands: fail fast when the database is unreachable (no retrying as `serve` does), then
/// apply pending migrations. Returns the pool and the names of the migrations applied.
async fn connect_and_migrate(
    settings: &Settings,
) -> anyhow::Result<(deadpool_postgres::Pool, Vec<String>)> {
    let pool = database::build_pool(&settings.database)?;
    database::ping(&pool)
        .await
        .map_err(|reason| anyhow::anyhow!("database not reachable: {reason}"))?;
    let applied = migrations::run(&pool).await?;
    Ok((pool, applied))
}
