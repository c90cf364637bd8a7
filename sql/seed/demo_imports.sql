-- Demo permissions of the import screens (issue 30; presets `[[imports]]` of the registry; loaded once, as the seed
-- set "demo-imports"): the land-acquisition officer imports cases and R&R entitlements, the surveyor R&R
-- entitlements, the contractors their IPA quantities and key element statuses, the engineer key element statuses
-- (as updates: the engineer may update, not create, them). An import also needs the register's own permission.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 1, 1, 0, 0
FROM (VALUES
    ('landofficer', '/dataentry/importla'),
    ('landofficer', '/dataentry/importrr'),
    ('surveyor', '/dataentry/importrr'),
    ('contractor', '/dataentry/importipa'),
    ('contractor2', '/dataentry/importipa'),
    ('contractor', '/administration/keyelementstatusimport'),
    ('contractor2', '/administration/keyelementstatusimport'),
    ('engineer', '/administration/keyelementstatusimport')
) AS g (username, route)
JOIN users u ON u.c_username = g.username
JOIN navigation n ON n.c_route = g.route
WHERE NOT EXISTS (SELECT 1 FROM user_permission_nav x WHERE x.n_user_id = u.id AND x.n_nav_id = n.id);
