-- `[tree]` (docs/registry.md "Trees"): a register whose records sit inside one another (the explorer's folders) is
-- kept a tree by one guard for every such register, whoever writes (the gateway, an import, SQL beside it). Its
-- trigger is what `gateway registry plan` gives the table: `<table>_tree BEFORE UPDATE OF <parent>`, with the parent
-- and key columns as arguments. The refusal is a check_violation naming `<table>_tree_check`, which the gateway
-- words under the parent's field. It replaces the explorer folders' own trigger of V34, which did the same for one
-- table by hand.

CREATE FUNCTION tree_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    parent_column text := TG_ARGV[0];
    key_column text := TG_ARGV[1];
    looped boolean;
BEGIN
    IF to_jsonb(NEW) -> parent_column = 'null'::jsonb
        OR to_jsonb(NEW) -> parent_column IS NOT DISTINCT FROM to_jsonb(OLD) -> parent_column THEN
        RETURN NEW;
    END IF;
    -- Two moves checked at once would each miss the loop the other closes: the second waits for the first to
    -- commit, and its walk (a statement of its own, read committed) then sees it.
    PERFORM pg_advisory_xact_lock(hashtext('tree:' || TG_TABLE_NAME));
    -- Up from the new parent through the stored parents (UNION: a loop already stored ends the walk), in the
    -- columns' own types so the key's index serves each step.
    EXECUTE format(
        'WITH RECURSIVE up(k) AS (SELECT ($1).%1$I UNION SELECT t.%1$I FROM %2$I.%3$I t JOIN up ON t.%4$I = up.k) '
        'SELECT EXISTS (SELECT 1 FROM up WHERE k = ($1).%4$I)',
        parent_column, TG_TABLE_SCHEMA, TG_TABLE_NAME, key_column)
        INTO looped USING NEW;
    IF looped THEN
        RAISE EXCEPTION '% % would be inside itself', TG_TABLE_NAME, to_jsonb(NEW) ->> key_column
            USING ERRCODE = 'check_violation', CONSTRAINT = TG_TABLE_NAME || '_tree_check', TABLE = TG_TABLE_NAME;
    END IF;
    RETURN NEW;
END $$;

DROP TRIGGER dms_folder_before_write ON dms_folder;
DROP FUNCTION dms_folder_before_write();
CREATE TRIGGER dms_folder_tree BEFORE UPDATE OF n_parent ON dms_folder FOR EACH ROW EXECUTE FUNCTION tree_guard('n_parent', 'id');
