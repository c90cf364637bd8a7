-- Demo data for the business-process registers (loaded once, after demo.sql, as the seed set "demo-processes"):
-- a contractor's engineer and the employer's engineer (PMC), and RFIs across the demo packages in every state of
-- their workflow, with the workflow events that brought them there, so both sides of the workflow can be tried.
-- Password hashes are set by the gateway after this file runs.

INSERT INTO users (c_username, c_name, c_email, c_mobile, c_designation, c_password_hash, n_active, n_superadmin) VALUES
    ('contractor', 'Rahul Verma',  'rahul.verma@contractor.example',  '+91 98450 00011', 'Contractor''s Engineer (Viaduct)', '!', 1, 0),
    ('contractor2', 'Sunil Rao',   'sunil.rao@tunnel-contractor.example', '+91 98450 00013', 'Contractor''s Engineer (Underground and systems)', '!', 1, 0),
    ('engineer',   'Arjun Mehta',  'arjun.mehta@pmc.example',         '+91 98450 00012', 'Employer''s Engineer (PMC)',      '!', 1, 0);

-- The contractor raises RFIs and writes daily reports (create and update; delete only on daily reports, whose
-- lines are deleted with the report's permission); the engineer answers RFIs and reviews reports (update).
-- Both see the dashboard and the masters they refer to.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'),
       CASE WHEN u.c_username LIKE 'contractor%' AND n.c_route LIKE '/contract-data-entry/%' THEN 1 ELSE 0 END,
       CASE WHEN n.c_route LIKE '/contract-data-entry/%' THEN 1 ELSE 0 END,
       CASE WHEN u.c_username LIKE 'contractor%' AND n.c_route = '/contract-data-entry/dailyreport' THEN 1 ELSE 0 END,
       1
FROM users u CROSS JOIN navigation n
WHERE u.c_username IN ('contractor', 'contractor2', 'engineer')
  AND n.c_route IN ('/', '/dashboard/analytics', '/contract-data-entry/rfi', '/contract-data-entry/dailyreport',
                    '/masters/package', '/masters/station');

-- Each contractor's staff are linked to their packages: the RFI and daily report registers (scope = package) show
-- them only those. The employer's engineer has no link and sees every package.
INSERT INTO package_user (n_package, n_user, c_role, d_from, c_remarks)
SELECT p.id, u.id, 'Contractor representative', DATE '2025-04-01', NULL
FROM (VALUES
    ('C1-V01', 'contractor'), ('C2-V01', 'contractor'), ('C2-V02', 'contractor'),
    ('C1-UG01', 'contractor2'), ('C1-DP01', 'contractor2'), ('C1-SYS1', 'contractor2')
) AS v (package, username)
JOIN package p ON p.c_code = v.package
JOIN users u ON u.c_username = v.username;

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
-- Raised by the contractor's engineer linked to the package.
JOIN LATERAL (SELECT pu.n_user AS id FROM package_user pu JOIN users u ON u.id = pu.n_user
              WHERE pu.n_package = d.package AND u.c_username LIKE 'contractor%' LIMIT 1) AS con ON TRUE
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

-- Daily reports: two weeks on two viaduct packages, raised by the contractor and reviewed by the engineer (the
-- last day still in Draft, the two before it waiting on the engineer), each with its manpower, equipment and
-- activity lines; the report totals are computed by the database from the lines. The crews are a viaduct
-- package's: about 900 people a day on 9 to 10 hour shifts, some 8,100 man-hours a day (each trade's base crew plus
-- the report's day of the week, 0 to 6: the figures the calculation register works out by hand).
INSERT INTO dailyreport (c_report_no, n_package, d_report_date, c_shift, c_weather, c_work_fronts, c_remarks, n_reviewer,
                         c_review_remarks, d_reviewed, c_state, n_ball_in_court, n_created_by, n_updated_by, d_created_at)
SELECT p.c_code || '-DR-' || lpad((14 - g.day)::text, 5, '0'),
       p.id, current_date - g.day,
       CASE WHEN g.day % 5 = 0 THEN 'Day and night' ELSE 'Day' END,
       (ARRAY['Clear', 'Cloudy', 'Hot', 'Rain', 'Clear', 'Fog', 'Clear'])[1 + g.day % 7],
       'Pier caps P' || (100 + g.day)::text || '-P' || (104 + g.day)::text || '; segment casting yard; launching girder at span ' || (30 + g.day)::text,
       CASE WHEN g.day % 4 = 0 THEN 'Concrete supply held up two hours by traffic restrictions.' END,
       eng.id,
       CASE WHEN g.day > 2 THEN 'Seen. Keep the cube test register up to date.' END,
       CASE WHEN g.day > 2 THEN current_date - g.day + 1 END,
       CASE WHEN g.day = 0 THEN 'Draft' WHEN g.day <= 2 THEN 'Submitted' ELSE 'Reviewed' END,
       CASE WHEN g.day = 0 THEN con.id WHEN g.day <= 2 THEN eng.id END,
       con.id, con.id,
       (current_date - g.day)::timestamptz + interval '19 hours'
FROM package p
CROSS JOIN generate_series(0, 13) AS g(day)
CROSS JOIN (SELECT id FROM users WHERE c_username = 'contractor') AS con
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
WHERE p.c_code IN ('C1-V01', 'C2-V01');

INSERT INTO dailyreport_manpower (n_report, c_trade, n_count, n_hours, n_created_by)
SELECT d.id, t.trade, t.base + (current_date - d.d_report_date) % 7, t.hours, d.n_created_by
FROM dailyreport d
CROSS JOIN (VALUES ('Engineer', 28, 10.0), ('Supervisor', 55, 10.0), ('Bar bender', 210, 9.0), ('Carpenter', 180, 9.0),
                   ('Helper', 420, 9.0)) AS t (trade, base, hours);

INSERT INTO dailyreport_equipment (n_report, c_equipment_type, n_count, n_working_hours, n_idle_hours, n_created_by)
SELECT d.id, e.kind, e.number, e.working, e.idle, d.n_created_by
FROM dailyreport d
CROSS JOIN (VALUES ('Crawler crane 250 t', 1, 9.0, 1.0), ('Transit mixer 6 m3', 6, 7.5, 2.5),
                   ('Concrete pump 52 m', 1, 6.0, 3.0)) AS e (kind, number, working, idle);

INSERT INTO dailyreport_activity (n_report, n_activity, n_quantity, c_unit, c_location, n_created_by)
SELECT d.id, a.id, 40 + (d.id % 9) * 5, coalesce(a.c_unit, 'cum'), 'Pier P' || (100 + d.id % 20)::text, d.n_created_by
FROM dailyreport d
CROSS JOIN LATERAL (SELECT id, c_unit FROM activity ORDER BY id LIMIT 2) AS a;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at)
SELECT 'dailyreport', d.id::text, e.transition, e.from_state, e.to_state,
       CASE e.transition WHEN 'submit' THEN d.n_created_by ELSE d.n_reviewer END,
       d.d_created_at + e.after
FROM dailyreport d
CROSS JOIN (VALUES ('submit', 'Draft', 'Submitted', interval '1 hour', 1),
                   ('review', 'Submitted', 'Reviewed', interval '15 hours', 2)) AS e (transition, from_state, to_state, after, step)
WHERE e.step <= CASE d.c_state WHEN 'Submitted' THEN 1 WHEN 'Reviewed' THEN 2 ELSE 0 END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'dailyreport', n_package::text, count(*) FROM dailyreport GROUP BY n_package;
