-- Custom reports on the demo (seed set demo-custom-reports): everyone on the contract may build reports over the
-- registers they read; two saved reports show sharing and a schedule from both sides.
-- - The contract manager's "Certified amounts by package" (IPCs grouped by package: count, certified, net payable),
--   shared with the engineer and the employer, mailed every Monday.
-- - The engineer's "NCRs by package and status", shared with both contractors: each contractor reads it with their
--   own packages only.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 1, 1, 1, 1
FROM navigation n
CROSS JOIN (VALUES ('engineer'), ('planner'), ('manager'), ('employer'), ('contractor'), ('contractor2'),
                   ('landofficer')) AS p(username)
JOIN users u ON u.c_username = p.username
WHERE n.c_route = '/reports/customreports'
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;

INSERT INTO custom_report (c_title, c_entry, c_definition, n_owner, c_schedule)
SELECT 'Certified amounts by package', 'ipc',
       '{"entry": "ipc", "columns": [], "filter": "", "group_by": ["n_package"],
         "measures": [{"aggregate": "count"}, {"aggregate": "sum", "column": "n_gross_certified"},
                      {"aggregate": "sum", "column": "n_net_payable"}],
         "sort": [{"key": "sum:n_gross_certified", "descending": true}]}'::jsonb,
       id, 'weekly'
FROM users WHERE c_username = 'manager';

INSERT INTO custom_report (c_title, c_entry, c_definition, n_owner, c_schedule)
SELECT 'NCRs by package and status', 'ncr',
       '{"entry": "ncr", "columns": [], "filter": "", "group_by": ["n_package", "c_state"],
         "measures": [{"aggregate": "count"}], "sort": []}'::jsonb,
       id, NULL
FROM users WHERE c_username = 'engineer';

INSERT INTO custom_report_share (n_report, n_user)
SELECT r.id, u.id
FROM custom_report r
JOIN users u ON (r.c_title = 'Certified amounts by package' AND u.c_username IN ('engineer', 'employer'))
             OR (r.c_title = 'NCRs by package and status' AND u.c_username IN ('contractor', 'contractor2'));
