//! Self-registration: a new account, inactive until an administrator approves it within `PENDING_DAYS` (after
//! that housekeeping removes it). The answer is the same whether or not the e-mail address already has an
//! account: the address's owner is told by mail instead, so the form reveals nothing. Registrations are rate
//! limited per client network and per address; the password is hashed before any connection is taken. The
//! configured superadmin address with the one-time setup token makes the first superadmin (`bootstrap`).

use deadpool_postgres::Pool;

use crate::base::mail::{self, Purpose};
use crate::error::ApiError;

use super::accounts::NewAccount;
use super::rate_limit::{self, REGISTER_PER_CLIENT, REGISTER_PER_TARGET};
use super::{bootstrap, Origin};

/// How long a registration waits for an administrator.
pub const PENDING_DAYS: i32 = 14;

/// What a registration asks for.
pub struct Registration<'a> {
    pub username: &'a str,
    pub name: &'a str,
    pub email: &'a str,
    pub password: &'a str,
    pub mobile: Option<&'a str>,
    pub designation: Option<&'a str>,
    /// The one-time token printed at start, for the first superadmin.
    pub setup_token: Option<&'a str>,
}

/// How a registration ended, as far as the registrant may know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Registered {
    /// Received (a new pending account, or a mail to the address's owner: the same to the registrant).
    Received,
    /// The first superadmin, active at once.
    FirstSuperadmin,
}

pub async fn register(
    pool: &Pool,
    superadmin_email: Option<&str>,
    public_url: &str,
    form: &Registration<'_>,
    origin: &Origin,
) -> Result<Registered, ApiError> {
    let email = form.email.trim();
    let mut account = NewAccount {
        username: form.username,
        name: form.name,
        email,
        mobile: form.mobile,
        designation: form.designation,
        organization: None,
        password: form.password,
        active: false,
        superadmin: false,
    };
    let fields = account.problems();
    if !fields.is_empty() {
        return Err(ApiError::Validation {
            message: "Please correct the highlighted fields".into(),
            fields,
        });
    }
    let hash = account.password_hash().await?;
    let mut client = pool.get().await?;
    if let Some(network) = origin.throttle_key() {
        rate_limit::take_or_refuse(&client, REGISTER_PER_CLIENT, &network).await?;
    }
    rate_limit::take_or_refuse(&client, REGISTER_PER_TARGET, email).await?;
    let transaction = client.transaction().await?;
    let existing: Option<String> = transaction
        .query_opt(
            "SELECT c_name FROM users WHERE lower(c_email) = lower($1)",
            &[&email],
        )
        .await?
        .map(|row| row.try_get(0))
        .transpose()?;
    if let Some(name) = existing {
        let body = format!(
            "Dear {name},\n\nSomeone (perhaps you) tried to register a new Metro PMIS account with this e-mail \
             address, which already has an account.\nIf you forgot your password, choose a new one here: \
             {public_url}/forgot\n\nIf it was not you, you need do nothing: no account was created.\n"
        );
        mail::enqueue(
            &transaction,
            email,
            "Metro PMIS: a registration with your address",
            &body,
            Purpose::Notice,
        )
        .await?;
        transaction.commit().await?;
        return Ok(Registered::Received);
    }
    let first = match (superadmin_email, form.setup_token) {
        (Some(address), Some(setup)) if address.eq_ignore_ascii_case(email) => {
            bootstrap::redeem(&transaction, setup).await?
        }
        _ => false,
    };
    account.active = first;
    account.superadmin = first;
    let pending = (!first).then_some(PENDING_DAYS);
    match account
        .insert(&transaction, &hash, pending, None, "register")
        .await
    {
        Ok(_) => {}
        // Another registration took the address a moment ago: answered alike, as above.
        Err(ApiError::Validation { fields, .. }) if fields.iter().any(|f| f.field == "email") => {
            return Ok(Registered::Received)
        }
        Err(error) => return Err(error),
    }
    transaction.commit().await?;
    Ok(if first {
        Registered::FirstSuperadmin
    } else {
        Registered::Received
    })
}
