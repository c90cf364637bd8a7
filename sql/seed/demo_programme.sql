-- Who may import and read the P6 programme (seed set "demo-programme"; the programme's two exports,
-- sql/seed/demo_programme_baseline.xer then demo_programme.xer, are then imported through the XER importer as the
-- planner): the PMC planner imports; the engineer, the employer's people and the contractors read the timeline;
-- the planner, the engineer, the manager and the employer read the schedule check (DCMA 14 points).
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_view, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 1, g.c, g.c, 0, 1
FROM (VALUES
    ('planner',     '/dataentry/importp6', 1),
    ('planner',     '/dataentry/timeline', 0),
    ('engineer',    '/dataentry/timeline', 0),
    ('manager',     '/dataentry/timeline', 0),
    ('employer',    '/dataentry/timeline', 0),
    ('contractor',  '/dataentry/timeline', 0),
    ('contractor2', '/dataentry/timeline', 0),
    ('planner',     '/dataentry/schedulecheck', 0),
    ('engineer',    '/dataentry/schedulecheck', 0),
    ('manager',     '/dataentry/schedulecheck', 0),
    ('employer',    '/dataentry/schedulecheck', 0)
) AS g (username, route, c)
JOIN users u ON u.c_username = g.username
JOIN navigation n ON n.c_route = g.route
ON CONFLICT (n_user_id, n_nav_id) DO UPDATE
SET n_view = 1, n_create = EXCLUDED.n_create, n_update = EXCLUDED.n_update, n_export = 1;
