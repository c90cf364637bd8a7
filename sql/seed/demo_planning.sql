-- Demo data of the planning contract registers (seed set "demo-planning", loaded after demo-commercial): the WBS of
-- each of the six packages (root = the package, then work groups, then the lowest level where progress is
-- measured), weights totalling 100 under every parent, links of the lowest-level nodes to the package's BOQ items
-- (found by their descriptions, so they follow whatever BOQ the commercial seed loaded; nothing is linked when
-- there is none) and to the activity master, and six months of progress per node in every workflow state, with
-- the events that brought each record there. Roll-ups, budgets and levels are the database's (V20 triggers).

-- Who may do what: the PMC planner keeps all three registers; the contractors record progress on their packages
-- and read the WBS; the engineer verifies progress; the employer's people read.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), g.c, g.u, g.d, 1
FROM (VALUES
    ('planner',     '/contract-data-entry/wbsplan',     1, 1, 1),
    ('planner',     '/contract-data-entry/wbslinking',  1, 1, 1),
    ('planner',     '/contract-data-entry/wbsprogress', 1, 1, 1),
    ('contractor',  '/contract-data-entry/wbsplan',     0, 0, 0),
    ('contractor',  '/contract-data-entry/wbslinking',  0, 0, 0),
    ('contractor',  '/contract-data-entry/wbsprogress', 1, 1, 1),
    ('contractor2', '/contract-data-entry/wbsplan',     0, 0, 0),
    ('contractor2', '/contract-data-entry/wbslinking',  0, 0, 0),
    ('contractor2', '/contract-data-entry/wbsprogress', 1, 1, 1),
    ('engineer',    '/contract-data-entry/wbsplan',     0, 0, 0),
    ('engineer',    '/contract-data-entry/wbslinking',  0, 0, 0),
    ('engineer',    '/contract-data-entry/wbsprogress', 0, 1, 0),
    ('manager',     '/contract-data-entry/wbsplan',     0, 0, 0),
    ('manager',     '/contract-data-entry/wbslinking',  0, 0, 0),
    ('manager',     '/contract-data-entry/wbsprogress', 0, 0, 0),
    ('employer',    '/contract-data-entry/wbsplan',     0, 0, 0),
    ('employer',    '/contract-data-entry/wbslinking',  0, 0, 0),
    ('employer',    '/contract-data-entry/wbsprogress', 0, 0, 0)
) AS g (username, route, c, u, d)
JOIN users u ON u.c_username = g.username
JOIN navigation n ON n.c_route = g.route
ON CONFLICT (n_user_id, n_nav_id) DO UPDATE
SET n_create = EXCLUDED.n_create, n_update = EXCLUDED.n_update, n_delete = EXCLUDED.n_delete,
    n_export = EXCLUDED.n_export;

-- The planner reads the activity master the links refer to.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 0, 0, 0, 1
FROM users u CROSS JOIN navigation n
WHERE u.c_username = 'planner' AND n.c_route = '/master/activity'
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;

-- ---------------------------------------------------------------------------------------------------------------
-- The WBS. Each package's span; every node's dates are fractions of it.
-- ---------------------------------------------------------------------------------------------------------------
CREATE TEMP TABLE demo_wbs_package ON COMMIT DROP AS
SELECT p.id AS package, p.c_code AS code, v.name, v.d_start, v.d_finish, v.progress, v.baselined, v.discipline
FROM (VALUES
    ('C1-V01',  'Viaduct and 6 elevated stations, Airport to Riverside',  DATE '2022-06-15', DATE '2025-12-14', 0.95, true,  'CIV'),
    ('C2-V01',  'Viaduct and 5 elevated stations, Northgate to Central',  DATE '2025-07-15', DATE '2028-07-14', 0.30, true,  'CIV'),
    ('C2-V02',  'Viaduct and 3 elevated stations, Central to Southfield', DATE '2025-01-01', DATE '2028-06-30', 0.45, true,  'CIV'),
    ('C1-UG01', 'Underground section, Riverside to Central Station',      DATE '2023-04-01', DATE '2027-03-31', 0.70, true,  'CIV'),
    ('C1-SYS1', 'Signalling and telecommunication, Blue Line',            DATE '2023-09-01', DATE '2026-08-31', 0.80, true,  'SIG'),
    ('C1-DP01', 'Airport depot and workshop',                             DATE '2024-10-01', DATE '2027-09-30', 0.00, false, 'CIV')
) AS v (code, name, d_start, d_finish, progress, baselined, discipline)
JOIN package p ON p.c_code = v.code;

-- Nodes below the root: package kind, code suffix, parent suffix ('' = the root), name, weight, span fractions,
-- discipline; stations are added per station below.
CREATE TEMP TABLE demo_wbs_template ON COMMIT DROP AS
SELECT * FROM (VALUES
    ('V', '1',   '',  'Substructure',                          40.00, 0.00, 0.60, 'CIV'),
    ('V', '1.1', '1', 'Piles',                                 40.00, 0.00, 0.40, 'CIV'),
    ('V', '1.2', '1', 'Pile caps',                             25.00, 0.05, 0.45, 'CIV'),
    ('V', '1.3', '1', 'Piers and pier caps',                   35.00, 0.10, 0.60, 'CIV'),
    ('V', '2',   '',  'Superstructure',                        35.00, 0.15, 0.85, 'CIV'),
    ('V', '2.1', '2', 'Segment casting',                       40.00, 0.15, 0.70, 'CIV'),
    ('V', '2.2', '2', 'Span launching',                        45.00, 0.25, 0.85, 'CIV'),
    ('V', '2.3', '2', 'Bearings',                              15.00, 0.25, 0.85, 'CIV'),
    ('V', '3',   '',  'Stations',                              25.00, 0.30, 1.00, 'ARC'),
    ('U', '1',   '',  'Tunnels',                               50.00, 0.00, 0.80, 'CIV'),
    ('U', '1.1', '1', 'TBM drive, up line',                    50.00, 0.05, 0.75, 'CIV'),
    ('U', '1.2', '1', 'TBM drive, down line',                  50.00, 0.10, 0.80, 'CIV'),
    ('U', '2',   '',  'Stations',                              40.00, 0.00, 1.00, 'CIV'),
    ('U', '3',   '',  'Cross passages',                        10.00, 0.50, 0.90, 'CIV'),
    ('U', '3.1', '3', 'Cross passage CP-1',                    50.00, 0.50, 0.80, 'CIV'),
    ('U', '3.2', '3', 'Cross passage CP-2',                    50.00, 0.60, 0.90, 'CIV'),
    ('S', '1',   '',  'Signalling',                            60.00, 0.00, 1.00, 'SIG'),
    ('S', '1.1', '1', 'Trackside equipment',                   40.00, 0.10, 0.70, 'SIG'),
    ('S', '1.2', '1', 'Interlocking and zone controllers',     35.00, 0.20, 0.80, 'SIG'),
    ('S', '1.3', '1', 'Testing and commissioning',             25.00, 0.70, 1.00, 'SIG'),
    ('S', '2',   '',  'Telecommunication',                     40.00, 0.00, 1.00, 'TEL'),
    ('S', '2.1', '2', 'Fibre optic backbone',                  35.00, 0.05, 0.50, 'TEL'),
    ('S', '2.2', '2', 'CCTV, public address and PIS',          40.00, 0.30, 0.90, 'TEL'),
    ('S', '2.3', '2', 'SCADA and radio',                       25.00, 0.40, 1.00, 'TEL'),
    ('D', '1',   '',  'Civil works',                           50.00, 0.00, 0.70, 'CIV'),
    ('D', '1.1', '1', 'Earthwork and drainage',                30.00, 0.00, 0.30, 'CIV'),
    ('D', '1.2', '1', 'Workshop and inspection sheds',         45.00, 0.15, 0.70, 'CIV'),
    ('D', '1.3', '1', 'Stabling yard',                         25.00, 0.25, 0.70, 'CIV'),
    ('D', '2',   '',  'Track and systems',                     50.00, 0.40, 1.00, 'TRK'),
    ('D', '2.1', '2', 'Depot track and turnouts',              60.00, 0.40, 0.90, 'TRK'),
    ('D', '2.2', '2', 'Depot electrification',                 40.00, 0.50, 1.00, 'ELE')
) AS t (kind, suffix, parent, name, weight, f_start, f_finish, discipline);

CREATE TEMP TABLE demo_wbs ON COMMIT DROP AS
SELECT p.package, p.code AS package_code, p.code AS code, NULL::text AS parent_code, p.name, 100.00::numeric AS weight,
       p.d_start, p.d_finish, p.discipline, p.baselined, 0 AS depth, 0 AS sort
FROM demo_wbs_package p;

INSERT INTO demo_wbs
SELECT p.package, p.code, p.code || '.' || t.suffix,
       CASE WHEN t.parent = '' THEN p.code ELSE p.code || '.' || t.parent END,
       t.name, t.weight,
       p.d_start + round((p.d_finish - p.d_start) * t.f_start)::int,
       p.d_start + round((p.d_finish - p.d_start) * t.f_finish)::int,
       t.discipline, p.baselined, CASE WHEN t.parent = '' THEN 1 ELSE 2 END, 0
FROM demo_wbs_package p
JOIN demo_wbs_template t ON t.kind = CASE WHEN p.code LIKE '%-V%' THEN 'V' WHEN p.code LIKE '%-UG%' THEN 'U'
                                          WHEN p.code LIKE '%-SYS%' THEN 'S' ELSE 'D' END;

-- A node per station under the package's Stations group (viaduct: .3, underground: .2), the weights split so that
-- they total exactly 100 (the first stations take the odd hundredths).
INSERT INTO demo_wbs
SELECT p.package, p.code,
       g.code || '.' || s.rn,
       g.code,
       s.c_name || ' station',
       trunc(100.0 / s.cnt, 2) + CASE WHEN s.rn <= round((100 - trunc(100.0 / s.cnt, 2) * s.cnt) * 100) THEN 0.01 ELSE 0 END,
       g.d_start + ((g.d_finish - g.d_start) * (s.rn - 1) / (s.cnt * 3))::int,
       g.d_finish - ((g.d_finish - g.d_start) * (s.cnt - s.rn) / (s.cnt * 3))::int,
       'ARC', p.baselined, 2, 0
FROM demo_wbs_package p
JOIN demo_wbs g ON g.package = p.package AND g.name = 'Stations'
JOIN (SELECT st.*, row_number() OVER (PARTITION BY st.n_package ORDER BY st.n_sequence) AS rn,
             count(*) OVER (PARTITION BY st.n_package) AS cnt
      FROM station st) AS s ON s.n_package = p.package;

INSERT INTO wbs_node (n_package, n_parent, c_code, c_name, c_description, n_discipline, n_weight, d_planned_start,
                      d_planned_finish, c_state, d_baselined, n_baselined_by, n_raised_by, n_updated_by, d_created_at,
                      d_updated_at)
SELECT w.package, NULL, w.code, w.name, 'Package ' || w.code || ': the root of its work breakdown structure.',
       (SELECT id FROM discipline WHERE c_code = w.discipline), w.weight, w.d_start, w.d_finish,
       CASE WHEN w.baselined THEN 'Baselined' ELSE 'Draft' END,
       CASE WHEN w.baselined THEN w.d_start + 45 END,
       CASE WHEN w.baselined THEN pl.id END,
       pl.id, pl.id, (w.d_start + 30)::timestamptz + interval '10 hours', (w.d_start + 45)::timestamptz + interval '16 hours'
FROM demo_wbs w CROSS JOIN (SELECT id FROM users WHERE c_username = 'planner') AS pl
WHERE w.depth = 0
ORDER BY w.code;

INSERT INTO wbs_node (n_package, n_parent, c_code, c_name, n_discipline, n_weight, d_planned_start, d_planned_finish,
                      c_state, d_baselined, n_baselined_by, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT w.package, par.id, w.code, w.name, (SELECT id FROM discipline WHERE c_code = w.discipline), w.weight,
       w.d_start, w.d_finish,
       CASE WHEN w.baselined THEN 'Baselined' ELSE 'Draft' END,
       CASE WHEN w.baselined THEN r.d_start + 45 END,
       CASE WHEN w.baselined THEN pl.id END,
       pl.id, pl.id, (r.d_start + 30)::timestamptz + interval '10 hours', (r.d_start + 45)::timestamptz + interval '16 hours'
FROM demo_wbs w
JOIN wbs_node par ON par.c_code = w.parent_code AND par.n_package = w.package
JOIN demo_wbs r ON r.package = w.package AND r.depth = 0
CROSS JOIN (SELECT id FROM users WHERE c_username = 'planner') AS pl
WHERE w.depth = 1
ORDER BY w.code;

INSERT INTO wbs_node (n_package, n_parent, c_code, c_name, n_discipline, n_weight, d_planned_start, d_planned_finish,
                      c_state, d_baselined, n_baselined_by, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT w.package, par.id, w.code, w.name, (SELECT id FROM discipline WHERE c_code = w.discipline), w.weight,
       w.d_start, w.d_finish,
       CASE WHEN w.baselined THEN 'Baselined' ELSE 'Draft' END,
       CASE WHEN w.baselined THEN r.d_start + 45 END,
       CASE WHEN w.baselined THEN pl.id END,
       pl.id, pl.id, (r.d_start + 30)::timestamptz + interval '10 hours', (r.d_start + 45)::timestamptz + interval '16 hours'
FROM demo_wbs w
JOIN wbs_node par ON par.c_code = w.parent_code AND par.n_package = w.package
JOIN demo_wbs r ON r.package = w.package AND r.depth = 0
CROSS JOIN (SELECT id FROM users WHERE c_username = 'planner') AS pl
WHERE w.depth = 2
ORDER BY w.code;

-- The C2-V02 stations group was reopened once to rebalance its stations' weights, then baselined again.
INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'wbs_node', w.id::text, e.transition, e.from_state, e.to_state, w.n_baselined_by,
       w.d_baselined::timestamptz + e.after, e.comment
FROM wbs_node w
CROSS JOIN (VALUES
    ('baseline', 'Draft', 'Baselined', interval '16 hours', NULL, false),
    ('reopen', 'Baselined', 'Draft', interval '120 days', 'Station weights rebalanced after the Textile Mills station scope grew (variation VO-07).', true),
    ('baseline', 'Draft', 'Baselined', interval '121 days', 'Re-baselined with the rebalanced station weights.', true)
) AS e (transition, from_state, to_state, after, comment, revised)
WHERE w.c_state = 'Baselined'
  AND (NOT e.revised OR w.c_code = 'C2-V02.3');
UPDATE wbs_node SET d_baselined = d_baselined + 121 WHERE c_code = 'C2-V02.3';

-- ---------------------------------------------------------------------------------------------------------------
-- Links: lowest-level nodes to the activity master, and to the package's BOQ items by their bills and descriptions. An item
-- matching several nodes goes to the most specific pattern (lowest rank); nodes sharing that pattern (the stations)
-- share it equally, the shares truncated so that they never total more than 100 %.
-- ---------------------------------------------------------------------------------------------------------------
INSERT INTO wbs_link (n_package, n_wbs, n_activity, n_share, c_remarks, n_raised_by, n_updated_by)
SELECT w.n_package, w.id, a.id, 100, 'Progress measured against the ' || lower(a.c_name) || ' activity',
       pl.id, pl.id
FROM wbs_node w
JOIN (VALUES ('.1.1', 'V', 'FDN'), ('.1.2', 'V', 'FDN'), ('.1.3', 'V', 'SUB'), ('.2.1', 'V', 'SUP'),
             ('.2.2', 'V', 'SUP'), ('.2.3', 'V', 'SUP'), ('.1.1', 'S', 'SIG'), ('.1.2', 'S', 'SIG'),
             ('.1.3', 'S', 'SIG'), ('.2.1', 'D', 'TRK')) AS m (suffix, kind, activity)
  ON w.c_code = (SELECT p.c_code FROM package p WHERE p.id = w.n_package) || m.suffix
 AND m.kind = CASE WHEN w.c_code LIKE '%-V%' THEN 'V' WHEN w.c_code LIKE '%-UG%' THEN 'U'
                   WHEN w.c_code LIKE '%-SYS%' THEN 'S' ELSE 'D' END
JOIN activity a ON a.c_code = m.activity
CROSS JOIN (SELECT id FROM users WHERE c_username = 'planner') AS pl;

-- Patterns over "bill | description"; suffix '' is the package root (general items, utilities and whatever no
-- work node claims: counted in the package's budget, not in a node's), a suffix ending in '.' every node under it.
CREATE TEMP TABLE demo_wbs_boq_pattern ON COMMIT DROP AS
SELECT * FROM (VALUES
    ('V', '',     'general and preliminaries|utilities', 0), ('V', '.3.', 'station', 1),
    ('V', '.1.2', 'pile ?caps?', 2), ('V', '.2.3', 'bearing|seismic arrestor|shear key', 2),
    ('V', '.1.3', 'pier|portal|substructure', 3), ('V', '.1.1', 'pil(e|es|ing)\M|foundation', 4),
    ('V', '.2.2', 'launch|erect', 5), ('V', '.2.1', 'segment|girder|superstructure|deck|span|prestress', 6),
    ('U', '',     'general and preliminaries|utilities', 0), ('U', '.3.', 'cross ?passage', 1),
    ('U', '.1.1', 'up ?line', 2), ('U', '.1.2', 'down ?line', 2),
    ('U', '.1.1', 'tunnel|tbm', 3), ('U', '.1.2', 'tunnel|tbm', 3), ('U', '.2.', 'station', 4),
    ('S', '.1.3', '\|.*(testing|commissioning)', 1), ('S', '.1.2', 'interlock|zone controller', 2),
    ('S', '.1.1', 'cbtc|trackside|signal|axle|point machine|balise', 3),
    ('S', '.2.1', 'fib(re|er)|backbone|transmission|cable', 4),
    ('S', '.2.2', 'cctv|public address|passenger information|clock', 4), ('S', '.2.3', 'scada|radio|tetra', 4),
    ('D', '.1.1', 'earthwork|drainage', 1), ('D', '.1.2', 'workshop|shed', 1), ('D', '.1.3', 'stabling', 1),
    ('D', '.2.1', 'track|turnout', 2), ('D', '.2.2', 'electrif|ohe|traction', 2),
    ('V', '', '.', 99), ('U', '', '.', 99), ('S', '', '.', 99), ('D', '', '.', 99)
) AS t (kind, suffix, pattern, rank);

CREATE TEMP TABLE demo_wbs_boq ON COMMIT DROP AS
WITH leaf AS (
    SELECT w.*, p.c_code AS package_code,
           CASE WHEN p.c_code LIKE '%-V%' THEN 'V' WHEN p.c_code LIKE '%-UG%' THEN 'U'
                WHEN p.c_code LIKE '%-SYS%' THEN 'S' ELSE 'D' END AS kind
    FROM wbs_node w JOIN package p ON p.id = w.n_package
), candidate AS (
    SELECT l.id AS n_wbs, l.n_package, b.id AS n_boq_item, min(t.rank) AS rank
    FROM leaf l
    JOIN demo_wbs_boq_pattern t ON t.kind = l.kind
     AND (l.c_code = l.package_code || t.suffix
          OR (right(t.suffix, 1) = '.' AND l.c_code LIKE l.package_code || t.suffix || '%'))
    JOIN boq_item b ON b.n_package = l.n_package AND (b.c_bill || ' | ' || b.c_description) ~* t.pattern
    GROUP BY l.id, l.n_package, b.id
), best AS (
    SELECT c.*, min(c.rank) OVER (PARTITION BY c.n_boq_item) AS best_rank FROM candidate c
)
SELECT n_wbs, n_package, n_boq_item,
       trunc(100.0 / count(*) OVER (PARTITION BY n_boq_item), 2) AS share
FROM best WHERE rank = best_rank;

INSERT INTO wbs_link (n_package, n_wbs, n_boq_item, n_activity, n_share, c_remarks, n_raised_by, n_updated_by)
SELECT d.n_package, d.n_wbs, d.n_boq_item, NULL, d.share,
       CASE WHEN d.share < 100 THEN 'Shared equally between the nodes it serves'
            WHEN w.n_parent IS NULL THEN 'General item: in the package budget, not in a work node' END, pl.id, pl.id
FROM demo_wbs_boq d JOIN wbs_node w ON w.id = d.n_wbs
CROSS JOIN (SELECT id FROM users WHERE c_username = 'planner') AS pl
ORDER BY d.n_package, d.n_wbs, d.n_boq_item;

-- ---------------------------------------------------------------------------------------------------------------
-- Progress: six month-ends per lowest-level node of the baselined packages, each higher than the last; the five
-- older ones verified, the latest in every state of the workflow (verified, submitted, returned, draft).
-- ---------------------------------------------------------------------------------------------------------------
CREATE TEMP TABLE demo_wbs_progress ON COMMIT DROP AS
WITH leaf AS (
    SELECT w.*, dp.progress, row_number() OVER (ORDER BY w.c_code) AS rn
    FROM wbs_node w
    JOIN demo_wbs_package dp ON dp.package = w.n_package
    WHERE dp.baselined AND NOT EXISTS (SELECT 1 FROM wbs_node c WHERE c.n_parent = w.id)
)
SELECT l.id AS n_wbs, l.n_package, l.c_code, l.rn, m.k,
       (date_trunc('month', current_date) - make_interval(months => 6 - m.k))::date - 1 AS d_as_of,
       -- the node's figure at the latest month: the package's progress, give or take by node
       round(least(100, greatest(0, l.progress * 100 * (0.75 + (l.rn % 5) * 0.1))) * (0.55 + 0.075 * m.k), 2) AS pct,
       CASE WHEN m.k < 6 THEN 'Verified'
            ELSE (ARRAY['Verified', 'Submitted', 'Returned', 'Draft'])[1 + l.rn % 4] END AS state,
       CASE WHEN l.n_package IN (SELECT id FROM package WHERE c_code IN ('C1-V01', 'C2-V01', 'C2-V02'))
            THEN 'contractor' ELSE 'contractor2' END AS raiser,
       CASE WHEN (l.rn + m.k) % 2 = 0 THEN 'planner' ELSE 'engineer' END AS verifier
FROM leaf l
CROSS JOIN generate_series(1, 6) AS m (k);

INSERT INTO wbs_progress (c_progress_no, n_package, n_wbs, d_as_of, n_percent_complete, c_remarks, n_verifier,
                          d_submitted, d_verification_due, c_verification_remarks, d_verified, c_state,
                          n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT p.c_code || '-WPR-' || lpad(row_number() OVER (PARTITION BY d.n_package ORDER BY d.d_as_of, d.c_code)::text, 4, '0'),
       d.n_package, d.n_wbs, d.d_as_of, d.pct,
       CASE d.k WHEN 6 THEN 'Month-end measurement from the site survey and the pour and erection registers.'
                ELSE 'Month-end measurement.' END,
       ver.id,
       CASE WHEN d.state <> 'Draft' THEN d.d_as_of + 2 END,
       CASE WHEN d.state <> 'Draft' THEN d.d_as_of + 7 END,
       CASE d.state WHEN 'Verified' THEN 'Checked against the joint measurement.'
                    WHEN 'Returned' THEN 'Two items counted twice in the measurement; re-measure against the pour register and resubmit.' END,
       CASE WHEN d.state = 'Verified' THEN d.d_as_of + 5 END,
       d.state,
       CASE d.state WHEN 'Submitted' THEN ver.id WHEN 'Verified' THEN NULL ELSE con.id END,
       con.id, con.id,
       (d.d_as_of + 1)::timestamptz + interval '10 hours', (d.d_as_of + 1)::timestamptz + interval '10 hours'
FROM demo_wbs_progress d
JOIN package p ON p.id = d.n_package
JOIN users con ON con.c_username = d.raiser
JOIN users ver ON ver.c_username = d.verifier
ORDER BY d.d_as_of, d.c_code;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'wbs_progress', g.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'raiser' THEN g.n_raised_by ELSE g.n_verifier END,
       g.d_as_of::timestamptz + e.after, e.comment
FROM wbs_progress g
CROSS JOIN (VALUES
    ('submit', 'Draft', 'Submitted', 'raiser', interval '2 days 11 hours', NULL),
    ('verify', 'Submitted', 'Verified', 'verifier', interval '5 days 15 hours', NULL),
    ('return_progress', 'Submitted', 'Returned', 'verifier', interval '5 days 15 hours',
     'Two items counted twice in the measurement; re-measure against the pour register and resubmit.')
) AS e (transition, from_state, to_state, by, after, comment)
WHERE (e.transition = 'submit' AND g.c_state <> 'Draft')
   OR (e.transition = 'verify' AND g.c_state = 'Verified')
   OR (e.transition = 'return_progress' AND g.c_state = 'Returned');

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'wbs_progress', n_package::text, count(*) FROM wbs_progress GROUP BY n_package;

-- The figures on the nodes (levels, weight totals, budgets, roll-ups), once more over the finished demo.
SELECT wbs_refresh(id) FROM package;
