//! The demo data sets (`sql/seed/demo.sql`, then `demo_processes.sql`, `demo_ncr.sql`, `demo_distribution.sql`,
//! `demo_contract_people.sql` and one per group of contract registers): each loaded at most once per database, in one transaction, recorded in
//! `seed_history` (a database seeded before a set existed gets it on the next seed). Only `gateway seed` and
//! `gateway serve --seed-demo` call this; a DATABASE_URL alone never does.

use deadpool_postgres::{GenericClient, Object, Pool};

use crate::auth::password;
use crate::ops::database::{describe_pg_error, describe_pool_error};

/// One demo data set: its name in `seed_history`, its SQL, and the accounts whose passwords it needs.
struct SeedSet {
    name: &'static str,
    sql: &'static str,
    /// Which of [`DEMO_ACCOUNTS`] it creates.
    accounts: std::ops::Range<usize>,
}

const SEED_SETS: [SeedSet; 28] = [
    SeedSet {
        name: "demo",
        sql: include_str!("../../../sql/seed/demo.sql"),
        accounts: 0..2,
    },
    SeedSet {
        name: "demo-processes",
        sql: include_str!("../../../sql/seed/demo_processes.sql"),
        accounts: 2..5,
    },
    SeedSet {
        name: "demo-ncr",
        sql: include_str!("../../../sql/seed/demo_ncr.sql"),
        accounts: 5..6,
    },
    SeedSet {
        name: "demo-distribution",
        sql: include_str!("../../../sql/seed/demo_distribution.sql"),
        accounts: 6..6,
    },
    SeedSet {
        name: "demo-contract-people",
        sql: include_str!("../../../sql/seed/demo_contract_people.sql"),
        accounts: 6..9,
    },
    SeedSet {
        name: "demo-commercial",
        sql: include_str!("../../../sql/seed/demo_commercial.sql"),
        accounts: 9..9,
    },
    SeedSet {
        name: "demo-planning",
        sql: include_str!("../../../sql/seed/demo_planning.sql"),
        accounts: 9..9,
    },
    SeedSet {
        name: "demo-queries",
        sql: include_str!("../../../sql/seed/demo_queries.sql"),
        accounts: 9..9,
    },
    SeedSet {
        name: "demo-submittals",
        sql: include_str!("../../../sql/seed/demo_submittals.sql"),
        accounts: 9..9,
    },
    SeedSet {
        name: "demo-site",
        sql: include_str!("../../../sql/seed/demo_site.sql"),
        accounts: 9..9,
    },
    SeedSet {
        name: "demo-correspondence",
        sql: include_str!("../../../sql/seed/demo_correspondence.sql"),
        accounts: 9..9,
    },
    SeedSet {
        name: "demo-land-people",
        sql: include_str!("../../../sql/seed/demo_land_people.sql"),
        accounts: 9..11,
    },
    SeedSet {
        name: "demo-activity",
        sql: include_str!("../../../sql/seed/demo_activity.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-resources",
        sql: include_str!("../../../sql/seed/demo_resources.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-claims",
        sql: include_str!("../../../sql/seed/demo_claims.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-controls",
        sql: include_str!("../../../sql/seed/demo_controls.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-survey",
        sql: include_str!("../../../sql/seed/demo_survey.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-land",
        sql: include_str!("../../../sql/seed/demo_land.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-dms",
        sql: include_str!("../../../sql/seed/demo_dms.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-dms-screens",
        sql: include_str!("../../../sql/seed/demo_dms_screens.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-imports",
        sql: include_str!("../../../sql/seed/demo_imports.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-analytics",
        sql: include_str!("../../../sql/seed/demo_analytics.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-reports",
        sql: include_str!("../../../sql/seed/demo_reports.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-predefined-reports",
        sql: include_str!("../../../sql/seed/demo_predefined_reports.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-custom-reports",
        sql: include_str!("../../../sql/seed/demo_custom_reports.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-field-forms",
        sql: include_str!("../../../sql/seed/demo_field_forms.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-calendar-mail",
        sql: include_str!("../../../sql/seed/demo_calendar_mail.sql"),
        accounts: 11..11,
    },
    SeedSet {
        name: "demo-punch",
        sql: include_str!("../../../sql/seed/demo_punch.sql"),
        accounts: 11..11,
    },
];
/// Serialises concurrent loaders (two gateways started together).
const SEED_LOCK_KEY: i64 = 0x504d_4953_5345_4544; // "PMISSEED"

/// The demo accounts and their passwords, as the README and `just run` print them.
pub const DEMO_ACCOUNTS: [(&str, &str); 11] = [
    ("admin", "Admin@123"),
    ("viewer", "Viewer@123"),
    ("contractor", "Contractor@123"),
    ("engineer", "Engineer@123"),
    ("contractor2", "Contractor2@123"),
    ("employer", "Employer@123"),
    ("manager", "Manager@123"),
    ("planner", "Planner@123"),
    ("designer", "Designer@123"),
    ("landofficer", "Landofficer@123"),
    ("surveyor", "Surveyor@123"),
];

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
    #[error("the demo programme (sql/seed/demo_programme*.xer) could not be imported: {0}")]
    Programme(String),
}

impl From<tokio_postgres::Error> for SeedError {
    fn from(e: tokio_postgres::Error) -> Self {
        SeedError::Database(describe_pg_error(&e))
    }
}

pub async fn load_demo_data(pool: &Pool) -> Result<SeedOutcome, SeedError> {
    let mut client = pool
        .get()
        .await
        .map_err(|e| SeedError::Database(describe_pool_error(&e)))?;
    let mut outcome = SeedOutcome::AlreadyLoaded;
    for set in &SEED_SETS {
        if load_set(&mut client, set).await? == SeedOutcome::Loaded {
            outcome = SeedOutcome::Loaded;
        }
    }
    if load_programme(&mut client).await? == SeedOutcome::Loaded {
        outcome = SeedOutcome::Loaded;
    }
    if outcome == SeedOutcome::Loaded {
        tracing::info!(
            "demo data loaded (sign in as admin / Admin@123, viewer / Viewer@123, contractor / Contractor@123, \
             contractor2 / Contractor2@123, engineer / Engineer@123, employer / Employer@123, manager / Manager@123, \
             planner / Planner@123, designer / Designer@123, landofficer / \
             Landofficer@123 or surveyor / Surveyor@123)"
        );
    }
    Ok(outcome)
}

async fn is_loaded(client: &impl GenericClient, set: &SeedSet) -> Result<bool, SeedError> {
    Ok(client
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM seed_history WHERE c_name = $1)",
            &[&set.name],
        )
        .await?
        .get(0))
}

async fn load_set(client: &mut Object, set: &SeedSet) -> Result<SeedOutcome, SeedError> {
    if is_loaded(&*client, set).await? {
        return Ok(SeedOutcome::AlreadyLoaded);
    }
    // Hash before opening the transaction: argon2 is deliberately slow.
    let mut hashes = Vec::with_capacity(set.accounts.len());
    for (username, pass) in &DEMO_ACCOUNTS[set.accounts.clone()] {
        hashes.push((*username, password::hash_blocking(pass.to_string()).await?));
    }
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SEED_LOCK_KEY])
        .await?;
    // Another loader may have finished while this one waited for the lock.
    if is_loaded(&tx, set).await? {
        return Ok(SeedOutcome::AlreadyLoaded);
    }
    // Loading is an operator's act, not a request: the requests' statement timeout does not bound it.
    tx.batch_execute("SET LOCAL statement_timeout = 0").await?;
    tx.batch_execute(set.sql).await?;
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
        &[&set.name],
    )
    .await?;
    tx.commit().await?;
    Ok(SeedOutcome::Loaded)
}

/// The demo P6 programme's seed set: its grants (`demo_programme.sql`), then the programme's exports imported through
/// the XER importer as the planner, the earlier one first so that the current one has a baseline: the demo data
/// is what imports make.
const PROGRAMME_SET: &str = "demo-programme";
const PROGRAMME_GRANTS: &str = include_str!("../../../sql/seed/demo_programme.sql");
const PROGRAMME_EXPORTS: [(&str, &[u8]); 2] = [
    (
        "demo_programme_baseline.xer",
        include_bytes!("../../../sql/seed/demo_programme_baseline.xer"),
    ),
    (
        "demo_programme.xer",
        include_bytes!("../../../sql/seed/demo_programme.xer"),
    ),
];

async fn load_programme(client: &mut Object) -> Result<SeedOutcome, SeedError> {
    use crate::schedule::{store, xer};
    if programme_loaded(&*client).await? {
        return Ok(SeedOutcome::AlreadyLoaded);
    }
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SEED_LOCK_KEY])
        .await?;
    if programme_loaded(&tx).await? {
        return Ok(SeedOutcome::AlreadyLoaded);
    }
    tx.batch_execute(PROGRAMME_GRANTS).await?;
    let planner: i64 = tx
        .query_opt("SELECT id FROM users WHERE c_username = 'planner'", &[])
        .await?
        .ok_or(SeedError::MissingAccount("planner"))?
        .get(0);
    for (file_name, bytes) in PROGRAMME_EXPORTS {
        let programme = xer::read(bytes).map_err(|e| SeedError::Programme(e.to_string()))?;
        let sha256: String = <sha2::Sha256 as sha2::Digest>::digest(bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let upload = store::Upload {
            file_name,
            sha256: &sha256,
            user: planner,
        };
        store::import_in(&tx, &programme, &upload)
            .await
            .map_err(|e| SeedError::Programme(e.to_string()))?;
    }
    tx.execute(
        "INSERT INTO seed_history (c_name) VALUES ($1)",
        &[&PROGRAMME_SET],
    )
    .await?;
    tx.commit().await?;
    Ok(SeedOutcome::Loaded)
}

async fn programme_loaded(client: &impl GenericClient) -> Result<bool, SeedError> {
    Ok(client
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM seed_history WHERE c_name = $1)",
            &[&PROGRAMME_SET],
        )
        .await?
        .get(0))
}
