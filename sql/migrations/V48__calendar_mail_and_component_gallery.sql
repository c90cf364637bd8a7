-- The last custom screens get their components (docs/console.md §2): the calendar, the mail view, and the template
-- demo pages, which the console draws as its own component gallery (one component, a page per route).
UPDATE navigation SET c_component = 'calendar' WHERE c_route = '/calendar';
UPDATE navigation SET c_component = 'outlook' WHERE c_route = '/outlook';
UPDATE navigation SET c_component = 'component-gallery'
WHERE c_kind = 'custom' AND c_component IS NULL
  AND n_parent_id = (SELECT id FROM navigation WHERE n_parent_id IS NULL AND c_title = 'Template Pages');
