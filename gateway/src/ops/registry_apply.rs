//! Applies the registry's plan (`schema_registry::plan`) to the database in one transaction, or says what the
//! rows already stored would refuse. `gateway registry plan` runs only the counts; `gateway registry apply` runs
//! the counts and the statements, and commits nothing unless every step went through.

use deadpool_postgres::Pool;
use schema_registry::plan::{Guard, Plan, Step};

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
        match counted(&transaction, step, guard).await {
            Ok(refused) => refusals.extend(refused),
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
            match counted(&transaction, step, guard).await {
                Ok(None) => {}
                Ok(Some(refused)) => {
                    failures.push(refused);
                    continue;
                }
                Err(error) => {
                    failures.push(failure(step, &error));
                    transaction
                        .batch_execute("ROLLBACK TO SAVEPOINT step")
                        .await
                        .map_err(database)?;
                    continue;
                }
            }
        }
        if let Err(error) = transaction.batch_execute(&step.sql).await {
            failures.push(failure(step, &error));
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

/// The guard's count as the database is now: the refusal it says, or `None` when no stored row is in the way.
async fn counted(
    transaction: &tokio_postgres::Transaction<'_>,
    step: &Step,
    guard: &Guard,
) -> Result<Option<String>, tokio_postgres::Error> {
    let row = transaction.query_one(guard.count_sql.as_str(), &[]).await?;
    let count: i64 = row.try_get(0)?;
    let which: Option<String> = row.try_get(1)?;
    Ok((count > 0).then(|| {
        let said = guard
            .refusal
            .replace("{n}", &count.to_string())
            .replace("{which}", which.as_deref().unwrap_or(""));
        format!("{}: {}: refused: {said}", step.entry, step.why)
    }))
}

fn failure(step: &Step, error: &tokio_postgres::Error) -> String {
    format!("{}: {}: {}", step.entry, step.why, describe_pg_error(error))
}
