-- The commercial dashboard (/dashboard/analytics2) and the quality and safety dashboard (/dashboard/dashboard_demo)
-- of issue 32: views per package (and month or category) registered in registry/analytics/, drawn by
-- registry/dashboards/analytics2.toml and dashboard_demo.toml. As V40: one row per package and category, every
-- category with its row, ratios as their two sums.

-- IPC cash flow per package and month, from the first certificate's month to the current one (every month with its
-- row): of the certified IPCs (v_ipc_certified, V40) the gross by certificate date, the net paid by payment date
-- and the retention in the month, and the cumulative certified and paid to the month's end.
CREATE VIEW v_analytics_cashflow AS
WITH span AS (
    SELECT date_trunc('month', min(d_certificate)) AS d_first,
           date_trunc('month', greatest(max(d_certificate), max(d_paid), current_date)) AS d_last
    FROM ipc
), months AS (
    SELECT m::date AS d_start, (m + interval '1 month' - interval '1 day')::date AS d_end
    FROM span, generate_series(span.d_first, span.d_last, interval '1 month') AS m
)
SELECT (p.id * 100000 + extract(year FROM m.d_end) * 12 + extract(month FROM m.d_end))::bigint AS id,
       p.id AS n_package,
       m.d_end AS d_month,
       to_char(m.d_end, 'Mon YYYY') AS c_month,
       (SELECT coalesce(sum(i.n_gross_certified), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id AND i.d_certificate BETWEEN m.d_start AND m.d_end)::numeric(20, 2) AS n_certified,
       (SELECT coalesce(sum(i.n_net_payable), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id AND i.d_paid BETWEEN m.d_start AND m.d_end)::numeric(20, 2) AS n_paid,
       (SELECT coalesce(sum(i.n_retention_amount), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id AND i.d_certificate BETWEEN m.d_start AND m.d_end)::numeric(20, 2) AS n_retention,
       (SELECT coalesce(sum(i.n_gross_certified), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id AND i.d_certificate <= m.d_end)::numeric(20, 2) AS n_certified_to_date,
       (SELECT coalesce(sum(i.n_net_payable), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id AND i.d_paid <= m.d_end)::numeric(20, 2) AS n_paid_to_date
FROM package p
CROSS JOIN months m;

-- The commercial position per package: contract value, certified, paid and retention held (v_package_money, V40);
-- claims not yet determined (count and amount claimed) and determined (claimed, determined); extension of
-- time claimed and granted (days); approved change (CRNs issued or approved).
CREATE VIEW v_analytics_commercial AS
SELECT p.id,
       p.id AS n_package,
       p.c_code AS c_package,
       money.n_contract_value,
       money.n_certified,
       money.n_paid,
       money.n_retention_held,
       (SELECT count(*) FROM claimregister c
        WHERE c.n_package = p.id AND c.c_state NOT IN ('Draft', 'Determined'))::integer AS n_claims_open,
       (SELECT coalesce(sum(c.n_amount_claimed), 0) FROM claimregister c
        WHERE c.n_package = p.id AND c.c_state NOT IN ('Draft', 'Determined'))::numeric(20, 2) AS n_claims_open_amount,
       (SELECT coalesce(sum(c.n_amount_claimed), 0) FROM claimregister c
        WHERE c.n_package = p.id AND c.c_state = 'Determined')::numeric(20, 2) AS n_claims_determined_claimed,
       (SELECT coalesce(sum(c.n_amount_determined), 0) FROM claimregister c
        WHERE c.n_package = p.id AND c.c_state = 'Determined')::numeric(20, 2) AS n_claims_determined,
       (SELECT coalesce(sum(e.n_days_claimed), 0) FROM eot e
        WHERE e.n_package = p.id AND e.c_state <> 'Draft')::integer AS n_eot_days_claimed,
       (SELECT coalesce(sum(e.n_days_granted), 0) FROM eot e
        WHERE e.n_package = p.id AND e.c_state IN ('Decided', 'Closed'))::integer AS n_eot_days_granted,
       (SELECT coalesce(sum(c.n_approved_cost), 0) FROM crn c
        WHERE c.n_package = p.id AND c.c_state IN ('Approved', 'Issued'))::numeric(20, 2) AS n_change_approved
FROM package p
JOIN v_package_money money ON money.n_package = p.id;

-- Claims per package and state (every state with its row, in the claim's order): count and amount claimed.
CREATE VIEW v_analytics_claim AS
WITH states (n_state, c_state) AS (
    VALUES (1, 'Notified'), (2, 'Under assessment'), (3, 'Assessed'), (4, 'Determined')
)
SELECT (p.id * 100 + s.n_state)::bigint AS id,
       p.id AS n_package,
       s.c_state,
       s.n_state,
       count(c.id)::integer AS n_claims,
       coalesce(sum(c.n_amount_claimed), 0)::numeric(20, 2) AS n_amount_claimed
FROM package p
CROSS JOIN states s
LEFT JOIN claimregister c ON c.n_package = p.id AND c.c_state = s.c_state
GROUP BY p.id, s.n_state, s.c_state;

-- NCRs per package and category (every category with its row): open and closed.
CREATE VIEW v_analytics_ncr_category AS
WITH categories (n_category, c_category) AS (
    VALUES (1, 'Workmanship'), (2, 'Material'), (3, 'Design'), (4, 'Documentation'), (5, 'Safety'),
           (6, 'Quality system')
)
SELECT (p.id * 100 + k.n_category)::bigint AS id,
       p.id AS n_package,
       p.c_code AS c_package,
       k.c_category,
       k.n_category,
       (count(n.id) FILTER (WHERE n.c_state <> 'Closed'))::integer AS n_open,
       (count(n.id) FILTER (WHERE n.c_state = 'Closed'))::integer AS n_closed,
       count(n.id)::integer AS n_ncrs
FROM package p
CROSS JOIN categories k
LEFT JOIN ncr n ON n.n_package = p.id AND n.c_category = k.c_category
GROUP BY p.id, p.c_code, k.n_category, k.c_category;

-- Quality and safety per package: cube tests decided at 28 days (passed of tested); man-hours of the daily reports;
-- incidents and lost-time injuries. `n_incidents_x1m` is the incident count times a million: divided by man-hours
-- (a dashboard ratio, summed first) it is the incident rate per million man-hours.
CREATE VIEW v_analytics_quality AS
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
       (SELECT count(*) FROM dailyreport_incident i JOIN dailyreport d ON d.id = i.n_report
        WHERE d.n_package = p.id)::integer AS n_incidents,
       (SELECT count(*) FROM dailyreport_incident i JOIN dailyreport d ON d.id = i.n_report
        WHERE d.n_package = p.id AND i.c_type = 'Lost time injury')::integer AS n_lost_time_injuries,
       (SELECT 1000000 * count(*) FROM dailyreport_incident i JOIN dailyreport d ON d.id = i.n_report
        WHERE d.n_package = p.id)::bigint AS n_incidents_x1m,
       (SELECT count(*) FROM ncr n WHERE n.n_package = p.id AND n.c_state <> 'Closed')::integer AS n_ncr_open
FROM package p;
