-- The field forms on the demo (seed set demo-field-forms): the employer's engineer witnesses RFIs and inspects sites
-- from a registered phone; both contractors' engineers record site inspections of their own packages. Each has a
-- device registered, so a phone signing in with that device ID stays signed in (docs/security.md); the contractor's
-- second phone is deactivated, to show a revoked device refused. Create and update: the photos and signature are
-- attached to the inspection just recorded (adding files is an update), and an inspector may correct their own.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 1, 1, 0, 0
FROM (VALUES ('engineer', '/rfiwitnessing'), ('engineer', '/siteinspection'), ('contractor', '/siteinspection'),
             ('contractor2', '/siteinspection')) AS g (username, route)
JOIN users u ON u.c_username = g.username
JOIN navigation n ON n.c_route = g.route
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;

INSERT INTO device_registration (n_user, c_device_id, c_device_name, c_platform, d_registered, n_active, c_remarks)
SELECT u.id, v.device, v.name, v.platform, DATE '2026-10-01', v.active, v.remarks
FROM (VALUES
    ('engineer',    'AND-E1A7C3D90F21', 'Engineer''s site phone',      'Android', 1, 'RFI witnessing on the viaduct.'),
    ('contractor',  'AND-C4B2F81E6A07', 'L&T QA phone, C1-V01',         'Android', 1, NULL),
    ('contractor',  'IOS-C9D3E07B5F12', 'L&T QA iPhone (lost)',         'iOS',     0, 'Reported lost on 2026-11-02.'),
    ('contractor2', 'AND-T7E5A29C1D44', 'Tunnel QA phone, C1-UG01',     'Android', 1, NULL)
) AS v (username, device, name, platform, active, remarks)
JOIN users u ON u.c_username = v.username;
