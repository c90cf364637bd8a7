-- The navigation master: every route of SPEC §2 as a menu item, grouped as the console's left panel shows them.
-- Product reference data (not demo data): every deployment needs it. Permissions point at these rows.
-- Routes of SPEC §2 that are not screens (/login, /register, /forgot, /resetp, /lock, /misc/404, /misc/500) are
-- deliberately absent: they are public or error pages and need no permission.

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Dashboard', 'fa fa-lg fa-fw fa-home', 10);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Home', '/', 10),
    ('Analytics', '/dashboard/analytics', 20),
    ('Analytics 2', '/dashboard/analytics2', 30),
    ('Dashboard Demo', '/dashboard/dashboard_demo', 40),
    ('Social Wall', '/dashboard/social-wall', 50),
    ('Map', '/dashboard/map', 60),
    ('DMS Dashboard', '/dashboard/dms', 70),
    ('Dashboard Summary', '/dashboard/dashboardsummary', 80),
    ('Gallery', '/dashboard/gallery', 90),
    ('Package Summary', '/dashboard/cde', 100)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Dashboard') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Calendar & Mail', 'fa fa-lg fa-fw fa-calendar', 20);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Calendar', '/calendar', 10),
    ('Outlook', '/outlook', 20)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Calendar & Mail') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Masters', 'fa fa-lg fa-fw fa-database', 30);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Corridor', '/masters/corridor', 10),
    ('Disciplines', '/masters/disciplines', 20),
    ('Sub Disciplines', '/masters/subdisciplines', 30),
    ('Site', '/masters/site', 40),
    ('Contractor', '/masters/contractor', 50),
    ('Contract', '/masters/contract', 60),
    ('Package', '/masters/package', 70),
    ('Type', '/masters/type', 80),
    ('Section', '/masters/section', 90),
    ('Sub Section', '/masters/subsection', 100),
    ('Organization', '/masters/organization', 110),
    ('Designation', '/masters/designation', 120),
    ('General', '/masters/general', 130),
    ('Doc Type', '/masters/doctype', 140),
    ('Doc Status', '/masters/docstatus', 150),
    ('Station', '/masters/station', 160),
    ('Station Linking', '/masters/stationlinking', 170),
    ('Document Type', '/masters/documenttype', 180),
    ('Phase', '/masters/phase', 190),
    ('Project', '/masters/project', 200),
    ('Phase Project Package Link', '/masters/phaseprojectpackagelink', 210)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Masters') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Master (old)', 'fa fa-lg fa-fw fa-archive', 40);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Contract', '/master/contract', 10),
    ('Activity', '/master/activity', 20),
    ('Sub Activity', '/master/subactivity', 30),
    ('Pre-construction Stage', '/master/preconstructionstage', 40),
    ('Construction Stage', '/master/constructionstage', 50)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Master (old)') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Data Entry', 'fa fa-lg fa-fw fa-pencil-square-o', 50);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Timeline', '/dataentry/timeline', 10),
    ('Activity Progress', '/dataentry/pkgactprogress', 20),
    ('Activity Extension', '/dataentry/pkgactextension', 30),
    ('Activity Completion', '/dataentry/pkgactcompletion', 40),
    ('Activity Documents', '/dataentry/pkgactdependence', 50),
    ('Land Acquisition Status', '/dataentry/landacquisitionstatus', 60),
    ('Activity Comments', '/dataentry/pkgactcomments', 70),
    ('DDC', '/dataentry/ddc', 80),
    ('BIM', '/dataentry/bim', 90),
    ('Import P6', '/dataentry/importp6', 100),
    ('Import IPA', '/dataentry/importipa', 110),
    ('IPA Manage', '/dataentry/ipamanage', 120),
    ('Land Acquisition', '/dataentry/la', 130),
    ('Deployment Planning', '/dataentry/depplanning', 140),
    ('Deployment Tracking', '/dataentry/deploymenttracking', 150),
    ('Risk Register', '/dataentry/risk_register', 160),
    ('3 Month Rolling Plan', '/dataentry/3mrp', 170),
    ('Claim Register', '/dataentry/claimregister', 180),
    ('CRN', '/dataentry/crn', 190),
    ('EOT Register', '/dataentry/eotregister', 200),
    ('Import LA', '/dataentry/importla', 210),
    ('Vendor Approval', '/dataentry/vendor_approval', 220),
    ('Import R&R', '/dataentry/importrr', 230),
    ('R&R Plan', '/dataentry/rrplan', 240)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Data Entry') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Land Survey', 'fa fa-lg fa-fw fa-map-marker', 60);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Land Acquisition ID', '/survey/landacquisitionid', 10),
    ('Assets Affected', '/survey/lasiteassestsaffected', 20),
    ('General Information', '/survey/lasitegeneralinfo', 30),
    ('Family Particulars', '/survey/lasitefamilyparticulars', 40),
    ('Overall Impact', '/survey/lasiteoverallimpact', 50),
    ('Affected Business', '/survey/lasiteaffectedbusiness', 60),
    ('Project Information', '/survey/lasiteprojectinfo', 70),
    ('Resettlement & Rehabilitation', '/survey/lasiteresetrehab', 80)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Land Survey') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Reports', 'fa fa-lg fa-fw fa-bar-chart', 70);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Predefined Reports', '/reports/predefined', 10),
    ('Pending List', '/reports/pendinglist', 20),
    ('Package-wise List', '/reports/pkgwiselist', 30),
    ('Package-wise BOQ', '/reports/pkgwiseboq', 40),
    ('RFI Witness List', '/reports/rfiwitnesslist', 50),
    ('Site Visit List', '/reports/sitvisitlist', 60),
    ('Custom Reports', '/reports/customreports', 70)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Reports') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('DMS', 'fa fa-lg fa-fw fa-folder-open', 80);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Search', '/dms/search', 10),
    ('Timeline', '/dms/timeline', 20),
    ('Explorer', '/dms/explorer', 30),
    ('Documents', '/dms/dms', 40)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'DMS') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Contract Requirements', 'fa fa-lg fa-fw fa-list-alt', 90);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Statutory Submission Requirements', '/contract-requirement/stregsubrequirement', 10)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Contract Requirements') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Contract Data Entry', 'fa fa-lg fa-fw fa-file-text-o', 100);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Statutory Submissions', '/contract-data-entry/stregsubmission', 10),
    ('NCR', '/contract-data-entry/ncr', 20),
    ('Daily Report', '/contract-data-entry/dailyreport', 30),
    ('Schedule of Rates', '/contract-data-entry/sor', 40),
    ('Technical Query', '/contract-data-entry/technicalquery', 50),
    ('RFI', '/contract-data-entry/rfi', 60),
    ('Transmittal', '/contract-data-entry/transmittal', 70),
    ('Document Submittal Schedule', '/contract-data-entry/documentsubmittalschedule', 80),
    ('Technical Query Response', '/contract-data-entry/technicalqueryfwdres', 90),
    ('ITP', '/contract-data-entry/itp', 100),
    ('Change Request', '/contract-data-entry/changerequest', 110),
    ('Engineer''s Instruction', '/contract-data-entry/engineerinstruction', 120),
    ('EOT', '/contract-data-entry/eot', 130),
    ('Contractor Request', '/contract-data-entry/contractorrequest', 140),
    ('Change Request Response', '/contract-data-entry/crfwdres', 150),
    ('Progress Summary', '/contract-data-entry/progresssummary', 160),
    ('IPC', '/contract-data-entry/ipc', 170),
    ('IPA', '/contract-data-entry/ipa', 180),
    ('Key Element Status', '/contract-data-entry/keyelementstatus', 190),
    ('View BOQ', '/contract-data-entry/viewboq', 200),
    ('View IPA', '/contract-data-entry/viewipa', 210),
    ('Deductions', '/contract-data-entry/deductions', 220),
    ('Traffic Management', '/contract-data-entry/traffic_management', 230),
    ('WBS Plan', '/contract-data-entry/wbsplan', 240),
    ('WBS Linking', '/contract-data-entry/wbslinking', 250),
    ('WBS Progress', '/contract-data-entry/wbsprogress', 260),
    ('TBM Progress', '/contract-data-entry/tbm_progress', 270),
    ('Cube Register', '/contract-data-entry/cube_register', 280)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Contract Data Entry') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Correspondence', 'fa fa-lg fa-fw fa-envelope', 110);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Correspondence', '/correspondence/correspondence', 10)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Correspondence') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Administration', 'fa fa-lg fa-fw fa-cogs', 120);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Manage Users', '/administration/manageusers', 10),
    ('User Permission', '/administration/userpermission', 20),
    ('Settings', '/administration/settings', 30),
    ('Explorer', '/administration/explorer', 40),
    ('Approvals', '/administration/approvals', 50),
    ('Package Users', '/administration/packageusers', 60),
    ('Package Activity Dependence', '/administration/packageactdependence', 70),
    ('Package Activity Dependence (Activity)', '/administration/packageactdependenceactivity', 80),
    ('Issue of LOA', '/administration/issueofloa', 90),
    ('Funding Activity', '/administration/fundingactivity', 100),
    ('DMS Review', '/administration/dmsreview', 110),
    ('Site Progress Approval', '/administration/siteprogressapv', 120),
    ('Device Registration', '/administration/deviceregistration', 130),
    ('Revise Activity', '/administration/reviseactivity', 140),
    ('DMS Share Documents', '/administration/dmssharedocs', 150),
    ('DMS Closure Workflow', '/administration/dmsclosureworkflow', 160),
    ('Key Element Status Import', '/administration/keyelementstatusimport', 170)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Administration') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Field Apps', 'fa fa-lg fa-fw fa-mobile', 130);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('RFI Witnessing', '/rfiwitnessing', 10),
    ('Site Inspection', '/siteinspection', 20)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Field Apps') AS g;

INSERT INTO navigation (c_title, c_icon, n_sort_order) VALUES ('Template Pages', 'fa fa-lg fa-fw fa-puzzle-piece', 140);
INSERT INTO navigation (n_parent_id, c_title, c_route, n_sort_order)
SELECT g.id, v.title, v.route, v.sort_order
FROM (VALUES
    ('Gallery', '/views/gallery', 10),
    ('Projects', '/views/projects', 20),
    ('Blog', '/views/blog', 30),
    ('Profile', '/views/profile', 40),
    ('Timeline', '/views/timeline', 50),
    ('Forum', '/views/forum-general', 60),
    ('Forum Topic', '/views/forum-topic', 70),
    ('Forum Post', '/views/forum-post', 80),
    ('Orders', '/e-commerce/orders', 90),
    ('Products View', '/e-commerce/products-view', 100),
    ('Product Detail', '/e-commerce/products-detail', 110),
    ('Form Elements', '/forms/elements', 120),
    ('Form Layouts', '/forms/layouts', 130),
    ('Form Validation', '/forms/form-validation', 140),
    ('Bootstrap Form Elements', '/forms/bootstrap-form-elements', 150),
    ('Bootstrap Validation', '/forms/bootstrap-validation', 160),
    ('Form Plugins', '/forms/plugins', 170),
    ('Wizards', '/forms/wizards', 180),
    ('Dropzone', '/forms/dropzone', 190),
    ('Bootstrap Editors', '/forms/bootstrap-editors', 200),
    ('Image Editor', '/forms/image-editor', 210),
    ('Flot Charts', '/graphs/flot', 220),
    ('Chart.js', '/graphs/chartjs', 230),
    ('Morris Charts', '/graphs/morris', 240),
    ('Sparklines', '/graphs/sparklines', 250),
    ('Easy Pie Charts', '/graphs/easy-pie-charts', 260),
    ('Dygraphs', '/graphs/dygraphs', 270),
    ('Highchart Table', '/graphs/highchart-table', 280),
    ('Maps', '/maps', 290),
    ('Blank', '/misc/blank', 300),
    ('Pricing Tables', '/misc/pricing-tables', 310),
    ('Invoice', '/misc/invoice', 320),
    ('CK Editor', '/misc/ck-editor', 330),
    ('Search', '/misc/search', 340),
    ('E-mail Template', '/misc/email-template', 350),
    ('App Layouts', '/smartadmin/app-layouts', 360),
    ('Skins', '/smartadmin/skins', 370),
    ('Data Tables', '/tables/datatables', 380),
    ('Normal Tables', '/tables/normal-tables', 390),
    ('General Elements', '/ui/general', 400),
    ('Tree Views', '/ui/tree-views', 410),
    ('Nestable Lists', '/ui/nestable-lists', 420),
    ('jQuery UI', '/ui/jquery-ui', 430),
    ('Font Awesome', '/ui/font-awesome', 440),
    ('Flags', '/ui/flags', 450),
    ('Glyphicons', '/ui/glyphicons', 460),
    ('Typography', '/ui/typography', 470),
    ('Grid', '/ui/grid', 480),
    ('Buttons', '/ui/buttons', 490),
    ('Widgets', '/widgets', 500)
) AS v (title, route, sort_order)
CROSS JOIN (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Template Pages') AS g;
