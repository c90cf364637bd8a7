-- The analytics dashboards (issue 32: `/`, /dashboard/analytics, /dashboard/dashboardsummary): views that aggregate
-- the registers per package, registered in registry/dashboards_data/ and drawn by registry/dashboards/*.toml.
-- Every view keeps one row per package (and category), so package scope gives each reader their packages and the
-- dashboard sums them; ratios (percent complete, certified, possessed) are drawn from their two sums, never by
-- adding percentages.

-- Physical progress is weighted by each activity's planned duration (P6: the baseline's, else the current plan's),
-- as P6's "duration % complete" rolls up. Planned: the share of the planned span elapsed at `at`. Earned: finished
-- activities in full; started ones by their % complete at the data date, spread evenly from their actual start (a
-- schedule import keeps one snapshot, not each month's figure).
CREATE FUNCTION p6_planned_fraction(p_start timestamp, p_finish timestamp, p_at timestamp)
RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE
        WHEN p_start IS NULL OR p_finish IS NULL THEN 0
        WHEN p_at >= p_finish THEN 1
        WHEN p_at <= p_start THEN 0
        ELSE (extract(epoch FROM p_at - p_start) / extract(epoch FROM p_finish - p_start))::numeric
    END
$$;

CREATE FUNCTION p6_earned_fraction(p_act_start timestamp, p_act_finish timestamp, p_pct numeric,
                                   p_data_date timestamp, p_at timestamp)
RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE
        WHEN p_act_finish IS NOT NULL AND p_act_finish <= p_at THEN 1
        WHEN p_act_start IS NULL OR p_act_start > p_at THEN 0
        WHEN p_data_date IS NULL OR p_at >= p_data_date OR p_data_date <= p_act_start
            THEN coalesce(p_pct, 0) / 100
        ELSE coalesce(p_pct, 0) / 100
             * (extract(epoch FROM p_at - p_act_start) / extract(epoch FROM p_data_date - p_act_start))::numeric
    END
$$;

-- The activities of the imported schedules that belong to a package, with their weight and dates.
CREATE VIEW v_p6_weighted_activity AS
SELECT a.n_package,
       coalesce(a.n_baseline_target_days, a.n_target_days, 0) AS n_weight,
       coalesce(a.d_baseline_start, a.d_target_start) AS d_planned_start,
       coalesce(a.d_baseline_finish, a.d_target_finish) AS d_planned_finish,
       a.d_act_start, a.d_act_finish, a.n_pct_complete,
       pr.d_data_date
FROM p6_activity a
JOIN p6_project pr ON pr.id = a.n_project
WHERE a.n_package IS NOT NULL;

-- The S-curve: per package and month (month ends from the first planned start to the last planned or forecast
-- finish of any package, the same months for every package so that their sums line up), the planned and earned
-- weight to that month's end and the package's whole weight. Earned stops at the data date's month. Computed here,
-- kept in analytics_scurve below.
CREATE VIEW v_analytics_scurve_live AS
WITH span AS (
    SELECT date_trunc('month', min(d_planned_start)) AS d_first,
           date_trunc('month', max(greatest(d_planned_finish, d_act_finish))) AS d_last,
           max(d_data_date) AS d_data_date
    FROM v_p6_weighted_activity
), months AS (
    SELECT (m + interval '1 month' - interval '1 second') AS d_end, span.d_data_date
    FROM span, generate_series(span.d_first, span.d_last, interval '1 month') AS m
)
SELECT (a.n_package * 100000 + extract(year FROM m.d_end) * 12 + extract(month FROM m.d_end))::bigint AS id,
       a.n_package,
       m.d_end::date AS d_month,
       to_char(m.d_end, 'Mon YYYY') AS c_month,
       round(sum(a.n_weight * p6_planned_fraction(a.d_planned_start, a.d_planned_finish, m.d_end)), 2)
           AS n_planned,
       CASE WHEN date_trunc('month', m.d_end) <= date_trunc('month', m.d_data_date)
            THEN round(sum(a.n_weight * p6_earned_fraction(a.d_act_start, a.d_act_finish, a.n_pct_complete,
                                                           a.d_data_date, least(m.d_end, a.d_data_date))), 2)
       END AS n_earned,
       sum(a.n_weight) AS n_weight
FROM v_p6_weighted_activity a
CROSS JOIN months m
GROUP BY a.n_package, m.d_end, m.d_data_date;

-- The S-curve depends on the imported schedules alone, and computing it reads every activity for every month (1.2 s
-- at 40,000 activities): it is kept in a table, refreshed by each schedule import in the import's own transaction
-- (gateway/src/schedule/store.rs), so readers see the previous curve until the import commits and are never
-- blocked.
CREATE TABLE analytics_scurve (
    id          bigint PRIMARY KEY,
    n_package   bigint NOT NULL,
    d_month     date NOT NULL,
    c_month     text NOT NULL,
    n_planned   numeric NOT NULL,
    n_earned    numeric,
    n_weight    numeric NOT NULL
);
CREATE INDEX analytics_scurve_package_idx ON analytics_scurve (n_package, d_month);

-- Each package's progress at its schedule's data date (the same weighting), kept with the curve.
CREATE TABLE analytics_progress (
    n_package   bigint PRIMARY KEY,
    n_weight    numeric NOT NULL,
    n_planned   numeric NOT NULL,
    n_earned    numeric NOT NULL,
    d_data_date date
);

CREATE FUNCTION analytics_scurve_refresh() RETURNS void LANGUAGE sql AS $$
    DELETE FROM analytics_scurve;
    INSERT INTO analytics_scurve (id, n_package, d_month, c_month, n_planned, n_earned, n_weight)
    SELECT id, n_package, d_month, c_month, n_planned, n_earned, n_weight FROM v_analytics_scurve_live;
    DELETE FROM analytics_progress;
    INSERT INTO analytics_progress (n_package, n_weight, n_planned, n_earned, d_data_date)
    SELECT n_package,
           sum(n_weight),
           round(sum(n_weight * p6_planned_fraction(d_planned_start, d_planned_finish, d_data_date)), 2),
           round(sum(n_weight * p6_earned_fraction(d_act_start, d_act_finish, n_pct_complete, d_data_date,
                                                   d_data_date)), 2),
           max(d_data_date)::date
    FROM v_p6_weighted_activity
    GROUP BY n_package;
$$;
SELECT analytics_scurve_refresh();

CREATE VIEW v_analytics_scurve AS
SELECT id, n_package, d_month, c_month, n_planned, n_earned, n_weight FROM analytics_scurve;

-- Every open RFI, NCR and technical query with its package, the day it was raised and the day it is due: what the
-- ageing and overdue figures count. Open: an RFI raised or answered and not closed; an NCR not closed; a technical
-- query submitted and not closed.
CREATE VIEW v_open_item AS
SELECT 'RFI'::text AS c_register, r.n_package, r.d_created_at::date AS d_since, r.d_due
FROM rfi r WHERE r.c_state IN ('Open', 'Answered')
UNION ALL
SELECT 'NCR', n.n_package, n.d_observed,
       CASE WHEN n.d_responded IS NULL THEN n.d_response_due ELSE n.d_verification_due END
FROM ncr n WHERE n.c_state <> 'Closed'
UNION ALL
SELECT 'TQ', q.n_package, q.d_created_at::date, q.d_required_by
FROM technicalquery q WHERE q.c_state NOT IN ('Draft', 'Closed');

-- Open items per package, register and age (days since raised: 0-7, 8-30, 31-90, over 90), split into overdue
-- (past their due date) and not; every bucket has its row, so the charts keep their four bars. Items are counted
-- by bucket first and the counts put on the grid (not each item joined to a bucket's range: half the time at
-- 180,000 RFIs).
CREATE VIEW v_analytics_open_item AS
WITH buckets (n_bucket, c_bucket) AS (
    VALUES (1, '0-7 days'), (2, '8-30 days'), (3, '31-90 days'), (4, 'Over 90 days')
), registers (n_register, c_register) AS (
    VALUES (1, 'RFI'), (2, 'NCR'), (3, 'TQ')
), counted AS (
    SELECT o.n_package, o.c_register,
           CASE WHEN current_date - o.d_since <= 7 THEN 1
                WHEN current_date - o.d_since <= 30 THEN 2
                WHEN current_date - o.d_since <= 90 THEN 3
                ELSE 4 END AS n_bucket,
           (count(*) FILTER (WHERE o.d_due IS NULL OR o.d_due >= current_date))::integer AS n_in_time,
           (count(*) FILTER (WHERE o.d_due < current_date))::integer AS n_overdue
    FROM v_open_item o
    GROUP BY 1, 2, 3
)
SELECT (p.id * 100 + r.n_register * 10 + b.n_bucket)::bigint AS id,
       p.id AS n_package,
       r.c_register,
       b.c_bucket,
       b.n_bucket,
       coalesce(c.n_in_time, 0) AS n_in_time,
       coalesce(c.n_overdue, 0) AS n_overdue,
       coalesce(c.n_in_time + c.n_overdue, 0) AS n_open
FROM package p
CROSS JOIN registers r
CROSS JOIN buckets b
LEFT JOIN counted c ON c.n_package = p.id AND c.c_register = r.c_register AND c.n_bucket = b.n_bucket;

-- Safety incidents from the daily reports, per package and type (every type has its row): all of them and those
-- of the last 30 days.
CREATE VIEW v_analytics_incident AS
WITH types (n_type, c_type) AS (
    VALUES (1, 'Near miss'), (2, 'First aid'), (3, 'Lost time injury'), (4, 'Property damage'),
           (5, 'Dangerous occurrence'), (6, 'Environmental')
)
SELECT (p.id * 100 + t.n_type)::bigint AS id,
       p.id AS n_package,
       t.c_type,
       t.n_type,
       count(i.id)::integer AS n_incidents,
       (count(i.id) FILTER (WHERE d.d_report_date > current_date - 30))::integer AS n_incidents_30d
FROM package p
CROSS JOIN types t
LEFT JOIN dailyreport d ON d.n_package = p.id
LEFT JOIN dailyreport_incident i ON i.n_report = d.id AND i.c_type = t.c_type
GROUP BY p.id, t.n_type, t.c_type;

-- The IPCs that count as certified (approved or paid): one definition for every dashboard.
CREATE VIEW v_ipc_certified AS
SELECT * FROM ipc WHERE c_state IN ('Approved', 'Paid');

-- Each package's money: the contracts' value, and of the certified IPCs their gross, of those paid their net, and
-- the retention they hold.
CREATE VIEW v_package_money AS
SELECT p.id AS n_package,
       (SELECT coalesce(sum(ct.n_contract_value), 0) FROM contract ct WHERE ct.n_package = p.id)::numeric(20, 2)
           AS n_contract_value,
       (SELECT coalesce(sum(i.n_gross_certified), 0) FROM v_ipc_certified i WHERE i.n_package = p.id)::numeric(20, 2)
           AS n_certified,
       (SELECT coalesce(sum(i.n_net_payable), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id AND i.c_state = 'Paid')::numeric(20, 2) AS n_paid,
       (SELECT coalesce(sum(i.n_retention_amount), 0) FROM v_ipc_certified i WHERE i.n_package = p.id)::numeric(20, 2)
           AS n_retention_held
FROM package p;

-- One row per package: what the analytics and summary dashboards show of it. Progress at the data date (weights
-- as above); money of the contracts and of certified IPCs (approved or paid); land required and in possession;
-- manpower on the package's latest deployment day; incidents; open and overdue RFIs, NCRs and technical queries;
-- milestones due in the next 30 days; the forecast finish's slip against the baseline; the highest open risk; and
-- a traffic light from those. The progress figures are analytics_progress's, kept by the schedule import as the
-- S-curve is; the rest is read live.
CREATE VIEW v_analytics_package AS
WITH progress AS (
    SELECT n_package, n_weight, n_planned, n_earned, d_data_date FROM analytics_progress
), schedule AS (
    SELECT a.n_package,
           (count(*) FILTER (WHERE a.c_type IN ('TT_Mile', 'TT_FinMile') AND a.d_act_finish IS NULL
                AND coalesce(a.d_early_finish, a.d_target_finish) < current_date + 30))::integer AS n_milestones_due,
           (extract(epoch FROM max(coalesce(a.d_act_finish, a.d_early_finish, a.d_target_finish))
                 - max(coalesce(a.d_baseline_finish, a.d_target_finish))) / 86400)::integer AS n_delay_days
    FROM p6_activity a
    WHERE a.n_package IS NOT NULL
    GROUP BY a.n_package
), items AS (
    SELECT n_package,
           (count(*) FILTER (WHERE c_register = 'RFI'))::integer AS n_rfi_open,
           (count(*) FILTER (WHERE c_register = 'NCR'))::integer AS n_ncr_open,
           (count(*) FILTER (WHERE c_register = 'TQ'))::integer AS n_tq_open,
           (count(*) FILTER (WHERE d_due < current_date))::integer AS n_overdue
    FROM v_open_item
    GROUP BY n_package
)
SELECT p.id,
       p.id AS n_package,
       p.c_code AS c_package,
       p.c_name AS c_package_name,
       p.n_corridor,
       c.c_code AS c_corridor,
       (SELECT string_agg(DISTINCT k.c_name, ', ') FROM contract ct JOIN contractor k ON k.id = ct.n_contractor
        WHERE ct.n_package = p.id) AS c_contractor,
       coalesce(pg.n_weight, 0) AS n_weight,
       coalesce(pg.n_planned, 0) AS n_planned,
       coalesce(pg.n_earned, 0) AS n_earned,
       round(100 * pg.n_planned / nullif(pg.n_weight, 0), 1) AS n_planned_pct,
       round(100 * pg.n_earned / nullif(pg.n_weight, 0), 1) AS n_earned_pct,
       pg.d_data_date,
       money.n_contract_value,
       money.n_certified,
       money.n_paid,
       (SELECT coalesce(sum(l.n_area_required_sqm), 0) FROM la l WHERE l.n_package = p.id)::numeric(14, 2)
           AS n_land_required_sqm,
       (SELECT coalesce(sum(l.n_area_possessed_sqm), 0) FROM la l
        WHERE l.n_package = p.id AND l.c_state = 'Possession')::numeric(14, 2) AS n_land_possessed_sqm,
       coalesce(mp.n_planned, 0) AS n_manpower_planned,
       coalesce(mp.n_deployed, 0) AS n_manpower_deployed,
       mp.d_date AS d_manpower_date,
       (SELECT count(*) FROM dailyreport_incident i JOIN dailyreport d ON d.id = i.n_report
        WHERE d.n_package = p.id AND d.d_report_date > current_date - 30)::integer AS n_incidents_30d,
       coalesce(it.n_rfi_open, 0) AS n_rfi_open,
       coalesce(it.n_ncr_open, 0) AS n_ncr_open,
       coalesce(it.n_tq_open, 0) AS n_tq_open,
       coalesce(it.n_overdue, 0) AS n_overdue,
       coalesce(sc.n_milestones_due, 0) AS n_milestones_due,
       sc.n_delay_days,
       (SELECT count(*) FROM risk_register r WHERE r.n_package = p.id AND r.c_state <> 'Closed')::integer
           AS n_open_risks,
       (SELECT r.c_title FROM risk_register r WHERE r.n_package = p.id AND r.c_state <> 'Closed'
        ORDER BY coalesce(r.n_residual_score, r.n_score) DESC, r.id LIMIT 1) AS c_key_risk,
       CASE
           WHEN pg.n_weight IS NULL OR pg.n_weight = 0 THEN NULL
           WHEN pg.n_earned < 0.85 * pg.n_planned OR sc.n_delay_days > 90 THEN 'Red'
           WHEN pg.n_earned < 0.95 * pg.n_planned OR sc.n_delay_days > 30 THEN 'Amber'
           ELSE 'Green'
       END AS c_status
FROM package p
JOIN corridor c ON c.id = p.n_corridor
JOIN v_package_money money ON money.n_package = p.id
LEFT JOIN progress pg ON pg.n_package = p.id
LEFT JOIN schedule sc ON sc.n_package = p.id
LEFT JOIN items it ON it.n_package = p.id
LEFT JOIN LATERAL (
    SELECT d.d_date, sum(d.n_actual)::integer AS n_deployed, coalesce(sum(d.n_planned), 0)::integer AS n_planned
    FROM deployment_actual d
    JOIN resource_category rc ON rc.id = d.n_category AND rc.c_resource_type = 'Manpower'
    WHERE d.n_package = p.id
      AND d.d_date = (SELECT max(x.d_date) FROM deployment_actual x WHERE x.n_package = p.id)
    GROUP BY d.d_date
) mp ON TRUE;

-- The home page and the analytics route are drawn from registry/dashboards/analytics.toml like any dashboard.
UPDATE navigation SET c_component = NULL WHERE c_route IN ('/', '/dashboard/analytics');
