-- The DMS dashboards (issue 31): `/dashboard/dms` and the CDE package summary `/dashboard/cde` read these views,
-- registered in schema-registry/registry/dms/ and shown by schema-registry/registry/dashboards/{dms,cde}.toml
-- (docs/registry.md "Dashboards"). Every figure is aggregated here, in SQL; the gateway only reads the rows the
-- caller may read (package scope) through the compile stage.
--
-- Reviews count all document reviews, V5's legacy reviews (no document) included: they are reviews people wait on.
-- "Open" = not Closed (Open, In review, Consolidated); "overdue" = open and past its due date; turnaround = closed
-- date - submitted date, in days, of closed reviews of documents (a legacy review's close date is its submission
-- date, as V33 converted it: no turnaround to measure).

-- One row per package: documents per ISO 19650 state, reviews open / overdue / closed with their turnaround,
-- active shares (issued and not past their expiry), open closures (not Closed).
CREATE VIEW v_dms_package_summary AS
SELECT p.id AS n_package,
       p.c_code AS c_package,
       coalesce(d.n_documents, 0) AS n_documents,
       coalesce(d.n_wip, 0) AS n_wip,
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
           (count(*) FILTER (WHERE c_state = 'WIP'))::integer AS n_wip,
           (count(*) FILTER (WHERE c_state = 'Shared'))::integer AS n_shared,
           (count(*) FILTER (WHERE c_state = 'Published'))::integer AS n_published,
           (count(*) FILTER (WHERE c_state = 'Archived'))::integer AS n_archived
    FROM dms_document GROUP BY n_package
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
) c ON c.n_package = p.id;

-- Documents per package and status code: the donut sums the caller's packages. `n_order` puts the codes in the
-- order of a document's life (S0, S1-S4, A, B, CR).
CREATE VIEW v_dms_status_count AS
-- id: one per package and status code (the package's id × 10 + the code's place), as a record's key must be.
SELECT d.n_package * 10 + array_position(ARRAY['S0', 'S1', 'S2', 'S3', 'S4', 'A', 'B', 'CR'], d.c_status_code) AS id,
       d.n_package, p.c_code AS c_package, d.c_status_code,
       array_position(ARRAY['S0', 'S1', 'S2', 'S3', 'S4', 'A', 'B', 'CR'], d.c_status_code) AS n_order,
       count(*)::integer AS n_count
FROM dms_document d JOIN package p ON p.id = d.n_package
GROUP BY d.n_package, p.c_code, d.c_status_code;

-- Open reviews past their due date, with the document, the lead reviewer and how many days late.
CREATE VIEW v_dms_overdue_review AS
SELECT r.id, r.c_doc_no AS c_review_no, r.c_title, r.n_package, p.c_code AS c_package,
       coalesce(u.c_name, u.c_username) AS c_lead,
       r.c_state, r.d_due, (current_date - r.d_due) AS n_days_overdue
FROM document_review r
JOIN package p ON p.id = r.n_package
LEFT JOIN users u ON u.id = r.n_reviewer
WHERE r.c_state <> 'Closed' AND r.d_due < current_date;

-- The dashboards are drawn by the console's dashboard screen from the registry, not by a component of their own.
UPDATE navigation SET c_component = NULL
WHERE c_route IN ('/dashboard/dms', '/dashboard/cde') AND c_component IS NOT NULL;
