//! Self-registration: a new account, inactive until an administrator approves it. The configured superadmin
//! address, while no superadmin exists, becomes the first superadmin instead.

use deadpool_postgres::Pool;

use crate::error::ApiError;

use super::accounts::NewAccount;

/// What a registration asks for.
pub struct Registration<'a> {
    pub username: &'a str,
    pub name: &'a str,
    pub email: &'a str,
    pub password: &'a str,
    pub mobile: Option<&'a str>,
    pub designation: Option<&'a str>,
}

/// A registered account: its id and whether it became the first superadmin (active at once).
pub struct Registered {
    pub id: i64,
    pub first_superadmin: bool,
}

pub async fn register(
    pool: &Pool,
    superadmin_email: Option<&str>,
    form: &Registration<'_>,
) -> Result<Registered, ApiError> {
    let email = form.email.trim();
    let mut client = pool.get().await?;
    let transaction = client.transaction().await?;
    let first_superadmin = match superadmin_email {
        Some(address) if address.eq_ignore_ascii_case(email) => transaction
            .query_one(
                "SELECT NOT EXISTS (SELECT 1 FROM users WHERE n_superadmin = 1)",
                &[],
            )
            .await?
            .try_get::<_, bool>(0)?,
        _ => false,
    };
    let account = NewAccount {
        username: form.username,
        name: form.name,
        email,
        mobile: form.mobile,
        designation: form.designation,
        password: form.password,
        active: first_superadmin,
        superadmin: first_superadmin,
    };
    let fields = account.problems();
    if !fields.is_empty() {
        return Err(ApiError::Validation {
            message: "Please correct the highlighted fields".into(),
            fields,
        });
    }
    let (id, _) = account.insert(&transaction, None, "register").await?;
    transaction.commit().await?;
    Ok(Registered {
        id,
        first_superadmin,
    })
}
