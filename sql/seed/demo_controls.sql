-- Demo rows of the controls registers (issue 29, seed set "demo-controls", loaded after demo_claims.sql):
-- permissions on the four routes, fourteen risks in every step of their workflow, the funding of every package
-- (shares totalling 100 % or less per package and per activity), and fourteen interfaces between packages in every
-- step with the activity dependencies behind them, with the workflow events and document sequences that go with
-- them. Dates are relative to the day the seed runs.

-- ---------------------------------------------------------------------------------------------------------------
-- Two activities the interfaces of the underground package need (kept if the activity masters already hold them).
-- ---------------------------------------------------------------------------------------------------------------
INSERT INTO activity (c_code, c_name, n_discipline, c_unit, n_weightage_pct, c_description)
SELECT v.code, v.name, d.id, v.unit, v.weight, v.description
FROM (VALUES
    ('TUN', 'Tunnelling (TBM) and tunnel lining', 'CIV', 'rings', NULL::numeric,
     'Bored tunnel drives by TBM, segmental lining, grouting, invert and walkway.'),
    ('STN', 'Station structure (box, concourse, platforms)', 'CIV', 'nos', NULL::numeric,
     'Diaphragm walls, station box, slabs, concourse and platform structures, equipment rooms.')
) AS v (code, name, discipline, unit, weight, description)
JOIN discipline d ON d.c_code = v.discipline
WHERE NOT EXISTS (SELECT 1 FROM activity a WHERE a.c_code = v.code);

-- ---------------------------------------------------------------------------------------------------------------
-- Permissions
-- ---------------------------------------------------------------------------------------------------------------
-- Risks: contractors, the PMC (engineer, planner, designer), the employer's manager and land officer raise and own
-- them; the engineer (or the employer) reviews.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), v.c, v.u, v.d, v.e
FROM (VALUES
    ('/dataentry/risk_register', 'contractor', 1, 1, 1, 1),
    ('/dataentry/risk_register', 'contractor2', 1, 1, 1, 1),
    ('/dataentry/risk_register', 'engineer', 1, 1, 1, 1),
    ('/dataentry/risk_register', 'planner', 1, 1, 1, 1),
    ('/dataentry/risk_register', 'manager', 1, 1, 0, 1),
    ('/dataentry/risk_register', 'employer', 0, 1, 0, 1),
    ('/dataentry/risk_register', 'landofficer', 1, 1, 0, 1),
    ('/dataentry/risk_register', 'designer', 0, 1, 0, 1),
    -- Funding is the employer's contract manager's; the others read it.
    ('/administration/fundingactivity', 'manager', 1, 1, 1, 1),
    ('/administration/fundingactivity', 'employer', 0, 0, 0, 1),
    ('/administration/fundingactivity', 'planner', 0, 0, 0, 1),
    ('/administration/fundingactivity', 'engineer', 0, 0, 0, 1),
    -- Interfaces: the PMC's planner raises and issues them, the contractors offer handovers (update only), the
    -- engineer accepts them.
    ('/administration/packageactdependence', 'planner', 1, 1, 1, 1),
    ('/administration/packageactdependence', 'engineer', 1, 1, 0, 1),
    ('/administration/packageactdependence', 'contractor', 0, 1, 0, 1),
    ('/administration/packageactdependence', 'contractor2', 0, 1, 0, 1),
    ('/administration/packageactdependence', 'manager', 0, 1, 0, 1),
    ('/administration/packageactdependence', 'employer', 0, 0, 0, 1),
    ('/administration/packageactdependenceactivity', 'planner', 1, 1, 1, 1),
    ('/administration/packageactdependenceactivity', 'engineer', 0, 0, 0, 1),
    ('/administration/packageactdependenceactivity', 'contractor', 0, 0, 0, 1),
    ('/administration/packageactdependenceactivity', 'contractor2', 0, 0, 0, 1),
    ('/administration/packageactdependenceactivity', 'manager', 0, 0, 0, 1)
) AS v (route, username, c, u, d, e)
JOIN users u ON u.c_username = v.username
JOIN navigation n ON n.c_route = v.route
ON CONFLICT (n_user_id, n_nav_id) DO UPDATE
SET n_create = EXCLUDED.n_create, n_update = EXCLUDED.n_update, n_delete = EXCLUDED.n_delete,
    n_export = EXCLUDED.n_export;

-- ---------------------------------------------------------------------------------------------------------------
-- Risk register: fourteen risks, two to three in each step.
-- ---------------------------------------------------------------------------------------------------------------
CREATE TEMP TABLE demo_risk ON COMMIT DROP AS
SELECT v.*, p.id AS package
FROM (VALUES
    (1, 'C1-V01', 'C1-S03', 'CIV', 'FDN', 'Land and R&R',
     'Possession of private land for Aerocity station entry structure delayed',
     'Award for khasra 412/2 and 413 (0.38 ha, village Mahipalpur) contested by two landowners before the LARR Authority; possession not given.',
     'Entry and exit structure A of Aerocity station cannot start foundations by the planned date.',
     'Station opening delayed by up to 4 months; idle crew and plant claims from the contractor; EOT exposure.',
     4, 4, 42500000, 120, 'planner', 'landofficer', 'Reduce',
     'Deposit the award with the LARR Authority under Sec 77; negotiate consent award; re-sequence entry B first.',
     3, 3, 'Mitigating', 60),
    (2, 'C1-V01', 'C1-S04', 'ELE', 'SUB', 'Utilities',
     '132 kV HT line crossing at pier P118 not shifted',
     'Transmission utility has not yet approved the shutdown window for shifting the 132 kV double-circuit line at km 5.1.',
     'Piers P117-P119 and the launching of spans 117-118 are held up under the live line.',
     'Launching girder idle for up to 10 weeks; cost of idle equipment and re-mobilisation.',
     3, 5, 38000000, 70, 'contractor', 'manager', NULL, NULL, NULL, NULL, 'Open', 35),
    (3, 'C1-V01', 'C1-S02', 'CIV', 'SUP', 'Safety',
     'Launching girder overturning during span erection over NH-48',
     'Span 31-32 erected over the live national highway with a 280 t launching girder in monsoon wind.',
     'Instability of the launching girder or a segment falling onto the carriageway.',
     'Fatalities, closure of NH-48, stop-work order and reputational damage.',
     2, 5, 150000000, 45, 'contractor', 'contractor', 'Reduce',
     'Night-only erection with full traffic block; wind monitoring with stop at 45 km/h; third-party check of the girder.',
     1, 5, 'Closure proposed', 75),
    (4, 'C1-V01', 'C1-S04', 'CIV', 'SUP', 'Traffic',
     'Traffic diversion permission at Tech Park junction lapsing',
     'The traffic police permission for the diversion at Tech Park junction is valid only till the end of the quarter.',
     'Works on spans 88-92 are stopped when the permission lapses before the spans are cast.',
     'Three-week stoppage on the critical spans of Tech Park station.',
     3, 3, 9500000, 21, 'contractor', 'contractor', NULL, NULL, NULL, NULL, 'Raised', 4),
    (5, 'C2-V01', 'C2-S02', 'CIV', 'FDN', 'Geotechnical',
     'Boulders and weathered rock in pile bores at Lake View',
     'Boreholes BH-22 to BH-26 show boulders between 9 m and 14 m depth, not shown in the tender geotechnical report.',
     'Slow progress and collapse of pile bores for piers P221-P236.',
     'Piling output halves; 45 days on the foundation programme of Lake View station.',
     3, 3, 21000000, 45, 'contractor', 'contractor', 'Reduce',
     'Additional boreholes at every pier; full-length liner and a second rotary rig with rock tools.',
     NULL, NULL, 'Mitigating', 50),
    (6, 'C2-V01', 'C2-S03', 'TRK', 'SUP', 'Interface',
     'Late deck handover to track and systems at Civil Lines',
     'Segment casting at the Civil Lines yard is behind by 32 segments; the deck Civil Lines-Stadium is needed by track works.',
     'Deck not handed over to the track contractor by the interface need date.',
     'Track and systems work slip; trial runs of the Green Line delayed.',
     3, 4, 30000000, 60, 'planner', 'contractor', NULL, NULL, NULL, NULL, 'Under review', 9),
    (7, 'C2-V02', 'C2-S08', 'CIV', 'SUP', 'Statutory approvals',
     'Railway GAD approval for the span over Southfield yard pending',
     'The general arrangement drawing of the 60 m steel span over the Indian Railways yard at Southfield awaits zonal railway approval.',
     'Fabrication and erection of the special span cannot start.',
     'Completion of the Central-Southfield viaduct slips by up to six months.',
     4, 4, 55000000, 180, 'contractor', 'contractor', NULL, NULL, NULL, NULL, 'Under review', 12),
    (8, 'C2-V02', 'C2-S06', 'CIV', 'FDN', 'Environmental',
     'Tree felling permission for 212 trees at Textile Mills',
     'Tree authority approval needed for 212 trees on the median between km 9.8 and km 10.6.',
     'Piling on the median cannot start until the trees are felled or transplanted.',
     'Foundation start at Textile Mills delayed by up to 8 weeks.',
     3, 2, 4800000, 56, 'landofficer', 'landofficer', 'Avoid',
     'Transplant 140 trees, compensatory plantation of 2,120 saplings; permission obtained and trees cleared.',
     1, 2, 'Closed', 120),
    (9, 'C1-UG01', 'C1-S07', 'CIV', 'TUN', 'Geotechnical',
     'TBM face instability under old buildings at Old Fort',
     'The UP-line drive passes 9 m below 46 masonry buildings of the walled city in mixed ground.',
     'Face loss or excess settlement beyond 25 mm under the heritage buildings.',
     'Damage to buildings, evacuation of families and a stoppage of both drives.',
     3, 5, 120000000, 90, 'contractor2', 'contractor2', 'Reduce',
     'Building condition survey, settlement markers every 5 m, EPB pressure limits, compensation grouting ready.',
     2, 4, 'Mitigating', 80),
    (10, 'C1-UG01', 'C1-S08', 'CIV', 'STN', 'Utilities',
     'Trunk sewer (1,200 mm) diversion at Market Square',
     'The municipal corporation''s 1,200 mm trunk sewer crosses the Market Square station box at 6 m depth.',
     'Diaphragm walls on the east side cannot be built until the sewer is diverted.',
     'Station box excavation delayed by three months.',
     4, 3, 26000000, 90, 'contractor2', 'contractor2', NULL, NULL, NULL, NULL, 'Open', 30),
    (11, 'C1-UG01', 'C1-S09', 'CIV', 'STN', 'Safety',
     'Flooding of the Central Station box in the monsoon',
     'The station box excavation is 18 m deep next to the storm drain that overflows in heavy rain.',
     'Storm water enters the excavation and the base slab area floods.',
     'Loss of work, damage to pumps and reinforcement, a risk to workers.',
     2, 4, 8500000, 20, 'contractor2', 'contractor2', 'Reduce',
     'Bund wall 1.2 m high round the box, 4 standby pumps of 50 HP, monsoon preparedness drill done.',
     1, 3, 'Closed', 140),
    (12, 'C1-SYS1', NULL, 'SIG', 'SIG', 'Systems integration',
     'CBTC onboard and wayside integration testing slips',
     'The rolling stock supplier delivers the onboard CBTC fitment later than assumed in the systems programme.',
     'Integration tests on the depot test track start late.',
     'Trial runs and the safety certification of the Blue Line are delayed.',
     3, 4, 60000000, 75, 'contractor2', 'contractor2', NULL, NULL, NULL, NULL, 'Under review', 5),
    (13, 'C1-SYS1', NULL, 'SIG', 'SIG', 'Contractual',
     'Customs clearance of imported signalling equipment delayed',
     'Object controllers and axle counters are imported; the project import certificate is not yet issued.',
     'Consignments held at the port for more than 30 days.',
     'Demurrage and late installation of trackside equipment.',
     2, 3, 6000000, 30, 'contractor2', 'contractor2', NULL, NULL, NULL, NULL, 'Raised', 15),
    (14, 'C1-DP01', NULL, 'CIV', NULL, 'Financial',
     'Steel price escalation beyond the price variation cap',
     'Structural steel for the depot workshop sheds is bought when steel prices are 18 % above the base index.',
     'The contractor''s claim under the price variation clause exceeds the cap in the contract.',
     'Cost overrun on the depot package and a claim for the excess.',
     3, 3, 34000000, 0, 'manager', 'manager', 'Transfer',
     'Advance procurement of 3,200 t through the employer''s rate contract; price variation by the steel index.',
     2, 2, 'Closure proposed', 95)
) AS v (n, package_code, station_code, discipline, activity, category, title, cause, event, consequence,
        likelihood, impact, cost, days, raiser, owner, response, mitigation, res_l, res_i, state, age)
JOIN package p ON p.c_code = v.package_code;

INSERT INTO risk_register (c_risk_no, n_package, n_contract, n_station, n_discipline, n_activity, c_title, c_category,
                           c_cause, c_event, c_consequence, d_identified, n_likelihood, n_impact, n_cost_exposure,
                           n_schedule_exposure_days, n_reviewer, n_owner, c_response, c_mitigation, d_mitigation_due,
                           d_review, n_residual_likelihood, n_residual_impact, c_review_remarks, c_closure_remarks,
                           d_submitted, d_review_due, d_reviewed, d_closure_due, d_closed, c_state, n_ball_in_court,
                           n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-RSK-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.n)::text, 3, '0'),
       d.package,
       (SELECT c.id FROM contract c WHERE c.n_package = d.package ORDER BY c.id LIMIT 1),
       (SELECT s.id FROM station s WHERE s.c_code = d.station_code),
       (SELECT x.id FROM discipline x WHERE x.c_code = d.discipline),
       (SELECT a.id FROM activity a WHERE a.c_code = d.activity),
       d.title, d.category, d.cause, d.event, d.consequence,
       current_date - d.age, d.likelihood, d.impact, d.cost, d.days,
       eng.id, own.id, d.response, d.mitigation,
       CASE WHEN d.state IN ('Mitigating', 'Closure proposed', 'Closed') THEN current_date - d.age + 60 END,
       CASE WHEN d.state IN ('Open', 'Mitigating') THEN current_date + 10
            WHEN d.state <> 'Raised' THEN current_date - d.age + 30 END,
       d.res_l, d.res_i,
       CASE WHEN d.state NOT IN ('Raised', 'Under review') THEN 'Accepted; scores agreed in the monthly risk workshop.'
            WHEN d.n = 13 THEN 'Give the consignment list and the port of entry before resubmitting.' END,
       CASE WHEN d.state = 'Closed' THEN 'Mitigation complete and verified on site; residual risk accepted.' END,
       CASE WHEN d.state <> 'Raised' OR d.n = 13 THEN current_date - d.age + 1 END,
       CASE WHEN d.state <> 'Raised' OR d.n = 13 THEN current_date - d.age + 8 END,
       CASE WHEN d.state NOT IN ('Raised', 'Under review') THEN current_date - d.age + 4 END,
       CASE WHEN d.state IN ('Closure proposed', 'Closed') THEN current_date + 1 END,
       CASE WHEN d.state = 'Closed' THEN current_date - 2 END,
       d.state,
       CASE d.state WHEN 'Raised' THEN rai.id WHEN 'Under review' THEN eng.id WHEN 'Open' THEN own.id
                    WHEN 'Mitigating' THEN own.id WHEN 'Closure proposed' THEN eng.id END,
       rai.id, rai.id,
       (current_date - d.age)::timestamptz + interval '10 hours',
       (current_date - d.age)::timestamptz + interval '10 hours'
FROM demo_risk d
JOIN users rai ON rai.c_username = d.raiser
JOIN users own ON own.c_username = d.owner
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
ORDER BY d.n;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'risk_register', r.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'raiser' THEN r.n_raised_by WHEN 'owner' THEN r.n_owner ELSE r.n_reviewer END,
       CASE e.step WHEN 5 THEN (current_date - 6)::timestamptz + interval '15 hours'
                   WHEN 6 THEN (current_date - 2)::timestamptz + interval '12 hours'
                   ELSE r.d_created_at + e.after END,
       e.comment
FROM risk_register r
CROSS JOIN (VALUES
    (1, 'submit', 'Raised', 'Under review', 'raiser', interval '1 day', NULL),
    (2, 'return', 'Under review', 'Raised', 'reviewer', interval '3 days',
     'Give the consignment list and the port of entry before resubmitting.'),
    (3, 'accept', 'Under review', 'Open', 'reviewer', interval '4 days', NULL),
    (4, 'start_mitigation', 'Open', 'Mitigating', 'owner', interval '6 days', NULL),
    (5, 'propose_closure', 'Mitigating', 'Closure proposed', 'owner', interval '20 days',
     'Mitigation in place; residual scores agreed with the site team.'),
    (6, 'close', 'Closure proposed', 'Closed', 'reviewer', interval '25 days', NULL)
) AS e (step, transition, from_state, to_state, by, after, comment)
WHERE (e.step = 1 AND (r.c_state <> 'Raised' OR r.c_risk_no = 'C1-SYS1-RSK-002'))
   OR (e.step = 2 AND r.c_risk_no = 'C1-SYS1-RSK-002')
   OR (e.step = 3 AND r.c_state IN ('Open', 'Mitigating', 'Closure proposed', 'Closed'))
   OR (e.step = 4 AND r.c_state IN ('Mitigating', 'Closure proposed', 'Closed'))
   OR (e.step IN (5) AND r.c_state IN ('Closure proposed', 'Closed'))
   OR (e.step = 6 AND r.c_state = 'Closed');

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'risk_register', n_package::text, count(*) FROM risk_register GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Funding: every package's sources (package level), and the signalling activity's own financing on C1-SYS1.
-- Shares per package (and per activity) total 100 % or less; C1-SYS1 and C2-V02 still have a share to close.
-- ---------------------------------------------------------------------------------------------------------------
INSERT INTO funding_activity (n_package, n_activity, c_agency, c_instrument, c_agreement_no, n_share_pct,
                              d_sanctioned, d_closing, c_status, c_remarks, n_raised_by, n_updated_by)
SELECT p.id, a.id, v.agency, v.instrument, v.agreement, v.share, v.sanctioned, v.closing, v.status, v.remarks,
       mgr.id, mgr.id
FROM (VALUES
    ('C1-V01', NULL, 'JICA', 'Loan', 'ID-P-301', 60.00, DATE '2021-03-26', DATE '2031-07-15', 'Disbursing',
     'ODA loan, tranche I; 0.30 % interest, 40 years with 10 years grace.'),
    ('C1-V01', NULL, 'Government of India', 'Equity', 'MoHUA/K-14011/12/2020', 20.00, DATE '2020-11-18', NULL,
     'Disbursing', 'Central equity through the Ministry of Housing and Urban Affairs.'),
    ('C1-V01', NULL, 'State Government', 'Equity', 'UDD/MRT/2020/188', 20.00, DATE '2020-12-02', NULL,
     'Disbursing', 'State equity, released in quarterly instalments.'),
    ('C1-UG01', NULL, 'JICA', 'Loan', 'ID-P-301', 55.00, DATE '2021-03-26', DATE '2031-07-15', 'Disbursing',
     'ODA loan, tranche I; tunnel works and TBMs.'),
    ('C1-UG01', NULL, 'Government of India', 'Equity', 'MoHUA/K-14011/12/2020', 15.00, DATE '2020-11-18', NULL,
     'Disbursing', NULL),
    ('C1-UG01', NULL, 'State Government', 'Equity', 'UDD/MRT/2020/188', 15.00, DATE '2020-12-02', NULL,
     'Disbursing', NULL),
    ('C1-UG01', NULL, 'Government of India', 'Subordinate debt', 'MoHUA/SD/2021/07', 7.50, DATE '2021-05-10', NULL,
     'Sanctioned', 'Subordinate debt for central taxes on the underground works.'),
    ('C1-UG01', NULL, 'State Government', 'Subordinate debt', 'UDD/SD/2021/31', 7.50, DATE '2021-05-24', NULL,
     'Sanctioned', 'Subordinate debt for state taxes and land.'),
    ('C1-SYS1', NULL, 'AFD', 'Loan', 'CIN 1043 01 K', 50.00, DATE '2022-09-14', DATE '2030-12-31', 'Disbursing',
     'AFD sovereign loan for signalling, telecom and rolling stock interfaces.'),
    ('C1-SYS1', NULL, 'Government of India', 'Equity', 'MoHUA/K-14011/12/2020', 20.00, DATE '2020-11-18', NULL,
     'Disbursing', NULL),
    ('C1-SYS1', NULL, 'State Government', 'Equity', 'UDD/MRT/2020/188', 20.00, DATE '2020-12-02', NULL,
     'Sanctioned', 'The remaining 10 % to be decided after the PPP review of the telecom backbone.'),
    ('C1-SYS1', 'SIG', 'AFD', 'Loan', 'CIN 1043 01 K', 80.00, DATE '2022-09-14', DATE '2030-12-31', 'Disbursing',
     'CBTC equipment and installation financed by AFD.'),
    ('C1-SYS1', 'SIG', 'State Government', 'Equity', 'UDD/MRT/2020/188', 20.00, DATE '2020-12-02', NULL,
     'Sanctioned', NULL),
    ('C1-DP01', NULL, 'ADB', 'Loan', 'L4218-IND', 50.00, DATE '2022-06-30', DATE '2029-06-30', 'Disbursing',
     'ADB loan for the depot and workshop.'),
    ('C1-DP01', NULL, 'Government of India', 'Equity', 'MoHUA/K-14011/12/2020', 25.00, DATE '2020-11-18', NULL,
     'Disbursing', NULL),
    ('C1-DP01', NULL, 'State Government', 'Equity', 'UDD/MRT/2020/188', 25.00, DATE '2020-12-02', NULL,
     'Disbursing', NULL),
    ('C2-V01', NULL, 'AIIB', 'Loan', 'PD000412-IND', 40.00, DATE '2024-10-08', DATE '2032-03-31', 'Sanctioned',
     'AIIB loan, Green Line phase 2.'),
    ('C2-V01', NULL, 'NDB', 'Loan', 'NDB/IN/2024/11', 20.00, DATE '2024-12-19', DATE '2032-03-31', 'Proposed',
     'Loan agreement under negotiation.'),
    ('C2-V01', NULL, 'Government of India', 'Equity', 'MoHUA/K-14011/44/2024', 20.00, DATE '2024-08-21', NULL,
     'Sanctioned', NULL),
    ('C2-V01', NULL, 'State Government', 'Equity', 'UDD/MRT/2024/52', 20.00, DATE '2024-09-03', NULL, 'Sanctioned',
     NULL),
    ('C2-V02', NULL, 'EIB', 'Loan', 'FI 93.611 (IN)', 50.00, DATE '2024-11-27', DATE '2033-06-30', 'Sanctioned',
     'EIB framework loan, Green Line phase 2.'),
    ('C2-V02', NULL, 'Government of India', 'Equity', 'MoHUA/K-14011/44/2024', 20.00, DATE '2024-08-21', NULL,
     'Sanctioned', NULL),
    ('C2-V02', NULL, 'State Government', 'Equity', 'UDD/MRT/2024/52', 20.00, DATE '2024-09-03', NULL, 'Sanctioned',
     'Balance 10 % proposed from the municipal corporation''s betterment levy.')
) AS v (package_code, activity_code, agency, instrument, agreement, share, sanctioned, closing, status, remarks)
JOIN package p ON p.c_code = v.package_code
LEFT JOIN activity a ON a.c_code = v.activity_code
CROSS JOIN (SELECT id FROM users WHERE c_username = 'manager') AS mgr;

-- ---------------------------------------------------------------------------------------------------------------
-- Interfaces between packages (raised by the PMC's planner, accepted by the engineer) and their dependencies.
-- ---------------------------------------------------------------------------------------------------------------
CREATE TEMP TABLE demo_interface ON COMMIT DROP AS
SELECT v.*, p.id AS package, q.id AS to_package
FROM (VALUES
    (1, 'C1-V01', 'C1-SYS1', 'Deck handover, International Airport to Cargo Terminal, for track and CBTC',
     'Viaduct deck km 0.000-2.300 with plinth inserts, parapets, cable troughs and access stairs, cleaned and surveyed.',
     'Access and handover', 'C1-S01', 0.000, 2.300, -40, -44, 'Handed over', 130),
    (2, 'C1-V01', 'C1-SYS1', 'Deck handover, Cargo Terminal to Aerocity, for track and CBTC',
     'Viaduct deck km 2.300-3.950 including the crossover spans at Cargo Terminal.',
     'Access and handover', 'C1-S02', 2.300, 3.950, 12, 10, 'Offered', 70),
    (3, 'C1-V01', 'C1-SYS1', 'Signal and telecom equipment rooms at Aerocity station',
     'SER and TER rooms at concourse level: floors, false floor, doors, lighting and the 415 V supply.',
     'Physical interface', 'C1-S03', NULL, NULL, 25, 40, 'Open', 45),
    (4, 'C1-V01', 'C1-SYS1', 'Deck handover, Tech Park to Riverside, for track and CBTC',
     'Viaduct deck km 5.700-9.250 including the pocket track at Riverside.',
     'Access and handover', 'C1-S04', 5.700, 9.250, 150, NULL, 'Draft', 6),
    (5, 'C1-V01', 'C1-UG01', 'Ramp interface at Riverside: viaduct abutment to cut-and-cover ramp',
     'Abutment A2 bearing shelf, expansion joint and waterproofing details at the ramp portal, km 9.600.',
     'Physical interface', 'C1-S06', 9.550, 9.650, 35, 28, 'Open', 40),
    (6, 'C1-UG01', 'C1-SYS1', 'Tunnel handover, Old Fort to Market Square (UP line), for track and cables',
     'Bored tunnel UP line km 10.900-12.450: invert cleaned, walkway cast, cable brackets fixed, dewatered.',
     'Access and handover', 'C1-S07', 10.900, 12.450, 5, 8, 'Offered', 60),
    (7, 'C1-UG01', 'C1-SYS1', 'Central Station platform level and equipment rooms for systems',
     'Platform slab, platform screen door plinth, SER, TER and UPS rooms at Central Station.',
     'Physical interface', 'C1-S09', NULL, NULL, 60, 52, 'Open', 30),
    (8, 'C1-UG01', 'C1-SYS1', 'Power supply points for tunnel ventilation and signalling at the shafts',
     'Auxiliary substations at the Old Fort and Market Square shafts energised for systems installation.',
     'Utility and services', 'C1-S08', NULL, NULL, 120, NULL, 'Draft', 3),
    (9, 'C1-DP01', 'C1-SYS1', 'Depot test track (1.2 km) for CBTC dynamic testing',
     'Test track with track, OHE and fencing handed over for wayside CBTC equipment and train tests.',
     'Testing and commissioning', NULL, NULL, NULL, -20, -26, 'Handed over', 110),
    (10, 'C1-DP01', 'C1-SYS1', 'Operations control centre rooms in the depot administration building',
     'OCC hall, equipment room and UPS room finished, air-conditioned and secured.',
     'Physical interface', NULL, NULL, NULL, 8, 12, 'Offered', 50),
    (11, 'C1-SYS1', 'C1-V01', 'Cable bracket and embedment details for viaduct parapets',
     'Approved drawings of cable brackets, earthing inserts and signal post foundations cast into the parapets.',
     'Design information', NULL, NULL, NULL, -90, -92, 'Handed over', 160),
    (12, 'C1-SYS1', 'C1-UG01', 'Cable tray and earthing embedment drawings for the tunnel lining',
     'Embedment positions for cable trays and earthing in the segmental lining and the station slabs.',
     'Design information', 'C1-S08', NULL, NULL, 15, 24, 'Open', 20),
    (13, 'C2-V01', 'C2-V02', 'Common pier and expansion joint at Central Station (Green Line)',
     'Pier P250 shared by both packages: pier cap with two bearing shelves and the expansion joint between the decks.',
     'Physical interface', 'C2-S05', 8.300, 8.400, 45, 38, 'Open', 25),
    (14, 'C2-V01', 'C2-V02', 'Access road through the Central Station casting yard',
     'A 7 m wide haul road through the C2-V01 casting yard for the C2-V02 segment trailers.',
     'Access and handover', 'C2-S05', NULL, NULL, 30, NULL, 'Draft', 2)
) AS v (n, package_code, to_code, title, description, type, station_code, ch_from, ch_to, need, forecast, state, age)
JOIN package p ON p.c_code = v.package_code
JOIN package q ON q.c_code = v.to_code;

INSERT INTO package_act_dependence (c_dependence_no, n_package, n_to_package, c_title, c_description,
                                    c_interface_type, n_station, n_chainage_from_km, n_chainage_to_km, d_need,
                                    d_forecast, n_from_owner, n_acceptor, c_from_remarks, c_acceptance_remarks,
                                    d_issued, d_offered, d_acceptance_due, d_handed_over, c_state, n_ball_in_court,
                                    n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-IF-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.n)::text, 3, '0'),
       d.package, d.to_package, d.title, d.description, d.type,
       (SELECT s.id FROM station s WHERE s.c_code = d.station_code), d.ch_from, d.ch_to,
       current_date + d.need, current_date + d.forecast,
       own.id, eng.id,
       CASE WHEN d.state IN ('Offered', 'Handed over') THEN 'Ready for joint inspection; snag list attached.' END,
       CASE WHEN d.state = 'Handed over' THEN 'Jointly inspected with the receiving contractor; handed over.' END,
       CASE WHEN d.state <> 'Draft' THEN current_date - d.age + 2 END,
       CASE WHEN d.state IN ('Offered', 'Handed over') THEN current_date - least(d.age, 40) / 8 END,
       CASE WHEN d.state IN ('Offered', 'Handed over') THEN current_date - least(d.age, 40) / 8 + 3 END,
       CASE WHEN d.state = 'Handed over' THEN current_date - least(d.age, 40) / 8 + 2 END,
       d.state,
       CASE d.state WHEN 'Draft' THEN pln.id WHEN 'Open' THEN own.id WHEN 'Offered' THEN eng.id END,
       pln.id, pln.id,
       (current_date - d.age)::timestamptz + interval '9 hours',
       (current_date - d.age)::timestamptz + interval '9 hours'
FROM demo_interface d
JOIN users own ON own.c_username = CASE WHEN d.package_code IN ('C1-V01', 'C2-V01', 'C2-V02') THEN 'contractor'
                                        ELSE 'contractor2' END
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
CROSS JOIN (SELECT id FROM users WHERE c_username = 'planner') AS pln
ORDER BY d.n;

-- The activity dependencies: one to three per interface.
INSERT INTO package_act_dependence_activity (n_dependence, n_pred_activity, c_pred_scope, n_succ_activity,
                                             c_succ_scope, c_type, n_lag_days, d_pred_planned, c_remarks,
                                             n_created_by, n_updated_by)
SELECT i.id, pa.id, l.pred_scope, sa.id, l.succ_scope, l.type, l.lag, i.d_need - l.lag - l.before, l.remarks,
       i.n_raised_by, i.n_raised_by
FROM (VALUES
    (1, 'SUP', 'Spans 1-34 erected and deck slab cast, km 0.000-2.300', 'TRK', 'Plinth casting and rail laying, UP and DN, km 0.000-2.300', 'FS', 14, 0, 'Curing and survey of plinth inserts before handover'),
    (1, 'SUP', 'Parapets and cable troughs complete, km 0.000-2.300', 'SIG', 'Trackside cabling and axle counters, km 0.000-2.300', 'FS', 30, 0, NULL),
    (2, 'SUP', 'Spans 35-60 and crossover spans erected, km 2.300-3.950', 'TRK', 'Rail laying and turnouts at Cargo Terminal', 'FS', 14, 0, NULL),
    (2, 'SUP', 'Deck waterproofing, km 2.300-3.950', 'SIG', 'Signal posts and point machines at the crossover', 'FS', 21, 0, NULL),
    (3, 'STN', 'SER and TER rooms at Aerocity finished and powered', 'SIG', 'Interlocking and CBTC zone controller racks at Aerocity', 'FS', 7, 0, 'Rooms to be dust-free and air-conditioned'),
    (4, 'SUP', 'Spans 88-140 erected, km 5.700-9.250', 'TRK', 'Rail laying and pocket track at Riverside', 'FS', 14, 0, NULL),
    (5, 'SUB', 'Abutment A2 cast with bearing shelf at km 9.600', 'STN', 'Ramp portal wall and waterproofing at km 9.600', 'SS', 10, 0, 'Joint detail agreed in the interface meeting'),
    (6, 'TUN', 'UP-line drive Old Fort to Market Square, invert and walkway cast', 'TRK', 'Ballastless track in the UP-line tunnel, km 10.900-12.450', 'FS', 10, 0, NULL),
    (6, 'TUN', 'Cable brackets fixed in the UP-line tunnel', 'SIG', 'Signalling and radio cables in the UP-line tunnel', 'FS', 20, 0, NULL),
    (7, 'STN', 'Central Station platform slab and SER rooms', 'SIG', 'CBTC and interlocking equipment at Central Station', 'FS', 14, 0, NULL),
    (7, 'STN', 'Platform edge and PSD plinth at Central Station', 'TRK', 'Track alignment and platform gauge check', 'FF', 0, 5, NULL),
    (8, 'TUN', 'Auxiliary substations at the shafts energised', 'SIG', 'Power to signalling rooms at Old Fort and Market Square', 'FS', 5, 0, NULL),
    (9, 'TRK', 'Depot test track laid and welded', 'SIG', 'Wayside CBTC equipment on the test track and dynamic tests', 'FS', 7, 0, NULL),
    (10, 'STN', 'OCC hall and equipment rooms finished', 'SIG', 'OCC servers, workstations and the video wall', 'FS', 10, 0, NULL),
    (11, 'SIG', 'Cable bracket and earthing insert drawings approved', 'SUP', 'Parapets cast with embedments, spans 1-140', 'FS', 0, 0, NULL),
    (12, 'SIG', 'Tunnel embedment drawings approved', 'TUN', 'Segments cast with earthing inserts from ring 1,200', 'FS', 0, 0, NULL),
    (13, 'SUB', 'Pier P250 and its pier cap cast (C2-V01)', 'SUP', 'First span of C2-V02 seated on the P250 bearing shelf', 'FS', 21, 0, NULL),
    (13, 'SUP', 'Last span of C2-V01 erected on P250', 'SUP', 'Expansion joint at P250 installed', 'FF', 7, 0, NULL),
    (14, 'SUP', 'Casting yard layout revised with the haul road', 'SUP', 'Segment trailers of C2-V02 through the yard', 'SS', 0, 0, NULL)
) AS l (n, pred, pred_scope, succ, succ_scope, type, lag, before, remarks)
JOIN demo_interface d ON d.n = l.n
JOIN package_act_dependence i ON i.n_package = d.package AND i.c_title = d.title
JOIN activity pa ON pa.c_code = l.pred
JOIN activity sa ON sa.c_code = l.succ;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'package_act_dependence', i.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'planner' THEN i.n_raised_by WHEN 'owner' THEN i.n_from_owner ELSE i.n_acceptor END,
       CASE WHEN e.step = 1 THEN i.d_issued::timestamptz + interval '10 hours'
            WHEN e.step = 2 THEN i.d_issued::timestamptz + interval '5 days 10 hours'
            WHEN e.step = 3 THEN i.d_issued::timestamptz + interval '6 days 12 hours'
            WHEN e.step = 4 THEN i.d_offered::timestamptz + interval '11 hours'
            ELSE i.d_handed_over::timestamptz + interval '16 hours' END,
       e.comment
FROM package_act_dependence i
CROSS JOIN (VALUES
    (1, 'issue', 'Draft', 'Open', 'planner', NULL),
    (2, 'offer', 'Open', 'Offered', 'owner', NULL),
    (3, 'reject_offer', 'Offered', 'Open', 'acceptor', 'Expansion joint gap at P250 not as per the agreed detail; correct and re-offer.'),
    (4, 'offer', 'Open', 'Offered', 'owner', NULL),
    (5, 'accept_handover', 'Offered', 'Handed over', 'acceptor', NULL)
) AS e (step, transition, from_state, to_state, by, comment)
WHERE (e.step = 1 AND i.c_state <> 'Draft')
   OR (e.step IN (2, 3) AND i.c_dependence_no = 'C2-V01-IF-001')
   OR (e.step = 4 AND i.c_state IN ('Offered', 'Handed over'))
   OR (e.step = 5 AND i.c_state = 'Handed over');

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'package_act_dependence', n_package::text, count(*) FROM package_act_dependence GROUP BY n_package;
