-- The data table's global search over activity progress matches one lower-case text made of the searchable
-- columns (code, name, remarks; registry `search_text`, docs/registry.md): one trigram index finds rare words, and
-- the date index carries the text so that a page in date order of a common word is read from the index alone,
-- without visiting the rows it skips. The unit separator between the columns keeps a match inside one of them.
ALTER TABLE activity_progress ADD COLUMN c_search_text text GENERATED ALWAYS AS (
    lower(coalesce(c_activity_code, '') || E'\x1f' || coalesce(c_activity_name, '') || E'\x1f'
          || coalesce(c_remarks, ''))
) STORED;
-- Finer statistics: the planner's estimate of how many rows a word matches decides between the two indexes and is
-- the count a data table reports when counting would cost more than COUNT_ESTIMATE_THRESHOLD rows.
ALTER TABLE activity_progress ALTER COLUMN c_search_text SET STATISTICS 1000;
CREATE INDEX activity_progress_search_trgm ON activity_progress USING gin (c_search_text gin_trgm_ops);
DROP INDEX activity_progress_date_idx;
CREATE INDEX activity_progress_date_idx ON activity_progress (d_progress_date DESC, id DESC) INCLUDE (c_search_text);
ANALYZE activity_progress;
