-- The people of land acquisition and resettlement (loaded once, after demo_correspondence.sql, as the seed set
-- "demo-land-people"): the employer's land-acquisition officer, who verifies surveys, runs acquisition cases and
-- approves R&R plans, and the social-impact consultant's surveyor, who records the parcel surveys (project-affected
-- families, structures, businesses) that the officer verifies. Each register group's seed grants their routes.
-- Password hashes are set by the gateway.

INSERT INTO organization (c_code, c_name, c_org_type, c_address, c_email, c_phone)
SELECT 'SIA', 'Social Impact and R&R Consultants', 'Independent engineer', 'Jayanagar 4th Block',
       'sia@metrosia.example', '+91 80 4112 7700'
WHERE NOT EXISTS (SELECT 1 FROM organization WHERE c_code = 'SIA');

INSERT INTO users (c_username, c_name, c_email, c_mobile, c_designation, c_password_hash, n_active, n_superadmin,
                   n_organization)
SELECT v.username, v.name, v.email, v.mobile, v.designation, '!', 1, 0, o.id
FROM (VALUES
    ('landofficer', 'Anil Deshmukh',  'anil.deshmukh@metrorail.example', '+91 98450 00018',
     'Land Acquisition Officer, employer', 'MRC'),
    ('surveyor',    'Neha Kulkarni',  'neha.kulkarni@metrosia.example',  '+91 98450 00019',
     'Social Impact Surveyor, SIA consultant', 'SIA')
) AS v (username, name, email, mobile, designation, organization)
JOIN organization o ON o.c_code = v.organization;

-- Both see the dashboard and the masters the land registers refer to.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 0, 0, 0, 1
FROM users u CROSS JOIN navigation n
WHERE u.c_username IN ('landofficer', 'surveyor')
  AND n.c_route IN ('/', '/dashboard/analytics', '/masters/package', '/masters/station');

-- The surveyor works on the viaduct and underground packages of corridor 1 and 2; the officer, employer's staff,
-- sees every package (no package link).
INSERT INTO package_user (n_package, n_user, c_role, d_from, c_remarks)
SELECT p.id, u.id, 'Site engineer', DATE '2025-04-01', 'SIA and R&R baseline surveys'
FROM package p CROSS JOIN users u
WHERE u.c_username = 'surveyor' AND p.c_code IN ('C1-V01', 'C2-V01', 'C2-V02', 'C1-UG01');
