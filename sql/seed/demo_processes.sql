-- Demo data for the business-process registers (loaded once, after demo.sql, as the seed set "demo-processes"):
-- a contractor's engineer and the employer's engineer (PMC), and RFIs across the demo packages in every state of
-- their workflow, with the workflow events that brought them there, so both sides of the workflow can be tried.
-- Password hashes are set by the gateway after this file runs.

INSERT INTO users (c_username, c_name, c_email, c_mobile, c_designation, c_password_hash, n_active, n_superadmin) VALUES
    ('contractor', 'Rahul Verma',  'rahul.verma@contractor.example',  '+91 98450 00011', 'Contractor''s Engineer (Viaduct)', '!', 1, 0),
    ('engineer',   'Arjun Mehta',  'arjun.mehta@pmc.example',         '+91 98450 00012', 'Employer''s Engineer (PMC)',      '!', 1, 0);

-- The contractor raises and closes RFIs (create and update, no delete); the engineer answers them (update).
-- Both see the dashboard and the masters they refer to.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'),
       CASE WHEN u.c_username = 'contractor' AND n.c_route = '/contract-data-entry/rfi' THEN 1 ELSE 0 END,
       CASE WHEN n.c_route = '/contract-data-entry/rfi' THEN 1 ELSE 0 END,
       0, 1
FROM users u CROSS JOIN navigation n
WHERE u.c_username IN ('contractor', 'engineer')
  AND n.c_route IN ('/', '/dashboard/analytics', '/contract-data-entry/rfi', '/masters/package', '/masters/station');

-- RFIs: 8 per viaduct package, 4 on the others; states cycle Draft, Open, Answered, Closed.
CREATE TEMP TABLE demo_rfi ON COMMIT DROP AS
SELECT p.id AS package, p.c_code AS package_code, g.n,
       (ARRAY['Draft', 'Open', 'Answered', 'Closed'])[1 + (g.n + p.id::int) % 4] AS state,
       (ARRAY[
           'Pier cap reinforcement clash at P112',
           'Bearing pedestal level discrepancy, spans 12-18',
           'Crash barrier detail at station approach',
           'Expansion joint type at span 40 m',
           'Drainage spout location on viaduct deck',
           'Launching girder load on completed spans',
           'Station roof waterproofing overlap',
           'Earthing pit location near pier P87'
       ])[1 + (g.n - 1) % 8] AS subject,
       (ARRAY[
           'Drawing C1-V01/DRG/PC-112 R1 shows 32 mm bars at 100 mm centres in the pier cap, which clash with the bearing anchor sleeves. Please confirm the revised spacing.',
           'The pedestal top levels in the bearing layout differ from the longitudinal profile by up to 18 mm. Which governs?',
           'The crash barrier detail at the station approach does not show the cable trough opening. Please issue the detail.',
           'The specification allows strip seal or modular joints for the 40 m span. Please confirm the type to be procured.',
           'The drainage spouts fall over the service road at chainage 4.250. May they be shifted to the median side?',
           'Please confirm the permissible launching girder reaction on completed spans before stressing is complete.',
           'The roof membrane overlap is 100 mm in the specification and 150 mm in the drawing. Which applies?',
           'The earthing pit near pier P87 falls within the utility corridor. Please advise an alternative location.'
       ])[1 + (g.n - 1) % 8] AS question,
       current_date - (50 - g.n * 3) AS raised
FROM package p
CROSS JOIN LATERAL generate_series(1, CASE WHEN p.c_code LIKE '%-V0%' THEN 8 ELSE 4 END) AS g(n);

INSERT INTO rfi (c_rfi_no, n_package, c_subject, c_question, n_discipline, n_station, c_reference, n_assigned_to, d_due,
                 c_cost_impact, n_cost_amount, c_schedule_impact, n_schedule_days, c_response, d_answered, d_closed,
                 c_state, n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-RFI-' || lpad(d.n::text, 5, '0'),
       d.package, d.subject, d.question,
       (SELECT id FROM discipline ORDER BY id LIMIT 1 OFFSET (d.n % 3)),
       (SELECT id FROM station s WHERE s.n_package = d.package ORDER BY s.n_sequence LIMIT 1),
       'C1-V01/DRG/PC-' || (100 + d.n)::text || ' R1',
       eng.id,
       d.raised + 7 + d.n * 4,
       CASE WHEN d.state IN ('Answered', 'Closed') AND d.n % 2 = 0 THEN 'Yes' WHEN d.state IN ('Answered', 'Closed') THEN 'No' ELSE 'TBD' END,
       CASE WHEN d.state IN ('Answered', 'Closed') AND d.n % 2 = 0 THEN 125000.00 * d.n END,
       CASE WHEN d.state IN ('Answered', 'Closed') THEN 'No' ELSE 'TBD' END,
       NULL,
       CASE WHEN d.state IN ('Answered', 'Closed') THEN 'Proceed as per the revised detail issued with this response; the consultant''s drawing will be updated in the next revision.' END,
       CASE WHEN d.state IN ('Answered', 'Closed') THEN d.raised + 4 END,
       CASE WHEN d.state = 'Closed' THEN d.raised + 6 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN con.id WHEN 'Open' THEN eng.id WHEN 'Answered' THEN con.id END,
       con.id, con.id,
       d.raised::timestamptz + interval '10 hours',
       d.raised::timestamptz + interval '10 hours'
FROM demo_rfi d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'contractor') AS con
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng;

-- The events that brought each RFI to its state.
INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'rfi', r.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'contractor' THEN r.n_raised_by ELSE r.n_assigned_to END,
       r.d_created_at + e.after, NULL
FROM rfi r
CROSS JOIN (VALUES
    ('submit', 'Draft', 'Open', 'contractor', interval '1 day', 1),
    ('answer', 'Open', 'Answered', 'engineer', interval '4 days', 2),
    ('close', 'Answered', 'Closed', 'contractor', interval '6 days', 3)
) AS e (transition, from_state, to_state, by, after, step)
WHERE e.step <= CASE r.c_state WHEN 'Open' THEN 1 WHEN 'Answered' THEN 2 WHEN 'Closed' THEN 3 ELSE 0 END;

-- The numbers given so far, so that the next RFI of each package continues the sequence.
INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'rfi', n_package::text, count(*) FROM rfi GROUP BY n_package;
