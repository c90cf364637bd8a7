-- Demo data for the embedded (project-local) database. Loaded once, by `gateway seed` / `gateway serve --seed-demo`,
-- inside one transaction; `seed_history` records that it ran. Never loaded into a DATABASE_URL database unless
-- `just seed` is run explicitly.
--
-- Password hashes are set by the gateway after this file runs (argon2id, computed at load time): the rows below
-- carry '!' which never matches any password.

INSERT INTO users (c_username, c_name, c_email, c_mobile, c_designation, c_password_hash, n_active, n_superadmin) VALUES
    ('admin',  'PMIS Administrator', 'admin@metrorail.example',  '+91 98450 00001', 'System Administrator', '!', 1, 1),
    ('viewer', 'Priya Raman',        'priya.raman@metrorail.example', '+91 98450 00002', 'Assistant Engineer (Civil)', '!', 1, 0);

-- The administrator holds a row for every route too, so that clients which count permission rows (docs/console.md §7
-- selectall check) see every page open; the superadmin flag alone already passes the server's checks.
INSERT INTO user_permission_nav (n_user_id, n_nav_id)
SELECT u.id, n.id FROM users u CROSS JOIN navigation n
WHERE u.c_username = 'admin' AND n.c_route IS NOT NULL;

-- The restricted user: the dashboard, two masters and the pending-document report only, and read-only there (she
-- may look and export, not create, change or delete).
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 0, 0, 0
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

-- ---------------------------------------------------------------------------------------------------------------
-- Masters, Master (old) and Administration registers (issue 8): a few coherent rows each, tied to the corridors,
-- packages and stations above.
-- ---------------------------------------------------------------------------------------------------------------
INSERT INTO discipline (c_code, c_name, c_description) VALUES
    ('CIV', 'Civil',                     'Viaduct, tunnels, station structures and depot civil works.'),
    ('TRK', 'Track',                     'Ballastless track, turnouts and rail welding.'),
    ('SIG', 'Signalling',                'CBTC signalling and interlocking.'),
    ('TEL', 'Telecommunication',         'SCADA, CCTV, public address and passenger information systems.'),
    ('ELE', 'Electrical',                'Traction and auxiliary power supply, third rail or overhead equipment.'),
    ('ARC', 'Architecture and finishes', 'Station architecture, finishes, signage and landscaping.');

INSERT INTO sub_discipline (n_discipline, c_code, c_name, c_description)
SELECT d.id, v.code, v.name, v.description
FROM (VALUES
    ('CIV', 'CIV-VDT', 'Viaduct',             'Piles, pile caps, piers, pier caps and superstructure.'),
    ('CIV', 'CIV-TUN', 'Bored tunnels',       'TBM tunnelling, segment lining and cross passages.'),
    ('CIV', 'CIV-STN', 'Station structures',  'Concourse, platform and roof structures.'),
    ('TRK', 'TRK-BLT', 'Ballastless track',   'Plinths, fastenings and rail.'),
    ('ELE', 'ELE-TPS', 'Traction power',      'Receiving sub-stations and third rail.'),
    ('SIG', 'SIG-CBTC', 'CBTC',               'Zone controllers, on-board and wayside equipment.')
) AS v (discipline, code, name, description)
JOIN discipline d ON d.c_code = v.discipline;

INSERT INTO site (c_code, c_name, n_corridor, n_package, c_site_type, n_chainage_from_km, n_chainage_to_km, c_address, n_latitude, n_longitude)
SELECT v.code, v.name, c.id, p.id, v.kind, v.ch_from, v.ch_to, v.address, v.lat, v.lon
FROM (VALUES
    ('C1-CY01', 'Airport casting yard',        'C1', 'C1-V01',  'Casting yard', NULL::numeric, NULL::numeric, 'Survey No. 214, Airport Road', 12.949800, 77.668200),
    ('C1-VS01', 'Viaduct stretch P001-P120',   'C1', 'C1-V01',  'Viaduct',      0.000, 3.900, 'Airport Road median',           12.952100, 77.661400),
    ('C1-SH01', 'Riverside launching shaft',   'C1', 'C1-UG01', 'Tunnel shaft', 9.800, 9.900, 'Riverside Park, east gate',      12.971600, 77.594600),
    ('C1-DEP',  'Airport depot',               'C1', 'C1-DP01', 'Depot',        NULL, NULL,   'Depot Road, Cargo Village',       12.944300, 77.671900),
    ('C2-ST03', 'Civil Lines station site',    'C2', 'C2-V01',  'Station',      4.000, 4.200, 'Civil Lines Main Road',          12.998700, 77.592300)
) AS v (code, name, corridor, package, kind, ch_from, ch_to, address, lat, lon)
JOIN corridor c ON c.c_code = v.corridor
JOIN package p ON p.c_code = v.package;

INSERT INTO contractor (c_code, c_name, c_cin, c_pan, c_gstin, c_contractor_class, c_address, c_contact_person, c_email, c_phone) VALUES
    ('LNT',   'Larsen Infra Constructions Ltd',  'L45200MH1946PLC004768', 'AAACL0140P', '27AAACL0140P1ZV', 'Class I (unlimited)', 'Infra House, Powai, Mumbai 400072',     'R. Venkatesh',   'projects@larseninfra.example', '+91 22 6752 5656'),
    ('AFCONS','Afcons Tunnelling Pvt Ltd',       'U45200MH1976PTC019335', 'AAACA4543K', '27AAACA4543K1ZQ', 'Class I (unlimited)', 'Afcons House, Andheri West, Mumbai',    'S. Mukherjee',   'metro@afconstunnel.example',   '+91 22 6719 1000'),
    ('SIGTEL','Sigtel Rail Systems Pvt Ltd',     'U74999KA2008PTC045120', 'AAFCS7712D', '29AAFCS7712D1Z5', 'Specialist',          'Electronic City Phase 1, Bengaluru',    'Anita Desai',    'cbtc@sigtel.example',          '+91 80 4190 2200'),
    ('NCC',   'Northern Civil Contractors Ltd',  'L45201TG1990PLC011854', 'AABCN9812B', '36AABCN9812B1ZK', 'Class I (unlimited)', 'Madhapur, Hyderabad 500081',            'K. Srinivas',    'tenders@northerncivil.example','+91 40 2326 8891');

INSERT INTO contract (c_contract_no, c_name, n_package, n_contractor, c_contract_type, n_contract_value, d_loa_date, d_agreement_date, d_start_date, d_completion_date, n_defect_liability_months, c_status)
SELECT v.no, v.name, p.id, k.id, v.kind, v.value, v.loa::date, v.agreement::date, v.start_date::date, v.finish::date, 24, v.status
FROM (VALUES
    ('MRC/C1-V01/2022/01',  'Viaduct and six elevated stations, Airport to Riverside', 'C1-V01',  'LNT',    'EPC',                20980000000.00, '2022-05-10', '2022-06-01', '2022-06-15', '2025-12-14', 'In progress'),
    ('MRC/C1-UG01/2023/02', 'Twin bored tunnels and three underground stations',       'C1-UG01', 'AFCONS', 'Design and build',   38450000000.00, '2023-02-20', '2023-03-10', '2023-04-01', '2027-03-31', 'In progress'),
    ('MRC/C1-SYS1/2023/05', 'CBTC signalling and telecom, Blue Line',                  'C1-SYS1', 'SIGTEL', 'Supply and install', 12310000000.00, '2023-08-01', '2023-08-28', '2023-09-01', '2026-08-31', 'In progress'),
    ('MRC/C2-V01/2025/01',  'Viaduct and five elevated stations, Northgate to Central','C2-V01',  'NCC',    'Item rate',          17960000000.00, '2025-06-02', '2025-06-30', '2025-07-15', '2028-07-14', 'Awarded')
) AS v (no, name, package, contractor, kind, value, loa, agreement, start_date, finish, status)
JOIN package p ON p.c_code = v.package
JOIN contractor k ON k.c_code = v.contractor;

INSERT INTO work_type (c_code, c_name, c_category, c_unit, c_description) VALUES
    ('PILE',  'Bored cast-in-situ pile', 'Structure',  'm',   '1.0 to 1.5 m diameter piles under pile caps.'),
    ('PIER',  'Pier',                    'Structure',  'nos', 'Circular or rectangular RCC piers.'),
    ('UGIR',  'U-girder',                'Structure',  'nos', 'Precast pre-tensioned U-girders, 25 to 31 m spans.'),
    ('RING',  'Tunnel segment ring',     'Structure',  'nos', 'Six segments plus key, 1.5 m wide.'),
    ('CUBE',  'Concrete cube test',      'Inspection', 'nos', '7 and 28 day compressive strength.'),
    ('REBAR', 'Reinforcement steel',     'Material',   'MT',  'Fe 500D TMT bars.');

INSERT INTO section (c_code, c_name, n_corridor, n_package, n_chainage_from_km, n_chainage_to_km, c_description)
SELECT v.code, v.name, c.id, p.id, v.ch_from, v.ch_to, v.description
FROM (VALUES
    ('C1-SEC01', 'International Airport to Aerocity', 'C1', 'C1-V01',  0.000, 3.950, 'Viaduct along the airport access road.'),
    ('C1-SEC02', 'Aerocity to Riverside',             'C1', 'C1-V01',  3.950, 9.800, 'Viaduct with the river bridge approach.'),
    ('C1-SEC03', 'Riverside to Central Station',      'C1', 'C1-UG01', 9.800, 14.000, 'Twin bored tunnels under the old city.'),
    ('C2-SEC01', 'Northgate to Stadium',              'C2', 'C2-V01',  0.000, 6.000, 'Viaduct along the northern arterial road.')
) AS v (code, name, corridor, package, ch_from, ch_to, description)
JOIN corridor c ON c.c_code = v.corridor
JOIN package p ON p.c_code = v.package;

INSERT INTO sub_section (n_section, c_code, c_name, n_chainage_from_km, n_chainage_to_km, c_description)
SELECT s.id, v.code, v.name, v.ch_from, v.ch_to, v.description
FROM (VALUES
    ('C1-SEC01', 'C1-SS01', 'Spans P001-P040',            0.000, 1.300, 'Airport ramp and first spans.'),
    ('C1-SEC01', 'C1-SS02', 'Spans P041-P120',            1.300, 3.950, 'Standard 28 m spans.'),
    ('C1-SEC03', 'C1-SS03', 'Up-line tunnel drive 1',     9.800, 12.450, 'TBM 1 from the Riverside shaft.'),
    ('C1-SEC03', 'C1-SS04', 'Market Square station box',  12.450, 12.700, 'Cut-and-cover station box.')
) AS v (section, code, name, ch_from, ch_to, description)
JOIN section s ON s.c_code = v.section;

INSERT INTO organization (c_code, c_name, c_org_type, c_address, c_email, c_phone) VALUES
    ('MRC',  'Metro Rail Corporation Ltd',        'Client',               'Metro Bhavan, MG Road',           'info@metrorail.example',       '+91 80 2296 9300'),
    ('GC',   'Metro General Consultants JV',      'General consultant',   'Indiranagar, 100 Feet Road',      'gc@metrogc.example',           '+91 80 4123 7700'),
    ('LNT',  'Larsen Infra Constructions Ltd',    'Contractor',           'Infra House, Powai, Mumbai',      'projects@larseninfra.example', '+91 22 6752 5656'),
    ('RDSO', 'Research Designs and Standards Organisation', 'Government authority', 'Manak Nagar, Lucknow',  'rdso@gov.example',             '+91 522 245 0115'),
    ('BESC', 'City Electricity Supply Company',   'Utility agency',       'KR Circle',                       'shifting@besc.example',        '+91 80 2235 4000');

INSERT INTO designation (c_code, c_name, c_department, n_level, c_description) VALUES
    ('MD',  'Managing Director',              'Management',         1,  'Head of the metro company.'),
    ('CE',  'Chief Engineer',                 'Civil',              3,  'Heads a corridor''s civil works.'),
    ('SEE', 'Superintending Engineer',        'Civil',              4,  NULL),
    ('RE',  'Resident Engineer',              'Project management', 6,  'In charge of one package on site.'),
    ('AE',  'Assistant Engineer',             'Civil',              8,  'Site supervision and measurement.'),
    ('LAO', 'Land Acquisition Officer',       'Land',               6,  'Surveys, awards and compensation.');

INSERT INTO general_master (c_category, c_code, c_value, n_sort_order) VALUES
    ('UNIT',    'M',    'Metre',          10),
    ('UNIT',    'CUM',  'Cubic metre',    20),
    ('UNIT',    'MT',   'Metric tonne',   30),
    ('UNIT',    'NOS',  'Numbers',        40),
    ('WEATHER', 'CLR',  'Clear',          10),
    ('WEATHER', 'RAIN', 'Rain',           20),
    ('SHIFT',   'DAY',  'Day shift 08:00-20:00',   10),
    ('SHIFT',   'NGT',  'Night shift 20:00-08:00', 20);

INSERT INTO doc_type (c_code, c_name, c_description) VALUES
    ('DRG', 'Drawing',        'Design and construction drawings.'),
    ('LTR', 'Letter',         'Correspondence with contractors and authorities.'),
    ('RPT', 'Report',         'Progress, design and inspection reports.'),
    ('MS',  'Method statement', 'How a work will be carried out safely.'),
    ('SPC', 'Specification',  'Technical specifications.');

INSERT INTO doc_status (c_code, c_name, n_sort_order, n_is_final, c_description) VALUES
    ('SUB', 'Submitted',               10, 0, 'Received, review not started.'),
    ('UR',  'Under review',            20, 0, NULL),
    ('AWC', 'Approved with comments',  30, 1, 'Proceed; incorporate the comments in the next revision.'),
    ('APP', 'Approved',                40, 1, NULL),
    ('RFR', 'Returned for revision',   50, 0, 'Resubmit after revision.');

INSERT INTO station_link (n_station_from, n_station_to, c_link_type, n_distance_km, n_package)
SELECT a.id, b.id, v.kind, v.distance, p.id
FROM (VALUES
    ('C1-S01', 'C1-S02', 'Running line', 1.650, 'C1-V01'),
    ('C1-S02', 'C1-S03', 'Running line', 1.650, 'C1-V01'),
    ('C1-S06', 'C1-S07', 'Running line', 1.650, 'C1-UG01'),
    ('C1-S09', 'C2-S05', 'Interchange',  0.180, NULL)
) AS v (station_from, station_to, kind, distance, package)
JOIN station a ON a.c_code = v.station_from
JOIN station b ON b.c_code = v.station_to
LEFT JOIN package p ON p.c_code = v.package;

INSERT INTO document_type (c_code, c_name, n_doc_type, n_discipline, c_number_prefix, n_retention_years, c_description)
SELECT v.code, v.name, t.id, d.id, v.prefix, v.years, v.description
FROM (VALUES
    ('GAD',  'General arrangement drawing', 'DRG', 'CIV', 'DRG/GAD', 30, NULL),
    ('RFC',  'Released for construction drawing', 'DRG', 'CIV', 'DRG/RFC', 30, NULL),
    ('MPR',  'Monthly progress report',     'RPT', NULL,  'RPT/MPR', 10, 'Due on the 5th of the following month.'),
    ('SIGMS','Signalling method statement', 'MS',  'SIG', 'MS/SIG',  10, NULL)
) AS v (code, name, doc_type, discipline, prefix, years, description)
JOIN doc_type t ON t.c_code = v.doc_type
LEFT JOIN discipline d ON d.c_code = v.discipline;

INSERT INTO activity (c_code, c_name, n_discipline, c_unit, n_weightage_pct, c_description)
SELECT v.code, v.name, d.id, v.unit, v.weight, v.description
FROM (VALUES
    ('FDN',  'Foundation (piles and pile caps)', 'CIV', 'nos', 25.00, 'Piling and pile caps per pier location.'),
    ('SUB',  'Substructure (piers and pier caps)', 'CIV', 'nos', 20.00, NULL),
    ('SUP',  'Superstructure (girders)',        'CIV', 'span', 30.00, 'Casting, launching and stitching of spans.'),
    ('TRK',  'Track laying',                    'TRK', 'km',  10.00, NULL),
    ('SIG',  'Signalling installation',         'SIG', 'km',  15.00, NULL)
) AS v (code, name, discipline, unit, weight, description)
JOIN discipline d ON d.c_code = v.discipline;

INSERT INTO sub_activity (n_activity, c_code, c_name, c_unit, n_weightage_pct)
SELECT a.id, v.code, v.name, v.unit, v.weight
FROM (VALUES
    ('FDN', 'FDN-PILE', 'Piling',            'nos', 60.00),
    ('FDN', 'FDN-CAP',  'Pile cap',          'nos', 40.00),
    ('SUB', 'SUB-PIER', 'Pier',              'nos', 55.00),
    ('SUB', 'SUB-CAP',  'Pier cap',          'nos', 45.00),
    ('SUP', 'SUP-CAST', 'Girder casting',    'nos', 50.00),
    ('SUP', 'SUP-LNCH', 'Girder launching',  'nos', 50.00)
) AS v (activity, code, name, unit, weight)
JOIN activity a ON a.c_code = v.activity;

INSERT INTO pre_construction_stage (c_code, c_name, n_sequence, n_typical_duration_days, c_description) VALUES
    ('SURVEY',  'Topographic and geotechnical survey', 1, 60,  'Boreholes every 100 m of alignment.'),
    ('LAND',    'Land acquisition',                    2, 240, 'Notification, award and possession.'),
    ('UTIL',    'Utility shifting',                    3, 120, 'Water, sewer, power and telecom lines.'),
    ('TREE',    'Tree felling permission',             4, 45,  NULL),
    ('TRAFFIC', 'Traffic diversion approval',          5, 30,  'Police and municipal approval of the barricading plan.');

INSERT INTO construction_stage (c_code, c_name, n_sequence, n_weightage_pct, c_description) VALUES
    ('FDN', 'Foundation',        1, 25.00, NULL),
    ('SUB', 'Substructure',      2, 20.00, NULL),
    ('SUP', 'Superstructure',    3, 30.00, NULL),
    ('FIN', 'Finishing',         4, 15.00, 'Architectural finishes, MEP and systems fit-out.'),
    ('TC',  'Testing and commissioning', 5, 10.00, NULL);

INSERT INTO package_user (n_package, n_user, c_role, d_from, c_remarks)
SELECT p.id, u.id, v.role, DATE '2025-04-01', NULL
FROM (VALUES
    ('C1-V01', 'admin',  'Package manager'),
    ('C1-UG01', 'admin', 'Package manager'),
    ('C1-V01', 'viewer', 'Site engineer'),
    ('C2-V01', 'viewer', 'Quality engineer')
) AS v (package, username, role)
JOIN package p ON p.c_code = v.package
JOIN users u ON u.c_username = v.username;

INSERT INTO device_registration (n_user, c_device_id, c_device_name, c_platform, d_registered, c_remarks)
SELECT u.id, v.device, v.name, v.platform, DATE '2025-05-12', v.remarks
FROM (VALUES
    ('admin',  'AND-8F3A21C09B7E', 'Administrator''s tablet', 'Android', NULL),
    ('viewer', 'IOS-44D1E2F0AA19', 'Site iPhone, C1-V01',     'iOS',     'For pier inspection photos.')
) AS v (username, device, name, platform, remarks)
JOIN users u ON u.c_username = v.username;

INSERT INTO approval (c_reference, c_subject, n_package, c_approval_type, n_requested_by, n_approver, d_requested, d_due, c_status, d_decided, c_remarks)
SELECT v.ref, v.subject, p.id, v.kind, r.id, a.id, current_date - v.age, current_date - v.age + 15, v.status,
       CASE WHEN v.status = 'Pending' THEN NULL ELSE current_date - v.age + 5 END, v.remarks
FROM (VALUES
    ('APR/C1-V01/0141', 'Running account bill 14, October works', 'C1-V01', 'Running bill', 'viewer', 'admin', 4, 'Pending', NULL),
    ('APR/C1-V01/0138', 'Source approval: 53-grade cement, second supplier', 'C1-V01', 'Material', 'viewer', 'admin', 21, 'Approved', 'Approved subject to monthly test certificates.'),
    ('APR/C1-UG01/0057', 'Extension of time, TBM 2 breakdown (46 days)', 'C1-UG01', 'Extension of time', 'admin', 'admin', 12, 'Pending', NULL)
) AS v (ref, subject, package, kind, requester, approver, age, status, remarks)
JOIN package p ON p.c_code = v.package
JOIN users r ON r.c_username = v.requester
JOIN users a ON a.c_username = v.approver;
