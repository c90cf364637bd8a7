//! The first superadmin. With `SUPERADMIN_EMAIL` set and no superadmin yet, the gateway issues a one-time setup
//! token at start and prints it in its log; registering that address *with the token* makes the first superadmin.
//! Knowing the address is not enough: whoever registers it first without the token gets an ordinary pending
//! account. Only the token's SHA-256 is stored (`app_secret`), and registering spends it.

use deadpool_postgres::{GenericClient, Pool};

use crate::error::ApiError;

use super::token;

/// Issues a fresh setup token when `email` is configured and no superadmin exists; the token, to be printed
/// once. A token issued earlier (by another replica or an earlier start) is replaced.
pub async fn issue_setup_token(pool: &Pool) -> Result<Option<String>, ApiError> {
    let client = pool.get().await?;
    let exists: bool = client
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM users WHERE n_superadmin = 1)",
            &[],
        )
        .await?
        .try_get(0)?;
    if exists {
        client
            .execute("SELECT pmis_clear_setup_token()", &[])
            .await?;
        return Ok(None);
    }
    let setup = token::generate()?;
    client
        .execute("SELECT pmis_issue_setup_token($1)", &[&token::hash(&setup)])
        .await?;
    Ok(Some(setup))
}

/// Spends `setup` when it is the issued token and no superadmin exists yet: whether the registration it came with
/// makes the first superadmin. Runs inside the registration's transaction.
pub async fn redeem(client: &impl GenericClient, setup: &str) -> Result<bool, ApiError> {
    Ok(client
        .query_one(
            "SELECT pmis_redeem_setup_token($1)",
            &[&token::hash(setup.trim())],
        )
        .await?
        .try_get(0)?)
}
