-- The activity wall (issue 32, /dashboard/social-wall): the latest workflow events of the registers a reader reads,
-- drawn by a component of its own from GET /api/activity. The gallery (/dashboard/gallery): the images attached to
-- their records, from GET /api/gallery. Each register's newest rows are read from the indexes below, then merged.
UPDATE navigation SET c_component = 'activity-wall' WHERE c_route = '/dashboard/social-wall';
UPDATE navigation SET c_component = 'gallery' WHERE c_route = '/dashboard/gallery';

CREATE INDEX workflow_event_entry_at_idx ON workflow_event (c_entry, d_at DESC, id DESC);
CREATE INDEX record_file_image_idx ON record_file (c_entry, d_uploaded_at DESC, id DESC)
    WHERE d_deleted_at IS NULL AND c_content_type LIKE 'image/%';
