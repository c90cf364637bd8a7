-- Scales the registers the dashboards read (issue 32) on the bench database, from the demo seed: the demo P6
-- schedule copied 99 times more (about 40,000 activities, each copy a day later), its RFIs 5,000 times (about
-- 180,000, raised over 400 days), NCRs 1,000 times and technical queries 2,000 times; then the S-curve is
-- refreshed as a schedule import would. Run by bench/run.py once (it checks the activity count first) as the
-- database owner: the registers' triggers (numbering, audit) are off during the copy.
\set ON_ERROR_STOP on

INSERT INTO p6_activity (n_project, n_wbs, c_code, c_name, c_type, c_status, d_target_start, d_target_finish,
                         d_act_start, d_act_finish, d_early_start, d_early_finish, d_late_start, d_late_finish,
                         n_target_days, n_remaining_days, n_total_float_days, n_pct_complete, n_calendar, n_package,
                         d_baseline_start, d_baseline_finish, n_baseline_target_days)
SELECT n_project, n_wbs, c_code || '-B' || k, c_name, c_type, c_status,
       d_target_start + k * interval '1 day', d_target_finish + k * interval '1 day',
       d_act_start, d_act_finish, d_early_start, d_early_finish, d_late_start, d_late_finish,
       n_target_days, n_remaining_days, n_total_float_days, n_pct_complete, n_calendar, n_package,
       d_baseline_start, d_baseline_finish, n_baseline_target_days
FROM p6_activity, generate_series(1, 99) AS k
WHERE c_code NOT LIKE '%-B%';

ALTER TABLE rfi DISABLE TRIGGER USER;
INSERT INTO rfi (c_rfi_no, n_package, c_subject, c_question, n_assigned_to, d_due, c_state, d_created_at)
SELECT 'B-' || k || '-' || c_rfi_no, n_package, c_subject, c_question, n_assigned_to, d_due - k % 200, c_state,
       d_created_at - (k % 400) * interval '1 day'
FROM rfi, generate_series(1, 5000) AS k
WHERE c_rfi_no NOT LIKE 'B-%';
ALTER TABLE rfi ENABLE TRIGGER USER;

ALTER TABLE ncr DISABLE TRIGGER USER;
INSERT INTO ncr (c_ncr_no, n_package, c_title, c_description, c_category, c_severity, d_observed, n_responder,
                 d_response_due, c_state)
SELECT 'B-' || k || '-' || c_ncr_no, n_package, c_title, c_description, c_category, c_severity,
       d_observed - k % 300, n_responder, d_response_due - k % 300, c_state
FROM ncr, generate_series(1, 1000) AS k
WHERE c_ncr_no NOT LIKE 'B-%';
ALTER TABLE ncr ENABLE TRIGGER USER;

ALTER TABLE technicalquery DISABLE TRIGGER USER;
INSERT INTO technicalquery (c_tq_no, n_package, c_subject, c_query, c_priority, d_required_by, c_state, d_created_at)
SELECT 'B-' || k || '-' || c_tq_no, n_package, c_subject, c_query, c_priority, d_required_by - k % 200, c_state,
       d_created_at - (k % 300) * interval '1 day'
FROM technicalquery, generate_series(1, 2000) AS k
WHERE c_tq_no NOT LIKE 'B-%';
ALTER TABLE technicalquery ENABLE TRIGGER USER;

VACUUM ANALYZE p6_activity, rfi, ncr, technicalquery;
SELECT analytics_scurve_refresh();
VACUUM ANALYZE analytics_scurve, analytics_progress;
