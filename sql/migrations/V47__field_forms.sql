-- The field forms (/rfiwitnessing, /siteinspection): inspections sent from phones on flaky networks.

-- A write sent with an `Idempotency-Key` header: the first one does the work and is remembered here in the same
-- transaction; the same key again from the same user answers what the first did, without doing it again (a phone
-- that lost the answer and sends its queued inspection a second time). Kept 30 days (the housekeeping pass).
CREATE TABLE idempotent_request (
    n_user          bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    c_key           text NOT NULL CHECK (c_key ~ '^[A-Za-z0-9:._-]{8,100}$'),
    -- What the key was used for (`create inspection`, `files inspection 42`): the same key for another request is
    -- refused, never answered with the first one's result.
    c_request       text NOT NULL CHECK (length(c_request) BETWEEN 1 AND 200),
    c_record_key    text NOT NULL,
    -- The answer's data when it is not the record itself (the files an upload added).
    j_answer        jsonb,
    d_at            timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (n_user, c_key)
);
CREATE INDEX idempotent_request_at_idx ON idempotent_request (d_at);

-- A session signed in on a registered device: it lasts longer (FIELD_DEVICE_SESSION_DAYS) and ends the moment the
-- device is deactivated or deleted from /administration/deviceregistration.
ALTER TABLE user_session ADD COLUMN n_device bigint REFERENCES device_registration (id) ON DELETE CASCADE;
CREATE INDEX user_session_device_idx ON user_session (n_device) WHERE n_device IS NOT NULL;

-- The two pages are drawn by the console's field-form component; the inspection register is written through them.
UPDATE navigation SET c_kind = 'custom', c_component = 'field-form'
WHERE c_route IN ('/rfiwitnessing', '/siteinspection');

-- Deactivating, re-assigning or deleting a device ends its sessions on every gateway at once: the session cache of
-- each replica drops the user's entries when this notice commits (docs/security.md).
CREATE FUNCTION device_registration_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' OR NEW.n_active <> OLD.n_active OR NEW.n_user <> OLD.n_user
       OR NEW.c_device_id <> OLD.c_device_id THEN
        PERFORM pg_notify('pmis_sessions', 'user:' || OLD.n_user);
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER device_registration_sessions AFTER UPDATE OR DELETE ON device_registration
    FOR EACH ROW EXECUTE FUNCTION device_registration_sessions_changed();
