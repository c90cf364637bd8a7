-- Demo rows of the package activity registers (issue 29, seed set "demo-activity", loaded after demo_land_people):
-- the activity master's underground and systems activities, permissions per route and action for the demo roles,
-- a progress history per package and activity (cumulative, rising, approved month by month, the latest report in
-- every approval state), activity extensions, completion certificates, the documents activities depend on,
-- comment threads and activity revisions, each register's records in every workflow state with the events that
-- brought them there and the number sequences they used. Dates are relative to the day the seed is loaded.

-- The activity master (demo.sql) holds the viaduct and track and signalling activities; the underground and systems
-- packages need theirs.
INSERT INTO activity (c_code, c_name, n_discipline, c_unit, n_weightage_pct, c_description)
SELECT v.code, v.name, d.id, v.unit, NULL, v.description
FROM (VALUES
    ('DWL', 'Diaphragm walls (station boxes)', 'CIV', 'm2',    'Guide walls, panel excavation under bentonite, cages and tremie concreting.'),
    ('TBM', 'Tunnelling by TBM (bored tunnel)', 'CIV', 'rings', 'Twin bored tunnels, 1.4 m universal rings of six segments and a key.'),
    ('XP',  'Cross passages',                  'CIV', 'nos',   'Cross passages every 250 m between the twin tunnels, NATM with ground treatment.'),
    ('PSD', 'Platform screen doors',           'SIG', 'sets',  'Full-height platform screen doors, one set a platform.')
) AS v (code, name, discipline, unit, description)
JOIN discipline d ON d.c_code = v.discipline
ON CONFLICT (c_code) DO NOTHING;

-- Permissions. Contractors enter progress, extensions, completions, documents and comments on their packages; the
-- employer's engineer approves progress (Site progress approval), recommends extensions, certifies completions and
-- approves revisions; the contract manager decides extensions and approves revisions; the planner proposes
-- revisions and keeps the documents; the employer reads.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), g.c, g.u, g.d, g.e
FROM (VALUES
    ('contractor',  '/dataentry/pkgactprogress',        1, 1, 1, 1),
    ('contractor2', '/dataentry/pkgactprogress',        1, 1, 1, 1),
    ('engineer',    '/dataentry/pkgactprogress',        0, 0, 0, 1),
    ('planner',     '/dataentry/pkgactprogress',        0, 0, 0, 1),
    ('manager',     '/dataentry/pkgactprogress',        0, 0, 0, 1),
    ('employer',    '/dataentry/pkgactprogress',        0, 0, 0, 1),
    ('engineer',    '/administration/siteprogressapv',  0, 1, 0, 1),
    ('planner',     '/administration/siteprogressapv',  0, 0, 0, 1),
    ('manager',     '/administration/siteprogressapv',  0, 0, 0, 1),
    ('contractor',  '/dataentry/pkgactextension',       1, 1, 1, 1),
    ('contractor2', '/dataentry/pkgactextension',       1, 1, 1, 1),
    ('engineer',    '/dataentry/pkgactextension',       0, 1, 0, 1),
    ('manager',     '/dataentry/pkgactextension',       0, 1, 0, 1),
    ('planner',     '/dataentry/pkgactextension',       0, 0, 0, 1),
    ('employer',    '/dataentry/pkgactextension',       0, 0, 0, 1),
    ('contractor',  '/dataentry/pkgactcompletion',      1, 1, 1, 1),
    ('contractor2', '/dataentry/pkgactcompletion',      1, 1, 1, 1),
    ('engineer',    '/dataentry/pkgactcompletion',      0, 1, 0, 1),
    ('planner',     '/dataentry/pkgactcompletion',      0, 0, 0, 1),
    ('manager',     '/dataentry/pkgactcompletion',      0, 0, 0, 1),
    ('contractor',  '/dataentry/pkgactdependence',      1, 1, 1, 1),
    ('contractor2', '/dataentry/pkgactdependence',      1, 1, 1, 1),
    ('engineer',    '/dataentry/pkgactdependence',      1, 1, 0, 1),
    ('planner',     '/dataentry/pkgactdependence',      1, 1, 0, 1),
    ('manager',     '/dataentry/pkgactdependence',      0, 0, 0, 1),
    ('contractor',  '/dataentry/pkgactcomments',        1, 1, 0, 1),
    ('contractor2', '/dataentry/pkgactcomments',        1, 1, 0, 1),
    ('engineer',    '/dataentry/pkgactcomments',        1, 1, 0, 1),
    ('planner',     '/dataentry/pkgactcomments',        1, 1, 0, 1),
    ('manager',     '/dataentry/pkgactcomments',        1, 1, 0, 1),
    ('employer',    '/dataentry/pkgactcomments',        0, 0, 0, 1),
    ('planner',     '/administration/reviseactivity',   1, 1, 1, 1),
    ('engineer',    '/administration/reviseactivity',   0, 1, 0, 1),
    ('manager',     '/administration/reviseactivity',   0, 1, 0, 1),
    ('contractor',  '/administration/reviseactivity',   0, 0, 0, 1),
    ('contractor2', '/administration/reviseactivity',   0, 0, 0, 1)
) AS g (username, route, c, u, d, e)
JOIN users u ON u.c_username = g.username
JOIN navigation n ON n.c_route = g.route
ON CONFLICT (n_user_id, n_nav_id) DO UPDATE
    SET n_create = EXCLUDED.n_create, n_update = EXCLUDED.n_update, n_delete = EXCLUDED.n_delete,
        n_export = EXCLUDED.n_export;

-- ---------------------------------------------------------------------------------------------------------------
-- Activity progress: each package's activities, reported monthly (cumulative quantity and %), the last four reports.
-- The three older reports are approved; the latest is in the state given here.
CREATE TEMP TABLE demo_act ON COMMIT DROP AS
SELECT v.*, p.id AS package, a.id AS activity, u.id AS contractor,
       (SELECT s.id FROM station s WHERE s.n_package = p.id ORDER BY s.n_sequence LIMIT 1) AS station
FROM (VALUES
    (1,  'C1-V01',  'FDN', 'Piling and pile caps, piers P101-P240',               280.000, 252, 266, 274, 280, 'Approved',  'contractor'),
    (2,  'C1-V01',  'SUB', 'Piers and pier caps, P101-P240',                      140.000, 118, 126, 131, 136, 'Submitted', 'contractor'),
    (3,  'C1-V01',  'SUP', 'Segmental spans S101-S239, casting and launching',    139.000,  92, 101, 109, 116, 'Draft',     'contractor'),
    (4,  'C1-V01',  'TRK', 'Ballastless track, up and down lines, Airport-Riverside', 9.800, 1, 2, 3, 4, 'Returned',  'contractor'),
    (5,  'C2-V01',  'FDN', 'Piling and pile caps, piers P201-P325',               250.000,  64,  88, 110, 131, 'Submitted', 'contractor'),
    (6,  'C2-V01',  'SUB', 'Piers and pier caps, P201-P325',                      125.000,  12,  21,  30,  38, 'Approved',  'contractor'),
    (7,  'C2-V01',  'SUP', 'I-girder spans, Northgate-Civil Lines',               124.000,   0,   0,   2,   6, 'Draft',     'contractor'),
    (8,  'C2-V02',  'FDN', 'Piling and pile caps, piers P326-P460',               270.000,  18,  35,  52,  70, 'Submitted', 'contractor'),
    (9,  'C2-V02',  'SUB', 'Piers and pier caps, P326-P460',                      135.000,   0,   3,   7,  12, 'Returned',  'contractor'),
    (10, 'C1-UG01', 'DWL', 'Diaphragm walls, Old Fort, Market Square and Central station boxes', 48600.000, 31200, 35400, 39800, 43100, 'Submitted', 'contractor2'),
    (11, 'C1-UG01', 'TBM', 'TBM S-1 and S-2 drives, Riverside shaft to Central',  5600.000, 1840, 2215, 2590, 2960, 'Approved',  'contractor2'),
    (12, 'C1-UG01', 'XP',  'Cross passages XP-01 to XP-16',                        16.000,   2,   3,   4,   5, 'Draft',     'contractor2'),
    (13, 'C1-SYS1', 'SIG', 'CBTC trackside equipment, Airport-Central',            22.450,   3,   5,   7,   9, 'Submitted', 'contractor2'),
    (14, 'C1-SYS1', 'PSD', 'Platform screen doors, elevated stations C1-S01-S06',  12.000,   0,   1,   2,   4, 'Returned',  'contractor2')
) AS v (n, package_code, activity_code, name, qty_planned, q1, q2, q3, q4, last_state, contractor_name)
JOIN package p ON p.c_code = v.package_code
JOIN activity a ON a.c_code = v.activity_code
JOIN users u ON u.c_username = v.contractor_name;

INSERT INTO activity_progress (n_package, n_activity, n_station, c_activity_code, c_activity_name, d_progress_date,
                               n_qty_planned, n_qty_done, n_progress_pct, c_status, c_remarks, n_approver,
                               d_submitted, d_approved, c_approval_remarks, c_state, n_ball_in_court, n_raised_by,
                               n_updated_by, d_created_at, d_updated_at)
SELECT d.package, d.activity, d.station, d.activity_code, d.name, r.report_date, d.qty_planned, r.qty,
       round(r.qty * 100 / d.qty_planned, 2),
       CASE WHEN r.qty >= d.qty_planned THEN 'Completed'
            WHEN r.qty = 0 THEN 'Not started'
            WHEN d.n = 9 AND r.k = 4 THEN 'Delayed'
            WHEN d.n = 14 AND r.k = 2 THEN 'On hold'
            ELSE 'In progress' END,
       CASE WHEN d.n = 9 AND r.k = 4 THEN 'Land for piers P341-P349 at Textile Mills not yet handed over (Sec 19 stage).'
            WHEN d.n = 14 AND r.k = 2 THEN 'Door sets held at Chennai port for customs clearance.'
            WHEN d.n = 4 AND r.k = 4 THEN 'Plinth concreting of the down line between Aerocity and Tech Park.'
            WHEN d.n = 11 AND r.k = 4 THEN 'S-1 crossed below the old fort wall with settlement within trigger levels.'
            WHEN d.n = 1 AND r.k = 4 THEN 'Last pile cap P238 cast; foundations of the package complete.'
            END,
       eng.id,
       CASE WHEN r.state <> 'Draft' THEN r.report_date + 1 END,
       CASE WHEN r.state = 'Approved' THEN r.report_date + 3 END,
       CASE WHEN r.state = 'Approved' THEN 'Quantities checked against the measurement book.'
            WHEN r.state = 'Returned' THEN 'Quantity does not agree with the joint measurement; please correct.' END,
       r.state,
       CASE r.state WHEN 'Submitted' THEN eng.id WHEN 'Draft' THEN d.contractor WHEN 'Returned' THEN d.contractor END,
       d.contractor,
       CASE WHEN r.state IN ('Approved', 'Returned') THEN eng.id ELSE d.contractor END,
       r.report_date::timestamptz + interval '17 hours',
       r.report_date::timestamptz + interval '17 hours'
FROM demo_act d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
CROSS JOIN LATERAL (VALUES
    (1, current_date - 95, d.q1::numeric, 'Approved'),
    (2, current_date - 65, d.q2::numeric, 'Approved'),
    (3, current_date - 35, d.q3::numeric, 'Approved'),
    (4, current_date - 5,  d.q4::numeric, d.last_state)
) AS r (k, report_date, qty, state);

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'activity_progress', a.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'contractor' THEN a.n_raised_by ELSE a.n_approver END,
       a.d_progress_date::timestamptz + e.after, e.comment
FROM activity_progress a
JOIN (VALUES
    ('submit', 'Draft', 'Submitted', 'contractor', interval '1 day 10 hours', NULL, 'Submitted'),
    ('submit', 'Draft', 'Submitted', 'contractor', interval '1 day 10 hours', NULL, 'Approved'),
    ('submit', 'Draft', 'Submitted', 'contractor', interval '1 day 10 hours', NULL, 'Returned'),
    ('approve', 'Submitted', 'Approved', 'engineer', interval '3 days 12 hours', NULL, 'Approved'),
    ('return_entry', 'Submitted', 'Returned', 'engineer', interval '3 days 12 hours',
     'Quantity does not agree with the joint measurement; please correct.', 'Returned')
) AS e (transition, from_state, to_state, by, after, comment, state) ON e.state = a.c_state
WHERE a.n_raised_by IS NOT NULL;

-- ---------------------------------------------------------------------------------------------------------------
-- Activity extensions: twelve requests on five packages, in every state.
CREATE TEMP TABLE demo_ext ON COMMIT DROP AS
SELECT v.*, p.id AS package, a.id AS activity, u.id AS contractor,
       (SELECT s.id FROM station s WHERE s.n_package = p.id AND s.c_code = v.station_code) AS station
FROM (VALUES
    (1,  'C1-V01',  'SUP', 'C1-S03', 'Spans S141-S150 near Aerocity',       120, 21, 'Utility shifting', '66 kV overhead line across spans S141-S150 still energised; launching girder cannot pass until BESCOM shifts it.', 'Approved',    18, 14, 60),
    (2,  'C1-V01',  'SUB', 'C1-S05', 'Piers P198-P204, University',          75,  30, 'Land not available', 'Private land at khasra 212/3 and 214 not handed over; piers P198-P204 cannot be started.', 'Recommended', 25, NULL, 20),
    (3,  'C1-V01',  'TRK', NULL,     'Down line, Tech Park-Riverside',       90,  45, 'Late drawing', 'GFC drawings of the turnout at Riverside crossover received 41 days after the agreed date.', 'Submitted',   NULL, NULL, 6),
    (4,  'C2-V01',  'FDN', 'C2-S03', 'Piers P251-P262, Civil Lines',         60,  40, 'Hindrance', 'Court stay on the road widening at Civil Lines junction for six weeks.', 'Approved',    35, 35, 75),
    (5,  'C2-V01',  'SUB', 'C2-S04', 'Piers P275-P281, Stadium',             50,  28, 'Statutory permission', 'Traffic police NOC for the stadium road diversion granted only after the cricket season.', 'Rejected',    0, NULL, 50),
    (6,  'C2-V01',  'SUP', NULL,     'Spans S201-S224',                      200, 20, 'Design change', 'Span S212 changed from a 31 m to a 40 m special span over the storm-water drain.', 'Draft',       NULL, NULL, 2),
    (7,  'C2-V02',  'FDN', 'C2-S06', 'Piers P341-P349, Textile Mills',       45,  60, 'Land not available', 'Mill land under Sec 19 declaration; award not yet passed, possession not given.', 'Returned',    NULL, NULL, 12),
    (8,  'C2-V02',  'SUB', 'C2-S07', 'Piers P380-P392, Industrial Estate',   80,  15, 'Weather', 'Unusually heavy monsoon in July and August: 23 days of rain above 64.5 mm.', 'Submitted',   NULL, NULL, 4),
    (9,  'C1-UG01', 'TBM', 'C1-S08', 'TBM S-2 drive, Market Square-Central', 150, 42, 'Hindrance', 'Unrecorded brick sewer at ring 1160 required grouting and a 38-day stoppage.', 'Approved',    40, 38, 90),
    (10, 'C1-UG01', 'DWL', 'C1-S07', 'Old Fort station box, panels 61-84',   65,  35, 'Statutory permission', 'Archaeological Survey of India permission for works within 300 m of the fort wall.', 'Recommended', 30, NULL, 15),
    (11, 'C1-SYS1', 'PSD', 'C1-S02', 'PSD sets, Cargo Terminal platforms',  110,  30, 'Late drawing', 'Platform edge interface drawings from the civil contractor issued late.', 'Draft',       NULL, NULL, 1),
    (12, 'C1-SYS1', 'SIG', NULL,     'CBTC zone controllers, depot to Riverside', 140, 25, 'Design change', 'Additional interlocking at the depot entry after the change in the yard layout.', 'Returned',    NULL, NULL, 9)
) AS v (n, package_code, activity_code, station_code, location, finish_in, days, reason, justification, state,
        recommended, granted, age)
JOIN package p ON p.c_code = v.package_code
JOIN activity a ON a.c_code = v.activity_code
JOIN users u ON u.c_username = CASE WHEN v.package_code IN ('C1-UG01', 'C1-SYS1', 'C1-DP01') THEN 'contractor2' ELSE 'contractor' END;

INSERT INTO pkgactextension (c_ext_no, n_package, n_activity, n_station, c_location, d_planned_finish,
                             n_days_requested, c_reason, c_justification, n_engineer, d_submitted, d_recommend_due,
                             n_days_recommended, c_recommendation, n_manager, d_recommended, d_decision_due,
                             n_days_granted, c_decision_remarks, d_decided, c_state, n_ball_in_court, n_raised_by,
                             n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-AEX-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.n)::text, 3, '0'),
       d.package, d.activity, d.station, d.location, current_date + d.finish_in - d.age, d.days, d.reason,
       d.justification, eng.id,
       CASE WHEN d.state <> 'Draft' THEN current_date - d.age + 1 END,
       CASE WHEN d.state <> 'Draft' THEN current_date - d.age + 8 END,
       d.recommended,
       CASE WHEN d.recommended IS NOT NULL THEN 'Hindrance verified from the site diary and the hindrance register; delay on the critical path of the activity for ' || d.recommended || ' days.' END,
       CASE WHEN d.state IN ('Recommended', 'Approved', 'Rejected') THEN mgr.id END,
       CASE WHEN d.state IN ('Recommended', 'Approved', 'Rejected') THEN current_date - d.age + 5 END,
       CASE WHEN d.state IN ('Recommended', 'Approved', 'Rejected') THEN current_date - d.age + 12 END,
       d.granted,
       CASE d.state WHEN 'Approved' THEN 'Extension approved without cost; the contractor to submit a revised programme within 14 days.'
                    WHEN 'Rejected' THEN 'The NOC was applied for late by the contractor; no extension.' END,
       CASE WHEN d.state IN ('Approved', 'Rejected') THEN current_date - d.age + 9 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.contractor WHEN 'Returned' THEN d.contractor WHEN 'Submitted' THEN eng.id
                    WHEN 'Recommended' THEN mgr.id END,
       d.contractor, d.contractor,
       (current_date - d.age)::timestamptz + interval '10 hours',
       (current_date - d.age)::timestamptz + interval '10 hours'
FROM demo_ext d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
CROSS JOIN (SELECT id FROM users WHERE c_username = 'manager') AS mgr
ORDER BY d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'pkgactextension', x.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'contractor' THEN x.n_raised_by WHEN 'engineer' THEN x.n_engineer ELSE x.n_manager END,
       x.d_created_at + e.after, e.comment
FROM pkgactextension x
JOIN (VALUES
    ('submit', 'Draft', 'Submitted', 'contractor', interval '1 day', NULL, ARRAY['Submitted', 'Returned', 'Recommended', 'Approved', 'Rejected']),
    ('return_request', 'Submitted', 'Returned', 'engineer', interval '3 days', 'Attach the hindrance register entries and the revised micro-programme for the locations.', ARRAY['Returned']),
    ('recommend', 'Submitted', 'Recommended', 'engineer', interval '5 days', NULL, ARRAY['Recommended', 'Approved', 'Rejected']),
    ('approve_extension', 'Recommended', 'Approved', 'manager', interval '9 days', NULL, ARRAY['Approved']),
    ('reject_extension', 'Recommended', 'Rejected', 'manager', interval '9 days', 'The NOC was applied for late by the contractor; no extension.', ARRAY['Rejected'])
) AS e (transition, from_state, to_state, by, after, comment, states) ON x.c_state = ANY (e.states);

-- ---------------------------------------------------------------------------------------------------------------
-- Completion certificates: twelve applications, in every state.
CREATE TEMP TABLE demo_cc ON COMMIT DROP AS
SELECT v.*, p.id AS package, a.id AS activity, u.id AS contractor,
       (SELECT s.id FROM station s WHERE s.n_package = p.id AND s.c_code = v.station_code) AS station
FROM (VALUES
    (1,  'C1-V01',  'FDN', 'C1-S01', 'Piling and pile caps, piers P101-P120, International Airport', 40.000, 40.000, 'Certified',    0, 120),
    (2,  'C1-V01',  'FDN', 'C1-S02', 'Piling and pile caps, piers P121-P140, Cargo Terminal',       40.000, 40.000, 'Certified',    0, 95),
    (3,  'C1-V01',  'SUB', 'C1-S02', 'Piers and pier caps P121-P140',                               20.000, 20.000, 'Certified',    0, 60),
    (4,  'C1-V01',  'SUP', 'C1-S01', 'Spans S101-S118, casting and launching',                      18.000, 18.000, 'Snags raised', 3, 30),
    (5,  'C1-V01',  'FDN', 'C1-S06', 'Piling and pile caps, piers P221-P240, Riverside',            40.000, 40.000, 'Applied',      0, 8),
    (6,  'C2-V01',  'FDN', 'C2-S01', 'Piling and pile caps, piers P201-P214, Northgate',            28.000, 28.000, 'Certified',    0, 45),
    (7,  'C2-V01',  'SUB', 'C2-S01', 'Piers and pier caps P201-P214',                               14.000, 13.000, 'Snags raised', 2, 20),
    (8,  'C2-V02',  'FDN', 'C2-S06', 'Piling and pile caps, piers P326-P335, Textile Mills',        20.000, 20.000, 'Applied',      0, 6),
    (9,  'C1-UG01', 'DWL', 'C1-S09', 'Diaphragm walls, Central Station box',                     16200.000, 16200.000, 'Snags raised', 5, 25),
    (10, 'C1-UG01', 'XP',  'C1-S07', 'Cross passages XP-01 to XP-03',                                3.000, 3.000, 'Applied',      0, 10),
    (11, 'C1-UG01', 'DWL', 'C1-S08', 'Diaphragm walls, Market Square box',                       14800.000, 14800.000, 'Draft',        0, 3),
    (12, 'C1-SYS1', 'PSD', 'C1-S01', 'Platform screen doors, International Airport both platforms', 2.000, 2.000, 'Draft',        0, 2)
) AS v (n, package_code, activity_code, station_code, location, planned, done, state, snags, age)
JOIN package p ON p.c_code = v.package_code
JOIN activity a ON a.c_code = v.activity_code
JOIN users u ON u.c_username = CASE WHEN v.package_code IN ('C1-UG01', 'C1-SYS1', 'C1-DP01') THEN 'contractor2' ELSE 'contractor' END;

INSERT INTO pkgactcompletion (c_cert_no, n_package, n_activity, n_station, c_location, n_qty_planned, n_qty_done,
                              d_completion, c_contractor_remarks, n_engineer, d_applied, d_inspection, c_snags,
                              n_snags_open, c_inspection_remarks, d_certified, c_state, n_ball_in_court,
                              n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-ACC-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.n)::text, 3, '0'),
       d.package, d.activity, d.station, d.location, d.planned, d.done, current_date - d.age - 4,
       CASE WHEN d.done < d.planned THEN 'Pier P209 to follow after the utility diversion; certificate asked for the rest.'
            ELSE 'All work of the location complete as per GFC drawings; as-built survey attached.' END,
       eng.id,
       CASE WHEN d.state <> 'Draft' THEN current_date - d.age END,
       CASE WHEN d.state IN ('Snags raised', 'Certified') THEN current_date - d.age + 3 END,
       CASE WHEN d.state = 'Snags raised' THEN 'Honeycombing at two pier caps; drainage spouts missing; debris at the pier bases.'
            WHEN d.state = 'Certified' THEN 'None open at certification.' END,
       CASE WHEN d.state IN ('Snags raised', 'Certified') THEN d.snags END,
       CASE WHEN d.state = 'Certified' THEN 'Joint inspection done; as-built survey and test records in order.' END,
       CASE WHEN d.state = 'Certified' THEN current_date - d.age + 6 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.contractor WHEN 'Snags raised' THEN d.contractor WHEN 'Applied' THEN eng.id END,
       d.contractor, d.contractor,
       (current_date - d.age)::timestamptz + interval '9 hours',
       (current_date - d.age)::timestamptz + interval '9 hours'
FROM demo_cc d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
ORDER BY d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'pkgactcompletion', c.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'contractor' THEN c.n_raised_by ELSE c.n_engineer END,
       c.d_created_at + e.after, e.comment
FROM pkgactcompletion c
JOIN (VALUES
    ('apply', 'Draft', 'Applied', 'contractor', interval '1 hour', NULL, ARRAY['Applied', 'Snags raised', 'Certified']),
    ('raise_snags', 'Applied', 'Snags raised', 'engineer', interval '3 days', NULL, ARRAY['Snags raised']),
    ('certify', 'Applied', 'Certified', 'engineer', interval '6 days', NULL, ARRAY['Certified'])
) AS e (transition, from_state, to_state, by, after, comment, states) ON c.c_state = ANY (e.states);

-- ---------------------------------------------------------------------------------------------------------------
-- Documents activities depend on.
INSERT INTO pkgactdependence (n_package, n_activity, c_location, c_doc_type, c_doc_no, c_title, c_responsible,
                              c_authority, d_required_by, d_received, c_status, c_remarks, n_raised_by, n_updated_by,
                              d_created_at, d_updated_at)
SELECT p.id, a.id, v.location, v.doc_type, v.doc_no, v.title, v.responsible, v.authority,
       current_date + v.required_in,
       CASE WHEN v.received_in IS NOT NULL THEN current_date + v.received_in END,
       v.status, v.remarks, u.id, u.id, now() - interval '120 days', now() - interval '120 days'
FROM (VALUES
    ('C1-V01',  'SUP', 'Spans S141-S150',        'Utility diversion', 'BESCOM/66KV/AER/2025/114', '66 kV Aerocity feeder shifting below spans S141-S150', 'Authority', 'BESCOM', -40, NULL, 'Awaited', 'Shutdown sanctioned only for Sundays; diversion 70 % done.', 'contractor'),
    ('C1-V01',  'SUP', 'Spans S101-S239',        'Method statement', 'C1-V01-LNT-MS-SUP-007 R2', 'Span-by-span erection with launching girder LG-2', 'Contractor', NULL, -150, -158, 'Approved', NULL, 'contractor'),
    ('C1-V01',  'SUB', 'Piers P198-P204',         'Land handover', 'LA/C1/UNI/212-214', 'Possession of khasra 212/3 and 214, University', 'Employer', 'Land Acquisition Officer', -20, NULL, 'Awaited', 'Award passed; possession expected after compensation is paid.', 'planner'),
    ('C1-V01',  'TRK', 'Riverside crossover',     'Drawing', 'C1-V01-GC-DRG-TRK-041 R1', 'Turnout layout, Riverside scissors crossover', 'Engineer', NULL, -70, -29, 'Received', 'GFC received 41 days late (see extension C1-V01-AEX-003).', 'contractor'),
    ('C1-V01',  'FDN', 'Piers P101-P240',         'Material approval', 'C1-V01-LNT-MAT-012', 'Source approval of 20 mm coarse aggregate, Hoskote quarry', 'Engineer', NULL, -300, -306, 'Approved', NULL, 'contractor'),
    ('C2-V01',  'FDN', 'Piers P251-P262',         'NOC', 'BTP/DIV/CL/2025/88', 'Traffic diversion NOC, Civil Lines junction', 'Authority', 'City Traffic Police', -60, -18, 'Received', 'Granted after the court stay was vacated.', 'contractor'),
    ('C2-V01',  'SUB', 'Piers P275-P281',         'NOC', 'BTP/DIV/STD/2025/131', 'Traffic diversion NOC, Stadium Road', 'Contractor', 'City Traffic Police', -45, -5, 'Received', 'Applied for late by the contractor.', 'contractor'),
    ('C2-V01',  'SUP', 'Span S212',               'Design approval', 'C2-V01-DDC-DES-SUP-212 R0', 'Design of the 40 m special span over the storm-water drain', 'Design consultant', NULL, 10, NULL, 'Awaited', 'Proof check by IIT under way.', 'planner'),
    ('C2-V02',  'FDN', 'Piers P341-P349',         'Land handover', 'LA/C2/TXM/101-109', 'Possession of the Textile Mills land, survey nos 101-109', 'Employer', 'Land Acquisition Officer', -30, NULL, 'Awaited', 'Sec 19 declaration published; award pending.', 'planner'),
    ('C2-V02',  'SUB', 'Piers P380-P392',         'Permit', 'KSPCB/CTE/2025/4471', 'Consent to establish, batching plant at Industrial Estate', 'Contractor', 'State Pollution Control Board', -90, -97, 'Approved', NULL, 'contractor'),
    ('C1-UG01', 'DWL', 'Old Fort box',            'Permit', 'ASI/BLR/2025/PERM/27', 'Permission for construction within the regulated area of the Old Fort', 'Employer', 'Archaeological Survey of India', -35, NULL, 'Awaited', 'NMA hearing held; permission awaited.', 'planner'),
    ('C1-UG01', 'TBM', 'S-2 drive, rings 1100-1400', 'Method statement', 'C1-UG01-TBC-MS-TBM-019 R1', 'TBM drive below heritage structures with compensation grouting', 'Contractor', NULL, -80, -84, 'Approved', NULL, 'contractor2'),
    ('C1-UG01', 'XP',  'XP-04 to XP-06',          'Drawing', 'C1-UG01-GC-DRG-XP-004 R0', 'Cross passage XP-04 to XP-06, ground treatment and lining', 'Engineer', NULL, 15, NULL, 'Awaited', NULL, 'contractor2'),
    ('C1-SYS1', 'PSD', 'Elevated stations C1-S01-S06', 'Drawing', 'C1-V01-LNT-DRG-ARC-PE-006 R2', 'Platform edge interface, elevated stations', 'Contractor', NULL, -55, -14, 'Received', 'Issued by the civil contractor 41 days late.', 'contractor2'),
    ('C1-SYS1', 'SIG', 'Depot entry',             'Design approval', 'C1-SYS1-TBC-DES-IXL-003 R1', 'Interlocking design for the revised depot entry', 'Engineer', NULL, 20, NULL, 'Awaited', NULL, 'contractor2'),
    ('C1-SYS1', 'SIG', 'Airport-Central',         'Material approval', 'C1-SYS1-TBC-MAT-002', 'Type approval of axle counters (RDSO)', 'Contractor', 'RDSO', -200, NULL, 'Not required', 'Covered by the CBTC supplier''s type approval.', 'contractor2')
) AS v (package_code, activity_code, location, doc_type, doc_no, title, responsible, authority, required_in,
        received_in, status, remarks, username)
JOIN package p ON p.c_code = v.package_code
JOIN activity a ON a.c_code = v.activity_code
JOIN users u ON u.c_username = v.username;

-- ---------------------------------------------------------------------------------------------------------------
-- Comment threads: first comments, then their replies (the database gives each its thread and depth).
CREATE TEMP TABLE demo_cm ON COMMIT DROP AS
SELECT v.*, p.id AS package, a.id AS activity, u.id AS author,
       row_number() OVER (PARTITION BY p.id ORDER BY v.n) AS seq
FROM (VALUES
    (1,  NULL, 'C1-V01',  'SUP', 'Launching sequence past the 66 kV line', 'The launching girder will stop at S140 until the BESCOM line is shifted; we propose to launch S151 onwards from the Tech Park end meanwhile.', 'contractor', 40),
    (2,  1,    'C1-V01',  'SUP', 'Re: Launching sequence past the 66 kV line', 'Agreed in principle. Submit the revised launching sequence and the girder shifting plan over the Aerocity flyover.', 'engineer', 39),
    (3,  2,    'C1-V01',  'SUP', 'Re: Launching sequence past the 66 kV line', 'Revised sequence submitted with transmittal; the girder will be dismantled and re-erected at S151 over 12 days.', 'contractor', 37),
    (4,  1,    'C1-V01',  'SUP', 'Re: Launching sequence past the 66 kV line', 'Please update the three-month rolling plan once the re-sequencing is approved.', 'planner', 36),
    (5,  NULL, 'C1-V01',  'SUB', 'Pier P203 land', 'Piers P198-P204 remain blocked by khasra 212/3; can the pier be shifted 4 m within the right of way?', 'contractor', 22),
    (6,  5,    'C1-V01',  'SUB', 'Re: Pier P203 land', 'No: the span arrangement is fixed by the road crossing. Possession is expected within a month of the award payment.', 'engineer', 21),
    (7,  NULL, 'C2-V01',  'FDN', 'Pile load test at P255', 'Initial pile load test at P255 reached 2.5 times the working load with 6.8 mm settlement.', 'contractor', 30),
    (8,  7,    'C2-V01',  'FDN', 'Re: Pile load test at P255', 'Test witnessed; the report is accepted. Proceed with working piles at P251-P262.', 'engineer', 29),
    (9,  NULL, 'C2-V02',  'FDN', 'Textile Mills possession', 'Piling rig idle at Textile Mills for 18 days. When will the mill land be handed over?', 'contractor', 15),
    (10, 9,    'C2-V02',  'FDN', 'Re: Textile Mills possession', 'The award is expected this month; the employer will hand over P341-P345 first.', 'manager', 13),
    (11, NULL, 'C1-UG01', 'TBM', 'Settlement at the Old Fort wall', 'Settlement markers at the fort wall read 7 mm against an alert level of 10 mm after S-1 passed.', 'contractor2', 25),
    (12, 11,   'C1-UG01', 'TBM', 'Re: Settlement at the Old Fort wall', 'Increase monitoring to twice a day while S-2 passes and keep the compensation grouting ready.', 'engineer', 24),
    (13, 12,   'C1-UG01', 'TBM', 'Re: Settlement at the Old Fort wall', 'Monitoring doubled from today; readings will be shared by 10:00 each day.', 'contractor2', 24),
    (14, NULL, 'C1-SYS1', 'PSD', 'PSD delivery', 'First two PSD sets cleared customs; installation at International Airport from next week.', 'contractor2', 6)
) AS v (n, parent, package_code, activity_code, subject, comment, username, age)
JOIN package p ON p.c_code = v.package_code
JOIN activity a ON a.c_code = v.activity_code
JOIN users u ON u.c_username = v.username;

ALTER TABLE demo_cm ADD COLUMN new_id bigint;
DO $$
DECLARE
    c record;
BEGIN
    FOR c IN SELECT * FROM demo_cm ORDER BY n LOOP
        INSERT INTO pkgactcomments (c_comment_no, n_package, n_activity, n_parent, c_subject, c_comment, n_raised_by,
                                    n_updated_by, d_created_at, d_updated_at)
        VALUES (c.package_code || '-ACM-' || lpad(c.seq::text, 4, '0'), c.package, c.activity,
                (SELECT new_id FROM demo_cm WHERE n = c.parent), c.subject, c.comment, c.author, c.author,
                (current_date - c.age)::timestamptz + interval '11 hours' + c.n * interval '7 minutes',
                (current_date - c.age)::timestamptz + interval '11 hours' + c.n * interval '7 minutes')
        RETURNING id INTO c.new_id;
        UPDATE demo_cm SET new_id = c.new_id WHERE n = c.n;
    END LOOP;
END $$;

-- ---------------------------------------------------------------------------------------------------------------
-- Activity revisions, proposed by the planner.
CREATE TEMP TABLE demo_rev ON COMMIT DROP AS
SELECT v.*, p.id AS package, a.id AS activity, ap.id AS approver
FROM (VALUES
    (1,  'C1-V01',  'SUP', 'Spans S141-S150 near Aerocity', -200, 60, 10.000, -200, 74, 10.000, 'Approved extension', 'Extension C1-V01-AEX-001 granted 14 days for the 66 kV line.', 'Approved', 'engineer', 50),
    (2,  'C1-V01',  'SUB', 'Piers P198-P204, University', -150, 40, 14.000, -150, 65, 14.000, 'Hindrance', 'Land at khasra 212/3 and 214 not yet in possession.', 'Proposed', 'manager', 10),
    (3,  'C1-V01',  'TRK', 'Down line, Tech Park-Riverside', -60, 90, 4.900, -45, 135, 4.900, 'Re-sequencing', 'Turnout drawings late; down line to follow the up line.', 'Draft', 'engineer', 3),
    (4,  'C2-V01',  'FDN', 'Piers P251-P262, Civil Lines', -120, 30, 24.000, -120, 65, 24.000, 'Approved extension', 'Extension C2-V01-AEX-001 granted 35 days for the court stay.', 'Approved', 'manager', 70),
    (5,  'C2-V01',  'SUP', 'Span S212', 30, 200, 1.000, 30, 200, 1.000, 'Design change', '31 m standard span replaced by a 40 m special span; quantity unchanged, one span.', 'Returned', 'engineer', 12),
    (6,  'C2-V01',  'SUB', 'Piers P201-P325', -300, 420, 125.000, -300, 420, 127.000, 'Scope change', 'Two additional piers for the Stadium FOB landing.', 'Approved', 'engineer', 90),
    (7,  'C2-V02',  'FDN', 'Piers P341-P349, Textile Mills', -40, 45, 18.000, 20, 130, 18.000, 'Hindrance', 'Mill land under Sec 19; start moved after the expected possession date.', 'Proposed', 'engineer', 5),
    (8,  'C2-V02',  'SUB', 'Piers P326-P460', -200, 500, 135.000, -200, 500, 133.000, 'Quantity remeasurement', 'Two piers deleted after the alignment change at Southfield.', 'Rejected', 'manager', 40),
    (9,  'C1-UG01', 'TBM', 'S-2 drive, Market Square-Central', -400, 150, 2800.000, -400, 188, 2800.000, 'Approved extension', 'Extension C1-UG01-AEX-001 granted 38 days for the brick sewer.', 'Approved', 'engineer', 80),
    (10, 'C1-UG01', 'DWL', 'Old Fort station box', -250, 65, 16400.000, -250, 95, 16900.000, 'Design change', 'Panels deepened by 2 m at the fort side after the ASI conditions.', 'Returned', 'manager', 14),
    (11, 'C1-SYS1', 'PSD', 'Elevated stations C1-S01-S06', -100, 110, 12.000, -60, 140, 12.000, 'Re-sequencing', 'Install PSDs station by station after the platform edge interface.', 'Draft', 'engineer', 2),
    (12, 'C1-SYS1', 'SIG', 'Depot entry interlocking', -90, 140, 22.450, -90, 165, 22.450, 'Scope change', 'Additional interlocking at the revised depot entry.', 'Proposed', 'manager', 7)
) AS v (n, package_code, activity_code, location, os, ofin, oq, rs, rfin, rq, reason, justification, state,
        approver_name, age)
JOIN package p ON p.c_code = v.package_code
JOIN activity a ON a.c_code = v.activity_code
JOIN users ap ON ap.c_username = v.approver_name;

INSERT INTO reviseactivity (c_rev_no, n_package, n_activity, c_location, d_orig_start, d_orig_finish, n_orig_qty,
                            d_rev_start, d_rev_finish, n_rev_qty, c_reason, c_justification, n_approver, d_proposed,
                            c_approval_remarks, d_decided, c_state, n_ball_in_court, n_raised_by, n_updated_by,
                            d_created_at, d_updated_at)
SELECT d.package_code || '-REV-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.n)::text, 3, '0'),
       d.package, d.activity, d.location, current_date + d.os, current_date + d.ofin, d.oq,
       current_date + d.rs, current_date + d.rfin, d.rq, d.reason, d.justification, d.approver,
       CASE WHEN d.state <> 'Draft' THEN current_date - d.age + 1 END,
       CASE d.state WHEN 'Approved' THEN 'Approved; baseline to be updated in the next programme revision.'
                    WHEN 'Rejected' THEN 'The deletion is not yet approved by the employer; keep the quantity.'
                    WHEN 'Returned' THEN 'Give the effect on the following activities and the critical path.' END,
       CASE WHEN d.state IN ('Approved', 'Rejected') THEN current_date - d.age + 4 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN pl.id WHEN 'Returned' THEN pl.id WHEN 'Proposed' THEN d.approver END,
       pl.id, pl.id,
       (current_date - d.age)::timestamptz + interval '15 hours',
       (current_date - d.age)::timestamptz + interval '15 hours'
FROM demo_rev d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'planner') AS pl
ORDER BY d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'reviseactivity', r.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'planner' THEN r.n_raised_by ELSE r.n_approver END,
       r.d_created_at + e.after, e.comment
FROM reviseactivity r
JOIN (VALUES
    ('propose', 'Draft', 'Proposed', 'planner', interval '1 day', NULL, ARRAY['Proposed', 'Returned', 'Approved', 'Rejected']),
    ('return_revision', 'Proposed', 'Returned', 'approver', interval '3 days', 'Give the effect on the following activities and the critical path.', ARRAY['Returned']),
    ('approve_revision', 'Proposed', 'Approved', 'approver', interval '4 days', NULL, ARRAY['Approved']),
    ('reject_revision', 'Proposed', 'Rejected', 'approver', interval '4 days', 'The deletion is not yet approved by the employer; keep the quantity.', ARRAY['Rejected'])
) AS e (transition, from_state, to_state, by, after, comment, states) ON r.c_state = ANY (e.states);

-- The number sequences the demo records used.
INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'pkgactextension', n_package::text, count(*) FROM pkgactextension GROUP BY n_package
UNION ALL
SELECT 'pkgactcompletion', n_package::text, count(*) FROM pkgactcompletion GROUP BY n_package
UNION ALL
SELECT 'pkgactcomments', n_package::text, count(*) FROM pkgactcomments GROUP BY n_package
UNION ALL
SELECT 'reviseactivity', n_package::text, count(*) FROM reviseactivity GROUP BY n_package;
