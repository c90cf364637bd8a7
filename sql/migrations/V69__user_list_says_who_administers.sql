-- A look-up of people may leave out the system's administrators (issue 50): a reviewer or an approver is a person
-- of the project, never the IT account that holds every route. v_user_list (V16) says who is one; the registry's
-- look-ups then write `where = "n_superadmin = 0 AND id <> :user_id"` (docs/registry.md).
CREATE OR REPLACE VIEW v_user_list AS
SELECT u.id, u.c_name AS name, u.c_email AS email, o.c_code AS organization, u.n_superadmin
FROM users u
LEFT JOIN organization o ON o.id = u.n_organization
WHERE u.n_active = 1;
