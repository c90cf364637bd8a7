-- Demo data of the claims and commercial registers (issue 29, seed set "demo-claims", loaded once after the
-- activity and resources sets): the permissions of each side, and IPA preparation rows, contractual claims, change
-- request notes, vendor approvals and letters of acceptance on the demo packages, in every state of their
-- workflows, with the workflow events that brought them there and the numbers given so far (doc_sequence). The EOT
-- register is a view over the EOT claims of the queries set.
--
-- Who does what: the contractors (Rahul Verma on the viaduct packages, Sunil Rao on the underground, depot and
-- systems packages) prepare their IPAs, raise claims and propose vendors; the engineer (Arjun Mehta, PMC) verifies
-- measurements jointly, assesses claims, approves vendors and raises change request notes, as does the planner
-- (Vikram Singh); the employer's contract manager (Priya Nair) determines claims, approves change request notes and
-- drafts letters of acceptance, which the employer (Meera Iyer) approves.

-- ---------------------------------------------------------------------------------------------------------------
-- Permissions: (user, route, create, update, delete); everyone listed may view and export.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_view, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 1, g.c, g.u, g.d, 1
FROM (VALUES
    ('contractor', '/dataentry/ipamanage', 1, 1, 1),
    ('contractor', '/dataentry/claimregister', 1, 1, 1),
    ('contractor', '/dataentry/vendor_approval', 1, 1, 1),
    ('contractor', '/dataentry/crn', 0, 0, 0),
    ('contractor', '/dataentry/eotregister', 0, 0, 0),
    ('contractor2', '/dataentry/ipamanage', 1, 1, 1),
    ('contractor2', '/dataentry/claimregister', 1, 1, 1),
    ('contractor2', '/dataentry/vendor_approval', 1, 1, 1),
    ('contractor2', '/dataentry/crn', 0, 0, 0),
    ('contractor2', '/dataentry/eotregister', 0, 0, 0),
    ('engineer', '/dataentry/ipamanage', 0, 1, 0),
    ('engineer', '/dataentry/claimregister', 0, 1, 0),
    ('engineer', '/dataentry/vendor_approval', 0, 1, 0),
    ('engineer', '/dataentry/crn', 1, 1, 1),
    ('engineer', '/dataentry/eotregister', 0, 0, 0),
    ('planner', '/dataentry/crn', 1, 1, 1),
    ('planner', '/dataentry/ipamanage', 0, 0, 0),
    ('planner', '/dataentry/claimregister', 0, 0, 0),
    ('planner', '/dataentry/eotregister', 0, 0, 0),
    ('designer', '/dataentry/crn', 0, 0, 0),
    ('designer', '/dataentry/vendor_approval', 0, 0, 0),
    ('manager', '/dataentry/claimregister', 0, 1, 0),
    ('manager', '/dataentry/crn', 0, 1, 0),
    ('manager', '/dataentry/ipamanage', 0, 0, 0),
    ('manager', '/dataentry/vendor_approval', 0, 0, 0),
    ('manager', '/dataentry/eotregister', 0, 0, 0),
    ('manager', '/administration/issueofloa', 1, 1, 1),
    ('employer', '/administration/issueofloa', 0, 1, 0),
    ('employer', '/dataentry/claimregister', 0, 0, 0),
    ('employer', '/dataentry/crn', 0, 0, 0),
    ('employer', '/dataentry/eotregister', 0, 0, 0),
    ('employer', '/dataentry/ipamanage', 0, 0, 0),
    ('employer', '/dataentry/vendor_approval', 0, 0, 0)
) AS g (username, route, c, u, d)
JOIN users u ON u.c_username = g.username
JOIN navigation n ON n.c_route = g.route
ON CONFLICT (n_user_id, n_nav_id) DO UPDATE
SET n_view = 1, n_create = EXCLUDED.n_create, n_update = EXCLUDED.n_update, n_delete = EXCLUDED.n_delete,
    n_export = 1;

-- The contractor's person of each package (the one who prepares, claims and proposes on it) and the others.
CREATE TEMP TABLE demo_cl_people ON COMMIT DROP AS
SELECT p.id AS package, p.c_code AS package_code,
       (SELECT pu.n_user FROM package_user pu JOIN users u ON u.id = pu.n_user
         WHERE pu.n_package = p.id AND u.c_username LIKE 'contractor%' ORDER BY u.id LIMIT 1) AS con,
       (SELECT id FROM users WHERE c_username = 'engineer') AS eng,
       (SELECT id FROM users WHERE c_username = 'planner') AS pln,
       (SELECT id FROM users WHERE c_username = 'manager') AS mgr,
       (SELECT id FROM users WHERE c_username = 'employer') AS emp
FROM package p;

-- ---------------------------------------------------------------------------------------------------------------
-- IPA preparation: one row per IPA already raised (submitted ones are "IPA submitted"; the latest draft of C1-V01
-- is being priced; C1-UG01's latest month waits on joint verification), and the month after the latest IPA of each
-- package being measured.
CREATE TEMP TABLE demo_ipm ON COMMIT DROP AS
SELECT i.id AS ipa, i.n_package AS package, pp.package_code, pp.con, pp.eng,
       extract(year FROM i.d_period_from)::integer AS y, extract(month FROM i.d_period_from)::integer AS m,
       i.d_period_to AS period_to, i.d_submitted, i.n_line_count, i.n_amount_this_period,
       CASE WHEN i.d_submitted IS NOT NULL THEN 'Submitted'
            WHEN pp.package_code = 'C1-V01' THEN 'Pricing'
            ELSE 'Joint verification' END AS state
FROM ipa i
JOIN demo_cl_people pp ON pp.package = i.n_package
UNION ALL
SELECT NULL, l.n_package, pp.package_code, pp.con, pp.eng,
       extract(year FROM l.next_from)::integer, extract(month FROM l.next_from)::integer,
       (l.next_from + interval '1 month' - interval '1 day')::date, NULL, NULL, NULL, 'Measurement'
FROM (SELECT n_package, (max(d_period_from) + interval '1 month')::date AS next_from FROM ipa GROUP BY n_package) l
JOIN demo_cl_people pp ON pp.package = l.n_package;

INSERT INTO ipamanage (c_ipm_no, n_package, n_year, n_month, n_responsible, n_engineer, d_measurement_done,
                       n_items_measured, c_measurement_remarks, d_jv_planned, d_jv_done, n_items_verified,
                       c_jv_remarks, d_pricing_done, n_amount_priced, n_ipa, d_submitted, c_state, n_ball_in_court,
                       n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-IPM-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.y, d.m)::text, 3, '0'),
       d.package, d.y, d.m, d.con, d.eng,
       -- Each step's day is at most the IPA's submission (an IPA submitted on the first day after its month, as the
       -- latest one is when the demo is seeded then, had its steps done by that day): the steps stay in order.
       CASE WHEN d.state <> 'Measurement' THEN least(d.period_to + 2, d.d_submitted) END,
       CASE WHEN d.state <> 'Measurement' THEN d.n_line_count + 2 END,
       CASE WHEN d.state = 'Measurement' THEN 'Measurement sheets being prepared with the section engineers; cut-off at month end.'
            ELSE 'Measured from the approved drawings and the pour cards of the month; level sheets signed at site.' END,
       CASE WHEN d.state = 'Measurement' THEN d.period_to + 3 ELSE d.period_to + 4 END,
       CASE WHEN d.state IN ('Pricing', 'Submitted') THEN least(d.period_to + 4, d.d_submitted) END,
       CASE WHEN d.state IN ('Pricing', 'Submitted') THEN d.n_line_count END,
       CASE WHEN d.state IN ('Pricing', 'Submitted')
            THEN 'Verified jointly at site; two items held over to next month for want of test reports.' END,
       CASE WHEN d.state = 'Submitted' THEN least(d.period_to + 5, d.d_submitted) END,
       CASE WHEN d.state = 'Submitted' THEN d.n_amount_this_period END,
       CASE WHEN d.state IN ('Pricing', 'Submitted') THEN d.ipa END,
       d.d_submitted,
       d.state,
       CASE d.state WHEN 'Measurement' THEN d.con WHEN 'Joint verification' THEN d.eng WHEN 'Pricing' THEN d.con END,
       d.con, d.con,
       (make_date(d.y, d.m, 1) + interval '20 days 10 hours')::timestamptz,
       (make_date(d.y, d.m, 1) + interval '20 days 10 hours')::timestamptz
FROM demo_ipm d
ORDER BY d.package, d.y, d.m;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'ipamanage', r.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'c' THEN r.n_raised_by ELSE r.n_engineer END,
       (CASE e.step WHEN 1 THEN r.d_measurement_done WHEN 2 THEN r.d_jv_done ELSE r.d_submitted END)
           + interval '17 hours',
       NULL
FROM ipamanage r
JOIN (VALUES
    (1, 'send_for_jv', 'Measurement', 'Joint verification', 'c'),
    (2, 'verify_jointly', 'Joint verification', 'Pricing', 'e'),
    (3, 'mark_submitted', 'Pricing', 'Submitted', 'c')
) AS e (step, transition, from_state, to_state, by)
  ON e.step <= CASE r.c_state WHEN 'Joint verification' THEN 1 WHEN 'Pricing' THEN 2 WHEN 'Submitted' THEN 3
                              ELSE 0 END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'ipamanage', n_package::text, count(*) FROM ipamanage GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Claims: 14 on six packages. age = days since the event; notice = days from the event to the notice.
CREATE TEMP TABLE demo_claim ON COMMIT DROP AS
SELECT v.*, pp.package, pp.con, pp.eng, pp.mgr,
       (current_date - v.age + v.notice)::timestamptz + interval '10 hours' AS created
FROM (VALUES
    (1, 'C1-V01', 'Determined', 160, 12, 'Idling of piling rigs: late handover of Airport Road right of way', 'Delay and disruption', 'GCC 8.4, 20.1',
     'The right of way between P101 and P118 on Airport Road was handed over 46 days after the date in the contract; two piling rigs and their crews stood idle.',
     18450000.00, 45, 12600000.00, 30, 'Partly agreed', 11875000.00, 30),
    (2, 'C1-V01', 'Determined', 130, 20, 'Increase in GST on structural steel', 'Change in law', 'GCC 13.6',
     'The GST on structural steel sections rose after the base date; the extra tax on the steel for the station roofs is claimed at cost.',
     4236500.00, 0, 4236500.00, 0, 'Agreed', 4236500.00, 0),
    (3, 'C1-V01', 'Assessed', 75, 9, 'Night-only working at Riverside junction (traffic police order)', 'Employer''s risk', 'GCC 17.2, 20.1',
     'The traffic police allowed work at Riverside junction only between 23:00 and 05:00; productivity of the pier and cap works fell by half.',
     9640000.00, 21, 7120000.00, 14, NULL, NULL, NULL),
    (4, 'C1-V01', 'Under assessment', 52, 6, 'Unforeseen rock at piles P148 to P152', 'Unforeseeable conditions', 'GCC 4.12',
     'Hard basalt met 6 m above the level shown in the geotechnical report; the piles were socketed with chisels and rock augers.',
     23800000.00, 28, NULL, NULL, NULL, NULL, NULL),
    (5, 'C1-V01', 'Notified', 30, 10, 'Redesign of the Cargo Terminal station for the flyover interface', 'Variation', 'GCC 13.3, 20.1',
     'The station''s concourse was redesigned to clear the state''s new flyover; the redesign and the re-sequencing disrupted the works.',
     15000000.00, 40, NULL, NULL, NULL, NULL, NULL),
    (6, 'C1-V01', 'Draft', 20, 4, 'Interest on delayed payment of IPC 3', 'Late payment', 'GCC 14.8',
     'IPC 3 was paid 38 days after the period allowed; financing charges are claimed at the rate in the contract data.',
     1842000.00, 0, NULL, NULL, NULL, NULL, NULL),
    (7, 'C2-V01', 'Determined', 110, 15, 'Dewatering at Stadium station foundations', 'Unforeseeable conditions', 'GCC 4.12',
     'Ground water stood 2.5 m higher than in the soil report at the Stadium station foundations; wellpoints ran for seven weeks.',
     6400000.00, 12, 0.00, 0, 'Rejected', 0.00, 0),
    (8, 'C2-V01', 'Under assessment', 58, 14, 'Delay in tree-felling permission, P230 to P245', 'Employer''s risk', 'GCC 2.1, 8.4',
     'The tree authority''s permission to fell 64 trees on the alignment came 71 days after the application the employer was to make.',
     11200000.00, 35, NULL, NULL, NULL, NULL, NULL),
    (9, 'C2-V02', 'Notified', 24, 5, 'Suspension of works by the district administration during the festival', 'Force majeure', 'GCC 18.1',
     'The district administration stopped all road works on the alignment for 10 days during the Ganesh festival processions.',
     3850000.00, 10, NULL, NULL, NULL, NULL, NULL),
    (10, 'C1-UG01', 'Determined', 150, 7, 'TBM standstill at boulders beyond the GBR baseline, Old Fort', 'Unforeseeable conditions', 'GCC 4.12, 20.1',
     'TBM S-1021 met boulders well beyond the baseline of the geotechnical baseline report between rings 412 and 468 and stood for 37 days.',
     87500000.00, 60, 41000000.00, 30, 'Referred to DAB', 41000000.00, 30),
    (11, 'C1-UG01', 'Assessed', 85, 11, 'Late diversion of the 132 kV cable at Central Station', 'Employer''s risk', 'GCC 2.1, 8.4',
     'The power utility diverted its 132 kV cable crossing the Central Station box 58 days late; the diaphragm walls on that side waited.',
     32000000.00, 45, 24500000.00, 35, NULL, NULL, NULL),
    (12, 'C1-SYS1', 'Under assessment', 60, 8, 'Late access to the depot for signalling installation', 'Delay and disruption', 'GCC 8.4',
     'The depot civil contractor gave access to the stabling lines 30 days after the interface date; the signalling gangs were demobilised.',
     14500000.00, 30, NULL, NULL, NULL, NULL, NULL),
    (13, 'C1-DP01', 'Notified', 35, 13, 'Extra filling for the revised depot formation level', 'Variation', 'GCC 13.3',
     'The formation level of the depot was raised by 450 mm after the flood study; 1.6 lakh cubic metres of extra filling are needed.',
     21000000.00, 20, NULL, NULL, NULL, NULL, NULL),
    (14, 'C1-SYS1', 'Draft', 15, 3, 'Customs duty increase on imported CBTC equipment', 'Change in law', 'GCC 13.6',
     'The basic customs duty on the imported zone controllers and the onboard units rose after the base date.',
     8630000.00, 0, NULL, NULL, NULL, NULL, NULL)
) AS v (n, package_code, state, age, notice, title, category, clause, description, claimed, days, assessed,
        assessed_days, determination, determined, determined_days)
JOIN demo_cl_people pp ON pp.package_code = v.package_code;

INSERT INTO claimregister (c_claim_no, n_package, c_title, c_category, c_clause, d_event, d_notice, c_description,
                           n_amount_claimed, n_days_claimed, c_particulars, d_particulars, n_engineer,
                           n_amount_assessed, n_days_assessed, c_assessment, d_assessed, n_manager, c_determination,
                           n_amount_determined, n_days_determined, c_determination_remarks, d_determined, c_state,
                           n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-CLM-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.age DESC, d.n)::text, 3, '0'),
       d.package, d.title, d.category, d.clause, current_date - d.age, current_date - d.age + d.notice, d.description,
       d.claimed, d.days,
       CASE WHEN d.state IN ('Under assessment', 'Assessed', 'Determined')
            THEN 'Contemporary records (daily reports, idle equipment logs, hire invoices), the delay analysis and the quantum build-up are enclosed.' END,
       CASE WHEN d.state IN ('Under assessment', 'Assessed', 'Determined') THEN current_date - d.age + 38 END,
       d.eng,
       CASE WHEN d.state IN ('Assessed', 'Determined') THEN d.assessed END,
       CASE WHEN d.state IN ('Assessed', 'Determined') THEN d.assessed_days END,
       CASE WHEN d.state IN ('Assessed', 'Determined')
            THEN 'Entitlement checked against the contract and the site records; quantum restricted to the costs proven by invoices and the idle period on the critical path.' END,
       CASE WHEN d.state IN ('Assessed', 'Determined') THEN current_date - d.age + 55 END,
       CASE WHEN d.state IN ('Assessed', 'Determined') THEN d.mgr END,
       d.determination, d.determined, d.determined_days,
       CASE d.determination WHEN 'Agreed' THEN 'Agreed in full with the contractor at the meeting under GCC 3.7.'
                            WHEN 'Partly agreed' THEN 'Agreed as assessed by the engineer, less the standby of one rig.'
                            WHEN 'Rejected' THEN 'The ground water level was foreseeable from the data given at tender.'
                            WHEN 'Referred to DAB' THEN 'Not agreed; the contractor referred the dispute to the DAB. The amount assessed is certified on account.' END,
       CASE WHEN d.state = 'Determined' THEN current_date - d.age + 80 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.con WHEN 'Notified' THEN d.con WHEN 'Under assessment' THEN d.eng
                    WHEN 'Assessed' THEN d.mgr END,
       d.con, d.con, d.created, d.created
FROM demo_claim d
ORDER BY d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'claimregister', c.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'c' THEN d.con WHEN 'm' THEN d.mgr ELSE d.eng END,
       (current_date - d.age + coalesce(e.after, d.notice))::timestamptz + interval '12 hours', e.comment
FROM demo_claim d
JOIN claimregister c ON c.c_title = d.title AND c.n_package = d.package
JOIN (VALUES
    (1, 'notify_claim', 'Draft', 'Notified', 'c', NULL, NULL),
    (2, 'submit_particulars', 'Notified', 'Under assessment', 'c', 38, NULL),
    (3, 'assess', 'Under assessment', 'Assessed', 'e', 55, NULL),
    (4, 'determine', 'Assessed', 'Determined', 'm', 80, NULL)
) AS e (step, transition, from_state, to_state, by, after, comment)
  ON e.step <= CASE d.state WHEN 'Notified' THEN 1 WHEN 'Under assessment' THEN 2 WHEN 'Assessed' THEN 3
                            WHEN 'Determined' THEN 4 ELSE 0 END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'claimregister', n_package::text, count(*) FROM claimregister GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Change request notes: 13, raised by the engineer or the planner, approved by the contract manager; the issued
-- ones are linked to the contractor's change request that priced them.
CREATE TEMP TABLE demo_crn ON COMMIT DROP AS
SELECT v.*, pp.package, pp.mgr,
       CASE v.by WHEN 'p' THEN pp.pln ELSE pp.eng END AS raiser,
       (current_date - v.age)::timestamptz + interval '11 hours' AS created
FROM (VALUES
    (1, 'C1-V01', 'Issued', 95, 'e', 'Crash barrier 1.5 m high at the Airport curve', 'Authority''s request', 'Civil', 'International Airport',
     'The airport authority asks for a 1.5 m high crash barrier over 420 m of the curve at the airport approach in place of the 1.1 m barrier of the contract.',
     18000000.00, 30, 17500000.00, 'C1-V01-CR-0001'),
    (2, 'C1-V01', 'Issued', 20, 'e', 'Third staircase at Cargo Terminal', 'Employer''s requirement', 'Architecture and finishes', 'Cargo Terminal',
     'A third staircase from the concourse to the cargo terminal road, for the passenger flows forecast by the airport authority.',
     7000000.00, 35, 7000000.00, 'C1-V01-CR-0006'),
    (3, 'C1-V01', 'Approved', 12, 'p', 'Platform screen doors provision at six elevated stations', 'Design development', 'Architecture and finishes', 'Aerocity',
     'Inserts, cable trays and platform-edge strengthening for future half-height platform screen doors at the six elevated stations.',
     12500000.00, 0, 11800000.00, NULL),
    (4, 'C1-V01', 'Submitted', 6, 'e', 'Rainwater harvesting pits under the viaduct', 'Statutory', 'Civil', 'Tech Park',
     'The municipal bye-laws now require a rainwater harvesting pit every 90 m under the viaduct between Tech Park and University.',
     5400000.00, 10, NULL, NULL),
    (5, 'C1-V01', 'Draft', 2, 'p', 'Skywalk from University station to the hostel gate', 'Employer''s requirement', 'Civil', 'University',
     'A 140 m covered skywalk from the University station concourse to the hostel gate.',
     26000000.00, 45, NULL, NULL),
    (6, 'C2-V01', 'Issued', 50, 'e', 'Road widening to six lanes under the viaduct at Stadium', 'Authority''s request', 'Civil', 'Stadium',
     'The city corporation asks for the road under the viaduct at Stadium to be widened to six lanes with new medians and drains.',
     15000000.00, 20, 14500000.00, 'C2-V01-CR-0002'),
    (7, 'C2-V01', 'Rejected', 40, 'p', 'Cladding of piers with stone veneer at Civil Lines', 'Employer''s requirement', 'Architecture and finishes', 'Civil Lines',
     'Stone veneer cladding of the 38 piers through Civil Lines, as asked for by the residents'' association.',
     9200000.00, 15, NULL, NULL),
    (8, 'C2-V02', 'Submitted', 9, 'e', 'Additional entry at Industrial Estate station', 'Employer''s requirement', 'Civil', 'Industrial Estate',
     'A second entry on the east side of Industrial Estate station for the new industrial park.',
     31000000.00, 40, NULL, NULL),
    (9, 'C1-UG01', 'Issued', 30, 'e', 'Fourth entry at Central Station towards the bus terminal', 'Employer''s requirement', 'Civil', 'Central Station',
     'A fourth entry from the Central Station concourse to the inter-state bus terminal.',
     36000000.00, 60, 36000000.00, 'C1-UG01-CR-0002'),
    (10, 'C1-UG01', 'Approved', 15, 'p', 'Value engineering: precast station roof slabs at Market Square', 'Value engineering', 'Civil', 'Market Square',
     'Precast hollow-core roof slabs in place of cast-in-situ slabs over the Market Square concourse, saving formwork time.',
     -4200000.00, -12, -3900000.00, NULL),
    (11, 'C1-SYS1', 'Rejected', 45, 'e', 'Second fibre ring for the SCADA network', 'Design development', 'Telecommunication', NULL,
     'A second, route-diverse fibre ring for the SCADA network between the depot and the OCC.',
     6800000.00, 0, NULL, NULL),
    (12, 'C1-DP01', 'Issued', 25, 'p', 'Rooftop solar of 500 kWp on the depot workshop', 'Statutory', 'Electrical', NULL,
     'The state energy policy requires 500 kWp of rooftop solar on the depot workshop and stores.',
     20500000.00, 25, 20000000.00, 'C1-DP01-CR-0002'),
    (13, 'C1-DP01', 'Submitted', 4, 'p', 'Wheel lathe pit in the inspection bay', 'Design development', 'Civil', NULL,
     'A pit for an underfloor wheel lathe in the inspection bay, with its foundation and drainage.',
     8800000.00, 20, NULL, NULL)
) AS v (n, package_code, state, age, by, title, reason, discipline, station, description, est_cost, est_days,
        approved_cost, cr_no)
JOIN demo_cl_people pp ON pp.package_code = v.package_code;

INSERT INTO crn (c_crn_no, n_package, c_title, c_reason, c_description, n_discipline, n_station, n_est_cost, n_est_days,
                 n_manager, d_submitted, n_approved_cost, c_decision_remarks, d_decided, c_issue_ref, n_changerequest,
                 d_issued, c_state, n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-CRN-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.age DESC, d.n)::text, 3, '0'),
       d.package, d.title, d.reason, d.description,
       (SELECT id FROM discipline WHERE c_name = d.discipline),
       (SELECT id FROM station WHERE c_name = d.station AND n_package = d.package),
       d.est_cost, d.est_days, d.mgr,
       CASE WHEN d.state <> 'Draft' THEN d.created::date + 1 END,
       CASE WHEN d.state IN ('Approved', 'Issued') THEN d.approved_cost END,
       CASE WHEN d.state IN ('Approved', 'Issued') THEN 'Approved within the delegation of powers; to be issued to the contractor for pricing.'
            WHEN d.state = 'Rejected' THEN 'Not justified by the benefit; the contract''s provision is adequate.' END,
       CASE WHEN d.state IN ('Approved', 'Rejected', 'Issued') THEN d.created::date + 6 END,
       CASE WHEN d.state = 'Issued' THEN 'GC/' || d.package_code || '/CRN/' || lpad(d.n::text, 3, '0') END,
       (SELECT r.id FROM changerequest r WHERE r.c_cr_no = d.cr_no),
       CASE WHEN d.state = 'Issued' THEN d.created::date + 9 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.raiser WHEN 'Submitted' THEN d.mgr WHEN 'Approved' THEN d.raiser END,
       d.raiser, d.raiser, d.created, d.created
FROM demo_crn d
ORDER BY d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'crn', c.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'm' THEN d.mgr ELSE d.raiser END,
       d.created + e.after * interval '1 day' + interval '2 hours', e.comment
FROM demo_crn d
JOIN crn c ON c.c_title = d.title AND c.n_package = d.package
JOIN (VALUES
    (1, 'submit', 'Draft', 'Submitted', 'r', 1, NULL, 'any'),
    (2, 'approve', 'Submitted', 'Approved', 'm', 6, NULL, 'approved'),
    (2, 'reject', 'Submitted', 'Rejected', 'm', 6, 'Not justified by the benefit; the contract''s provision is adequate.', 'rejected'),
    (3, 'issue', 'Approved', 'Issued', 'r', 9, NULL, 'approved')
) AS e (step, transition, from_state, to_state, by, after, comment, branch)
  ON e.branch = 'any' OR e.branch = CASE WHEN d.state = 'Rejected' THEN 'rejected' ELSE 'approved' END
WHERE e.step <= CASE d.state WHEN 'Submitted' THEN 1 WHEN 'Approved' THEN 2 WHEN 'Rejected' THEN 2
                             WHEN 'Issued' THEN 3 ELSE 0 END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'crn', n_package::text, count(*) FROM crn GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Vendor approvals: 14 proposals of the contractors, reviewed by the engineer.
CREATE TEMP TABLE demo_va ON COMMIT DROP AS
SELECT v.*, pp.package, pp.con, pp.eng,
       (current_date - v.age)::timestamptz + interval '9 hours' AS created
FROM (VALUES
    (1, 'C1-V01', 'Approved', 140, 'Material', 'Elastomeric bearings for 31 m U-girder spans', 'Mageba Bridge Products Pvt Ltd', 'Mageba', 'Kolkata, West Bengal', 'TS Part 8, cl. 8.4; IRC 83 (Part II)', 'Civil', 1240, 'nos',
     'Type test report of CRRI (2025); batch test certificates for rubber hardness and shear modulus', NULL),
    (2, 'C1-V01', 'Approved with conditions', 120, 'Material', 'TMT reinforcement Fe 500D', 'JSW Steel Ltd', 'JSW Neosteel', 'Vijayanagar Works, Ballari, Karnataka', 'TS Part 5, cl. 5.2; IS 1786', 'Civil', 18500, 'MT',
     'Mill test certificates per heat; BIS licence CM/L-4100012345', 'Every lot of 100 MT to be tested at the site laboratory for tensile strength and elongation before use.'),
    (3, 'C1-V01', 'Approved', 110, 'Material', 'OPC 53 grade cement', 'UltraTech Cement Ltd', 'UltraTech', 'Hirmi Cement Works, Chhattisgarh', 'TS Part 5, cl. 5.1; IS 269', 'Civil', 62000, 'MT',
     'Manufacturer''s test certificates per week of production; third-party test at NCCBM', NULL),
    (4, 'C1-V01', 'Submitted', 8, 'Sub-contractor', 'Bored piling, P101 to P160', 'Keller Ground Engineering India Pvt Ltd', NULL, 'Chennai, Tamil Nadu', 'GCC 4.4; TS Part 3', 'Civil', 236, 'piles',
     'Experience certificates for 3 metro viaduct piling works; list of rigs and key staff', NULL),
    (5, 'C1-V01', 'Draft', 2, 'Equipment', 'Launching girder for 31 m U-girders', 'Deccan Heavy Lifts Pvt Ltd', 'DHL-LG 400', 'Pune, Maharashtra', 'TS Part 9, cl. 9.6', 'Civil', 2, 'nos',
     NULL, NULL),
    (6, 'C2-V01', 'Approved with conditions', 90, 'Material', 'Coarse aggregate 20 mm and 10 mm', 'Sri Balaji Stone Crushers', NULL, 'Quarry at Dabaspet, Bengaluru Rural', 'TS Part 5, cl. 5.4; IS 383', 'Civil', 48000, 'cum',
     'Aggregate impact value, flakiness and alkali-silica reactivity test reports (NABL laboratory)', 'Alkali-silica reactivity to be re-tested every six months; washed aggregate only.'),
    (7, 'C2-V01', 'Rejected', 70, 'Material', 'UPVC drainage pipes 150 mm for the viaduct', 'Shree Polypipes', 'SP-Drain', 'Rajkot, Gujarat', 'TS Part 7, cl. 7.3; IS 4985', 'Civil', 6200, 'm',
     'Manufacturer''s test report (in-house laboratory)', NULL),
    (8, 'C2-V01', 'Submitted', 5, 'Material', 'UPVC drainage pipes 150 mm for the viaduct (resubmission)', 'Supreme Industries Ltd', 'Supreme', 'Jalgaon, Maharashtra', 'TS Part 7, cl. 7.3; IS 4985', 'Civil', 6200, 'm',
     'BIS licence; type test report of CIPET (2026)', NULL),
    (9, 'C2-V02', 'Submitted', 10, 'Material', 'Waterproofing membrane for station roofs', 'Fosroc Chemicals (India) Pvt Ltd', 'Fosroc Proofex', 'Bengaluru, Karnataka', 'TS Part 11, cl. 11.2', 'Architecture and finishes', 14500, 'sqm',
     'Product data sheet; independent test for tensile strength and water vapour transmission', NULL),
    (10, 'C1-UG01', 'Approved', 200, 'Material', 'EPDM gaskets for tunnel segments', 'Datwyler Sealing Solutions', 'Datwyler', 'Imported (Schattdorf, Switzerland)', 'TS Part 4, cl. 4.8', 'Civil', 9800, 'sets',
     'Long-term relaxation and water-tightness test reports (STUVA); certificate of origin', NULL),
    (11, 'C1-UG01', 'Approved with conditions', 100, 'Material', 'High-range water reducer for segment concrete', 'Master Builders Solutions India Pvt Ltd', 'MasterGlenium SKY 8233', 'Navi Mumbai, Maharashtra', 'TS Part 5, cl. 5.6; IS 9103', 'Civil', 420, 'kL',
     'IS 9103 test report; compatibility trials with OPC 53 at the casting yard', 'Dosage to be fixed by trial mixes for each cement source; trials repeated on any change of source.'),
    (12, 'C1-UG01', 'Submitted', 6, 'Equipment', 'Grout batching plant for annular grouting', 'Aquarius Engineers Pvt Ltd', 'Aquarius AGP-30', 'Vasai, Maharashtra', 'TS Part 4, cl. 4.11', 'Civil', 2, 'nos',
     'Calibration certificate of the weigh batchers; output trial at the works', NULL),
    (13, 'C1-SYS1', 'Rejected', 65, 'Vendor / supplier', 'Optical fibre cable 48F armoured', 'Lightlink Cables', 'LL-48F', 'Daman', 'TS-TEL Part 4, cl. 4.3', 'Telecommunication', 62, 'km',
     'Factory acceptance test report', NULL),
    (14, 'C1-DP01', 'Draft', 1, 'Material', 'Rail fastening system for depot lines', 'Pandrol India Pvt Ltd', 'Pandrol Fastclip FE', 'Kolkata, West Bengal', 'TS Part 12, cl. 12.2', 'Track', 18400, 'sets',
     'RDSO approval letter; pull-out and fatigue test reports', NULL)
) AS v (n, package_code, state, age, category, item, vendor, make, source, spec, discipline, qty, unit, certificates,
        conditions)
JOIN demo_cl_people pp ON pp.package_code = v.package_code;

INSERT INTO vendor_approval (c_va_no, n_package, c_category, c_item, c_vendor_name, c_make, c_source, c_spec_clause,
                             c_test_certificates, n_discipline, n_quantity, c_unit, d_required_by, n_engineer,
                             d_submitted, c_review_remarks, c_conditions, d_reviewed, c_state, n_ball_in_court,
                             n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-VA-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.age DESC, d.n)::text, 3, '0'),
       d.package, d.category, d.item, d.vendor, d.make, d.source, d.spec, d.certificates,
       (SELECT id FROM discipline WHERE c_name = d.discipline), d.qty, d.unit,
       d.created::date + 21, d.eng,
       CASE WHEN d.state <> 'Draft' THEN d.created::date + 1 END,
       CASE d.state WHEN 'Approved' THEN 'Meets the specification; samples approved.'
                    WHEN 'Approved with conditions' THEN 'Meets the specification subject to the conditions.'
                    WHEN 'Rejected' THEN 'Test certificates are from the manufacturer''s own laboratory only; an independent NABL or type test is required.' END,
       d.conditions,
       CASE WHEN d.state IN ('Approved', 'Approved with conditions', 'Rejected') THEN d.created::date + 12 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.con WHEN 'Submitted' THEN d.eng END,
       d.con, d.con, d.created, d.created
FROM demo_va d
ORDER BY d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'vendor_approval', a.id::text, e.transition, 'Submitted', a.c_state, d.eng,
       d.created + interval '12 days 3 hours', NULL
FROM demo_va d
JOIN vendor_approval a ON a.c_item = d.item AND a.n_package = d.package
JOIN (VALUES ('Approved', 'approve'), ('Approved with conditions', 'approve_conditions'), ('Rejected', 'reject'))
     AS e (state, transition) ON e.state = d.state
UNION ALL
SELECT 'vendor_approval', a.id::text, 'submit', 'Draft', 'Submitted', d.con, d.created + interval '1 day 2 hours', NULL
FROM demo_va d
JOIN vendor_approval a ON a.c_item = d.item AND a.n_package = d.package
WHERE d.state <> 'Draft';

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'vendor_approval', n_package::text, count(*) FROM vendor_approval GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Letters of acceptance: 12 tenders, drafted by the contract manager and approved by the employer. The four main
-- civil and systems contracts' LOAs carry the contract master's LOA date and value; the database numbers each
-- letter at issue, in the order of their LOA dates.
CREATE TEMP TABLE demo_loa ON COMMIT DROP AS
SELECT v.*, pp.package, pp.mgr, pp.emp,
       coalesce((SELECT c.d_loa_date FROM contract c WHERE c.c_contract_no = v.contract_no), current_date - v.age) AS loa,
       coalesce((SELECT c.n_contract_value FROM contract c WHERE c.c_contract_no = v.contract_no), v.value) AS amount
FROM (VALUES
    (1, 'C1-V01', 'Issued', NULL, 'MRC/C1-V01/2022/01', 'MRC/C1-V01/T-01/2021', 'Design and construction of viaduct and 6 elevated stations, Airport to Riverside', 'LNT', 5, 21650000000.00, NULL, 42),
    (2, 'C1-UG01', 'Issued', NULL, 'MRC/C1-UG01/2023/02', 'MRC/C1-UG01/T-02/2022', 'Design and construction of underground section, Riverside to Central Station, with 3 stations', 'AFCONS', 4, 39900000000.00, NULL, 48),
    (3, 'C1-SYS1', 'Issued', NULL, 'MRC/C1-SYS1/2023/05', 'MRC/C1-SYS1/T-05/2023', 'Signalling (CBTC) and telecommunication systems, Blue Line', 'SIGTEL', 3, 11850000000.00, NULL, 36),
    (4, 'C2-V01', 'Issued', NULL, 'MRC/C2-V01/2025/01', 'MRC/C2-V01/T-01/2024', 'Viaduct and 5 elevated stations, Northgate to Central', 'NCC', 6, 18420000000.00, NULL, 36),
    (5, 'C1-DP01', 'Issued', 240, NULL, 'MRC/C1-DP01/T-03/2025', 'Earthwork in filling, boundary wall and drains, Airport depot', 'LNT', 7, 1920000000.00, 1846000000.00, 14),
    (6, 'C1-V01', 'Issued', 120, NULL, 'MRC/C1-V01/T-07/2025', 'Supply, installation and commissioning of lifts and escalators, 6 elevated stations', 'SIGTEL', 4, 1310000000.00, 1362000000.00, 18),
    (7, 'C2-V02', 'Approved', 3, NULL, 'MRC/C2-V02/T-01/2026', 'Viaduct and 5 elevated stations, Central to Southfield', 'LNT', 5, 19100000000.00, 18740000000.00, 36),
    (8, 'C1-DP01', 'Approved', 1, NULL, 'MRC/C1-DP01/T-04/2026', 'Depot workshop, stabling shed and administrative buildings, Airport depot', 'AFCONS', 6, 4650000000.00, 4488000000.00, 24),
    (9, 'C1-SYS1', 'Submitted', 6, NULL, 'MRC/C1-SYS1/T-08/2026', 'Automatic fare collection system, Blue Line', 'SIGTEL', 3, 2500000000.00, 2460000000.00, 20),
    (10, 'C2-V01', 'Submitted', 4, NULL, 'MRC/C2-V01/T-03/2026', 'Architectural finishing of 5 elevated stations, Northgate to Central', 'NCC', 5, 2120000000.00, 2205000000.00, 18),
    (11, 'C1-UG01', 'Draft', 2, NULL, 'MRC/C1-UG01/T-06/2026', 'Tunnel ventilation and environmental control system, underground section', 'SIGTEL', 3, 3400000000.00, 3318000000.00, 24),
    (12, 'C2-V02', 'Draft', 1, NULL, 'MRC/C2-V02/T-02/2026', 'Traction substations and 750 V DC third rail, Central to Southfield', 'SIGTEL', 4, 2850000000.00, 2790000000.00, 22)
) AS v (n, package_code, state, age, contract_no, tender_no, work, bidder, bids, estimate, value, months)
JOIN demo_cl_people pp ON pp.package_code = v.package_code;

-- A draft or a letter under approval has no LOA date yet: its dates run from "age" days ago.
INSERT INTO issueofloa (c_loa_ref, n_package, c_tender_no, c_work_name, n_contractor, n_bids_received, n_estimate,
                        n_contract_value, n_completion_months, n_security_pct, n_security_days, n_approver,
                        d_submitted, c_approval_remarks, d_approved, d_loa, c_state, n_ball_in_court, n_raised_by,
                        n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-LOA-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.loa, d.n)::text, 2, '0'),
       d.package, d.tender_no, d.work, (SELECT id FROM contractor WHERE c_code = d.bidder), d.bids, d.estimate,
       d.amount, d.months, 5, 28, d.emp,
       CASE WHEN d.state <> 'Draft' THEN CASE WHEN d.state = 'Issued' THEN d.loa - 12 ELSE d.loa - 2 END END,
       CASE WHEN d.state IN ('Approved', 'Issued') THEN 'Award to the lowest evaluated responsive bidder approved, as recommended by the tender committee.' END,
       CASE WHEN d.state = 'Issued' THEN d.loa - 4 WHEN d.state = 'Approved' THEN d.loa END,
       CASE WHEN d.state = 'Issued' THEN d.loa END,
       d.state,
       CASE d.state WHEN 'Draft' THEN d.mgr WHEN 'Submitted' THEN d.emp WHEN 'Approved' THEN d.mgr END,
       d.mgr, d.mgr,
       (CASE WHEN d.state = 'Issued' THEN d.loa - 15 ELSE d.loa - 4 END)::timestamptz + interval '10 hours',
       (CASE WHEN d.state = 'Issued' THEN d.loa ELSE d.loa - 2 END)::timestamptz + interval '10 hours'
FROM demo_loa d
ORDER BY d.loa, d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'issueofloa', l.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'm' THEN l.n_raised_by ELSE l.n_approver END,
       (CASE e.step WHEN 1 THEN l.d_submitted WHEN 2 THEN l.d_approved ELSE l.d_loa END)::timestamptz
           + interval '15 hours',
       NULL
FROM issueofloa l
JOIN (VALUES
    (1, 'submit', 'Draft', 'Submitted', 'm'),
    (2, 'approve', 'Submitted', 'Approved', 'e'),
    (3, 'issue', 'Approved', 'Issued', 'm')
) AS e (step, transition, from_state, to_state, by)
  ON e.step <= CASE l.c_state WHEN 'Submitted' THEN 1 WHEN 'Approved' THEN 2 WHEN 'Issued' THEN 3 ELSE 0 END;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'issueofloa', n_package::text, count(*) FROM issueofloa GROUP BY n_package;
