-- Document search and the explorer's folders (issue 31, group "dms"):
--   dms_file_text        the text extracted from a file's content on upload (once per content: keyed by SHA-256),
--                        with a note when there is none (a scanned PDF, an unreadable file).
--   dms_document_search  each document's full-text vector, kept by the database: its number and title (weight A),
--                        description, package, discipline, type, originator and change note (B), and the text of
--                        the files of its latest revision that has files (C). One text search configuration throughout: `english`
--                        (plurals and tenses stem: "bearings" finds "bearing"; number parts such as C1V01 or
--                        P112 stay whole words). Refreshed by triggers on dms_document, dms_revision (the current
--                        flag), record_file (a revision's files added, deleted, restored) and dms_file_text.
--   dms_folder           Administration `explorer`: folders an administrator defines in the explorer, each a
--                        saved filter (project, package, discipline, type, words) with the number parts a file
--                        dropped into it takes by default.
-- References dms_document, dms_revision (V33), record_file (V14), package, discipline, doc_type (V1, V6).

-- ---------------------------------------------------------------------------------------------------------------
-- Extracted text
-- ---------------------------------------------------------------------------------------------------------------
CREATE TABLE dms_file_text (
    c_sha256        text PRIMARY KEY CHECK (c_sha256 ~ '^[0-9a-f]{64}$'),
    c_text          text NOT NULL DEFAULT '',
    n_chars         integer NOT NULL DEFAULT 0 CHECK (n_chars >= 0),
    -- Why there is no (or only part of the) text: "No text layer: …", "Text cut at 2 MB", "Unreadable: …".
    c_note          text CHECK (length(c_note) <= 500),
    d_extracted_at  timestamptz NOT NULL DEFAULT now()
);

-- ---------------------------------------------------------------------------------------------------------------
-- The search vector
-- ---------------------------------------------------------------------------------------------------------------
CREATE TABLE dms_document_search (
    n_document      bigint PRIMARY KEY REFERENCES dms_document (id) ON DELETE CASCADE,
    v_search        tsvector NOT NULL,
    -- The metadata part alone (small): relevance is ranked on it, so ranking a common word does not read every
    -- matching document's whole text; a match only in the files ranks after the metadata matches.
    v_meta          tsvector NOT NULL,
    -- Whether the document's files gave any text (the hit says "matched in file" only then).
    n_file_chars    integer NOT NULL DEFAULT 0,
    d_refreshed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dms_document_search_idx ON dms_document_search USING gin (v_search);
-- Browse and facets sort and filter on these.
CREATE INDEX dms_document_updated_idx ON dms_document (d_updated_at DESC, id DESC);
CREATE INDEX dms_document_from_org_idx ON dms_document (n_from_org);
-- A document's revisions newest first: its latest files (below) and the hit's file.
CREATE INDEX dms_revision_document_idx ON dms_revision (n_document, id DESC);

-- The file text indexed per document: the first 300,000 characters of the files of its latest revision that has files (a tsvector
-- holds at most 1 MB; the whole text stays in dms_file_text).
-- The text of the document's files as they stand: those of its latest revision that has files. The revision
-- lines a step writes (P01 when shared, C01 when published) carry no files of their own: the document shared or
-- published is the version last uploaded, so its words stay findable through review and publication.
CREATE FUNCTION dms_document_file_text(doc bigint) RETURNS text LANGUAGE sql STABLE AS $$
    WITH latest AS (
        SELECT r.id FROM dms_revision r
        WHERE r.n_document = doc
          AND EXISTS (SELECT 1 FROM record_file f
                      WHERE f.c_entry = 'dms_revision' AND f.c_key = r.id::text AND f.d_deleted_at IS NULL)
        ORDER BY r.id DESC
        LIMIT 1
    )
    SELECT left(string_agg(t.c_text, E'\n' ORDER BY f.id), 300000)
    FROM latest
    JOIN record_file f ON f.c_entry = 'dms_revision' AND f.c_key = latest.id::text AND f.d_deleted_at IS NULL
    JOIN dms_file_text t ON t.c_sha256 = f.c_sha256
$$;

-- The metadata part of a document's vector (weights A and B); the search's "matched in" uses it too.
CREATE FUNCTION dms_document_meta_vector(doc bigint) RETURNS tsvector LANGUAGE sql STABLE AS $$
    SELECT setweight(to_tsvector('english', d.c_document_no || ' ' || d.c_project || ' ' || d.c_originator || ' '
                                 || d.c_volume || ' ' || d.c_level || ' ' || d.c_type || ' ' || d.c_role || ' '
                                 || d.c_number || ' ' || d.c_title), 'A')
        || setweight(to_tsvector('english', coalesce(d.c_description, '') || ' ' || coalesce(p.c_code, '') || ' '
                                 || coalesce(p.c_name, '') || ' ' || coalesce(di.c_name, '') || ' '
                                 || coalesce(t.c_name, '') || ' ' || coalesce(o.c_name, '') || ' '
                                 || coalesce(d.c_change_note, '')), 'B')
    FROM dms_document d
    LEFT JOIN package p ON p.id = d.n_package
    LEFT JOIN discipline di ON di.id = d.n_discipline
    LEFT JOIN doc_type t ON t.id = d.n_doc_type
    LEFT JOIN organization o ON o.id = d.n_from_org
    WHERE d.id = doc
$$;

CREATE FUNCTION dms_search_refresh(doc bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    body text;
    meta tsvector;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM dms_document WHERE id = doc) THEN
        RETURN;
    END IF;
    body := coalesce(dms_document_file_text(doc), '');
    meta := dms_document_meta_vector(doc);
    INSERT INTO dms_document_search (n_document, v_search, v_meta, n_file_chars, d_refreshed_at)
    VALUES (doc, meta || setweight(to_tsvector('english', body), 'C'), meta, length(body), now())
    ON CONFLICT (n_document) DO UPDATE
        SET v_search = EXCLUDED.v_search, v_meta = EXCLUDED.v_meta, n_file_chars = EXCLUDED.n_file_chars,
            d_refreshed_at = now();
END $$;

CREATE FUNCTION dms_document_search_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM dms_search_refresh(NEW.id);
    RETURN NULL;
END $$;
CREATE TRIGGER dms_document_search_after_write AFTER INSERT OR UPDATE ON dms_document
    FOR EACH ROW EXECUTE FUNCTION dms_document_search_after_write();

-- A revision becoming (or ceasing to be) current changes which files are indexed.
CREATE FUNCTION dms_revision_search_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM dms_search_refresh(coalesce(NEW.n_document, OLD.n_document));
    RETURN NULL;
END $$;
CREATE TRIGGER dms_revision_search_after_write AFTER UPDATE OF b_current ON dms_revision
    FOR EACH ROW WHEN (OLD.b_current IS DISTINCT FROM NEW.b_current)
    EXECUTE FUNCTION dms_revision_search_after_write();

-- A revision's files added, deleted (soft or for good) or restored.
CREATE FUNCTION dms_record_file_search_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    line record_file%ROWTYPE;
BEGIN
    IF TG_OP = 'DELETE' THEN line := OLD; ELSE line := NEW; END IF;
    IF line.c_entry = 'dms_revision' AND line.c_key ~ '^[0-9]{1,18}$' THEN
        PERFORM dms_search_refresh(r.n_document)
        FROM dms_revision r WHERE r.id = line.c_key::bigint;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER dms_record_file_search_after_insert AFTER INSERT OR DELETE ON record_file
    FOR EACH ROW EXECUTE FUNCTION dms_record_file_search_after_write();
CREATE TRIGGER dms_record_file_search_after_update AFTER UPDATE OF d_deleted_at ON record_file
    FOR EACH ROW WHEN (OLD.d_deleted_at IS DISTINCT FROM NEW.d_deleted_at)
    EXECUTE FUNCTION dms_record_file_search_after_write();

-- Text extracted after its file was recorded (or extracted again) reaches the documents showing that content.
CREATE FUNCTION dms_file_text_search_after_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM dms_search_refresh(r.n_document)
    FROM record_file f JOIN dms_revision r ON r.id::text = f.c_key
    WHERE f.c_entry = 'dms_revision' AND f.c_sha256 = NEW.c_sha256 AND f.d_deleted_at IS NULL;
    RETURN NULL;
END $$;
CREATE TRIGGER dms_file_text_search_after_write AFTER INSERT OR UPDATE ON dms_file_text
    FOR EACH ROW EXECUTE FUNCTION dms_file_text_search_after_write();

-- The documents already there (the demo's).
SELECT dms_search_refresh(id) FROM dms_document;

-- ---------------------------------------------------------------------------------------------------------------
-- Explorer folders (Administration `explorer`)
-- ---------------------------------------------------------------------------------------------------------------
CREATE TABLE dms_folder (
    id              bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    c_name          text NOT NULL CHECK (length(c_name) BETWEEN 1 AND 120),
    n_parent        bigint REFERENCES dms_folder (id) ON DELETE CASCADE,
    -- The filter the folder shows (each optional) and the metadata a file dropped into it takes.
    c_project       text CHECK (c_project ~ '^[A-Z0-9]{2,6}$'),
    n_package       bigint REFERENCES package (id),
    n_discipline    bigint REFERENCES discipline (id),
    n_doc_type      bigint REFERENCES doc_type (id),
    c_originator    text CHECK (c_originator ~ '^[A-Z]{3,6}$'),
    c_volume        text CHECK (c_volume ~ '^[A-Z0-9]{2,8}$'),
    c_level         text CHECK (c_level ~ '^[A-Z0-9]{2,4}$'),
    c_type          text CHECK (c_type ~ '^[A-Z]{2}$'),
    c_role          text CHECK (c_role ~ '^[A-Z]$'),
    -- Search words the folder filters by (as typed in search: "bearing pier").
    c_words         text CHECK (length(c_words) <= 200),
    n_sort          integer NOT NULL DEFAULT 0,
    c_description   text CHECK (length(c_description) <= 1000),
    n_raised_by     bigint REFERENCES users (id),
    n_updated_by    bigint REFERENCES users (id),
    n_row_version   integer NOT NULL DEFAULT 1,
    d_created_at    timestamptz NOT NULL DEFAULT now(),
    d_updated_at    timestamptz NOT NULL DEFAULT now(),
    -- A folder is not its own ancestor (one level checked here; deeper loops by the trigger below).
    CONSTRAINT dms_folder_parent_check CHECK (n_parent IS DISTINCT FROM id)
);
CREATE UNIQUE INDEX dms_folder_name_key ON dms_folder (coalesce(n_parent, 0), lower(c_name));
CREATE INDEX dms_folder_parent_idx ON dms_folder (n_parent);
CREATE INDEX dms_folder_name_trgm ON dms_folder USING gin (c_name gin_trgm_ops);
CREATE INDEX dms_folder_words_trgm ON dms_folder USING gin (c_words gin_trgm_ops);
CREATE INDEX dms_folder_description_trgm ON dms_folder USING gin (c_description gin_trgm_ops);
CREATE TRIGGER dms_folder_touch BEFORE UPDATE ON dms_folder FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE FUNCTION dms_folder_before_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.n_parent IS NOT NULL AND EXISTS (
        WITH RECURSIVE up(id, n_parent) AS (
            SELECT id, n_parent FROM dms_folder WHERE id = NEW.n_parent
            UNION ALL
            SELECT f.id, f.n_parent FROM dms_folder f JOIN up ON f.id = up.n_parent
        ) CYCLE id SET looped USING path
        SELECT 1 FROM up WHERE id = NEW.id) THEN
        RAISE EXCEPTION 'folder % would be inside itself', NEW.c_name
            USING ERRCODE = 'check_violation', CONSTRAINT = 'dms_folder_parent_check', TABLE = 'dms_folder';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER dms_folder_before_write BEFORE INSERT OR UPDATE ON dms_folder
    FOR EACH ROW EXECUTE FUNCTION dms_folder_before_write();

-- ---------------------------------------------------------------------------------------------------------------
-- The menu and the grants of a database already seeded (a fresh one gets them from demo_dms.sql)
-- ---------------------------------------------------------------------------------------------------------------
UPDATE navigation SET c_kind = 'custom', c_component = 'dms-search' WHERE c_route = '/dms/search';
UPDATE navigation SET c_kind = 'custom', c_component = 'dms-explorer'
WHERE c_route IN ('/dms/explorer', '/administration/explorer');

-- Whoever holds the document register may search it and browse the explorer.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT p.n_user_id, n.id, p.n_granted_by, 0, 0, 0, 0
FROM user_permission_nav p
JOIN navigation d ON d.id = p.n_nav_id AND d.c_route = '/dms/dms'
JOIN navigation n ON n.c_route IN ('/dms/search', '/dms/explorer')
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;
-- The document controllers define the folders.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 1, 1, 1, 1
FROM users u
JOIN navigation n ON n.c_route = '/administration/explorer'
WHERE u.c_username IN ('designer', 'engineer')
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;
