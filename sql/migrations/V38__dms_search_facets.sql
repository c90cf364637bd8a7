-- Document search at 100,000 documents (issue 31: an answer in under 200 ms in `just bench`).
-- Measured on 100,051 documents before this migration: a common word matched 45,000 documents in 50 ms through the
-- GIN index, but the search then joined every match to dms_document for the read rule and the facets, and the
-- planner, costing that join, read the whole search table instead (300 ms). The search now finds everything it
-- filters, counts and sorts on in the search table itself:
--   dms_document_search  gains the document's facet and read-rule columns (project, package, discipline, type,
--                        state, status, originating organisation, number, last change), copied by the same refresh
--                        that keeps its vector, so that matching, the read rule, the facets and the page's order
--                        read one table through the GIN index.
-- A phrase ("launching girder") is found through the index too: each vector also holds the pairs of words that
-- stand next to each other ('launch girder', one lexeme with a space, which no word has), so that a two-word
-- phrase is one index lookup rather than a check of the positions inside every candidate's whole vector (for a
-- common phrase, 28,000 vectors read back from TOAST: 300 ms). Elasticsearch's `index_phrases` does the same.
-- Pairs are taken from the positions PostgreSQL keeps (at most 16,383 per vector, 256 per word), so that they
-- find what a phrase query over the positions finds.
-- The table is rebuilt rather than altered: the narrow columns come first and the vectors last (a row is read up to
-- the columns a statement needs), and an update of every row would leave the table twice its size until a
-- VACUUM FULL.

-- The pairs of neighbouring words of a vector, as a vector of their own (no positions).
CREATE FUNCTION dms_phrase_pairs(v tsvector) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    WITH word AS (SELECT u.lexeme, p AS position FROM unnest(v) u, unnest(u.positions) p)
    SELECT coalesce(array_to_tsvector(array_agg(DISTINCT a.lexeme || ' ' || b.lexeme)), ''::tsvector)
    FROM word a
    JOIN word b ON b.position = a.position + 1
$$;

-- A vector and its pairs. Should the two pass a tsvector's 1 MB (300,000 characters of all-different codes, not
-- prose), the words lose their positions instead: two-word phrases are still found by their pairs, longer ones
-- not in that document.
CREATE FUNCTION dms_with_phrase_pairs(v tsvector) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
    RETURN v || dms_phrase_pairs(v);
EXCEPTION WHEN program_limit_exceeded THEN
    RETURN strip(v) || dms_phrase_pairs(v);
END $$;

CREATE TABLE dms_document_search_next (
    n_document      bigint PRIMARY KEY REFERENCES dms_document (id) ON DELETE CASCADE,
    -- Copies of the document's columns of the same names (the search's facets, filters, read rule and orders).
    c_project       text NOT NULL,
    n_package       bigint NOT NULL,
    n_discipline    bigint NOT NULL,
    n_doc_type      bigint NOT NULL,
    c_state         text NOT NULL,
    c_status_code   text NOT NULL,
    n_from_org      bigint NOT NULL,
    c_document_no   text NOT NULL,
    d_updated_at    timestamptz NOT NULL,
    -- Whether the document's files gave any text (the hit says "matched in file" only then).
    n_file_chars    integer NOT NULL DEFAULT 0,
    d_refreshed_at  timestamptz NOT NULL DEFAULT now(),
    -- The metadata part alone (small): relevance is ranked on it, so ranking a common word does not read every
    -- matching document's whole text; a match only in the files ranks after the metadata matches.
    v_meta          tsvector NOT NULL,
    v_search        tsvector NOT NULL
);
INSERT INTO dms_document_search_next (n_document, c_project, n_package, n_discipline, n_doc_type, c_state,
                                      c_status_code, n_from_org, c_document_no, d_updated_at, n_file_chars,
                                      d_refreshed_at, v_meta, v_search)
SELECT s.n_document, d.c_project, d.n_package, d.n_discipline, d.n_doc_type, d.c_state, d.c_status_code,
       d.n_from_org, d.c_document_no, d.d_updated_at, s.n_file_chars, s.d_refreshed_at, s.v_meta,
       dms_with_phrase_pairs(s.v_search)
FROM dms_document_search s
JOIN dms_document d ON d.id = s.n_document;
DROP TABLE dms_document_search;
ALTER TABLE dms_document_search_next RENAME TO dms_document_search;
ALTER INDEX dms_document_search_next_pkey RENAME TO dms_document_search_pkey;
ALTER TABLE dms_document_search
    RENAME CONSTRAINT dms_document_search_next_n_document_fkey TO dms_document_search_n_document_fkey;
CREATE INDEX dms_document_search_idx ON dms_document_search USING gin (v_search);

-- The refresh (run by the triggers of V34) writes the copies too.
CREATE OR REPLACE FUNCTION dms_search_refresh(doc bigint) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    body text;
    meta tsvector;
    d dms_document%ROWTYPE;
BEGIN
    SELECT * INTO d FROM dms_document WHERE id = doc;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    body := coalesce(dms_document_file_text(doc), '');
    meta := dms_document_meta_vector(doc);
    INSERT INTO dms_document_search (n_document, c_project, n_package, n_discipline, n_doc_type, c_state,
                                     c_status_code, n_from_org, c_document_no, d_updated_at, n_file_chars,
                                     d_refreshed_at, v_meta, v_search)
    VALUES (doc, d.c_project, d.n_package, d.n_discipline, d.n_doc_type, d.c_state, d.c_status_code, d.n_from_org,
            d.c_document_no, d.d_updated_at, length(body), now(), meta,
            dms_with_phrase_pairs(meta || setweight(to_tsvector('english', body), 'C')))
    ON CONFLICT (n_document) DO UPDATE
        SET c_project = EXCLUDED.c_project, n_package = EXCLUDED.n_package, n_discipline = EXCLUDED.n_discipline,
            n_doc_type = EXCLUDED.n_doc_type, c_state = EXCLUDED.c_state, c_status_code = EXCLUDED.c_status_code,
            n_from_org = EXCLUDED.n_from_org, c_document_no = EXCLUDED.c_document_no,
            d_updated_at = EXCLUDED.d_updated_at, n_file_chars = EXCLUDED.n_file_chars, d_refreshed_at = now(),
            v_meta = EXCLUDED.v_meta, v_search = EXCLUDED.v_search;
END $$;

-- A document without its row (none should be: the insert trigger writes it) gets it now.
SELECT dms_search_refresh(d.id) FROM dms_document d
WHERE NOT EXISTS (SELECT 1 FROM dms_document_search s WHERE s.n_document = d.id);

-- Browsing (no words) counts the facets over every document the caller may read: the package index (V33) now
-- carries the other facet and read-rule columns, so that the count reads the index alone (a third of the table).
DROP INDEX dms_document_package_idx;
CREATE INDEX dms_document_package_idx ON dms_document (n_package, c_state)
    INCLUDE (n_from_org, c_project, n_discipline, n_doc_type, c_status_code, d_updated_at);
