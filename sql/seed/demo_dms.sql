-- Document management demo data (issue 31, seed set "demo-dms", loaded after every other seed set). Documents are
-- created in WIP and walked through the database's own rules (the triggers of V33 keep revisions, statuses and the
-- review outcome), so every row is what the registers would have written:
--   50 documents, 12 or more per state: WIP (4 of them returned by a C/D review, now P02.01), Shared (with reviews
--   Open, In review and Consolidated, and two shared for information without a review), Published (A, B and two
--   as built), Archived;
--   40 reviews on them (plus V5's 6 legacy reviews) with two or three reviewers each;
--   14 closures (draft, submitted, closed) of documents and letters, 16 shares (draft, issued, expired, withdrawn).
-- People: Kavita Rao (designer, DDC) originates the design documents, Rahul Verma (contractor, LNT) and Sunil Rao
-- (contractor2, TBC) the contractors'; Arjun Mehta (engineer, PMC) leads the reviews with Vikram Singh (planner);
-- Priya Nair (manager) approves closures.

-- Inspection and test plans are a document type of their own.
INSERT INTO doc_type (c_code, c_name, c_description)
SELECT 'ITP', 'Inspection and test plan', 'Hold, witness and review points of a work, with its acceptance criteria.'
WHERE NOT EXISTS (SELECT 1 FROM doc_type WHERE c_code = 'ITP');

-- ---------------------------------------------------------------------------------------------------------------
-- Permissions
-- ---------------------------------------------------------------------------------------------------------------
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), v.c, v.u, v.d, v.e
FROM (VALUES
    -- Documents: the originators create and walk them; the PMC reads and exports; the employer reads.
    ('/dms/dms', 'designer', 1, 1, 1, 1),
    ('/dms/dms', 'contractor', 1, 1, 1, 1),
    ('/dms/dms', 'contractor2', 1, 1, 1, 1),
    ('/dms/dms', 'engineer', 0, 0, 0, 1),
    ('/dms/dms', 'planner', 0, 0, 0, 1),
    ('/dms/dms', 'manager', 0, 0, 0, 1),
    ('/dms/dms', 'employer', 0, 0, 0, 0),
    -- Reviews: originators start them; the engineer (lead) and the planner review (update only).
    ('/administration/dmsreview', 'designer', 1, 1, 1, 1),
    ('/administration/dmsreview', 'contractor', 1, 1, 1, 1),
    ('/administration/dmsreview', 'contractor2', 1, 1, 1, 1),
    ('/administration/dmsreview', 'engineer', 0, 1, 0, 1),
    ('/administration/dmsreview', 'planner', 0, 1, 0, 1),
    ('/administration/dmsreview', 'manager', 0, 0, 0, 1),
    -- Review lines across reviews: each reviewer records their code there.
    ('/administration/dmsreviewlines', 'engineer', 1, 1, 0, 1),
    ('/administration/dmsreviewlines', 'planner', 0, 1, 0, 1),
    ('/administration/dmsreviewlines', 'designer', 0, 0, 0, 1),
    -- Shares: originators and the engineer share documents.
    ('/administration/dmssharedocs', 'designer', 1, 1, 1, 1),
    ('/administration/dmssharedocs', 'contractor', 1, 1, 1, 1),
    ('/administration/dmssharedocs', 'contractor2', 1, 1, 1, 1),
    ('/administration/dmssharedocs', 'engineer', 1, 1, 1, 1),
    ('/administration/dmssharedocs', 'manager', 0, 0, 0, 1),
    -- Closures: originators raise, the engineer and the manager approve (update only).
    ('/administration/dmsclosureworkflow', 'designer', 1, 1, 1, 1),
    ('/administration/dmsclosureworkflow', 'contractor', 1, 1, 1, 1),
    ('/administration/dmsclosureworkflow', 'contractor2', 1, 1, 1, 1),
    ('/administration/dmsclosureworkflow', 'engineer', 1, 1, 1, 1),
    ('/administration/dmsclosureworkflow', 'manager', 0, 1, 0, 1),
    -- Shared with me: every signed-in person may read their own rows (every_user_reads), but a holder of the route
    -- reads every row (the engine has no per-user filter for route holders: docs/registers/dms.md, engine gaps),
    -- so only the document controllers hold it, as the distribution log.
    ('/dms/sharedwithme', 'engineer', 0, 0, 0, 1),
    ('/dms/sharedwithme', 'manager', 0, 0, 0, 1)
) AS v(route, username, c, u, d, e)
JOIN navigation n ON n.c_route = v.route
JOIN users u ON u.c_username = v.username
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;

-- ---------------------------------------------------------------------------------------------------------------
-- Documents: created in WIP by their originators
-- ---------------------------------------------------------------------------------------------------------------
CREATE TEMP TABLE seed_doc (
    k int PRIMARY KEY, pkg text, who text, org text, vol text, lvl text, typ text, rol text, num text,
    dtype text, disc text, title text, target text, age int);
INSERT INTO seed_doc VALUES
    -- WIP: being written (8), and returned by a review with code C or D (4, now P02.01)
    (1,  'C1-V01',  'contractor',  'LNT', 'C1V01', 'P118', 'DR', 'S', '0118', 'DRG', 'CIV', 'Pier P118 pile cap reinforcement details', 'WIP', 6),
    (2,  'C1-V01',  'designer',    'DDC', 'C1V01', 'S04',  'DR', 'A', '0204', 'DRG', 'ARC', 'Tech Park station concourse general arrangement', 'WIP', 9),
    (3,  'C2-V01',  'contractor',  'LNT', 'C2V01', 'ZZ',   'MS', 'C', '0031', 'MS',  'CIV', 'Method statement: segment casting yard at Northgate', 'WIP', 4),
    (4,  'C2-V02',  'contractor',  'LNT', 'C2V02', 'ZZ',   'IT', 'Q', '0012', 'ITP', 'CIV', 'ITP for bored cast-in-situ piles, Central to Southfield', 'WIP', 3),
    (5,  'C1-UG01', 'contractor2', 'TBC', 'C1UG01','ZZ',   'MS', 'G', '0044', 'MS',  'CIV', 'Method statement: TBM cutterhead intervention under compressed air', 'WIP', 5),
    (6,  'C1-DP01', 'contractor2', 'TBC', 'C1DP01','ZZ',   'DR', 'S', '0061', 'DRG', 'CIV', 'Inspection bay pit wall sections, Airport depot', 'WIP', 8),
    (7,  'C1-SYS1', 'contractor2', 'TBC', 'C1SYS1','ZZ',   'RP', 'X', '0007', 'RPT', 'SIG', 'CBTC radio survey report, Blue Line', 'WIP', 2),
    (8,  'C2-V01',  'designer',    'DDC', 'C2V01', 'ZZ',   'RP', 'S', '0015', 'RPT', 'CIV', 'Design basis report: viaduct superstructure, Green Line north', 'WIP', 12),
    (9,  'C1-V01',  'contractor',  'LNT', 'C1V01', 'ZZ',   'MS', 'S', '0027', 'MS',  'CIV', 'Method statement: launching girder erection of 31 m spans', 'WIPR', 40),
    (10, 'C1-UG01', 'designer',    'DDC', 'C1UG01','S08',  'DR', 'A', '0308', 'DRG', 'ARC', 'Market Square station entry A architectural plan', 'WIPR', 38),
    (11, 'C2-V02',  'contractor',  'LNT', 'C2V02', 'P207', 'DR', 'S', '0207', 'DRG', 'CIV', 'Portal pier P207 over the railway crossing', 'WIPR', 36),
    (12, 'C1-SYS1', 'contractor2', 'TBC', 'C1SYS1','ZZ',   'IT', 'Q', '0004', 'ITP', 'SIG', 'ITP for point machine installation and testing', 'WIPR', 33),
    -- Shared: reviews Open (4), In review (4), Consolidated (4)
    (13, 'C1-V01',  'designer',    'DDC', 'C1V01', 'S05',  'DR', 'A', '0205', 'DRG', 'ARC', 'University station platform level roof plan', 'SO', 7),
    (14, 'C2-V01',  'contractor',  'LNT', 'C2V01', 'P042', 'DR', 'S', '0042', 'DRG', 'CIV', 'Pier P42 cantilever pier cap prestressing layout', 'SO', 6),
    (15, 'C1-DP01', 'contractor2', 'TBC', 'C1DP01','ZZ',   'MS', 'C', '0018', 'MS',  'CIV', 'Method statement: depot stabling yard earthwork and blanket', 'SO', 5),
    (16, 'C1-UG01', 'designer',    'DDC', 'C1UG01','ZZ',   'RP', 'G', '0022', 'RPT', 'CIV', 'Design basis report: cut-and-cover box at Old Fort', 'SO', 4),
    (17, 'C1-V01',  'contractor',  'LNT', 'C1V01', 'ZZ',   'IT', 'Q', '0009', 'ITP', 'CIV', 'ITP for precast segment erection, Airport to Riverside', 'SI', 16),
    (18, 'C2-V02',  'designer',    'DDC', 'C2V02', 'S16',  'DR', 'A', '0416', 'DRG', 'ARC', 'Industrial Estate station facade and cladding details', 'SI', 14),
    (19, 'C1-SYS1', 'contractor2', 'TBC', 'C1SYS1','ZZ',   'DR', 'E', '0033', 'DRG', 'TEL', 'Equipment room layout, telecom and SCADA, Central Station', 'SI', 12),
    (20, 'C2-V01',  'contractor',  'LNT', 'C2V01', 'ZZ',   'MS', 'S', '0036', 'MS',  'CIV', 'Method statement: span-by-span erection over Lake View road', 'SI', 11),
    (21, 'C1-UG01', 'contractor2', 'TBC', 'C1UG01','ZZ',   'RP', 'G', '0051', 'RPT', 'CIV', 'Settlement monitoring report, TBM drive 2 under Market Square', 'SC', 22),
    (22, 'C1-V01',  'designer',    'DDC', 'C1V01', 'ZZ',   'RP', 'S', '0011', 'RPT', 'CIV', 'Design basis report: elevated station structures, Blue Line', 'SC', 25),
    (23, 'C2-V02',  'contractor',  'LNT', 'C2V02', 'ZZ',   'IT', 'Q', '0014', 'ITP', 'CIV', 'ITP for elastomeric bearing installation', 'SC', 20),
    (24, 'C1-DP01', 'designer',    'DDC', 'C1DP01','ZZ',   'DR', 'A', '0501', 'DRG', 'ARC', 'Depot administration building architectural plans', 'SC', 19),
    -- Published: A (6), B (4), as built (2)
    (25, 'C1-V01',  'contractor',  'LNT', 'C1V01', 'P104', 'DR', 'S', '0104', 'DRG', 'CIV', 'Pier P104 foundation and pile layout', 'PA', 70),
    (26, 'C1-V01',  'designer',    'DDC', 'C1V01', 'S01',  'DR', 'A', '0201', 'DRG', 'ARC', 'International Airport station concourse plan', 'PA', 66),
    (27, 'C2-V01',  'contractor',  'LNT', 'C2V01', 'ZZ',   'MS', 'C', '0024', 'MS',  'CIV', 'Method statement: pile load testing (static and dynamic)', 'PA', 62),
    (28, 'C1-UG01', 'contractor2', 'TBC', 'C1UG01','ZZ',   'MS', 'G', '0038', 'MS',  'CIV', 'Method statement: diaphragm wall construction, Central Station', 'PA', 58),
    (29, 'C1-SYS1', 'designer',    'DDC', 'C1SYS1','ZZ',   'RP', 'X', '0003', 'RPT', 'SIG', 'Design basis report: CBTC signalling system', 'PA', 55),
    (30, 'C2-V02',  'contractor',  'LNT', 'C2V02', 'S15',  'DR', 'A', '0415', 'DRG', 'ARC', 'Textile Mills station roof steel structure', 'PA', 52),
    (31, 'C1-DP01', 'contractor2', 'TBC', 'C1DP01','ZZ',   'IT', 'Q', '0006', 'ITP', 'TRK', 'ITP for depot track laying and welding', 'PB', 60),
    (32, 'C2-V01',  'designer',    'DDC', 'C2V01', 'S03',  'DR', 'A', '0303', 'DRG', 'ARC', 'Civil Lines station entry and FOB general arrangement', 'PB', 57),
    (33, 'C1-V01',  'contractor',  'LNT', 'C1V01', 'ZZ',   'IT', 'Q', '0005', 'ITP', 'CIV', 'ITP for pier and pier cap concreting', 'PB', 54),
    (34, 'C1-UG01', 'designer',    'DDC', 'C1UG01','ZZ',   'RP', 'G', '0019', 'RPT', 'CIV', 'Geotechnical interpretative report, underground section', 'PB', 50),
    (35, 'C2-V02',  'contractor',  'LNT', 'C2V02', 'P231', 'DR', 'S', '0231', 'DRG', 'CIV', 'Pier P231 as-built pile and pile cap records', 'PCR', 95),
    (36, 'C1-DP01', 'contractor2', 'TBC', 'C1DP01','ZZ',   'DR', 'E', '0072', 'DRG', 'ELE', 'Depot receiving sub-station single line diagram', 'PCR', 90),
    -- Archived (superseded or completed works)
    (37, 'C1-V01',  'contractor',  'LNT', 'C1V01', 'ZZ',   'MS', 'S', '0003', 'MS',  'CIV', 'Method statement: trial pile installation (superseded)', 'AR', 180),
    (38, 'C1-V01',  'designer',    'DDC', 'C1V01', 'ZZ',   'RP', 'S', '0002', 'RPT', 'CIV', 'Preliminary design basis report, viaduct foundations', 'AR', 175),
    (39, 'C2-V01',  'contractor',  'LNT', 'C2V01', 'ZZ',   'IT', 'Q', '0001', 'ITP', 'CIV', 'ITP for casting yard setup (completed)', 'AR', 170),
    (40, 'C2-V01',  'designer',    'DDC', 'C2V01', 'S02',  'DR', 'A', '0302', 'DRG', 'ARC', 'Lake View station concept plan (superseded)', 'AR', 165),
    (41, 'C1-UG01', 'contractor2', 'TBC', 'C1UG01','ZZ',   'MS', 'G', '0010', 'MS',  'CIV', 'Method statement: pre-construction building condition survey', 'AR', 160),
    (42, 'C1-UG01', 'designer',    'DDC', 'C1UG01','ZZ',   'RP', 'G', '0005', 'RPT', 'CIV', 'Geotechnical investigation factual report, phase 1', 'AR', 158),
    (43, 'C1-DP01', 'contractor2', 'TBC', 'C1DP01','ZZ',   'DR', 'C', '0012', 'DRG', 'CIV', 'Depot site grading plan, first issue', 'AR', 150),
    (44, 'C1-SYS1', 'contractor2', 'TBC', 'C1SYS1','ZZ',   'RP', 'X', '0001', 'RPT', 'SIG', 'Signalling system requirements specification, draft', 'AR', 148),
    (45, 'C2-V02',  'contractor',  'LNT', 'C2V02', 'ZZ',   'MS', 'C', '0002', 'MS',  'CIV', 'Method statement: barricading and traffic diversion, Southfield', 'AR', 145),
    (46, 'C2-V02',  'designer',    'DDC', 'C2V02', 'ZZ',   'RP', 'S', '0003', 'RPT', 'CIV', 'Design basis report: viaduct, Central to Southfield (first issue)', 'AR', 140),
    (47, 'C1-SYS1', 'designer',    'DDC', 'C1SYS1','ZZ',   'DR', 'E', '0009', 'DRG', 'TEL', 'Telecom backbone route plan (superseded)', 'AR', 135),
    (48, 'C1-V01',  'contractor',  'LNT', 'C1V01', 'P101', 'DR', 'S', '0101', 'DRG', 'CIV', 'Pier P101 as-built records', 'AR', 130),
    -- Shared for information (S2), no review asked yet
    (49, 'C1-V01',  'designer',    'DDC', 'C1V01', 'S03',  'DR', 'A', '0203', 'DRG', 'ARC', 'Aerocity station roof drainage layout', 'SN', 3),
    (50, 'C2-V01',  'contractor',  'LNT', 'C2V01', 'P055', 'DR', 'S', '0055', 'DRG', 'CIV', 'Pier P55 pile cap reinforcement details', 'SN', 2);

INSERT INTO dms_document (c_project, c_originator, c_volume, c_level, c_type, c_role, c_number, c_title,
                          c_description, n_package, n_discipline, n_doc_type, n_station, n_from_org, c_change_note,
                          n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT 'MML3', s.org, s.vol, s.lvl, s.typ, s.rol, s.num, s.title,
       CASE s.dtype WHEN 'DRG' THEN 'Drawing for ' || p.c_name
                    WHEN 'MS' THEN 'Sequence, resources, hold points and safety measures.'
                    WHEN 'ITP' THEN 'Hold (H), witness (W) and review (R) points with acceptance criteria.'
                    ELSE 'Basis, assumptions, codes (IRS, IS 456, IS 1893) and results.' END,
       p.id, d.id, t.id,
       CASE WHEN s.lvl LIKE 'S%' AND s.lvl <> 'ZZ'
            THEN (SELECT min(st.id) FROM station st WHERE st.n_package = p.id) END,
       o.id, 'First issue for work in progress', u.id, u.id,
       now() - make_interval(days => s.age), now() - make_interval(days => s.age)
FROM seed_doc s
JOIN package p ON p.c_code = s.pkg
JOIN discipline d ON d.c_code = s.disc
JOIN doc_type t ON t.c_code = s.dtype
JOIN organization o ON o.c_code = s.org
JOIN users u ON u.c_username = s.who
ORDER BY s.k;
ALTER TABLE seed_doc ADD COLUMN doc bigint;
UPDATE seed_doc s SET doc = d.id FROM dms_document d
WHERE d.c_document_no = 'MML3-' || s.org || '-' || s.vol || '-' || s.lvl || '-' || s.typ || '-' || s.rol || '-' || s.num;

-- A second WIP version uploaded by the originator on a few documents (P01.02), before they were shared.
INSERT INTO dms_revision (n_document, c_description, d_issued, n_raised_by, n_updated_by)
SELECT s.doc, 'Updated after internal check: dimensions and notes revised', current_date - s.age + 2,
       d.n_raised_by, d.n_raised_by
FROM seed_doc s JOIN dms_document d ON d.id = s.doc
WHERE s.k % 3 = 0;

-- Shared: every document past WIP (S3 for review and comment, S4 for authorisation of the ITPs and method
-- statements).
UPDATE dms_document d SET c_state = 'Shared',
       c_status_code = CASE WHEN s.target = 'SN' THEN 'S2' WHEN s.typ IN ('IT', 'MS') THEN 'S4' ELSE 'S3' END,
       c_change_note = 'Shared for review', n_updated_by = d.n_raised_by
FROM seed_doc s WHERE s.doc = d.id AND s.target <> 'WIP';

-- ---------------------------------------------------------------------------------------------------------------
-- Reviews: the engineer leads, the planner (and for architecture the designer's counterpart, the employer's
-- manager) reviews
-- ---------------------------------------------------------------------------------------------------------------
CREATE TEMP TABLE seed_review AS
SELECT s.k, s.doc, s.target, s.age, s.disc,
       CASE s.target WHEN 'SO' THEN 'Open' WHEN 'SI' THEN 'In review' WHEN 'SC' THEN 'Consolidated'
                     ELSE 'Closed' END AS state,
       CASE WHEN s.target = 'WIPR' THEN CASE WHEN s.k % 2 = 0 THEN 'D' ELSE 'C' END
            WHEN s.target IN ('PB') THEN 'B'
            WHEN s.target IN ('PA', 'PCR', 'AR') THEN CASE WHEN s.k % 4 = 0 THEN 'B' ELSE 'A' END
            WHEN s.target = 'SC' THEN CASE WHEN s.k % 2 = 0 THEN 'B' ELSE 'C' END
            END AS outcome,
       greatest(s.age - 3, 1) AS started_ago
FROM seed_doc s WHERE s.target NOT IN ('WIP', 'SN');

INSERT INTO document_review (n_document, n_reviewer, d_submitted, d_due, n_raised_by, n_updated_by,
                             d_created_at, d_updated_at)
SELECT r.doc, (SELECT id FROM users WHERE c_username = 'engineer'), current_date - r.started_ago,
       current_date - r.started_ago + 14, d.n_raised_by, d.n_raised_by,
       now() - make_interval(days => r.started_ago), now() - make_interval(days => r.started_ago)
FROM seed_review r JOIN dms_document d ON d.id = r.doc
ORDER BY r.k;
ALTER TABLE seed_review ADD COLUMN review bigint;
UPDATE seed_review r SET review = dr.id FROM document_review dr WHERE dr.n_document = r.doc;

-- The review matrix: the engineer (the document's discipline) and the planner (programme and interfaces); the
-- employer's manager also on architectural drawings.
INSERT INTO document_review_reviewer (n_review, n_reviewer, n_discipline, n_raised_by, n_updated_by)
SELECT r.review, u.id, CASE WHEN u.c_username = 'engineer' THEN dd.id ELSE (SELECT id FROM discipline WHERE c_code = 'CIV') END,
       d.n_raised_by, d.n_raised_by
FROM seed_review r
JOIN dms_document d ON d.id = r.doc
JOIN discipline dd ON dd.c_code = r.disc
JOIN users u ON u.c_username IN ('engineer', 'planner')
             OR (u.c_username = 'manager' AND r.disc = 'ARC')
ORDER BY r.k, u.id;

-- Started (all but the open ones).
UPDATE document_review dr SET c_state = 'In review', n_ball_in_court = dr.n_reviewer
FROM seed_review r WHERE r.review = dr.id AND r.state <> 'Open';

-- Each reviewer records their own code: the engineer the outcome's code, the others A or B (so that the worst is
-- the outcome). In the reviews still in review the planner has answered and the engineer has not (two of them),
-- or nobody yet.
UPDATE document_review_reviewer l
SET c_code = CASE WHEN u.c_username = 'engineer' THEN r.outcome
                  WHEN r.outcome IN ('A') THEN 'A' ELSE 'B' END,
    c_comments = CASE
        WHEN u.c_username = 'engineer' AND r.outcome = 'A' THEN NULL
        WHEN u.c_username = 'engineer' AND r.outcome = 'B' THEN 'Minor: update the notes on cover and lap lengths; revise title block to the CDE template.'
        WHEN u.c_username = 'engineer' AND r.outcome = 'C' THEN 'Load combinations do not follow IRS CBC; seismic zone factor to be revised. Resubmit.'
        WHEN u.c_username = 'engineer' AND r.outcome = 'D' THEN 'Not in line with the approved design basis report; the scheme is rejected.'
        WHEN u.c_username = 'planner' AND r.outcome IN ('A') THEN NULL
        WHEN u.c_username = 'planner' THEN 'Sequence to be tied to the three-month rolling plan; interface dates with the systems package to be shown.'
        WHEN r.outcome IN ('A') THEN NULL
        ELSE 'Finishes schedule to match the employer''s requirements (vitrified tiles in public areas).' END,
    n_page = CASE WHEN r.outcome IN ('B', 'C', 'D') THEN 2 + (r.k % 7) END,
    d_reviewed = current_date - greatest(r.started_ago - 5, 0),
    n_updated_by = l.n_reviewer
FROM seed_review r, users u
WHERE l.n_review = r.review AND u.id = l.n_reviewer
  AND (r.state IN ('Consolidated', 'Closed')
       OR (r.state = 'In review' AND r.k % 2 = 0 AND u.c_username = 'planner'));

-- Codes of the reviews still in review (the planner's, two of them): A.
UPDATE document_review_reviewer l SET c_code = 'A', c_comments = NULL, n_page = NULL
FROM seed_review r WHERE l.n_review = r.review AND r.state = 'In review' AND l.c_code IS NOT NULL;

-- The lead consolidates (the outcome is the worst code), then confirms it: the document moves.
UPDATE document_review dr SET c_state = 'Consolidated', n_updated_by = dr.n_reviewer,
       c_remarks = CASE r.outcome WHEN 'A' THEN 'No comments. Approved for construction.'
                                  WHEN 'B' THEN 'Approved with comments: incorporate the comments in the next revision.'
                                  WHEN 'C' THEN 'Revise and resubmit addressing every comment.'
                                  ELSE 'Rejected: redesign in line with the design basis.' END
FROM seed_review r WHERE r.review = dr.id AND r.state IN ('Consolidated', 'Closed');
UPDATE document_review dr SET c_state = 'Closed', n_ball_in_court = NULL, n_updated_by = dr.n_reviewer
FROM seed_review r WHERE r.review = dr.id AND r.state = 'Closed';

-- Published documents recorded as built, and the archived ones.
UPDATE dms_document d SET c_status_code = 'CR', n_updated_by = d.n_raised_by
FROM seed_doc s WHERE s.doc = d.id AND (s.target = 'PCR' OR (s.target = 'AR' AND s.k IN (43, 48)));
UPDATE dms_document d SET c_state = 'Archived', n_updated_by = d.n_raised_by
FROM seed_doc s WHERE s.doc = d.id AND s.target = 'AR';

-- Dates as they happened (the rules above wrote today's): shared a day after creation, reviews closed about ten
-- days after they started, archived a fortnight after publication.
UPDATE dms_document d SET d_shared = CASE WHEN s.target <> 'WIP' THEN current_date - s.age + 2 END,
       d_published = CASE WHEN s.target IN ('PA', 'PB', 'PCR', 'AR') THEN current_date - s.age + 14 END,
       d_archived = CASE WHEN s.target = 'AR' THEN current_date - s.age + 60 END,
       d_updated_at = now() - make_interval(days => greatest(s.age - 14, 0))
FROM seed_doc s WHERE s.doc = d.id;
UPDATE document_review dr
SET d_consolidated = CASE WHEN r.state IN ('Consolidated', 'Closed') THEN current_date - r.started_ago + 9 END,
    d_closed = CASE WHEN r.state = 'Closed' THEN current_date - r.started_ago + 10 END
FROM seed_review r WHERE r.review = dr.id;
UPDATE document_review dr SET d_consolidated = current_date - 1
FROM seed_review r WHERE r.review = dr.id AND r.state = 'Consolidated' AND dr.d_consolidated > current_date;
UPDATE dms_revision v SET d_issued = CASE v.c_state
        WHEN 'WIP' THEN CASE WHEN v.c_revision LIKE 'P01.%' THEN (d.d_created_at::date + (substr(v.c_revision, 5, 2)::int - 1) * 2)
                             ELSE current_date - s.age + 12 END
        WHEN 'Shared' THEN coalesce(d.d_shared, current_date)
        ELSE coalesce(d.d_published, current_date) END
FROM dms_document d JOIN seed_doc s ON s.doc = d.id WHERE v.n_document = d.id;
UPDATE workflow_event e SET d_at = dr.d_closed::timestamptz + interval '17 hours'
FROM document_review dr
WHERE e.c_entry = 'dms_document' AND e.c_transition = 'Review outcome' AND e.c_key = dr.n_document::text
  AND e.c_comment LIKE 'Review ' || dr.c_doc_no || '%';

-- The workflow events that brought them there (the review outcomes were written by the trigger).
INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'dms_document', d.id::text, 'share', 'WIP', 'Shared', d.n_raised_by,
       (current_date - s.age + 2)::timestamptz + interval '11 hours', 'Shared for review'
FROM seed_doc s JOIN dms_document d ON d.id = s.doc WHERE s.target <> 'WIP'
UNION ALL
SELECT 'dms_document', d.id::text, 'record_as_built', 'Published', 'Published', d.n_raised_by,
       (current_date - s.age + 40)::timestamptz + interval '12 hours', 'As-built records verified at site'
FROM seed_doc s JOIN dms_document d ON d.id = s.doc WHERE s.target = 'PCR' OR (s.target = 'AR' AND s.k IN (43, 48))
UNION ALL
SELECT 'dms_document', d.id::text, 'archive', 'Published', 'Archived', d.n_raised_by,
       (current_date - s.age + 60)::timestamptz + interval '10 hours', 'Superseded or works completed; kept for record'
FROM seed_doc s JOIN dms_document d ON d.id = s.doc WHERE s.target = 'AR';

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'document_review', dr.id::text, 'start_review', 'Open', 'In review', dr.n_raised_by,
       dr.d_submitted::timestamptz + interval '10 hours', NULL
FROM document_review dr JOIN seed_review r ON r.review = dr.id WHERE r.state <> 'Open'
UNION ALL
SELECT 'document_review', dr.id::text, 'consolidate', 'In review', 'Consolidated', dr.n_reviewer,
       dr.d_consolidated::timestamptz + interval '15 hours', NULL
FROM document_review dr JOIN seed_review r ON r.review = dr.id WHERE r.state IN ('Consolidated', 'Closed')
UNION ALL
SELECT 'document_review', dr.id::text, 'close_review', 'Consolidated', 'Closed', dr.n_reviewer,
       dr.d_closed::timestamptz + interval '16 hours', 'Outcome ' || dr.c_outcome
FROM document_review dr JOIN seed_review r ON r.review = dr.id WHERE r.state = 'Closed';

-- ---------------------------------------------------------------------------------------------------------------
-- Closures: documents whose actions are done, and letters answered
-- ---------------------------------------------------------------------------------------------------------------
CREATE TEMP TABLE seed_closure (
    k int, kind text, doc_k int, letter text, pkg text, who text, approver text, state text, title text,
    completed text, age int);
INSERT INTO seed_closure VALUES
    (1,  'Document', 25, NULL, 'C1-V01', 'contractor', 'engineer', 'Closed', 'Close-out of pier P104 foundation drawing comments', 'All review comments incorporated in C01; pile schedule reissued to site.', 40),
    (2,  'Document', 26, NULL, 'C1-V01', 'designer', 'manager', 'Closed', 'Close-out of Airport station concourse plan', 'Fire NOC comments and PRM access incorporated; coordinated with systems layout.', 38),
    (3,  'Document', 27, NULL, 'C2-V01', 'contractor', 'engineer', 'Closed', 'Close-out of pile load test method statement', 'Test reports of 6 initial piles submitted and accepted.', 35),
    (4,  'Document', 28, NULL, 'C1-UG01', 'contractor2', 'engineer', 'Closed', 'Close-out of diaphragm wall method statement', 'Trial panel completed; bentonite test results within limits.', 30),
    (5,  'Document', 35, NULL, 'C2-V02', 'contractor', 'manager', 'Closed', 'As-built records, pier P231', 'As-built survey and pile records signed by the PMC.', 28),
    (6,  'Document', 31, NULL, 'C1-DP01', 'contractor2', 'engineer', 'Submitted', 'Close-out of depot track ITP comments', 'Flash-butt welding procedure qualified; USFD testing frequency added.', 12),
    (7,  'Document', 32, NULL, 'C2-V01', 'designer', 'manager', 'Submitted', 'Close-out of Civil Lines entry and FOB comments', 'FOB clearances over the service road revised; lift shaft relocated.', 10),
    (8,  'Document', 33, NULL, 'C1-V01', 'contractor', 'engineer', 'Submitted', 'Close-out of pier concreting ITP comments', 'Cube testing frequency aligned with IS 456; pour cards added.', 9),
    (9,  'Document', 34, NULL, 'C1-UG01', 'designer', 'manager', 'Draft', 'Close-out of geotechnical report comments', 'Two of three borehole logs reissued.', 6),
    (10, 'Document', 29, NULL, 'C1-SYS1', 'designer', 'engineer', 'Draft', 'Close-out of CBTC design basis comments', 'Headway simulation annexed.', 5),
    (11, 'Correspondence', NULL, 'C1-V01-IN-0001', 'C1-V01', 'contractor', 'engineer', 'Closed', 'Close the letter on casting yard land handover', 'Land handed over; joint measurement signed; reply sent.', 45),
    (12, 'Correspondence', NULL, 'C1-V01-IN-0003', 'C1-V01', 'contractor', 'manager', 'Submitted', 'Close the letter on traffic diversion at Aerocity', 'Traffic police NOC obtained; diversion plan implemented.', 8),
    (13, 'Correspondence', NULL, 'C1-V01-OUT-0002', 'C1-V01', 'designer', 'engineer', 'Draft', 'Close the letter on revised pier cap drawings', 'Revised drawings issued; one clarification awaited.', 4),
    (14, 'Document', 36, NULL, 'C1-DP01', 'contractor2', 'manager', 'Draft', 'As-built records, depot RSS single line diagram', 'Protection settings recorded.', 3);

INSERT INTO dms_closure (c_closure_no, n_package, c_subject_kind, n_document, n_correspondence, c_title,
                         c_actions_completed, n_approver, n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT p.c_code || '-DCL-' || lpad(row_number() OVER (PARTITION BY p.id ORDER BY c.k)::text, 4, '0'),
       p.id, c.kind, sd.doc, co.id, c.title, c.completed, a.id, u.id, u.id,
       now() - make_interval(days => c.age), now() - make_interval(days => c.age)
FROM seed_closure c
JOIN package p ON p.c_code = c.pkg
JOIN users u ON u.c_username = c.who
JOIN users a ON a.c_username = c.approver
LEFT JOIN seed_doc sd ON sd.k = c.doc_k
LEFT JOIN correspondence co ON co.c_reference_no = c.letter
ORDER BY c.k;
ALTER TABLE seed_closure ADD COLUMN closure bigint;
UPDATE seed_closure c SET closure = x.id FROM dms_closure x WHERE x.c_title = c.title;

-- Two or three actions each; the drafts still have one open.
INSERT INTO dms_closure_action (n_closure, c_action, n_owner, d_due, d_done, c_evidence, n_raised_by, n_updated_by)
SELECT c.closure, a.action, u.id, current_date - c.age + a.due,
       CASE WHEN c.state = 'Draft' AND a.n = 3 THEN NULL ELSE current_date - c.age + a.due - 1 END,
       CASE WHEN c.state = 'Draft' AND a.n = 3 THEN NULL ELSE a.evidence END,
       u.id, u.id
FROM seed_closure c
JOIN users u ON u.c_username = c.who
CROSS JOIN (VALUES
    (1, 'Incorporate the reviewers'' comments', 2, 'Comment response sheet attached'),
    (2, 'Reissue to site through a transmittal', 3, 'Transmittal acknowledged by the site office'),
    (3, 'Record the closure in the site file', 4, 'Site file updated')
) AS a(n, action, due, evidence)
WHERE a.n <= 2 + (c.k % 2) OR c.state = 'Draft'
ORDER BY c.k, a.n;

UPDATE dms_closure x SET c_state = 'Submitted', d_submitted = current_date - c.age + 5,
       n_ball_in_court = x.n_approver
FROM seed_closure c WHERE c.closure = x.id AND c.state IN ('Submitted', 'Closed');
UPDATE dms_closure x SET c_state = 'Closed', d_closed = current_date - c.age + 8, n_ball_in_court = NULL,
       c_approval_remarks = 'Actions verified; closed.', n_updated_by = x.n_approver
FROM seed_closure c WHERE c.closure = x.id AND c.state = 'Closed';
UPDATE dms_closure x SET n_ball_in_court = x.n_raised_by
FROM seed_closure c WHERE c.closure = x.id AND c.state = 'Draft';

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'dms_closure', x.id::text, 'submit', 'Draft', 'Submitted', x.n_raised_by,
       x.d_submitted::timestamptz + interval '11 hours', NULL
FROM dms_closure x WHERE x.c_state IN ('Submitted', 'Closed')
UNION ALL
SELECT 'dms_closure', x.id::text, 'approve_closure', 'Submitted', 'Closed', x.n_approver,
       x.d_closed::timestamptz + interval '15 hours', 'Actions verified; closed.'
FROM dms_closure x WHERE x.c_state = 'Closed';

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'dms_closure', n_package::text, count(*) FROM dms_closure GROUP BY n_package
ON CONFLICT (c_entry, c_scope) DO UPDATE SET n_last = greatest(doc_sequence.n_last, excluded.n_last);

-- ---------------------------------------------------------------------------------------------------------------
-- Shares: transmittals of shared and published documents to people and organisations
-- ---------------------------------------------------------------------------------------------------------------
CREATE TEMP TABLE seed_share (
    k int, pkg text, who text, subject text, purpose text, state text, shared_ago int, valid_days int,
    docs int[], users text[], orgs text[]);
INSERT INTO seed_share VALUES
    (1,  'C1-V01', 'contractor', 'Pier P104 foundation drawings for construction', 'For construction', 'Issued', 20, 90, '{25}', '{engineer}', '{LNT}'),
    (2,  'C1-V01', 'designer', 'Airport station concourse plan to the employer', 'For information', 'Issued', 15, 60, '{26}', '{employer,manager}', '{}'),
    (3,  'C2-V01', 'contractor', 'Pile load test method statement to site teams', 'For construction', 'Issued', 12, 45, '{27}', '{planner}', '{}'),
    (4,  'C1-UG01', 'contractor2', 'Diaphragm wall method statement for record', 'For record', 'Issued', 10, 365, '{28}', '{}', '{GC,MRC}'),
    (5,  'C1-SYS1', 'designer', 'CBTC design basis to the signalling contractor', 'For review', 'Issued', 8, 30, '{29}', '{contractor2}', '{}'),
    (6,  'C2-V02', 'contractor', 'Textile Mills roof steel for fabrication', 'For construction', 'Issued', 6, 60, '{30}', '{engineer,planner}', '{}'),
    (7,  'C1-V01', 'contractor', 'Pier concreting ITP for the third-party inspector', 'For review', 'Issued', 60, 30, '{33}', '{engineer}', '{}'),
    (8,  'C2-V01', 'designer', 'Civil Lines entry drawings to the traffic police', 'For information', 'Issued', 75, 21, '{32}', '{}', '{TRAFFIC}'),
    (9,  'C1-DP01', 'contractor2', 'Depot track ITP to the employer', 'For information', 'Issued', 50, 30, '{31}', '{manager}', '{}'),
    (10, 'C1-UG01', 'designer', 'Geotechnical report to the contractor (superseded issue)', 'For information', 'Withdrawn', 40, 90, '{34}', '{contractor2}', '{TBC}'),
    (11, 'C2-V02', 'contractor', 'As-built records P231 to the employer', 'For record', 'Withdrawn', 25, 180, '{35}', '{employer}', '{}'),
    (12, 'C1-V01', 'designer', 'Shared structures design basis for coordination', 'For review', 'Issued', 4, 30, '{22,13}', '{engineer,planner}', '{}'),
    (13, 'C2-V01', 'contractor', 'Span erection method statement to the PMC', 'For review', 'Issued', 3, 21, '{20,14}', '{engineer}', '{GC}'),
    (14, 'C1-DP01', 'contractor2', 'As-built RSS single line diagram to the utility', 'For record', 'Draft', 1, 60, '{36}', '{}', '{BESC}'),
    (15, 'C1-UG01', 'contractor2', 'Settlement monitoring report to the employer', 'For information', 'Draft', 0, 30, '{21}', '{employer}', '{}'),
    (16, 'C2-V02', 'designer', 'Industrial Estate facade details for coordination', 'For review', 'Draft', 0, 14, '{18}', '{planner}', '{}');

INSERT INTO dms_share (c_transmittal_no, n_package, c_subject, c_purpose, d_share, d_expiry, c_message,
                       n_raised_by, n_updated_by, d_created_at, d_updated_at)
SELECT p.c_code || '-DTR-' || lpad(row_number() OVER (PARTITION BY p.id ORDER BY s.k)::text, 4, '0'),
       p.id, s.subject, s.purpose, current_date - s.shared_ago, current_date - s.shared_ago + s.valid_days,
       'Please find the documents listed; acknowledge receipt.', u.id, u.id,
       now() - make_interval(days => s.shared_ago), now() - make_interval(days => s.shared_ago)
FROM seed_share s JOIN package p ON p.c_code = s.pkg JOIN users u ON u.c_username = s.who
ORDER BY s.k;
ALTER TABLE seed_share ADD COLUMN share bigint;
UPDATE seed_share s SET share = x.id FROM dms_share x WHERE x.c_subject = s.subject;

INSERT INTO dms_share_document (n_share, n_document, n_raised_by, n_updated_by)
SELECT s.share, sd.doc, x.n_raised_by, x.n_raised_by
FROM seed_share s JOIN dms_share x ON x.id = s.share
CROSS JOIN LATERAL unnest(s.docs) AS dk(k)
JOIN seed_doc sd ON sd.k = dk.k
ORDER BY s.k, dk.k;
INSERT INTO dms_share_recipient (n_share, n_user, n_raised_by, n_updated_by)
SELECT s.share, u.id, x.n_raised_by, x.n_raised_by
FROM seed_share s JOIN dms_share x ON x.id = s.share
CROSS JOIN LATERAL unnest(s.users) AS ru(name)
JOIN users u ON u.c_username = ru.name;
INSERT INTO dms_share_recipient (n_share, n_organization, n_raised_by, n_updated_by)
SELECT s.share, o.id, x.n_raised_by, x.n_raised_by
FROM seed_share s JOIN dms_share x ON x.id = s.share
CROSS JOIN LATERAL unnest(s.orgs) AS ro(code)
JOIN organization o ON o.c_code = ro.code;

UPDATE dms_share x SET c_state = 'Issued', d_issued = x.d_share
FROM seed_share s WHERE s.share = x.id AND s.state IN ('Issued', 'Withdrawn');
UPDATE dms_share x SET c_state = 'Withdrawn', d_withdrawn = x.d_share + 5
FROM seed_share s WHERE s.share = x.id AND s.state = 'Withdrawn';

INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'dms_share', x.id::text, 'issue', 'Draft', 'Issued', x.n_raised_by,
       x.d_issued::timestamptz + interval '12 hours', NULL
FROM dms_share x WHERE x.c_state IN ('Issued', 'Withdrawn')
UNION ALL
SELECT 'dms_share', x.id::text, 'withdraw', 'Issued', 'Withdrawn', x.n_raised_by,
       x.d_withdrawn::timestamptz + interval '12 hours', 'Superseded by a later revision; access withdrawn'
FROM dms_share x WHERE x.c_state = 'Withdrawn';

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'dms_share', n_package::text, count(*) FROM dms_share GROUP BY n_package
ON CONFLICT (c_entry, c_scope) DO UPDATE SET n_last = greatest(doc_sequence.n_last, excluded.n_last);

DROP TABLE seed_doc, seed_review, seed_closure, seed_share;
