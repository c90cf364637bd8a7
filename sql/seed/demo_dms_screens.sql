-- The document-management screens of issue 31 on the demo (seed set demo-dms-screens, after demo-dms): who opens
-- search, explorer, timeline, the DMS dashboards and Shared with me, and the document controllers' folders.
-- Its own set, so a database seeded before these screens existed gets them at the next start.

INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), v.c, v.u, v.d, v.e
FROM (VALUES
    -- Shared with me: everyone reads only their own rows (readers_see), holder of the route or not; the menu item
    -- goes to everyone who works with documents or reviews them.
    ('/dms/sharedwithme', 'designer', 0, 0, 0, 1),
    ('/dms/sharedwithme', 'contractor', 0, 0, 0, 1),
    ('/dms/sharedwithme', 'contractor2', 0, 0, 0, 1),
    ('/dms/sharedwithme', 'planner', 0, 0, 0, 1),
    ('/dms/sharedwithme', 'employer', 0, 0, 0, 1),
    -- The DMS dashboards (V36, docs/registry.md "Dashboards"): everyone who works with documents reads them, each
    -- the figures of their own packages (package scope).
    ('/dashboard/dms', 'designer', 0, 0, 0, 0),
    ('/dashboard/dms', 'contractor', 0, 0, 0, 0),
    ('/dashboard/dms', 'contractor2', 0, 0, 0, 0),
    ('/dashboard/dms', 'engineer', 0, 0, 0, 0),
    ('/dashboard/dms', 'planner', 0, 0, 0, 0),
    ('/dashboard/dms', 'manager', 0, 0, 0, 0),
    ('/dashboard/dms', 'employer', 0, 0, 0, 0),
    ('/dashboard/cde', 'designer', 0, 0, 0, 0),
    ('/dashboard/cde', 'contractor', 0, 0, 0, 0),
    ('/dashboard/cde', 'contractor2', 0, 0, 0, 0),
    ('/dashboard/cde', 'engineer', 0, 0, 0, 0),
    ('/dashboard/cde', 'planner', 0, 0, 0, 0),
    ('/dashboard/cde', 'manager', 0, 0, 0, 0),
    ('/dashboard/cde', 'employer', 0, 0, 0, 0),
    -- Search and explorer (V34): every holder of the document register; the document controllers define folders.
    ('/dms/search', 'designer', 0, 0, 0, 0), ('/dms/search', 'contractor', 0, 0, 0, 0),
    ('/dms/search', 'contractor2', 0, 0, 0, 0), ('/dms/search', 'engineer', 0, 0, 0, 0),
    ('/dms/search', 'planner', 0, 0, 0, 0), ('/dms/search', 'manager', 0, 0, 0, 0),
    ('/dms/search', 'employer', 0, 0, 0, 0),
    ('/dms/explorer', 'designer', 0, 0, 0, 0), ('/dms/explorer', 'contractor', 0, 0, 0, 0),
    ('/dms/explorer', 'contractor2', 0, 0, 0, 0), ('/dms/explorer', 'engineer', 0, 0, 0, 0),
    ('/dms/explorer', 'planner', 0, 0, 0, 0), ('/dms/explorer', 'manager', 0, 0, 0, 0),
    ('/dms/explorer', 'employer', 0, 0, 0, 0),
    ('/administration/explorer', 'designer', 1, 1, 1, 1),
    ('/administration/explorer', 'engineer', 1, 1, 1, 1),
    -- The timeline (/dms/timeline, V37): read and exported by every DMS user (package scope applies).
    ('/dms/timeline', 'designer', 0, 0, 0, 1), ('/dms/timeline', 'contractor', 0, 0, 0, 1),
    ('/dms/timeline', 'contractor2', 0, 0, 0, 1), ('/dms/timeline', 'engineer', 0, 0, 0, 1),
    ('/dms/timeline', 'planner', 0, 0, 0, 1), ('/dms/timeline', 'manager', 0, 0, 0, 1),
    ('/dms/timeline', 'employer', 0, 0, 0, 1)
) AS v(route, username, c, u, d, e)
JOIN navigation n ON n.c_route = v.route
JOIN users u ON u.c_username = v.username
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;

-- ---------------------------------------------------------------------------------------------------------------
-- Explorer folders (V34): the document controllers' own folders beside the virtual tree
-- ---------------------------------------------------------------------------------------------------------------
INSERT INTO dms_folder (c_name, c_project, n_package, n_discipline, n_doc_type, c_words, c_originator, c_volume,
                        c_level, c_type, c_role, n_sort, c_description, n_raised_by, n_updated_by)
SELECT f.name, 'MML3', p.id, di.id, t.id, f.words, f.originator, f.volume, f.level, f.typ, f.role, f.sort, f.note,
       u.id, u.id
FROM (VALUES
    ('Viaduct structural drawings', 'C1-V01', 'Civil', 'DRG', NULL, 'LNT', 'C1V01', 'ZZ', 'DR', 'S', 10,
     'General arrangement and reinforcement drawings of the C1 viaduct'),
    ('Pier bearings', 'C1-V01', 'Civil', NULL, 'bearing', 'LNT', 'C1V01', 'ZZ', 'DR', 'S', 20,
     'Everything about the elastomeric and pot bearings of the piers'),
    ('Launching method statements', 'C1-V01', 'Civil', 'MS', NULL, 'LNT', 'C1V01', 'ZZ', 'MS', 'S', 30,
     'Launching girder and segment erection method statements'),
    ('C2 inspection and test plans', 'C2-V01', 'Civil', 'ITP', NULL, 'LNT', 'C2V01', 'ZZ', 'IT', 'Q', 40,
     'Hold and witness points of the C2 viaduct works'),
    ('Station architecture', 'C1-UG01', 'Architecture and finishes', 'DRG', NULL, 'DDC', 'C1UG01', 'ZZ', 'DR', 'A',
     50, 'Architectural drawings of the underground stations'),
    ('Diaphragm walls', 'C1-UG01', 'Civil', NULL, 'diaphragm wall', 'TBC', 'C1UG01', 'ZZ', 'MS', 'G', 60,
     'Method statements and reports of the diaphragm walls'),
    ('Depot design reports', 'C1-DP01', 'Civil', 'RPT', NULL, 'DDC', 'C1DP01', 'ZZ', 'RP', 'C', 70,
     'Design basis and calculation reports of the depot'),
    ('Signalling submissions', 'C1-SYS1', 'Signalling', NULL, NULL, 'TBC', 'C1SYS1', 'ZZ', 'DR', 'X', 80,
     'Signalling drawings and reports of the systems package')
) AS f(name, pkg, disc, typ_code, words, originator, volume, level, typ, role, sort, note)
JOIN package p ON p.c_code = f.pkg
JOIN discipline di ON di.c_name = f.disc
LEFT JOIN doc_type t ON t.c_code = f.typ_code
JOIN users u ON u.c_username = 'designer'
WHERE NOT EXISTS (SELECT 1 FROM dms_folder WHERE n_parent IS NULL AND lower(c_name) = lower(f.name));
