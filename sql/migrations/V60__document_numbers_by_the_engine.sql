-- The document register's number part is now drawn by the engine's numbering (`[numbering]` of
-- dms/dms_document.toml: scoped by the six prefix columns, typed): `doc_sequence` counts each prefix from the
-- highest number already given in it, so the first drawn number of a prefix follows the last one, as the
-- upload's own max()+1 did before. The scope text joins the six values with U+001F (the engine's
-- SCOPE_SEPARATOR).
INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'dms_document',
       concat_ws(chr(31), c_project, c_originator, c_volume, c_level, c_type, c_role),
       max(c_number::bigint)
FROM dms_document
GROUP BY c_project, c_originator, c_volume, c_level, c_type, c_role
ON CONFLICT (c_entry, c_scope) DO UPDATE SET n_last = greatest(doc_sequence.n_last, EXCLUDED.n_last);
