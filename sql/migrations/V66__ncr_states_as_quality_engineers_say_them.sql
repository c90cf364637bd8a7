-- An NCR's states as a quality engineer says them (issue 50, defect 8). Accepting the response moved the NCR to
-- "Verified (actions to finish)" before any corrective work was done, and "Corrective actions done" left it there:
-- nothing showed that the contractor had finished. Now (ISO 9001 10.2: correct, then review the effectiveness of
-- the corrective action):
--   Verified      = response accepted, corrective action under way (with the contractor);
--   Actions done  = the contractor reports every action done, the engineer verifies it worked (new);
--   Closed        = verified effective.
-- The NCR also counts its corrective actions and those done, kept by the database from its lines, so a list shows
-- how far each one is ("2 of 3 done").
ALTER TABLE ncr DROP CONSTRAINT ncr_c_state_check;
ALTER TABLE ncr ADD CONSTRAINT ncr_c_state_check
    CHECK (c_state IN ('Open', 'Responded', 'With client', 'Verified', 'Actions done', 'Closed'));

ALTER TABLE ncr ADD COLUMN n_actions integer NOT NULL DEFAULT 0,
                ADD COLUMN n_actions_done integer NOT NULL DEFAULT 0;

CREATE FUNCTION ncr_action_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE ncr n
    SET n_actions = c.total, n_actions_done = c.done
    FROM (SELECT n.id, count(a.id)::integer AS total, count(a.d_done)::integer AS done
          FROM ncr n LEFT JOIN ncr_action a ON a.n_ncr = n.id
          WHERE n.id IN (
              SELECT k FROM (VALUES (CASE WHEN TG_OP <> 'INSERT' THEN OLD.n_ncr END),
                                    (CASE WHEN TG_OP <> 'DELETE' THEN NEW.n_ncr END)) AS v (k)
              WHERE k IS NOT NULL)
          GROUP BY n.id) c
    WHERE n.id = c.id AND (n.n_actions, n.n_actions_done) IS DISTINCT FROM (c.total, c.done);
    RETURN NULL;
END;
$$;
CREATE TRIGGER ncr_action_counts AFTER INSERT OR UPDATE OF n_ncr, d_done OR DELETE ON ncr_action
    FOR EACH ROW EXECUTE FUNCTION ncr_action_counts();

UPDATE ncr n
SET n_actions = c.total, n_actions_done = c.done
FROM (SELECT n_ncr, count(*)::integer AS total, count(d_done)::integer AS done FROM ncr_action GROUP BY n_ncr) c
WHERE n.id = c.n_ncr;

-- Installed NCRs whose contractor already reported the actions done are waiting on the engineer's verification,
-- and their history says so.
UPDATE ncr n SET c_state = 'Actions done'
WHERE n.c_state = 'Verified'
  AND (SELECT e.c_transition FROM workflow_event e WHERE e.c_entry = 'ncr' AND e.c_key = n.id::text
       ORDER BY e.d_at DESC, e.id DESC LIMIT 1) = 'actions_done';
UPDATE workflow_event SET c_to = 'Actions done' WHERE c_entry = 'ncr' AND c_transition = 'actions_done';
UPDATE workflow_event SET c_from = 'Actions done' WHERE c_entry = 'ncr' AND c_transition = 'close';
