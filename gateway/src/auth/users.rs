//! Managing accounts from the administration screens: create, edit, activate or deactivate, set a password. Each
//! change is one transaction with its audit row, and tells every gateway replica to forget the user's cached
//! session. A password hash is never read.

use deadpool_postgres::{GenericClient, Pool};
use serde_json::Value;

use crate::base::audit;
use crate::error::{ApiError, FieldError};

use super::accounts::{self, taken, NewAccount};
use super::{cache, policy, session, Caller};

fn invalid(fields: Vec<FieldError>) -> Result<(), ApiError> {
    if fields.is_empty() {
        Ok(())
    } else {
        Err(ApiError::Validation {
            message: "Please correct the highlighted fields".into(),
            fields,
        })
    }
}

async fn snapshot(client: &impl GenericClient, id: i64) -> Result<Value, ApiError> {
    audit::snapshot(client, audit::USER_SNAPSHOT, id)
        .await?
        .ok_or_else(|| ApiError::RecordNotFound(format!("user {id} does not exist")))
}

/// Only superadmins act on superadmin accounts: a delegated administrator cannot take one over.
pub(super) fn may_act_on(actor: &Caller, target: &Value) -> Result<(), ApiError> {
    let target_is_superadmin = target.get("n_superadmin").and_then(Value::as_i64) == Some(1);
    if target_is_superadmin && !actor.superadmin {
        return Err(ApiError::ForbiddenRecord(
            "Only a superadmin can change a superadmin's account".into(),
        ));
    }
    Ok(())
}

/// Creates `account` by `actor`; the account as audited. Only superadmins create superadmins.
pub async fn create(
    pool: &Pool,
    actor: &Caller,
    account: &NewAccount<'_>,
) -> Result<Value, ApiError> {
    if account.superadmin && !actor.superadmin {
        return Err(ApiError::ForbiddenRecord(
            "Only a superadmin can create a superadmin".into(),
        ));
    }
    invalid(account.problems())?;
    let hash = account.password_hash().await?;
    let mut client = pool.get().await?;
    let transaction = client.transaction().await?;
    let (_, after) = account
        .insert(&transaction, &hash, None, Some(actor.user_id), "create")
        .await?;
    transaction.commit().await?;
    Ok(after)
}

/// The fields an edit may change; `None` keeps the stored value.
pub struct UserChanges<'a> {
    pub name: Option<&'a str>,
    pub email: Option<&'a str>,
    pub mobile: Option<&'a str>,
    pub designation: Option<&'a str>,
    pub superadmin: Option<bool>,
    /// `Some(None)` takes the person out of any organisation; `None` keeps it.
    pub organization: Option<Option<i64>>,
    /// Copies and due-date reminders as one digest a day; `None` keeps the choice.
    pub mail_digest: Option<bool>,
}

/// Edits user `id`; the account as audited after the change.
pub async fn edit(
    pool: &Pool,
    actor: &Caller,
    id: i64,
    changes: &UserChanges<'_>,
) -> Result<Value, ApiError> {
    if changes.superadmin.is_some() && !actor.superadmin {
        return Err(ApiError::ForbiddenRecord(
            "Only a superadmin can make or unmake a superadmin".into(),
        ));
    }
    let mut client = pool.get().await?;
    let transaction = client.transaction().await?;
    let before = snapshot(&transaction, id).await?;
    may_act_on(actor, &before)?;
    let stored = |key: &str| before.get(key).and_then(Value::as_str).map(str::to_owned);
    let chosen =
        |change: Option<&str>, key: &str| change.map(str::to_owned).or_else(|| stored(key));
    let name = chosen(changes.name, "c_name").unwrap_or_default();
    let email = chosen(changes.email, "c_email").unwrap_or_default();
    let mobile = chosen(changes.mobile, "c_mobile");
    let designation = chosen(changes.designation, "c_designation");
    let username = stored("c_username").unwrap_or_default();
    invalid(policy::account_problems(
        &username,
        &name,
        &email,
        mobile.as_deref(),
        designation.as_deref(),
    ))?;
    let superadmin: Option<i16> = changes.superadmin.map(i16::from);
    let organization_changes = changes.organization.is_some();
    let organization = changes.organization.flatten();
    transaction
        .execute(
            "UPDATE users SET c_name = $2, c_email = $3, c_mobile = $4, c_designation = $5,
                              n_superadmin = coalesce($6, n_superadmin),
                              n_organization = CASE WHEN $7 THEN $8 ELSE n_organization END,
                              n_mail_digest = coalesce($9, n_mail_digest)
             WHERE id = $1",
            &[
                &id,
                &name.trim(),
                &email.trim(),
                &mobile,
                &designation,
                &superadmin,
                &organization_changes,
                &organization,
                &changes.mail_digest.map(i16::from),
            ],
        )
        .await
        .map_err(taken)?;
    let after = snapshot(&transaction, id).await?;
    audit::record(
        &transaction,
        Some(actor.user_id),
        "users",
        &id.to_string(),
        "update",
        Some(&before),
        Some(&after),
    )
    .await?;
    cache::announce(&transaction, id).await?;
    transaction.commit().await?;
    Ok(after)
}

/// Activates (approves) or deactivates user `id`; deactivation ends its sessions. One's own account cannot be
/// deactivated.
pub async fn set_active(
    pool: &Pool,
    actor: &Caller,
    id: i64,
    active: bool,
) -> Result<Value, ApiError> {
    if !active && id == actor.user_id {
        return Err(ApiError::Conflict(
            "You cannot deactivate your own account".into(),
        ));
    }
    let mut client = pool.get().await?;
    let transaction = client.transaction().await?;
    let before = snapshot(&transaction, id).await?;
    may_act_on(actor, &before)?;
    let flag: i16 = active.into();
    transaction
        .execute(
            "UPDATE users SET n_active = $2, d_pending_until = NULL WHERE id = $1",
            &[&id, &flag],
        )
        .await?;
    if !active {
        session::revoke_all(&transaction, id).await?;
    }
    let after = snapshot(&transaction, id).await?;
    let action = if active { "activate" } else { "deactivate" };
    audit::record(
        &transaction,
        Some(actor.user_id),
        "users",
        &id.to_string(),
        action,
        Some(&before),
        Some(&after),
    )
    .await?;
    cache::announce(&transaction, id).await?;
    transaction.commit().await?;
    Ok(after)
}

/// Sets user `id`'s password (ending its sessions). Not one's own: that is `POST /api/auth/me/password`, which asks
/// for the current password, so a session left open cannot be used to take the account over.
pub async fn set_password(
    pool: &Pool,
    actor: &Caller,
    id: i64,
    password: &str,
) -> Result<(), ApiError> {
    if id == actor.user_id {
        return Err(ApiError::ForbiddenRecord(
            "Change your own password on your profile, with your current password".into(),
        ));
    }
    let mut client = pool.get().await?;
    let transaction = client.transaction().await?;
    let before = snapshot(&transaction, id).await?;
    may_act_on(actor, &before)?;
    let username = before
        .get("c_username")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    accounts::change_password(
        &transaction,
        id,
        &username,
        password,
        Some(actor.user_id),
        "set-password",
    )
    .await?;
    transaction.commit().await?;
    Ok(())
}
