-- Demo data of the submittals contract registers (seed set "demo-submittals"; loaded after demo_queries.sql):
-- the statutory requirements of the contracts and the permits applied for against them, the document submittal
-- schedule of the six packages, transmittals naming the schedule's documents, and inspection and test plans with
-- their activities. Every workflow state is present, with the workflow events that brought each record there and
-- the number sequences in step with the numbers given. Each package's records are raised by its contractor's
-- representative (Rahul Verma, LNT, on the viaduct packages; Sunil Rao, TBC, on the others).

-- Who does what. Contractors raise and work statutory submissions, deliverables, transmittals and ITPs on their
-- packages (and may delete a draft); the engineer (PMC) keeps the statutory requirements, reviews deliverables and
-- ITPs, acknowledges transmittals and sends transmittals to the contractors; the employer, its contract manager
-- and the PMC's planner read; the design consultant reads the schedule and the transmittals.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), g.c, g.u, g.d, 1
FROM (VALUES
    ('contractor',  '/contract-requirement/stregsubrequirement', 0, 0, 0),
    ('contractor2', '/contract-requirement/stregsubrequirement', 0, 0, 0),
    ('engineer',    '/contract-requirement/stregsubrequirement', 1, 1, 0),
    ('employer',    '/contract-requirement/stregsubrequirement', 0, 0, 0),
    ('manager',     '/contract-requirement/stregsubrequirement', 0, 0, 0),
    ('planner',     '/contract-requirement/stregsubrequirement', 0, 0, 0),
    ('contractor',  '/contract-data-entry/stregsubmission', 1, 1, 1),
    ('contractor2', '/contract-data-entry/stregsubmission', 1, 1, 1),
    ('engineer',    '/contract-data-entry/stregsubmission', 0, 1, 0),
    ('employer',    '/contract-data-entry/stregsubmission', 0, 0, 0),
    ('manager',     '/contract-data-entry/stregsubmission', 0, 0, 0),
    ('planner',     '/contract-data-entry/stregsubmission', 0, 0, 0),
    ('contractor',  '/contract-data-entry/documentsubmittalschedule', 1, 1, 1),
    ('contractor2', '/contract-data-entry/documentsubmittalschedule', 1, 1, 1),
    ('engineer',    '/contract-data-entry/documentsubmittalschedule', 0, 1, 0),
    ('employer',    '/contract-data-entry/documentsubmittalschedule', 0, 0, 0),
    ('manager',     '/contract-data-entry/documentsubmittalschedule', 0, 0, 0),
    ('planner',     '/contract-data-entry/documentsubmittalschedule', 0, 0, 0),
    ('designer',    '/contract-data-entry/documentsubmittalschedule', 0, 0, 0),
    ('contractor',  '/contract-data-entry/transmittal', 1, 1, 1),
    ('contractor2', '/contract-data-entry/transmittal', 1, 1, 1),
    ('engineer',    '/contract-data-entry/transmittal', 1, 1, 0),
    ('employer',    '/contract-data-entry/transmittal', 0, 0, 0),
    ('manager',     '/contract-data-entry/transmittal', 0, 0, 0),
    ('planner',     '/contract-data-entry/transmittal', 0, 0, 0),
    ('designer',    '/contract-data-entry/transmittal', 0, 0, 0),
    ('contractor',  '/contract-data-entry/itp', 1, 1, 1),
    ('contractor2', '/contract-data-entry/itp', 1, 1, 1),
    ('engineer',    '/contract-data-entry/itp', 0, 1, 0),
    ('employer',    '/contract-data-entry/itp', 0, 0, 0),
    ('manager',     '/contract-data-entry/itp', 0, 0, 0),
    ('planner',     '/contract-data-entry/itp', 0, 0, 0)
) AS g (username, route, c, u, d)
JOIN users u ON u.c_username = g.username
JOIN navigation n ON n.c_route = g.route;

-- The authorities that grant the permits.
INSERT INTO organization (c_code, c_name, c_org_type, c_address, c_email, c_phone)
SELECT v.code, v.name, 'Government authority', v.address, v.email, v.phone
FROM (VALUES
    ('SPCB', 'State Pollution Control Board', 'Parisara Bhavan, Church Street', 'ro@spcb.example', '+91 80 2558 1383'),
    ('LABOUR', 'Department of Labour (BOCW Welfare Board)', 'Karmika Bhavan, Bannerghatta Road', 'bocw@labour.example', '+91 80 2211 4000'),
    ('TRAFFIC', 'City Traffic Police', 'Infantry Road', 'traffic@police.example', '+91 80 2294 3030'),
    ('TREE', 'Tree Officer, Municipal Corporation (Forest cell)', 'N R Square', 'treeofficer@city.example', '+91 80 2221 2200'),
    ('PESO', 'Petroleum and Explosives Safety Organisation', 'Circle office, Chennai', 'cco@peso.example', '+91 44 2828 0000'),
    ('CEIG', 'Chief Electrical Inspectorate', 'Vidhana Veedhi', 'ceig@energy.example', '+91 80 2225 6666'),
    ('FIRE', 'State Fire and Emergency Services', 'Hudson Circle', 'noc@fire.example', '+91 80 2297 1500'),
    ('CGWA', 'Central Ground Water Authority', 'Jamnagar House, New Delhi', 'noc@cgwa.example', '+91 11 2338 3561')
) AS v (code, name, address, email, phone)
WHERE NOT EXISTS (SELECT 1 FROM organization o WHERE o.c_code = v.code);

-- Statutory requirements: fourteen, most for every package, some for one.
INSERT INTO stregsubrequirement (c_code, c_title, n_authority_org, c_authority, c_permit_type, n_package,
                                 c_legal_reference, n_validity_months, n_renewal_lead_days, c_responsible, c_remarks,
                                 n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT v.code, v.title, o.id, v.authority, v.permit_type, p.id, v.legal, v.validity, v.lead, v.responsible,
       v.remarks, eng.id, eng.id, now() - interval '120 days', now() - interval '120 days'
FROM (VALUES
    ('SR-BOCW', 'Registration of establishment and labour licence (BOCW)', 'LABOUR', NULL, 'Labour licence (BOCW)', NULL, 'BOCW (RE&CS) Act 1996, s.7; Contract Labour (R&A) Act 1970, s.12', 12, 45, 'Contractor', 'Before the first worker is engaged on site.'),
    ('SR-CTE', 'Consent to establish: batching and casting yard', 'SPCB', NULL, 'Pollution NOC (CTE)', NULL, 'Water Act 1974 s.25; Air Act 1981 s.21', 60, 60, 'Contractor', 'For each batching plant and casting yard.'),
    ('SR-CTO', 'Consent to operate: batching plant', 'SPCB', NULL, 'Pollution NOC (CTO)', NULL, 'Water Act 1974 s.25; Air Act 1981 s.21', 12, 60, 'Contractor', NULL),
    ('SR-TREE', 'Permission to fell and translocate trees on the alignment', 'TREE', NULL, 'Tree felling permission', NULL, 'Karnataka Preservation of Trees Act 1976, s.8', 12, 30, 'Employer', 'Compensatory planting 1:10 as the permission requires.'),
    ('SR-TRAFFIC', 'Traffic diversion and barricading NOC', 'TRAFFIC', NULL, 'Traffic police NOC', NULL, 'Motor Vehicles Act 1988, s.115; city traffic regulations', 6, 21, 'Contractor', 'Per stretch of barricading; renewed with each diversion stage.'),
    ('SR-EXPL', 'Licence to possess and use explosives for rock excavation', 'PESO', NULL, 'Explosives licence', (SELECT id FROM package WHERE c_code = 'C1-UG01'), 'Explosives Act 1884; Explosives Rules 2008, r.9', 12, 60, 'Contractor', 'Underground stations only.'),
    ('SR-CEIG', 'Electrical inspector approval of HT installation', 'CEIG', NULL, 'Electrical inspector approval', NULL, 'CEA (Safety and Electric Supply) Regulations 2023, reg.43', 60, 30, 'Contractor', 'Before energising the temporary HT supply.'),
    ('SR-FIRE', 'Fire NOC for station buildings', 'FIRE', NULL, 'Fire NOC', (SELECT id FROM package WHERE c_code = 'C1-UG01'), 'Karnataka Fire Force Act 1964, s.13; NBC 2016 Part 4', 36, 90, 'Employer', NULL),
    ('SR-GW', 'NOC for groundwater abstraction (dewatering)', 'CGWA', NULL, 'Groundwater NOC', NULL, 'CGWA guidelines 2020, para 9 (dewatering for infrastructure)', 24, 60, 'Contractor', 'Piezometers and flow meters as the NOC requires.'),
    ('SR-ROAD', 'Road cutting permission for utility diversion', NULL, 'Municipal Corporation (Road infrastructure)', 'Road cutting permission', NULL, 'Municipal Corporations Act 1976, s.298', 3, 15, 'Contractor', NULL),
    ('SR-DG', 'Consent for DG sets above 800 kVA', 'SPCB', NULL, 'Pollution NOC (CTO)', (SELECT id FROM package WHERE c_code = 'C1-DP01'), 'Environment (Protection) Rules 1986, Sch. I item 95', 12, 45, 'Contractor', 'Depot DG sets.'),
    ('SR-ASI', 'Heritage clearance near protected monument', NULL, 'National Monuments Authority', 'Heritage / ASI permission', (SELECT id FROM package WHERE c_code = 'C2-V01'), 'AMASR Act 1958, s.20A', 36, 90, 'Employer', 'Within 300 m of the protected fort wall.'),
    ('SR-CAR', 'Contractor''s all risk insurance', NULL, 'Insurer (as the contract requires)', 'Insurance', NULL, 'GCC clause 19.1', 12, 30, 'Contractor', 'Policy kept in force until the taking-over certificate.'),
    ('SR-WC', 'Workmen''s compensation insurance', NULL, 'Insurer (as the contract requires)', 'Insurance', NULL, 'Employees'' Compensation Act 1923, s.3', 12, 30, 'Contractor', NULL)
) AS v (code, title, org, authority, permit_type, package_id, legal, validity, lead, responsible, remarks)
LEFT JOIN organization o ON o.c_code = v.org
LEFT JOIN package p ON p.id = v.package_id
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng;

-- The contractor's representative of each package.
CREATE TEMP TABLE demo_rep ON COMMIT DROP AS
SELECT p.id AS package, p.c_code AS package_code, u.id AS rep,
       CASE WHEN u.c_username = 'contractor' THEN 'LNT' ELSE 'TBC' END AS org_code
FROM package p
JOIN package_user pu ON pu.n_package = p.id AND pu.c_role = 'Contractor representative'
JOIN users u ON u.id = pu.n_user;

-- Statutory submissions: fourteen, in every state.
CREATE TEMP TABLE demo_ss ON COMMIT DROP AS
SELECT v.*, r.package, r.rep
FROM (VALUES
    (1,  'C1-V01',  'SR-BOCW',    'Labour licence for casting yard, Hebbal',            'Granted',     200),
    (2,  'C1-V01',  'SR-CTO',     'CTO for batching plant BP-1, casting yard',           'Renewal due', 330),
    (3,  'C1-V01',  'SR-TRAFFIC', 'Traffic NOC: Airport Road, P101-P118 barricading',    'Submitted',   12),
    (4,  'C1-V01',  'SR-TREE',    'Felling of 23 trees, Airport Road median',            'Draft',       2),
    (5,  'C2-V01',  'SR-CTE',     'CTE for casting yard, Kengeri',                       'Granted',     150),
    (6,  'C2-V01',  'SR-ROAD',    'Road cutting for water main diversion, Mysore Road',  'Refused',     40),
    (7,  'C2-V02',  'SR-TRAFFIC', 'Traffic NOC: stage 1 diversion, ring road junction',  'Expired',     260),
    (8,  'C2-V02',  'SR-CAR',     'CAR policy 2025-26',                                  'Closed',      420),
    (9,  'C1-UG01', 'SR-EXPL',    'Explosives licence, Shaft 2 rock excavation',         'Submitted',   20),
    (10, 'C1-UG01', 'SR-GW',      'Dewatering NOC, Cubbon Park station box',             'Granted',     90),
    (11, 'C1-UG01', 'SR-CEIG',    'Approval of 11 kV temporary supply, TBM launch shaft', 'Renewal due', 1790),
    (12, 'C1-DP01', 'SR-DG',      'Consent for 2 x 1010 kVA DG sets at the depot',       'Refused',     55),
    (13, 'C1-SYS1', 'SR-WC',      'Workmen''s compensation policy, systems crew',        'Draft',       1),
    (14, 'C1-DP01', 'SR-BOCW',    'Labour licence, depot works',                         'Closed',      440)
) AS v (n, package_code, req, title, state, age)
JOIN demo_rep r ON r.package_code = v.package_code;

INSERT INTO stregsubmission (c_submission_no, n_requirement, n_package, c_title, c_application_no, d_submitted,
                             d_decision_due, c_permit_no, d_issued, d_valid_from, d_valid_to, c_conditions, c_remarks,
                             d_closed, c_state, n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-SS-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.n)::text, 4, '0'),
       q.id, d.package, d.title,
       CASE WHEN d.state <> 'Draft' THEN 'APP/' || to_char(current_date - d.age, 'YYYY') || '/' || (4100 + d.n * 37)::text END,
       CASE WHEN d.state <> 'Draft' THEN current_date - d.age + 2 END,
       CASE WHEN d.state <> 'Draft' THEN current_date - d.age + 32 END,
       CASE WHEN d.state IN ('Granted', 'Renewal due', 'Expired', 'Closed') THEN 'PRM-' || upper(left(q.c_code, 6)) || '-' || (880 + d.n)::text END,
       CASE WHEN d.state IN ('Granted', 'Renewal due', 'Expired', 'Closed') THEN current_date - d.age + 25 END,
       CASE WHEN d.state IN ('Granted', 'Renewal due', 'Expired', 'Closed') THEN current_date - d.age + 25 END,
       CASE WHEN d.state IN ('Granted', 'Renewal due', 'Expired', 'Closed')
            THEN (current_date - d.age + 25 + make_interval(months => coalesce(q.n_validity_months, 12)))::date - 1 END,
       CASE WHEN d.state IN ('Granted', 'Renewal due', 'Expired', 'Closed') THEN 'Display the permit at the site office; monthly compliance report to the authority.' END,
       CASE d.state WHEN 'Refused' THEN 'Refused: the authority asked for a revised layout and the owner''s consent.'
                    WHEN 'Renewal due' THEN 'Renewal application being prepared.' END,
       CASE WHEN d.state = 'Closed' THEN current_date - d.age + 395 END,
       d.state,
       CASE WHEN d.state IN ('Expired', 'Closed') THEN NULL ELSE d.rep END,
       d.rep, d.rep,
       (current_date - d.age)::timestamptz + interval '10 hours',
       (current_date - d.age)::timestamptz + interval '10 hours'
FROM demo_ss d
JOIN stregsubrequirement q ON q.c_code = d.req
ORDER BY d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'stregsubmission', s.id::text, e.transition, e.from_state, e.to_state, s.n_raised_by,
       s.d_created_at + e.after, e.comment
FROM stregsubmission s
JOIN (VALUES
    ('Submitted',   1, 'submit', 'Draft', 'Submitted', interval '2 days', NULL),
    ('Granted',     1, 'submit', 'Draft', 'Submitted', interval '2 days', NULL),
    ('Granted',     2, 'grant', 'Submitted', 'Granted', interval '25 days', NULL),
    ('Refused',     1, 'submit', 'Draft', 'Submitted', interval '2 days', NULL),
    ('Refused',     2, 'refuse', 'Submitted', 'Refused', interval '20 days', 'Refused: the authority asked for a revised layout and the owner''s consent.'),
    ('Renewal due', 1, 'submit', 'Draft', 'Submitted', interval '2 days', NULL),
    ('Renewal due', 2, 'grant', 'Submitted', 'Granted', interval '25 days', NULL),
    ('Renewal due', 3, 'renewal_due', 'Granted', 'Renewal due', interval '300 days', NULL),
    ('Expired',     1, 'submit', 'Draft', 'Submitted', interval '2 days', NULL),
    ('Expired',     2, 'grant', 'Submitted', 'Granted', interval '25 days', NULL),
    ('Expired',     3, 'expire', 'Granted', 'Expired', interval '215 days', 'Stage 1 diversion removed; the NOC was not renewed.'),
    ('Closed',      1, 'submit', 'Draft', 'Submitted', interval '2 days', NULL),
    ('Closed',      2, 'grant', 'Submitted', 'Granted', interval '25 days', NULL),
    ('Closed',      3, 'close', 'Granted', 'Closed', interval '395 days', 'Superseded by the renewed policy / licence.')
) AS e (state, step, transition, from_state, to_state, after, comment) ON e.state = s.c_state
ORDER BY s.id, e.step;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'stregsubmission', n_package::text, count(*) FROM stregsubmission GROUP BY n_package;

-- The document submittal schedule: three deliverables on each package (eighteen), in every state.
CREATE TEMP TABLE demo_doc ON COMMIT DROP AS
SELECT v.*, r.package, r.rep, r.org_code
FROM (VALUES
    (1,  'C1-V01',  'DRG-STR-0012', 'Pier P101-P118 general arrangement',                      'Drawing',            1, 'Approved',               'R1', 120),
    (2,  'C1-V01',  'MS-STR-0004',  'Method statement: U-girder erection by launching girder',  'Method statement',   1, 'Under review',           'R0', 40),
    (3,  'C1-V01',  'CAL-STR-0007', 'Design calculation: pier cap P104 with bearing sleeves',   'Design calculation', 1, 'Not started',            'R0', 10),
    (4,  'C2-V01',  'DRG-STR-0031', 'Pile layout, Kengeri to Challaghatta',                     'Drawing',            1, 'Approved with comments', 'R2', 90),
    (5,  'C2-V01',  'PLN-QA-0001',  'Quality assurance plan',                                   'Plan',               1, 'Submitted',              'R0', 30),
    (6,  'C2-V01',  'RPT-GEO-0002', 'Geotechnical investigation report, reach 2',               'Report',             1, 'Resubmit',               'R1', 60),
    (7,  'C2-V02',  'DRG-ARC-0005', 'Foot-over-bridge architectural finishes',                  'Drawing',            6, 'Not started',            'R0', -15),
    (8,  'C2-V02',  'MS-STR-0009',  'Method statement: FOB girder welding',                     'Method statement',   1, 'Approved',               'R0', 110),
    (9,  'C2-V02',  'PLN-HSE-0002', 'Site-specific HSE plan',                                   'Plan',               1, 'Submitted',              'R0', 18),
    (10, 'C1-UG01', 'DRG-TUN-0044', 'Segment ring reinforcement, ring type A',                  'Drawing',            1, 'Under review',           'R1', 50),
    (11, 'C1-UG01', 'CAL-GEO-0003', 'Design calculation: station box diaphragm wall',          'Design calculation', 1, 'Approved',               'R2', 150),
    (12, 'C1-UG01', 'MS-TUN-0011',  'Method statement: TBM launch from Shaft 2',               'Method statement',   1, 'Resubmit',               'R0', 45),
    (13, 'C1-DP01', 'DRG-ARC-0021', 'Depot workshop building layout',                           'Drawing',            6, 'Approved with comments', 'R1', 80),
    (14, 'C1-DP01', 'MAN-EM-0001',  'Operation and maintenance manual: depot cranes',           'Manual',             5, 'Not started',            'R0', 25),
    (15, 'C1-DP01', 'PLN-ENV-0001', 'Environmental management plan, depot',                     'Plan',               1, 'Under review',           'R0', 35),
    (16, 'C1-SYS1', 'DRG-SIG-0008', 'Interlocking table, depot entry',                          'Drawing',            3, 'Submitted',              'R0', 22),
    (17, 'C1-SYS1', 'CAL-EL-0002',  'Traction power load-flow study',                           'Design calculation', 5, 'Approved',               'R1', 100),
    (18, 'C1-SYS1', 'RPT-TEL-0001', 'Telecom radio coverage survey report',                     'Report',             4, 'Not started',            'R0', 5)
) AS v (n, package_code, suffix, title, doc_type, discipline, state, revision, planned_ago)
JOIN demo_rep r ON r.package_code = v.package_code;

-- Planned submission `planned_ago` days ago (a future date when negative); a submitted deliverable went in up to
-- nine days late, the approval planned three weeks after the planned submission.
INSERT INTO documentsubmittalschedule (c_document_no, n_package, c_title, n_discipline, c_doc_type,
                                       d_planned_submission, d_actual_submission, d_planned_approval,
                                       d_actual_approval, c_revision, n_reviewer, c_review_comments, c_remarks, c_state,
                                       n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-' || d.org_code || '-' || d.suffix, d.package, d.title, d.discipline, d.doc_type,
       current_date - d.planned_ago,
       CASE WHEN d.state <> 'Not started' THEN current_date - d.planned_ago + (d.n % 4) * 3 END,
       current_date - d.planned_ago + 21,
       CASE WHEN d.state IN ('Approved', 'Approved with comments') THEN current_date - d.planned_ago + (d.n % 4) * 3 + 18 END,
       d.revision, eng.id,
       CASE d.state WHEN 'Approved with comments' THEN 'Approved subject to the dimension corrections marked on sheets 3 and 5; incorporate in the next revision.'
                    WHEN 'Resubmit' THEN 'Load cases for the construction stage missing; revise and resubmit.'
                    WHEN 'Approved' THEN 'No comments.' END,
       CASE WHEN d.state = 'Not started' AND d.planned_ago > 0 THEN 'Awaiting inputs from the design consultant.' END,
       d.state,
       CASE d.state WHEN 'Not started' THEN d.rep WHEN 'Submitted' THEN eng.id WHEN 'Under review' THEN eng.id
                    WHEN 'Approved with comments' THEN d.rep WHEN 'Resubmit' THEN d.rep END,
       d.rep, d.rep,
       (current_date - d.planned_ago - 30)::timestamptz + interval '9 hours',
       (current_date - d.planned_ago - 30)::timestamptz + interval '9 hours'
FROM demo_doc d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
ORDER BY d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'documentsubmittalschedule', s.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'reviewer' THEN s.n_reviewer ELSE s.n_raised_by END,
       s.d_actual_submission::timestamptz + interval '11 hours' + e.after,
       CASE WHEN e.transition IN ('approve_with_comments', 'return') THEN s.c_review_comments END
FROM documentsubmittalschedule s
JOIN (VALUES
    ('Submitted',              1, 'submit', 'Not started', 'Submitted', 'raiser', interval '0 days'),
    ('Under review',           1, 'submit', 'Not started', 'Submitted', 'raiser', interval '0 days'),
    ('Under review',           2, 'start_review', 'Submitted', 'Under review', 'reviewer', interval '2 days'),
    ('Approved',               1, 'submit', 'Not started', 'Submitted', 'raiser', interval '0 days'),
    ('Approved',               2, 'start_review', 'Submitted', 'Under review', 'reviewer', interval '2 days'),
    ('Approved',               3, 'approve', 'Under review', 'Approved', 'reviewer', interval '18 days'),
    ('Approved with comments', 1, 'submit', 'Not started', 'Submitted', 'raiser', interval '0 days'),
    ('Approved with comments', 2, 'start_review', 'Submitted', 'Under review', 'reviewer', interval '2 days'),
    ('Approved with comments', 3, 'approve_with_comments', 'Under review', 'Approved with comments', 'reviewer', interval '18 days'),
    ('Resubmit',               1, 'submit', 'Not started', 'Submitted', 'raiser', interval '0 days'),
    ('Resubmit',               2, 'start_review', 'Submitted', 'Under review', 'reviewer', interval '2 days'),
    ('Resubmit',               3, 'return', 'Under review', 'Resubmit', 'reviewer', interval '12 days')
) AS e (state, step, transition, from_state, to_state, by, after) ON e.state = s.c_state
ORDER BY s.id, e.step;

-- Transmittals: fourteen, most from the contractor to the engineer, three from the engineer to the contractor;
-- each names two or three documents of its package's schedule.
CREATE TEMP TABLE demo_tr ON COMMIT DROP AS
SELECT v.*, r.package, r.rep, eng.id AS eng,
       CASE WHEN v.sender = 'engineer' THEN eng.id ELSE r.rep END AS sender_id,
       CASE WHEN v.sender = 'engineer' THEN r.rep ELSE eng.id END AS recipient_id
FROM (VALUES
    (1,  'C1-V01',  'contractor', 'Pier GA drawings for approval',                    'For approval',     'Closed',       100),
    (2,  'C1-V01',  'contractor', 'U-girder erection method statement',               'For review',       'Acknowledged', 38),
    (3,  'C1-V01',  'engineer',   'Approved pier GA drawings for construction',       'For construction', 'Sent',         6),
    (4,  'C1-V01',  'contractor', 'Pier cap calculations, first issue',               'For approval',     'Draft',        1),
    (5,  'C2-V01',  'contractor', 'Pile layout revision R2 and QA plan',              'For approval',     'Closed',       75),
    (6,  'C2-V01',  'contractor', 'Geotechnical report, reach 2',                     'For review',       'Sent',         4),
    (7,  'C2-V02',  'contractor', 'FOB welding method statement and HSE plan',        'For approval',     'Acknowledged', 15),
    (8,  'C2-V02',  'engineer',   'Reviewed FOB welding method statement',            'For information',  'Closed',       95),
    (9,  'C1-UG01', 'contractor', 'Segment reinforcement drawings and TBM launch MS', 'For approval',     'Sent',         3),
    (10, 'C1-UG01', 'contractor', 'Diaphragm wall calculations R2',                   'For approval',     'Closed',       140),
    (11, 'C1-DP01', 'contractor', 'Depot workshop layout and EMP',                    'For approval',     'Acknowledged', 30),
    (12, 'C1-DP01', 'engineer',   'Comments on depot workshop layout',                'As requested',     'Draft',        0),
    (13, 'C1-SYS1', 'contractor', 'Interlocking table and load-flow study',           'For approval',     'Sent',         2),
    (14, 'C1-SYS1', 'contractor', 'Radio coverage survey, draft for information',     'For information',  'Draft',        0)
) AS v (n, package_code, sender, subject, purpose, state, age)
JOIN demo_rep r ON r.package_code = v.package_code
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng;

INSERT INTO transmittal (c_transmittal_no, n_package, d_transmittal, n_recipient, c_cc, c_purpose, c_subject,
                         c_remarks, d_sent, d_acknowledged, c_ack_remarks, d_closed, c_state, n_ball_in_court,
                         n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-TR-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.n)::text, 4, '0'),
       d.package, current_date - d.age, d.recipient_id,
       CASE WHEN d.n % 3 = 0 THEN 'Metro Rail Corporation Ltd (Chief Engineer); Metro Detailed Design Consultants' END,
       d.purpose, d.subject,
       CASE WHEN d.n % 2 = 0 THEN 'Soft copies uploaded to the files of this transmittal.' END,
       CASE WHEN d.state <> 'Draft' THEN current_date - d.age END,
       CASE WHEN d.state IN ('Acknowledged', 'Closed') THEN current_date - d.age + 1 END,
       CASE WHEN d.state IN ('Acknowledged', 'Closed') THEN 'Received complete; hard copies to follow.' END,
       CASE WHEN d.state = 'Closed' THEN current_date - d.age + 3 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.sender_id WHEN 'Sent' THEN d.recipient_id
                    WHEN 'Acknowledged' THEN d.sender_id END,
       d.sender_id, d.sender_id,
       (current_date - d.age)::timestamptz + interval '9 hours',
       (current_date - d.age)::timestamptz + interval '9 hours'
FROM demo_tr d
ORDER BY d.n;

-- Their documents: the package's deliverables (the schedule's number, its current revision and title).
INSERT INTO transmittal_item (n_transmittal, c_document_no, c_revision, c_title, n_copies, c_format, c_purpose,
                              n_created_by)
SELECT t.id, s.c_document_no, s.c_revision, NULL, 1 + (s.id % 3)::int,
       (ARRAY['PDF', 'Hard copy', 'Native'])[1 + (s.id % 3)::int], t.c_purpose, t.n_raised_by
FROM transmittal t
JOIN LATERAL (SELECT d.* FROM documentsubmittalschedule d WHERE d.n_package = t.n_package
              ORDER BY d.id OFFSET (t.id % 2) LIMIT 2) s ON TRUE
ORDER BY t.id, s.id;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'transmittal', t.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'recipient' THEN t.n_recipient ELSE t.n_raised_by END,
       t.d_created_at + e.after, e.comment
FROM transmittal t
JOIN (VALUES
    ('Sent',         1, 'send', 'Draft', 'Sent', 'sender', interval '1 hour', NULL),
    ('Acknowledged', 1, 'send', 'Draft', 'Sent', 'sender', interval '1 hour', NULL),
    ('Acknowledged', 2, 'acknowledge', 'Sent', 'Acknowledged', 'recipient', interval '1 day', 'Received complete; hard copies to follow.'),
    ('Closed',       1, 'send', 'Draft', 'Sent', 'sender', interval '1 hour', NULL),
    ('Closed',       2, 'acknowledge', 'Sent', 'Acknowledged', 'recipient', interval '1 day', 'Received complete; hard copies to follow.'),
    ('Closed',       3, 'close', 'Acknowledged', 'Closed', 'sender', interval '3 days', NULL)
) AS e (state, step, transition, from_state, to_state, by, after, comment) ON e.state = t.c_state
ORDER BY t.id, e.step;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'transmittal', n_package::text, count(*) FROM transmittal GROUP BY n_package;

-- Inspection and test plans: thirteen, in every state, with four activities each.
CREATE TEMP TABLE demo_itp ON COMMIT DROP AS
SELECT v.*, r.package, r.rep, wt.id AS work_type
FROM (VALUES
    (1,  'C1-V01',  'PILE',  'ITP for bored cast-in-situ piles',             'Closed',                 'R0', 200),
    (2,  'C1-V01',  'PILE',  'ITP for bored cast-in-situ piles',             'Approved',               'R1', 120),
    (3,  'C1-V01',  'PIER',  'ITP for pier and pier cap concrete',           'Submitted',              'R0', 9),
    (4,  'C2-V01',  'UGIR',  'ITP for precast U-girders',                    'Approved with comments', 'R1', 70),
    (5,  'C2-V01',  'REBAR', 'ITP for reinforcement steel receipt and use',  'Draft',                  'R0', 2),
    (6,  'C2-V02',  'PIER',  'ITP for FOB pier foundations',                 'Revise and resubmit',    'R0', 25),
    (7,  'C1-UG01', 'RING',  'ITP for tunnel segment casting and erection',  'Approved',               'R2', 160),
    (8,  'C1-UG01', 'CUBE',  'ITP for concrete sampling and cube testing',   'Submitted',              'R0', 6),
    (9,  'C1-DP01', 'PILE',  'ITP for depot building piles',                 'Revise and resubmit',    'R1', 40),
    (10, 'C1-DP01', 'REBAR', 'ITP for reinforcement, depot buildings',       'Closed',                 'R0', 260),
    (11, 'C1-SYS1', 'CUBE',  'ITP for equipment room foundation concrete',   'Draft',                  'R0', 1),
    (12, 'C1-SYS1', 'REBAR', 'ITP for cable trough reinforcement',           'Approved with comments', 'R0', 50),
    (13, 'C2-V02',  'UGIR',  'ITP for FOB girder fabrication',               'Submitted',              'R1', 11)
) AS v (n, package_code, work_type_code, title, state, revision, age)
JOIN demo_rep r ON r.package_code = v.package_code
JOIN work_type wt ON wt.c_code = v.work_type_code;

INSERT INTO itp (c_itp_no, n_package, c_title, n_work_type, n_discipline, c_revision, c_scope, n_reviewer,
                 d_submitted, d_review_due, d_reviewed, c_review_code, c_review_comments, d_closed, c_state,
                 n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-ITP-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.n)::text, 3, '0'),
       d.package, d.title, d.work_type, (SELECT id FROM discipline WHERE c_name = 'Civil'), d.revision,
       'Inspections and tests from receipt of materials to acceptance of the finished work, as the specification requires.',
       eng.id,
       CASE WHEN d.state <> 'Draft' THEN current_date - d.age + 1 END,
       CASE WHEN d.state <> 'Draft' THEN current_date - d.age + 15 END,
       CASE WHEN d.state NOT IN ('Draft', 'Submitted') THEN current_date - d.age + 10 END,
       CASE d.state WHEN 'Approved' THEN 'A' WHEN 'Approved with comments' THEN 'B' WHEN 'Revise and resubmit' THEN 'C'
                    WHEN 'Closed' THEN 'A' END,
       CASE d.state WHEN 'Approved with comments' THEN 'Add the slump test at the point of placing as a witness point.'
                    WHEN 'Revise and resubmit' THEN 'Pile integrity tests missing; the engineer''s hold point before concreting is to be added.'
                    WHEN 'Approved' THEN 'Approved.' WHEN 'Closed' THEN 'Approved.' END,
       CASE WHEN d.state = 'Closed' THEN current_date - d.age + 80 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.rep WHEN 'Submitted' THEN eng.id WHEN 'Approved' THEN NULL WHEN 'Closed' THEN NULL
                    ELSE d.rep END,
       d.rep, d.rep,
       (current_date - d.age)::timestamptz + interval '10 hours',
       (current_date - d.age)::timestamptz + interval '10 hours'
FROM demo_itp d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
ORDER BY d.n;

INSERT INTO itp_activity (n_itp, n_sequence, c_activity, c_reference, c_acceptance, c_frequency, c_record,
                          c_contractor_point, c_engineer_point, c_responsible, n_created_by)
SELECT i.id, a.seq, a.activity, a.reference, a.acceptance, a.frequency, a.record, a.cpoint, a.epoint, a.responsible,
       i.n_raised_by
FROM itp i
CROSS JOIN (VALUES
    (10, 'Material receipt: test certificates and sampling', 'Specification 1000, clause 1004', 'Mill / manufacturer''s certificate conforming to the IS; sample results within limits', 'Each lot', 'Material inspection report', 'H', 'R', 'QA/QC engineer'),
    (20, 'Setting out and levels before work starts', 'Drawing and specification 100, clause 112', 'Position within +/- 25 mm; level within +/- 10 mm', 'Each location', 'Survey record signed jointly', 'H', 'W', 'Survey engineer'),
    (30, 'Pre-pour check: reinforcement, cover, embedments', 'Specification 1700, clauses 1702 and 1710', 'Bar size, spacing and cover as the drawing; cover blocks of approved make', 'Each pour', 'Pour card', 'H', 'H', 'Site engineer'),
    (40, 'Concrete sampling and 7 / 28 day cube tests', 'IS 456 clause 15; IS 516', 'Characteristic strength as specified; individual results not below fck - 4 MPa', '1 set per 50 m3 or per pour', 'Cube register and lab report', 'W', 'S', 'Lab in-charge')
) AS a (seq, activity, reference, acceptance, frequency, record, cpoint, epoint, responsible);

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'itp', i.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'reviewer' THEN i.n_reviewer ELSE i.n_raised_by END,
       i.d_created_at + e.after, e.comment
FROM itp i
JOIN (VALUES
    ('Submitted',              1, 'submit', 'Draft', 'Submitted', 'raiser', interval '1 day', NULL),
    ('Approved',               1, 'submit', 'Draft', 'Submitted', 'raiser', interval '1 day', NULL),
    ('Approved',               2, 'approve', 'Submitted', 'Approved', 'reviewer', interval '10 days', NULL),
    ('Approved with comments', 1, 'submit', 'Draft', 'Submitted', 'raiser', interval '1 day', NULL),
    ('Approved with comments', 2, 'approve_with_comments', 'Submitted', 'Approved with comments', 'reviewer', interval '10 days', 'Add the slump test at the point of placing as a witness point.'),
    ('Revise and resubmit',    1, 'submit', 'Draft', 'Submitted', 'raiser', interval '1 day', NULL),
    ('Revise and resubmit',    2, 'revise', 'Submitted', 'Revise and resubmit', 'reviewer', interval '10 days', 'Pile integrity tests missing; the engineer''s hold point before concreting is to be added.'),
    ('Closed',                 1, 'submit', 'Draft', 'Submitted', 'raiser', interval '1 day', NULL),
    ('Closed',                 2, 'approve', 'Submitted', 'Approved', 'reviewer', interval '10 days', NULL),
    ('Closed',                 3, 'supersede', 'Approved', 'Closed', 'raiser', interval '80 days', 'Superseded by the next revision.')
) AS e (state, step, transition, from_state, to_state, by, after, comment) ON e.state = i.c_state
ORDER BY i.id, e.step;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'itp', n_package::text, count(*) FROM itp GROUP BY n_package;
