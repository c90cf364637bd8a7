-- The DMS dashboards count what their reader may read (issue 31). dms_document's read rule (`readers_see`: a
-- document in WIP only for its originator's organisation) applied to the registers and the explorer but not to
-- the dashboards' views, which counted every document of a package: the contractor's dashboard said 30 documents
-- where their register and explorer listed 28. A view cannot know its reader, so the two counting views now keep
-- work in progress in rows of its own per originating organisation (`n_from_org`), and their registry files carry
-- the register's rule for those rows (`n_from_org IS NULL OR n_from_org = :org_id`); the dashboards sum the rows
-- each reader may read per package (docs/registry.md "Dashboards", `sum`).

DROP VIEW v_dms_package_summary;
DROP VIEW v_dms_status_count;

-- Per package: one row of everything but work in progress (`n_from_org` empty), and one row per originating
-- organisation with documents in WIP (`n_documents` = `n_wip` = its WIP documents, the other counts 0 and the
-- turnaround empty). Key: the package's id × 1,000,000 + the organisation's id (0 on the package's row).
CREATE VIEW v_dms_package_summary AS
SELECT p.id * 1000000 AS id,
       p.id AS n_package,
       p.c_code AS c_package,
       NULL::bigint AS n_from_org,
       coalesce(d.n_documents, 0) AS n_documents,
       0 AS n_wip,
       coalesce(d.n_shared, 0) AS n_shared,
       coalesce(d.n_published, 0) AS n_published,
       coalesce(d.n_archived, 0) AS n_archived,
       coalesce(r.n_open_reviews, 0) AS n_open_reviews,
       coalesce(r.n_overdue_reviews, 0) AS n_overdue_reviews,
       coalesce(r.n_closed_reviews, 0) AS n_closed_reviews,
       r.n_turnaround_avg,
       r.n_turnaround_p90,
       coalesce(s.n_active_shares, 0) AS n_active_shares,
       coalesce(c.n_open_closures, 0) AS n_open_closures
FROM package p
LEFT JOIN (
    SELECT n_package,
           count(*)::integer AS n_documents,
           (count(*) FILTER (WHERE c_state = 'Shared'))::integer AS n_shared,
           (count(*) FILTER (WHERE c_state = 'Published'))::integer AS n_published,
           (count(*) FILTER (WHERE c_state = 'Archived'))::integer AS n_archived
    FROM dms_document WHERE c_state <> 'WIP' GROUP BY n_package
) d ON d.n_package = p.id
LEFT JOIN (
    SELECT n_package,
           (count(*) FILTER (WHERE c_state <> 'Closed'))::integer AS n_open_reviews,
           (count(*) FILTER (WHERE c_state <> 'Closed' AND d_due < current_date))::integer AS n_overdue_reviews,
           (count(*) FILTER (WHERE c_state = 'Closed'))::integer AS n_closed_reviews,
           round(avg(d_closed - d_submitted) FILTER (WHERE c_state = 'Closed' AND n_document IS NOT NULL), 1)
               AS n_turnaround_avg,
           round((percentile_cont(0.9) WITHIN GROUP (ORDER BY d_closed - d_submitted)
                  FILTER (WHERE c_state = 'Closed' AND n_document IS NOT NULL))::numeric, 1) AS n_turnaround_p90
    FROM document_review WHERE n_package IS NOT NULL GROUP BY n_package
) r ON r.n_package = p.id
LEFT JOIN (
    SELECT n_package, count(*)::integer AS n_active_shares
    FROM dms_share WHERE c_state = 'Issued' AND d_expiry >= current_date GROUP BY n_package
) s ON s.n_package = p.id
LEFT JOIN (
    SELECT n_package, count(*)::integer AS n_open_closures
    FROM dms_closure WHERE c_state <> 'Closed' GROUP BY n_package
) c ON c.n_package = p.id
UNION ALL
SELECT d.n_package * 1000000 + d.n_from_org, d.n_package, p.c_code, d.n_from_org,
       count(*)::integer, count(*)::integer, 0, 0, 0, 0, 0, 0, NULL, NULL, 0, 0
FROM dms_document d
JOIN package p ON p.id = d.n_package
WHERE d.c_state = 'WIP'
GROUP BY d.n_package, p.c_code, d.n_from_org;

-- Documents per package and status code; S0 (work in progress) per originating organisation. `n_order` puts the
-- codes in the order of a document's life (S0, S1-S4, A, B, CR). Key: (the package's id × 10 + the code's place)
-- × 1,000,000 + the organisation's id on an S0 row.
CREATE VIEW v_dms_status_count AS
SELECT (d.n_package * 10 + o.n_order) * 1000000 + coalesce(o.n_from_org, 0) AS id,
       d.n_package, p.c_code AS c_package, d.c_status_code, o.n_from_org, o.n_order,
       count(*)::integer AS n_count
FROM dms_document d
JOIN package p ON p.id = d.n_package
CROSS JOIN LATERAL (
    SELECT array_position(ARRAY['S0', 'S1', 'S2', 'S3', 'S4', 'A', 'B', 'CR'], d.c_status_code) AS n_order,
           CASE WHEN d.c_state = 'WIP' THEN d.n_from_org END AS n_from_org
) o
GROUP BY d.n_package, p.c_code, d.c_status_code, o.n_from_org, o.n_order;
