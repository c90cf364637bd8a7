-- The reports of issue 32 on the demo (seed set demo-reports): the package-wise list and BOQ, the RFI witness list
-- and the site visit list for the people who run the packages, the pending list for those who chase the work, the
-- activity wall and the gallery for everyone, and inspections for the witness and visit lists to show: for each
-- answered or closed RFI one witnessing by the employer's engineer (rejected on every fourth, then witnessed on
-- re-inspection a week later), and a site inspection at each station every month for three months. Package scope
-- gives each reader the rows of their own packages.

INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 0, 0, 0, 1
FROM (VALUES ('/reports/pkgwiselist'), ('/reports/pkgwiseboq'), ('/reports/rfiwitnesslist'),
             ('/reports/sitvisitlist')) AS r(route)
CROSS JOIN (VALUES ('engineer'), ('planner'), ('manager'), ('employer'), ('contractor'), ('contractor2')) AS p(username)
JOIN navigation n ON n.c_route = r.route
JOIN users u ON u.c_username = p.username
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;

-- The pending list report, for the people who chase the work: the contract manager, the employer's engineer, the
-- employer and the planner.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 0, 0, 0, 1
FROM navigation n
CROSS JOIN (VALUES ('engineer'), ('planner'), ('manager'), ('employer')) AS p(username)
JOIN users u ON u.c_username = p.username
WHERE n.c_route = '/reports/pendinglist'
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;

-- The activity wall and the gallery, for everyone who works in the registers: each sees the events and photos of
-- the registers they read.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 0, 0, 0, 0
FROM navigation n
CROSS JOIN (VALUES ('engineer'), ('planner'), ('manager'), ('employer'), ('contractor'), ('contractor2'), ('designer'),
                   ('landofficer'), ('surveyor')) AS p(username)
JOIN users u ON u.c_username = p.username
WHERE n.c_route IN ('/dashboard/social-wall', '/dashboard/gallery')
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;

INSERT INTO inspection (c_kind, n_package, n_rfi, n_station, c_location, d_inspected, n_inspector, c_result, c_remarks,
                        n_created_by)
SELECT 'RFI witness', r.n_package, r.id, r.n_station, 'As in ' || r.c_reference, w.d_inspected, eng.id, w.c_result,
       w.c_remarks, eng.id
FROM rfi r
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
CROSS JOIN LATERAL (
    VALUES (r.d_answered, CASE WHEN r.id % 4 = 0 THEN 'Rejected' ELSE 'Witnessed' END,
            CASE WHEN r.id % 4 = 0 THEN 'Cover to reinforcement short at two locations; rectify and offer again.'
                 ELSE 'Inspected as per the ITP; found in order.' END),
           (r.d_answered + 7, CASE WHEN r.id % 4 = 0 THEN 'Witnessed' END,
            'Re-inspected after rectification; found in order.')
) AS w(d_inspected, c_result, c_remarks)
WHERE r.c_state IN ('Answered', 'Closed') AND r.d_answered IS NOT NULL AND w.c_result IS NOT NULL;

INSERT INTO inspection (c_kind, n_package, n_station, c_location, d_inspected, n_inspector, c_result, c_remarks,
                        n_created_by)
SELECT 'Site inspection', s.n_package, s.id, s.c_name || ' station box', current_date - 30 * m.n - (s.id % 7)::integer,
       eng.id, CASE WHEN (s.id + m.n) % 5 = 0 THEN 'Re-inspection' ELSE 'Witnessed' END,
       CASE WHEN (s.id + m.n) % 5 = 0 THEN 'Housekeeping and barricading below standard; re-inspect within a week.'
            ELSE 'Monthly inspection: works, safety and housekeeping satisfactory.' END,
       eng.id
FROM station s
CROSS JOIN generate_series(0, 2) AS m(n)
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
WHERE s.n_package IS NOT NULL;
