-- Demo punch list (seed set "demo-punch"; migration V70; docs/registers/punch-list.md): the engineer's snags from
-- the pre-handover walks of four elevated stations of C1-V01 and two underground stations of C1-UG01, in every state,
-- with the events that brought each there and the numbers given so far.

-- The engineer raises, issues, verifies and closes (all rights but delete); the contractors fix their packages'
-- (update); the contract manager, the employer and the planner read.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), g.c, g.u, g.d, 1
FROM (VALUES
    ('engineer', 1, 1, 1),
    ('contractor', 0, 1, 0),
    ('contractor2', 0, 1, 0),
    ('manager', 0, 0, 0),
    ('employer', 0, 0, 0),
    ('planner', 0, 0, 0)
) AS g (username, c, u, d)
JOIN users u ON u.c_username = g.username
JOIN navigation n ON n.c_route = '/contract-data-entry/punchlist'
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;

CREATE TEMP TABLE punch_tmp ON COMMIT DROP AS
SELECT * FROM (VALUES
    (1, 'C1-S01', 'Cracked floor tile at the ticket gate', 'Concourse, gate array 2', 'Architectural', 'C', 'Replace the cracked vitrified tile; match the batch.', 'Closed', 40),
    (2, 'C1-S01', 'Handrail joint not welded', 'Platform 1, stair S2', 'Architectural', 'A', 'The handrail joint at the landing is only tacked; weld fully and grind.', 'Closed', 38),
    (3, 'C1-S02', 'Water ponding on the platform edge', 'Platform 2, grid 14-16', 'Civil', 'B', 'Regrade the screed towards the drain; ponding 8 mm after rain.', 'Fixed', 21),
    (4, 'C1-S02', 'Emergency light not working', 'Concourse, exit E3', 'Electrical and mechanical', 'A', 'Self-contained emergency luminaire at exit E3 does not switch over on mains failure.', 'Open', 12),
    (5, 'C1-S03', 'Gap in the platform screen edge', 'Platform 1, car 4 door', 'Systems', 'A', 'Gap between the platform edge and the screen door sill exceeds 50 mm.', 'Open', 9),
    (6, 'C1-S03', 'Paint run on the roof steel', 'Roof, truss T6', 'Architectural', 'C', 'Paint runs and holidays on the bottom chord of truss T6; touch up to the spec.', 'Open', 7),
    (7, 'C1-S04', 'Missing expansion joint cover', 'Concourse, grid C/7', 'Civil', 'B', 'The expansion joint cover plate is missing over 3 m.', 'Draft', 2),
    (8, 'C1-S04', 'Lift landing door scratched', 'Lift L1, concourse level', 'Electrical and mechanical', 'C', 'Scratches on the stainless landing door of lift L1; polish or replace the panel.', 'Fixed', 16),
    (9, 'C1-S07', 'Seepage at the diaphragm wall joint', 'Old Fort, concourse, panel 23/24', 'Civil', 'A', 'Damp patch with active seepage at the panel joint; inject and seal.', 'Open', 11),
    (10, 'C1-S07', 'Cable tray not earthed', 'Old Fort, platform services corridor', 'Electrical and mechanical', 'B', 'Earth continuity jumpers missing on two cable tray joints.', 'Fixed', 19),
    (11, 'C1-S08', 'Tactile paving misaligned', 'Market Square, entrance A', 'Architectural', 'B', 'Warning tactile tiles not continuous at the stair nosing.', 'Closed', 33),
    (12, 'C1-S08', 'Fire door does not self-close', 'Market Square, staircase 3', 'Architectural', 'A', 'The door closer is unset; the door stays open 20 degrees.', 'Open', 6)
) AS v (n, station, title, location, trade, priority, description, state, age);

INSERT INTO punch_item (c_item_no, n_package, c_title, c_location, n_station, n_latitude, n_longitude, c_trade,
                        c_priority, c_description, n_responsible, d_due, c_fix_remarks, d_fixed, c_verify_remarks,
                        d_closed, c_state, n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT p.c_code || '-PL-' || lpad(row_number() OVER (PARTITION BY p.id ORDER BY t.age DESC, t.n)::text, 4, '0'),
       p.id, t.title, t.location, s.id,
       round(12.9716 + t.n * 0.0031, 6), round(77.5946 + t.n * 0.0027, 6),
       t.trade, t.priority, t.description, con.id,
       current_date - t.age + CASE t.priority WHEN 'A' THEN 7 WHEN 'B' THEN 14 ELSE 30 END,
       CASE WHEN t.state IN ('Fixed', 'Closed') THEN 'Done as described; photos attached.' END,
       CASE WHEN t.state IN ('Fixed', 'Closed') THEN current_date - t.age + 5 END,
       CASE WHEN t.state = 'Closed' THEN 'Seen on site; acceptable.' END,
       CASE WHEN t.state = 'Closed' THEN current_date - t.age + 7 END,
       t.state,
       CASE t.state WHEN 'Draft' THEN eng.id WHEN 'Open' THEN con.id WHEN 'Fixed' THEN eng.id END,
       eng.id, eng.id,
       (current_date - t.age)::timestamptz + interval '10 hours',
       (current_date - t.age)::timestamptz + interval '10 hours'
FROM punch_tmp t
JOIN station s ON s.c_code = t.station
JOIN package p ON p.id = s.n_package
JOIN LATERAL (SELECT pu.n_user AS id FROM package_user pu JOIN users u ON u.id = pu.n_user
              WHERE pu.n_package = p.id AND u.c_username LIKE 'contractor%' LIMIT 1) AS con ON TRUE
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
ORDER BY t.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at)
SELECT 'punch_item', t.id::text, e.transition, e.from_state, e.to_state,
       CASE e.transition WHEN 'report_fixed' THEN t.n_responsible ELSE t.n_raised_by END,
       CASE e.step WHEN 1 THEN t.d_created_at + interval '1 hour'
                   WHEN 2 THEN t.d_fixed::timestamptz + interval '15 hours'
                   ELSE t.d_closed::timestamptz + interval '11 hours' END
FROM punch_item t
CROSS JOIN (VALUES ('issue', 'Draft', 'Open', 1), ('report_fixed', 'Open', 'Fixed', 2),
                   ('verify', 'Fixed', 'Closed', 3)) AS e (transition, from_state, to_state, step)
WHERE e.step <= CASE t.c_state WHEN 'Open' THEN 1 WHEN 'Fixed' THEN 2 WHEN 'Closed' THEN 3 ELSE 0 END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'punch_item', n_package::text, count(*) FROM punch_item GROUP BY n_package;
