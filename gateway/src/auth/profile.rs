//! Who am I: the signed-in user's profile, the routes they hold, their navigation and the console's screens.

use deadpool_postgres::Pool;
use serde::Serialize;

use crate::base::audit;
use crate::error::ApiError;

use super::caller::Actions;
use super::navigation::{self, NavItem, Screen};
use super::Caller;

/// The signed-in user, their routes and navigation, and the console's screens.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Me {
    pub user: MeUser,
    /// Routes the user holds (every route for superadmins), sorted.
    pub routes: Vec<String>,
    /// The navigation tree cut to those routes.
    pub navigation: Vec<NavItem>,
    /// Every screen of the console in menu order, held or not.
    pub screens: Vec<Screen>,
    /// What the user may do on each held route beyond opening it (everything, for superadmins).
    pub actions: std::collections::BTreeMap<String, Actions>,
    /// The packages the user is linked to today (Administration › Package users): registers with a package
    /// scope show and accept only these. `null` when the user is not limited (no link, or a superadmin).
    pub packages: Option<Vec<i64>>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeUser {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub email: String,
    pub mobile: Option<String>,
    pub designation: Option<String>,
    pub superadmin: bool,
    /// The sign-in before this one (the footer's last activity), ISO 8601.
    pub previous_login: Option<String>,
    /// The session is on the lock screen (only unlocking, signing out and this call answer).
    pub locked: bool,
    /// Copies of hand-offs and distributions, and due-date reminders, come as one digest a day instead of a mail
    /// each (`PUT /api/auth/me/mail`); the mail saying that a record now waits on the user always comes at once.
    /// Always sent; not required of clients' own copies of the profile.
    #[schema(required = false)]
    pub mail_digest: bool,
}

/// `registry` is what the registry draws at its routes (the catalogue's components and unlisted screens).
pub async fn me(
    pool: &Pool,
    caller: &Caller,
    registry: navigation::RegistryScreens,
) -> Result<Me, ApiError> {
    let client = pool.get().await?;
    let row = client
        .query_one(
            "SELECT c_mobile, c_designation,
                    (SELECT to_json(d_log_date)#>>'{}' FROM login_log WHERE n_user_id = $1
                     ORDER BY d_log_date DESC OFFSET 1 LIMIT 1),
                    (SELECT array_agg(pu.n_package ORDER BY pu.n_package) FROM package_user pu
                     WHERE pu.n_user = $1 AND pu.d_from <= CURRENT_DATE
                       AND (pu.d_to IS NULL OR pu.d_to >= CURRENT_DATE)),
                    n_mail_digest = 1
             FROM users WHERE id = $1",
            &[&caller.user_id],
        )
        .await?;
    let navigation = navigation::tree_for(&client, caller).await?;
    let screens = navigation::catalogue(&client, registry).await?;
    let mut routes: Vec<String> = if caller.superadmin {
        screens.iter().map(|screen| screen.route.clone()).collect()
    } else {
        caller.routes.keys().cloned().collect()
    };
    routes.sort();
    let actions = routes
        .iter()
        .filter_map(|route| caller.actions(route).map(|a| (route.clone(), a)))
        .collect();
    Ok(Me {
        user: MeUser {
            id: caller.user_id,
            username: caller.username.clone(),
            name: caller.name.clone(),
            email: caller.email.clone(),
            mobile: row.try_get(0)?,
            designation: row.try_get(1)?,
            superadmin: caller.superadmin,
            previous_login: row.try_get(2)?,
            locked: caller.locked,
            mail_digest: row.try_get(4)?,
        },
        packages: if caller.superadmin {
            None
        } else {
            row.try_get(3)?
        },
        routes,
        navigation,
        screens,
        actions,
    })
}

/// Sets the signed-in user's own mail choice: `digest` keeps copies and due-date reminders for one mail a day. One
/// transaction with its audit row.
pub async fn set_mail_digest(pool: &Pool, caller: &Caller, digest: bool) -> Result<(), ApiError> {
    let mut client = pool.get().await?;
    let transaction = client.transaction().await?;
    let before = audit::snapshot(&transaction, audit::USER_SNAPSHOT, caller.user_id).await?;
    transaction
        .execute(
            "UPDATE users SET n_mail_digest = $2 WHERE id = $1",
            &[&caller.user_id, &i16::from(digest)],
        )
        .await?;
    let after = audit::snapshot(&transaction, audit::USER_SNAPSHOT, caller.user_id).await?;
    audit::record(
        &transaction,
        Some(caller.user_id),
        "users",
        &caller.user_id.to_string(),
        "update",
        before.as_ref(),
        after.as_ref(),
    )
    .await?;
    transaction.commit().await?;
    Ok(())
}
