-- Least privilege: the gateway serves requests as a role that reads and writes data but cannot read secrets
-- directly. The few places that need one call these functions, which run as their owner (the schema's owner):
-- the password hash of one account (sign-in, the lock screen), the key of record references, and the one-time
-- setup token of the first superadmin. The gateway grants them, and nothing of app_secret or
-- users.c_password_hash, to the serving role at start.

CREATE FUNCTION pmis_password_hash(p_user bigint) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$ SELECT c_password_hash FROM users WHERE id = p_user $$;

CREATE FUNCTION pmis_record_reference_key() RETURNS bytea
    LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
    AS $$ SELECT b_value FROM app_secret WHERE c_name = 'record-reference' $$;

CREATE FUNCTION pmis_issue_setup_token(p_hash bytea) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp
    AS $$ INSERT INTO app_secret (c_name, b_value) VALUES ('superadmin-setup', p_hash)
          ON CONFLICT (c_name) DO UPDATE SET b_value = excluded.b_value, d_created_at = now() $$;

CREATE FUNCTION pmis_clear_setup_token() RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp
    AS $$ DELETE FROM app_secret WHERE c_name = 'superadmin-setup' $$;

-- Spends the token when it matches and no superadmin exists yet; whether it did.
CREATE FUNCTION pmis_redeem_setup_token(p_hash bytea) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp
    AS $$ WITH spent AS (
              DELETE FROM app_secret WHERE c_name = 'superadmin-setup' AND b_value = p_hash
                AND NOT EXISTS (SELECT 1 FROM users WHERE n_superadmin = 1)
              RETURNING 1)
          SELECT EXISTS (SELECT 1 FROM spent) $$;

REVOKE ALL ON FUNCTION pmis_password_hash(bigint), pmis_record_reference_key(), pmis_issue_setup_token(bytea),
    pmis_clear_setup_token(), pmis_redeem_setup_token(bytea) FROM PUBLIC;

-- An account as the audit log keeps it: every column but the password hash.
CREATE VIEW user_account AS
SELECT id, c_username, c_name, c_email, c_mobile, c_designation, n_active, n_superadmin, d_password_changed_at,
       n_row_version, d_created_at, d_updated_at, d_pending_until
FROM users;
