-- Demo data for the embedded (project-local) database. Loaded once, by `gateway seed` / `gateway serve --seed-demo`,
-- inside one transaction; `seed_history` records that it ran. Never loaded into a DATABASE_URL database unless
-- `just seed` is run explicitly.
--
-- Password hashes are set by the gateway after this file runs (argon2id, computed at load time): the rows below
-- carry '!' which never matches any password.

INSERT INTO users (c_username, c_name, c_email, c_mobile, c_designation, c_password_hash, n_active, n_superadmin) VALUES
    ('admin',  'PMIS Administrator', 'admin@metrorail.example',  '+91 98450 00001', 'System Administrator', '!', 1, 1),
    ('viewer', 'Priya Raman',        'priya.raman@metrorail.example', '+91 98450 00002', 'Assistant Engineer (Civil)', '!', 1, 0);

-- The administrator holds a row for every route too, so that clients which count permission rows (SPEC §7's
-- selectall check) see every page open; the superadmin flag alone already passes the server's checks.
INSERT INTO user_permission_nav (n_user_id, n_nav_id)
SELECT u.id, n.id FROM users u CROSS JOIN navigation n
WHERE u.c_username = 'admin' AND n.c_route IS NOT NULL;

-- The restricted user: the dashboard, two masters and the pending-document report only.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin')
FROM users u CROSS JOIN navigation n
WHERE u.c_username = 'viewer'
  AND n.c_route IN ('/', '/dashboard/analytics', '/masters/corridor', '/masters/station', '/reports/pendinglist');

INSERT INTO settings (c_module, c_val, c_description) VALUES
    ('SUPPORT_COMM', 'pmis.support@metrorail.example', 'Support contact shown in the console footer'),
    ('PROJECT_NAME', 'Metro Rail Project Management Information System', 'Full product name'),
    ('PROJECT_SHORT_NAME', 'Metro PMIS', 'Short product name');

INSERT INTO common_message (c_val, n_sort_order) VALUES
    ('Monthly progress reports for November are due on the 5th of next month: update activity progress before then.', 10),
    ('Safety Week: every site to hold a toolbox talk on working at height and record it in the daily report.', 20),
    ('Land acquisition surveys for Corridor 2 (Phase 2) open on the survey screens from next Monday.', 30),
    ('Monsoon preparedness: submit dewatering and traffic-diversion plans for open excavations.', 40);

INSERT INTO corridor (c_code, c_name, c_description, c_line_colour, n_length_km, n_chainage_from_km, n_chainage_to_km) VALUES
    ('C1', 'Corridor 1: Airport - Central Station (Blue Line)',
     'East-west corridor from the international airport to Central Station, elevated with an underground city section.',
     'Blue', 22.450, 0.000, 22.450),
    ('C2', 'Corridor 2: Northgate - Southfield (Green Line)',
     'North-south corridor crossing Corridor 1 at Central Station; fully elevated.',
     'Green', 18.120, 0.000, 18.120);

INSERT INTO phase (c_code, c_name, c_description, d_start_date, d_end_date) VALUES
    ('PH1',  'Phase 1',  'Priority section: Corridor 1 elevated stretch and depot.', '2022-04-01', '2026-03-31'),
    ('PH1A', 'Phase 1A', 'Corridor 1 underground city section and systems.',        '2023-01-01', '2027-12-31'),
    ('PH2',  'Phase 2',  'Corridor 2 in full.',                                       '2025-07-01', '2029-06-30');

INSERT INTO project (c_code, c_name, c_description, c_funding_agency, n_sanctioned_cost) VALUES
    ('MRP-BL', 'Blue Line Metro Rail Project',  'Corridor 1 civil, depot and systems works.', 'State Government and multilateral loan', 148500000000.00),
    ('MRP-GL', 'Green Line Metro Rail Project', 'Corridor 2 civil and systems works.',        'State Government and bilateral loan',    96250000000.00);

INSERT INTO package (c_code, c_name, c_description, n_corridor, c_scope, n_estimated_cost, n_chainage_from_km, n_chainage_to_km)
SELECT v.code, v.name, v.description, c.id, v.scope, v.cost, v.ch_from, v.ch_to
FROM (VALUES
    ('C1-V01',  'Viaduct and 6 elevated stations, Airport to Riverside', 'Design and construction of 9.8 km viaduct and six elevated stations.', 'C1', 'Viaduct',     21450000000.00, 0.000, 9.800),
    ('C1-UG01', 'Underground section, Riverside to Central Station',     'Twin-bored tunnels by TBM, 4.2 km, with three underground stations.',    'C1', 'Underground', 38900000000.00, 9.800, 14.000),
    ('C1-DP01', 'Airport depot and workshop',                            'Stabling yard for 24 trainsets, workshop, operations control centre.',  'C1', 'Depot',        7825000000.00, NULL,  NULL),
    ('C1-SYS1', 'Signalling and telecommunication, Blue Line',           'CBTC signalling, platform screen doors and telecom systems.',          'C1', 'Systems',     12600000000.00, 0.000, 22.450),
    ('C2-V01',  'Viaduct and 5 elevated stations, Northgate to Central', 'Design and construction of 8.6 km viaduct and five elevated stations.', 'C2', 'Viaduct',     18300000000.00, 0.000, 8.600),
    ('C2-V02',  'Viaduct and 5 elevated stations, Central to Southfield','Design and construction of 9.5 km viaduct and five elevated stations.', 'C2', 'Viaduct',     19750000000.00, 8.600, 18.120)
) AS v (code, name, description, corridor, scope, cost, ch_from, ch_to)
JOIN corridor c ON c.c_code = v.corridor
ORDER BY v.code;

INSERT INTO station (c_code, c_name, n_corridor, n_package, c_station_type, n_chainage_km, n_sequence, n_interchange)
SELECT v.code, v.name, c.id, p.id, v.kind, v.chainage, v.seq, v.interchange
FROM (VALUES
    ('C1-S01', 'International Airport', 'C1', 'C1-V01',  'Elevated',    0.650,  1, 0),
    ('C1-S02', 'Cargo Terminal',        'C1', 'C1-V01',  'Elevated',    2.300,  2, 0),
    ('C1-S03', 'Aerocity',              'C1', 'C1-V01',  'Elevated',    3.950,  3, 0),
    ('C1-S04', 'Tech Park',             'C1', 'C1-V01',  'Elevated',    5.700,  4, 0),
    ('C1-S05', 'University',            'C1', 'C1-V01',  'Elevated',    7.400,  5, 0),
    ('C1-S06', 'Riverside',             'C1', 'C1-V01',  'Elevated',    9.250,  6, 0),
    ('C1-S07', 'Old Fort',              'C1', 'C1-UG01', 'Underground', 10.900, 7, 0),
    ('C1-S08', 'Market Square',         'C1', 'C1-UG01', 'Underground', 12.450, 8, 0),
    ('C1-S09', 'Central Station',       'C1', 'C1-UG01', 'Underground', 13.800, 9, 1),
    ('C2-S01', 'Northgate',             'C2', 'C2-V01',  'Elevated',    0.500,  1, 0),
    ('C2-S02', 'Lake View',             'C2', 'C2-V01',  'Elevated',    2.350,  2, 0),
    ('C2-S03', 'Civil Lines',           'C2', 'C2-V01',  'Elevated',    4.100,  3, 0),
    ('C2-S04', 'Stadium',               'C2', 'C2-V01',  'Elevated',    6.000,  4, 0),
    ('C2-S05', 'Central Station (Green Line)', 'C2', 'C2-V01', 'Elevated', 8.350, 5, 1),
    ('C2-S06', 'Textile Mills',         'C2', 'C2-V02',  'Elevated',    10.200, 6, 0),
    ('C2-S07', 'Industrial Estate',     'C2', 'C2-V02',  'Elevated',    12.650, 7, 0),
    ('C2-S08', 'Southfield',            'C2', 'C2-V02',  'Elevated',    17.600, 8, 0)
) AS v (code, name, corridor, package, kind, chainage, seq, interchange)
JOIN corridor c ON c.c_code = v.corridor
JOIN package p ON p.c_code = v.package
ORDER BY v.code;

INSERT INTO phase_project_package_link (n_phase, n_project, n_package)
SELECT ph.id, pr.id, pk.id
FROM (VALUES
    ('PH1',  'MRP-BL', 'C1-V01'),
    ('PH1',  'MRP-BL', 'C1-DP01'),
    ('PH1A', 'MRP-BL', 'C1-UG01'),
    ('PH1A', 'MRP-BL', 'C1-SYS1'),
    ('PH2',  'MRP-GL', 'C2-V01'),
    ('PH2',  'MRP-GL', 'C2-V02')
) AS v (phase, project, package)
JOIN phase ph ON ph.c_code = v.phase
JOIN project pr ON pr.c_code = v.project
JOIN package pk ON pk.c_code = v.package
ORDER BY v.phase, v.package;

-- One reminder for the administrator so the bell is not empty on first sign-in.
INSERT INTO reminder (n_user_id, c_title, c_url, c_detailed_action_plan, d_scheduled_date_time)
SELECT id, 'Review C1-V01 monthly progress report',
       '/dataentry/pkgactprogress',
       'Check pier cap casting figures against the 3-month rolling plan before approving.',
       date_trunc('day', now()) + interval '7 days' + interval '10 hours'
FROM users WHERE c_username = 'admin';

-- Documents under review: some waiting for the administrator, some for the restricted user (the header's
-- pending-document list shows each user theirs).
INSERT INTO document_review (c_doc_no, c_title, n_package, c_doc_type, c_revision, n_reviewer, c_status, d_submitted, d_due, c_remarks)
SELECT v.doc_no, v.title, p.id, v.doc_type, v.revision, u.id, v.status,
       current_date - v.age, current_date - v.age + 14, v.remarks
FROM (VALUES
    ('C1-V01/DRG/PC-112', 'Pier cap P112 reinforcement drawing', 'C1-V01', 'Drawing', 'R1', 'admin', 'Pending review', 3, NULL),
    ('C1-V01/MS/LG-004', 'Method statement: launching girder erection of span 40 m', 'C1-V01', 'Method statement', 'R0', 'admin', 'Pending review', 5, NULL),
    ('C1-UG01/DR/TBM-02', 'TBM drive 2 settlement monitoring design report', 'C1-UG01', 'Design report', 'R2', 'admin', 'Pending review', 9, 'Third-party check attached.'),
    ('C1-V01/QP/001', 'Quality assurance plan for viaduct works', 'C1-V01', 'Quality plan', 'R3', 'admin', 'Approved', 40, NULL),
    ('C2-V01/CAL/BRG-07', 'Elastomeric bearing design calculation, spans 12-18', 'C2-V01', 'Calculation', 'R0', 'viewer', 'Pending review', 2, NULL),
    ('C2-V01/SPEC/WP-01', 'Waterproofing specification for station roofs', 'C2-V01', 'Specification', 'R1', 'viewer', 'Returned for revision', 20, 'Add the membrane test certificates.')
) AS v(doc_no, title, package, doc_type, revision, reviewer, status, age, remarks)
JOIN package p ON p.c_code = v.package
JOIN users u ON u.c_username = v.reviewer;
