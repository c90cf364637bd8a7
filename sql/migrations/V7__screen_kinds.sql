-- Which component draws each screen. The console keeps one map from kind to component; the navigation master says
-- the kind of every route, so no route is recognised by its path in the console.
--   register  a registry entry's list and form (the generic screen engine; the registry says what it shows)
--   dashboard figures and charts over the registers
--   report    a read-only, printable view across registers
--   import    an upload that loads a file (XER, spreadsheet) into a register
--   workflow  a queue of records waiting on the user
--   custom    a screen of its own, named by c_component
-- c_component names a component within its kind (the analytics dashboard, the user-permission editor); a kind
-- whose component the console does not have yet shows "not built yet".

ALTER TABLE navigation
    ADD COLUMN c_kind text NOT NULL DEFAULT 'register'
        CHECK (c_kind IN ('register', 'dashboard', 'report', 'import', 'workflow', 'custom')),
    ADD COLUMN c_component text CHECK (c_component ~ '^[a-z][a-z0-9-]{0,39}$');

UPDATE navigation SET c_kind = 'dashboard' WHERE c_route = '/' OR c_route LIKE '/dashboard/%';
UPDATE navigation SET c_component = 'analytics' WHERE c_route IN ('/', '/dashboard/analytics');

UPDATE navigation SET c_kind = 'report' WHERE c_route LIKE '/reports/%';

UPDATE navigation SET c_kind = 'import'
WHERE c_route IN ('/dataentry/importp6', '/dataentry/importipa', '/dataentry/importla', '/dataentry/importrr',
                  '/administration/keyelementstatusimport');

UPDATE navigation SET c_kind = 'workflow'
WHERE c_route IN ('/administration/siteprogressapv', '/administration/dmsclosureworkflow',
                  '/contract-data-entry/technicalqueryfwdres', '/contract-data-entry/crfwdres');

UPDATE navigation SET c_kind = 'custom', c_component = 'manage-users' WHERE c_route = '/administration/manageusers';
UPDATE navigation SET c_kind = 'custom', c_component = 'user-permission'
WHERE c_route = '/administration/userpermission';

-- Screens of their own not built yet: the calendar and mail, the Gantt timeline, the document explorers and the
-- field apps; and the template's demonstration pages, which are not product behaviour.
UPDATE navigation SET c_kind = 'custom'
WHERE c_route IN ('/calendar', '/outlook', '/dataentry/timeline', '/administration/explorer', '/rfiwitnessing',
                  '/siteinspection')
   OR c_route LIKE '/dms/%'
   OR n_parent_id = (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Template Pages');
