-- Who people are and what happens to files, for workflows people can trust:
-- 1. each user belongs to an organisation, and each organisation is on a side of the contract (employer, engineer,
--    contractor, authority), so a registry file can say "only the engineer's staff may answer" (workflow.people);
-- 2. a file a user deletes stays restorable for a grace period (FILES_GRACE_HOURS), then the housekeeping sweep
--    removes the row and, once no file refers to them, the bytes;
-- 3. the audit rows of a child register's lines name their parent record, so the parent's History shows them.

-- The side follows from the organisation's type: derived by the database, never typed.
ALTER TABLE organization ADD COLUMN c_side text GENERATED ALWAYS AS (
    CASE c_org_type
        WHEN 'Client' THEN 'employer'
        WHEN 'Contractor' THEN 'contractor'
        WHEN 'Government authority' THEN 'authority'
        WHEN 'Utility agency' THEN 'authority'
        ELSE 'engineer'
    END) STORED;

ALTER TABLE users ADD COLUMN n_organization bigint REFERENCES organization (id);
CREATE INDEX users_organization_idx ON users (n_organization);

-- The people picker names each person with their organisation, so two namesakes of different firms stay apart.
CREATE OR REPLACE VIEW v_user_list AS
SELECT u.id, u.c_name AS name, u.c_email AS email, o.c_code AS organization
FROM users u
LEFT JOIN organization o ON o.id = u.n_organization
WHERE u.n_active = 1;

-- Deleted files: kept (hidden from the record) until the grace period ends, restorable until then.
ALTER TABLE record_file
    ADD COLUMN d_deleted_at timestamptz,
    ADD COLUMN n_deleted_by bigint REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX record_file_deleted_idx ON record_file (d_deleted_at) WHERE d_deleted_at IS NOT NULL;
-- Bytes a user sent today (the daily upload quota), deleted files included.
CREATE INDEX record_file_uploader_idx ON record_file (n_uploaded_by, d_uploaded_at);

-- A line's audit rows name the record it belongs to.
ALTER TABLE audit_log
    ADD COLUMN c_parent_entry text,
    ADD COLUMN c_parent_key text;
CREATE INDEX audit_log_parent_idx ON audit_log (c_parent_entry, c_parent_key, d_at DESC)
    WHERE c_parent_entry IS NOT NULL;
UPDATE audit_log SET c_parent_entry = 'dailyreport',
                     c_parent_key = coalesce(c_after, c_before) ->> 'n_report'
WHERE c_entry IN ('dailyreport_manpower', 'dailyreport_equipment', 'dailyreport_activity');

-- The account as the audit log keeps it gains the organisation (still every column but the password hash).
CREATE OR REPLACE VIEW user_account AS
SELECT id, c_username, c_name, c_email, c_mobile, c_designation, n_active, n_superadmin, d_password_changed_at,
       n_row_version, d_created_at, d_updated_at, d_pending_until, n_organization
FROM users;
