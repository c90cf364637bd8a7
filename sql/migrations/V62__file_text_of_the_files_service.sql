-- The text read from each file content belongs to the file service, not to document control: any register whose
-- `[full_text]` searches its files' words reads it (through its `file_text` function), and an upload through any
-- register's `[upload]` keeps it. Renamed from dms_file_text; its rows, keys and trigger stay.
ALTER TABLE dms_file_text RENAME TO file_text;
ALTER TRIGGER dms_file_text_search_after_write ON file_text RENAME TO file_text_search_after_write;

-- The document register's `file_text` function reads the renamed table (its body names it as text).
CREATE OR REPLACE FUNCTION dms_document_file_text(doc bigint) RETURNS text LANGUAGE sql STABLE AS $$
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
    JOIN file_text t ON t.c_sha256 = f.c_sha256
$$;
