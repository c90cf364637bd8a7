-- The predefined reports of issue 32 on the demo (seed set demo-predefined-reports): the monthly progress, payment
-- status and land acquisition status reports for the people who run, pay for and acquire the land of the packages.
-- Package scope gives each reader the figures of their own packages.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 0, 0, 0, 1
FROM navigation n
CROSS JOIN (VALUES ('engineer'), ('planner'), ('manager'), ('employer'), ('contractor'), ('contractor2'),
                   ('landofficer')) AS p(username)
JOIN users u ON u.c_username = p.username
WHERE n.c_route = '/reports/predefined'
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;
