//! The demo data set (`sql/seed/demo.sql`): loaded at most once per database, in one transaction, recorded in
//! `seed_history`. Only `gateway seed` and `gateway serve --seed-demo` call this; a DATABASE_URL alone never does.

use deadpool_postgres::Pool;

use crate::auth::password;
use crate::ops::database::{describe_pg_error, describe_pool_error};

const DEMO_SQL: &str = include_str!("../../../sql/seed/demo.sql");
const DEMO_SEED_NAME: &str = "demo";
/// Serialises concurrent loaders (two gateways started together).
const SEED_LOCK_KEY: i64 = 0x504d_4953_5345_4544; // "PMISSEED"

/// The demo accounts and their passwords, as the README and `just run` print them.
pub const DEMO_ACCOUNTS: [(&str, &str); 2] = [("admin", "Admin@123"), ("viewer", "Viewer@123")];

#[derive(Debug, PartialEq, Eq)]
pub enum SeedOutcome {
    Loaded,
    AlreadyLoaded,
}

#[derive(Debug, thiserror::Error)]
pub enum SeedError {
    #[error("demo data could not be loaded: {0}")]
    Database(String),
    #[error("demo data could not be loaded: account {0} is missing from sql/seed/demo.sql")]
    MissingAccount(&'static str),
    #[error(transparent)]
    Hash(#[from] password::HashError),
}

impl From<tokio_postgres::Error> for SeedError {
    fn from(e: tokio_postgres::Error) -> Self {
        SeedError::Database(describe_pg_error(&e))
    }
}

pub async fn load_demo_data(pool: &Pool) -> Result<SeedOutcome, SeedError> {
    // Hash before opening the transaction: argon2 is deliberately slow.
    let mut hashes = Vec::with_capacity(DEMO_ACCOUNTS.len());
    for (username, pass) in DEMO_ACCOUNTS {
        hashes.push((username, password::hash_blocking(pass.to_string()).await?));
    }

    let mut client = pool
        .get()
        .await
        .map_err(|e| SeedError::Database(describe_pool_error(&e)))?;
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SEED_LOCK_KEY])
        .await?;
    let loaded: bool = tx
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM seed_history WHERE c_name = $1)",
            &[&DEMO_SEED_NAME],
        )
        .await?
        .get(0);
    if loaded {
        return Ok(SeedOutcome::AlreadyLoaded);
    }
    tx.batch_execute(DEMO_SQL).await?;
    for (username, hash) in &hashes {
        let updated = tx
            .execute(
                "UPDATE users SET c_password_hash = $1, d_password_changed_at = now() WHERE c_username = $2",
                &[hash, username],
            )
            .await?;
        if updated != 1 {
            return Err(SeedError::MissingAccount(username));
        }
    }
    tx.execute(
        "INSERT INTO seed_history (c_name) VALUES ($1)",
        &[&DEMO_SEED_NAME],
    )
    .await?;
    tx.commit().await?;
    tracing::info!("demo data loaded (sign in as admin / Admin@123 or viewer / Viewer@123)");
    Ok(SeedOutcome::Loaded)
}
