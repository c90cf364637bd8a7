-- Issue 46: what a record says it is from is the session's (docs/security.md, "Who a record says it is from").
-- Columns stamped with the caller's organisation (registry `stamp = "organisation"` / `"organisation_code"`: the
-- document register's originator organisation and code) take the caller's own; only a holder of the right to
-- file for other organisations (a document controller logging another party's work) may name another.
--
-- A right is a route like a screen's, granted and revoked on Administration -> User permission, but it draws no
-- screen and has no menu item: navigation kind `right` (the menu and the console's screen catalogue leave these
-- rows out; the permission checklist lists them with their group).

ALTER TABLE navigation DROP CONSTRAINT navigation_c_kind_check;
ALTER TABLE navigation ADD CONSTRAINT navigation_c_kind_check
    CHECK (c_kind IN ('register', 'dashboard', 'report', 'import', 'workflow', 'custom', 'right'));

INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order, c_kind)
SELECT id, 'File for other organisations (right)', '/rights/file-for-others', 990, 'right' FROM navigation
WHERE n_parent_id IS NULL AND c_title = 'Administration'
  AND NOT EXISTS (SELECT 1 FROM navigation WHERE c_route = '/rights/file-for-others');
