-- Demo rows of the land registers (issue 29; migration V30; loaded once, after demo_survey.sql, as the seed set
-- "demo-land"): the permissions of the land-acquisition officer, the employer and the other demo roles on the
-- three routes; nineteen land acquisition cases on five packages in every stage of the RFCTLARR Act (SIA -> Sec 11
-- -> Sec 19 -> award -> possession) with the events that brought them there and the employer's approvals; and an
-- R&R plan for every project-affected family head of the SIA surveys whose parcel has a case, in every step of its
-- workflow, with the instalments paid. Dates are relative to the day the seed is loaded.

-- ---------------------------------------------------------------------------------------------------------------
-- Permissions (create, update, delete, export)
-- ---------------------------------------------------------------------------------------------------------------
-- The officer runs the cases and prepares the plans; the employer approves (update, for the approver look-up);
-- the other roles read.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), g.c, g.u, g.d, g.e
FROM (VALUES
    ('landofficer', '/dataentry/la', 1, 1, 1, 1),
    ('landofficer', '/dataentry/rrplan', 1, 1, 1, 1),
    ('landofficer', '/dataentry/landacquisitionstatus', 0, 0, 0, 1),
    ('employer', '/dataentry/la', 0, 1, 0, 1),
    ('employer', '/dataentry/rrplan', 0, 1, 0, 1),
    ('employer', '/dataentry/landacquisitionstatus', 0, 0, 0, 1),
    ('manager', '/dataentry/la', 0, 0, 0, 1),
    ('manager', '/dataentry/rrplan', 0, 0, 0, 1),
    ('manager', '/dataentry/landacquisitionstatus', 0, 0, 0, 1),
    ('surveyor', '/dataentry/la', 0, 0, 0, 1),
    ('surveyor', '/dataentry/rrplan', 0, 0, 0, 1),
    ('surveyor', '/dataentry/landacquisitionstatus', 0, 0, 0, 1),
    ('engineer', '/dataentry/la', 0, 0, 0, 1),
    ('engineer', '/dataentry/landacquisitionstatus', 0, 0, 0, 1),
    ('planner', '/dataentry/landacquisitionstatus', 0, 0, 0, 1),
    ('viewer', '/dataentry/landacquisitionstatus', 0, 0, 0, 0)
) AS g (username, route, c, u, d, e)
JOIN users u ON u.c_username = g.username
JOIN navigation n ON n.c_route = g.route
WHERE NOT EXISTS (SELECT 1 FROM user_permission_nav x WHERE x.n_user_id = u.id AND x.n_nav_id = n.id);

-- ---------------------------------------------------------------------------------------------------------------
-- Land acquisition cases
-- ---------------------------------------------------------------------------------------------------------------
-- One row per parcel: the stage it has reached and how many days ago its SIA was notified (`age`); the later
-- dates follow the Act's usual intervals from it (SIA appraised +60 days, Sec 11 +90, Sec 19 +200, award +330,
-- possession +360). `rate` is the market value per sqm (s.26), multiplied by the First Schedule's factor for rural
-- areas (1.25 for the Bengaluru Rural parcels, 1 in the city); `assets` the value of structures, trees and wells.
CREATE TEMP TABLE demo_la ON COMMIT DROP AS
SELECT v.*, p.id AS package, s.id AS station, s.n_chainage_km AS station_km,
       NULL::bigint AS survey, row_number() OVER (PARTITION BY p.id ORDER BY v.n) AS rank_in_package
FROM (VALUES
    (1, 'C1-V01', 'C1-S01', NULL, 'Sy. No. 212/1', 'Bettakote', 'Devanahalli', 'Bengaluru Rural', 'Station',
     'Government', 'Karnataka Industrial Areas Development Board (KIADB)', 4850.00, 4790.00, 'Possession', 520, 4200,
     0),
    (2, 'C1-V01', 'C1-S02', 'C1-V01-SUR-0001', 'Sy. No. 112/3', 'Bettakote', 'Devanahalli', 'Bengaluru Rural',
     'Viaduct', 'Private', 'Muniyappa s/o Chikkanna and 3 others', 1850.00, 1850.00, 'Possession', 480, 9500, 1850000),
    (3, 'C1-V01', 'C1-S03', 'C1-V01-SUR-0002', 'Sy. No. 47/1A', 'Chikkajala', 'Yelahanka', 'Bengaluru Urban',
     'Entry / exit', 'Private', 'Gowramma w/o late Narayanappa', 2640.00, 2640.00, 'Award', 380, 14500, 2650000),
    (4, 'C1-V01', 'C1-S04', 'C1-V01-SUR-0004', 'Sy. No. 88/2', 'Bagalur', 'Yelahanka', 'Bengaluru Urban',
     'Traction substation', 'Private', 'Sri Venkateshwara Educational Trust', 920.00, 920.00, 'SIA', 35, 0, 0),
    (5, 'C1-V01', 'C1-S05', NULL, 'Sy. No. 131', 'Jakkur', 'Yelahanka', 'Bengaluru Urban', 'Viaduct', 'Private',
     'Ramaiah Reddy and sons', 980.00, 980.00, 'Sec 19', 230, 38500, 1250000),
    (6, 'C1-V01', 'C1-S06', NULL, 'Sy. No. 9/2', 'Hebbal', 'Bengaluru North', 'Bengaluru Urban', 'Ramp', 'Railway',
     'South Western Railway, Bengaluru Division', 1240.00, 1240.00, 'Sec 11', 120, 0, 0),
    (7, 'C2-V01', 'C2-S01', 'C2-V01-SUR-0001', 'Sy. No. 203/1', 'Kogilu', 'Yelahanka', 'Bengaluru Urban', 'Station',
     'Private', 'Mohammed Iqbal and 2 others', 1980.00, 1980.00, 'Possession', 500, 36000, 4200000),
    (8, 'C2-V01', 'C2-S02', NULL, 'Sy. No. 15/6', 'Nagawara', 'Bengaluru East', 'Bengaluru Urban', 'Viaduct',
     'Private', 'Lakshmamma w/o Hanumanthappa', 560.00, 560.00, 'Possession', 455, 44000, 980000),
    (9, 'C2-V01', 'C2-S03', NULL, 'CTS No. 3340/2', 'Ward 78 Vasanth Nagar', 'Bengaluru North', 'Bengaluru Urban',
     'Entry / exit', 'Private', 'Syed Ameer Pasha', 410.00, 410.00, 'Award', 390, 52000, 3150000),
    (10, 'C2-V01', 'C2-S04', 'C2-V01-SUR-0002', 'CTS No. 918/2', 'Ward 111 Shantala Nagar', 'Bengaluru South',
     'Bengaluru Urban', 'Viaduct', 'Private', 'Anthony Joseph and Mary Joseph', 450.00, 450.00, 'Sec 11 approval', 75,
     0, 0),
    (11, 'C2-V01', 'C2-S05', NULL, 'Sy. No. 5/1B', 'Lingarajapuram', 'Bengaluru East', 'Bengaluru Urban', 'Station',
     'Municipal', 'Bruhat Bengaluru Mahanagara Palike (BBMP)', 1930.00, 1930.00, 'SIA', 30, 0, 0),
    (12, 'C2-V02', 'C2-S06', NULL, 'Sy. No. 142/3', 'Bommanahalli', 'Bengaluru South', 'Bengaluru Urban', 'Station',
     'Private', 'Sri Someshwara Textiles Pvt Ltd', 2780.00, 2780.00, 'Sec 19', 240, 47000, 8600000),
    (13, 'C2-V02', 'C2-S07', NULL, 'Sy. No. 58/2', 'Bommasandra', 'Anekal', 'Bengaluru Urban', 'Viaduct', 'Private',
     'Chikka Muniswamy', 650.00, 650.00, 'Sec 11', 110, 0, 0),
    (14, 'C2-V02', 'C2-S08', 'C2-V02-SUR-0001', 'Sy. No. 9/1', 'Chandapura', 'Anekal', 'Bengaluru Urban',
     'Entry / exit', 'Private', 'Chandapura Gram Vikas Sangha', 1340.00, 1340.00, 'Award approval', 338, 21000,
     1420000),
    (15, 'C2-V02', NULL, NULL, 'Sy. No. 210/1', 'Hebbagodi', 'Anekal', 'Bengaluru Urban', 'Casting yard', 'Private',
     'Narasimhaiah and 4 others', 18500.00, 18500.00, 'SIA', 25, 0, 0),
    (16, 'C1-UG01', 'C1-S07', 'C1-UG01-SUR-0001', 'CTS No. 2214', 'Ward 109 Chickpet', 'Bengaluru South',
     'Bengaluru Urban', 'Entry / exit', 'Private', 'Sri Nagareshwara Temple Trust and tenants', 540.00, 540.00,
     'Sec 11 approval', 64, 0, 0),
    (17, 'C1-UG01', 'C1-S08', 'C1-UG01-SUR-0002', 'CTS No. 1187/A', 'Ward 110 Sampangiram Nagar', 'Bengaluru North',
     'Bengaluru Urban', 'Entry / exit', 'Private', 'Abdul Rahim and Sons (shops 14-18)', 680.00, 680.00, 'SIA', 40, 0,
     0),
    (18, 'C1-UG01', 'C1-S09', NULL, 'CTS No. 76/14', 'Ward 94 Gandhinagar', 'Bengaluru North', 'Bengaluru Urban',
     'Station', 'Railway', 'South Western Railway, Bengaluru Division', 1460.00, 1460.00, 'Possession', 540, 0,
     350000),
    (19, 'C1-DP01', NULL, NULL, 'Sy. No. 96/1', 'Byrathi', 'Bengaluru East', 'Bengaluru Urban', 'Depot', 'Private',
     'Byrathi village khatedars (14 holdings)', 62000.00, 61250.00, 'Sec 19', 260, 8200, 5600000)
) AS v (n, package_code, station_code, survey_no, khasra, village, tehsil, district, purpose, tenure, owner, area_required,
        area_acquired, state, age, rate, assets)
JOIN package p ON p.c_code = v.package_code
LEFT JOIN station s ON s.c_code = v.station_code;

-- A case names the parcel's SIA survey where its parcel has project-affected families (land of the government, the
-- railway or the municipality, and open plots, have none): the survey's parcel (survey number, village, tehsil,
-- station, area) is then the case's. Cases past the SIA name verified surveys only.
UPDATE demo_la d SET survey = s.id, khasra = s.c_khasra_no, village = s.c_village, tehsil = s.c_tehsil,
       district = s.c_district, station = coalesce(s.n_station, d.station),
       area_acquired = round(s.n_area_sqm * d.area_acquired / d.area_required, 2), area_required = s.n_area_sqm
FROM landacquisitionid s
WHERE s.c_survey_no = d.survey_no;

UPDATE demo_la d SET station_km = s.n_chainage_km FROM station s WHERE s.id = d.station;
-- A case with a survey lies where its survey says (the database would take it from the survey anyway).
UPDATE demo_la d SET station_km = s.n_chainage_from_km FROM landacquisitionid s WHERE s.c_survey_no = d.survey_no;

CREATE TEMP TABLE demo_la_stage ON COMMIT DROP AS
SELECT d.*, array_position(ARRAY['SIA', 'Sec 11 approval', 'Sec 11', 'Sec 19', 'Award approval', 'Award',
                                 'Possession'], d.state) AS stage
FROM demo_la d;

INSERT INTO la (c_case_no, n_package, n_station, n_survey, c_khasra_no, c_village, c_tehsil, c_district,
                n_chainage_km, c_purpose, c_tenure, c_owner, n_area_required_sqm, d_sia_notified, d_sia_report,
                c_sia_remarks, n_approver, d_approval_due, d_sec11_approved, c_sec11_ref, d_sec11, c_sec19_ref,
                d_sec19, c_award_no, d_award, n_area_acquired_sqm, n_market_value, n_multiplier, n_asset_value,
                d_award_approved,
                d_possession, n_area_possessed_sqm, c_possession_remarks, c_state, n_ball_in_court, n_raised_by,
                n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-LA-' || lpad(d.rank_in_package::text, 4, '0'),
       d.package, d.station, d.survey, d.khasra, d.village, d.tehsil, d.district,
       d.station_km, d.purpose, d.tenure, d.owner, d.area_required,
       current_date - d.age,
       CASE WHEN d.stage >= 2 THEN current_date - d.age + 60 END,
       CASE WHEN d.stage >= 2 THEN 'Expert group appraisal: the parcel is the minimum land needed for the '
                                   || lower(d.purpose) || '; no alternative alignment avoids it. '
                                   || CASE WHEN d.survey IS NULL
                                           THEN 'No residents or businesses on the parcel: no project-affected families.'
                                           ELSE 'Affected families and structures as recorded in survey '
                                                || d.survey_no || '.' END END,
       emp.id,
       CASE WHEN d.stage = 2 THEN current_date - d.age + 69
            WHEN d.stage = 5 THEN current_date - d.age + 339 END,
       CASE WHEN d.stage >= 3 THEN current_date - d.age + 80 END,
       CASE WHEN d.stage >= 3 AND (d.stage >= 4 OR d.n % 2 = 0)
            THEN 'KG/RD/' || (400 + d.n) || '/AQB/' || extract(year FROM current_date - d.age + 90) END,
       CASE WHEN d.stage >= 3 AND (d.stage >= 4 OR d.n % 2 = 0) THEN current_date - d.age + 90 END,
       CASE WHEN d.stage >= 4 THEN 'KG/RD/' || (600 + d.n) || '/AQB/' || extract(year FROM current_date - d.age + 200) END,
       CASE WHEN d.stage >= 4 THEN current_date - d.age + 200 END,
       CASE WHEN d.stage >= 5 THEN 'LAQ(M)/' || d.n || '/' || extract(year FROM current_date - d.age + 330) END,
       CASE WHEN d.stage >= 5 THEN current_date - d.age + 330 END,
       CASE WHEN d.stage >= 4 THEN d.area_acquired END,
       CASE WHEN d.stage >= 4 THEN round(d.area_acquired * d.rate, 2) END,
       CASE WHEN d.district = 'Bengaluru Rural' THEN 1.25 ELSE 1 END,
       CASE WHEN d.stage >= 4 THEN d.assets END,
       CASE WHEN d.stage >= 6 THEN current_date - d.age + 335 END,
       CASE WHEN d.stage = 7 THEN current_date - d.age + 360 END,
       CASE WHEN d.stage = 7 THEN d.area_acquired END,
       CASE WHEN d.stage = 7 THEN 'Possession taken by panchnama in the presence of the revenue inspector and the '
                                  || 'village accountant; boundary stones fixed.' END,
       -- A case in possession goes in with its award passed: its payments are recorded below, then it is taken.
       CASE WHEN d.state = 'Possession' THEN 'Award' ELSE d.state END,
       CASE WHEN d.stage IN (2, 5) THEN emp.id WHEN d.stage = 7 THEN NULL ELSE lo.id END,
       lo.id, lo.id,
       (current_date - d.age)::timestamptz + interval '5 hours',
       (current_date - d.age)::timestamptz + interval '5 hours'
FROM demo_la_stage d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'landofficer') AS lo
CROSS JOIN (SELECT id FROM users WHERE c_username = 'employer') AS emp
ORDER BY d.n;

-- Compensation paid and deposited against the awards (s.77): a case in possession was paid in full before it was
-- taken (s.38(1)), most to the persons interested and, where an owner disputed the award, the rest deposited with
-- the Authority (s.77(2)); of the awards passed and not yet possessed, one is paid in part.
INSERT INTO la_payment (n_la, d_paid, c_kind, c_payee, n_amount, c_reference, c_remarks, n_created_by, n_updated_by)
SELECT l.id, p.paid_on, p.kind, CASE WHEN p.kind = 'Paid to the persons interested' THEN l.c_owner END,
       p.amount, 'LAQ-PAY/' || l.c_case_no || '/' || p.n,
       CASE WHEN p.kind = 'Deposited with the Authority'
            THEN 'Award disputed by one of the persons interested: deposited under s.77(2).' END,
       l.n_raised_by, l.n_raised_by
FROM la l
JOIN demo_la_stage d ON d.package = l.n_package AND l.c_case_no = d.package_code || '-LA-' || lpad(d.rank_in_package::text, 4, '0')
CROSS JOIN LATERAL (VALUES
    (1, l.d_award_approved + 10, 'Paid to the persons interested',
     CASE WHEN d.state = 'Possession' THEN round(l.n_award_amount * 0.85, 2) ELSE round(l.n_award_amount * 0.60, 2) END),
    (2, l.d_award_approved + 18, 'Deposited with the Authority',
     l.n_award_amount - round(l.n_award_amount * 0.85, 2))
) AS p (n, paid_on, kind, amount)
WHERE l.n_award_amount > 0
  AND (d.state = 'Possession' OR (d.state = 'Award' AND p.n = 1 AND d.n % 2 = 1));

UPDATE la l SET c_state = 'Possession', n_ball_in_court = NULL
FROM demo_la_stage d
WHERE d.package = l.n_package AND l.c_case_no = d.package_code || '-LA-' || lpad(d.rank_in_package::text, 4, '0')
  AND d.state = 'Possession';

-- The events that brought each case to its stage.
INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'la', l.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'employer' THEN l.n_approver ELSE l.n_raised_by END,
       l.d_sia_notified::timestamptz + e.after, e.comment
FROM la l
JOIN demo_la_stage d ON d.package = l.n_package AND l.c_case_no = d.package_code || '-LA-' || lpad(d.rank_in_package::text, 4, '0')
CROSS JOIN (VALUES
    (2, 'propose_sec11', 'SIA', 'Sec 11 approval', 'officer', interval '62 days 5 hours', NULL),
    (3, 'approve_sec11', 'Sec 11 approval', 'Sec 11', 'employer', interval '80 days 6 hours',
     'Approved; publish in the Karnataka Gazette and two local newspapers.'),
    (4, 'declare_sec19', 'Sec 11', 'Sec 19', 'officer', interval '200 days 7 hours', NULL),
    (5, 'propose_award', 'Sec 19', 'Award approval', 'officer', interval '332 days 5 hours', NULL),
    (6, 'approve_award', 'Award approval', 'Award', 'employer', interval '335 days 8 hours',
     'Award amount approved; deposit with the Special Land Acquisition Officer.'),
    (7, 'take_possession', 'Award', 'Possession', 'officer', interval '360 days 7 hours', NULL)
) AS e (stage, transition, from_state, to_state, by, after, comment)
WHERE d.stage >= e.stage;

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'la', n_package::text, count(*) FROM la GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- R&R plans: one per family head of a survey that has a case. The plan's step follows its parcel's: prepared while
-- the parcel is at SIA, with the employer from the Sec 11 proposal to the declaration, paid while the award is
-- passed, closed (paid in full) once the land is in possession (Sec 38: no possession before the R&R is paid).
-- ---------------------------------------------------------------------------------------------------------------
CREATE TEMP TABLE demo_rr ON COMMIT DROP AS
SELECT f.id AS family, l.id AS la, l.n_package AS package, l.c_state AS la_state, l.d_possession,
       row_number() OVER (ORDER BY l.id, f.c_family_no) AS n,
       CASE WHEN l.c_state = 'SIA' THEN 'Draft'
            WHEN l.c_state IN ('Sec 11 approval', 'Sec 11', 'Sec 19') THEN 'With employer'
            WHEN l.c_state IN ('Award approval', 'Award') THEN 'Payments'
            ELSE 'Closed' END AS state
FROM lasitefamilyparticulars f
JOIN la l ON l.n_survey = f.n_survey
WHERE f.c_relation = 'Head';

-- When each plan was prepared and approved: a closed plan was approved 45 days before its parcel's possession and
-- paid within 30 days of approval; a plan being paid was approved in the last six weeks.
ALTER TABLE demo_rr ADD COLUMN approved date, ADD COLUMN prepared date;
UPDATE demo_rr SET approved = CASE state WHEN 'Closed' THEN d_possession - 45 + (n % 5)::integer
                                         WHEN 'Payments' THEN current_date - 40 + (n % 10)::integer END;
UPDATE demo_rr SET prepared = coalesce(approved - 20, current_date - 30 + (n % 10)::integer);

INSERT INTO rrplan (c_plan_no, n_package, n_la, n_family, c_rehab_option,
                    c_resettlement, c_bank_ifsc, c_bank_account, c_remarks, n_approver, d_approval_due, d_approved,
                    c_state, n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT p.c_code || '-RR-' || lpad(row_number() OVER (PARTITION BY r.package ORDER BY r.n)::text, 4, '0'),
       r.package, r.la, r.family,
       (ARRAY['One-time payment', 'Annuity', 'Employment'])[1 + r.n % 3],
       (ARRAY['Self-relocation', 'House allotted', 'Not displaced'])[1 + r.n % 3],
       CASE WHEN r.state <> 'Draft' OR r.n % 2 = 0
            THEN (ARRAY['SBIN0040123', 'CNRB0001892', 'KARB0000512', 'UBIN0531146'])[1 + r.n % 4] END,
       CASE WHEN r.state <> 'Draft' OR r.n % 2 = 0 THEN (30000000000 + r.n * 7919137)::text END,
       CASE r.state WHEN 'Draft' THEN 'Options explained at the gram sabha; awaiting the bank passbook copy.'
                    WHEN 'With employer' THEN 'Family opted as recorded; entitlements as per the SIA survey.'
                    ELSE 'Paid by RTGS to the head of family''s account.' END,
       emp.id,
       CASE WHEN r.state = 'With employer' THEN current_date - 3 + (r.n % 8)::integer END,
       r.approved,
       CASE WHEN r.state = 'Closed' THEN 'Payments' ELSE r.state END,
       CASE WHEN r.state = 'With employer' THEN emp.id WHEN r.state = 'Closed' THEN NULL ELSE lo.id END,
       lo.id, lo.id,
       r.prepared::timestamptz + interval '4 hours',
       r.prepared::timestamptz + interval '4 hours'
FROM demo_rr r
JOIN package p ON p.id = r.package
CROSS JOIN (SELECT id FROM users WHERE c_username = 'landofficer') AS lo
CROSS JOIN (SELECT id FROM users WHERE c_username = 'employer') AS emp
ORDER BY r.n;

-- Instalments: a closed plan was paid in two (60 % then the rest); a plan being paid has had its first (60 %) on
-- every other plan.
INSERT INTO rrplan_payment (n_rrplan, n_instalment, c_component, d_paid, n_amount, c_mode, c_reference, n_created_by)
SELECT p.id, i.n, 'R&R entitlements', p.d_approved + i.after,
       CASE i.n WHEN 1 THEN round(p.n_entitlement * 0.6, 2) ELSE p.n_entitlement - round(p.n_entitlement * 0.6, 2) END,
       'RTGS', 'SBINR5' || to_char(p.d_approved + i.after, 'YYYYMMDD') || lpad((p.id * 10 + i.n)::text, 6, '0'),
       p.n_raised_by
FROM rrplan p
JOIN demo_rr r ON r.family = p.n_family
CROSS JOIN (VALUES (1, 10), (2, 30)) AS i (n, after)
WHERE p.n_entitlement > 0
  AND ((r.state = 'Closed') OR (r.state = 'Payments' AND i.n = 1 AND p.id % 2 = 0));

UPDATE rrplan p SET c_state = 'Closed', d_closed = p.d_approved + 32, n_ball_in_court = NULL
FROM demo_rr r
WHERE r.family = p.n_family AND r.state = 'Closed' AND p.n_balance = 0;

-- The survey's record of what each family with a plan was paid is the plan's (the trigger keeps it so from now on).
UPDATE lasiteresetrehab r SET n_paid = least(p.n_paid, r.n_total),
       d_paid = (SELECT max(x.d_paid) FROM rrplan_payment x WHERE x.n_rrplan = p.id)
FROM rrplan p
WHERE r.n_survey = p.n_family_survey AND r.c_family_no = p.c_family_no;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'rrplan', p.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'employer' THEN p.n_approver ELSE p.n_raised_by END,
       CASE e.step WHEN 1 THEN coalesce(p.d_approval_due - 7, p.d_approved - 6)::timestamptz + interval '6 hours'
                   WHEN 2 THEN p.d_approved::timestamptz + interval '8 hours'
                   ELSE p.d_closed::timestamptz + interval '7 hours' END,
       e.comment
FROM rrplan p
CROSS JOIN (VALUES
    (1, 'submit', 'Draft', 'With employer', 'officer', NULL),
    (2, 'approve', 'With employer', 'Payments', 'employer', 'Entitlements checked against the SIA survey.'),
    (3, 'close', 'Payments', 'Closed', 'officer', NULL)
) AS e (step, transition, from_state, to_state, by, comment)
WHERE (e.step = 1 AND p.c_state <> 'Draft')
   OR (e.step = 2 AND p.c_state IN ('Payments', 'Closed'))
   OR (e.step = 3 AND p.c_state = 'Closed');

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'rrplan', n_package::text, count(*) FROM rrplan GROUP BY n_package;
