-- Demo rows of the planning, resources and design registers (issue 29; loaded once, after demo_activity.sql, as the
-- seed set "demo-resources"): the contractors' monthly deployment plans of manpower and machinery (accepted,
-- submitted, returned and draft) and two weeks of actual deployment against them; the three-month rolling plans with
-- their activities and constraints; the design consultant's deliverables in every step of their review (some
-- rejected and resubmitted as the next revision); and the BIM models in every step of their coordination. The
-- events that brought each record to its state and the number sequences are recorded. Dates are relative to the
-- day the seed is loaded, so "overdue" stays meaningful.

-- ---------------------------------------------------------------------------------------------------------------
-- Permissions. The contractors plan and record deployment and raise rolling plans; the employer's engineer reviews
-- deployment plans, design deliverables and BIM models; the PMC planning engineer reviews the rolling plans; the
-- design consultant raises deliverables and models (the contractors raise fabrication and as-built models); the
-- employer's staff read everything.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), g.c, g.u, g.d, 1
FROM (VALUES
    ('contractor',  '/dataentry/depplanning', 1, 1, 1), ('contractor2', '/dataentry/depplanning', 1, 1, 1),
    ('engineer',    '/dataentry/depplanning', 0, 1, 0), ('planner',     '/dataentry/depplanning', 0, 0, 0),
    ('employer',    '/dataentry/depplanning', 0, 0, 0), ('manager',     '/dataentry/depplanning', 0, 0, 0),
    ('contractor',  '/dataentry/deploymenttracking', 1, 1, 1), ('contractor2', '/dataentry/deploymenttracking', 1, 1, 1),
    ('engineer',    '/dataentry/deploymenttracking', 0, 0, 0), ('planner',     '/dataentry/deploymenttracking', 0, 0, 0),
    ('employer',    '/dataentry/deploymenttracking', 0, 0, 0), ('manager',     '/dataentry/deploymenttracking', 0, 0, 0),
    ('contractor',  '/dataentry/3mrp', 1, 1, 1), ('contractor2', '/dataentry/3mrp', 1, 1, 1),
    ('planner',     '/dataentry/3mrp', 0, 1, 0), ('engineer',    '/dataentry/3mrp', 0, 0, 0),
    ('employer',    '/dataentry/3mrp', 0, 0, 0), ('manager',     '/dataentry/3mrp', 0, 0, 0),
    ('designer',    '/dataentry/ddc', 1, 1, 1), ('engineer',    '/dataentry/ddc', 0, 1, 0),
    ('planner',     '/dataentry/ddc', 0, 0, 0), ('contractor',  '/dataentry/ddc', 0, 0, 0),
    ('contractor2', '/dataentry/ddc', 0, 0, 0), ('employer',    '/dataentry/ddc', 0, 0, 0),
    ('manager',     '/dataentry/ddc', 0, 0, 0),
    ('designer',    '/dataentry/bim', 1, 1, 1), ('contractor',  '/dataentry/bim', 1, 1, 1),
    ('contractor2', '/dataentry/bim', 1, 1, 1), ('engineer',    '/dataentry/bim', 0, 1, 0),
    ('planner',     '/dataentry/bim', 0, 0, 0), ('employer',    '/dataentry/bim', 0, 0, 0),
    ('manager',     '/dataentry/bim', 0, 0, 0)
) AS g (username, route, c, u, d)
JOIN users u ON u.c_username = g.username
JOIN navigation n ON n.c_route = g.route;

-- ---------------------------------------------------------------------------------------------------------------
-- Deployment plans: each package's plans for the two past months and this month, and next month's where the
-- contractor has started it. Month k is k months from this one.
CREATE TEMP TABLE demo_dep ON COMMIT DROP AS
SELECT v.*, p.id AS package, u.id AS raiser,
       to_char(date_trunc('month', current_date) + make_interval(months => v.k), 'YYYY-MM') AS month,
       (date_trunc('month', current_date) + make_interval(months => v.k))::date AS month_start
FROM (VALUES
    ('C1-V01', -2, 'Accepted', 'V', 1.00), ('C1-V01', -1, 'Accepted', 'V', 1.00), ('C1-V01', 0, 'Accepted', 'V', 1.00),
    ('C1-V01', 1, 'Submitted', 'V', 1.00),
    ('C2-V01', -2, 'Accepted', 'V', 0.90), ('C2-V01', -1, 'Accepted', 'V', 0.90), ('C2-V01', 0, 'Accepted', 'V', 0.90),
    ('C2-V01', 1, 'Returned', 'V', 0.90),
    ('C2-V02', -2, 'Accepted', 'V', 0.80), ('C2-V02', -1, 'Accepted', 'V', 0.80), ('C2-V02', 0, 'Accepted', 'V', 0.80),
    ('C2-V02', 1, 'Draft', 'V', 0.80),
    ('C1-UG01', -2, 'Accepted', 'U', 1.00), ('C1-UG01', -1, 'Accepted', 'U', 1.00), ('C1-UG01', 0, 'Accepted', 'U', 1.00),
    ('C1-UG01', 1, 'Draft', 'U', 1.00),
    ('C1-DP01', -2, 'Accepted', 'D', 1.00), ('C1-DP01', -1, 'Accepted', 'D', 1.00), ('C1-DP01', 0, 'Submitted', 'D', 1.00),
    ('C1-SYS1', -2, 'Accepted', 'S', 1.00), ('C1-SYS1', -1, 'Accepted', 'S', 1.00), ('C1-SYS1', 0, 'Accepted', 'S', 1.00),
    ('C1-SYS1', 1, 'Submitted', 'S', 1.00)
) AS v (package_code, k, state, kind, factor)
JOIN package p ON p.c_code = v.package_code
JOIN users u ON u.c_username = CASE WHEN v.package_code IN ('C1-V01', 'C2-V01', 'C2-V02') THEN 'contractor'
                                    ELSE 'contractor2' END;

INSERT INTO deployment_plan (c_plan_no, n_package, c_month, c_remarks, n_reviewer, c_review_remarks, d_submitted,
                             d_review_due, d_reviewed, c_state, n_ball_in_court, n_raised_by, n_updated_by,
                             d_created_at, d_updated_at)
SELECT d.package_code || '-DEP-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.k)::text, 4, '0'),
       d.package, d.month,
       CASE d.kind
           WHEN 'V' THEN 'Pier and pier-cap fronts, span erection by launching girder; night shifts for segment transport.'
           WHEN 'U' THEN 'Both TBMs boring; station box excavation and base slab at Old Fort and Market Square.'
           WHEN 'D' THEN 'Workshop piling and inspection bay pits; stabling yard earthwork.'
           ELSE 'Equipment room fit-out and trackside signalling cabling, Airport to Riverside.' END,
       eng.id,
       CASE WHEN d.state = 'Accepted' THEN 'Accepted. Keep the bar-bender strength up with the pier-cap cycle.'
            WHEN d.state = 'Returned' THEN 'The programme needs the second launching girder from the second week; bar benders are below the month''s rebar tonnage (about 1,150 t). Revise and resubmit.' END,
       CASE WHEN d.state = 'Draft' THEN NULL
            WHEN d.k <= 0 THEN d.month_start - 6
            ELSE current_date - 4 END,
       CASE WHEN d.state = 'Draft' THEN NULL
            WHEN d.k <= 0 THEN d.month_start - 1
            ELSE current_date + 1 END,
       CASE WHEN d.state IN ('Accepted', 'Returned') THEN
                CASE WHEN d.k <= 0 THEN d.month_start - 3 ELSE current_date - 2 END END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.raiser WHEN 'Submitted' THEN eng.id WHEN 'Returned' THEN d.raiser END,
       d.raiser,
       CASE WHEN d.state IN ('Accepted', 'Returned') THEN eng.id ELSE d.raiser END,
       CASE WHEN d.state = 'Draft' THEN current_date - 1 WHEN d.k <= 0 THEN d.month_start - 8
            ELSE current_date - 6 END + interval '10 hours',
       CASE WHEN d.state = 'Draft' THEN current_date - 1 WHEN d.k <= 0 THEN d.month_start - 3
            ELSE current_date - 2 END + interval '16 hours'
FROM demo_dep d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
ORDER BY d.package, d.k;

-- The lines: a category's planned daily figure grows month by month as the fronts open.
INSERT INTO deployment_plan_line (n_plan, n_category, n_planned, c_work_front, n_created_by, n_updated_by,
                                  d_created_at, d_updated_at)
SELECT p.id, c.id,
       greatest(1, round(l.base * d.factor * (1 + 0.05 * (d.k + 2))))::integer,
       l.front, p.n_raised_by, p.n_raised_by, p.d_created_at, p.d_created_at
FROM demo_dep d
JOIN deployment_plan p ON p.n_package = d.package AND p.c_month = d.month
JOIN (VALUES
    ('V', 'MP-ENG', 18, 'All fronts'), ('V', 'MP-BAR', 60, 'Pier cages and pier-cap reinforcement'),
    ('V', 'MP-CAR', 55, 'Pier and pier-cap shuttering'), ('V', 'MP-MAS', 20, 'Station footings and plinth'),
    ('V', 'MP-WEL', 12, 'Stitching and bearings'), ('V', 'MP-OPR', 22, 'Cranes, rigs and pumps'),
    ('V', 'MP-RIG', 16, 'Segment handling and launching'), ('V', 'MP-UNS', 140, 'All fronts'),
    ('V', 'MC-CRC100', 2, 'Segment yard and pier caps'), ('V', 'MC-HYD50', 3, 'Pier cages and formwork'),
    ('V', 'MC-PILE', 3, 'Open pile fronts'), ('V', 'MC-TM', 10, 'From the batching plant'),
    ('V', 'MC-BP', 2, 'Pier-cap pours'), ('V', 'MC-LG', 1, 'Span erection'), ('V', 'MC-DG', 4, 'Night works'),
    ('U', 'MP-ENG', 24, 'Tunnels and station boxes'), ('U', 'MP-BAR', 45, 'Base slab and walls'),
    ('U', 'MP-CAR', 40, 'Slab and wall shuttering'), ('U', 'MP-ELE', 14, 'TBM and tunnel lighting'),
    ('U', 'MP-OPR', 30, 'TBM, gantries and excavators'), ('U', 'MP-RIG', 18, 'Segment handling'),
    ('U', 'MP-UNS', 160, 'All fronts'), ('U', 'MC-TBM', 2, 'UP and DN drives'),
    ('U', 'MC-GAN', 2, 'Launch shaft'), ('U', 'MC-EXC', 4, 'Station box excavation'),
    ('U', 'MC-TM', 8, 'Slab pours and grout'), ('U', 'MC-DG', 3, 'Standby power'),
    ('D', 'MP-ENG', 10, 'Workshop and yard'), ('D', 'MP-BAR', 30, 'Pile caps and pits'),
    ('D', 'MP-CAR', 28, 'Pit walls'), ('D', 'MP-MAS', 25, 'Boundary wall and drains'),
    ('D', 'MP-WEL', 10, 'Workshop steel structure'), ('D', 'MP-UNS', 90, 'All fronts'),
    ('D', 'MC-HYD50', 2, 'Steel erection'), ('D', 'MC-PILE', 2, 'Workshop piling'), ('D', 'MC-TM', 6, 'Pit walls'),
    ('D', 'MC-EXC', 3, 'Stabling yard earthwork'), ('D', 'MC-DG', 2, 'Site power'),
    ('S', 'MP-ENG', 12, 'Equipment rooms'), ('S', 'MP-ELE', 26, 'Cabling and racks'),
    ('S', 'MP-WEL', 6, 'Cable trays and brackets'), ('S', 'MP-RIG', 10, 'Equipment shifting'),
    ('S', 'MP-UNS', 40, 'Cable trenching'), ('S', 'MC-HYD50', 1, 'Equipment lifting'),
    ('S', 'MC-TRV', 2, 'Trackside cabling'), ('S', 'MC-DG', 2, 'Testing power')
) AS l (kind, category, base, front) ON l.kind = d.kind
JOIN resource_category c ON c.c_code = l.category;

-- Two weeks of actual deployment on every package, per category of the month's plan: the database looks up the
-- planned figure and computes the variance. Sundays run at half strength.
INSERT INTO deployment_actual (n_package, d_date, n_category, n_actual, n_idle, c_work_front, c_remarks,
                               n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT p.n_package, day::date, l.n_category, a.actual,
       CASE WHEN l.c_resource_type = 'Machinery' AND a.h % 7 = 0 AND a.actual > 0 THEN 1 ELSE 0 END,
       l.c_work_front,
       CASE WHEN a.h < 4 AND l.c_resource_type = 'Manpower' THEN 'Short: labour gone home for the harvest season; agency asked for replacements.'
            WHEN a.h < 4 THEN 'Short: one unit under breakdown maintenance.'
            WHEN l.c_resource_type = 'Machinery' AND a.h % 7 = 0 AND a.actual > 0 THEN 'One unit idle: front not released (waiting on pour clearance).'
            WHEN extract(isodow FROM day) = 7 THEN 'Sunday: half strength.' END,
       p.n_raised_by, p.n_raised_by, day + interval '19 hours', day + interval '19 hours'
FROM deployment_plan p
JOIN deployment_plan_line l ON l.n_plan = p.id
JOIN generate_series(current_date - 13, current_date, interval '1 day') AS day
  ON to_char(day, 'YYYY-MM') = p.c_month
CROSS JOIN LATERAL (
    SELECT h, greatest(0, round(l.n_planned * (0.80 + h / 100.0)
                                * CASE WHEN extract(isodow FROM day) = 7 AND l.c_resource_type = 'Manpower'
                                       THEN 0.5 ELSE 1 END))::integer AS actual
    FROM (SELECT ((extract(doy FROM day)::integer * 7 + l.n_category::integer * 13 + p.n_package::integer * 5) % 28) AS h) AS x
) AS a;

-- The events: submitted, returned once (C1-SYS1's plan of last month, before it was accepted), accepted.
INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'deployment_plan', p.id::text, e.transition, e.from_state, e.to_state,
       CASE WHEN e.by = 'engineer' THEN p.n_reviewer ELSE p.n_raised_by END,
       p.d_submitted + e.after + interval '11 hours', e.comment
FROM deployment_plan p
JOIN package pk ON pk.id = p.n_package
CROSS JOIN (VALUES
    (1, 'submit', 'Draft', 'Submitted', 'contractor', -2, NULL),
    (2, 'return', 'Submitted', 'Returned', 'engineer', -1, 'Machinery for the trackside cabling is short of the programme; revise.'),
    (3, 'resubmit', 'Returned', 'Submitted', 'contractor', 0, NULL),
    (4, 'submit', 'Draft', 'Submitted', 'contractor', 0, NULL),
    (5, 'accept', 'Submitted', 'Accepted', 'engineer', 3, NULL),
    (6, 'return', 'Submitted', 'Returned', 'engineer', 2, 'The programme needs the second launching girder from the second week; revise and resubmit.')
) AS e (n, transition, from_state, to_state, by, after, comment)
WHERE p.c_state <> 'Draft'
  AND CASE WHEN pk.c_code = 'C1-SYS1' AND p.c_month = to_char(date_trunc('month', current_date) - interval '1 month', 'YYYY-MM')
           THEN e.n IN (1, 2, 3, 5)
           ELSE e.n = 4 OR (e.n = 5 AND p.c_state = 'Accepted') OR (e.n = 6 AND p.c_state = 'Returned') END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'deployment_plan', n_package::text, count(*) FROM deployment_plan GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Three-month rolling plans: one per package and starting month, reviewed by the PMC planning engineer.
CREATE TEMP TABLE demo_3mrp ON COMMIT DROP AS
SELECT v.*, p.id AS package, u.id AS raiser,
       (date_trunc('month', current_date) + make_interval(months => v.k))::date AS month_start,
       (SELECT s.c_name FROM station s WHERE s.n_package = p.id ORDER BY s.n_sequence LIMIT 1 OFFSET 2) AS s1,
       (SELECT s.c_name FROM station s WHERE s.n_package = p.id ORDER BY s.n_sequence LIMIT 1 OFFSET 3) AS s2
FROM (VALUES
    ('C1-V01', -2, 'Accepted', 'V'), ('C1-V01', -1, 'Accepted', 'V'), ('C1-V01', 0, 'Accepted', 'V'),
    ('C1-V01', 1, 'Draft', 'V'),
    ('C2-V01', -2, 'Accepted', 'V'), ('C2-V01', -1, 'Accepted', 'V'), ('C2-V01', 0, 'Submitted', 'V'),
    ('C2-V02', -2, 'Accepted', 'V'), ('C2-V02', -1, 'Accepted', 'V'), ('C2-V02', 0, 'Returned', 'V'),
    ('C1-UG01', -2, 'Accepted', 'U'), ('C1-UG01', -1, 'Accepted', 'U'), ('C1-UG01', 0, 'Submitted', 'U'),
    ('C1-DP01', -2, 'Accepted', 'D'), ('C1-DP01', -1, 'Accepted', 'D'), ('C1-DP01', 0, 'Accepted', 'D'),
    ('C1-DP01', 1, 'Draft', 'D'),
    ('C1-SYS1', -2, 'Accepted', 'S'), ('C1-SYS1', -1, 'Accepted', 'S'), ('C1-SYS1', 0, 'Returned', 'S')
) AS v (package_code, k, state, kind)
JOIN package p ON p.c_code = v.package_code
JOIN users u ON u.c_username = CASE WHEN v.package_code IN ('C1-V01', 'C2-V01', 'C2-V02') THEN 'contractor'
                                    ELSE 'contractor2' END;

INSERT INTO rolling_plan (c_plan_no, n_package, c_start_month, c_title, c_key_constraints, n_planner,
                          c_review_remarks, d_submitted, d_review_due, d_reviewed, c_state, n_ball_in_court,
                          n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-3MRP-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.k)::text, 3, '0'),
       d.package, to_char(d.month_start, 'YYYY-MM'),
       'Rolling plan ' || to_char(d.month_start, 'Mon YYYY') || ' to '
           || to_char(d.month_start + interval '2 months', 'Mon YYYY'),
       CASE d.kind
           WHEN 'V' THEN 'Right of way at the station footprints; utility diversions by BESCOM and BWSSB; traffic police night blocks for span erection.'
           WHEN 'U' THEN 'Building condition survey sign-off along the drive; dewatering permission at Market Square.'
           WHEN 'D' THEN 'Possession of the balance 1.8 ha of the depot land; HT line shifting across the stabling yard.'
           ELSE 'Access to equipment rooms depends on the civil contractors'' handover dates.' END,
       pl.id,
       CASE WHEN d.state = 'Accepted' THEN 'Accepted; constraints tracked in the monthly progress review.'
            WHEN d.state = 'Returned' THEN 'Month 2 quantities do not match the fronts shown as not available; align them with the land handover dates.' END,
       CASE WHEN d.state = 'Draft' THEN NULL WHEN d.k < 0 THEN d.month_start - 7 ELSE current_date - 3 END,
       CASE WHEN d.state = 'Draft' THEN NULL WHEN d.k < 0 THEN d.month_start ELSE current_date + 4 END,
       CASE WHEN d.state IN ('Accepted', 'Returned') THEN
                CASE WHEN d.k < 0 THEN d.month_start - 3 ELSE current_date - 1 END END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.raiser WHEN 'Submitted' THEN pl.id WHEN 'Returned' THEN d.raiser END,
       d.raiser,
       CASE WHEN d.state IN ('Accepted', 'Returned') THEN pl.id ELSE d.raiser END,
       CASE WHEN d.state = 'Draft' THEN current_date - 2 WHEN d.k < 0 THEN d.month_start - 9 ELSE current_date - 5 END
           + interval '10 hours',
       CASE WHEN d.state = 'Draft' THEN current_date - 2 WHEN d.k < 0 THEN d.month_start - 3 ELSE current_date - 1 END
           + interval '15 hours'
FROM demo_3mrp d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'planner') AS pl
ORDER BY d.package, d.k;

-- Activities of each plan; quantities rise with the starting month, fronts open over time.
INSERT INTO rolling_plan_line (n_plan, n_activity, c_location, c_unit, n_qty_m1, n_qty_m2, n_qty_m3, c_front_status,
                               c_constraint, d_front_expected, n_created_by, n_updated_by, d_created_at, d_updated_at)
SELECT r.id, a.id,
       replace(replace(l.location, '{s1}', coalesce(d.s1, 'Station 3')), '{s2}', coalesce(d.s2, 'Station 4')),
       a.c_unit,
       round(l.m1 * (1 + 0.1 * (d.k + 2)), CASE WHEN a.c_unit = 'km' THEN 3 ELSE 0 END),
       round(l.m2 * (1 + 0.1 * (d.k + 2)), CASE WHEN a.c_unit = 'km' THEN 3 ELSE 0 END),
       round(l.m3 * (1 + 0.1 * (d.k + 2)), CASE WHEN a.c_unit = 'km' THEN 3 ELSE 0 END),
       l.front, l.constraint_text,
       CASE WHEN l.front <> 'Available' THEN d.month_start + l.expected END,
       r.n_raised_by, r.n_raised_by, r.d_created_at, r.d_created_at
FROM demo_3mrp d
JOIN rolling_plan r ON r.n_package = d.package AND r.c_start_month = to_char(d.month_start, 'YYYY-MM')
JOIN (VALUES
    ('V', 'FDN', 'Piles, {s1} to {s2} stretch', 48, 44, 40, 'Available', NULL, 0),
    ('V', 'SUB', 'Piers and pier caps, {s1} to {s2} stretch', 6, 7, 7, 'Available', NULL, 0),
    ('V', 'SUP', 'Span erection by launching girder, {s1} to {s2}', 3, 4, 4, 'Partly available',
     'Launching over the ring-road junction needs night traffic blocks from the traffic police.', 20),
    ('V', 'FDN', '{s2} station footings, grids A to F', 10, 12, 8, 'Not available',
     'Right of way: 1,240 m2 of khasra 212/3 awaiting possession after the Sec 19 award.', 45),
    ('V', 'SUB', 'Portal piers at the {s2} junction', 0, 2, 2, 'Partly available',
     '66 kV HT line crossing the portal location: shifting by BESCOM under way.', 30),
    ('U', 'FDN', 'Secant piles, {s1} entry structure', 36, 30, 24, 'Available', NULL, 0),
    ('U', 'TRK', 'Ballastless track, UP line ramp', 0, 0.4, 0.6, 'Not available',
     'Tunnel handover from the TBM drives expected after breakthrough at {s2}.', 70),
    ('U', 'SIG', 'Trackside cabling, UP tunnel', 0, 0.8, 1.2, 'Not available',
     'Follows track laying in the UP tunnel.', 80),
    ('U', 'SUB', 'Concourse slab columns, {s2} station box', 8, 10, 10, 'Partly available',
     'Dewatering permission at {s2} awaited from the groundwater authority.', 15),
    ('D', 'FDN', 'Workshop building piles', 60, 55, 40, 'Available', NULL, 0),
    ('D', 'SUB', 'Inspection bay pit walls', 8, 10, 10, 'Available', NULL, 0),
    ('D', 'TRK', 'Stabling yard lines 1 to 6', 0, 0.6, 0.9, 'Not available',
     'Balance 1.8 ha of depot land (survey no. 44/2, Doddajala village) not yet in possession.', 60),
    ('D', 'FDN', 'Stabling yard OCS mast foundations', 0, 24, 36, 'Partly available',
     'HT line shifting across the stabling yard.', 25),
    ('S', 'SIG', 'Trackside cabling and axle counters, Airport to Aerocity', 2.5, 3, 3, 'Available', NULL, 0),
    ('S', 'SIG', 'Equipment room racks, {s1} and {s2}', 1, 1.5, 1.5, 'Partly available',
     'Equipment rooms at {s2} handed over by the civil contractor on one side only.', 20),
    ('S', 'SIG', 'Trackside cabling, underground section', 0, 1.2, 2, 'Not available',
     'Underground section not yet handed over by C1-UG01.', 75)
) AS l (kind, activity, location, m1, m2, m3, front, constraint_text, expected) ON l.kind = d.kind
JOIN activity a ON a.c_code = l.activity;

UPDATE rolling_plan_line l SET c_constraint = replace(replace(l.c_constraint, '{s1}', coalesce(d.s1, 'Station 3')),
                                                      '{s2}', coalesce(d.s2, 'Station 4'))
FROM rolling_plan r JOIN demo_3mrp d ON d.package = r.n_package AND to_char(d.month_start, 'YYYY-MM') = r.c_start_month
WHERE l.n_plan = r.id AND l.c_constraint LIKE '%{s%';

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'rolling_plan', r.id::text, e.transition, e.from_state, e.to_state,
       CASE WHEN e.by = 'planner' THEN r.n_planner ELSE r.n_raised_by END,
       CASE WHEN e.step = 'submit' THEN r.d_submitted ELSE r.d_reviewed END + interval '11 hours', e.comment
FROM rolling_plan r
CROSS JOIN (VALUES
    ('submit', 'Draft', 'Submitted', 'contractor', 0, NULL, 'submit'),
    ('accept', 'Submitted', 'Accepted', 'planner', 4, NULL, 'accept'),
    ('return', 'Submitted', 'Returned', 'planner', 2, 'Month 2 quantities do not match the fronts shown as not available; align them with the land handover dates.', 'return')
) AS e (transition, from_state, to_state, by, after, comment, step)
WHERE r.c_state <> 'Draft'
  AND (e.step = 'submit' OR (e.step = 'accept' AND r.c_state = 'Accepted') OR (e.step = 'return' AND r.c_state = 'Returned'));

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'rolling_plan', n_package::text, count(*) FROM rolling_plan GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Design deliverables of the design consultant, reviewed by the employer's engineer. Offsets are days from today;
-- rev is the current revision (each earlier one was rejected and resubmitted two weeks later); sub is the latest
-- submission (the first one was 14 days per revision earlier: the actual submission date is the first one's).
CREATE TEMP TABLE demo_ddc ON COMMIT DROP AS
SELECT v.*, p.id AS package, dc.id AS discipline,
       (SELECT s.id FROM station s WHERE s.n_package = p.id ORDER BY s.n_sequence LIMIT 1 OFFSET v.station_ix) AS station
FROM (VALUES
    (1, 'C1-V01', 'CIV', 2, 'C1V01-DDC-CIV-DRG-0101', 'General arrangement of Aerocity station, concourse level', 'Drawing', 'GFC', 'Approved', 1, -90, -60, -52, -47, 'Approved. Issue to site as GFC.'),
    (2, 'C1-V01', 'CIV', 3, 'C1V01-DDC-CIV-DBR-0004', 'Design basis report, portal piers at the Tech Park junction', 'Design basis report', 'Detailed', 'Approved with comments', 0, -70, -40, -72, -45, 'Check the portal pier for vehicle impact per IRS CBC clause 2.13 in the next issue of the calculation.'),
    (3, 'C1-V01', 'CIV', NULL, 'C1V01-DDC-CIV-CAL-0031', 'Pile cap design calculation, piers P141 to P146', 'Design calculation', 'GFC', 'Submitted', 0, -12, 10, -10, NULL, NULL),
    (4, 'C1-V01', 'ARC', 4, 'C1V01-DDC-ARC-DRG-0210', 'University station roof cladding and gutter details', 'Drawing', 'GFC', 'Rejected', 0, -30, -5, -28, NULL, 'Gutter outlets undersized for a 100 mm/h rainfall intensity; the drainage calculation is missing.'),
    (5, 'C1-V01', 'ELE', 0, 'C1V01-DDC-ELE-DRG-0305', 'Station lighting layout, International Airport', 'Drawing', 'GFC', 'Draft', 0, 5, 25, NULL, NULL, NULL),
    (6, 'C2-V01', 'CIV', 1, 'C2V01-DDC-CIV-DRG-0112', 'Segment casting yard layout, Lake View', 'Drawing', 'Detailed', 'Approved', 0, -120, -95, -118, -99, NULL),
    (7, 'C2-V01', 'CIV', NULL, 'C2V01-DDC-CIV-BBS-0045', 'Bar bending schedule, pier caps P210 to P218', 'Bar bending schedule', 'GFC', 'Approved with comments', 1, -60, -35, -40, -30, 'Lap lengths of the T32 bars to be staggered as per IRS CBC; correct before fabrication.'),
    (8, 'C2-V01', 'TRK', NULL, 'C2V01-DDC-TRK-SPC-0002', 'Specification for ballastless track on the viaduct', 'Specification', 'Detailed', 'Submitted', 1, -40, -10, -6, NULL, NULL),
    (9, 'C2-V02', 'CIV', 0, 'C2V02-DDC-CIV-DRG-0120', 'Textile Mills station entry structure, general arrangement', 'Drawing', 'GFC', 'Submitted', 0, -8, 12, -7, NULL, NULL),
    (10, 'C2-V02', 'ARC', 2, 'C2V02-DDC-ARC-RPT-0007', 'Universal accessibility audit report, Southfield station', 'Report', 'Preliminary', 'Draft', 0, 10, 30, NULL, NULL, NULL),
    (11, 'C1-UG01', 'CIV', 0, 'C1UG01-DDC-CIV-DRG-0150', 'Diaphragm wall panel layout, Old Fort station', 'Drawing', 'GFC', 'Approved', 2, -150, -110, -118, -112, NULL),
    (12, 'C1-UG01', 'CIV', NULL, 'C1UG01-DDC-CIV-CAL-0061', 'Tunnel lining segment design, ring types A and B', 'Design calculation', 'Detailed', 'Approved with comments', 0, -100, -70, -98, -66, 'Add the load case for the building surcharge near chainage 11.450 in the GFC issue.'),
    (13, 'C1-UG01', 'ELE', 1, 'C1UG01-DDC-ELE-DBR-0009', 'Tunnel ventilation system design basis report', 'Design basis report', 'Preliminary', 'Rejected', 1, -50, -20, -20, NULL, 'Jet-fan capacity not checked for the fire scenario at the Market Square crossover (NFPA 130).'),
    (14, 'C1-SYS1', 'SIG', NULL, 'C1SYS1-DDC-SIG-DRG-0401', 'Signalling interlocking plan, Airport to Riverside', 'Drawing', 'Detailed', 'Approved', 0, -80, -50, -81, -48, NULL),
    (15, 'C1-SYS1', 'TEL', NULL, 'C1SYS1-DDC-TEL-DRG-0410', 'TETRA radio coverage plan, underground section', 'Drawing', 'Detailed', 'Submitted', 0, -3, 18, -2, NULL, NULL),
    (16, 'C1-DP01', 'CIV', NULL, 'C1DP01-DDC-CIV-DRG-0501', 'Inspection bay pit wall details, Airport depot', 'Drawing', 'GFC', 'Approved with comments', 0, -45, -20, -44, -15, 'Provide a drainage sump at every 30 m of the pit, as in the depot design basis.')
) AS v (n, package_code, discipline_code, station_ix, document_no, title, kind, stage, state, rev, ps, pa, sub, appr,
        comments)
JOIN package p ON p.c_code = v.package_code
JOIN discipline dc ON dc.c_code = v.discipline_code;

INSERT INTO design_deliverable (c_ddc_no, n_package, n_discipline, n_station, c_document_no, c_title,
                                c_deliverable_type, c_design_stage, n_revision, d_planned_submission,
                                d_planned_approval, d_actual_submission, d_actual_approval, n_reviewer, d_review_due,
                                c_review_comments, c_state, n_ball_in_court, n_raised_by, n_updated_by, d_created_at,
                                d_updated_at)
SELECT d.package_code || '-DDC-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.n)::text, 4, '0'),
       d.package, d.discipline, d.station, d.document_no, d.title, d.kind, d.stage, d.rev,
       current_date + d.ps, current_date + d.pa, current_date + d.sub - 14 * d.rev, current_date + d.appr, eng.id,
       CASE WHEN d.sub IS NOT NULL THEN current_date + d.sub + 14 END,
       d.comments, d.state,
       CASE d.state WHEN 'Draft' THEN des.id WHEN 'Submitted' THEN eng.id WHEN 'Rejected' THEN des.id END,
       des.id,
       CASE WHEN d.state IN ('Draft', 'Submitted') THEN des.id ELSE eng.id END,
       (current_date + least(d.ps, coalesce(d.sub - 14 * d.rev, d.ps), -1) - 3)::timestamptz + interval '10 hours',
       (current_date + coalesce(d.appr, CASE WHEN d.state = 'Rejected' THEN d.sub + 5 END, d.sub, -1))::timestamptz
           + interval '16 hours'
FROM demo_ddc d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
CROSS JOIN (SELECT id FROM users WHERE c_username = 'designer') AS des
ORDER BY d.package, d.n;

-- The events: the first submission, each earlier revision rejected and resubmitted, then the current step.
INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'design_deliverable', r.id::text, e.transition, e.from_state, e.to_state, e.by, e.at, e.comment
FROM design_deliverable r
JOIN demo_ddc d ON d.document_no = r.c_document_no
CROSS JOIN LATERAL (
    SELECT 'submit' AS transition, 'Draft' AS from_state, 'Submitted' AS to_state, r.n_raised_by AS by,
           (current_date + d.sub - 14 * d.rev)::timestamptz + interval '11 hours' AS at, NULL::text AS comment
    UNION ALL
    SELECT 'reject', 'Submitted', 'Rejected', r.n_reviewer,
           (current_date + d.sub - 14 * (d.rev - i + 1) + 7)::timestamptz + interval '15 hours',
           'Revise: comments marked on the returned copy (revision ' || (i - 1) || ').'
    FROM generate_series(1, d.rev) AS i
    UNION ALL
    SELECT 'resubmit', 'Rejected', 'Submitted', r.n_raised_by,
           (current_date + d.sub - 14 * (d.rev - i))::timestamptz + interval '11 hours', NULL
    FROM generate_series(1, d.rev) AS i
    UNION ALL
    SELECT CASE r.c_state WHEN 'Approved' THEN 'approve' WHEN 'Approved with comments' THEN 'approve_with_comments'
                          ELSE 'reject' END,
           'Submitted', r.c_state, r.n_reviewer,
           (coalesce(r.d_actual_approval, current_date + d.sub + 5))::timestamptz + interval '15 hours',
           CASE WHEN r.c_state = 'Rejected' THEN r.c_review_comments END
    WHERE r.c_state IN ('Approved', 'Approved with comments', 'Rejected')
) AS e
WHERE r.c_state <> 'Draft';

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'design_deliverable', n_package::text, count(*) FROM design_deliverable GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- BIM models: design models by the design consultant, fabrication and as-built models by the contractors,
-- coordinated by the employer's engineer. run = the clash run (days from today), issued = the latest issue.
CREATE TEMP TABLE demo_bim ON COMMIT DROP AS
SELECT v.*, p.id AS package, dc.id AS discipline, u.id AS author,
       (SELECT s.id FROM station s WHERE s.n_package = p.id ORDER BY s.n_sequence LIMIT 1 OFFSET v.station_ix) AS station
FROM (VALUES
    (1, 'C1-V01', 'CIV', 2, 'Aerocity station, structural model', 'C1V01-AER-STR-M3.rvt', '350', '2.1', 'Autodesk Revit', 'RVT', 420.5, 'designer', 'Accepted', -20, 146, 146, -25, true, 'Beam-duct clashes at the concourse resolved by sleeving; all clear in the run of the accepted version.'),
    (2, 'C1-V01', 'ARC', 2, 'Aerocity station, architectural model', 'C1V01-AER-ARC-M3.ifc', '300', '1.4', 'Autodesk Revit', 'IFC 4', 380.0, 'designer', 'Clashes to resolve', -6, 88, 61, -9, false, 'Staircase headroom and false-ceiling clashes with the structural beams on the concourse; see the BCF issues.'),
    (3, 'C1-V01', 'ELE', 2, 'Aerocity station, E&M services model', 'C1V01-AER-MEP-M3.ifc', '300', '1.2', 'Autodesk Revit', 'IFC 4', 512.0, 'designer', 'In coordination', -2, 214, 150, -5, false, 'First run against the structure and architecture: cable trays against the concourse beams.'),
    (4, 'C1-V01', 'CIV', NULL, 'Viaduct spans S101 to S140, precast segments', 'C1V01-VIA-SEG-F4.ifc', '400', '3.0', 'Tekla Structures', 'IFC 2x3', 260.0, 'contractor', 'Accepted', -40, 32, 32, -44, false, 'Tendon ducts against the shear keys resolved in version 3.0.'),
    (5, 'C1-V01', 'CIV', 3, 'Tech Park station, structural model', 'C1V01-TPK-STR-M2.rvt', '300', '1.0', 'Autodesk Revit', 'RVT', NULL, 'designer', 'Draft', NULL, NULL, NULL, NULL, false, NULL),
    (6, 'C2-V01', 'CIV', 1, 'Lake View station, structural model', 'C2V01-LKV-STR-M3.rvt', '350', '1.3', 'Autodesk Revit', 'RVT', 310.2, 'designer', 'Issued', NULL, NULL, NULL, -3, false, NULL),
    (7, 'C2-V01', 'CIV', NULL, 'Viaduct P201 to P260, alignment and substructure', 'C2V01-VIA-ALN-M2.dgn', '300', '2.0', 'Bentley OpenRail', 'DGN', 145.8, 'contractor', 'In coordination', -1, 17, 9, -4, false, 'Pile caps P214 and P215 against the storm-water drain; drain diversion model awaited.'),
    (8, 'C2-V02', 'ARC', 0, 'Textile Mills station, architectural model', 'C2V02-TXM-ARC-M3.ifc', '300', '1.1', 'Autodesk Revit', 'IFC 4', 290.0, 'designer', 'Issued', NULL, NULL, NULL, -1, false, NULL),
    (9, 'C2-V02', 'CIV', 2, 'Southfield station, rebar detailing model', 'C2V02-SFD-RBR-F4.ifc', '400', '1.0', 'Tekla Structures', 'IFC 4', 198.4, 'contractor', 'Draft', NULL, NULL, NULL, NULL, false, NULL),
    (10, 'C1-UG01', 'CIV', 2, 'Central Station box, D-walls and slabs', 'C1UG01-CEN-STR-M3.rvt', '350', '4.2', 'Autodesk Revit', 'RVT', 655.0, 'designer', 'Accepted', -60, 301, 301, -66, true, 'Slab openings for the escalators and the ventilation shafts reconciled with the E&M model.'),
    (11, 'C1-UG01', 'CIV', NULL, 'Twin bored tunnels, ring model chainage 10.900 to 13.700', 'C1UG01-TUN-RNG-F5.ifc', '500', '1.0', 'Autodesk Civil 3D', 'IFC 4', 410.0, 'contractor2', 'Issued', NULL, NULL, NULL, -4, false, NULL),
    (12, 'C1-UG01', 'ELE', 1, 'Market Square station, tunnel ventilation and E&M', 'C1UG01-MKT-MEP-M3.ifc', '300', '2.3', 'Autodesk Revit', 'IFC 4', 530.0, 'designer', 'Clashes to resolve', -9, 143, 97, -12, false, 'Ventilation ducts against the roof slab beams at the plant room; 46 clashes open.'),
    (13, 'C1-SYS1', 'SIG', NULL, 'Signalling equipment rooms, Airport to Riverside', 'C1SYS1-SER-SIG-M3.dgn', '300', '1.5', 'Bentley OpenBuildings', 'DGN', 88.6, 'contractor2', 'In coordination', -3, 24, 20, -6, false, 'Rack positions against the cable cut-outs of the equipment room floors.'),
    (14, 'C1-DP01', 'ARC', NULL, 'Airport depot, workshop and inspection bay', 'C1DP01-WSH-ARC-M3.rvt', '300', '2.0', 'Autodesk Revit', 'RVT', 720.0, 'designer', 'Accepted', -30, 75, 75, -35, false, 'Crane girder against the roof trusses resolved; all clear.')
) AS v (n, package_code, discipline_code, station_ix, name, file_name, lod, version, tool, format, size_mb, author_name,
        state, run, found, resolved, issued, returned_once, notes)
JOIN package p ON p.c_code = v.package_code
JOIN discipline dc ON dc.c_code = v.discipline_code
JOIN users u ON u.c_username = v.author_name;

INSERT INTO bim_model (c_model_no, n_package, n_discipline, n_station, c_model_name, c_file_name, c_lod, c_version,
                       c_authoring_tool, c_file_format, n_size_mb, n_coordinator, d_clash_run, n_clashes_found,
                       n_clashes_resolved, c_coordination_notes, d_issued, d_accepted, c_state, n_ball_in_court,
                       n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-BIM-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.n)::text, 3, '0'),
       d.package, d.discipline, d.station, d.name, d.file_name, d.lod, d.version, d.tool, d.format, d.size_mb,
       eng.id, current_date + d.run, d.found, d.resolved, d.notes, current_date + d.issued,
       CASE WHEN d.state = 'Accepted' THEN current_date + d.run + 1 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.author WHEN 'Clashes to resolve' THEN d.author WHEN 'Accepted' THEN NULL
                    ELSE eng.id END,
       d.author,
       CASE WHEN d.state IN ('Draft', 'Issued') THEN d.author ELSE eng.id END,
       (current_date + coalesce(d.issued, -2) - CASE WHEN d.returned_once THEN 20 ELSE 3 END)::timestamptz
           + interval '10 hours',
       (current_date + coalesce(d.run + 1, d.issued, -2))::timestamptz + interval '16 hours'
FROM demo_bim d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
ORDER BY d.package, d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'bim_model', b.id::text, e.transition, e.from_state, e.to_state,
       CASE WHEN e.by = 'author' THEN b.n_raised_by ELSE b.n_coordinator END,
       (current_date + e.at)::timestamptz + interval '12 hours', e.comment
FROM bim_model b
JOIN demo_bim d ON d.file_name = b.c_file_name
CROSS JOIN LATERAL (VALUES
    (1, 'issue', 'Draft', 'Issued', 'author', d.issued - CASE WHEN d.returned_once THEN 15 ELSE 0 END, NULL, 'first'),
    (2, 'coordinate', 'Issued', 'In coordination', 'engineer', d.issued - 14, NULL, 'again'),
    (3, 'return_clashes', 'In coordination', 'Clashes to resolve', 'engineer', d.issued - 8,
     'Clashes open after the first run; resolve them and reissue.', 'again'),
    (4, 'reissue', 'Clashes to resolve', 'Issued', 'author', d.issued, NULL, 'again'),
    (5, 'coordinate', 'Issued', 'In coordination', 'engineer', d.issued + 1, NULL, 'coordinate'),
    (6, 'return_clashes', 'In coordination', 'Clashes to resolve', 'engineer', d.run, d.notes, 'return'),
    (7, 'accept', 'In coordination', 'Accepted', 'engineer', d.run + 1, NULL, 'accept')
) AS e (n, transition, from_state, to_state, by, at, comment, step)
WHERE b.c_state <> 'Draft'
  AND (e.step = 'first'
       OR (e.step = 'again' AND d.returned_once)
       OR (e.step = 'coordinate' AND b.c_state IN ('In coordination', 'Clashes to resolve', 'Accepted'))
       OR (e.step = 'return' AND b.c_state = 'Clashes to resolve')
       OR (e.step = 'accept' AND b.c_state = 'Accepted'));

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'bim_model', n_package::text, count(*) FROM bim_model GROUP BY n_package;
