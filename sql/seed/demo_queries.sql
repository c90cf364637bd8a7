-- Demo data of the queries and instructions registers (seed set "demo-queries", loaded once after the commercial
-- and planning sets): the permissions of each side, and technical queries (with their forwardings to the design
-- consultant), change requests (with their forwardings to the contract manager), engineer's instructions,
-- contractor's requests and extension-of-time claims on the demo packages, in every state of their workflows, with
-- the workflow events that brought them there and the numbers given so far (doc_sequence).
--
-- Who does what: the contractors (Rahul Verma on the viaduct packages, Sunil Rao on the underground, depot and
-- systems packages) raise technical queries, change requests, requests and EOT claims, and acknowledge and comply
-- with the engineer's instructions; the engineer (Arjun Mehta, PMC) issues instructions and handles everything; the
-- design consultant (Kavita Rao) answers the queries forwarded to her; the employer's contract manager (Priya Nair)
-- decides change requests and EOT claims; the employer's chief engineer and the planner read.

-- ---------------------------------------------------------------------------------------------------------------
-- Permissions
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_view, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 1, g.c, g.u, g.d, 1
FROM (VALUES
    -- The contractors: raise (and delete their drafts of) queries, change requests, requests and claims; act on
    -- the instructions issued to them; read the forwarding logs of their queries and change requests.
    ('contractor', '/contract-data-entry/technicalquery', 1, 1, 1),
    ('contractor', '/contract-data-entry/changerequest', 1, 1, 1),
    ('contractor', '/contract-data-entry/contractorrequest', 1, 1, 1),
    ('contractor', '/contract-data-entry/eot', 1, 1, 1),
    ('contractor', '/contract-data-entry/engineerinstruction', 0, 1, 0),
    ('contractor2', '/contract-data-entry/technicalquery', 1, 1, 1),
    ('contractor2', '/contract-data-entry/changerequest', 1, 1, 1),
    ('contractor2', '/contract-data-entry/contractorrequest', 1, 1, 1),
    ('contractor2', '/contract-data-entry/eot', 1, 1, 1),
    ('contractor2', '/contract-data-entry/engineerinstruction', 0, 1, 0),
    -- The engineer: issues instructions and handles every register.
    ('engineer', '/contract-data-entry/technicalquery', 0, 1, 0),
    ('engineer', '/contract-data-entry/technicalqueryfwdres', 0, 1, 0),
    ('engineer', '/contract-data-entry/changerequest', 0, 1, 0),
    ('engineer', '/contract-data-entry/crfwdres', 0, 1, 0),
    ('engineer', '/contract-data-entry/engineerinstruction', 1, 1, 0),
    ('engineer', '/contract-data-entry/contractorrequest', 0, 1, 0),
    ('engineer', '/contract-data-entry/eot', 0, 1, 0),
    -- The design consultant: the technical queries forwarded to her.
    ('designer', '/contract-data-entry/technicalquery', 0, 1, 0),
    ('designer', '/contract-data-entry/technicalqueryfwdres', 0, 1, 0),
    -- The employer's contract manager: decides change requests and claims, reads the rest.
    ('manager', '/contract-data-entry/changerequest', 0, 1, 0),
    ('manager', '/contract-data-entry/crfwdres', 0, 1, 0),
    ('manager', '/contract-data-entry/eot', 0, 1, 0),
    ('manager', '/contract-data-entry/technicalquery', 0, 0, 0),
    ('manager', '/contract-data-entry/engineerinstruction', 0, 0, 0),
    ('manager', '/contract-data-entry/contractorrequest', 0, 0, 0)
) AS g (username, route, c, u, d)
JOIN users u ON u.c_username = g.username
JOIN navigation n ON n.c_route = g.route;

-- The contractors read the forwarding logs; the employer's chief engineer and the planner read every register.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_view, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 1, 0, 0, 0, 1
FROM users u CROSS JOIN navigation n
WHERE (u.c_username IN ('employer', 'planner')
       AND n.c_route IN ('/contract-data-entry/technicalquery', '/contract-data-entry/technicalqueryfwdres',
                         '/contract-data-entry/changerequest', '/contract-data-entry/crfwdres',
                         '/contract-data-entry/engineerinstruction', '/contract-data-entry/contractorrequest',
                         '/contract-data-entry/eot'))
   OR (u.c_username IN ('contractor', 'contractor2')
       AND n.c_route IN ('/contract-data-entry/technicalqueryfwdres', '/contract-data-entry/crfwdres'));

-- The contractor's person of each package (the one who raises and responds on it).
CREATE TEMP TABLE demo_q_people ON COMMIT DROP AS
SELECT p.id AS package, p.c_code AS package_code,
       (SELECT pu.n_user FROM package_user pu JOIN users u ON u.id = pu.n_user
         WHERE pu.n_package = p.id AND u.c_username LIKE 'contractor%' ORDER BY u.id LIMIT 1) AS con,
       (SELECT id FROM users WHERE c_username = 'engineer') AS eng,
       (SELECT id FROM users WHERE c_username = 'designer') AS des,
       (SELECT id FROM users WHERE c_username = 'manager') AS mgr
FROM package p;

-- ---------------------------------------------------------------------------------------------------------------
-- Technical queries: 17 on all six packages. Path 'd' went (or goes) through the designer, path 'a' was answered by
-- the engineer directly.
CREATE TEMP TABLE demo_tq ON COMMIT DROP AS
SELECT v.*, pp.package, pp.con, pp.eng, pp.des,
       (current_date - v.age)::timestamptz + interval '10 hours' AS created
FROM (VALUES
    (1, 'C1-V01', 'Closed', 'd', 60, 'Pier cap P118 bearing pocket clashes with prestressing anchorage', 'The bearing pocket at P118 (drawing C1-V01/DRG/PC-118 R2) overlaps the dead-end anchorage of cable C3 by 60 mm. Please confirm a revised pocket position or anchorage layout.', 'C1-V01/DRG/PC-118 R2', 'Shift the pocket 75 mm towards the span centre and add two 16 mm U-bars.', 'High', 'Civil', 'Shift the pocket 75 mm as proposed; the designer has confirmed the anchorage zone is adequate with the added U-bars (revised detail attached).'),
    (2, 'C1-V01', 'Closed', 'd', 45, 'Curing compound for segment casting yard', 'May a wax-based curing compound be used for the precast segments in place of wet hessian, given water shortage at the yard?', 'Specification 1700, clause 1712', 'Use an ASTM C309 Type 2 wax-based compound at 0.2 l/m2.', 'Normal', 'Civil', 'Accepted for vertical faces only; the top slab is to be wet-cured for 7 days as specified.'),
    (3, 'C1-V01', 'Answered', 'd', 30, 'Cable trough crossing at Aerocity station concourse', 'The telecom cable trough at Aerocity concourse level crosses the drainage channel at grid C-7. No crossing detail is given. Please issue one.', 'C1-V01/DRG/ST-AER-214 R0', 'A GI sleeve under the drainage channel with 300 mm cover.', 'Normal', 'Telecommunication', 'Provide a 150 mm GI sleeve under the channel as per the designer''s sketch SK-AER-07; maintain the channel invert.'),
    (4, 'C1-V01', 'Responded', 'd', 16, 'Expansion joint gap at span 40 m in cold weather', 'The strip seal gap setting table does not cover ambient temperatures below 12 C at installation. What gap applies at 8 C?', 'C1-V01/DRG/EJ-040 R1', NULL, 'High', 'Civil', NULL),
    (5, 'C1-V01', 'Forwarded', 'd', 9, 'Station roof purlin size at Tech Park', 'The roof purlins at Tech Park are shown as ISMC 150 on the architectural drawing and ISMC 200 on the structural drawing. Which governs?', 'C1-V01/DRG/AR-TP-301 R1; C1-V01/DRG/ST-TP-311 R0', 'Adopt ISMC 200 throughout.', 'Urgent', 'Architecture and finishes', NULL),
    (6, 'C1-V01', 'Draft', 'a', 2, 'Earthing strip route along viaduct parapet', 'The earthing strip route along the parapet conflicts with the OHE mast bases at every fourth pier. Please advise the route.', 'C1-V01/DRG/EL-EA-102 R0', 'Route the strip on the inner face of the parapet.', 'Low', 'Electrical', NULL),
    (7, 'C2-V01', 'With engineer', 'a', 5, 'Pile founding level at P214 where rock is shallow', 'Rock was met at 6.5 m at P214 against 14 m in the borehole log. May the piles be founded at the rock level with a 2D socket?', 'C2-V01/DRG/FD-214 R1; BH-27 log', 'Socket of 2D into rock of UCS over 20 MPa.', 'Urgent', 'Civil', NULL),
    (8, 'C2-V01', 'Closed', 'd', 38, 'Obligatory span over the nullah near Lake View', 'The nullah width measured on site is 34 m against 30 m on the drawing. Is the 36 m obligatory span still sufficient?', 'C2-V01/DRG/GA-OS-01 R0', NULL, 'High', 'Civil', 'Yes: the 36 m span clears the measured width with the required 1 m freeboard; no change.'),
    (9, 'C2-V01', 'Responded', 'd', 14, 'Rail fastening on the turnout at Northgate', 'The fastening system for the turnout at Northgate is not specified for the 1:9 crossing. Please confirm the type.', 'C2-V01/DRG/TR-NG-05 R0', 'Use the same fastening as the plain line with special base plates.', 'Normal', 'Track', NULL),
    (10, 'C2-V02', 'With engineer', 'a', 4, 'Foot-over-bridge staircase width at Textile Mills', 'The FOB staircase is 2.0 m wide on the drawing; the fire NOC requires 2.4 m. Please confirm the width.', 'C2-V02/DRG/FOB-TM-02 R0', NULL, 'High', 'Architecture and finishes', NULL),
    (11, 'C1-UG01', 'Closed', 'd', 55, 'Cross passage CP-3 waterproofing membrane lap', 'The waterproofing membrane lap at CP-3 is 100 mm on the drawing and 150 mm in the specification. Which applies?', 'C1-UG01/DRG/CP-03 R1; Specification 2400', '150 mm lap, double welded.', 'Normal', 'Civil', 'Apply the specification''s 150 mm double-welded lap, as confirmed by the designer.'),
    (12, 'C1-UG01', 'Forwarded', 'd', 7, 'TBM launch shaft headwall opening at Market Square', 'The soft-eye opening in the launch shaft headwall is 6.9 m; the TBM shield is 6.65 m with a 150 mm gap each side needed. Please confirm the opening is adequate.', 'C1-UG01/DRG/LS-MS-04 R2', 'Increase the soft-eye to 7.0 m.', 'Urgent', 'Civil', NULL),
    (13, 'C1-SYS1', 'Answered', 'a', 20, 'Axle counter location at the depot entry', 'The axle counter at the depot entry falls on a rail joint. May it be shifted 2 m towards the depot?', 'C1-SYS1/DRG/SIG-DP-12 R0', 'Shift 2 m towards the depot.', 'Normal', 'Signalling', 'Shift permitted; update the signalling plan in the as-built.'),
    (14, 'C1-SYS1', 'Draft', 'a', 1, 'Telecom equipment room HVAC redundancy', 'The telecom equipment room has one split unit; the specification requires N+1 redundancy. Please confirm whether a second unit is in our scope.', 'C1-SYS1/SPEC/TEL-6.4', NULL, 'Normal', 'Telecommunication', NULL),
    (15, 'C1-DP01', 'Closed', 'd', 40, 'Inspection pit drainage at the depot workshop', 'The inspection pit floor has no fall shown towards the sump. Please give the fall and the sump size.', 'C1-DP01/DRG/WS-IP-03 R0', '1 in 200 fall to a 600 x 600 mm sump at each end.', 'Normal', 'Civil', 'Provide a 1 in 200 fall to 600 x 600 mm sumps at both ends, as the designer confirmed.'),
    (16, 'C2-V02', 'Answered', 'd', 22, 'Viaduct pier shape at the Textile Mills junction', 'The pier at the Textile Mills junction is circular on the GAD and rectangular on the structural drawing. Which applies?', 'C2-V02/DRG/GA-TM-01 R1', NULL, 'High', 'Civil', 'Circular pier as on the GAD; the structural drawing will be revised (designer''s response attached).'),
    (17, 'C1-SYS1', 'Responded', 'd', 12, 'Platform screen door interface at Old Fort', 'The platform screen door controller location is not shown on the station equipment room layout at Old Fort. Where is it to be housed?', 'C1-SYS1/DRG/PSD-OF-02 R0', 'In the signalling equipment room.', 'Normal', 'Signalling', NULL)
) AS v (n, package_code, state, path, age, subject, query, reference, proposed, priority, discipline, answer)
JOIN demo_q_people pp ON pp.package_code = v.package_code;

INSERT INTO technicalquery (c_tq_no, n_package, c_subject, c_query, n_discipline, n_station, c_reference,
                            c_proposed_solution, d_required_by, c_priority, n_engineer, n_designer, c_designer_question,
                            d_forwarded, d_design_due, c_design_response, d_design_responded, c_answer,
                            c_engineer_remarks, d_answered, d_closed, c_state, n_ball_in_court, n_raised_by,
                            n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-TQ-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.age DESC, d.n)::text, 4, '0'),
       d.package, d.subject, d.query,
       (SELECT id FROM discipline WHERE c_name = d.discipline),
       (SELECT id FROM station s WHERE s.n_package = d.package ORDER BY s.n_sequence LIMIT 1 OFFSET d.n % 3),
       d.reference, d.proposed, d.created::date + 14, d.priority,
       d.eng,
       CASE WHEN d.path = 'd' AND d.state NOT IN ('Draft', 'With engineer') THEN d.des END,
       CASE WHEN d.path = 'd' AND d.state NOT IN ('Draft', 'With engineer')
            THEN 'Please check the contractor''s proposal against the design basis and confirm or give a revised detail.' END,
       CASE WHEN d.path = 'd' AND d.state NOT IN ('Draft', 'With engineer') THEN d.created::date + 2 END,
       CASE WHEN d.path = 'd' AND d.state NOT IN ('Draft', 'With engineer') THEN d.created::date + 9 END,
       CASE WHEN d.path = 'd' AND d.state IN ('Responded', 'Answered', 'Closed')
            THEN 'Checked against the design basis report: the proposal is acceptable with the changes marked on the attached sketch.' END,
       CASE WHEN d.path = 'd' AND d.state IN ('Responded', 'Answered', 'Closed') THEN d.created::date + 6 END,
       CASE WHEN d.state IN ('Answered', 'Closed') THEN d.answer END,
       CASE WHEN d.state IN ('Answered', 'Closed') AND d.path = 'd' THEN 'Designer''s response attached; no cost or time implication.' END,
       CASE WHEN d.state IN ('Answered', 'Closed') THEN d.created::date + CASE d.path WHEN 'd' THEN 8 ELSE 4 END END,
       CASE WHEN d.state = 'Closed' THEN d.created::date + CASE d.path WHEN 'd' THEN 10 ELSE 6 END END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.con WHEN 'With engineer' THEN d.eng WHEN 'Forwarded' THEN d.des
                    WHEN 'Responded' THEN d.eng WHEN 'Answered' THEN d.con END,
       d.con, d.con, d.created, d.created
FROM demo_tq d
ORDER BY d.n;

-- The forwardings to the designer (what the database writes as a TQ is forwarded and answered).
INSERT INTO technicalqueryfwdres (n_technicalquery, c_tq_no, c_subject, n_package, n_seq, n_forwarded_by, n_forwarded_to, d_forwarded,
                                  d_due, c_question, c_response, d_responded, n_created_by, n_updated_by,
                                  d_created_at, d_updated_at)
SELECT t.id, t.c_tq_no, t.c_subject, t.n_package, 1, t.n_engineer, t.n_designer, t.d_forwarded, t.d_design_due, t.c_designer_question,
       t.c_design_response, t.d_design_responded, t.n_engineer,
       CASE WHEN t.d_design_responded IS NOT NULL THEN t.n_designer ELSE t.n_engineer END,
       t.d_forwarded::timestamptz + interval '11 hours', coalesce(t.d_design_responded, t.d_forwarded)::timestamptz + interval '11 hours'
FROM technicalquery t
WHERE t.n_designer IS NOT NULL;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'technicalquery', t.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'c' THEN d.con WHEN 'g' THEN d.des ELSE d.eng END,
       d.created + e.after * interval '1 day' + interval '1 hour', e.comment
FROM demo_tq d
JOIN technicalquery t ON t.c_subject = d.subject AND t.n_package = d.package
JOIN (VALUES
    ('d', 1, 'submit', 'Draft', 'With engineer', 'c', 1, NULL),
    ('d', 2, 'forward', 'With engineer', 'Forwarded', 'e', 2, 'Forwarded to the design consultant for confirmation.'),
    ('d', 3, 'design_respond', 'Forwarded', 'Responded', 'g', 6, NULL),
    ('d', 4, 'answer', 'Responded', 'Answered', 'e', 8, NULL),
    ('d', 5, 'accept', 'Answered', 'Closed', 'c', 10, NULL),
    ('a', 1, 'submit', 'Draft', 'With engineer', 'c', 1, NULL),
    ('a', 2, 'answer', 'With engineer', 'Answered', 'e', 4, NULL),
    ('a', 3, 'accept', 'Answered', 'Closed', 'c', 6, NULL)
) AS e (path, step, transition, from_state, to_state, by, after, comment) ON e.path = d.path
WHERE e.step <= CASE d.path
    WHEN 'd' THEN CASE d.state WHEN 'With engineer' THEN 1 WHEN 'Forwarded' THEN 2 WHEN 'Responded' THEN 3
                               WHEN 'Answered' THEN 4 WHEN 'Closed' THEN 5 ELSE 0 END
    ELSE CASE d.state WHEN 'With engineer' THEN 1 WHEN 'Answered' THEN 2 WHEN 'Closed' THEN 3 ELSE 0 END END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'technicalquery', n_package::text, count(*) FROM technicalquery GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Change requests: 16 on all six packages. Costs in INR (a saving is negative); the engineer's assessment and the
-- manager's approval are recorded as the request moves.
CREATE TEMP TABLE demo_cr ON COMMIT DROP AS
SELECT v.*, pp.package, pp.con, pp.eng, pp.mgr,
       (current_date - v.age)::timestamptz + interval '10 hours' AS created
FROM (VALUES
    (1, 'C1-V01', 'Closed', 70, 'Additional crash barrier at Airport curve', 'Employer''s requirement', 'The employer asked for a 1.5 m high crash barrier over 420 m of the curve at the airport approach instead of the 1.1 m barrier in the contract.', 'Civil', 18500000.00, 30, 17250000.00, 25, 16900000.00, 25, 'VO-C1-V01-007'),
    (2, 'C1-V01', 'Approved', 40, 'Change of bearing type at spans 40 m', 'Design change', 'The designer changed the bearings of the 40 m spans from POT-PTFE to spherical bearings after the revised seismic analysis.', 'Civil', 6400000.00, 12, 5900000.00, 10, 5750000.00, 8, NULL),
    (3, 'C1-V01', 'Rejected', 35, 'Piling rig idle due to utility shifting', 'Site condition', 'A 600 mm water main at P131-P134 was not shifted by the utility agency in time; two piling rigs stood idle for 11 days.', 'Civil', 2200000.00, 11, 0.00, 0, NULL, NULL, NULL),
    (4, 'C1-V01', 'Forwarded', 18, 'Precast parapet in place of cast-in-situ', 'Contractor''s proposal', 'The contractor proposes precast parapet units for spans 60-110 to save time on the deck; the saving is passed on to the employer.', 'Civil', -3200000.00, -20, -2800000.00, -15, NULL, NULL, NULL),
    (5, 'C1-V01', 'Submitted', 8, 'Noise barriers near University hostel', 'Statutory', 'The pollution control board requires 2.5 m noise barriers over 280 m near the university hostel.', 'Civil', 9800000.00, 21, NULL, NULL, NULL, NULL, NULL),
    (6, 'C1-V01', 'Draft', 2, 'Additional staircase at Cargo Terminal', 'Employer''s requirement', 'A third staircase from the concourse to the cargo terminal road, as asked for by the airport authority.', 'Architecture and finishes', 7400000.00, 35, NULL, NULL, NULL, NULL, NULL),
    (7, 'C2-V01', 'Closed', 55, 'Deeper piles at P214-P220', 'Site condition', 'Soft clay found to 22 m at P214-P220 against 12 m in the soil report; piles lengthened by 8 m.', 'Civil', 12600000.00, 18, 11800000.00, 14, 11800000.00, 14, 'VO-C2-V01-002'),
    (8, 'C2-V01', 'Approved', 28, 'Road widening under the viaduct at Stadium', 'Employer''s requirement', 'The city asked for the road under the viaduct at Stadium to be widened to six lanes with new medians.', 'Civil', 15300000.00, 20, 14100000.00, 15, 13600000.00, 12, NULL),
    (9, 'C2-V02', 'Submitted', 6, 'Lift in place of escalator at Southfield', 'Design change', 'The designer replaced one escalator at Southfield by a 20-passenger lift to suit the narrow footpath.', 'Electrical', -1800000.00, 0, NULL, NULL, NULL, NULL, NULL),
    (10, 'C1-UG01', 'Forwarded', 15, 'Ground treatment at Old Fort cross passage', 'Site condition', 'Water-bearing sand found at CP-2 near Old Fort; jet grouting needed before the cross passage is opened.', 'Civil', 24500000.00, 28, 22000000.00, 21, NULL, NULL, NULL),
    (11, 'C1-UG01', 'Draft', 1, 'Additional entry at Central Station', 'Employer''s requirement', 'A fourth entry at Central Station towards the bus terminal.', 'Civil', 38000000.00, 60, NULL, NULL, NULL, NULL, NULL),
    (12, 'C1-SYS1', 'Rejected', 33, 'Upgrade of CCTV cameras to 4K', 'Contractor''s proposal', 'The contractor proposes 4K cameras in place of the 1080p cameras specified, at extra cost.', 'Telecommunication', 4100000.00, 0, 3600000.00, 0, NULL, NULL, NULL),
    (13, 'C1-SYS1', 'Closed', 62, 'Additional interlocking for depot stabling lines', 'Design change', 'Two additional stabling lines at the depot need interlocking of four more points and eight signals.', 'Signalling', 8800000.00, 25, 8200000.00, 20, 8200000.00, 20, 'VO-C1-SYS1-003'),
    (14, 'C2-V02', 'Approved', 26, 'Extra pile under the FOB landing at Southfield', 'Site condition', 'An abandoned well found under the FOB landing at Southfield; one more pile and a larger pile cap are needed.', 'Civil', 1450000.00, 7, 1380000.00, 6, 1380000.00, 5, NULL),
    (15, 'C1-DP01', 'Closed', 58, 'Wash plant relocated within the depot', 'Employer''s requirement', 'The train wash plant moved 120 m east to suit the revised stabling layout; longer drainage and water lines.', 'Civil', 3300000.00, 10, 2950000.00, 8, 2900000.00, 8, 'VO-C1-DP01-001'),
    (16, 'C1-DP01', 'Forwarded', 12, 'Solar panels on the depot workshop roof', 'Statutory', 'The state energy policy requires 500 kWp of rooftop solar on the depot workshop.', 'Electrical', 21500000.00, 30, 19800000.00, 20, NULL, NULL, NULL)
) AS v (n, package_code, state, age, title, reason, description, discipline, cost, days, assessed_cost, assessed_days,
        approved_cost, approved_days, vo_no)
JOIN demo_q_people pp ON pp.package_code = v.package_code;

INSERT INTO changerequest (c_cr_no, n_package, c_title, c_reason, c_description, n_discipline, n_station,
                           n_cost_impact, n_time_impact_days, n_engineer, n_assessed_cost, n_assessed_days,
                           c_engineer_remarks, n_manager, d_decision_due, n_approved_cost, n_approved_days,
                           c_decision_remarks, c_vo_no, d_submitted, d_forwarded, d_decided, d_closed, c_state,
                           n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-CR-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.age DESC, d.n)::text, 4, '0'),
       d.package, d.title, d.reason, d.description,
       (SELECT id FROM discipline WHERE c_name = d.discipline),
       (SELECT id FROM station s WHERE s.n_package = d.package ORDER BY s.n_sequence LIMIT 1 OFFSET d.n % 2),
       d.cost, d.days, d.eng,
       CASE WHEN d.state NOT IN ('Draft', 'Submitted') THEN d.assessed_cost END,
       CASE WHEN d.state NOT IN ('Draft', 'Submitted') THEN d.assessed_days END,
       CASE WHEN d.state NOT IN ('Draft', 'Submitted') THEN 'Quantities checked against the drawings; rates from the BOQ and the schedule of rates, the rest analysed.' END,
       CASE WHEN d.state NOT IN ('Draft', 'Submitted') THEN d.mgr END,
       CASE WHEN d.state NOT IN ('Draft', 'Submitted') THEN d.created::date + 17 END,
       CASE WHEN d.state IN ('Approved', 'Closed') THEN d.approved_cost END,
       CASE WHEN d.state IN ('Approved', 'Closed') THEN d.approved_days END,
       CASE WHEN d.state IN ('Approved', 'Closed') THEN 'Approved as assessed, within the delegation of powers.'
            WHEN d.state = 'Rejected' THEN 'Not a variation: the risk lies with the contractor under the contract.' END,
       d.vo_no,
       CASE WHEN d.state <> 'Draft' THEN d.created::date + 1 END,
       CASE WHEN d.state NOT IN ('Draft', 'Submitted') THEN d.created::date + 6 END,
       CASE WHEN d.state IN ('Approved', 'Rejected', 'Closed') THEN d.created::date + 14 END,
       CASE WHEN d.state = 'Closed' THEN d.created::date + 25 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.con WHEN 'Submitted' THEN d.eng WHEN 'Forwarded' THEN d.mgr
                    WHEN 'Approved' THEN d.eng WHEN 'Rejected' THEN d.eng END,
       d.con, d.con, d.created, d.created
FROM demo_cr d
ORDER BY d.n;

INSERT INTO crfwdres (n_changerequest, c_cr_no, c_title, n_package, n_seq, n_forwarded_by, n_forwarded_to, d_forwarded, d_due,
                      n_assessed_cost, n_assessed_days, c_engineer_remarks, c_decision, n_approved_cost,
                      n_approved_days, c_decision_remarks, d_decided, n_created_by, n_updated_by, d_created_at,
                      d_updated_at)
SELECT c.id, c.c_cr_no, c.c_title, c.n_package, 1, c.n_engineer, c.n_manager, c.d_forwarded, c.d_decision_due, c.n_assessed_cost,
       c.n_assessed_days, c.c_engineer_remarks,
       CASE c.c_state WHEN 'Rejected' THEN 'Rejected' WHEN 'Forwarded' THEN NULL ELSE 'Approved' END,
       c.n_approved_cost, c.n_approved_days, c.c_decision_remarks, c.d_decided, c.n_engineer,
       coalesce(CASE WHEN c.d_decided IS NOT NULL THEN c.n_manager END, c.n_engineer),
       c.d_forwarded::timestamptz + interval '11 hours', coalesce(c.d_decided, c.d_forwarded)::timestamptz + interval '11 hours'
FROM changerequest c
WHERE c.n_manager IS NOT NULL;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'changerequest', c.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'c' THEN d.con WHEN 'm' THEN d.mgr ELSE d.eng END,
       d.created + e.after * interval '1 day' + interval '1 hour', e.comment
FROM demo_cr d
JOIN changerequest c ON c.c_title = d.title AND c.n_package = d.package
JOIN (VALUES
    (1, 'submit', 'Draft', 'Submitted', 'c', 1, NULL, 'any'),
    (2, 'forward', 'Submitted', 'Forwarded', 'e', 6, NULL, 'any'),
    (3, 'approve', 'Forwarded', 'Approved', 'm', 14, NULL, 'approved'),
    (3, 'reject', 'Forwarded', 'Rejected', 'm', 14, 'Not a variation: the risk lies with the contractor under the contract.', 'rejected'),
    (4, 'close', 'Approved', 'Closed', 'e', 25, 'Variation order issued.', 'approved')
) AS e (step, transition, from_state, to_state, by, after, comment, branch)
  ON e.branch = 'any' OR e.branch = CASE WHEN d.state = 'Rejected' THEN 'rejected' ELSE 'approved' END
WHERE e.step <= CASE d.state WHEN 'Submitted' THEN 1 WHEN 'Forwarded' THEN 2 WHEN 'Approved' THEN 3
                             WHEN 'Rejected' THEN 3 WHEN 'Closed' THEN 4 ELSE 0 END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'changerequest', n_package::text, count(*) FROM changerequest GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Engineer's instructions: 13 on six packages, issued by the engineer to the contractor's person of the package.
CREATE TEMP TABLE demo_ei ON COMMIT DROP AS
SELECT v.*, pp.package, pp.con, pp.eng,
       (current_date - v.age)::timestamptz + interval '9 hours' AS created
FROM (VALUES
    (1, 'C1-V01', 'Closed', 50, 'Stop concreting of pier caps in rain', 'FIDIC 3.3; GCC 7.1', 'Stop all pier cap concreting while rain exceeds 5 mm/h; resume only after the engineer''s inspection of the formwork and reinforcement.', false, NULL, false, NULL),
    (2, 'C1-V01', 'Closed', 42, 'Additional load test on pile P131-3', 'GCC 7.4 (testing)', 'Carry out an initial vertical load test on pile P131-3 to 2.5 times the working load, following the low integrity test result.', true, 850000.00, true, 6),
    (3, 'C1-V01', 'Complied', 20, 'Relocate batching plant silo away from the boundary wall', 'FIDIC 4.8 (health and safety)', 'Move the cement silo of batching plant 2 at least 10 m from the boundary wall of the school.', false, NULL, false, NULL),
    (4, 'C1-V01', 'Acknowledged', 12, 'Barricading of the median at Aerocity', 'GCC 4.18 (protection of the environment)', 'Provide 2.4 m GI sheet barricading with blinkers along the median work zone at Aerocity, 300 m, within 7 days.', true, 420000.00, false, NULL),
    (5, 'C1-V01', 'Issued', 3, 'Revise the traffic diversion plan at Riverside', 'FIDIC 3.3', 'Submit a revised traffic diversion plan for the Riverside junction with the traffic police''s comments incorporated.', false, NULL, true, 5),
    (6, 'C2-V01', 'Closed', 36, 'Replace rejected bearing pads at P205', 'GCC 7.5 (rejection)', 'Replace the elastomeric bearing pads at P205 found with surface cracks; submit the manufacturer''s test certificates for the new pads.', false, NULL, false, NULL),
    (7, 'C2-V01', 'Acknowledged', 10, 'Dust suppression on haul road', 'FIDIC 4.18', 'Sprinkle water on the haul road from the casting yard four times a day and record it in the site diary.', false, NULL, false, NULL),
    (8, 'C2-V02', 'Issued', 2, 'Suspend FOB girder welding pending WPQR', 'FIDIC 8.8 (suspension)', 'Suspend site welding of the foot-over-bridge girder until the welding procedure qualification record is approved.', true, NULL, true, 10),
    (9, 'C1-UG01', 'Complied', 18, 'Increase instrumentation near Old Fort', 'GCC 7.1; Specification 2500', 'Install 12 additional building settlement markers and two tiltmeters on the Old Fort wall before the TBM passes under it.', true, 1250000.00, false, NULL),
    (10, 'C1-UG01', 'Issued', 4, 'Slurry disposal to the approved site only', 'FIDIC 4.18', 'Dispose of TBM slurry only at the approved site at Kanakapura; keep the trip sheets for inspection.', false, NULL, false, NULL),
    (11, 'C1-DP01', 'Closed', 48, 'Raise the depot formation level by 300 mm', 'FIDIC 13.1 (variation)', 'Raise the formation level of the stabling yard by 300 mm to suit the revised flood level.', true, 5600000.00, true, 20),
    (12, 'C1-SYS1', 'Acknowledged', 9, 'Shift the equipment room cable entry', 'FIDIC 3.3', 'Shift the cable entry of the signalling equipment room at Central Station to the east wall to avoid the drainage sump.', false, NULL, false, NULL),
    (13, 'C1-SYS1', 'Closed', 30, 'Retest the radio coverage in tunnel section UG-2', 'GCC 7.4 (testing)', 'Repeat the radio coverage test in UG-2 with the leaky feeder repaired; submit the test report.', false, NULL, false, NULL)
) AS v (n, package_code, state, age, subject, clause, instruction, cost_flag, est_cost, time_flag, est_days)
JOIN demo_q_people pp ON pp.package_code = v.package_code;

INSERT INTO engineerinstruction (c_ei_no, n_package, d_instruction, c_subject, c_clause, c_instruction, n_discipline,
                                 n_station, b_cost_implication, n_est_cost, b_time_implication, n_est_days,
                                 n_issued_to, d_compliance_due, d_acknowledged, c_contractor_remarks, d_complied,
                                 c_compliance_details, c_closing_remarks, d_closed, c_state, n_ball_in_court,
                                 n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-EI-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.age DESC, d.n)::text, 4, '0'),
       d.package, d.created::date, d.subject, d.clause, d.instruction,
       (SELECT id FROM discipline ORDER BY id LIMIT 1),
       (SELECT id FROM station s WHERE s.n_package = d.package ORDER BY s.n_sequence LIMIT 1),
       d.cost_flag, d.est_cost, d.time_flag, d.est_days,
       d.con, d.created::date + 10,
       CASE WHEN d.state <> 'Issued' THEN d.created::date + 1 END,
       CASE WHEN d.state <> 'Issued' AND d.cost_flag THEN 'Acknowledged; we give notice that this instruction is a variation and will submit our quotation.'
            WHEN d.state <> 'Issued' THEN 'Acknowledged; work started.' END,
       CASE WHEN d.state IN ('Complied', 'Closed') THEN d.created::date + 8 END,
       CASE WHEN d.state IN ('Complied', 'Closed') THEN 'Done as instructed; photographs and records attached.' END,
       CASE WHEN d.state = 'Closed' THEN 'Compliance verified on site.' END,
       CASE WHEN d.state = 'Closed' THEN d.created::date + 10 END,
       d.state,
       CASE d.state WHEN 'Issued' THEN d.con WHEN 'Acknowledged' THEN d.con WHEN 'Complied' THEN d.eng END,
       d.eng, d.eng, d.created, d.created
FROM demo_ei d
ORDER BY d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'engineerinstruction', i.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'c' THEN d.con ELSE d.eng END,
       d.created + e.after * interval '1 day' + interval '2 hours', NULL
FROM demo_ei d
JOIN engineerinstruction i ON i.c_subject = d.subject AND i.n_package = d.package
JOIN (VALUES
    (1, 'acknowledge', 'Issued', 'Acknowledged', 'c', 1),
    (2, 'comply', 'Acknowledged', 'Complied', 'c', 8),
    (3, 'close', 'Complied', 'Closed', 'e', 10)
) AS e (step, transition, from_state, to_state, by, after)
  ON e.step <= CASE d.state WHEN 'Acknowledged' THEN 1 WHEN 'Complied' THEN 2 WHEN 'Closed' THEN 3 ELSE 0 END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'engineerinstruction', n_package::text, count(*) FROM engineerinstruction GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Contractor's requests: 13 on six packages.
CREATE TEMP TABLE demo_crq ON COMMIT DROP AS
SELECT v.*, pp.package, pp.con, pp.eng,
       (current_date - v.age)::timestamptz + interval '10 hours' AS created
FROM (VALUES
    (1, 'C1-V01', 'Closed', 'approved', 40, 'Approval of material', 'Approval of TMT bar source: JSW Steel, Vijayanagar', 'Request approval of JSW Steel, Vijayanagar as an additional source of Fe 550D TMT bars; mill test certificates and third-party test results attached.'),
    (2, 'C1-V01', 'Approved', 'approved', 12, 'Work permit', 'Night work permit for segment launching, spans 41-44', 'Permission for night work (22:00-05:00) for 10 nights to launch segments over the service road at spans 41-44.'),
    (3, 'C1-V01', 'Submitted', NULL, 4, 'Shutdown/Block', 'Road block on Airport Road for girder erection', 'A 4-hour block of the Airport Road carriageway on two Sundays to erect the steel girder over the road.'),
    (4, 'C1-V01', 'Draft', NULL, 1, 'Information', 'Utility survey of the Aerocity stretch', 'Request the utility survey drawings of the Aerocity stretch held by the employer.'),
    (5, 'C2-V01', 'Rejected', 'rejected', 15, 'Approval of material', 'Approval of fly ash from Raichur thermal plant', 'Approval of fly ash from the Raichur thermal power station for the M40 pier concrete.'),
    (6, 'C2-V01', 'Closed', 'rejected', 30, 'Work permit', 'Hot work permit near the fuel station at Civil Lines', 'Permission for welding within 15 m of the fuel station at Civil Lines.'),
    (7, 'C2-V02', 'Submitted', NULL, 3, 'Information', 'Levels of the existing railway track at Southfield', 'Request the railway''s levels of the existing track under the FOB at Southfield.'),
    (8, 'C1-UG01', 'Approved', 'approved', 10, 'Shutdown/Block', 'Shutdown of the 11 kV feeder at Market Square', 'A 6-hour shutdown of the 11 kV feeder at Market Square to divert the cable away from the station box.'),
    (9, 'C1-UG01', 'Closed', 'approved', 35, 'Approval of material', 'Approval of segment gasket supplier', 'Approval of Datwyler as the supplier of EPDM gaskets for the tunnel segments.'),
    (10, 'C1-DP01', 'Submitted', NULL, 5, 'Other', 'Use of the depot land for a labour camp', 'Permission to set up a labour camp for 150 workers on the unused depot land for 12 months.'),
    (11, 'C1-DP01', 'Draft', NULL, 2, 'Work permit', 'Excavation permit near the HT tower', 'Permission to excavate within 20 m of the 220 kV tower at the depot boundary.'),
    (12, 'C1-SYS1', 'Rejected', 'rejected', 8, 'Approval of material', 'Approval of an alternative fibre optic cable make', 'Approval of an alternative make of 48-core fibre optic cable with the same specification.'),
    (13, 'C1-SYS1', 'Closed', 'approved', 26, 'Information', 'Interface schedule with the rolling stock contractor', 'Request the latest interface schedule between signalling and rolling stock.')
) AS v (n, package_code, state, branch, age, request_type, subject, details)
JOIN demo_q_people pp ON pp.package_code = v.package_code;

INSERT INTO contractorrequest (c_request_no, n_package, c_request_type, c_subject, c_details, n_station,
                               d_required_by, n_engineer, d_submitted, c_decision_remarks, c_conditions, d_decided,
                               d_closed, c_state, n_ball_in_court, n_raised_by, n_updated_by, d_created_at,
                               d_updated_at)
SELECT d.package_code || '-CRQ-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.age DESC, d.n)::text, 4, '0'),
       d.package, d.request_type, d.subject, d.details,
       (SELECT id FROM station s WHERE s.n_package = d.package ORDER BY s.n_sequence LIMIT 1),
       d.created::date + 10, d.eng,
       CASE WHEN d.state <> 'Draft' THEN d.created::date + 1 END,
       CASE d.branch WHEN 'approved' THEN 'Approved.' WHEN 'rejected' THEN 'Not approved: the source does not meet the specification''s requirements; propose another.' END,
       CASE WHEN d.branch = 'approved' THEN 'Subject to the safety officer''s presence and the permit being displayed at the work front.' END,
       CASE WHEN d.branch IS NOT NULL THEN d.created::date + 4 END,
       CASE WHEN d.state = 'Closed' THEN d.created::date + 6 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.con WHEN 'Submitted' THEN d.eng WHEN 'Approved' THEN d.con
                    WHEN 'Rejected' THEN d.con END,
       d.con, d.con, d.created, d.created
FROM demo_crq d
ORDER BY d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'contractorrequest', r.id::text, e.transition, e.from_state,
       CASE WHEN e.to_state = 'Decided' THEN CASE d.branch WHEN 'approved' THEN 'Approved' ELSE 'Rejected' END
            ELSE e.to_state END,
       CASE e.by WHEN 'c' THEN d.con ELSE d.eng END,
       d.created + e.after * interval '1 day' + interval '1 hour', NULL
FROM demo_crq d
JOIN contractorrequest r ON r.c_subject = d.subject AND r.n_package = d.package
JOIN (VALUES
    (1, 'submit', 'Draft', 'Submitted', 'c', 1),
    (2, 'decide', 'Submitted', 'Decided', 'e', 4),
    (3, 'close', 'Decided', 'Closed', 'c', 6)
) AS e (step, transition, from_state, to_state, by, after)
  ON e.step <= CASE d.state WHEN 'Submitted' THEN 1 WHEN 'Approved' THEN 2 WHEN 'Rejected' THEN 2
                            WHEN 'Closed' THEN 3 ELSE 0 END;

-- The decision and closing events name the actual step and state (approve / reject, from Approved / Rejected).
UPDATE workflow_event w
   SET c_transition = CASE WHEN w.c_to = 'Approved' THEN 'approve' ELSE 'reject' END
 WHERE w.c_entry = 'contractorrequest' AND w.c_transition = 'decide';
UPDATE workflow_event w
   SET c_from = CASE WHEN r.c_decision_remarks = 'Approved.' THEN 'Approved' ELSE 'Rejected' END
  FROM contractorrequest r
 WHERE w.c_entry = 'contractorrequest' AND w.c_key = r.id::text AND w.c_transition = 'close';

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'contractorrequest', n_package::text, count(*) FROM contractorrequest GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Extension-of-time claims: 12 on the four packages with contracts (the new completion date is the contract's
-- completion date plus the days granted, computed by the database).
CREATE TEMP TABLE demo_eot ON COMMIT DROP AS
SELECT v.*, pp.package, pp.con, pp.eng, pp.mgr,
       (current_date - v.age)::timestamptz + interval '10 hours' AS created
FROM (VALUES
    (1, 'C1-V01', 'Closed', 120, 'Late handover of the land at Cargo Terminal (piers P40-P52)', 'Site handover', 'FIDIC 2.1; GCC 8.4(b)', 180, 165, 150, 'Granted in part', 90, 'The delay is on the critical path for spans 40-52 only for 90 days; the rest was absorbed by resequencing the launching.'),
    (2, 'C1-V01', 'Decided', 60, 'Ban on construction during the air-quality emergency', 'Statutory', 'FIDIC 8.5; GCC 8.4(e)', 110, 96, 14, 'Granted in full', 14, 'The ban stopped all concreting for 14 days; granted in full.'),
    (3, 'C1-V01', 'Assessed', 40, 'Additional crash barrier at Airport curve (CR-0001)', 'Change order', 'FIDIC 13.3; GCC 8.4(a)', 75, 70, 30, NULL, NULL, NULL),
    (4, 'C1-V01', 'Submitted', 20, 'Utility shifting delay at P131-P134', 'Employer delay', 'GCC 8.4(c)', 45, 40, 11, NULL, NULL, NULL),
    (5, 'C1-V01', 'Draft', 3, 'Cyclone warning: work stopped on the viaduct', 'Force majeure', 'FIDIC 18.1', 12, 10, 4, NULL, NULL, NULL),
    (6, 'C2-V01', 'Closed', 90, 'Court stay on the land at Stadium', 'Site handover', 'FIDIC 2.1', 150, 140, 45, 'Granted in full', 45, 'The stay held the Stadium station foundations for 45 days on the critical path.'),
    (7, 'C2-V01', 'Decided', 50, 'Deeper piles at P214-P220 (CR-0001)', 'Change order', 'FIDIC 13.3', 70, 66, 18, 'Granted in part', 14, 'Granted as the days approved with the change request.'),
    (8, 'C2-V01', 'Submitted', 15, 'Delay in tree-felling permission at Lake View', 'Statutory', 'GCC 8.4(e)', 40, 35, 21, NULL, NULL, NULL),
    (9, 'C1-UG01', 'Decided', 70, 'Heritage authority hold on the Old Fort section', 'Statutory', 'GCC 8.4(e)', 130, 118, 40, 'Rejected', 0, 'The contract required the contractor to obtain the heritage clearance (Schedule F, item 9): not an employer''s risk.'),
    (10, 'C1-UG01', 'Assessed', 35, 'Ground treatment at Old Fort cross passage (CR-0001)', 'Change order', 'FIDIC 13.3', 60, 55, 28, NULL, NULL, NULL),
    (11, 'C1-SYS1', 'Closed', 100, 'Late access to the operation control centre', 'Employer delay', 'FIDIC 8.5', 160, 150, 60, 'Granted in part', 35, 'Access was given in stages; 35 days on the critical path of the OCC fit-out.'),
    (12, 'C1-SYS1', 'Draft', 2, 'Late supply of the rolling stock interface data', 'Employer delay', 'FIDIC 1.9', 30, 25, 20, NULL, NULL, NULL)
) AS v (n, package_code, state, age, event, cause, clause, start_ago, notice_ago, days_claimed, decision, days_granted,
        decision_remarks)
JOIN demo_q_people pp ON pp.package_code = v.package_code;

INSERT INTO eot (c_eot_no, n_package, c_event, c_cause, c_clause, d_event_start, d_event_end, d_notice,
                 n_days_claimed, c_justification, n_engineer, n_days_recommended, c_assessment, n_manager, c_decision,
                 n_days_granted, c_decision_remarks, d_submitted, d_assessed, d_decided, d_closed, c_state,
                 n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-EOT-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.age DESC, d.n)::text, 3, '0'),
       d.package, d.event, d.cause, d.clause,
       -- The event ran for the days claimed and ended five days before the claim was raised; the notice went out
       -- the same number of days after its start as the figures above say (within 28 days).
       current_date - (d.age + d.days_claimed + 5),
       current_date - (d.age + 5),
       current_date - (d.age + d.days_claimed + 5) + (d.start_ago - d.notice_ago),
       d.days_claimed,
       'The event delayed activities on the critical path of the accepted programme (revision 4); the delay analysis (time impact analysis) is attached.',
       d.eng,
       CASE WHEN d.state IN ('Assessed', 'Decided', 'Closed') THEN coalesce(d.days_granted, d.days_claimed * 3 / 4) END,
       CASE WHEN d.state IN ('Assessed', 'Decided', 'Closed') THEN 'Delay analysis checked against the site records and the accepted programme.' END,
       CASE WHEN d.state IN ('Assessed', 'Decided', 'Closed') THEN d.mgr END,
       d.decision, d.days_granted, d.decision_remarks,
       CASE WHEN d.state <> 'Draft' THEN d.created::date + 1 END,
       CASE WHEN d.state IN ('Assessed', 'Decided', 'Closed') THEN d.created::date + 12 END,
       CASE WHEN d.state IN ('Decided', 'Closed') THEN d.created::date + 25 END,
       CASE WHEN d.state = 'Closed' THEN d.created::date + 30 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.con WHEN 'Submitted' THEN d.eng WHEN 'Assessed' THEN d.mgr
                    WHEN 'Decided' THEN d.eng END,
       d.con, d.con, d.created, d.created
FROM demo_eot d
ORDER BY d.n;

-- The new completion dates count every claim decided before each one (the insert saw only the rows before it).
UPDATE eot SET n_days_granted = n_days_granted WHERE d_decided IS NOT NULL;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'eot', t.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'c' THEN d.con WHEN 'm' THEN d.mgr ELSE d.eng END,
       d.created + e.after * interval '1 day' + interval '1 hour', NULL
FROM demo_eot d
JOIN eot t ON t.c_event = d.event AND t.n_package = d.package
JOIN (VALUES
    (1, 'submit', 'Draft', 'Submitted', 'c', 1),
    (2, 'assess', 'Submitted', 'Assessed', 'e', 12),
    (3, 'decide', 'Assessed', 'Decided', 'm', 25),
    (4, 'close', 'Decided', 'Closed', 'e', 30)
) AS e (step, transition, from_state, to_state, by, after)
  ON e.step <= CASE d.state WHEN 'Submitted' THEN 1 WHEN 'Assessed' THEN 2 WHEN 'Decided' THEN 3
                            WHEN 'Closed' THEN 4 ELSE 0 END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'eot', n_package::text, count(*) FROM eot GROUP BY n_package;
