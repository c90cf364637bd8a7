-- `just bench`, section "dms search": :docs documents (psql -v docs=100000) of realistic titles, descriptions and
-- number parts over the demo's packages, disciplines, types and organisations, in every state, each with its
-- current revision; 30% with a file whose extracted text (about 1,500 characters of engineering prose) is kept in
-- file_text. A rare word ("zyphorite") is in 0.1% of the texts. Rows are marked c_change_note = 'bench' and
-- replaced on reload. Written in bulk with the triggers off (session_replication_role = replica), then each
-- document's search vector computed by the migration's own functions, as the triggers would.
\set ON_ERROR_STOP on
SET session_replication_role = replica;
DELETE FROM record_file WHERE c_entry = 'dms_revision'
  AND c_key IN (SELECT r.id::text FROM dms_revision r JOIN dms_document d ON d.id = r.n_document
                WHERE d.c_change_note = 'bench');
DELETE FROM dms_document_search WHERE n_document IN (SELECT id FROM dms_document WHERE c_change_note = 'bench');
DELETE FROM dms_revision WHERE n_document IN (SELECT id FROM dms_document WHERE c_change_note = 'bench');
DELETE FROM dms_document WHERE c_change_note = 'bench';
DELETE FROM file_text WHERE c_note = 'bench';

CREATE TEMP TABLE bench_words AS SELECT
  ARRAY['Pier', 'Pile cap', 'Viaduct span', 'Station concourse', 'Diaphragm wall', 'Launching girder',
        'Precast segment', 'Elastomeric bearing', 'Portal frame', 'Track slab', 'Depot shed', 'Signalling room',
        'Cable tray', 'Storm drainage', 'Entry structure', 'Platform screen door', 'Traction substation',
        'Crossover', 'Ventilation shaft', 'Retaining wall'] AS element,
  ARRAY['general arrangement', 'reinforcement details', 'method statement', 'design basis report',
        'inspection and test plan', 'shop drawing', 'bar bending schedule', 'load test report', 'formwork scheme',
        'erection sequence', 'as built survey', 'calculation note'] AS kind,
  ARRAY['The concrete grade is M50 with a minimum cover of 50 mm to the reinforcement.',
        'Bearings are inspected for bulging, cracking and displacement before the span is loaded.',
        'The launching girder advances one span per cycle after the segments are stressed.',
        'Formwork is struck only after the cubes reach seventy percent of the characteristic strength.',
        'Survey control points are checked against the project datum before each pour.',
        'Welding of reinforcement is not permitted without the engineer''s written approval.',
        'The diaphragm wall panels are excavated under bentonite and concreted by tremie.',
        'Traffic diversion is maintained with barricades, signage and flagmen at all times.',
        'Hold points are released by the engineer after the checklist is signed.',
        'Post tensioning cables are grouted within seven days of stressing.',
        'The earthing grid resistance is measured and recorded below one ohm.',
        'Cable trays are supported at intervals not exceeding one point five metres.',
        'Curing compound is applied immediately after finishing the exposed surfaces.',
        'The crane lifting plan names the rigging, the radius and the ground bearing pressure.',
        'Drainage outlets are kept clear of debris and tested before handover.'] AS sentence,
  ARRAY['LNT', 'DDC', 'TBC', 'AFC', 'SMC'] AS originator,
  ARRAY['C1V01', 'C2V01', 'C2V02', 'C1UG01', 'C1DP01', 'C1SYS1'] AS volume,
  ARRAY['DR', 'MS', 'RP', 'IT', 'SH', 'CA'] AS type,
  ARRAY['S', 'A', 'C', 'G', 'E', 'Q', 'X'] AS role;

CREATE TEMP TABLE bench_ref AS SELECT
  (SELECT array_agg(id ORDER BY id) FROM package) AS packages,
  (SELECT array_agg(id ORDER BY id) FROM discipline) AS disciplines,
  (SELECT array_agg(id ORDER BY id) FROM doc_type) AS types,
  (SELECT array_agg(id ORDER BY id) FROM organization) AS orgs,
  (SELECT id FROM users WHERE c_username = 'admin') AS admin;

INSERT INTO dms_document (c_project, c_originator, c_volume, c_level, c_type, c_role, c_number, c_title,
                          c_description, n_package, n_discipline, n_doc_type, n_from_org, c_status_code, c_revision,
                          c_state, c_change_note, n_raised_by, n_updated_by, d_created_at, d_updated_at,
                          n_current_revision)
SELECT CASE WHEN i % 10 = 0 THEN 'MML4' ELSE 'MML3' END,
       w.originator[1 + i % 5], w.volume[1 + (i / 5) % 6],
       CASE WHEN i % 3 = 0 THEN 'ZZ' ELSE 'P' || lpad((1 + i % 400)::text, 3, '0') END,
       w.type[1 + (i / 7) % 6], w.role[1 + (i / 11) % 7], lpad(i::text, 6, '0'),
       w.element[1 + i % 20] || ' ' || w.kind[1 + (i / 20) % 12] || ' at P' || lpad((1 + i % 400)::text, 3, '0'),
       w.sentence[1 + i % 15] || ' ' || w.sentence[1 + (i / 15) % 15],
       r.packages[1 + i % array_length(r.packages, 1)], r.disciplines[1 + (i / 3) % array_length(r.disciplines, 1)],
       r.types[1 + (i / 13) % array_length(r.types, 1)], r.orgs[1 + i % array_length(r.orgs, 1)],
       s.status, s.revision, s.state, 'bench', r.admin, r.admin,
       now() - make_interval(days => i % 1100), now() - make_interval(days => i % 1100, mins => i % 1440),
       -- The revision's key taken now, as the insert trigger does (no second write of the row).
       nextval(pg_get_serial_sequence('dms_revision', 'id'))
FROM generate_series(1, :docs) AS i
CROSS JOIN bench_words w CROSS JOIN bench_ref r
CROSS JOIN LATERAL (SELECT CASE WHEN i % 20 < 4 THEN 'WIP' WHEN i % 20 < 9 THEN 'Shared'
                                WHEN i % 20 < 16 THEN 'Published' ELSE 'Archived' END AS state) st
CROSS JOIN LATERAL (SELECT st.state,
                           CASE st.state WHEN 'WIP' THEN 'S0' WHEN 'Shared' THEN 'S3' ELSE 'A' END AS status,
                           CASE st.state WHEN 'WIP' THEN 'P01.01' WHEN 'Shared' THEN 'P01' ELSE 'C01' END AS revision) s;

INSERT INTO dms_revision (id, n_document, c_revision, c_status_code, c_state, c_description, d_issued, b_current,
                          b_auto, n_raised_by, n_updated_by)
SELECT n_current_revision, id, c_revision, c_status_code, c_state, 'bench', d_created_at::date, true, true,
       n_raised_by, n_raised_by
FROM dms_document WHERE c_change_note = 'bench';

-- 30% of the documents have a file with text.
INSERT INTO file_text (c_sha256, c_text, n_chars, c_note)
SELECT encode(sha256(convert_to('bench-' || d.id, 'UTF8')), 'hex'), t.body, length(t.body), 'bench'
FROM dms_document d CROSS JOIN bench_words w
CROSS JOIN LATERAL (SELECT string_agg(w.sentence[1 + ((d.id * 7 + k * 13) % 15)::int], ' ')
                           || CASE WHEN d.id % 1000 = 0 THEN ' The bearing grade is zyphorite.' ELSE '' END AS body
                    FROM generate_series(1, 16) AS k) t
WHERE d.c_change_note = 'bench' AND d.id % 10 < 3;
INSERT INTO record_file (c_entry, c_key, c_name, c_content_type, n_size, c_sha256, n_uploaded_by, d_uploaded_at)
SELECT 'dms_revision', d.n_current_revision::text, d.c_document_no || '.pdf', 'application/pdf', 250000,
       encode(sha256(convert_to('bench-' || d.id, 'UTF8')), 'hex'), d.n_raised_by, d.d_created_at
FROM dms_document d WHERE d.c_change_note = 'bench' AND d.id % 10 < 3;

-- Each document's search row, as the triggers would write it.
SELECT count(dms_search_refresh(d.id)) FROM dms_document d WHERE d.c_change_note = 'bench';
SET session_replication_role = DEFAULT;
ANALYZE dms_document; ANALYZE dms_document_search; ANALYZE dms_revision; ANALYZE record_file; ANALYZE file_text;
