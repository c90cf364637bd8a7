-- A permission row opens a page (docs/console.md §6); what the holder may do there is on the row too: create,
-- update, delete, export. Existing rows keep full access. A row whose n_view is 0 opens nothing and is not counted.
ALTER TABLE user_permission_nav
    ADD COLUMN n_view   smallint NOT NULL DEFAULT 1 CHECK (n_view IN (0, 1)),
    ADD COLUMN n_create smallint NOT NULL DEFAULT 1 CHECK (n_create IN (0, 1)),
    ADD COLUMN n_update smallint NOT NULL DEFAULT 1 CHECK (n_update IN (0, 1)),
    ADD COLUMN n_delete smallint NOT NULL DEFAULT 1 CHECK (n_delete IN (0, 1)),
    ADD COLUMN n_export smallint NOT NULL DEFAULT 1 CHECK (n_export IN (0, 1));

CREATE OR REPLACE VIEW v_user_permission_nav AS
SELECT p.id, p.n_user_id, p.n_nav_id, n.c_route, n.c_title
FROM user_permission_nav p
JOIN navigation n ON n.id = p.n_nav_id
WHERE n.c_route IS NOT NULL AND p.n_view = 1;
