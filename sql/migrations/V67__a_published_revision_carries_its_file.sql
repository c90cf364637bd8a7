-- A revision the workflow writes carries the file that was reviewed (issue 50, defect 2). Sharing (P01.02 → P01)
-- and publishing (P01 → C01) wrote a new revision line with no file, so comparing C01 with P02.02 showed "This
-- revision has no PDF or image to show", and C01 could not be opened at all. A new Shared or Published revision
-- now gets the files of the revision it came from: new lines of record_file over the same content (the store is
-- content-addressed, so no bytes are copied; the text layer is the content's, so the search finds it too), with
-- the original uploader and time (a copy is not an upload and counts against nobody's daily quota). A return to
-- work in progress and a next revision start without files: the originator uploads the new version.
CREATE OR REPLACE FUNCTION dms_document_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO dms_revision (id, n_document, c_revision, c_status_code, c_state, c_description, d_issued,
                                  b_auto, n_raised_by, n_updated_by)
        VALUES (NEW.n_current_revision, NEW.id, NEW.c_revision, NEW.c_status_code, NEW.c_state,
                coalesce(NEW.c_change_note, 'First issue for work in progress'), NEW.d_created_at::date, true,
                NEW.n_raised_by, NEW.n_raised_by);
    ELSIF NEW.c_state IS DISTINCT FROM OLD.c_state OR NEW.c_status_code IS DISTINCT FROM OLD.c_status_code THEN
        IF NEW.c_revision IS DISTINCT FROM OLD.c_revision THEN
            INSERT INTO dms_revision (id, n_document, c_revision, c_status_code, c_state, c_description,
                                      d_issued, b_auto, n_raised_by, n_updated_by)
            VALUES (NEW.n_current_revision, NEW.id, NEW.c_revision, NEW.c_status_code, NEW.c_state,
                    coalesce(NULLIF(NEW.c_change_note, OLD.c_change_note),
                             CASE NEW.c_state WHEN 'Shared' THEN 'Shared for ' || NEW.c_status_code
                                              WHEN 'Published' THEN 'Published with status ' || NEW.c_status_code
                                              ELSE 'Returned to work in progress' END),
                    current_date, true, NEW.n_updated_by, NEW.n_updated_by);
            IF NEW.c_state IN ('Shared', 'Published') AND OLD.n_current_revision IS NOT NULL THEN
                INSERT INTO record_file (c_entry, c_key, c_name, c_content_type, n_size, c_sha256, n_uploaded_by,
                                         d_uploaded_at)
                SELECT 'dms_revision', NEW.n_current_revision::text, f.c_name, f.c_content_type, f.n_size,
                       f.c_sha256, f.n_uploaded_by, f.d_uploaded_at
                FROM record_file f
                WHERE f.c_entry = 'dms_revision' AND f.c_key = OLD.n_current_revision::text
                  AND f.d_deleted_at IS NULL
                ORDER BY f.id;
            END IF;
        ELSE
            UPDATE dms_revision SET c_state = NEW.c_state, c_status_code = NEW.c_status_code
            WHERE n_document = NEW.id AND b_current;
        END IF;
    END IF;
    RETURN NULL;
END $$;

-- Revisions already written without their file get it now, from the revision before them (in id order) of the
-- same document, when that one has files and they have none; again until none is left, as a published C01 gets
-- its files from the shared P01 given them in the round before.
DO $$
BEGIN
    LOOP
        INSERT INTO record_file (c_entry, c_key, c_name, c_content_type, n_size, c_sha256, n_uploaded_by,
                                 d_uploaded_at)
        SELECT 'dms_revision', r.id::text, f.c_name, f.c_content_type, f.n_size, f.c_sha256, f.n_uploaded_by,
               f.d_uploaded_at
        FROM dms_revision r
        JOIN LATERAL (SELECT p.id FROM dms_revision p WHERE p.n_document = r.n_document AND p.id < r.id
                      ORDER BY p.id DESC LIMIT 1) previous ON true
        JOIN record_file f ON f.c_entry = 'dms_revision' AND f.c_key = previous.id::text AND f.d_deleted_at IS NULL
        WHERE r.b_auto AND r.c_state IN ('Shared', 'Published')
          AND NOT EXISTS (SELECT 1 FROM record_file g WHERE g.c_entry = 'dms_revision' AND g.c_key = r.id::text)
        ORDER BY r.id, f.id;
        EXIT WHEN NOT FOUND;
    END LOOP;
END $$;
