-- Demo data of the site contract registers (seed set "demo-site"; migration V23): the weather, visitors, incidents
-- and delays of the demo daily reports (and a week of reports on the underground package), TBM shift records of the
-- two TBMs of C1-UG01, cube tests on four packages, traffic diversion plans, the key elements of the three viaducts
-- and the underground stations; every workflow state, with the events that brought each record there and the
-- numbers given so far. Figures are the database's where derived (advance, means, IS 456 result, status, totals).

-- ---------------------------------------------------------------------------------------------------------------
-- Permissions. The contractors create and update their site registers (and delete a draft, or a key element row);
-- the engineer verifies, decides and approves (update) and reads; the planner, the contract manager and the
-- employer read (and export). Everyone of them reads the progress summary.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'),
       CASE WHEN u.c_username LIKE 'contractor%' AND n.c_route <> '/contract-data-entry/progresssummary' THEN 1 ELSE 0 END,
       CASE WHEN u.c_username IN ('contractor', 'contractor2', 'engineer')
             AND n.c_route <> '/contract-data-entry/progresssummary' THEN 1 ELSE 0 END,
       CASE WHEN u.c_username LIKE 'contractor%'
             AND n.c_route IN ('/contract-data-entry/cube_register', '/contract-data-entry/traffic_management',
                               '/contract-data-entry/keyelementstatus') THEN 1 ELSE 0 END,
       1
FROM users u CROSS JOIN navigation n
WHERE u.c_username IN ('contractor', 'contractor2', 'engineer', 'planner', 'manager', 'employer')
  AND n.c_route IN ('/contract-data-entry/tbm_progress', '/contract-data-entry/cube_register',
                    '/contract-data-entry/traffic_management', '/contract-data-entry/keyelementstatus',
                    '/contract-data-entry/progresssummary')
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;

-- ---------------------------------------------------------------------------------------------------------------
-- Daily reports: a week on the underground package by its contractor (the last day a draft, the two before it with
-- the engineer), with manpower, equipment and activities: two TBM drives and three station boxes, some 700 people
-- a day, about 7,000 man-hours.
INSERT INTO dailyreport (c_report_no, n_package, d_report_date, c_shift, c_weather, c_work_fronts, c_remarks, n_reviewer,
                         c_review_remarks, d_reviewed, c_state, n_ball_in_court, n_created_by, n_updated_by, d_created_at)
SELECT p.c_code || '-DR-' || lpad((7 - g.day)::text, 5, '0'),
       p.id, current_date - g.day, 'Day and night',
       (ARRAY['Clear', 'Cloudy', 'Rain', 'Clear', 'Hot', 'Cloudy', 'Clear'])[1 + g.day],
       'TBM-1 Vaigai (UP) and TBM-2 Kaveri (DN) drives Old Fort to Market Square; Market Square base slab bay ' || (3 + g.day % 3)::text
           || '; Central Station diaphragm wall panels',
       CASE WHEN g.day = 2 THEN 'Segment delivery held up by rain on the casting yard access road.' END,
       eng.id,
       CASE WHEN g.day > 2 THEN 'Seen. Record the TBM shift logs against the same ring numbers.' END,
       CASE WHEN g.day > 2 THEN current_date - g.day + 1 END,
       CASE WHEN g.day = 0 THEN 'Draft' WHEN g.day <= 2 THEN 'Submitted' ELSE 'Reviewed' END,
       CASE WHEN g.day = 0 THEN con.id WHEN g.day <= 2 THEN eng.id END,
       con.id, con.id,
       (current_date - g.day)::timestamptz + interval '20 hours'
FROM package p
CROSS JOIN generate_series(0, 6) AS g(day)
CROSS JOIN (SELECT id FROM users WHERE c_username = 'contractor2') AS con
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
WHERE p.c_code = 'C1-UG01';

INSERT INTO dailyreport_manpower (n_report, c_trade, n_count, n_hours, n_created_by)
SELECT d.id, t.trade, t.base + (current_date - d.d_report_date) % 7, t.hours, d.n_created_by
FROM dailyreport d JOIN package p ON p.id = d.n_package AND p.c_code = 'C1-UG01'
CROSS JOIN (VALUES ('Engineer', 30, 12.0), ('Supervisor', 60, 12.0), ('Operator', 110, 12.0), ('Electrician', 45, 12.0),
                   ('Rigger', 90, 12.0), ('Helper', 380, 8.0)) AS t (trade, base, hours);

INSERT INTO dailyreport_equipment (n_report, c_equipment_type, n_count, n_working_hours, n_idle_hours, n_created_by)
SELECT d.id, e.kind, e.number, e.working, e.idle, d.n_created_by
FROM dailyreport d JOIN package p ON p.id = d.n_package AND p.c_code = 'C1-UG01'
CROSS JOIN (VALUES ('EPB TBM 6.6 m', 2, 20.0, 4.0), ('Gantry crane 40 t', 2, 16.0, 6.0), ('Grout plant', 2, 18.0, 6.0),
                   ('Muck skip locomotive', 4, 18.0, 4.0)) AS e (kind, number, working, idle);

INSERT INTO dailyreport_activity (n_report, n_activity, n_quantity, c_unit, c_location, n_created_by)
SELECT d.id, a.id, 2 + d.id % 3, coalesce(a.c_unit, 'nos'), 'Market Square station box', d.n_created_by
FROM dailyreport d JOIN package p ON p.id = d.n_package AND p.c_code = 'C1-UG01'
CROSS JOIN LATERAL (SELECT id, c_unit FROM activity ORDER BY id LIMIT 1 OFFSET 2) AS a;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at)
SELECT 'dailyreport', d.id::text, e.transition, e.from_state, e.to_state,
       CASE e.transition WHEN 'submit' THEN d.n_created_by ELSE d.n_reviewer END,
       d.d_created_at + e.after
FROM dailyreport d JOIN package p ON p.id = d.n_package AND p.c_code = 'C1-UG01'
CROSS JOIN (VALUES ('submit', 'Draft', 'Submitted', interval '1 hour', 1),
                   ('review', 'Submitted', 'Reviewed', interval '14 hours', 2)) AS e (transition, from_state, to_state, after, step)
WHERE e.step <= CASE d.c_state WHEN 'Submitted' THEN 1 WHEN 'Reviewed' THEN 2 ELSE 0 END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'dailyreport', d.n_package::text, count(*)
FROM dailyreport d JOIN package p ON p.id = d.n_package AND p.c_code = 'C1-UG01'
GROUP BY d.n_package;

-- The weather of every demo report, from its one-word weather of the day (Bengaluru in the north-east monsoon).
UPDATE dailyreport d SET
    c_weather_morning = CASE d.c_weather WHEN 'Rain' THEN 'Light rain' WHEN 'Heavy rain' THEN 'Heavy rain'
                                         WHEN 'Hot' THEN 'Clear' ELSE d.c_weather END,
    c_weather_afternoon = CASE d.c_weather WHEN 'Rain' THEN 'Heavy rain' WHEN 'Heavy rain' THEN 'Thunderstorm'
                                           WHEN 'Fog' THEN 'Clear' ELSE d.c_weather END,
    n_rainfall_mm = CASE d.c_weather WHEN 'Rain' THEN 18.5 + (d.id % 4) * 3 WHEN 'Heavy rain' THEN 46.0
                                     WHEN 'Cloudy' THEN 1.5 ELSE 0 END,
    n_temp_max_c = CASE d.c_weather WHEN 'Hot' THEN 34.5 WHEN 'Rain' THEN 26.0 WHEN 'Cloudy' THEN 28.5
                                    ELSE 30.0 + (d.id % 3) END,
    n_temp_min_c = CASE d.c_weather WHEN 'Fog' THEN 16.5 WHEN 'Rain' THEN 19.5 ELSE 19.0 + (d.id % 3) END,
    n_weather_hours_lost = CASE d.c_weather WHEN 'Rain' THEN 2.5 WHEN 'Heavy rain' THEN 6.0 WHEN 'Fog' THEN 1.0 ELSE 0 END;

-- Visitors on about one report in three.
INSERT INTO dailyreport_visitor (n_report, c_name, c_organisation, c_purpose, d_time_in, d_time_out, n_created_by)
SELECT d.id, v.name, v.org, v.purpose, v.time_in, v.time_out, d.n_created_by
FROM dailyreport d
JOIN LATERAL (VALUES
    (0, 'Meera Iyer', 'Metro Rail Corporation Ltd', 'Monthly progress review of the work fronts', TIME '10:30', TIME '13:00'),
    (1, 'Arjun Mehta', 'Metro General Consultants JV', 'Joint inspection of pier cap reinforcement before the pour', TIME '09:15', TIME '11:45'),
    (2, 'S. Krishnan', 'Bangalore Traffic Police', 'Site visit for the traffic diversion permit', TIME '15:00', TIME '16:10')
) AS v (k, name, org, purpose, time_in, time_out) ON v.k = d.id % 3
WHERE d.id % 3 = 0 OR d.c_state = 'Draft';

-- Incidents: near misses and first aid cases on some days, one property damage.
INSERT INTO dailyreport_incident (n_report, d_time, c_type, c_description, c_persons_involved, c_action_taken, c_reported_to,
                                  n_created_by)
SELECT d.id, i.at, i.kind, i.description, i.persons, i.action, i.reported_to, d.n_created_by
FROM dailyreport d
JOIN LATERAL (VALUES
    (0, TIME '11:20', 'Near miss', 'A bundle of 25 mm bars slipped from the sling during lifting at the pier cap; nobody in the drop zone.',
        'Rigger crew of crawler crane 250 t', 'Lifting stopped; slings inspected and replaced; toolbox talk on tag lines.', 'HSE manager (contractor), PMC safety engineer'),
    (3, TIME '15:45', 'First aid', 'Helper cut his left hand on a binding wire end while shifting reinforcement cages.',
        'One helper (bar bending yard)', 'First aid at site dispensary; gloves issued; back to work.', 'Site HSE officer'),
    (6, TIME '02:30', 'Property damage', 'Transit mixer reversing at the batching plant hit the boundary barricade; 6 m of barricade damaged.',
        'Driver of transit mixer KA-01-AB-2231', 'Barricade repaired by 06:00; banksman posted at the plant gate.', 'Site manager; PMC safety engineer')
) AS i (k, at, kind, description, persons, action, reported_to) ON i.k = d.id % 9;

-- One lost-time injury, on the C1-V01 viaduct five days ago: the carpenter was off work for 21 days (IS 3786).
INSERT INTO dailyreport_incident (n_report, d_time, c_type, c_description, c_persons_involved, c_action_taken, c_reported_to,
                                  n_days_lost, n_created_by)
SELECT d.id, TIME '14:10', 'Lost time injury',
       'A carpenter fell 1.8 m from the pier cap shuttering platform when a plank slipped; fractured left wrist.',
       'One carpenter (pier cap shuttering gang)',
       'Taken to the empanelled hospital; platform planks secured with clamps on every pier cap; work at height permit re-briefed.',
       'HSE manager (contractor), PMC safety engineer, Inspector of Factories (Form 18 notice)',
       21, d.n_created_by
FROM dailyreport d JOIN package p ON p.id = d.n_package
WHERE p.c_code = 'C1-V01' AND d.d_report_date = current_date - 5;

-- Delays: traffic restrictions on the days the remarks say so, the weather on rainy days.
INSERT INTO dailyreport_delay (n_report, c_cause, c_description, n_hours_lost, c_affected_activity, n_created_by)
SELECT d.id, 'Traffic', 'Concrete supply held up by the city traffic restrictions on the service road (no heavy vehicles 08:00-11:00).',
       2.0, 'Pier cap concreting', d.n_created_by
FROM dailyreport d WHERE d.c_remarks LIKE 'Concrete supply held up%';

INSERT INTO dailyreport_delay (n_report, c_cause, c_description, n_hours_lost, c_affected_activity, n_created_by)
SELECT d.id, 'Weather', 'Rain: concreting and lifting suspended until the rain stopped.', d.n_weather_hours_lost,
       CASE WHEN p.c_code = 'C1-UG01' THEN 'Segment delivery to the launch shaft' ELSE 'Segment erection by launching girder' END,
       d.n_created_by
FROM dailyreport d JOIN package p ON p.id = d.n_package
WHERE d.c_weather IN ('Rain', 'Heavy rain');

INSERT INTO dailyreport_delay (n_report, c_cause, c_description, n_hours_lost, c_affected_activity, n_created_by)
SELECT d.id, 'Utility', 'BESCOM 11 kV cable found 0.6 m off the surveyed alignment at pile P' || (110 + d.id % 10)::text
       || '; boring stopped until the utility was protected.', 4.5, 'Pile boring', d.n_created_by
FROM dailyreport d JOIN package p ON p.id = d.n_package AND p.c_code = 'C2-V01'
WHERE d.d_report_date IN (current_date - 5, current_date - 11);

-- ---------------------------------------------------------------------------------------------------------------
-- TBM progress: the two EPB TBMs of C1-UG01 driving from the Old Fort launch shaft (ring 1 at km 10.960) towards
-- Market Square. Rings of 1.4 m, consecutive shift by shift: TBM-1 Vaigai (UP line) from ring 381, TBM-2 Kaveri
-- (DN line) from ring 251, three shifts a day. The last shifts wait on the engineer; the rest are verified.
CREATE TEMP TABLE site_tbm ON COMMIT DROP AS
WITH shifts AS (
    SELECT t.tbm, t.name, t.drive, t.ring0, g.k, t.n_shifts,
           (ARRAY[5, 6, 4, 6, 5, 7, 3, 6, 5, 6, 4, 5])[1 + (g.k + t.seed) % 12] AS built
    FROM (VALUES ('TBM-1', 'Vaigai', 'UP', 380, 9, 0), ('TBM-2', 'Kaveri', 'DN', 250, 7, 5))
         AS t (tbm, name, drive, ring0, n_shifts, seed)
    CROSS JOIN LATERAL generate_series(1, t.n_shifts) AS g(k)
)
SELECT s.*,
       s.ring0 + sum(s.built) OVER (PARTITION BY s.tbm ORDER BY s.k) AS ring_to,
       -- shift k of n: the last shift is C of yesterday, counting back A, B, C per day
       current_date - 1 - ((s.n_shifts - s.k) / 3) AS shift_date,
       (ARRAY['C', 'B', 'A'])[1 + (s.n_shifts - s.k) % 3] AS shift
FROM shifts s;

INSERT INTO tbm_progress (c_record_no, n_package, c_tbm_no, c_tbm_name, c_drive, n_ring_no, n_rings_built, d_shift_date,
                          c_shift, n_chainage_start_km, n_chainage_end_km, n_face_pressure_bar, n_grout_m3, n_thrust_kn,
                          n_dev_h_mm, n_dev_v_mm, c_remarks, n_verifier, c_verification_remarks, d_verified, c_state,
                          n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT p.c_code || '-TBM-' || lpad(row_number() OVER (ORDER BY t.shift_date, t.shift, t.tbm)::text, 5, '0'),
       p.id, t.tbm, t.name, t.drive, t.ring_to, t.built, t.shift_date, t.shift,
       10.960 + (t.ring_to - t.built) * 0.0014, 10.960 + t.ring_to * 0.0014,
       2.05 + ((t.ring_to % 7) * 0.05), round(t.built * (5.2 + (t.ring_to % 5) * 0.15), 2), 18500 + (t.ring_to % 9) * 850,
       CASE WHEN t.tbm = 'TBM-1' AND t.k = 6 THEN 58 WHEN t.tbm = 'TBM-2' AND t.k = 7 THEN -62
            ELSE ((t.ring_to * 7) % 61) - 30 END,
       CASE WHEN t.tbm = 'TBM-2' AND t.k = 4 THEN 54 ELSE ((t.ring_to * 11) % 41) - 20 END,
       CASE WHEN t.built <= 3 THEN 'Cutter head intervention: two disc cutters changed; advance reduced.'
            WHEN t.tbm = 'TBM-1' AND t.k = 6 THEN 'Steering correction under way in mixed ground (weathered granite at invert).'
            WHEN t.tbm = 'TBM-2' AND t.k = 7 THEN 'Horizontal deviation beyond tolerance; corrective steering over the next 10 rings.' END,
       eng.id,
       CASE WHEN t.k <= t.n_shifts - 2 THEN 'Ring build and grout records checked against the shift log.' END,
       CASE WHEN t.k <= t.n_shifts - 2 THEN t.shift_date + 1 END,
       CASE WHEN t.k <= t.n_shifts - 2 THEN 'Verified' ELSE 'Recorded' END,
       CASE WHEN t.k <= t.n_shifts - 2 THEN NULL ELSE eng.id END,
       con.id, con.id,
       t.shift_date::timestamptz + CASE t.shift WHEN 'A' THEN interval '14 hours' WHEN 'B' THEN interval '22 hours'
                                                ELSE interval '30 hours' END,
       t.shift_date::timestamptz + interval '30 hours'
FROM site_tbm t
JOIN package p ON p.c_code = 'C1-UG01'
CROSS JOIN (SELECT id FROM users WHERE c_username = 'contractor2') AS con
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at)
SELECT 'tbm_progress', t.id::text, 'verify', 'Recorded', 'Verified', t.n_verifier, t.d_verified::timestamptz + interval '10 hours'
FROM tbm_progress t WHERE t.c_state = 'Verified';

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'tbm_progress', n_package::text, count(*) FROM tbm_progress GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Cube register: samples of six cubes (three tested at 7 days, three at 28) on four packages, in every state; the
-- result is the database's (IS 456 Table 11: 28-day mean >= fck + 3 and each cube >= fck - 3). Three samples fail.
CREATE TEMP TABLE site_cube ON COMMIT DROP AS
SELECT v.*, p.id AS package
FROM (VALUES
    (1, 'C1-V01', 'PC-P104-01', 'Pier cap P104', 'C1-S03', 'Ch 3.912, pier P104', 'M50', 45, 'Accepted', 41.5, 42.0, 40.5, 59.0, 60.5, 58.5),
    (2, 'C1-V01', 'SEG-S22-05', 'Segment S22-05, span 22', 'C1-S03', 'Casting yard bed 3', 'M50', 40, 'Accepted', 43.0, 42.5, 44.0, 61.5, 60.0, 62.0),
    (3, 'C1-V01', 'SEG-S23-02', 'Segment S23-02, span 23', 'C1-S03', 'Casting yard bed 1', 'M50', 38, 'Rejected', 36.0, 37.5, 35.5, 50.5, 49.0, 51.5),
    (4, 'C1-V01', 'PL-P112-3', 'Pile P112/3', 'C1-S04', 'Ch 4.210, pier P112', 'M35', 31, 'Tested 28-day', 27.5, 28.0, 26.5, 41.5, 42.0, 40.0),
    (5, 'C1-V01', 'PR-P106-L2', 'Pier P106, lift 2', 'C1-S03', 'Ch 3.968, pier P106', 'M45', 16, 'Tested 7-day', 35.0, 36.5, 34.5, NULL, NULL, NULL),
    (6, 'C1-V01', 'PC-P107-01', 'Pier cap P107', 'C1-S03', 'Ch 3.996, pier P107', 'M50', 3, 'Cast', NULL, NULL, NULL, NULL, NULL, NULL),
    (7, 'C2-V01', 'PCP-P212-01', 'Pile cap P212', 'C2-S02', 'Ch 2.410, pier P212', 'M35', 52, 'Accepted', 28.5, 29.0, 27.0, 42.5, 43.0, 41.0),
    (8, 'C2-V01', 'CS-LV-B2', 'Concourse slab bay 2, Lake View', 'C2-S02', 'Grid C-D/4-6', 'M40', 36, 'Accepted', 31.0, 32.5, 30.5, 47.5, 48.0, 46.5),
    (9, 'C2-V01', 'PR-P215-L1', 'Pier P215, lift 1', 'C2-S02', 'Ch 2.494, pier P215', 'M45', 33, 'Rejected', 30.5, 31.0, 29.0, 48.5, 46.0, 41.5),
    (10, 'C2-V01', 'PS-LV-B1', 'Platform slab bay 1, Lake View', 'C2-S02', 'Grid A-B/1-3', 'M40', 29, 'Tested 28-day', 30.0, 31.5, 30.0, 45.0, 44.5, 46.0),
    (11, 'C2-V02', 'PL-P318-2', 'Pile P318/2', 'C2-S06', 'Ch 10.120, pier P318', 'M35', 12, 'Tested 7-day', 26.5, 27.0, 25.5, NULL, NULL, NULL),
    (12, 'C2-V02', 'PCP-P318-01', 'Pile cap P318', 'C2-S06', 'Ch 10.120, pier P318', 'M35', 5, 'Cast', NULL, NULL, NULL, NULL, NULL, NULL),
    (13, 'C2-V02', 'SEG-S31-07', 'Segment S31-07, span 31', 'C2-S06', 'Casting yard bed 2', 'M50', 30, 'Tested 28-day', 37.0, 36.0, 38.5, 52.5, 51.0, 53.5),
    (14, 'C1-UG01', 'DW-OF-23', 'Diaphragm wall panel DW-23, Old Fort', 'C1-S07', 'Panel 23, north wall', 'M40', 60, 'Accepted', 30.5, 31.0, 32.0, 47.0, 48.5, 46.0),
    (15, 'C1-UG01', 'BS-MS-B4', 'Base slab bay 4, Market Square', 'C1-S08', 'Bay 4, grid 8-11', 'M40', 20, 'Tested 7-day', 29.5, 30.0, 31.0, NULL, NULL, NULL),
    (16, 'C1-UG01', 'TSR-0412', 'Tunnel lining segments, rings 410-415', 'C1-S07', 'Segment factory, mould 4', 'M60', 34, 'Accepted', 49.0, 50.5, 48.0, 67.5, 68.0, 66.0)
) AS v (n, package_code, pour, element, station, location, grade, age, state, a7, b7, c7, a28, b28, c28)
JOIN package p ON p.c_code = v.package_code;

INSERT INTO cube_register (c_cube_no, n_package, c_pour_ref, c_element, n_station, c_location, c_grade, d_cast, n_cubes,
                           n_s7_1, n_s7_2, n_s7_3, n_s28_1, n_s28_2, n_s28_3, c_lab, c_remarks, n_engineer,
                           c_decision_remarks, d_decided, c_state, n_ball_in_court, n_raised_by, n_updated_by,
                           d_created_at, d_updated_at)
SELECT c.package_code || '-CT-' || lpad(row_number() OVER (PARTITION BY c.package ORDER BY c.age DESC, c.n)::text, 5, '0'),
       c.package, c.pour, c.element, s.id, c.location, c.grade, current_date - c.age, 6,
       c.a7, c.b7, c.c7, c.a28, c.b28, c.c28,
       CASE WHEN c.package_code = 'C1-UG01' THEN 'TBC site laboratory, Old Fort (NABL)' ELSE 'Site laboratory, casting yard (NABL accredited)' END,
       CASE WHEN c.n IN (3, 9) THEN 'Core tests proposed on the element; see NCR.' END,
       eng.id,
       CASE c.state WHEN 'Accepted' THEN 'Accepted: meets IS 456 Table 11.'
                    WHEN 'Rejected' THEN 'Rejected: 28-day result below IS 456 Table 11 acceptance; raise an NCR and take cores.' END,
       CASE WHEN c.state IN ('Accepted', 'Rejected') THEN current_date - c.age + 30 END,
       c.state,
       CASE c.state WHEN 'Tested 28-day' THEN eng.id WHEN 'Cast' THEN con.id WHEN 'Tested 7-day' THEN con.id END,
       con.id, con.id,
       (current_date - c.age)::timestamptz + interval '17 hours',
       (current_date - c.age)::timestamptz + interval '17 hours'
FROM site_cube c
JOIN station s ON s.c_code = c.station
JOIN LATERAL (SELECT pu.n_user AS id FROM package_user pu JOIN users u ON u.id = pu.n_user
              WHERE pu.n_package = c.package AND u.c_username LIKE 'contractor%' LIMIT 1) AS con ON TRUE
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
ORDER BY c.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'cube_register', c.id::text, e.transition, e.from_state, e.to_state,
       CASE WHEN e.step <= 2 THEN c.n_raised_by ELSE c.n_engineer END,
       c.d_cast::timestamptz + e.after, CASE WHEN e.transition = 'reject' THEN c.c_decision_remarks END
FROM cube_register c
CROSS JOIN (VALUES ('record_7day', 'Cast', 'Tested 7-day', interval '7 days 16 hours', 1),
                   ('record_28day', 'Tested 7-day', 'Tested 28-day', interval '28 days 16 hours', 2),
                   ('accept', 'Tested 28-day', 'Accepted', interval '30 days 11 hours', 3),
                   ('reject', 'Tested 28-day', 'Rejected', interval '30 days 11 hours', 3)) AS e (transition, from_state, to_state, after, step)
WHERE e.step <= CASE c.c_state WHEN 'Tested 7-day' THEN 1 WHEN 'Tested 28-day' THEN 2 WHEN 'Accepted' THEN 3
                               WHEN 'Rejected' THEN 3 ELSE 0 END
  AND (e.step < 3 OR e.to_state = c.c_state);

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'cube_register', n_package::text, count(*) FROM cube_register GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Traffic management: diversion plans on four packages, in every state of their workflow.
CREATE TEMP TABLE site_tmp ON COMMIT DROP AS
SELECT v.*, p.id AS package
FROM (VALUES
    (1, 'C1-V01', 'Airport Road median closure, piers P101-P108', 'Airport Road (NH 44), Hebbal-bound carriageway', 'C1-S01', 'Stage 1',
        'Median closed over 220 m for pier construction; two lanes kept each way by using the service road; barricading with blinkers every 10 m; flagmen at both ends.', 'Closed', 160, 150, 95),
    (2, 'C1-V01', 'Launching girder crossing at Aerocity junction', 'Aerocity junction, ring road', 'C1-S03', 'Stage 2',
        'Night closure 23:00-05:00 of the ring road for launching girder crossing over spans 21-23; traffic diverted through Aerocity Link Road.', 'Active', 40, 3, 6),
    (3, 'C1-V01', 'Tech Park station entry works', 'Outer Ring Road near Tech Park', 'C1-S04', 'Stage 2',
        'Left lane closed over 120 m for the station entry structure; bus bay shifted 80 m ahead.', 'Active', 70, 60, 90),
    (4, 'C1-V01', 'University station staircase foundations', 'University Road', 'C1-S05', 'Stage 3',
        'Footpath closure and pedestrian walkway with hand rails over 60 m; one lane closed during the day only.', 'Authority approved', 20, -5, 60),
    (5, 'C1-V01', 'Riverside span erection over the river road', 'River Road bridge approach', 'C1-S06', 'Stage 3',
        'Full closure on two Sunday nights for erection of the 40 m span; detour via Old Fort Road.', 'Draft', 2, -20, 10),
    (6, 'C2-V01', 'Northgate pier works, Bellary Road', 'Bellary Road, city-bound', 'C2-S01', 'Stage 1',
        'Median closure for piers P201-P206; traffic in two lanes each way; speed limit 30 km/h.', 'Closed', 130, 120, 70),
    (7, 'C2-V01', 'Lake View station concourse', 'Lake View Main Road', 'C2-S02', 'Stage 2',
        'Both carriageways narrowed to two lanes for the concourse formwork and staging.', 'Active', 55, 45, 50),
    (8, 'C2-V01', 'Civil Lines pile cap works', 'Civil Lines Road at Cubbon junction', 'C2-S03', 'Stage 2',
        'Right-turn pocket closed; turning traffic diverted through Queens Road.', 'Approved', 12, -10, 50),
    (9, 'C2-V01', 'Stadium approach utility diversion', 'Stadium Road', 'C2-S04', 'Stage 1',
        'Trenching across the road in two halves for the 11 kV cable diversion; half the road open at a time.', 'Submitted', 5, -15, 20),
    (10, 'C2-V02', 'Textile Mills portal frame', 'Mysore Road at Textile Mills', 'C2-S06', 'Stage 1',
        'Service road closed for the portal frame pier; traffic moved to the main carriageway.', 'Submitted', 4, -12, 40),
    (11, 'C2-V02', 'Industrial Estate segment transport route', 'Industrial Estate 2nd Cross', 'C2-S07', 'Stage 2',
        'Night movement of segment trailers; parking prohibited on one side.', 'Draft', 1, -25, 30),
    (12, 'C1-UG01', 'Market Square station box, stage 2 deck', 'Market Square, KR Road', 'C1-S08', 'Stage 2',
        'Traffic moved onto the completed decking over the station box; two lanes each way; pedestrian subway closed.', 'Active', 90, 80, 120),
    (13, 'C1-UG01', 'Central Station launch shaft muck haul route', 'Station Road to the dumping yard', 'C1-S09', 'Stage 1',
        'Muck haul trucks 22:00-06:00 only; traffic wardens at two junctions.', 'Approved', 10, -8, 90),
    (14, 'C1-UG01', 'Old Fort shaft crane erection', 'Fort Road', 'C1-S07', 'Stage 1',
        'Full closure for one day for erection of the 100 t gantry crane; detour via Albert Victor Road.', 'Closed', 120, 110, 1)
) AS v (n, package_code, title, location, station, stage, description, state, age, starts_in, days)
JOIN package p ON p.c_code = v.package_code;

INSERT INTO traffic_management (c_plan_no, n_package, c_title, c_location, n_station, c_stage, c_description, c_authority,
                                n_engineer, c_engineer_remarks, d_engineer_approved, d_applied, d_approved, c_permit_no,
                                d_valid_from, d_valid_to, d_closed, c_state, n_ball_in_court, n_raised_by, n_updated_by,
                                d_created_at, d_updated_at)
SELECT t.package_code || '-TMP-' || lpad(row_number() OVER (PARTITION BY t.package ORDER BY t.age DESC, t.n)::text, 4, '0'),
       t.package, t.title, t.location, s.id, t.stage, t.description, 'Traffic Police',
       eng.id,
       CASE WHEN t.state NOT IN ('Draft', 'Submitted') THEN 'Approved subject to the police conditions on flagmen and night lighting.' END,
       CASE WHEN t.state NOT IN ('Draft', 'Submitted') THEN current_date - t.age + 3 END,
       CASE WHEN t.state IN ('Authority approved', 'Active', 'Closed') THEN current_date - t.age + 4 END,
       CASE WHEN t.state IN ('Authority approved', 'Active', 'Closed') THEN current_date - t.age + 9 END,
       CASE WHEN t.state IN ('Authority approved', 'Active', 'Closed') THEN 'BTP/TM/' || to_char(current_date - t.age + 9, 'YYYY') || '/' || (400 + t.n * 7)::text END,
       -- in force from the start (days ago or to come) for its number of days
       current_date - t.starts_in, current_date - t.starts_in + t.days,
       CASE WHEN t.state = 'Closed' THEN current_date - t.starts_in + t.days END,
       t.state,
       CASE t.state WHEN 'Draft' THEN con.id WHEN 'Submitted' THEN eng.id WHEN 'Closed' THEN NULL ELSE con.id END,
       con.id, con.id,
       (current_date - t.age)::timestamptz + interval '12 hours',
       (current_date - t.age)::timestamptz + interval '12 hours'
FROM site_tmp t
JOIN station s ON s.c_code = t.station
JOIN LATERAL (SELECT pu.n_user AS id FROM package_user pu JOIN users u ON u.id = pu.n_user
              WHERE pu.n_package = t.package AND u.c_username LIKE 'contractor%' LIMIT 1) AS con ON TRUE
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
ORDER BY t.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at)
SELECT 'traffic_management', t.id::text, e.transition, e.from_state, e.to_state,
       CASE e.transition WHEN 'approve' THEN t.n_engineer ELSE t.n_raised_by END,
       CASE e.step WHEN 1 THEN t.d_created_at + interval '1 day'
                   WHEN 2 THEN t.d_engineer_approved::timestamptz + interval '11 hours'
                   WHEN 3 THEN t.d_approved::timestamptz + interval '16 hours'
                   WHEN 4 THEN t.d_valid_from::timestamptz + interval '6 hours'
                   ELSE t.d_closed::timestamptz + interval '18 hours' END
FROM traffic_management t
CROSS JOIN (VALUES ('submit', 'Draft', 'Submitted', 1), ('approve', 'Submitted', 'Approved', 2),
                   ('authority_approved', 'Approved', 'Authority approved', 3), ('activate', 'Authority approved', 'Active', 4),
                   ('close_diversion', 'Active', 'Closed', 5)) AS e (transition, from_state, to_state, step)
WHERE e.step <= CASE t.c_state WHEN 'Submitted' THEN 1 WHEN 'Approved' THEN 2 WHEN 'Authority approved' THEN 3
                               WHEN 'Active' THEN 4 WHEN 'Closed' THEN 5 ELSE 0 END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'traffic_management', n_package::text, count(*) FROM traffic_management GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Key elements: on each viaduct package a run of eight piers (pile group, pile cap, pier, pier cap) at 28 m centres
-- from its first station and the seven spans between them, built from the first pier on (the first piers complete,
-- the next in progress, the last not started); the elevated stations' concourse and platform slabs and roof; the
-- underground stations' diaphragm walls, base slabs and concourse slabs.
CREATE TEMP TABLE site_key ON COMMIT DROP AS
SELECT p.id AS package, p.c_code, g.k,
       (ARRAY[1, 2, 3])[(SELECT count(*) FROM package q WHERE q.c_scope = 'Viaduct' AND q.c_code <= p.c_code)] AS pn,
       st.id AS station, st.n_chainage_km AS ch0
FROM package p
JOIN LATERAL (SELECT s.id, s.n_chainage_km FROM station s WHERE s.n_package = p.id ORDER BY s.n_sequence LIMIT 1 OFFSET 1) AS st ON TRUE
CROSS JOIN generate_series(1, 8) AS g(k)
WHERE p.c_scope = 'Viaduct';

INSERT INTO keyelementstatus (n_package, c_element_type, c_element_id, n_station, n_chainage_km, d_planned, d_actual,
                              n_percent_complete, c_remarks, n_created_by, n_updated_by)
SELECT k.package, e.kind,
       CASE e.kind WHEN 'Span/segments' THEN 'S' ELSE 'P' END || (k.pn * 100 + k.k)::text || e.suffix,
       k.station,
       k.ch0 + 0.150 + (k.k - 1) * 0.028 + CASE e.kind WHEN 'Span/segments' THEN 0.014 ELSE 0 END,
       current_date - 120 + k.k * 9 + e.lag,
       CASE WHEN pct.v >= 100 THEN current_date - 120 + k.k * 9 + e.lag + ((k.k * 5 + e.lag) % 11) - 3 END,
       pct.v,
       CASE WHEN pct.v > 0 AND pct.v < 100 AND e.kind = 'Span/segments' THEN 'Segments erected ' || (pct.v / 100 * 12)::int::text || ' of 12'
            WHEN pct.v >= 100 AND ((k.k * 5 + e.lag) % 11) - 3 > 5 THEN 'Late: held up by the utility shifting at the pier location' END,
       con.id, con.id
FROM site_key k
CROSS JOIN (VALUES ('Pile', '', 0, 0), ('Pile cap', '', 12, 1), ('Pier', '', 25, 2), ('Pier cap', '', 38, 3),
                   ('Span/segments', '', 55, 4)) AS e (kind, suffix, lag, ord)
CROSS JOIN LATERAL (SELECT greatest(0, least(100, 100 - (k.k * 9 + e.lag - 70) * 4))::numeric(5, 2) AS v) AS pct
JOIN LATERAL (SELECT pu.n_user AS id FROM package_user pu JOIN users u ON u.id = pu.n_user
              WHERE pu.n_package = k.package AND u.c_username LIKE 'contractor%' LIMIT 1) AS con ON TRUE
WHERE e.kind <> 'Span/segments' OR k.k < 8;

-- Stations: elevated ones (the second station of each viaduct package) and the three underground ones.
INSERT INTO keyelementstatus (n_package, c_element_type, c_element_id, n_station, n_chainage_km, d_planned, d_actual,
                              n_percent_complete, c_remarks, n_created_by, n_updated_by)
SELECT s.n_package, e.kind, s.c_code || '-' || e.code, s.id, s.n_chainage_km,
       current_date + e.planned, CASE WHEN e.pct >= 100 THEN current_date + e.planned + e.late END, e.pct, e.remarks,
       con.id, con.id
FROM station s
JOIN (VALUES
    ('Elevated', 'Concourse slab', 'CS', -40, 6, 100.00, NULL),
    ('Elevated', 'Platform slab', 'PS', 10, 0, 65.00, 'Bays 1-4 of 6 cast'),
    ('Elevated', 'Station roof', 'RF', 75, 0, 0.00, 'Roof steel fabrication at the shop'),
    ('Underground', 'Diaphragm wall', 'DW', -200, 12, 100.00, 'All panels complete'),
    ('Underground', 'Base slab', 'BS', -30, 0, 70.00, 'Bays 1-5 of 7 cast'),
    ('Underground', 'Concourse slab', 'CS', 60, 0, 15.00, 'Shoring and formwork of bay 1')
) AS e (station_type, kind, code, planned, late, pct, remarks) ON e.station_type = s.c_station_type
JOIN LATERAL (SELECT pu.n_user AS id FROM package_user pu JOIN users u ON u.id = pu.n_user
              WHERE pu.n_package = s.n_package AND u.c_username LIKE 'contractor%' LIMIT 1) AS con ON TRUE
WHERE s.c_station_type = 'Underground'
   OR s.id IN (SELECT (SELECT s2.id FROM station s2 WHERE s2.n_package = p.id ORDER BY s2.n_sequence LIMIT 1 OFFSET 1)
               FROM package p WHERE p.c_scope = 'Viaduct');
