-- The dashboards of issue 32 on the demo (seed set demo-analytics): the dashboard summary, the commercial view
-- (Analytics 2) and the quality and safety view (Dashboard Demo) for the people who run the packages. The analytics dashboard is the home page, already everyone's; package scope gives each reader the
-- figures of their own packages.

INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 0, 0, 0, 0
FROM (VALUES
    ('/dashboard/dashboardsummary', 'engineer'),
    ('/dashboard/dashboardsummary', 'planner'),
    ('/dashboard/dashboardsummary', 'manager'),
    ('/dashboard/dashboardsummary', 'employer'),
    ('/dashboard/dashboardsummary', 'contractor'),
    ('/dashboard/dashboardsummary', 'contractor2'),
    ('/dashboard/analytics2', 'engineer'),
    ('/dashboard/analytics2', 'planner'),
    ('/dashboard/analytics2', 'manager'),
    ('/dashboard/analytics2', 'employer'),
    ('/dashboard/analytics2', 'contractor'),
    ('/dashboard/analytics2', 'contractor2'),
    ('/dashboard/dashboard_demo', 'engineer'),
    ('/dashboard/dashboard_demo', 'planner'),
    ('/dashboard/dashboard_demo', 'manager'),
    ('/dashboard/dashboard_demo', 'employer'),
    ('/dashboard/dashboard_demo', 'contractor'),
    ('/dashboard/dashboard_demo', 'contractor2'),
    ('/dashboard/dashboard_demo', 'designer')
) AS v(route, username)
JOIN navigation n ON n.c_route = v.route
JOIN users u ON u.c_username = v.username
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;
