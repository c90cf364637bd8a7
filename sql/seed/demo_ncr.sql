-- Demo data for segregation of duties and the NCR register (loaded once, after demo_processes.sql, as the seed set
-- "demo-ncr"): every demo account works for an organisation (the side of the contract it is on decides what the
-- person may be picked for), an employer's approver for concessions, and NCRs in every state of their workflow
-- with their corrective actions and the events that brought them there. Password hashes are set by the gateway.

INSERT INTO organization (c_code, c_name, c_org_type, c_address, c_email, c_phone)
SELECT 'TBC', 'Tunnel Builders Consortium', 'Contractor', 'Whitefield, ITPL Main Road', 'projects@tunnel-contractor.example',
       '+91 80 4567 1200'
WHERE NOT EXISTS (SELECT 1 FROM organization WHERE c_code = 'TBC');

INSERT INTO users (c_username, c_name, c_email, c_mobile, c_designation, c_password_hash, n_active, n_superadmin) VALUES
    ('employer', 'Meera Iyer', 'meera.iyer@metrorail.example', '+91 98450 00014', 'Chief Engineer (Civil), employer', '!', 1, 0);

UPDATE users u SET n_organization = o.id
FROM (VALUES ('admin', 'MRC'), ('viewer', 'MRC'), ('employer', 'MRC'), ('engineer', 'GC'), ('contractor', 'LNT'),
             ('contractor2', 'TBC')) AS v (username, organization)
JOIN organization o ON o.c_code = v.organization
WHERE u.c_username = v.username;

-- NCRs are raised by the engineer (create and update); the contractors respond (update only: they cannot raise
-- one); the employer's approver decides concessions (update) and reads RFIs and daily reports.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'),
       CASE WHEN u.c_username = 'engineer' THEN 1 ELSE 0 END, 1, 0, 1
FROM users u CROSS JOIN navigation n
WHERE u.c_username IN ('engineer', 'contractor', 'contractor2', 'employer') AND n.c_route = '/contract-data-entry/ncr';

INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 0, 0, 0, 1
FROM users u CROSS JOIN navigation n
WHERE u.c_username = 'employer'
  AND n.c_route IN ('/', '/dashboard/analytics', '/contract-data-entry/rfi', '/contract-data-entry/dailyreport',
                    '/masters/package', '/masters/station');

-- Six NCRs on the viaduct packages the contractor is linked to, one in each step of the workflow.
CREATE TEMP TABLE demo_ncr ON COMMIT DROP AS
SELECT v.*, p.id AS package
FROM (VALUES
    (1, 'C1-V01', 'Honeycombing in pier P104 column', 'Honeycombing over about 0.4 m2 at the construction joint of pier P104, 1.2 m above the pile cap. Reinforcement visible in two places.', 'Specification 1700, clause 1710.4: surface finish F2; MOST 1700 concrete workmanship.', 'Workmanship', 'Major', 'Open', 10, NULL),
    (2, 'C1-V01', 'Cube strength below M50 for segment batch S-231', 'Three of six 28-day cubes of segment casting batch S-231 tested 44.5-47.0 MPa against the specified M50.', 'Specification 1700, clause 1717: acceptance criteria for M50.', 'Material', 'Critical', 'Open', 3, NULL),
    (3, 'C2-V01', 'Bearing pedestal level out of tolerance at P212', 'Pedestal top at P212 is 14 mm above the design level; the allowed tolerance is +/- 5 mm.', 'Drawing C2-V01/DRG/BR-212 R2, note 6.', 'Workmanship', 'Minor', 'Responded', 12, 'Rework'),
    (4, 'C1-V01', 'Cover to reinforcement short in crash barrier', 'Cover measured 28-32 mm against 40 mm specified over 18 m of crash barrier, span 22.', 'Specification 1700, clause 1702.3.', 'Workmanship', 'Minor', 'With client', 14, 'Concession'),
    (5, 'C2-V02', 'Welding procedure not qualified for FOB girder', 'Site welding of the foot-over-bridge girder started before the welding procedure qualification record was approved.', 'IS 7307 Part 1; contract QAP item 12.', 'Quality system', 'Major', 'Verified', 20, 'Repair'),
    (6, 'C1-V01', 'Unprotected edge at segment stacking yard', 'No edge protection on the top tier of the segment stack; two workers seen working at 3.5 m.', 'Contract Schedule E, HSE plan clause 8.2.', 'Safety', 'Critical', 'Closed', 30, 'Rework')
) AS v (n, package_code, title, description, requirement, category, severity, state, age, disposition)
JOIN package p ON p.c_code = v.package_code;

INSERT INTO ncr (c_ncr_no, n_package, c_title, c_description, c_requirement, c_category, c_severity, n_discipline,
                 n_station, d_observed, n_responder, d_response_due, c_root_cause, c_disposition, c_corrective_action,
                 c_preventive_action, d_responded, d_verification_due, c_verification_remarks, n_client_approver,
                 d_client_due, d_verified, d_closed, c_state, n_ball_in_court, n_raised_by, n_updated_by, d_created_at,
                 d_updated_at)
SELECT d.package_code || '-NCR-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.n)::text, 4, '0'),
       d.package, d.title, d.description, d.requirement, d.category, d.severity,
       (SELECT id FROM discipline ORDER BY id LIMIT 1),
       (SELECT id FROM station s WHERE s.n_package = d.package ORDER BY s.n_sequence LIMIT 1),
       current_date - d.age,
       con.id,
       current_date - d.age + 7,
       CASE WHEN d.state <> 'Open' THEN 'Vibrator not reaching the bottom lift; the crew were not briefed on the pour sequence.' END,
       d.disposition,
       CASE WHEN d.state <> 'Open' THEN 'Break out the defective concrete, repair with approved micro-concrete, re-test by rebound hammer.' END,
       CASE WHEN d.state <> 'Open' THEN 'Pour-sequence briefing before every pour; a second vibrator on standby.' END,
       CASE WHEN d.state <> 'Open' THEN current_date - d.age + 3 END,
       CASE WHEN d.state <> 'Open' THEN current_date - d.age + 10 END,
       CASE WHEN d.state IN ('Verified', 'Closed') THEN 'Response accepted; close once the repair is done and tested.' END,
       CASE WHEN d.state = 'With client' THEN emp.id END,
       CASE WHEN d.state = 'With client' THEN current_date - d.age + 12 END,
       CASE WHEN d.state IN ('Verified', 'Closed') THEN current_date - d.age + 5 END,
       CASE WHEN d.state = 'Closed' THEN current_date - d.age + 20 END,
       d.state,
       CASE d.state WHEN 'Open' THEN con.id WHEN 'Responded' THEN eng.id WHEN 'With client' THEN emp.id
                    WHEN 'Verified' THEN con.id END,
       eng.id, eng.id,
       (current_date - d.age)::timestamptz + interval '11 hours',
       (current_date - d.age)::timestamptz + interval '11 hours'
FROM demo_ncr d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'contractor') AS con
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
CROSS JOIN (SELECT id FROM users WHERE c_username = 'employer') AS emp
ORDER BY d.n;

-- Corrective actions: two per NCR once the contractor has responded; done on the closed one, one of two done on the
-- verified one.
INSERT INTO ncr_action (n_ncr, c_action, n_owner, d_target, d_done, c_evidence, n_created_by)
SELECT r.id, a.action, r.n_responder, r.d_observed + a.days,
       CASE WHEN r.c_state = 'Closed' OR (r.c_state = 'Verified' AND a.n = 1) THEN r.d_observed + a.days - 1 END,
       CASE WHEN r.c_state = 'Closed' OR (r.c_state = 'Verified' AND a.n = 1) THEN a.evidence END,
       r.n_responder
FROM ncr r
CROSS JOIN (VALUES
    (1, 'Carry out the repair or rework described in the response', 8, 'Inspection report and photographs attached'),
    (2, 'Brief the crew and record the briefing in the toolbox talk register', 10, 'Toolbox talk register page signed by 14 workers')
) AS a (n, action, days, evidence)
WHERE r.c_state <> 'Open';

-- The events that brought each NCR to its state.
INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'ncr', r.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'contractor' THEN r.n_responder WHEN 'employer' THEN (SELECT id FROM users WHERE c_username = 'employer')
                 ELSE r.n_raised_by END,
       r.d_created_at + e.after, e.comment
FROM ncr r
CROSS JOIN (VALUES
    ('respond', 'Open', 'Responded', 'contractor', interval '3 days', NULL, 'respond'),
    ('refer_to_client', 'Responded', 'With client', 'engineer', interval '4 days', 'Cover short by up to 12 mm; the contractor proposes a protective coating instead of breaking out.', 'client'),
    ('verify', 'Responded', 'Verified', 'engineer', interval '5 days', NULL, 'verify'),
    ('actions_done', 'Verified', 'Actions done', 'contractor', interval '19 days', NULL, 'done'),
    ('close', 'Actions done', 'Closed', 'engineer', interval '20 days', NULL, 'close')
) AS e (transition, from_state, to_state, by, after, comment, step)
WHERE (e.step = 'respond' AND r.c_state <> 'Open')
   OR (e.step = 'client' AND r.c_state = 'With client')
   OR (e.step = 'verify' AND r.c_state IN ('Verified', 'Closed'))
   OR (e.step IN ('done', 'close') AND r.c_state = 'Closed');

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'ncr', n_package::text, count(*) FROM ncr GROUP BY n_package;
