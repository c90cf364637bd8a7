-- The DMS timeline (issue 31, docs/registers/dms.md "Timeline"): everything that happened to documents, one row per
-- event, newest first in its register (`schema-registry/registry/dms/v_dms_timeline.toml`, route `/dms/timeline`):
--   document created, version added (a revision line the originator added in WIP), file uploaded (record_file of a
--   document or a revision), each workflow step of a document, review, share (per document it carries) and closure,
--   and each review code recorded by a reviewer.
-- Each row names the document (number, title, package), who, the state after the event, a detail (status code and
-- comment, review code and comment, file name, transmittal number) and the record it is about (entry and key).
--
-- `id` is unique over the view: the source row's id times 16 plus the kind of source (0 … 8), so a row keeps its id
-- between reads and the list can page on it.

CREATE VIEW v_dms_timeline AS
-- A document created (always in WIP, revision P01.01).
SELECT d.id * 16 AS id,
       d.d_created_at AS d_at,
       'Document created'::text AS c_event,
       d.n_raised_by AS n_by,
       d.id AS n_document,
       d.c_document_no,
       d.c_title,
       d.n_package,
       'WIP'::text AS c_state,
       'Revision P01.01'::text AS c_detail,
       'dms_document'::text AS c_entry,
       d.id AS n_key
FROM dms_document d
UNION ALL
-- A version the originator added in WIP (the workflow's own revision lines are its steps, below).
SELECT r.id * 16 + 1,
       r.d_created_at,
       'Version added',
       r.n_raised_by,
       d.id,
       d.c_document_no,
       d.c_title,
       d.n_package,
       r.c_state,
       concat_ws(' · ', 'Revision ' || r.c_revision, r.c_description),
       'dms_revision',
       r.id
FROM dms_revision r
JOIN dms_document d ON d.id = r.n_document
WHERE NOT r.b_auto
UNION ALL
-- A file uploaded to a document or to one of its revisions (files since removed are left out).
SELECT f.id * 16 + 2,
       f.d_uploaded_at,
       'File uploaded',
       f.n_uploaded_by,
       d.id,
       d.c_document_no,
       d.c_title,
       d.n_package,
       coalesce(r.c_state, d.c_state),
       concat_ws(' · ', f.c_name, 'Revision ' || r.c_revision),
       f.c_entry,
       CAST(f.c_key AS bigint)
FROM record_file f
LEFT JOIN dms_revision r ON f.c_entry = 'dms_revision' AND r.id::text = f.c_key
JOIN dms_document d ON d.id = CASE WHEN f.c_entry = 'dms_revision' THEN r.n_document
                                   ELSE CAST(f.c_key AS bigint) END
WHERE f.c_entry IN ('dms_document', 'dms_revision')
  AND f.d_deleted_at IS NULL
UNION ALL
-- A step of a document: shared, withdrawn, published or returned by a review, as built, next revision, archived.
SELECT e.id * 16 + 3,
       e.d_at,
       CASE e.c_transition
           WHEN 'share' THEN 'Shared'
           WHEN 'return_to_wip' THEN 'Withdrawn to WIP'
           WHEN 'record_as_built' THEN 'Recorded as built'
           WHEN 'new_revision' THEN 'Next revision started'
           WHEN 'archive' THEN 'Archived'
           WHEN 'Review outcome' THEN CASE e.c_to WHEN 'Published' THEN 'Published by review'
                                                  ELSE 'Returned to WIP by review' END
           ELSE e.c_transition
       END,
       e.n_by,
       d.id,
       d.c_document_no,
       d.c_title,
       d.n_package,
       e.c_to,
       e.c_comment,
       e.c_entry,
       d.id
FROM workflow_event e
JOIN dms_document d ON d.id::text = e.c_key
WHERE e.c_entry = 'dms_document'
UNION ALL
-- A step of a review: started, consolidated, returned to the reviewers, closed (with its outcome). Legacy reviews
-- without a document name it by their own number and title.
SELECT e.id * 16 + 4,
       e.d_at,
       CASE e.c_transition
           WHEN 'start_review' THEN 'Review started'
           WHEN 'consolidate' THEN 'Review consolidated'
           WHEN 'reopen' THEN 'Review returned to reviewers'
           WHEN 'close_review' THEN 'Review closed'
           ELSE e.c_transition
       END,
       e.n_by,
       rv.n_document,
       coalesce(d.c_document_no, rv.c_doc_no),
       coalesce(d.c_title, rv.c_title),
       rv.n_package,
       e.c_to,
       concat_ws(' · ', 'Review ' || rv.c_doc_no,
                 CASE WHEN e.c_transition = 'close_review' THEN 'Outcome ' || rv.c_outcome END, e.c_comment),
       e.c_entry,
       rv.id
FROM workflow_event e
JOIN document_review rv ON rv.id::text = e.c_key
LEFT JOIN dms_document d ON d.id = rv.n_document
WHERE e.c_entry = 'document_review'
UNION ALL
-- A review code recorded by a reviewer (on the day they reviewed).
SELECT l.id * 16 + 5,
       coalesce(CAST(l.d_reviewed AS timestamp) AT TIME ZONE 'Asia/Kolkata', l.d_updated_at),
       'Review code ' || l.c_code,
       l.n_reviewer,
       rv.n_document,
       coalesce(d.c_document_no, rv.c_doc_no),
       coalesce(d.c_title, rv.c_title),
       rv.n_package,
       rv.c_state,
       concat_ws(' · ', 'Code ' || l.c_code, l.c_comments, 'page ' || l.n_page),
       'document_review',
       rv.id
FROM document_review_reviewer l
JOIN document_review rv ON rv.id = l.n_review
LEFT JOIN dms_document d ON d.id = rv.n_document
WHERE l.c_code IS NOT NULL
UNION ALL
-- A transmittal issued or withdrawn: one row per document it carries. A closure submitted, returned or approved.
-- A share is issued once and withdrawn at most once (no step leads back), so the line and the step make the id.
SELECT sd.id * 16 + CASE e.c_transition WHEN 'issue' THEN 6 ELSE 8 END,
       e.d_at,
       CASE e.c_transition
           WHEN 'issue' THEN 'Transmittal issued'
           WHEN 'withdraw' THEN 'Transmittal withdrawn'
           ELSE e.c_transition
       END,
       e.n_by,
       d.id,
       d.c_document_no,
       d.c_title,
       d.n_package,
       d.c_state,
       concat_ws(' · ', s.c_transmittal_no, s.c_purpose, e.c_comment),
       e.c_entry,
       s.id
FROM workflow_event e
JOIN dms_share s ON s.id::text = e.c_key
JOIN dms_share_document sd ON sd.n_share = s.id
JOIN dms_document d ON d.id = sd.n_document
WHERE e.c_entry = 'dms_share'
UNION ALL
SELECT e.id * 16 + 7,
       e.d_at,
       CASE e.c_transition
           WHEN 'submit' THEN 'Closure submitted'
           WHEN 'return_closure' THEN 'Closure returned'
           WHEN 'approve_closure' THEN 'Closure approved'
           ELSE e.c_transition
       END,
       e.n_by,
       c.n_document,
       coalesce(d.c_document_no, c.c_closure_no),
       coalesce(d.c_title, c.c_title),
       c.n_package,
       e.c_to,
       concat_ws(' · ', c.c_closure_no, e.c_comment),
       e.c_entry,
       c.id
FROM workflow_event e
JOIN dms_closure c ON c.id::text = e.c_key
LEFT JOIN dms_document d ON d.id = c.n_document
WHERE e.c_entry = 'dms_closure';

COMMENT ON VIEW v_dms_timeline IS
    'DMS timeline (/dms/timeline): one row per event on a document (created, version, file, workflow steps of the '
    'document, its reviews, shares and closures, review codes), newest first in its register.';

-- The menu row of /dms/timeline (V2's, "not built yet" until now) is a register.
UPDATE navigation SET c_kind = 'register', c_component = NULL WHERE c_route = '/dms/timeline';
