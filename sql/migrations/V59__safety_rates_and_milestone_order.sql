-- Issue 47, safety and the monthly report.
--
-- Safety rates as IS 3786:1983 (Method for computation of frequency and severity rates for industrial injuries)
-- and the ILO define them, per million man-hours worked:
--   lost-time injury frequency rate = lost-time injuries x 1,000,000 / man-hours worked;
--   severity rate                   = man-days lost x 1,000,000 / man-hours worked.
-- Near misses, first-aid cases, property damage, dangerous occurrences and environmental incidents are counted, not
-- rated (V41 rated every incident, near misses and first aid included, as "incidents per million man-hours").
-- A lost-time injury records the man-days it lost (IS 3786's days charged: record a fatality or a permanent
-- disablement by the standard's scale of time charges).
-- The monthly report's milestones: overdue first, then due in the next 30 days, then planned, then achieved.
-- Worked examples: gateway/tests/calculations/site.toml; the calculation register: docs/calculations.md.

ALTER TABLE dailyreport_incident
    ADD COLUMN n_days_lost integer CHECK (n_days_lost BETWEEN 0 AND 9999),
    ADD CONSTRAINT dailyreport_incident_days_lost_check CHECK (n_days_lost IS NULL OR c_type = 'Lost time injury');

-- Quality and safety per package: cube tests decided at 28 days; the man-hours of the daily reports (crew count x
-- hours); incidents counted by kind; lost-time injuries and the man-days they lost, each also a million times over
-- (divided by the man-hours on the dashboard, after the reader's packages are summed: the rates above).
DROP VIEW v_analytics_quality;
CREATE VIEW v_analytics_quality AS
WITH incidents AS (
    SELECT d.n_package,
           count(*)::integer AS n_incidents,
           (count(*) FILTER (WHERE i.c_type = 'Lost time injury'))::integer AS n_lost_time_injuries,
           (count(*) FILTER (WHERE i.c_type = 'Near miss'))::integer AS n_near_misses,
           (count(*) FILTER (WHERE i.c_type = 'First aid'))::integer AS n_first_aid,
           coalesce(sum(i.n_days_lost) FILTER (WHERE i.c_type = 'Lost time injury'), 0)::integer AS n_days_lost
    FROM dailyreport_incident i
    JOIN dailyreport d ON d.id = i.n_report
    GROUP BY d.n_package
)
SELECT p.id,
       p.id AS n_package,
       p.c_code AS c_package,
       (SELECT count(*) FROM cube_register c WHERE c.n_package = p.id AND c.c_result = 'Pass')::integer
           AS n_cubes_passed,
       (SELECT count(*) FROM cube_register c WHERE c.n_package = p.id AND c.c_result IN ('Pass', 'Fail'))::integer
           AS n_cubes_tested,
       (SELECT count(*) FROM cube_register c WHERE c.n_package = p.id AND c.c_result = 'Awaited')::integer
           AS n_cubes_awaited,
       (SELECT coalesce(sum(m.n_count * m.n_hours), 0) FROM dailyreport_manpower m
        JOIN dailyreport d ON d.id = m.n_report WHERE d.n_package = p.id)::numeric(14, 1) AS n_manhours,
       coalesce(x.n_incidents, 0) AS n_incidents,
       coalesce(x.n_lost_time_injuries, 0) AS n_lost_time_injuries,
       coalesce(x.n_near_misses, 0) AS n_near_misses,
       coalesce(x.n_first_aid, 0) AS n_first_aid,
       coalesce(x.n_days_lost, 0) AS n_days_lost,
       (1000000 * coalesce(x.n_lost_time_injuries, 0))::bigint AS n_lti_x1m,
       (1000000 * coalesce(x.n_days_lost, 0))::bigint AS n_days_lost_x1m,
       (SELECT count(*) FROM ncr n WHERE n.n_package = p.id AND n.c_state <> 'Closed')::integer AS n_ncr_open
FROM package p
LEFT JOIN incidents x ON x.n_package = p.id;

-- The schedule's milestones (V45) with the order the monthly report lists them in: overdue, due in 30 days,
-- planned, achieved.
CREATE OR REPLACE VIEW v_report_milestone AS
SELECT a.id,
       a.n_package,
       a.c_code,
       a.c_name,
       coalesce(a.d_baseline_finish, a.d_target_finish)::date AS d_baseline,
       coalesce(a.d_act_finish, a.d_early_finish, a.d_target_finish)::date AS d_forecast,
       (coalesce(a.d_act_finish, a.d_early_finish, a.d_target_finish)::date
            - coalesce(a.d_baseline_finish, a.d_target_finish)::date)::integer AS n_slip_days,
       CASE
           WHEN a.d_act_finish IS NOT NULL THEN 'Achieved'
           WHEN coalesce(a.d_early_finish, a.d_target_finish)::date < current_date THEN 'Overdue'
           WHEN coalesce(a.d_early_finish, a.d_target_finish)::date < current_date + 30 THEN 'Due in 30 days'
           ELSE 'Planned'
       END AS c_status,
       CASE
           WHEN a.d_act_finish IS NOT NULL THEN 4
           WHEN coalesce(a.d_early_finish, a.d_target_finish)::date < current_date THEN 1
           WHEN coalesce(a.d_early_finish, a.d_target_finish)::date < current_date + 30 THEN 2
           ELSE 3
       END AS n_status_order
FROM p6_activity a
WHERE a.c_type IN ('TT_Mile', 'TT_FinMile') AND a.n_package IS NOT NULL;
