-- The map dashboard (issue 32, /dashboard/map): each corridor as a metro line diagram, stations placed by chainage
-- and coloured by the construction status of their station box, the sections between them by progress. From the
-- key element register (keyelementstatus): an element within 50 m of a station's chainage is part of the station;
-- one between two stations' boxes is part of the section after the first. Registered in registry/analytics/ and
-- drawn by registry/dashboards/map.toml.
CREATE VIEW v_analytics_station AS
WITH stations AS (
    SELECT s.id, s.c_code, s.c_name, s.n_corridor, s.n_package, s.n_chainage_km, s.n_sequence, s.c_station_type,
           lead(s.n_chainage_km) OVER (PARTITION BY s.n_corridor ORDER BY s.n_chainage_km, s.n_sequence)
               AS n_next_chainage_km
    FROM station s
), elements AS (
    SELECT p.n_corridor, k.n_chainage_km, k.n_percent_complete
    FROM keyelementstatus k
    JOIN package p ON p.id = k.n_package
    WHERE k.n_chainage_km IS NOT NULL
)
SELECT s.id,
       s.id AS n_station,
       s.c_code AS c_station_code,
       s.c_name AS c_station,
       s.n_package,
       s.n_corridor,
       c.c_code || ': ' || c.c_name AS c_corridor,
       s.n_chainage_km,
       s.n_sequence,
       s.c_station_type,
       box.n_elements AS n_station_elements,
       box.n_percent AS n_station_pct,
       CASE
           WHEN box.n_elements = 0 THEN NULL
           WHEN box.n_done = box.n_elements THEN 'Completed'
           WHEN box.n_percent > 0 THEN 'In progress'
           ELSE 'Not started'
       END AS c_status,
       section.n_elements AS n_section_elements,
       section.n_percent AS n_section_pct
FROM stations s
JOIN corridor c ON c.id = s.n_corridor
CROSS JOIN LATERAL (
    SELECT count(*)::integer AS n_elements,
           (count(*) FILTER (WHERE e.n_percent_complete >= 100))::integer AS n_done,
           round(avg(e.n_percent_complete), 1) AS n_percent
    FROM elements e
    WHERE e.n_corridor = s.n_corridor AND abs(e.n_chainage_km - s.n_chainage_km) <= 0.05
) box
CROSS JOIN LATERAL (
    SELECT count(*)::integer AS n_elements, round(avg(e.n_percent_complete), 1) AS n_percent
    FROM elements e
    WHERE e.n_corridor = s.n_corridor AND s.n_next_chainage_km IS NOT NULL
      AND e.n_chainage_km > s.n_chainage_km + 0.05 AND e.n_chainage_km < s.n_next_chainage_km - 0.05
) section;
