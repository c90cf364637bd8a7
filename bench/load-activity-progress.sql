-- Loads :rows rows into the activity progress register (a realistic package/activity/date/status mix), with the
-- table's secondary indexes dropped during the load and rebuilt from their own definitions afterwards.
-- Run by bench/run.py on a dedicated database; idempotent only in the sense that it empties the table first.
\set ON_ERROR_STOP on
TRUNCATE activity_progress;
CREATE TEMP TABLE saved_indexes AS
SELECT indexname, indexdef FROM pg_indexes
WHERE tablename = 'activity_progress' AND indexname <> 'activity_progress_pkey';
DO $$ DECLARE i record; BEGIN
    FOR i IN SELECT indexname FROM saved_indexes LOOP EXECUTE format('DROP INDEX %I', i.indexname); END LOOP;
END $$;

INSERT INTO activity_progress
    (n_package, c_activity_code, c_activity_name, d_progress_date, n_progress_pct, c_status, c_remarks)
SELECT p.ids[1 + (i % array_length(p.ids, 1))],
       'ACT-' || lpad((i % 5000)::text, 5, '0'),
       (ARRAY['Pile boring', 'Pile cap casting', 'Pier shaft', 'Pier cap', 'Segment erection', 'Parapet fixing',
              'Track laying', 'Station roofing', 'Escalator installation', 'Cable laying',
              'Viaduct span launching', 'Diaphragm wall', 'TBM drive', 'Cross passage',
              'Platform finishing'])[1 + i % 15]
           || ' ' || (ARRAY['P', 'S', 'R', 'U'])[1 + i % 4] || (i % 997),
       DATE '2019-01-01' + (i % 2800),
       round((random() * 100)::numeric, 2),
       (ARRAY['Not started', 'In progress', 'Completed', 'On hold', 'Delayed'])[1 + (i / 7) % 5],
       CASE WHEN i % 10 = 0 THEN
           (ARRAY['Awaiting revised drawings', 'Crane breakdown at site', 'Monsoon delay',
                  'Utility shifting pending', 'Traffic diversion approved', 'Material shortage: rebar'])[1 + (i / 10) % 6]
       END
FROM generate_series(1, :rows) i, (SELECT array_agg(id ORDER BY id) AS ids FROM package) p;

DO $$ DECLARE i record; BEGIN
    FOR i IN SELECT indexdef FROM saved_indexes LOOP EXECUTE i.indexdef; END LOOP;
END $$;
VACUUM ANALYZE activity_progress;
