-- The activity wall (issue 32, /dashboard/social-wall): the latest workflow events of the registers a reader reads,
-- drawn by a component of its own from GET /api/activity. Each register's newest events are read from the index
-- below, then merged.
UPDATE navigation SET c_component = 'activity-wall' WHERE c_route = '/dashboard/social-wall';

CREATE INDEX workflow_event_entry_at_idx ON workflow_event (c_entry, d_at DESC, id DESC);
