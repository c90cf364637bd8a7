-- Demo data of the commercial registers (seed set "demo-commercial", loaded after demo-contract-people): the
-- schedule of rates, the BOQ of the four contracts (viaduct C1-V01 and C2-V01, underground C1-UG01, signalling and
-- telecom C1-SYS1), interim payment applications in every state with their lines, interim payment certificates of
-- certified IPAs in every state with their deductions, the workflow events that brought each record to its state,
-- the number sequences, and the permissions of the commercial screens. Every derived figure (line amounts,
-- previous quantities, IPA totals, IPC gross, retention, deductions total, net payable) is computed by the
-- database's triggers and generated columns as the rows go in.
-- Item numbers: C1-V01's BOQ is numbered 1.01, 2.01 …; the other contracts' items carry a prefix (C2-, UG-, SY-) so
-- that an item number names one item across the demo.

-- ---------------------------------------------------------------------------------------------------------------
-- Schedule of rates (the employer's, kept by the contract manager)
-- ---------------------------------------------------------------------------------------------------------------
INSERT INTO sor_item (c_code, c_description, c_unit, n_rate, c_edition, n_year, n_discipline, c_remarks, n_created_by)
SELECT v.code, v.description, v.unit, v.rate, v.edition, v.year, d.id, v.remarks, (SELECT id FROM users WHERE c_username = 'manager')
FROM (VALUES
    ('MRC-SOR23/CIV-001', 'Bored cast-in-situ pile 1200 mm dia, M35, including temporary liner, reinforcement cage lowering and tremie concreting', 'm', 37250.00, 'MRC SOR 2023', 2023, 'CIV', 'Rate excludes reinforcement; see CIV-010'),
    ('MRC-SOR23/CIV-002', 'Bored cast-in-situ pile 1000 mm dia, M35, as CIV-001', 'm', 28900.00, 'MRC SOR 2023', 2023, 'CIV', NULL),
    ('MRC-SOR23/CIV-003', 'Pile cap concrete M35 including formwork and curing', 'cum', 8650.00, 'MRC SOR 2023', 2023, 'CIV', NULL),
    ('MRC-SOR23/CIV-004', 'Pier concrete M45 including steel formwork', 'cum', 11400.00, 'MRC SOR 2023', 2023, 'CIV', NULL),
    ('MRC-SOR23/CIV-005', 'Pier cap and portal beam concrete M50', 'cum', 12950.00, 'MRC SOR 2023', 2023, 'CIV', NULL),
    ('MRC-SOR23/CIV-006', 'Precast box girder segment M55 cast in casting yard, including handling and stacking', 'nos', 468000.00, 'MRC SOR 2023', 2023, 'CIV', 'Typical 3.0 m segment, 8.5 m deck'),
    ('MRC-SOR23/CIV-007', 'Erection of precast segmental span by overhead launching girder, including epoxy gluing and temporary prestress', 'span', 1595000.00, 'MRC SOR 2023', 2023, 'CIV', 'Spans up to 31 m'),
    ('MRC-SOR23/CIV-008', 'POT-PTFE bearing, supply and installation, 350 t capacity', 'nos', 66000.00, 'MRC SOR 2023', 2023, 'CIV', NULL),
    ('MRC-SOR23/CIV-009', 'Prestressing 19T15 strand cables, supply, install, stress and grout', 'MT', 138500.00, 'MRC SOR 2023', 2023, 'CIV', NULL),
    ('MRC-SOR23/CIV-010', 'Reinforcement Fe500D TMT, cut, bent and placed', 'MT', 76800.00, 'MRC SOR 2023', 2023, 'CIV', 'Linked to the RBI steel index for price variation'),
    ('MRC-SOR23/CIV-011', 'Diaphragm wall 1000 mm thick, M40, including guide walls and bentonite handling', 'sqm', 20900.00, 'MRC SOR 2023', 2023, 'CIV', NULL),
    ('MRC-SOR23/CIV-012', 'TBM bored tunnel 6.35 m internal diameter, including segment erection and grouting', 'm', 289000.00, 'MRC SOR 2023', 2023, 'CIV', 'EPB machine, per metre of single tunnel'),
    ('MRC-SOR23/CIV-013', 'Precast tunnel lining ring M50, 1.4 m wide, 6+1 segments', 'ring', 164500.00, 'MRC SOR 2023', 2023, 'CIV', NULL),
    ('MRC-SOR23/CIV-014', 'Cross passage by NATM including ground treatment, lining and door frames', 'nos', 31800000.00, 'MRC SOR 2023', 2023, 'CIV', NULL),
    ('CPWD-DSR21/2.8.1', 'Earthwork in excavation in all kinds of soil, including disposal up to 1 km', 'cum', 410.00, 'CPWD DSR 2021', 2021, 'CIV', 'Escalated to 2023 by the cost index'),
    ('CPWD-DSR21/11.41.2', 'Granite stone flooring 18 mm on cement mortar bed', 'sqm', 4120.00, 'CPWD DSR 2021', 2021, 'ARC', NULL),
    ('MRC-SOR23/SIG-001', 'Axle counter detection point, supply, installation and testing', 'nos', 632000.00, 'MRC SOR 2023', 2023, 'SIG', NULL),
    ('MRC-SOR23/SIG-002', 'Electric point machine, 143 mm throw, with trailable clamp lock', 'nos', 1410000.00, 'MRC SOR 2023', 2023, 'SIG', NULL),
    ('MRC-SOR23/TEL-001', 'Optical fibre cable 96F armoured, laying in trough and splicing', 'km', 668000.00, 'MRC SOR 2023', 2023, 'TEL', NULL),
    ('MRC-SOR23/TEL-002', 'IP CCTV camera (fixed, 4 MP) with mounting and cabling to the nearest switch', 'nos', 92500.00, 'MRC SOR 2023', 2023, 'TEL', NULL)
) AS v (code, description, unit, rate, edition, year, discipline, remarks)
JOIN discipline d ON d.c_code = v.discipline;

-- ---------------------------------------------------------------------------------------------------------------
-- Bills of quantities
-- ---------------------------------------------------------------------------------------------------------------
CREATE TEMP TABLE demo_boq (kind text, ord integer, bill text, item text, description text, unit text, qty numeric,
                            rate numeric, sor text) ON COMMIT DROP;
INSERT INTO demo_boq VALUES
    ('V', 1, 'Bill 1: General and preliminaries', '1.01', 'Mobilisation, site establishment, site offices and field laboratory', 'LS', 1, 45000000.00, NULL),
    ('V', 2, 'Bill 1: General and preliminaries', '1.02', 'Traffic management and barricading along the alignment', 'km-month', 540, 185000.00, NULL),
    ('V', 3, 'Bill 1: General and preliminaries', '1.03', 'Environmental monitoring (air, noise, vibration) as per EMP', 'month', 36, 350000.00, NULL),
    ('V', 4, 'Bill 1: General and preliminaries', '1.04', 'Confirmatory geotechnical boreholes at pier locations', 'nos', 120, 85000.00, NULL),
    ('V', 5, 'Bill 2: Viaduct foundations', '2.01', 'Bored cast-in-situ piles 1200 mm dia, M35, including liner', 'm', 18500, 38500.00, 'MRC-SOR23/CIV-001'),
    ('V', 6, 'Bill 2: Viaduct foundations', '2.02', 'Bored cast-in-situ piles 1000 mm dia, M35, including liner', 'm', 6200, 29800.00, 'MRC-SOR23/CIV-002'),
    ('V', 7, 'Bill 2: Viaduct foundations', '2.03', 'Pile integrity and high-strain dynamic tests', 'nos', 380, 14500.00, NULL),
    ('V', 8, 'Bill 2: Viaduct foundations', '2.04', 'Initial and routine static load tests on piles', 'nos', 24, 425000.00, NULL),
    ('V', 9, 'Bill 2: Viaduct foundations', '2.05', 'Pile cap concrete M35 including formwork', 'cum', 21600, 8950.00, 'MRC-SOR23/CIV-003'),
    ('V', 10, 'Bill 2: Viaduct foundations', '2.06', 'Reinforcement Fe500D TMT in foundations', 'MT', 4300, 78500.00, 'MRC-SOR23/CIV-010'),
    ('V', 11, 'Bill 2: Viaduct foundations', '2.07', 'Excavation in all soils for pile caps including dewatering', 'cum', 64000, 420.00, 'CPWD-DSR21/2.8.1'),
    ('V', 12, 'Bill 3: Viaduct substructure', '3.01', 'Pier concrete M45 including steel formwork', 'cum', 14200, 11850.00, 'MRC-SOR23/CIV-004'),
    ('V', 13, 'Bill 3: Viaduct substructure', '3.02', 'Pier cap and portal beam concrete M50', 'cum', 6800, 13400.00, 'MRC-SOR23/CIV-005'),
    ('V', 14, 'Bill 3: Viaduct substructure', '3.03', 'Reinforcement Fe500D TMT in substructure', 'MT', 3900, 79200.00, 'MRC-SOR23/CIV-010'),
    ('V', 15, 'Bill 3: Viaduct substructure', '3.04', 'POT-PTFE bearings, supply and installation', 'nos', 1240, 68500.00, 'MRC-SOR23/CIV-008'),
    ('V', 16, 'Bill 3: Viaduct substructure', '3.05', 'Seismic arrestors and shear keys', 'nos', 310, 42000.00, NULL),
    ('V', 17, 'Bill 4: Viaduct superstructure', '4.01', 'Precast box girder segments M55, casting yard', 'nos', 2860, 485000.00, 'MRC-SOR23/CIV-006'),
    ('V', 18, 'Bill 4: Viaduct superstructure', '4.02', 'Launching of segmental spans by overhead launching girder', 'span', 155, 1650000.00, 'MRC-SOR23/CIV-007'),
    ('V', 19, 'Bill 4: Viaduct superstructure', '4.03', 'Prestressing cables 19T15, supply, install, stress and grout', 'MT', 1850, 142000.00, 'MRC-SOR23/CIV-009'),
    ('V', 20, 'Bill 4: Viaduct superstructure', '4.04', 'Cast-in-situ spans at special crossings, M50', 'cum', 2400, 16800.00, NULL),
    ('V', 21, 'Bill 4: Viaduct superstructure', '4.05', 'Steel composite span over railway crossing (60 m)', 'MT', 1150, 128000.00, NULL),
    ('V', 22, 'Bill 5: Deck works', '5.01', 'Precast parapet and crash barrier', 'm', 22400, 7400.00, NULL),
    ('V', 23, 'Bill 5: Deck works', '5.02', 'Strip seal expansion joints', 'm', 1850, 24500.00, NULL),
    ('V', 24, 'Bill 5: Deck works', '5.03', 'Drainage spouts and downtake pipes', 'nos', 620, 18500.00, NULL),
    ('V', 25, 'Bill 5: Deck works', '5.04', 'Cable trough on viaduct deck', 'm', 22400, 2150.00, NULL),
    ('V', 26, 'Bill 6: Elevated stations', '6.01', 'Station foundations and columns, concrete M40', 'cum', 18600, 10250.00, NULL),
    ('V', 27, 'Bill 6: Elevated stations', '6.02', 'Concourse and platform slabs', 'sqm', 54000, 6850.00, NULL),
    ('V', 28, 'Bill 6: Elevated stations', '6.03', 'Structural steel roof trusses and roof cladding', 'MT', 2100, 132000.00, NULL),
    ('V', 29, 'Bill 6: Elevated stations', '6.04', 'Staircases and entry/exit structures', 'nos', 24, 3850000.00, NULL),
    ('V', 30, 'Bill 6: Elevated stations', '6.05', 'Architectural finishes: granite flooring and false ceiling', 'sqm', 36000, 4250.00, 'CPWD-DSR21/11.41.2'),
    ('V', 31, 'Bill 7: Utilities', '7.01', 'Diversion of water mains and sewers', 'm', 8600, 14500.00, NULL),
    ('V', 32, 'Bill 7: Utilities', '7.02', 'Shifting of HT and LT cables', 'm', 12400, 3250.00, NULL),
    ('U', 1, 'Bill 1: General and preliminaries', 'UG-1.01', 'Mobilisation including TBM launching shaft set-up', 'LS', 1, 65000000.00, NULL),
    ('U', 2, 'Bill 1: General and preliminaries', 'UG-1.02', 'Building condition survey and geotechnical instrumentation monitoring', 'month', 40, 1250000.00, NULL),
    ('U', 3, 'Bill 1: General and preliminaries', 'UG-1.03', 'Traffic diversion and barricading at station boxes', 'km-month', 180, 210000.00, NULL),
    ('U', 4, 'Bill 2: Bored tunnels', 'UG-2.01', 'TBM tunnelling 6.35 m ID, including segment erection and grouting, per metre of single tunnel', 'm', 11200, 295000.00, 'MRC-SOR23/CIV-012'),
    ('U', 5, 'Bill 2: Bored tunnels', 'UG-2.02', 'Precast tunnel lining rings M50, 1.4 m, 6+1 segments', 'ring', 8000, 168000.00, 'MRC-SOR23/CIV-013'),
    ('U', 6, 'Bill 2: Bored tunnels', 'UG-2.03', 'TBM launching and retrieval', 'nos', 8, 18500000.00, NULL),
    ('U', 7, 'Bill 2: Bored tunnels', 'UG-2.04', 'TBM break-in and break-out through station boxes', 'nos', 12, 4200000.00, NULL),
    ('U', 8, 'Bill 2: Bored tunnels', 'UG-2.05', 'Two-component backfill grouting', 'cum', 26000, 6400.00, NULL),
    ('U', 9, 'Bill 2: Bored tunnels', 'UG-2.06', 'Compensation grouting under sensitive buildings', 'cum', 2400, 18500.00, NULL),
    ('U', 10, 'Bill 2: Bored tunnels', 'UG-2.07', 'Removal and disposal of tunnel spoil', 'cum', 420000, 780.00, NULL),
    ('U', 11, 'Bill 3: Cross passages', 'UG-3.01', 'Cross passages by NATM including ground treatment', 'nos', 9, 32500000.00, 'MRC-SOR23/CIV-014'),
    ('U', 12, 'Bill 3: Cross passages', 'UG-3.02', 'Sump at the low-point cross passage', 'nos', 3, 6800000.00, NULL),
    ('U', 13, 'Bill 4: Underground stations', 'UG-4.01', 'Diaphragm wall 1000 mm thick', 'sqm', 98000, 21500.00, 'MRC-SOR23/CIV-011'),
    ('U', 14, 'Bill 4: Underground stations', 'UG-4.02', 'Excavation for cut-and-cover station boxes including strutting', 'cum', 720000, 1250.00, NULL),
    ('U', 15, 'Bill 4: Underground stations', 'UG-4.03', 'Base slab concrete M40', 'cum', 42000, 9850.00, NULL),
    ('U', 16, 'Bill 4: Underground stations', 'UG-4.04', 'Roof and concourse slabs concrete M40', 'cum', 38000, 10400.00, NULL),
    ('U', 17, 'Bill 4: Underground stations', 'UG-4.05', 'Reinforcement Fe500D TMT in station boxes', 'MT', 21000, 79800.00, 'MRC-SOR23/CIV-010'),
    ('U', 18, 'Bill 4: Underground stations', 'UG-4.06', 'Waterproofing membrane to station boxes', 'sqm', 86000, 1850.00, NULL),
    ('U', 19, 'Bill 4: Underground stations', 'UG-4.07', 'Entry/exit structures and ventilation shafts', 'nos', 14, 48000000.00, NULL),
    ('U', 20, 'Bill 5: Tunnel fit-out', 'UG-5.01', 'Evacuation walkway in tunnels', 'm', 11200, 6200.00, NULL),
    ('U', 21, 'Bill 5: Tunnel fit-out', 'UG-5.02', 'Track plinth concrete in tunnels', 'm', 11200, 14500.00, NULL),
    ('U', 22, 'Bill 5: Tunnel fit-out', 'UG-5.03', 'Tunnel ventilation fans, supply and installation', 'nos', 16, 36500000.00, NULL),
    ('U', 23, 'Bill 5: Tunnel fit-out', 'UG-5.04', 'Tunnel lighting and fire main', 'm', 11200, 8200.00, NULL),
    ('U', 24, 'Bill 6: Utilities and reinstatement', 'UG-6.01', 'Utility diversions at station boxes', 'm', 6800, 18500.00, NULL),
    ('U', 25, 'Bill 6: Utilities and reinstatement', 'UG-6.02', 'Reinstatement of roads and footpaths', 'sqm', 64000, 1850.00, NULL),
    ('S', 1, 'Schedule A: Design and safety', 'SY-1.01', 'System design, engineering and CENELEC SIL4 safety case', 'LS', 1, 850000000.00, NULL),
    ('S', 2, 'Schedule A: Design and safety', 'SY-1.02', 'Independent safety assessment', 'LS', 1, 120000000.00, NULL),
    ('S', 3, 'Schedule B: CBTC signalling', 'SY-2.01', 'Wayside zone controllers, supply and installation', 'nos', 6, 145000000.00, NULL),
    ('S', 4, 'Schedule B: CBTC signalling', 'SY-2.02', 'Computer-based interlocking', 'nos', 8, 98000000.00, NULL),
    ('S', 5, 'Schedule B: CBTC signalling', 'SY-2.03', 'Carborne CBTC equipment (two controllers per train)', 'set', 36, 42500000.00, NULL),
    ('S', 6, 'Schedule B: CBTC signalling', 'SY-2.04', 'Data communication system: wayside radio access points', 'nos', 220, 1850000.00, NULL),
    ('S', 7, 'Schedule B: CBTC signalling', 'SY-2.05', 'Axle counter detection points', 'nos', 180, 650000.00, 'MRC-SOR23/SIG-001'),
    ('S', 8, 'Schedule B: CBTC signalling', 'SY-2.06', 'Electric point machines', 'nos', 64, 1450000.00, 'MRC-SOR23/SIG-002'),
    ('S', 9, 'Schedule B: CBTC signalling', 'SY-2.07', 'Balises and transponders', 'nos', 900, 85000.00, NULL),
    ('S', 10, 'Schedule B: CBTC signalling', 'SY-2.08', 'LED signals, main and shunt', 'nos', 140, 320000.00, NULL),
    ('S', 11, 'Schedule B: CBTC signalling', 'SY-2.09', 'ATS central system at OCC and backup OCC', 'LS', 1, 285000000.00, NULL),
    ('S', 12, 'Schedule B: CBTC signalling', 'SY-2.10', 'Signalling cables (quad and power), laying and termination', 'km', 420, 285000.00, NULL),
    ('S', 13, 'Schedule C: Telecommunication', 'SY-3.01', 'Optical fibre backbone 96F', 'km', 96, 685000.00, 'MRC-SOR23/TEL-001'),
    ('S', 14, 'Schedule C: Telecommunication', 'SY-3.02', 'SDH/MPLS transmission nodes', 'nos', 26, 6800000.00, NULL),
    ('S', 15, 'Schedule C: Telecommunication', 'SY-3.03', 'TETRA radio base stations', 'nos', 18, 18500000.00, NULL),
    ('S', 16, 'Schedule C: Telecommunication', 'SY-3.04', 'IP CCTV cameras including video management system', 'nos', 1450, 95000.00, 'MRC-SOR23/TEL-002'),
    ('S', 17, 'Schedule C: Telecommunication', 'SY-3.05', 'Passenger information display boards', 'nos', 380, 385000.00, NULL),
    ('S', 18, 'Schedule C: Telecommunication', 'SY-3.06', 'Public address system per station', 'set', 24, 4800000.00, NULL),
    ('S', 19, 'Schedule C: Telecommunication', 'SY-3.07', 'Master clock system', 'LS', 1, 18500000.00, NULL),
    ('S', 20, 'Schedule D: Testing, training, spares', 'SY-4.01', 'Testing, commissioning and integrated testing', 'LS', 1, 95000000.00, NULL),
    ('S', 21, 'Schedule D: Testing, training, spares', 'SY-4.02', 'Training of operation and maintenance staff', 'LS', 1, 28000000.00, NULL),
    ('S', 22, 'Schedule D: Testing, training, spares', 'SY-4.03', 'Mandatory spares', 'LS', 1, 120000000.00, NULL),
    ('S', 23, 'Schedule D: Testing, training, spares', 'SY-4.04', 'Signalling equipment rooms fit-out', 'nos', 24, 5400000.00, NULL),
    ('S', 24, 'Schedule D: Testing, training, spares', 'SY-4.05', 'UPS and batteries for signalling and telecom', 'set', 26, 4200000.00, NULL),
    ('S', 25, 'Schedule D: Testing, training, spares', 'SY-4.06', 'Telecom cables laid in the cable trough', 'km', 380, 145000.00, NULL);

-- C1-V01 takes the viaduct BOQ as it stands; C2-V01 (a shorter viaduct, priced two years later) takes it with 85 %
-- of the quantities, rates 8 % higher and its items prefixed C2-.
INSERT INTO boq_item (n_contract, n_package, c_bill, c_item_no, c_description, c_unit, n_quantity, n_rate, n_sor_item,
                      n_created_by)
SELECT c.id, p.id, b.bill,
       CASE WHEN p.c_code = 'C2-V01' THEN 'C2-' || b.item ELSE b.item END,
       b.description, b.unit,
       CASE WHEN p.c_code = 'C2-V01' AND b.qty > 1 THEN round(b.qty * 0.85) ELSE b.qty END,
       CASE WHEN p.c_code = 'C2-V01' THEN round(b.rate * 1.08, -1) ELSE b.rate END,
       s.id, (SELECT id FROM users WHERE c_username = 'admin')
FROM demo_boq b
JOIN (VALUES ('V', 'C1-V01'), ('V', 'C2-V01'), ('U', 'C1-UG01'), ('S', 'C1-SYS1')) AS k (kind, package_code) ON k.kind = b.kind
JOIN package p ON p.c_code = k.package_code
JOIN contract c ON c.n_package = p.id
LEFT JOIN sor_item s ON s.c_code = b.sor
ORDER BY p.id, b.ord;

-- ---------------------------------------------------------------------------------------------------------------
-- Interim payment applications: monthly, the last N months; lines go in while each IPA is a draft, then each is
-- moved to its state.
-- ---------------------------------------------------------------------------------------------------------------
CREATE TEMP TABLE demo_ipa ON COMMIT DROP AS
SELECT v.package_code, v.k, v.n, v.state, v.contractor, p.id AS package,
       (date_trunc('month', current_date) - make_interval(months => v.n - v.k + 1))::date AS period_from
FROM (VALUES
    ('C1-V01', 1, 6, 'Certified', 'contractor'), ('C1-V01', 2, 6, 'Certified', 'contractor'),
    ('C1-V01', 3, 6, 'Certified', 'contractor'), ('C1-V01', 4, 6, 'Certified', 'contractor'),
    ('C1-V01', 5, 6, 'Submitted', 'contractor'), ('C1-V01', 6, 6, 'Draft', 'contractor'),
    ('C2-V01', 1, 4, 'Certified', 'contractor'), ('C2-V01', 2, 4, 'Certified', 'contractor'),
    ('C2-V01', 3, 4, 'Certified', 'contractor'), ('C2-V01', 4, 4, 'Returned', 'contractor'),
    ('C1-UG01', 1, 5, 'Certified', 'contractor2'), ('C1-UG01', 2, 5, 'Certified', 'contractor2'),
    ('C1-UG01', 3, 5, 'Certified', 'contractor2'), ('C1-UG01', 4, 5, 'Submitted', 'contractor2'),
    ('C1-UG01', 5, 5, 'Draft', 'contractor2'),
    ('C1-SYS1', 1, 4, 'Certified', 'contractor2'), ('C1-SYS1', 2, 4, 'Certified', 'contractor2'),
    ('C1-SYS1', 3, 4, 'Certified', 'contractor2'), ('C1-SYS1', 4, 4, 'Returned', 'contractor2')
) AS v (package_code, k, n, state, contractor)
JOIN package p ON p.c_code = v.package_code;

INSERT INTO ipa (c_ipa_no, n_package, d_period_from, d_period_to, c_description, n_engineer, c_state, n_ball_in_court,
                 n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-IPA-' || lpad(d.k::text, 3, '0'), d.package, d.period_from,
       (d.period_from + interval '1 month' - interval '1 day')::date,
       'Running account bill ' || d.k || ' for ' || to_char(d.period_from, 'FMMonth YYYY')
           || ': measured quantities as per the joint measurement sheets of the month',
       eng.id, 'Draft', con.id, con.id, con.id,
       least(now(), (d.period_from + interval '1 month' + interval '2 days 10 hours')),
       least(now(), (d.period_from + interval '1 month' + interval '2 days 10 hours'))
FROM demo_ipa d
JOIN users con ON con.c_username = d.contractor
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
ORDER BY d.package, d.k;

-- About a third of the BOQ items are measured in each month: 2 to 5 % of the item (a tenth of a lump sum).
INSERT INTO ipa_item (n_ipa, n_boq_item, n_qty_this_period, c_remarks, n_created_by)
SELECT i.id, b.id,
       CASE WHEN b.n_quantity <= 1 THEN 0.100
            ELSE greatest(1, round(b.n_quantity * (0.02 + 0.01 * ((b.ord * 7 + d.k) % 4)))) END,
       'JMS ' || d.package_code || '/' || to_char(d.period_from, 'YYYY-MM') || '/' || lpad(b.ord::text, 2, '0'),
       i.n_raised_by
FROM demo_ipa d
JOIN ipa i ON i.c_ipa_no = d.package_code || '-IPA-' || lpad(d.k::text, 3, '0')
JOIN (SELECT bi.*, row_number() OVER (PARTITION BY bi.n_contract ORDER BY bi.id) AS ord FROM boq_item bi) b
     ON b.n_contract = i.n_contract AND (b.ord + d.k) % 3 = 0
ORDER BY d.package, d.k, b.ord;

-- Each IPA goes to the engineer (Submitted); the engineer corrects two lines of C1-V01's fourth IPA (certified at
-- 80 % of the claim: the joint measurement sheet signed for less; its IPC is still to be prepared); then each IPA
-- reaches its state in period order, so that the certificates of a contract follow one another as they would
-- have.
UPDATE ipa i SET
    c_state = 'Submitted',
    d_submitted = least(current_date, i.d_period_to + 5),
    n_ball_in_court = i.n_engineer
FROM demo_ipa d
WHERE i.c_ipa_no = d.package_code || '-IPA-' || lpad(d.k::text, 3, '0') AND d.state <> 'Draft';

INSERT INTO ipa_certification (n_ipa, n_ipa_item, n_qty_certified, c_reason, n_created_by, n_updated_by)
SELECT i.id, l.id,
       CASE WHEN l.n_qty_this_period < 1 THEN round(l.n_qty_this_period * 0.8, 3) ELSE round(l.n_qty_this_period * 0.8) END,
       'Joint measurement sheet ' || l.c_remarks || ' signed for 80 % of the quantity claimed; the balance is '
           || 'measured again when the work is complete.',
       i.n_engineer, i.n_engineer
FROM demo_ipa d
JOIN ipa i ON i.c_ipa_no = d.package_code || '-IPA-' || lpad(d.k::text, 3, '0')
JOIN LATERAL (SELECT x.* FROM ipa_item x WHERE x.n_ipa = i.id ORDER BY x.id LIMIT 2) l ON TRUE
WHERE d.package_code = 'C1-V01' AND d.k = 4;

DO $$
DECLARE
    r record;
BEGIN
    FOR r IN SELECT i.id, d.state FROM demo_ipa d
             JOIN ipa i ON i.c_ipa_no = d.package_code || '-IPA-' || lpad(d.k::text, 3, '0')
             WHERE d.state NOT IN ('Draft', 'Submitted')
             ORDER BY d.package, d.k
    LOOP
        UPDATE ipa i SET
            c_state = r.state,
            d_certified = CASE WHEN r.state = 'Certified' THEN least(current_date, i.d_period_to + 18) END,
            n_certified_by = CASE WHEN r.state = 'Certified' THEN i.n_engineer END,
            c_engineer_remarks = CASE r.state
                WHEN 'Certified' THEN
                    CASE WHEN EXISTS (SELECT 1 FROM ipa_certification c WHERE c.n_ipa = i.id)
                         THEN 'Quantities checked against the joint measurement sheets; certified as claimed except '
                              || 'where corrected below.'
                         ELSE 'Quantities checked against the joint measurement sheets; certified as claimed.' END
                WHEN 'Returned' THEN 'Two line items claimed beyond the signed measurement sheets; revise and resubmit.'
                END,
            n_ball_in_court = CASE r.state WHEN 'Certified' THEN NULL ELSE i.n_raised_by END,
            n_updated_by = i.n_engineer
        WHERE i.id = r.id;
    END LOOP;
END $$;

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'ipa', i.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'contractor' THEN i.n_raised_by ELSE i.n_engineer END,
       CASE e.step WHEN 'submit' THEN i.d_submitted + time '11:00' WHEN 'return' THEN i.d_submitted + time '16:30'
                   ELSE i.d_certified + time '15:00' END,
       e.comment
FROM ipa i
CROSS JOIN (VALUES
    ('submit', 'submit', 'Draft', 'Submitted', 'contractor', NULL),
    ('return', 'return_ipa', 'Submitted', 'Returned', 'engineer', 'Items claimed beyond the signed joint measurement sheets; revise to the JMS and resubmit.'),
    ('certify', 'certify', 'Submitted', 'Certified', 'engineer', NULL)
) AS e (step, transition, from_state, to_state, by, comment)
WHERE (e.step = 'submit' AND i.c_state <> 'Draft')
   OR (e.step = 'return' AND i.c_state = 'Returned')
   OR (e.step = 'certify' AND i.c_state = 'Certified');

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'ipa', n_package::text, count(*) FROM ipa GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Interim payment certificates of the certified IPAs (C1-V01's fourth certified IPA still waits for its IPC), in
-- every state, with their deductions. Advance recovery: 10 % of the gross against the mobilisation advance.
-- ---------------------------------------------------------------------------------------------------------------
-- The mobilisation advance of every contract: 10 % of the contract value, paid against a bank guarantee (FIDIC
-- 14.2), recovered from the IPCs below.
UPDATE contract SET n_advance_paid = round(n_contract_value * 0.10, 2);

CREATE TEMP TABLE demo_ipc ON COMMIT DROP AS
SELECT v.*
FROM (VALUES
    ('C1-V01', 1, 'Paid'), ('C1-V01', 2, 'Paid'), ('C1-V01', 3, 'Recommended'),
    ('C2-V01', 1, 'Paid'), ('C2-V01', 2, 'Approved'), ('C2-V01', 3, 'Draft'),
    ('C1-UG01', 1, 'Paid'), ('C1-UG01', 2, 'Approved'), ('C1-UG01', 3, 'Returned'),
    ('C1-SYS1', 1, 'Paid'), ('C1-SYS1', 2, 'Paid'), ('C1-SYS1', 3, 'Recommended')
) AS v (package_code, k, state);

INSERT INTO ipc (c_ipc_no, n_package, n_ipa, d_certificate, n_retention_percent, n_advance_recovery, c_remarks,
                 n_approver, c_state, n_ball_in_court, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT d.package_code || '-IPC-' || lpad(d.k::text, 3, '0'), a.n_package, a.id,
       least(current_date, a.d_certified + 2), 5,
       round(a.n_amount_this_period * 0.10, 2),
       'Interim payment certificate ' || d.k || ' against ' || a.c_ipa_no || ' (' || to_char(a.d_period_from, 'FMMonth YYYY') || ')',
       mgr.id, 'Draft', eng.id, eng.id, eng.id,
       least(now(), a.d_certified + time '12:00' + interval '2 days'),
       least(now(), a.d_certified + time '12:00' + interval '2 days')
FROM demo_ipc d
JOIN ipa a ON a.c_ipa_no = d.package_code || '-IPA-' || lpad(d.k::text, 3, '0')
CROSS JOIN (SELECT id FROM users WHERE c_username = 'engineer') AS eng
CROSS JOIN (SELECT id FROM users WHERE c_username = 'manager') AS mgr
ORDER BY a.n_package, d.k;

-- Income tax TDS 2 % and GST TDS 2 % of the gross on every IPC, labour welfare cess 1 %, liquidated damages on the
-- C1-V01 viaduct running past its completion date (entered as percentages of this certificate's gross: the database
-- computes the amounts), a safety penalty on the tunnels, and the recovery of site water and electricity charges on
-- every other IPC (entered as amounts).
INSERT INTO ipc_deduction (n_ipc, c_type, c_description, c_basis, n_percent, n_amount, n_created_by)
SELECT k.id, x.type, x.description, CASE WHEN x.pct IS NULL THEN 'Fixed amount' ELSE 'Gross this certificate' END,
       x.pct, x.fixed, k.n_raised_by
FROM ipc k
JOIN package p ON p.id = k.n_package
CROSS JOIN (VALUES
    (1, 'Income tax TDS', 'TDS under section 194C at 2 % of the gross', 2.0, NULL::numeric, NULL),
    (2, 'GST TDS', 'GST TDS under section 51 (CGST 1 % + SGST 1 %)', 2.0, NULL, NULL),
    (3, 'Labour welfare cess', 'Building and other construction workers welfare cess at 1 %', 1.0, NULL, NULL),
    (4, 'Liquidated damages', 'Liquidated damages for delay to milestone 4 (Airport to Riverside spans), provisional', 0.5, NULL, 'C1-V01'),
    (5, 'Penalty', 'Penalty for safety violations recorded in the HSE inspection (Schedule E, clause 8.4)', NULL, 25000.00, 'C1-UG01'),
    (6, 'Other', 'Recovery of site water and electricity charges for the month', NULL, 48375.60, 'even')
) AS x (n, type, description, pct, fixed, applies)
WHERE x.applies IS NULL OR x.applies = p.c_code OR (x.applies = 'even' AND k.id % 2 = 0)
ORDER BY k.id, x.n;

UPDATE ipc k SET
    c_state = d.state,
    d_recommended = CASE WHEN d.state <> 'Draft' THEN least(current_date, k.d_certificate + 1) END,
    d_approved = CASE WHEN d.state IN ('Approved', 'Paid') THEN least(current_date, k.d_certificate + 6) END,
    d_paid = CASE WHEN d.state = 'Paid' THEN least(current_date, k.d_certificate + 14) END,
    c_payment_ref = CASE WHEN d.state = 'Paid' THEN 'UTR SBIN' || to_char(k.d_certificate + 14, 'YYMMDD') || lpad(k.id::text, 6, '0') END,
    n_ball_in_court = CASE d.state WHEN 'Recommended' THEN k.n_approver WHEN 'Approved' THEN k.n_approver
                                   WHEN 'Paid' THEN NULL ELSE k.n_raised_by END,
    n_updated_by = CASE WHEN d.state IN ('Approved', 'Paid', 'Returned') THEN k.n_approver ELSE k.n_raised_by END
FROM demo_ipc d
WHERE k.c_ipc_no = d.package_code || '-IPC-' || lpad(d.k::text, 3, '0');

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'ipc', k.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'engineer' THEN k.n_raised_by ELSE k.n_approver END,
       CASE e.step WHEN 'recommend' THEN k.d_recommended + time '10:00' WHEN 'return' THEN k.d_recommended + time '17:00'
                   WHEN 'approve' THEN k.d_approved + time '15:00' ELSE k.d_paid + time '16:00' END,
       e.comment
FROM ipc k
CROSS JOIN (VALUES
    ('recommend', 'recommend', 'Draft', 'Recommended', 'engineer', NULL),
    ('return', 'return_ipc', 'Recommended', 'Returned', 'manager', 'Apply the revised advance recovery schedule (10 % from this IPC) and attach the LD working.'),
    ('approve', 'approve', 'Recommended', 'Approved', 'manager', NULL),
    ('pay', 'record_payment', 'Approved', 'Paid', 'manager', NULL)
) AS e (step, transition, from_state, to_state, by, comment)
WHERE (e.step = 'recommend' AND k.c_state <> 'Draft')
   OR (e.step = 'return' AND k.c_state = 'Returned')
   OR (e.step = 'approve' AND k.c_state IN ('Approved', 'Paid'))
   OR (e.step = 'pay' AND k.c_state = 'Paid');

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'ipc', n_package::text, count(*) FROM ipc GROUP BY n_package;

-- ---------------------------------------------------------------------------------------------------------------
-- Permissions. Everyone on the contract reads and exports the six screens; contractors raise and update their
-- IPAs (and delete drafts); the engineer certifies IPAs (update) and prepares IPCs (create, update, delete drafts);
-- the contract manager approves and pays IPCs (update) and keeps the schedule of rates; planner and employer read.
-- ---------------------------------------------------------------------------------------------------------------
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'),
       CASE WHEN (u.c_username IN ('contractor', 'contractor2') AND n.c_route = '/contract-data-entry/ipa')
              OR (u.c_username = 'engineer' AND n.c_route = '/contract-data-entry/ipc')
              OR (u.c_username = 'manager' AND n.c_route = '/contract-data-entry/sor') THEN 1 ELSE 0 END,
       CASE WHEN (u.c_username IN ('contractor', 'contractor2', 'engineer') AND n.c_route = '/contract-data-entry/ipa')
              OR (u.c_username IN ('engineer', 'manager') AND n.c_route = '/contract-data-entry/ipc')
              OR (u.c_username = 'manager' AND n.c_route = '/contract-data-entry/sor') THEN 1 ELSE 0 END,
       CASE WHEN (u.c_username IN ('contractor', 'contractor2') AND n.c_route = '/contract-data-entry/ipa')
              OR (u.c_username = 'engineer' AND n.c_route = '/contract-data-entry/ipc') THEN 1 ELSE 0 END,
       1
FROM users u CROSS JOIN navigation n
WHERE u.c_username IN ('contractor', 'contractor2', 'engineer', 'manager', 'planner', 'employer')
  AND n.c_route IN ('/contract-data-entry/sor', '/contract-data-entry/viewboq', '/contract-data-entry/ipa',
                    '/contract-data-entry/ipc', '/contract-data-entry/deductions', '/contract-data-entry/viewipa')
ON CONFLICT (n_user_id, n_nav_id) DO UPDATE SET
    n_create = greatest(user_permission_nav.n_create, excluded.n_create),
    n_update = greatest(user_permission_nav.n_update, excluded.n_update),
    n_delete = greatest(user_permission_nav.n_delete, excluded.n_delete),
    n_export = greatest(user_permission_nav.n_export, excluded.n_export);

-- The administrator holds every route already; make sure of the six with every action.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, u.id, 1, 1, 1, 1
FROM users u CROSS JOIN navigation n
WHERE u.c_username = 'admin'
  AND n.c_route IN ('/contract-data-entry/sor', '/contract-data-entry/viewboq', '/contract-data-entry/ipa',
                    '/contract-data-entry/ipc', '/contract-data-entry/deductions', '/contract-data-entry/viewipa')
ON CONFLICT (n_user_id, n_nav_id) DO UPDATE SET n_create = 1, n_update = 1, n_delete = 1, n_export = 1;
