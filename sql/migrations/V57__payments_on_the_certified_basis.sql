-- Issue 47, payments: interim payment applications and certificates on the basis a quantity surveyor signs.
--
-- IPA (the contractor's application, FIDIC 14.3; the engineer's certificate of it, FIDIC 14.6):
--   * each line keeps the quantity CLAIMED this period (the contractor's) and the quantity CERTIFIED this period: the
--     claim, unless the engineer corrects it in the new child register `ipa_certification` (a quantity and the
--     reason; FIDIC 14.6: the engineer certifies the amount he fairly determines to be due, not the claim);
--   * "previous" is what earlier CERTIFIED applications of the contract certified (never a Submitted or Returned
--     application's claim), in the order the applications were certified (`n_certified_seq`): a certified
--     application's previous figures never move, and an application not yet certified counts every certified one;
--   * the amounts are the certified quantities' (claimed amounts kept beside them); the header's "previous" and
--     "up to date" are the CONTRACT's cumulative certified amounts (every item, not only the items on this IPA),
--     so that "up to date" never falls from one month to the next.
-- IPC (the engineer's interim payment certificate):
--   * cumulative figures: previous certificates, this certificate and to date for the gross, retention (held to
--     date, after releases: FIDIC 14.9), the mobilisation advance recovered against the advance paid (FIDIC 14.2),
--     the deductions and the net payable; the retention released with a certificate is added to its net payable;
--   * a deduction is entered as an amount, or as a percentage of a stated basis (this certificate's gross, or the
--     contract value), the database computing its amount.
-- Worked examples: gateway/tests/calculations/commercial.toml; the calculation register: docs/calculations.md.

-- ---------------------------------------------------------------------------------------------------------------
-- The contract's mobilisation advance (FIDIC 14.2), against which IPCs recover it.
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE contract ADD COLUMN n_advance_paid numeric(18, 2) NOT NULL DEFAULT 0 CHECK (n_advance_paid >= 0);
-- An installation that recovered advance before the advance was recorded: the advance is taken as what its IPCs
-- recovered so far (nothing outstanding), so that its certificates stay valid; correct it on the contract.
UPDATE contract ct SET n_advance_paid = t.recovered
FROM (SELECT n_contract, sum(n_advance_recovery) AS recovered FROM ipc GROUP BY n_contract) t
WHERE t.n_contract = ct.id AND t.recovered > 0;
ALTER TABLE contract ADD CONSTRAINT contract_advance_check CHECK (n_advance_paid <= n_contract_value);

-- ---------------------------------------------------------------------------------------------------------------
-- Views over the columns that change: dropped here, made again below.
-- ---------------------------------------------------------------------------------------------------------------
DROP VIEW v_report_package;
DROP VIEW v_analytics_package;
DROP VIEW v_analytics_commercial;
DROP VIEW v_analytics_cashflow;
DROP VIEW v_package_money;
DROP VIEW v_ipc_certified;
DROP VIEW v_report_ipc;
DROP VIEW v_progress_summary;
DROP VIEW v_ipa_line;

-- ---------------------------------------------------------------------------------------------------------------
-- IPA: certification order and the contract's cumulative amounts
-- ---------------------------------------------------------------------------------------------------------------
CREATE SEQUENCE ipa_certified_seq;
ALTER TABLE ipa ADD COLUMN n_certified_seq bigint;
ALTER TABLE ipa ADD COLUMN n_amount_claimed numeric(20, 2) NOT NULL DEFAULT 0;
ALTER TABLE ipa DROP COLUMN n_amount_to_date;
ALTER TABLE ipa ADD COLUMN n_amount_to_date numeric(20, 2) GENERATED ALWAYS AS (n_amount_previous + n_amount_this_period) STORED;
-- The applications certified so far, in the order of their certificates (then period, for one day's).
UPDATE ipa i SET n_certified_seq = o.seq
FROM (SELECT id, nextval('ipa_certified_seq') AS seq
      FROM (SELECT id FROM ipa WHERE c_state = 'Certified' ORDER BY d_certified, d_period_from, id) s) o
WHERE o.id = i.id;

-- ---------------------------------------------------------------------------------------------------------------
-- IPA lines: claimed and certified
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE ipa_item ADD COLUMN n_qty_certified numeric(16, 3);
ALTER TABLE ipa_item ADD COLUMN c_certified_reason text;
ALTER TABLE ipa_item ADD COLUMN c_label text NOT NULL DEFAULT '';
-- (The lines' triggers are held while the new column is filled: nobody is writing these lines.)
ALTER TABLE ipa_item DISABLE TRIGGER USER;
UPDATE ipa_item SET n_qty_certified = n_qty_this_period;
ALTER TABLE ipa_item ENABLE TRIGGER USER;
ALTER TABLE ipa_item ALTER COLUMN n_qty_certified SET NOT NULL;
ALTER TABLE ipa_item ADD CONSTRAINT ipa_item_certified_check CHECK (n_qty_certified >= 0);
-- The BOQ with what has been certified against it (the certified quantities of certified IPAs, and their amounts
-- as certified) and the balance. (v_report_package_boq reads it: replaced in place.)
CREATE OR REPLACE VIEW v_boq AS
SELECT b.id, b.n_contract, b.n_package, c.c_contract_no, p.c_code AS c_package_code, b.c_bill, b.c_item_no,
       b.c_description, b.c_unit, b.n_quantity, b.n_rate, b.n_amount,
       coalesce(x.qty, 0)::numeric(16, 3) AS n_qty_certified,
       coalesce(x.amount, 0)::numeric(20, 2) AS n_amount_certified,
       (b.n_quantity - coalesce(x.qty, 0))::numeric(16, 3) AS n_qty_balance,
       (b.n_amount - coalesce(x.amount, 0))::numeric(20, 2) AS n_amount_balance,
       round(100 * coalesce(x.qty, 0) / b.n_quantity, 2)::numeric(7, 2) AS n_percent_certified
FROM boq_item b
JOIN contract c ON c.id = b.n_contract
JOIN package p ON p.id = b.n_package
LEFT JOIN (SELECT l.n_boq_item, sum(l.n_qty_certified) AS qty, sum(round(l.n_qty_certified * l.n_rate, 2)) AS amount
           FROM ipa_item l JOIN ipa i ON i.id = l.n_ipa AND i.c_state = 'Certified'
           GROUP BY l.n_boq_item) x ON x.n_boq_item = b.id;

-- Amounts: previous is summed from the earlier certified lines (a stored column the database keeps), this
-- period's is the certified quantity's, the claim's is kept beside it.
ALTER TABLE ipa_item ALTER COLUMN n_amount_previous DROP EXPRESSION;
ALTER TABLE ipa_item DROP COLUMN n_amount_to_date;
ALTER TABLE ipa_item DROP COLUMN n_amount_this_period;
ALTER TABLE ipa_item DROP COLUMN n_qty_to_date;   -- and ipa_item_boq_quantity_check with it
ALTER TABLE ipa_item
    ADD COLUMN n_qty_to_date numeric(16, 3) GENERATED ALWAYS AS (n_qty_previous + n_qty_certified) STORED,
    ADD COLUMN n_qty_claimed_to_date numeric(16, 3) GENERATED ALWAYS AS (n_qty_previous + n_qty_this_period) STORED,
    ADD COLUMN n_amount_claimed numeric(20, 2) GENERATED ALWAYS AS (round(n_qty_this_period * n_rate, 2)) STORED,
    ADD COLUMN n_amount_this_period numeric(20, 2) GENERATED ALWAYS AS (round(n_qty_certified * n_rate, 2)) STORED,
    ADD COLUMN n_amount_to_date numeric(20, 2)
        GENERATED ALWAYS AS (n_amount_previous + round(n_qty_certified * n_rate, 2)) STORED,
    ADD CONSTRAINT ipa_item_boq_quantity_check CHECK (n_qty_claimed_to_date <= n_boq_quantity),
    ADD CONSTRAINT ipa_item_certified_boq_check CHECK (n_qty_to_date <= n_boq_quantity);

-- The engineer's corrections: a line of the IPA certified at another quantity than claimed, and why. While the
-- IPA is with the engineer (Submitted); the line's certified quantity follows (trigger ipa_certification_apply).
CREATE TABLE ipa_certification (
    id                  bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    n_ipa               bigint NOT NULL REFERENCES ipa (id) ON DELETE CASCADE,
    n_ipa_item          bigint NOT NULL REFERENCES ipa_item (id) ON DELETE CASCADE,
    n_qty_certified     numeric(16, 3) NOT NULL CHECK (n_qty_certified >= 0),
    c_reason            text NOT NULL CHECK (length(c_reason) BETWEEN 1 AND 500),
    -- Copied by the database from the line and the IPA (never sent by a client).
    n_line_ipa          bigint,
    n_qty_claimed       numeric(16, 3),
    n_qty_previous      numeric(16, 3),
    n_boq_quantity      numeric(16, 3),
    n_rate              numeric(14, 2),
    c_ipa_state         text NOT NULL DEFAULT 'Submitted',
    n_qty_to_date       numeric(16, 3) GENERATED ALWAYS AS (n_qty_previous + n_qty_certified) STORED,
    n_amount_certified  numeric(20, 2) GENERATED ALWAYS AS (round(n_qty_certified * n_rate, 2)) STORED,
    n_amount_cut        numeric(20, 2) GENERATED ALWAYS AS (round(n_qty_claimed * n_rate, 2)
                                                            - round(n_qty_certified * n_rate, 2)) STORED,
    n_created_by        bigint REFERENCES users (id),
    n_updated_by        bigint REFERENCES users (id),
    n_row_version       integer NOT NULL DEFAULT 1,
    d_created_at        timestamptz NOT NULL DEFAULT now(),
    d_updated_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT ipa_certification_line_key UNIQUE (n_ipa_item),
    CONSTRAINT ipa_certification_line_check CHECK (n_line_ipa = n_ipa),
    CONSTRAINT ipa_certification_boq_check CHECK (n_qty_to_date <= n_boq_quantity),
    CONSTRAINT ipa_certification_state_check CHECK (c_ipa_state = 'Submitted')
);
CREATE INDEX ipa_certification_ipa_idx ON ipa_certification (n_ipa);
CREATE INDEX ipa_certification_reason_trgm ON ipa_certification USING gin (c_reason gin_trgm_ops);
CREATE TRIGGER ipa_certification_touch BEFORE UPDATE ON ipa_certification FOR EACH ROW EXECUTE FUNCTION touch_row();

-- ---------------------------------------------------------------------------------------------------------------
-- What earlier certified applications certified
-- ---------------------------------------------------------------------------------------------------------------
-- The applications of a contract certified before another: every certified one when it is not certified itself,
-- else those certified before it.
CREATE FUNCTION ipa_certified_before(p_contract bigint, p_ipa bigint, p_seq bigint) RETURNS SETOF bigint
LANGUAGE sql STABLE AS $$
    SELECT e.id FROM ipa e
    WHERE e.n_contract = p_contract AND e.id IS DISTINCT FROM p_ipa AND e.c_state = 'Certified'
      AND (p_seq IS NULL OR e.n_certified_seq < p_seq);
$$;

-- The quantity of a BOQ item certified by the applications of its contract certified before this one.
CREATE OR REPLACE FUNCTION ipa_qty_before(p_ipa bigint, p_boq_item bigint) RETURNS numeric
LANGUAGE sql STABLE AS $$
    SELECT coalesce(sum(l.n_qty_certified), 0)
    FROM ipa me
    JOIN ipa_item l ON l.n_boq_item = p_boq_item
                   AND l.n_ipa IN (SELECT ipa_certified_before(me.n_contract, me.id, me.n_certified_seq))
    WHERE me.id = p_ipa;
$$;

-- Their amount (the sum of those lines' certified amounts, each rounded to the paisa as it was certified).
CREATE FUNCTION ipa_amount_before(p_ipa bigint, p_boq_item bigint) RETURNS numeric
LANGUAGE sql STABLE AS $$
    SELECT coalesce(sum(l.n_amount_this_period), 0)
    FROM ipa me
    JOIN ipa_item l ON l.n_boq_item = p_boq_item
                   AND l.n_ipa IN (SELECT ipa_certified_before(me.n_contract, me.id, me.n_certified_seq))
    WHERE me.id = p_ipa;
$$;

-- The contract's amount certified before this application, over every item.
CREATE FUNCTION ipa_contract_amount_before(p_contract bigint, p_ipa bigint, p_seq bigint) RETURNS numeric
LANGUAGE sql STABLE AS $$
    SELECT coalesce(sum(e.n_amount_this_period), 0) FROM ipa e
    WHERE e.id IN (SELECT ipa_certified_before(p_contract, p_ipa, p_seq));
$$;

-- A line: its IPA's contract, the BOQ item's contract, quantity and rate, the quantity and amount certified
-- before, the certified quantity (the engineer's correction, else the claim) and its label for look-ups.
CREATE OR REPLACE FUNCTION ipa_item_fill() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    parent ipa%ROWTYPE;
    item   boq_item%ROWTYPE;
    cut    ipa_certification%ROWTYPE;
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.n_ipa IS DISTINCT FROM NEW.n_ipa THEN
        RAISE EXCEPTION 'a line stays with its IPA';
    END IF;
    SELECT * INTO parent FROM ipa WHERE id = NEW.n_ipa;
    SELECT * INTO item FROM boq_item WHERE id = NEW.n_boq_item;
    NEW.n_contract := parent.n_contract;
    NEW.n_boq_contract := item.n_contract;
    NEW.n_boq_quantity := item.n_quantity;
    NEW.n_rate := item.n_rate;
    NEW.c_label := coalesce(item.c_label, '');
    NEW.n_qty_previous := ipa_qty_before(NEW.n_ipa, NEW.n_boq_item);
    NEW.n_amount_previous := ipa_amount_before(NEW.n_ipa, NEW.n_boq_item);
    SELECT * INTO cut FROM ipa_certification WHERE n_ipa_item = NEW.id;
    NEW.n_qty_certified := coalesce(cut.n_qty_certified, NEW.n_qty_this_period);
    NEW.c_certified_reason := cut.c_reason;
    -- A person's write is judged on the IPA's state now; a recomputation started by another write (a nested
    -- trigger) leaves the state the line was written in.
    IF TG_OP = 'INSERT' OR pg_trigger_depth() = 1 THEN
        NEW.c_ipa_state := parent.c_state;
    END IF;
    RETURN NEW;
END;
$$;

-- The IPA's totals of its lines: claimed and certified this period, and the number of lines. (A line's claim
-- changes no other application's figures: only certified applications count as previous.)
CREATE OR REPLACE FUNCTION ipa_item_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    v_ipa bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.n_ipa ELSE NEW.n_ipa END;
BEGIN
    UPDATE ipa i SET
        n_amount_claimed = t.claimed, n_amount_this_period = t.this, n_line_count = t.n
    FROM (SELECT coalesce(sum(l.n_amount_claimed), 0) AS claimed, coalesce(sum(l.n_amount_this_period), 0) AS this,
                 count(l.id)::integer AS n
          FROM ipa_item l WHERE l.n_ipa = v_ipa) t
    WHERE i.id = v_ipa
      AND (i.n_amount_claimed, i.n_amount_this_period, i.n_line_count) IS DISTINCT FROM (t.claimed, t.this, t.n);
    RETURN NULL;
END;
$$;

-- The period no longer decides what is previous (the certification order does).
DROP TRIGGER ipa_period_moved ON ipa;
DROP FUNCTION ipa_period_moved();

-- An application being certified takes the next place in the contract's order of certificates; a new one starts
-- with what the contract has certified so far.
CREATE FUNCTION ipa_certified_order() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.c_state = 'Certified' AND NEW.n_certified_seq IS NULL THEN
        NEW.n_certified_seq := nextval('ipa_certified_seq');
    END IF;
    IF TG_OP = 'INSERT' THEN
        NEW.n_amount_previous := ipa_contract_amount_before(NEW.n_contract, NEW.id, NEW.n_certified_seq);
    END IF;
    RETURN NEW;
END;
$$;
-- (Named to fire after ipa_contract, which sets the contract: BEFORE triggers fire in the order of their names.)
CREATE TRIGGER ipa_previous_certified BEFORE INSERT OR UPDATE ON ipa FOR EACH ROW EXECUTE FUNCTION ipa_certified_order();

-- Once an application is certified, every application of the contract not yet certified counts it as previous:
-- their lines' previous quantities and amounts, and their contract-wide previous amount.
CREATE FUNCTION ipa_certified_refresh() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE ipa_item l SET n_qty_previous = ipa_qty_before(l.n_ipa, l.n_boq_item),
                          n_amount_previous = ipa_amount_before(l.n_ipa, l.n_boq_item)
    FROM ipa o
    WHERE o.id = l.n_ipa AND o.n_contract = NEW.n_contract AND o.c_state <> 'Certified';
    UPDATE ipa o SET n_amount_previous = ipa_contract_amount_before(o.n_contract, o.id, o.n_certified_seq)
    WHERE o.n_contract = NEW.n_contract AND o.c_state <> 'Certified'
      AND o.n_amount_previous IS DISTINCT FROM ipa_contract_amount_before(o.n_contract, o.id, o.n_certified_seq);
    RETURN NULL;
END;
$$;
CREATE TRIGGER ipa_certified_refresh AFTER UPDATE OF c_state ON ipa
    FOR EACH ROW WHEN (NEW.c_state = 'Certified' AND OLD.c_state IS DISTINCT FROM 'Certified')
    EXECUTE FUNCTION ipa_certified_refresh();

-- The engineer's correction: the line's IPA, claim, previous quantity, BOQ quantity and rate, and the IPA's state
-- (corrections are made while the IPA is with the engineer); a deletion outside that state is refused in the
-- words of ipa_certification_state_check.
CREATE FUNCTION ipa_certification_fill() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        IF pg_trigger_depth() = 1 AND (SELECT c_state FROM ipa WHERE id = OLD.n_ipa) <> 'Submitted' THEN
            RAISE EXCEPTION 'corrections change only while the IPA is with the engineer'
                USING ERRCODE = 'check_violation', CONSTRAINT = 'ipa_certification_state_check',
                      TABLE = 'ipa_certification';
        END IF;
        RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.n_ipa IS DISTINCT FROM NEW.n_ipa THEN
        RAISE EXCEPTION 'a correction stays with its IPA';
    END IF;
    SELECT l.n_ipa, l.n_qty_this_period, l.n_qty_previous, l.n_boq_quantity, l.n_rate
      INTO NEW.n_line_ipa, NEW.n_qty_claimed, NEW.n_qty_previous, NEW.n_boq_quantity, NEW.n_rate
      FROM ipa_item l WHERE l.id = NEW.n_ipa_item;
    NEW.c_ipa_state := (SELECT c_state FROM ipa WHERE id = NEW.n_ipa);
    RETURN NEW;
END;
$$;
CREATE TRIGGER ipa_certification_fill BEFORE INSERT OR UPDATE OR DELETE ON ipa_certification
    FOR EACH ROW EXECUTE FUNCTION ipa_certification_fill();

-- The corrected line reads its certified quantity and reason again (and the IPA its totals, through the line).
CREATE FUNCTION ipa_certification_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE ipa_item l SET n_qty_certified = l.n_qty_certified
    WHERE l.id IN (CASE WHEN TG_OP = 'DELETE' THEN OLD.n_ipa_item ELSE NEW.n_ipa_item END,
                   CASE WHEN TG_OP = 'UPDATE' THEN OLD.n_ipa_item END);
    RETURN NULL;
END;
$$;
CREATE TRIGGER ipa_certification_apply AFTER INSERT OR UPDATE OR DELETE ON ipa_certification
    FOR EACH ROW EXECUTE FUNCTION ipa_certification_apply();

-- Every line and header read again on the new basis (certified applications in the order set above). Their
-- triggers are held while the figures are rewritten: a certified IPA's lines are not being written by anyone.
ALTER TABLE ipa_item DISABLE TRIGGER USER;
UPDATE ipa_item l SET c_label = b.c_label,
                      n_qty_previous = ipa_qty_before(l.n_ipa, l.n_boq_item),
                      n_amount_previous = ipa_amount_before(l.n_ipa, l.n_boq_item)
FROM boq_item b WHERE b.id = l.n_boq_item;
ALTER TABLE ipa_item ENABLE TRIGGER USER;
ALTER TABLE ipa DISABLE TRIGGER USER;
UPDATE ipa o SET n_amount_claimed = t.claimed
FROM (SELECT n_ipa, sum(n_amount_claimed) AS claimed FROM ipa_item GROUP BY n_ipa) t WHERE t.n_ipa = o.id;
UPDATE ipa o SET n_amount_previous = ipa_contract_amount_before(o.n_contract, o.id, o.n_certified_seq);
ALTER TABLE ipa ENABLE TRIGGER USER;

-- ---------------------------------------------------------------------------------------------------------------
-- IPC: cumulative figures, retention released, the advance against the advance paid
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE ipc
    ADD COLUMN n_retention_released numeric(20, 2) NOT NULL DEFAULT 0 CHECK (n_retention_released >= 0),
    ADD COLUMN n_advance_paid numeric(20, 2) NOT NULL DEFAULT 0,
    -- The contract's earlier certificates (in the order their IPAs were certified), kept by ipc_refresh_contract.
    ADD COLUMN n_gross_previous numeric(20, 2) NOT NULL DEFAULT 0,
    ADD COLUMN n_retention_previous numeric(20, 2) NOT NULL DEFAULT 0,
    ADD COLUMN n_advance_recovered_previous numeric(20, 2) NOT NULL DEFAULT 0,
    ADD COLUMN n_deductions_previous numeric(20, 2) NOT NULL DEFAULT 0,
    ADD COLUMN n_net_previous numeric(20, 2) NOT NULL DEFAULT 0;
ALTER TABLE ipc DROP COLUMN n_net_payable;
ALTER TABLE ipc
    ADD COLUMN n_net_payable numeric(20, 2) GENERATED ALWAYS AS (
        n_gross_certified - round(n_gross_certified * n_retention_percent / 100, 2) + n_retention_released
        - n_advance_recovery - n_deductions_total) STORED,
    ADD COLUMN n_gross_to_date numeric(20, 2) GENERATED ALWAYS AS (n_gross_previous + n_gross_certified) STORED,
    ADD COLUMN n_retention_held numeric(20, 2) GENERATED ALWAYS AS (
        n_retention_previous + round(n_gross_certified * n_retention_percent / 100, 2) - n_retention_released) STORED,
    ADD COLUMN n_advance_recovered_to_date numeric(20, 2)
        GENERATED ALWAYS AS (n_advance_recovered_previous + n_advance_recovery) STORED,
    ADD COLUMN n_advance_outstanding numeric(20, 2)
        GENERATED ALWAYS AS (n_advance_paid - n_advance_recovered_previous - n_advance_recovery) STORED,
    ADD COLUMN n_deductions_to_date numeric(20, 2)
        GENERATED ALWAYS AS (n_deductions_previous + n_deductions_total) STORED,
    ADD COLUMN n_net_to_date numeric(20, 2) GENERATED ALWAYS AS (
        n_net_previous + n_gross_certified - round(n_gross_certified * n_retention_percent / 100, 2)
        + n_retention_released - n_advance_recovery - n_deductions_total) STORED;

-- What a contract's certificates before this one (an IPC on IPA p_ipa; p_ipc itself left out) hold: the IPCs of
-- the contract in the order their IPAs were certified (an IPA not yet certified last, by period).
CREATE FUNCTION ipc_previous(p_contract bigint, p_ipa bigint, p_ipc bigint,
                             OUT gross numeric, OUT retention numeric, OUT advance numeric, OUT deductions numeric,
                             OUT net numeric)
LANGUAGE sql STABLE AS $$
    SELECT coalesce(sum(e.n_gross_certified), 0), coalesce(sum(e.n_retention_amount - e.n_retention_released), 0),
           coalesce(sum(e.n_advance_recovery), 0), coalesce(sum(e.n_deductions_total), 0),
           coalesce(sum(e.n_net_payable), 0)
    FROM ipa me
    JOIN ipc e ON e.n_contract = p_contract AND e.id IS DISTINCT FROM p_ipc
    JOIN ipa ea ON ea.id = e.n_ipa
    WHERE me.id = p_ipa
      AND (coalesce(ea.n_certified_seq, 9223372036854775807), ea.d_period_from, ea.id)
          < (coalesce(me.n_certified_seq, 9223372036854775807), me.d_period_from, me.id);
$$;

-- The IPC's contract, its gross (the certified IPA's amount this period, as the engineer certified it), the
-- contract's advance paid, and what the contract's earlier certificates hold.
CREATE OR REPLACE FUNCTION ipc_fill() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    a ipa%ROWTYPE;
    p record;
BEGIN
    IF TG_OP = 'INSERT' OR NEW.n_ipa IS DISTINCT FROM OLD.n_ipa THEN
        SELECT * INTO a FROM ipa WHERE id = NEW.n_ipa;
        NEW.n_contract := a.n_contract;
        NEW.n_ipa_package := a.n_package;
        NEW.c_ipa_state := a.c_state;
        NEW.n_gross_certified := a.n_amount_this_period;
    END IF;
    NEW.n_advance_paid := coalesce((SELECT ct.n_advance_paid FROM contract ct WHERE ct.id = NEW.n_contract), 0);
    SELECT * INTO p FROM ipc_previous(NEW.n_contract, NEW.n_ipa, NEW.id);
    NEW.n_gross_previous := p.gross;
    NEW.n_retention_previous := p.retention;
    NEW.n_advance_recovered_previous := p.advance;
    NEW.n_deductions_previous := p.deductions;
    NEW.n_net_previous := p.net;
    RETURN NEW;
END;
$$;

-- The contract's other certificates read what comes before them again (ipc_fill computes it) where it changed.
CREATE FUNCTION ipc_refresh_contract(p_contract bigint) RETURNS void
LANGUAGE sql AS $$
    UPDATE ipc k SET n_gross_previous = p.gross
    FROM ipc x
    CROSS JOIN LATERAL ipc_previous(x.n_contract, x.n_ipa, x.id) p
    WHERE x.id = k.id AND k.n_contract = p_contract
      AND ((k.n_gross_previous, k.n_retention_previous, k.n_advance_recovered_previous, k.n_deductions_previous,
            k.n_net_previous) IS DISTINCT FROM (p.gross, p.retention, p.advance, p.deductions, p.net)
           OR k.n_advance_paid IS DISTINCT FROM (SELECT ct.n_advance_paid FROM contract ct WHERE ct.id = p_contract));
$$;

CREATE FUNCTION ipc_cumulative() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.n_contract IS DISTINCT FROM NEW.n_contract THEN
        PERFORM ipc_refresh_contract(OLD.n_contract);
    END IF;
    PERFORM ipc_refresh_contract(CASE WHEN TG_OP = 'DELETE' THEN OLD.n_contract ELSE NEW.n_contract END);
    -- A deduction on a percentage of this certificate's gross follows the gross.
    IF TG_OP = 'UPDATE' AND OLD.n_gross_certified IS DISTINCT FROM NEW.n_gross_certified THEN
        UPDATE ipc_deduction d SET n_percent = d.n_percent
        WHERE d.n_ipc = NEW.id AND d.c_basis = 'Gross this certificate';
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER ipc_cumulative AFTER INSERT OR UPDATE OR DELETE ON ipc FOR EACH ROW EXECUTE FUNCTION ipc_cumulative();

-- The contract's advance changed: its certificates read it again.
CREATE FUNCTION contract_advance_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM ipc_refresh_contract(NEW.id);
    RETURN NULL;
END;
$$;
CREATE TRIGGER contract_advance_changed AFTER UPDATE OF n_advance_paid ON contract
    FOR EACH ROW WHEN (OLD.n_advance_paid IS DISTINCT FROM NEW.n_advance_paid)
    EXECUTE FUNCTION contract_advance_changed();

SELECT ipc_refresh_contract(id) FROM contract;

-- Recovered to date never above the advance paid; retention released never above what earlier certificates hold.
ALTER TABLE ipc
    ADD CONSTRAINT ipc_advance_check CHECK (n_advance_recovered_to_date <= n_advance_paid),
    ADD CONSTRAINT ipc_retention_release_check CHECK (n_retention_released <= n_retention_previous);

-- ---------------------------------------------------------------------------------------------------------------
-- IPC deductions: an amount, or a percentage of a stated basis
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE ipc_deduction
    ADD COLUMN c_basis text NOT NULL DEFAULT 'Fixed amount'
        CHECK (c_basis IN ('Fixed amount', 'Gross this certificate', 'Contract value')),
    ADD COLUMN n_percent numeric(7, 4) CHECK (n_percent > 0 AND n_percent <= 100),
    ADD COLUMN n_basis_amount numeric(20, 2),
    ADD CONSTRAINT ipc_deduction_basis_check CHECK ((c_basis = 'Fixed amount' AND n_percent IS NULL)
                                                    OR (c_basis <> 'Fixed amount' AND n_percent IS NOT NULL));
-- The amount is given for a fixed amount, and computed (below) for a percentage.
ALTER TABLE ipc_deduction ALTER COLUMN n_amount DROP NOT NULL,
    ADD CONSTRAINT ipc_deduction_amount_check CHECK (n_amount IS NOT NULL OR c_basis <> 'Fixed amount');

CREATE OR REPLACE FUNCTION ipc_deduction_fill() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        IF (SELECT c_state FROM ipc WHERE id = OLD.n_ipc) NOT IN ('Draft', 'Returned') THEN
            RAISE EXCEPTION 'IPC deductions change only while the IPC is with the engineer'
                USING ERRCODE = 'check_violation', CONSTRAINT = 'ipc_deduction_state_check', TABLE = 'ipc_deduction';
        END IF;
        RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.n_ipc IS DISTINCT FROM NEW.n_ipc THEN
        RAISE EXCEPTION 'a deduction stays with its IPC';
    END IF;
    NEW.c_ipc_state := (SELECT c_state FROM ipc WHERE id = NEW.n_ipc);
    -- A percentage of its basis: the amount is the database's, to the paisa.
    NEW.n_basis_amount := CASE NEW.c_basis
        WHEN 'Gross this certificate' THEN (SELECT k.n_gross_certified FROM ipc k WHERE k.id = NEW.n_ipc)
        WHEN 'Contract value' THEN (SELECT ct.n_contract_value FROM ipc k JOIN contract ct ON ct.id = k.n_contract
                                    WHERE k.id = NEW.n_ipc)
        END;
    IF NEW.c_basis <> 'Fixed amount' AND NEW.n_percent IS NOT NULL THEN
        NEW.n_amount := round(NEW.n_basis_amount * NEW.n_percent / 100, 2);
    END IF;
    RETURN NEW;
END;
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- The views again
-- ---------------------------------------------------------------------------------------------------------------
-- Every IPA line with its IPA: contract, period, quantities claimed and certified, amounts, and whether certified.
CREATE VIEW v_ipa_line AS
SELECT l.id, i.id AS n_ipa, i.c_ipa_no, i.n_package, i.n_contract, c.c_contract_no, i.d_period_from, i.d_period_to,
       i.c_state, (i.c_state = 'Certified') AS b_certified, i.d_certified,
       (SELECT k.c_ipc_no FROM ipc k WHERE k.n_ipa = i.id) AS c_ipc_no,
       b.c_item_no, b.c_description, b.c_unit, l.n_rate, l.n_qty_previous, l.n_qty_this_period, l.n_qty_to_date,
       l.n_amount_previous, l.n_amount_this_period, l.n_amount_to_date, i.n_amount_this_period AS n_ipa_amount,
       l.n_qty_certified, l.c_certified_reason, l.n_amount_claimed
FROM ipa_item l
JOIN ipa i ON i.id = l.n_ipa
JOIN boq_item b ON b.id = l.n_boq_item
JOIN contract c ON c.id = i.n_contract;

-- The deductions of every IPC, with how each was entered.
CREATE OR REPLACE VIEW v_ipc_deduction AS
SELECT d.id, d.n_ipc, k.c_ipc_no, k.n_package, k.n_contract, c.c_contract_no, k.d_certificate, k.c_state,
       d.c_type, d.c_description, d.n_amount, d.c_basis, d.n_percent, d.n_basis_amount
FROM ipc_deduction d
JOIN ipc k ON k.id = d.n_ipc
JOIN contract c ON c.id = k.n_contract;

-- V23's progress summary, unchanged.
CREATE VIEW v_progress_summary AS
SELECT p.id AS n_package,
       p.c_code AS c_package,
       p.c_scope,
       (SELECT count(*) FROM rfi r WHERE r.n_package = p.id AND r.c_state IN ('Open', 'Answered'))::integer AS n_rfi_open,
       (SELECT count(*) FROM ncr n WHERE n.n_package = p.id AND n.c_state <> 'Closed')::integer AS n_ncr_open,
       (SELECT count(*) FROM technicalquery q WHERE q.n_package = p.id AND q.c_state NOT IN ('Draft', 'Closed'))::integer
           AS n_tq_open,
       (SELECT coalesce(sum(i.n_net_payable), 0) FROM ipc i
        WHERE i.n_package = p.id AND i.c_state IN ('Approved', 'Paid'))::numeric(20, 2) AS n_ipc_net_certified,
       (SELECT round(sum(w.n_percent_complete * w.n_weight) / nullif(sum(w.n_weight), 0), 2) FROM v_wbs_rollup w
        WHERE w.n_package = p.id AND w.n_parent IS NULL)::numeric(5, 2) AS n_wbs_percent,
       (SELECT max(w.d_as_of) FROM v_wbs_rollup w WHERE w.n_package = p.id AND w.n_parent IS NULL) AS d_wbs_as_of,
       dr.d_report_date AS d_last_report,
       dr.n_manpower_count AS n_manpower_last,
       (SELECT count(*) FROM cube_register c WHERE c.n_package = p.id AND c.c_result IN ('Pass', 'Fail'))::integer
           AS n_cubes_tested,
       (SELECT round(100.0 * count(*) FILTER (WHERE c.c_result = 'Pass') / nullif(count(*), 0), 1)
        FROM cube_register c WHERE c.n_package = p.id AND c.c_result IN ('Pass', 'Fail'))::numeric(5, 1)
           AS n_cube_pass_pct,
       (SELECT coalesce(sum(t.n_rings_built), 0) FROM tbm_progress t
        WHERE t.n_package = p.id AND t.d_shift_date > current_date - 7)::integer AS n_rings_week,
       (SELECT coalesce(sum(t.n_rings_built), 0) FROM tbm_progress t WHERE t.n_package = p.id)::integer AS n_rings_total,
       (SELECT count(*) FROM keyelementstatus k WHERE k.n_package = p.id AND k.c_status = 'Completed')::integer
           AS n_elements_done,
       (SELECT count(*) FROM keyelementstatus k WHERE k.n_package = p.id)::integer AS n_elements_total,
       (SELECT count(*) FROM traffic_management m WHERE m.n_package = p.id AND m.c_state = 'Active')::integer
           AS n_diversions_active
FROM package p
LEFT JOIN LATERAL (SELECT d.d_report_date, d.n_manpower_count FROM dailyreport d
                   WHERE d.n_package = p.id ORDER BY d.d_report_date DESC LIMIT 1) AS dr ON TRUE;

-- V45's one row per IPC, with the retention released counted among what it recovers and returns.
CREATE VIEW v_report_ipc AS
SELECT i.id,
       i.n_package,
       i.c_ipc_no,
       i.c_state,
       i.d_certificate,
       i.d_approved,
       i.d_paid,
       i.n_gross_certified,
       i.n_retention_amount,
       (coalesce(i.n_advance_recovery, 0) + coalesce(i.n_deductions_total, 0))::numeric(20, 2) AS n_recovered,
       i.n_net_payable,
       CASE
           WHEN i.d_approved IS NULL THEN NULL
           ELSE (coalesce(i.d_paid, current_date) - i.d_approved)
       END::integer AS n_days_to_pay,
       i.n_retention_released,
       i.n_gross_to_date,
       i.n_net_to_date
FROM ipc i;

-- The IPCs that count as certified (approved or paid): one definition for every dashboard (V40).
CREATE VIEW v_ipc_certified AS
SELECT * FROM ipc WHERE c_state IN ('Approved', 'Paid');

-- Each package's money: the contracts' value, and of the certified IPCs their gross, of those paid their net, and
-- the retention they hold: deducted less released.
CREATE VIEW v_package_money AS
SELECT p.id AS n_package,
       (SELECT coalesce(sum(ct.n_contract_value), 0) FROM contract ct WHERE ct.n_package = p.id)::numeric(20, 2)
           AS n_contract_value,
       (SELECT coalesce(sum(i.n_gross_certified), 0) FROM v_ipc_certified i WHERE i.n_package = p.id)::numeric(20, 2)
           AS n_certified,
       (SELECT coalesce(sum(i.n_net_payable), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id AND i.c_state = 'Paid')::numeric(20, 2) AS n_paid,
       (SELECT coalesce(sum(i.n_retention_amount - i.n_retention_released), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id)::numeric(20, 2) AS n_retention_held
FROM package p;

-- V40's one row per package, with land in possession counted from the possession recorded on each case.
CREATE VIEW v_analytics_package AS
WITH progress AS (
    SELECT n_package, n_weight, n_planned, n_earned, d_data_date FROM analytics_progress
), schedule AS (
    SELECT a.n_package,
           (count(*) FILTER (WHERE a.c_type IN ('TT_Mile', 'TT_FinMile') AND a.d_act_finish IS NULL
                AND coalesce(a.d_early_finish, a.d_target_finish) < current_date + 30))::integer AS n_milestones_due,
           (extract(epoch FROM max(coalesce(a.d_act_finish, a.d_early_finish, a.d_target_finish))
                 - max(coalesce(a.d_baseline_finish, a.d_target_finish))) / 86400)::integer AS n_delay_days
    FROM p6_activity a
    WHERE a.n_package IS NOT NULL
    GROUP BY a.n_package
), items AS (
    SELECT n_package,
           (count(*) FILTER (WHERE c_register = 'RFI'))::integer AS n_rfi_open,
           (count(*) FILTER (WHERE c_register = 'NCR'))::integer AS n_ncr_open,
           (count(*) FILTER (WHERE c_register = 'TQ'))::integer AS n_tq_open,
           (count(*) FILTER (WHERE d_due < current_date))::integer AS n_overdue
    FROM v_open_item
    GROUP BY n_package
)
SELECT p.id,
       p.id AS n_package,
       p.c_code AS c_package,
       p.c_name AS c_package_name,
       p.n_corridor,
       c.c_code AS c_corridor,
       (SELECT string_agg(DISTINCT k.c_name, ', ') FROM contract ct JOIN contractor k ON k.id = ct.n_contractor
        WHERE ct.n_package = p.id) AS c_contractor,
       coalesce(pg.n_weight, 0) AS n_weight,
       coalesce(pg.n_planned, 0) AS n_planned,
       coalesce(pg.n_earned, 0) AS n_earned,
       round(100 * pg.n_planned / nullif(pg.n_weight, 0), 1) AS n_planned_pct,
       round(100 * pg.n_earned / nullif(pg.n_weight, 0), 1) AS n_earned_pct,
       pg.d_data_date,
       money.n_contract_value,
       money.n_certified,
       money.n_paid,
       (SELECT coalesce(sum(l.n_area_required_sqm), 0) FROM la l WHERE l.n_package = p.id)::numeric(14, 2)
           AS n_land_required_sqm,
       (SELECT coalesce(sum(l.n_area_possessed_sqm), 0) FROM la l
        WHERE l.n_package = p.id AND l.d_possession IS NOT NULL)::numeric(14, 2) AS n_land_possessed_sqm,
       coalesce(mp.n_planned, 0) AS n_manpower_planned,
       coalesce(mp.n_deployed, 0) AS n_manpower_deployed,
       mp.d_date AS d_manpower_date,
       (SELECT count(*) FROM dailyreport_incident i JOIN dailyreport d ON d.id = i.n_report
        WHERE d.n_package = p.id AND d.d_report_date > current_date - 30)::integer AS n_incidents_30d,
       coalesce(it.n_rfi_open, 0) AS n_rfi_open,
       coalesce(it.n_ncr_open, 0) AS n_ncr_open,
       coalesce(it.n_tq_open, 0) AS n_tq_open,
       coalesce(it.n_overdue, 0) AS n_overdue,
       coalesce(sc.n_milestones_due, 0) AS n_milestones_due,
       sc.n_delay_days,
       (SELECT count(*) FROM risk_register r WHERE r.n_package = p.id AND r.c_state <> 'Closed')::integer
           AS n_open_risks,
       (SELECT r.c_title FROM risk_register r WHERE r.n_package = p.id AND r.c_state <> 'Closed'
        ORDER BY coalesce(r.n_residual_score, r.n_score) DESC, r.id LIMIT 1) AS c_key_risk,
       CASE
           WHEN pg.n_weight IS NULL OR pg.n_weight = 0 THEN NULL
           WHEN pg.n_earned < 0.85 * pg.n_planned OR sc.n_delay_days > 90 THEN 'Red'
           WHEN pg.n_earned < 0.95 * pg.n_planned OR sc.n_delay_days > 30 THEN 'Amber'
           ELSE 'Green'
       END AS c_status
FROM package p
JOIN corridor c ON c.id = p.n_corridor
JOIN v_package_money money ON money.n_package = p.id
LEFT JOIN progress pg ON pg.n_package = p.id
LEFT JOIN schedule sc ON sc.n_package = p.id
LEFT JOIN items it ON it.n_package = p.id
LEFT JOIN LATERAL (
    SELECT d.d_date, sum(d.n_actual)::integer AS n_deployed, coalesce(sum(d.n_planned), 0)::integer AS n_planned
    FROM deployment_actual d
    JOIN resource_category rc ON rc.id = d.n_category AND rc.c_resource_type = 'Manpower'
    WHERE d.n_package = p.id
      AND d.d_date = (SELECT max(x.d_date) FROM deployment_actual x WHERE x.n_package = p.id)
    GROUP BY d.d_date
) mp ON TRUE;

-- V41's IPC cash flow per package and month: the retention of a month is what the month's certificates retained
-- less what they released.
CREATE VIEW v_analytics_cashflow AS
WITH span AS (
    SELECT date_trunc('month', min(d_certificate)) AS d_first,
           date_trunc('month', greatest(max(d_certificate), max(d_paid), current_date)) AS d_last
    FROM ipc
), months AS (
    SELECT m::date AS d_start, (m + interval '1 month' - interval '1 day')::date AS d_end
    FROM span, generate_series(span.d_first, span.d_last, interval '1 month') AS m
)
SELECT (p.id * 100000 + extract(year FROM m.d_end) * 12 + extract(month FROM m.d_end))::bigint AS id,
       p.id AS n_package,
       m.d_end AS d_month,
       to_char(m.d_end, 'Mon YYYY') AS c_month,
       (SELECT coalesce(sum(i.n_gross_certified), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id AND i.d_certificate BETWEEN m.d_start AND m.d_end)::numeric(20, 2) AS n_certified,
       (SELECT coalesce(sum(i.n_net_payable), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id AND i.d_paid BETWEEN m.d_start AND m.d_end)::numeric(20, 2) AS n_paid,
       (SELECT coalesce(sum(i.n_retention_amount - i.n_retention_released), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id AND i.d_certificate BETWEEN m.d_start AND m.d_end)::numeric(20, 2) AS n_retention,
       (SELECT coalesce(sum(i.n_gross_certified), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id AND i.d_certificate <= m.d_end)::numeric(20, 2) AS n_certified_to_date,
       (SELECT coalesce(sum(i.n_net_payable), 0) FROM v_ipc_certified i
        WHERE i.n_package = p.id AND i.d_paid <= m.d_end)::numeric(20, 2) AS n_paid_to_date
FROM package p
CROSS JOIN months m;

-- V41's commercial position per package, unchanged (its retention held is v_package_money's, now after releases).
CREATE VIEW v_analytics_commercial AS
SELECT p.id,
       p.id AS n_package,
       p.c_code AS c_package,
       money.n_contract_value,
       money.n_certified,
       money.n_paid,
       money.n_retention_held,
       (SELECT count(*) FROM claimregister c
        WHERE c.n_package = p.id AND c.c_state NOT IN ('Draft', 'Determined'))::integer AS n_claims_open,
       (SELECT coalesce(sum(c.n_amount_claimed), 0) FROM claimregister c
        WHERE c.n_package = p.id AND c.c_state NOT IN ('Draft', 'Determined'))::numeric(20, 2) AS n_claims_open_amount,
       (SELECT coalesce(sum(c.n_amount_claimed), 0) FROM claimregister c
        WHERE c.n_package = p.id AND c.c_state = 'Determined')::numeric(20, 2) AS n_claims_determined_claimed,
       (SELECT coalesce(sum(c.n_amount_determined), 0) FROM claimregister c
        WHERE c.n_package = p.id AND c.c_state = 'Determined')::numeric(20, 2) AS n_claims_determined,
       (SELECT coalesce(sum(e.n_days_claimed), 0) FROM eot e
        WHERE e.n_package = p.id AND e.c_state <> 'Draft')::integer AS n_eot_days_claimed,
       (SELECT coalesce(sum(e.n_days_granted), 0) FROM eot e
        WHERE e.n_package = p.id AND e.c_state IN ('Decided', 'Closed'))::integer AS n_eot_days_granted,
       (SELECT coalesce(sum(c.n_approved_cost), 0) FROM crn c
        WHERE c.n_package = p.id AND c.c_state IN ('Approved', 'Issued'))::numeric(20, 2) AS n_change_approved
FROM package p
JOIN v_package_money money ON money.n_package = p.id;

-- V43's package-wise list, unchanged.
CREATE VIEW v_report_package AS
SELECT a.id,
       a.n_package,
       a.c_package,
       a.c_package_name,
       a.n_corridor,
       a.c_corridor,
       k.c_contracts,
       a.c_contractor,
       k.d_start_date,
       k.d_completion_date,
       a.n_contract_value,
       a.n_certified,
       a.n_paid,
       a.n_planned_pct,
       a.n_earned_pct,
       a.n_rfi_open,
       a.n_ncr_open,
       a.n_tq_open,
       a.n_overdue,
       a.n_milestones_due,
       a.n_delay_days,
       a.c_key_risk,
       a.c_status
FROM v_analytics_package a
LEFT JOIN LATERAL (
    SELECT string_agg(c.c_contract_no, ', ' ORDER BY c.c_contract_no) AS c_contracts,
           min(c.d_start_date) AS d_start_date,
           max(c.d_completion_date) AS d_completion_date
    FROM contract c
    WHERE c.n_package = a.n_package
) k ON true;
