-- The dashboards of issue 32 on the demo (seed set demo-analytics): the dashboard summary, the commercial view
-- (Analytics 2), the quality and safety view (Dashboard Demo) and the line diagram (Map) for the people who run the
-- packages. The analytics dashboard is the home page, already everyone's; package scope gives each reader the
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
    ('/dashboard/dashboard_demo', 'designer'),
    ('/dashboard/map', 'engineer'),
    ('/dashboard/map', 'planner'),
    ('/dashboard/map', 'manager'),
    ('/dashboard/map', 'employer'),
    ('/dashboard/map', 'contractor'),
    ('/dashboard/map', 'contractor2'),
    ('/dashboard/map', 'designer'),
    ('/dashboard/map', 'landofficer')
) AS v(route, username)
JOIN navigation n ON n.c_route = v.route
JOIN users u ON u.c_username = v.username
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;

-- Key elements for the stations the site register has none for (demo-site records five), so the map's line
-- diagram shows each station box and section with a status: three structural elements per station box (an
-- underground station's diaphragm wall, base and concourse slabs; an elevated one's concourse and platform slabs
-- and roof) and four spans in each section to the next station, further along near the depot end of each line.
INSERT INTO keyelementstatus (n_package, c_element_type, c_element_id, n_station, n_chainage_km, d_planned, d_actual,
                              n_percent_complete, c_remarks)
SELECT s.n_package, e.c_type, s.c_code || '-' || e.c_suffix, s.id, s.n_chainage_km,
       current_date - 120 + 40 * e.n_order,
       CASE WHEN v.pct >= 100 THEN current_date - 60 + 10 * e.n_order END,
       v.pct, 'Demo: station box'
FROM station s
JOIN LATERAL (
    VALUES (1, CASE WHEN s.c_station_type = 'Underground' THEN 'Diaphragm wall' ELSE 'Concourse slab' END,
               CASE WHEN s.c_station_type = 'Underground' THEN 'DW' ELSE 'CS' END),
           (2, CASE WHEN s.c_station_type = 'Underground' THEN 'Base slab' ELSE 'Platform slab' END,
               CASE WHEN s.c_station_type = 'Underground' THEN 'BS' ELSE 'PS' END),
           (3, CASE WHEN s.c_station_type = 'Underground' THEN 'Concourse slab' ELSE 'Station roof' END,
               CASE WHEN s.c_station_type = 'Underground' THEN 'CS' ELSE 'RF' END)
) AS e(n_order, c_type, c_suffix) ON TRUE
CROSS JOIN LATERAL (
    SELECT least(100, greatest(0, 260 - 40 * s.n_sequence - 20 * e.n_order))::numeric(5, 2) AS pct
) AS v
WHERE s.n_package IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM keyelementstatus k WHERE k.n_station = s.id)
ON CONFLICT (n_package, c_element_type, c_element_id) DO NOTHING;

INSERT INTO keyelementstatus (n_package, c_element_type, c_element_id, n_station, n_chainage_km, d_planned, d_actual,
                              n_percent_complete, c_remarks)
SELECT s.n_package, 'Span/segments', 'S' || s.c_code || '-' || k.n,
       s.id, round(s.n_chainage_km + (s.n_next - s.n_chainage_km) * k.n / 5, 3),
       current_date - 150 + 30 * k.n,
       CASE WHEN v.pct >= 100 THEN current_date - 90 + 20 * k.n END,
       v.pct, 'Demo: section span'
FROM (SELECT st.*, lead(st.n_chainage_km) OVER (PARTITION BY st.n_corridor ORDER BY st.n_chainage_km) AS n_next
      FROM station st) AS s
CROSS JOIN generate_series(1, 4) AS k(n)
CROSS JOIN LATERAL (
    SELECT least(100, greatest(0, 190 - 25 * s.n_sequence - 15 * k.n))::numeric(5, 2) AS pct
) AS v
WHERE s.n_package IS NOT NULL AND s.n_next IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM keyelementstatus e
                  WHERE e.n_package = s.n_package AND e.n_chainage_km > s.n_chainage_km + 0.05
                    AND e.n_chainage_km < s.n_next - 0.05)
ON CONFLICT (n_package, c_element_type, c_element_id) DO NOTHING;
