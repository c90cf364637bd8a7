//! Applies the registry's plan (`schema_registry::plan`) to the database in one transaction, or says what the
//! rows already stored would refuse. `gateway registry plan` runs only the counts; `gateway registry apply` runs
//! the counts and the statements, and commits nothing unless every step went through.

use deadpool_postgres::Pool;
use schema_registry::plan::{Plan, Step};

use crate::ops::database::{describe_pg_error, describe_pool_error};

#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    #[error("the registry plan cannot be applied; nothing was changed:\n  {}", .0.join("\n  "))]
    Refused(Vec<String>),
    #[error("cannot apply the registry plan: {0}")]
    Database(String),
}

/// The refusals the stored rows give (each step's guard counted as the database is now), in a read-only
/// transaction. A count that cannot run yet (it reads a column an earlier step adds) is left to the apply.
pub async fn refusals(pool: &Pool, plan: &Plan) -> Result<Vec<String>, ApplyError> {
    let mut client = pool
        .get()
        .await
        .map_err(|e| ApplyError::Database(describe_pool_error(&e)))?;
    let transaction = client
        .build_transaction()
        .read_only(true)
        .start()
        .await
        .map_err(|e| ApplyError::Database(describe_pg_error(&e)))?;
    let mut refusals = Vec::new();
    for step in &plan.steps {
        let Some(guard) = &step.guard else { continue };
        transaction
            .batch_execute("SAVEPOINT guard")
            .await
            .map_err(|e| ApplyError::Database(describe_pg_error(&e)))?;
        match transaction.query_one(guard.count_sql.as_str(), &[]).await {
            Ok(row) => {
                let count: i64 = row.get(0);
                if count > 0 {
                    refusals.push(refusal(step, count, row.get(1)));
                }
            }
            Err(_) => {
                transaction
                    .batch_execute("ROLLBACK TO SAVEPOINT guard")
                    .await
                    .map_err(|e| ApplyError::Database(describe_pg_error(&e)))?;
            }
        }
    }
    transaction
        .rollback()
        .await
        .map_err(|e| ApplyError::Database(describe_pg_error(&e)))?;
    Ok(refusals)
}

/// Runs every step in order in one transaction (each guard counted just before its step) and commits when all
/// went through; otherwise rolls everything back and says each refusal and failure. Returns the steps applied.
pub async fn apply(pool: &Pool, plan: &Plan) -> Result<usize, ApplyError> {
    if !plan.problems.is_empty() {
        return Err(ApplyError::Refused(
            plan.problems.iter().map(ToString::to_string).collect(),
        ));
    }
    let mut client = pool
        .get()
        .await
        .map_err(|e| ApplyError::Database(describe_pool_error(&e)))?;
    let transaction = client
        .transaction()
        .await
        .map_err(|e| ApplyError::Database(describe_pg_error(&e)))?;
    let database = |e: tokio_postgres::Error| ApplyError::Database(describe_pg_error(&e));
    let mut failures = Vec::new();
    for step in &plan.steps {
        transaction
            .batch_execute("SAVEPOINT step")
            .await
            .map_err(database)?;
        if let Some(guard) = &step.guard {
            match transaction.query_one(guard.count_sql.as_str(), &[]).await {
                Ok(row) => {
                    let count: i64 = row.get(0);
                    if count > 0 {
                        failures.push(refusal(step, count, row.get(1)));
                        continue;
                    }
                }
                Err(error) => {
                    failures.push(format!(
                        "{}: {}: {}",
                        step.entry,
                        step.why,
                        describe_pg_error(&error)
                    ));
                    transaction
                        .batch_execute("ROLLBACK TO SAVEPOINT step")
                        .await
                        .map_err(database)?;
                    continue;
                }
            }
        }
        if let Err(error) = transaction.batch_execute(&step.sql).await {
            failures.push(format!(
                "{}: {}: {}",
                step.entry,
                step.why,
                describe_pg_error(&error)
            ));
            transaction
                .batch_execute("ROLLBACK TO SAVEPOINT step")
                .await
                .map_err(database)?;
        }
    }
    if !failures.is_empty() {
        transaction.rollback().await.map_err(database)?;
        return Err(ApplyError::Refused(failures));
    }
    transaction.commit().await.map_err(database)?;
    Ok(plan.steps.len())
}

fn refusal(step: &Step, count: i64, which: Option<String>) -> String {
    let said = step.guard.as_ref().map_or_else(String::new, |g| {
        g.refusal
            .replace("{n}", &count.to_string())
            .replace("{which}", which.as_deref().unwrap_or(""))
    });
    format!("{}: {}: refused: {said}", step.entry, step.why)
}
