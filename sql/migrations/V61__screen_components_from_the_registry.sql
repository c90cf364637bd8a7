-- Issue 48: what draws a screen is derived from the registry, not typed into the menu. The console's catalogue
-- takes a route's component from the menu row's `c_component` when it names one of the console's own screens
-- (calendar, user permission, the DMS explorer …), else from what the registry declares at the route: a register
-- or report list (the screen engine), a dashboard, an import preset. The kind column and its CHECK, which
-- repeated that by hand (and which `gateway registry plan` had to fill in), go.
--
-- A right (a route granted on Administration -> User permission that draws no screen and has no menu item, such
-- as /rights/file-for-others) was kind `right`; it is now marked as such on its own.

ALTER TABLE navigation
    ADD COLUMN n_grant_only smallint NOT NULL DEFAULT 0 CHECK (n_grant_only IN (0, 1));

UPDATE navigation SET n_grant_only = 1 WHERE c_kind = 'right';

ALTER TABLE navigation DROP COLUMN c_kind;

COMMENT ON COLUMN navigation.n_grant_only IS
    '1: a right to grant (no screen, no menu item); the console''s catalogue and menu leave it out';
COMMENT ON COLUMN navigation.c_component IS
    'One of the console''s own screens that draws this route; empty: what the registry declares at the route';
