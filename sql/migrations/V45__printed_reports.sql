-- The predefined reports (issue 32): printed dashboards listed inside /reports/predefined (registry
-- dashboards/report_*.toml, `within = "/reports/predefined"`), and the views they read that the analytics views do
-- not already give: each IPC's payment, land cases by stage and by village, and the programme's milestones.

UPDATE navigation SET c_component = 'predefined-reports' WHERE c_route = '/reports/predefined';

-- One row per IPC, whatever its state: the certificate's amounts and how long its payment took (or has waited
-- since approval, while unpaid).
CREATE VIEW v_report_ipc AS
SELECT i.id,
       i.n_package,
       i.c_ipc_no,
       i.c_state,
       i.d_certificate,
       i.d_approved,
       i.d_paid,
       i.n_gross_certified,
       i.n_retention_amount,
       (coalesce(i.n_advance_recovery, 0) + coalesce(i.n_deductions_total, 0))::numeric(20, 2) AS n_recovered,
       i.n_net_payable,
       CASE
           WHEN i.d_approved IS NULL THEN NULL
           ELSE (coalesce(i.d_paid, current_date) - i.d_approved)
       END::integer AS n_days_to_pay
FROM ipc i;

-- Land cases per package and stage of the acquisition workflow (la.toml's states in their order), with areas and
-- awards.
CREATE VIEW v_report_land_stage AS
SELECT (l.n_package * 16 + s.n_stage)::bigint AS id,
       l.n_package,
       s.c_stage,
       s.n_stage,
       count(*)::integer AS n_cases,
       coalesce(sum(l.n_area_required_sqm), 0)::numeric(20, 2) AS n_area_required_sqm,
       coalesce(sum(l.n_area_possessed_sqm), 0)::numeric(20, 2) AS n_area_possessed_sqm,
       coalesce(sum(l.n_award_amount), 0)::numeric(20, 2) AS n_award_amount
FROM la l
JOIN (VALUES ('SIA', 1), ('Sec 11 approval', 2), ('Sec 11', 3), ('Sec 19', 4), ('Award approval', 5), ('Award', 6),
             ('Possession', 7)) AS s (c_stage, n_stage)
  ON s.c_stage = l.c_state
WHERE l.n_package IS NOT NULL
GROUP BY l.n_package, s.c_stage, s.n_stage;

-- Land cases per package and village: required, acquired (awarded) and possessed areas, and awards.
CREATE VIEW v_report_land_village AS
SELECT min(l.id) AS id,
       l.n_package,
       coalesce(l.c_village, '(no village)') AS c_village,
       max(l.c_tehsil) AS c_tehsil,
       count(*)::integer AS n_cases,
       (count(*) FILTER (WHERE l.c_state = 'Possession'))::integer AS n_cases_possessed,
       coalesce(sum(l.n_area_required_sqm), 0)::numeric(20, 2) AS n_area_required_sqm,
       coalesce(sum(l.n_area_acquired_sqm), 0)::numeric(20, 2) AS n_area_acquired_sqm,
       coalesce(sum(l.n_area_possessed_sqm), 0)::numeric(20, 2) AS n_area_possessed_sqm,
       coalesce(sum(l.n_award_amount), 0)::numeric(20, 2) AS n_award_amount
FROM la l
WHERE l.n_package IS NOT NULL
GROUP BY l.n_package, coalesce(l.c_village, '(no village)');

-- The schedule's milestones per package: baseline against forecast (actual once achieved), the slip in days, and
-- where each stands today.
CREATE VIEW v_report_milestone AS
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
       END AS c_status
FROM p6_activity a
WHERE a.c_type IN ('TT_Mile', 'TT_FinMile') AND a.n_package IS NOT NULL;
