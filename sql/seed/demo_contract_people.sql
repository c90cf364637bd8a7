-- The people of the contract registers (loaded once, after demo_distribution.sql, as the seed set
-- "demo-contract-people"): the employer's contract manager (decides change requests, extensions of time and
-- payment certificates with the engineer), the general consultant's planner (WBS, programme and progress), and the
-- detailed design consultant's design manager (answers technical queries forwarded by the engineer). Each register
-- group's seed grants them their routes. Password hashes are set by the gateway.

INSERT INTO organization (c_code, c_name, c_org_type, c_address, c_email, c_phone)
SELECT 'DDC', 'Metro Detailed Design Consultants', 'Design consultant', 'Koramangala 5th Block',
       'design@metroddc.example', '+91 80 4098 3300'
WHERE NOT EXISTS (SELECT 1 FROM organization WHERE c_code = 'DDC');

INSERT INTO users (c_username, c_name, c_email, c_mobile, c_designation, c_password_hash, n_active, n_superadmin,
                   n_organization)
SELECT v.username, v.name, v.email, v.mobile, v.designation, '!', 1, 0, o.id
FROM (VALUES
    ('manager',  'Priya Nair',   'priya.nair@metrorail.example',  '+91 98450 00015', 'Contract Manager, employer',          'MRC'),
    ('planner',  'Vikram Singh', 'vikram.singh@metrogc.example',  '+91 98450 00016', 'Planning Engineer (PMC)',             'GC'),
    ('designer', 'Kavita Rao',   'kavita.rao@metroddc.example',   '+91 98450 00017', 'Design Manager, design consultant',   'DDC')
) AS v (username, name, email, mobile, designation, organization)
JOIN organization o ON o.c_code = v.organization;

-- Everyone on the contract registers sees the dashboard and the masters the registers refer to.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 0, 0, 0, 1
FROM users u CROSS JOIN navigation n
WHERE u.c_username IN ('manager', 'planner', 'designer')
  AND n.c_route IN ('/', '/dashboard/analytics', '/masters/package', '/masters/station', '/contract-data-entry/rfi',
                    '/contract-data-entry/ncr', '/contract-data-entry/dailyreport');
