-- The schedule quality check of an imported P6 programme (issue 50; docs/schedule.md "Schedule quality check"): the
-- DCMA 14-point assessment (Defense Contract Management Agency, "Earned Value Management System Program Analysis
-- Pamphlet" DCMA-EA PAM 200.1, 2012, section 4), worked out by the database on every read of the current import.
--
-- * `p6_activity` keeps the activity's constraints as P6 writes them (TASK.cstr_type, cstr_date, cstr_type2), for
--   check 5.
-- * `schedule_check`: the fourteen checks, what each counts and its limit.
-- * `v_schedule_finding`: one row per activity (or relationship) a check finds, with why, keyed by the check's row
--   of `v_schedule_check` (`n_check_row`), so the check's form lists its findings.
-- * `v_schedule_check`: per project, each check's count, population, percent (or index), limit and result.
--
-- Counting rules (the pamphlet's): an "open" activity is one not complete; level-of-effort and WBS-summary
-- activities (TT_LOE, TT_WBS) are not network activities and are left out of every count; durations and floats
-- are in working days of the activity's calendar (as P6 stores them, V31); the data date is the project's.

ALTER TABLE p6_activity
    ADD COLUMN c_constraint_type  text,
    ADD COLUMN d_constraint_date  timestamp,
    ADD COLUMN c_constraint_type2 text;

CREATE TABLE schedule_check (
    n_check          smallint PRIMARY KEY CHECK (n_check BETWEEN 1 AND 14),
    c_name           text NOT NULL,
    -- What is counted, and out of what.
    c_measures       text NOT NULL,
    -- The limit as the pamphlet states it, and as a number: a percent the findings may not exceed, or (checks 13
    -- and 14) the least index.
    c_limit          text NOT NULL,
    n_limit          numeric NOT NULL,
    c_kind           text NOT NULL CHECK (c_kind IN ('percent', 'index', 'test'))
);

INSERT INTO schedule_check (n_check, c_name, c_measures, c_limit, n_limit, c_kind) VALUES
    (1, 'Logic', 'Open activities without a predecessor or without a successor, of the open activities', '≤ 5 %', 5, 'percent'),
    (2, 'Leads', 'Relationships with a negative lag, of the relationships into open activities', '0 %', 0, 'percent'),
    (3, 'Lags', 'Relationships with a positive lag, of the relationships into open activities', '≤ 5 %', 5, 'percent'),
    (4, 'Relationship types', 'Relationships other than finish-to-start, of the relationships into open activities (finish-to-start ≥ 90 %)', '≤ 10 %', 10, 'percent'),
    (5, 'Hard constraints', 'Open activities with a hard constraint (start or finish on, on or before, mandatory), of the open activities', '≤ 5 %', 5, 'percent'),
    (6, 'High float', 'Open activities with total float over 44 working days, of the open activities', '≤ 5 %', 5, 'percent'),
    (7, 'Negative float', 'Open activities with total float below zero, of the open activities', '0 %', 0, 'percent'),
    (8, 'High duration', 'Open activities (not milestones) with a baseline duration over 44 working days, of those activities', '≤ 5 %', 5, 'percent'),
    (9, 'Invalid dates', 'Activities with a forecast date before the data date or an actual date after it, of the activities', '0 %', 0, 'percent'),
    (10, 'Resources', 'Open activities (not milestones) with a duration and no resource assigned, of those activities', '0 %', 0, 'percent'),
    (11, 'Missed activities', 'Activities due by the data date in the baseline that finished late or not at all, of those due', '≤ 5 %', 5, 'percent'),
    (12, 'Critical path test', 'Critical open activities off the unbroken chain of critical relationships that ends at the project''s finish', 'none off the chain', 0, 'test'),
    (13, 'Critical path length index (CPLI)', '(critical path length + total float of the finish) ÷ critical path length, in working days from the data date', '≥ 0.95', 0.95, 'index'),
    (14, 'Baseline execution index (BEI)', 'Activities finished ÷ activities due by the data date in the baseline', '≥ 0.95', 0.95, 'index');

-- Fourteen rows for good: the planner knows it (the check list's count is then exact, not a guess of hundreds).
ANALYZE schedule_check;

CREATE VIEW v_schedule_finding AS
WITH RECURSIVE act AS (
    SELECT a.*, p.d_data_date,
           a.c_status <> 'TK_Complete' AS open,
           a.c_type IN ('TT_Mile', 'TT_FinMile') AS milestone
    FROM p6_activity a
    JOIN p6_project p ON p.id = a.n_project
    WHERE a.c_type NOT IN ('TT_LOE', 'TT_WBS')
),
rel AS (
    SELECT r.id, r.n_project, r.n_pred, r.n_succ, r.c_type, r.n_lag_days, pa.c_code AS c_pred_code
    FROM p6_relationship r
    JOIN act s ON s.id = r.n_succ AND s.open
    JOIN act pa ON pa.id = r.n_pred
),
-- Check 12: from the project's finish (the open activity finishing last: of those, one without a successor, then
-- the lowest float) back through relationships between critical open activities.
finish AS (
    SELECT DISTINCT ON (a.n_project) a.n_project, a.id
    FROM act a
    WHERE a.open
    ORDER BY a.n_project, coalesce(a.d_early_finish, a.d_target_finish) DESC NULLS LAST,
             EXISTS (SELECT 1 FROM p6_relationship r WHERE r.n_pred = a.id), a.n_total_float_days NULLS LAST, a.id
),
chain AS (
    SELECT f.id FROM finish f JOIN act a ON a.id = f.id AND a.n_total_float_days <= 0
    UNION
    SELECT r.n_pred
    FROM chain c
    JOIN p6_relationship r ON r.n_succ = c.id
    JOIN act pa ON pa.id = r.n_pred AND pa.open AND pa.n_total_float_days <= 0
),
found AS (
    SELECT 1 AS n_check, a.id AS n_activity, NULL::bigint AS n_relationship,
           concat_ws(' and ',
               CASE WHEN NOT EXISTS (SELECT 1 FROM p6_relationship r WHERE r.n_succ = a.id) THEN 'no predecessor' END,
               CASE WHEN NOT EXISTS (SELECT 1 FROM p6_relationship r WHERE r.n_pred = a.id) THEN 'no successor' END)
               AS c_detail
    FROM act a
    WHERE a.open
      AND (NOT EXISTS (SELECT 1 FROM p6_relationship r WHERE r.n_succ = a.id)
           OR NOT EXISTS (SELECT 1 FROM p6_relationship r WHERE r.n_pred = a.id))
    UNION ALL
    SELECT 2, r.n_succ, r.id, format('%s from %s with a lead of %s working days', r.c_type, r.c_pred_code, trim_scale(-r.n_lag_days))
    FROM rel r WHERE r.n_lag_days < 0
    UNION ALL
    SELECT 3, r.n_succ, r.id, format('%s from %s with a lag of %s working days', r.c_type, r.c_pred_code, trim_scale(r.n_lag_days))
    FROM rel r WHERE r.n_lag_days > 0
    UNION ALL
    SELECT 4, r.n_succ, r.id, format('%s from %s', r.c_type, r.c_pred_code)
    FROM rel r WHERE r.c_type <> 'FS'
    UNION ALL
    SELECT 5, a.id, NULL,
           concat_ws(', ', a.c_constraint_type, a.c_constraint_type2)
               || coalesce(' on ' || to_char(a.d_constraint_date, 'DD Mon YYYY'), '')
    FROM act a
    WHERE a.open
      AND (a.c_constraint_type IN ('CS_MSO', 'CS_MEO', 'CS_MSOB', 'CS_MEOB', 'CS_MANDSTART', 'CS_MANDFIN')
           OR a.c_constraint_type2 IN ('CS_MSO', 'CS_MEO', 'CS_MSOB', 'CS_MEOB', 'CS_MANDSTART', 'CS_MANDFIN'))
    UNION ALL
    SELECT 6, a.id, NULL, format('total float %s working days', trim_scale(a.n_total_float_days))
    FROM act a WHERE a.open AND a.n_total_float_days > 44
    UNION ALL
    SELECT 7, a.id, NULL, format('total float %s working days', trim_scale(a.n_total_float_days))
    FROM act a WHERE a.open AND a.n_total_float_days < 0
    UNION ALL
    SELECT 8, a.id, NULL,
           format('duration %s working days', trim_scale(coalesce(a.n_baseline_target_days, a.n_target_days)))
    FROM act a
    WHERE a.open AND NOT a.milestone AND coalesce(a.n_baseline_target_days, a.n_target_days) > 44
    UNION ALL
    SELECT 9, a.id, NULL,
           concat_ws(' and ',
               CASE WHEN a.d_act_start IS NULL AND a.d_early_start < a.d_data_date THEN 'forecast start before the data date' END,
               CASE WHEN a.d_act_finish IS NULL AND a.d_early_finish < a.d_data_date THEN 'forecast finish before the data date' END,
               CASE WHEN a.d_act_start > a.d_data_date THEN 'actual start after the data date' END,
               CASE WHEN a.d_act_finish > a.d_data_date THEN 'actual finish after the data date' END)
    FROM act a
    WHERE a.d_data_date IS NOT NULL
      AND ((a.d_act_start IS NULL AND a.d_early_start < a.d_data_date)
           OR (a.d_act_finish IS NULL AND a.d_early_finish < a.d_data_date)
           OR a.d_act_start > a.d_data_date
           OR a.d_act_finish > a.d_data_date)
    UNION ALL
    SELECT 10, a.id, NULL, 'no resource assigned'
    FROM act a
    WHERE a.open AND NOT a.milestone AND a.n_target_days > 0
      AND NOT EXISTS (SELECT 1 FROM p6_assignment s WHERE s.n_activity = a.id)
    UNION ALL
    SELECT 11, a.id, NULL,
           CASE WHEN a.d_act_finish IS NULL
                THEN format('due %s in the baseline, not finished', to_char(a.d_baseline_finish, 'DD Mon YYYY'))
                ELSE format('due %s in the baseline, finished %s', to_char(a.d_baseline_finish, 'DD Mon YYYY'),
                            to_char(a.d_act_finish, 'DD Mon YYYY')) END
    FROM act a
    WHERE a.d_baseline_finish <= a.d_data_date
      AND (a.d_act_finish IS NULL OR a.d_act_finish::date > a.d_baseline_finish::date)
    UNION ALL
    SELECT 12, a.id, NULL, format('critical (total float %s working days) but no chain of critical relationships from it reaches the project''s finish', trim_scale(a.n_total_float_days))
    FROM act a
    WHERE a.open AND a.n_total_float_days <= 0 AND NOT EXISTS (SELECT 1 FROM chain c WHERE c.id = a.id)
)
SELECT f.n_check * 1000000000000 + coalesce(f.n_relationship, f.n_activity) AS id,
       a.n_project * 100 + f.n_check AS n_check_row,
       a.n_project, c.n_check, c.c_name AS c_check,
       a.id AS n_activity, a.c_code AS c_activity_code, a.c_name AS c_activity_name, a.n_package,
       f.c_detail
FROM found f
JOIN act a ON a.id = f.n_activity
JOIN schedule_check c ON c.n_check = f.n_check;

-- One row per project and check, each figure worked out once for all rows (MATERIALIZED). The figures are scalar
-- sub-selects over the project and check (not joins), so the planner expects projects × 14 rows: the list's count
-- is exact below its estimate threshold (docs/api.md).
CREATE VIEW v_schedule_check AS
WITH act AS (
    SELECT a.*, p.d_data_date,
           a.c_status <> 'TK_Complete' AS open,
           a.c_type IN ('TT_Mile', 'TT_FinMile') AS milestone
    FROM p6_activity a
    JOIN p6_project p ON p.id = a.n_project
    WHERE a.c_type NOT IN ('TT_LOE', 'TT_WBS')
),
open_relationship AS MATERIALIZED (
    SELECT r.n_project, count(*) AS n
    FROM p6_relationship r JOIN act s ON s.id = r.n_succ AND s.open
    GROUP BY r.n_project
),
counts AS MATERIALIZED (
    SELECT a.n_project,
           count(*) AS n_all,
           count(*) FILTER (WHERE a.open) AS n_open,
           count(*) FILTER (WHERE a.open AND NOT a.milestone) AS n_open_task,
           count(*) FILTER (WHERE a.open AND NOT a.milestone AND a.n_target_days > 0) AS n_open_with_duration,
           count(*) FILTER (WHERE a.d_baseline_finish <= a.d_data_date) AS n_due,
           count(*) FILTER (WHERE a.open AND a.n_total_float_days <= 0) AS n_critical,
           count(*) FILTER (WHERE a.d_act_finish IS NOT NULL) AS n_finished
    FROM act a
    GROUP BY a.n_project
),
found AS MATERIALIZED (
    SELECT n_project, n_check, count(*) AS n FROM v_schedule_finding GROUP BY n_project, n_check
),
-- Check 13: the project's finish (as check 12 finds it), the critical path length from the data date to its
-- early finish in working days (calendar days × the finish activity's calendar's working days a week ÷ 7; its
-- week hours ÷ day hours, else 7: every day), and its total float.
cpli AS MATERIALIZED (
    SELECT DISTINCT ON (a.n_project) a.n_project,
           (coalesce(a.d_early_finish, a.d_target_finish)::date - a.d_data_date::date)
               * coalesce(k.n_week_hours / k.n_day_hours, 7) / 7 AS n_length_days,
           coalesce(a.n_total_float_days, 0) AS n_float_days
    FROM act a
    LEFT JOIN p6_calendar k ON k.id = a.n_calendar
    WHERE a.open AND a.d_data_date IS NOT NULL
    ORDER BY a.n_project, coalesce(a.d_early_finish, a.d_target_finish) DESC NULLS LAST,
             EXISTS (SELECT 1 FROM p6_relationship r WHERE r.n_pred = a.id), a.n_total_float_days NULLS LAST, a.id
),
figures AS (
    SELECT p.id AS n_project, p.c_short_name, p.d_data_date, c.*,
           CASE c.n_check
               WHEN 13 THEN NULL
               WHEN 14 THEN (SELECT n.n_finished FROM counts n WHERE n.n_project = p.id)
               ELSE coalesce((SELECT f.n FROM found f WHERE f.n_project = p.id AND f.n_check = c.n_check), 0)
           END AS n_found,
           CASE
               WHEN c.n_check = 13 THEN NULL
               WHEN c.n_check IN (2, 3, 4) THEN
                   coalesce((SELECT r.n FROM open_relationship r WHERE r.n_project = p.id), 0)
               ELSE coalesce((SELECT CASE
                                  WHEN c.n_check IN (1, 5, 6, 7) THEN n.n_open
                                  WHEN c.n_check = 8 THEN n.n_open_task
                                  WHEN c.n_check = 9 THEN n.n_all
                                  WHEN c.n_check = 10 THEN n.n_open_with_duration
                                  WHEN c.n_check IN (11, 14) THEN n.n_due
                                  WHEN c.n_check = 12 THEN n.n_critical
                              END FROM counts n WHERE n.n_project = p.id), 0)
           END AS n_population,
           (SELECT CASE WHEN x.n_length_days > 0
                        THEN round((x.n_length_days + x.n_float_days) / x.n_length_days, 2) END
            FROM cpli x WHERE x.n_project = p.id) AS n_cpli
    FROM p6_project p
    CROSS JOIN schedule_check c
),
valued AS (
    SELECT x.*,
           CASE
               WHEN x.n_check = 13 THEN x.n_cpli
               WHEN x.c_kind = 'index' THEN
                   CASE WHEN x.n_population > 0 THEN round(x.n_found::numeric / x.n_population, 2) END
               WHEN x.c_kind = 'percent' THEN
                   CASE WHEN x.n_population > 0 THEN round(100.0 * x.n_found / x.n_population, 1) END
           END AS n_value
    FROM figures x
)
SELECT x.n_project * 100 + x.n_check AS id,
       x.n_project, x.c_short_name AS c_project, x.d_data_date::date AS d_data_date,
       x.n_check, x.c_name AS c_check, x.c_measures,
       x.n_found, x.n_population, x.n_value, x.c_limit,
       CASE
           WHEN x.c_kind = 'test' THEN CASE WHEN x.n_population = 0 THEN 'Not applicable'
                                            WHEN x.n_found = 0 THEN 'Pass' ELSE 'Fail' END
           WHEN x.n_value IS NULL THEN 'Not applicable'
           WHEN x.c_kind = 'index' THEN CASE WHEN x.n_value >= x.n_limit THEN 'Pass' ELSE 'Fail' END
           WHEN x.n_value <= x.n_limit THEN 'Pass'
           ELSE 'Fail'
       END AS c_result
FROM valued x;

INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT id, 'Schedule Check', '/dataentry/schedulecheck', 15 FROM navigation
WHERE n_parent_id IS NULL AND c_title = 'Data Entry'
  AND NOT EXISTS (SELECT 1 FROM navigation WHERE c_route = '/dataentry/schedulecheck');
