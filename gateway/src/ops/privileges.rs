//! The serving role's grants, given by the schema's owner at every start (idempotent): data of every table and
//! view, the sequences of their keys, the secret functions of migration V9; not `app_secret`, not the migration
//! history, not `users.c_password_hash`, and no DDL (PostgreSQL 15 gives nobody CREATE on `public` by default).

use deadpool_postgres::GenericClient;

/// Columns of `users` the serving role may not read.
const SECRET_USER_COLUMNS: &[&str] = &["c_password_hash"];

/// `role` as a quoted SQL identifier.
fn identifier(role: &str) -> String {
    format!("\"{}\"", role.replace('"', "\"\""))
}

pub async fn grant_serving_role(
    owner: &impl GenericClient,
    role: &str,
) -> Result<(), tokio_postgres::Error> {
    let role = identifier(role);
    let user_columns: Vec<String> = owner
        .query(
            "SELECT column_name::text FROM information_schema.columns
             WHERE table_schema = 'public' AND table_name = 'users' AND NOT column_name = ANY($1)
             ORDER BY ordinal_position",
            &[&SECRET_USER_COLUMNS],
        )
        .await?
        .iter()
        .map(|row| row.get::<_, String>(0))
        .map(|column| identifier(&column))
        .collect();
    let statements = [
        format!("GRANT USAGE ON SCHEMA public TO {role}"),
        format!("GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role}"),
        format!("GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO {role}"),
        format!("REVOKE ALL ON app_secret, refinery_schema_history FROM {role}"),
        format!("REVOKE SELECT ON users FROM {role}"),
        format!(
            "GRANT SELECT ({}) ON users TO {role}",
            user_columns.join(", ")
        ),
        format!(
            "GRANT EXECUTE ON FUNCTION pmis_password_hash(bigint), pmis_record_reference_key(), \
             pmis_issue_setup_token(bytea), pmis_clear_setup_token(), pmis_redeem_setup_token(bytea) TO {role}"
        ),
    ];
    owner.batch_execute(&statements.join(";\n")).await
}
