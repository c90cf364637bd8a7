//! Creating accounts and changing passwords: the one place that hashes a password into `users`, ends the
//! sessions a password change must end, and writes the audit row of both.

use deadpool_postgres::GenericClient;

use crate::auth::password;
use crate::base::audit;
use crate::error::{ApiError, FieldError};

use super::{policy, session};

pub struct NewAccount<'a> {
    pub username: &'a str,
    pub name: &'a str,
    pub email: &'a str,
    pub mobile: Option<&'a str>,
    pub designation: Option<&'a str>,
    /// The organisation the person works for (its side decides what they may be picked for).
    pub organization: Option<i64>,
    pub password: &'a str,
    pub active: bool,
    pub superadmin: bool,
}

impl NewAccount<'_> {
    /// Every problem of the fields and the password, for the form.
    pub fn problems(&self) -> Vec<FieldError> {
        let mut problems = policy::account_problems(
            self.username.trim(),
            self.name,
            self.email.trim(),
            self.mobile,
            self.designation,
        );
        problems.extend(policy::password_problems(
            self.password,
            self.username.trim(),
        ));
        problems
    }

    /// The password's hash: slow on purpose, so computed before a connection or transaction is taken.
    pub async fn password_hash(&self) -> Result<String, ApiError> {
        hash(self.password).await
    }

    /// Inserts the account with `hash` (from [`NewAccount::password_hash`], after [`NewAccount::problems`]
    /// came back empty) and audits it as `action` by `actor`; the new id and the audited snapshot. A pending
    /// self-registration carries the time it expires.
    pub async fn insert(
        &self,
        client: &impl GenericClient,
        hash: &str,
        pending_days: Option<i32>,
        actor: Option<i64>,
        action: &str,
    ) -> Result<(i64, serde_json::Value), ApiError> {
        let (active, superadmin): (i16, i16) = (self.active.into(), self.superadmin.into());
        let id: i64 = client
            .query_one(
                "INSERT INTO users (c_username, c_name, c_email, c_mobile, c_designation, c_password_hash,
                                    n_active, n_superadmin, d_password_changed_at, d_pending_until, n_organization)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), now() + make_interval(days => $9), $10)
                 RETURNING id",
                &[
                    &self.username.trim(),
                    &self.name.trim(),
                    &self.email.trim(),
                    &self.mobile,
                    &self.designation,
                    &hash,
                    &active,
                    &superadmin,
                    &pending_days,
                    &self.organization,
                ],
            )
            .await
            .map_err(taken)?
            .try_get(0)?;
        let after = audit::snapshot(client, audit::USER_SNAPSHOT, id)
            .await?
            .unwrap_or_default();
        audit::record(
            client,
            actor,
            "users",
            &id.to_string(),
            action,
            None,
            Some(&after),
        )
        .await?;
        Ok((id, after))
    }
}

/// Sets a new password (checked against the policy for `username`), ends every session of the user, and audits
/// it as `action` by `actor` (no hash in the audit row).
pub async fn change_password(
    client: &impl GenericClient,
    user_id: i64,
    username: &str,
    new_password: &str,
    actor: Option<i64>,
    action: &str,
) -> Result<(), ApiError> {
    let fields = policy::password_problems(new_password, username);
    if !fields.is_empty() {
        return Err(ApiError::Validation {
            message: fields[0].message.clone(),
            fields,
        });
    }
    let hash = hash(new_password).await?;
    client
        .execute(
            "UPDATE users SET c_password_hash = $2, d_password_changed_at = now() WHERE id = $1",
            &[&user_id, &hash],
        )
        .await?;
    session::revoke_all(client, user_id).await?;
    // A reset link mailed earlier must not set another password after this one.
    client
        .execute(
            "UPDATE password_reset SET d_used_at = now() WHERE n_user_id = $1 AND d_used_at IS NULL",
            &[&user_id],
        )
        .await?;
    audit::record(
        client,
        actor,
        "users",
        &user_id.to_string(),
        action,
        None,
        None,
    )
    .await
}

async fn hash(password: &str) -> Result<String, ApiError> {
    password::hash_blocking(password.to_owned())
        .await
        .map_err(|e| ApiError::Internal(e.into()))
}

/// A unique violation on users, named by field.
pub fn taken(error: tokio_postgres::Error) -> ApiError {
    let constraint = error
        .as_db_error()
        .and_then(|db| db.constraint())
        .unwrap_or_default()
        .to_owned();
    let (field, message) = match constraint.as_str() {
        "users_username_key" => ("username", "That username is taken"),
        "users_email_key" => ("email", "That e-mail address already has an account"),
        "users_n_organization_fkey" => ("organization", "There is no such organisation"),
        _ => return error.into(),
    };
    ApiError::Validation {
        message: message.into(),
        fields: vec![FieldError::new(field, message)],
    }
}
