-- Issue 47, land: awards, payments and possession as the Right to Fair Compensation and Transparency in Land
-- Acquisition, Rehabilitation and Resettlement Act 2013 (RFCTLARR) has them.
--
-- * Market value and multiplier: the market value of the land (s.26) is entered with the factor it is multiplied by
--   (First Schedule, item 2: 1 in urban areas, 1 to 2 in rural areas by the distance from the urban area, as the
--   State notifies); the land compensation is their product.
-- * The additional amount of s.30(3) is 12 % a year on the MARKET VALUE (not on the multiplied land value) from the
--   publication of the SIA notification (s.4(2)) to the date of the award or of taking possession, whichever is
--   earlier (V30 counted from the s.11 notification to the award, on the multiplied value). (s.69(2), the Authority's
--   award on a reference, counts from s.11; this register keeps the Collector's award.)
-- * Solatium (s.30(1)): 100 % of the compensation (land compensation and the value of assets; not of the 12 %).
-- * Urgency (s.40): the government's direction (reference and date) lets possession come before the award; the
--   Collector tenders 80 % of the compensation as he estimates it before taking possession (s.40(3)), and the award
--   includes an additional 75 % of the compensation (s.40(5)).
-- * Payments (s.77) and possession (s.38(1): possession only once compensation and the R&R entitlements are paid
--   or tendered): the compensation paid or deposited is recorded against the award (child register `la_payment`);
--   the families' R&R entitlements and what was paid of them are the SIA survey's (lasiteresetrehab, kept by the
--   R&R plans' instalments); the possession step is guarded by the registry (la.toml) on both.
-- * Stage dates run in order: s.11 on or after its approval, s.19 after s.11 (V30), the award after s.19 (V30),
--   possession after the award is passed, except under urgency, where possession follows the direction.
-- * A case that names its SIA survey takes the parcel from it: khasra number, village, tehsil, district, station and
--   chainage (blanks filled; a different khasra, village, tehsil or package refused by the registry's `same`; a
--   station or chainage the survey does not have refused by the CHECKs below).
-- * The land reports count awards and acquired areas only of cases whose award is passed (or land possessed under
--   urgency); an award worked out before it is passed is shown apart, as an estimate.
-- Worked examples: gateway/tests/calculations/land.toml; the calculation register: docs/calculations.md.

DROP VIEW v_report_land_stage;
DROP VIEW v_report_land_village;
DROP VIEW v_landacquisitionstatus;

-- ---------------------------------------------------------------------------------------------------------------
-- Compensation on the Act's basis
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE la
    ADD COLUMN n_market_value numeric(16, 2) CHECK (n_market_value >= 0),
    ADD COLUMN n_multiplier numeric(3, 2) NOT NULL DEFAULT 1 CHECK (n_multiplier BETWEEN 1 AND 2),
    ADD COLUMN c_urgency_ref text CHECK (length(c_urgency_ref) <= 120),
    ADD COLUMN d_urgency date;
CREATE INDEX la_urgency_ref_trgm ON la USING gin (c_urgency_ref gin_trgm_ops);
-- What was entered as the land compensation is the market value of an urban parcel (multiplier 1).
ALTER TABLE la DISABLE TRIGGER USER;
UPDATE la SET n_market_value = n_land_value;
ALTER TABLE la ENABLE TRIGGER USER;
ALTER TABLE la DROP COLUMN n_award_amount, DROP COLUMN n_additional_amount, DROP COLUMN n_solatium,
               DROP COLUMN n_land_value;
ALTER TABLE la
    ADD COLUMN n_land_value numeric(16, 2) GENERATED ALWAYS AS (round(n_market_value * n_multiplier, 2)) STORED,
    ADD COLUMN n_solatium numeric(16, 2) GENERATED ALWAYS AS (
        round(coalesce(n_market_value, 0) * n_multiplier, 2) + coalesce(n_asset_value, 0)) STORED,
    ADD COLUMN n_additional_amount numeric(16, 2) GENERATED ALWAYS AS (
        CASE WHEN n_market_value IS NOT NULL AND d_sia_notified IS NOT NULL
                  AND coalesce(d_award, d_possession) IS NOT NULL
             THEN round(n_market_value * 0.12 * greatest(least(d_award, d_possession) - d_sia_notified, 0) / 365.0, 2)
             ELSE 0 END) STORED,
    ADD COLUMN n_urgency_amount numeric(16, 2) GENERATED ALWAYS AS (
        CASE WHEN d_urgency IS NOT NULL
             THEN round(0.75 * (round(coalesce(n_market_value, 0) * n_multiplier, 2) + coalesce(n_asset_value, 0)), 2)
             ELSE 0 END) STORED,
    ADD COLUMN n_urgency_tender_due numeric(16, 2) GENERATED ALWAYS AS (
        CASE WHEN d_urgency IS NOT NULL
             THEN round(0.80 * (round(coalesce(n_market_value, 0) * n_multiplier, 2) + coalesce(n_asset_value, 0)), 2)
             ELSE 0 END) STORED,
    ADD COLUMN n_award_amount numeric(16, 2) GENERATED ALWAYS AS (
        2 * (round(coalesce(n_market_value, 0) * n_multiplier, 2) + coalesce(n_asset_value, 0))
        + CASE WHEN n_market_value IS NOT NULL AND d_sia_notified IS NOT NULL
                    AND coalesce(d_award, d_possession) IS NOT NULL
               THEN round(n_market_value * 0.12 * greatest(least(d_award, d_possession) - d_sia_notified, 0) / 365.0, 2)
               ELSE 0 END
        + CASE WHEN d_urgency IS NOT NULL
               THEN round(0.75 * (round(coalesce(n_market_value, 0) * n_multiplier, 2) + coalesce(n_asset_value, 0)), 2)
               ELSE 0 END) STORED;

-- ---------------------------------------------------------------------------------------------------------------
-- Payments and deposits against the award (s.77), and what the case's families were paid of their R&R entitlements
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE la
    -- Kept by the database: the payments and deposits recorded against the award (la_payment), those made on or
    -- before the possession date, and the SIA survey's R&R entitlements of the families and what was paid of them.
    ADD COLUMN n_compensation_paid numeric(16, 2) NOT NULL DEFAULT 0,
    ADD COLUMN n_paid_by_possession numeric(16, 2) NOT NULL DEFAULT 0,
    ADD COLUMN n_rr_entitlement numeric(16, 2) NOT NULL DEFAULT 0,
    ADD COLUMN n_rr_paid numeric(16, 2) NOT NULL DEFAULT 0,
    -- Copied from the SIA survey the case names.
    ADD COLUMN n_survey_station bigint,
    ADD COLUMN n_survey_chainage_from_km numeric(9, 3),
    ADD COLUMN n_survey_chainage_to_km numeric(9, 3);

CREATE TABLE la_payment (
    id                  bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    n_la                bigint NOT NULL REFERENCES la (id) ON DELETE CASCADE,
    d_paid              date NOT NULL,
    c_kind              text NOT NULL DEFAULT 'Paid to the persons interested'
                        CHECK (c_kind IN ('Paid to the persons interested', 'Deposited with the Authority')),
    c_payee             text CHECK (length(c_payee) <= 300),
    n_amount            numeric(16, 2) NOT NULL CHECK (n_amount > 0),
    c_reference         text NOT NULL CHECK (length(c_reference) BETWEEN 1 AND 60),
    c_remarks           text CHECK (length(c_remarks) <= 1000),
    -- Copied by the database: the case's stage and urgency direction, and the award left to pay before this line.
    c_la_state          text,
    d_la_urgency        date,
    n_balance_before    numeric(16, 2),
    n_created_by        bigint REFERENCES users (id),
    n_updated_by        bigint REFERENCES users (id),
    n_row_version       integer NOT NULL DEFAULT 1,
    d_created_at        timestamptz NOT NULL DEFAULT now(),
    d_updated_at        timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT la_payment_stage_check CHECK (c_la_state = 'Award'
                                             OR (c_la_state IN ('Sec 19', 'Award') AND d_la_urgency IS NOT NULL)),
    CONSTRAINT la_payment_amount_check CHECK (n_amount <= n_balance_before)
);
CREATE INDEX la_payment_la_idx ON la_payment (n_la);
CREATE INDEX la_payment_reference_trgm ON la_payment USING gin (c_reference gin_trgm_ops);
CREATE INDEX la_payment_payee_trgm ON la_payment USING gin (c_payee gin_trgm_ops);
CREATE INDEX la_payment_remarks_trgm ON la_payment USING gin (c_remarks gin_trgm_ops);
CREATE TRIGGER la_payment_touch BEFORE UPDATE ON la_payment FOR EACH ROW EXECUTE FUNCTION touch_row();

CREATE FUNCTION la_payment_fill() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        IF pg_trigger_depth() = 1 AND (SELECT c_state FROM la WHERE id = OLD.n_la) NOT IN ('Sec 19', 'Award') THEN
            RAISE EXCEPTION 'payments change only while the award is being paid'
                USING ERRCODE = 'check_violation', CONSTRAINT = 'la_payment_stage_check', TABLE = 'la_payment';
        END IF;
        RETURN OLD;
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.n_la IS DISTINCT FROM NEW.n_la THEN
        RAISE EXCEPTION 'a payment stays with its case';
    END IF;
    SELECT l.c_state, l.d_urgency,
           l.n_award_amount - coalesce((SELECT sum(x.n_amount) FROM la_payment x
                                        WHERE x.n_la = l.id AND x.id <> coalesce(NEW.id, -1)), 0)
      INTO NEW.c_la_state, NEW.d_la_urgency, NEW.n_balance_before
      FROM la l WHERE l.id = NEW.n_la;
    RETURN NEW;
END;
$$;
CREATE TRIGGER la_payment_fill BEFORE INSERT OR UPDATE OR DELETE ON la_payment
    FOR EACH ROW EXECUTE FUNCTION la_payment_fill();

-- What a case's payments come to, in all and on or before its possession date.
CREATE FUNCTION la_paid(p_la bigint, OUT total numeric, OUT by_possession numeric)
LANGUAGE sql STABLE AS $$
    SELECT coalesce(sum(x.n_amount), 0),
           coalesce(sum(x.n_amount) FILTER (WHERE x.d_paid <= l.d_possession), 0)
    FROM la l LEFT JOIN la_payment x ON x.n_la = l.id
    WHERE l.id = p_la
    GROUP BY l.id;
$$;

CREATE FUNCTION la_payment_totals() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    v_la bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.n_la ELSE NEW.n_la END;
BEGIN
    -- la_fill (below) reads the totals again.
    UPDATE la l SET n_compensation_paid = p.total
    FROM la_paid(v_la) p
    WHERE l.id = v_la AND (l.n_compensation_paid, l.n_paid_by_possession) IS DISTINCT FROM (p.total, p.by_possession);
    RETURN NULL;
END;
$$;
CREATE TRIGGER la_payment_totals AFTER INSERT OR UPDATE OR DELETE ON la_payment
    FOR EACH ROW EXECUTE FUNCTION la_payment_totals();

-- The families' R&R entitlements under the case's SIA survey (Second Schedule), and what was paid of them.
CREATE FUNCTION la_rr_of_survey(p_survey bigint, OUT entitlement numeric, OUT paid numeric)
LANGUAGE sql STABLE AS $$
    SELECT coalesce(sum(r.n_total), 0), coalesce(sum(least(r.n_paid, r.n_total)), 0)
    FROM lasiteresetrehab r WHERE r.n_survey = p_survey;
$$;

CREATE FUNCTION la_rr_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE la l SET n_rr_paid = r.paid
    FROM la_rr_of_survey(CASE WHEN TG_OP = 'DELETE' THEN OLD.n_survey ELSE NEW.n_survey END) r
    WHERE l.n_survey = CASE WHEN TG_OP = 'DELETE' THEN OLD.n_survey ELSE NEW.n_survey END
      AND (l.n_rr_entitlement, l.n_rr_paid) IS DISTINCT FROM (r.entitlement, r.paid);
    IF TG_OP = 'UPDATE' AND OLD.n_survey IS DISTINCT FROM NEW.n_survey THEN
        UPDATE la l SET n_rr_paid = r.paid
        FROM la_rr_of_survey(OLD.n_survey) r
        WHERE l.n_survey = OLD.n_survey AND (l.n_rr_entitlement, l.n_rr_paid) IS DISTINCT FROM (r.entitlement, r.paid);
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER la_rr_changed AFTER INSERT OR UPDATE OR DELETE ON lasiteresetrehab
    FOR EACH ROW EXECUTE FUNCTION la_rr_changed();

-- ---------------------------------------------------------------------------------------------------------------
-- The parcel from the SIA survey, and the totals kept on the case
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE la ALTER COLUMN c_khasra_no DROP NOT NULL,
               ALTER COLUMN c_village DROP NOT NULL,
               ALTER COLUMN c_tehsil DROP NOT NULL;

CREATE FUNCTION la_fill() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    s landacquisitionid%ROWTYPE;
    p record;
    r record;
BEGIN
    IF NEW.n_survey IS NOT NULL THEN
        SELECT * INTO s FROM landacquisitionid WHERE id = NEW.n_survey;
        NEW.c_khasra_no := coalesce(NEW.c_khasra_no, s.c_khasra_no);
        NEW.c_village := coalesce(NEW.c_village, s.c_village);
        NEW.c_tehsil := coalesce(NEW.c_tehsil, s.c_tehsil);
        NEW.c_district := s.c_district;
        NEW.n_station := coalesce(NEW.n_station, s.n_station);
        NEW.n_chainage_km := coalesce(NEW.n_chainage_km, s.n_chainage_from_km);
        NEW.n_survey_station := s.n_station;
        NEW.n_survey_chainage_from_km := s.n_chainage_from_km;
        NEW.n_survey_chainage_to_km := s.n_chainage_to_km;
    ELSE
        NEW.n_survey_station := NULL;
        NEW.n_survey_chainage_from_km := NULL;
        NEW.n_survey_chainage_to_km := NULL;
    END IF;
    SELECT * INTO r FROM la_rr_of_survey(NEW.n_survey);
    NEW.n_rr_entitlement := r.entitlement;
    NEW.n_rr_paid := r.paid;
    IF TG_OP = 'INSERT' THEN
        NEW.n_compensation_paid := 0;
        NEW.n_paid_by_possession := 0;
    ELSE
        SELECT * INTO p FROM la_paid(NEW.id);
        NEW.n_compensation_paid := p.total;
        NEW.n_paid_by_possession := coalesce((SELECT sum(x.n_amount) FROM la_payment x
                                              WHERE x.n_la = NEW.id AND x.d_paid <= NEW.d_possession), 0);
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER la_fill BEFORE INSERT OR UPDATE ON la FOR EACH ROW EXECUTE FUNCTION la_fill();

-- The cases as they stand: parcel copies and R&R totals (no payments are recorded yet). A case whose station or
-- chainage the survey it names does not have takes the survey's: the survey is the record of the parcel.
ALTER TABLE la DISABLE TRIGGER la_touch;
UPDATE la SET n_survey = n_survey;
UPDATE la SET n_station = n_survey_station WHERE n_survey_station IS NOT NULL AND n_station IS DISTINCT FROM n_survey_station;
UPDATE la SET n_chainage_km = n_survey_chainage_from_km
WHERE n_chainage_km < n_survey_chainage_from_km OR n_chainage_km > n_survey_chainage_to_km;
ALTER TABLE la ENABLE TRIGGER la_touch;

-- ---------------------------------------------------------------------------------------------------------------
-- Stage dates in order; the urgency clause; the parcel agrees with its survey
-- ---------------------------------------------------------------------------------------------------------------
ALTER TABLE la DROP CONSTRAINT la_possession_check;
ALTER TABLE la
    ADD CONSTRAINT la_khasra_check CHECK (c_khasra_no IS NOT NULL OR n_survey IS NOT NULL),
    ADD CONSTRAINT la_village_check CHECK (c_village IS NOT NULL OR n_survey IS NOT NULL),
    ADD CONSTRAINT la_tehsil_check CHECK (c_tehsil IS NOT NULL OR n_survey IS NOT NULL),
    ADD CONSTRAINT la_survey_station_check CHECK (n_survey_station IS NULL OR n_station = n_survey_station),
    ADD CONSTRAINT la_survey_chainage_check CHECK (n_chainage_km >= n_survey_chainage_from_km
                                                   AND n_chainage_km <= n_survey_chainage_to_km),
    ADD CONSTRAINT la_possession_check CHECK (d_urgency IS NOT NULL OR d_possession >= d_award),
    ADD CONSTRAINT la_possession_stage_check CHECK (d_possession IS NULL OR d_urgency IS NOT NULL
                                                    OR d_award_approved IS NOT NULL),
    ADD CONSTRAINT la_urgency_check CHECK ((c_urgency_ref IS NULL AND d_urgency IS NULL)
                                           OR (c_urgency_ref IS NOT NULL AND d_urgency IS NOT NULL)),
    ADD CONSTRAINT la_urgency_date_check CHECK (d_urgency >= d_sec19),
    ADD CONSTRAINT la_urgency_possession_check CHECK (d_urgency IS NULL OR d_possession >= d_urgency),
    ADD CONSTRAINT la_urgency_tender_check CHECK (d_urgency IS NULL OR d_possession IS NULL
                                                  OR n_paid_by_possession >= n_urgency_tender_due);

-- The s.11 notification on or after the employer's approval of the proposal: checked on every write from now on;
-- cases already recorded the other way round are left as they are (and named in the migration's notice) until
-- they are next changed.
ALTER TABLE la ADD CONSTRAINT la_sec11_approval_check CHECK (d_sec11 >= d_sec11_approved) NOT VALID;
DO $$
BEGIN
    ALTER TABLE la VALIDATE CONSTRAINT la_sec11_approval_check;
EXCEPTION WHEN check_violation THEN
    RAISE NOTICE 'la_sec11_approval_check: cases % have the Sec 11 notification before its approval',
        (SELECT string_agg(c_case_no, ', ') FROM la WHERE d_sec11 < d_sec11_approved);
END $$;

-- ---------------------------------------------------------------------------------------------------------------
-- The roll-up and the land reports: awards passed, and estimates apart
-- ---------------------------------------------------------------------------------------------------------------
-- V30's roll-up per package and station. Acquired: the awarded area of cases whose award is passed, and the area
-- possessed under urgency before an award (s.40(1): the land vests on possession). In possession: every possession
-- recorded. Awards: passed only.
CREATE VIEW v_landacquisitionstatus AS
SELECT (l.n_package * 100000 + coalesce(l.n_station, 0))::bigint AS id,
       l.n_package, l.n_station,
       p.c_code AS c_package_code,
       coalesce(s.c_name, '(no station)') AS c_station_name,
       count(*)::integer AS n_parcels,
       (count(*) FILTER (WHERE l.c_state IN ('SIA', 'Sec 11 approval')))::integer AS n_parcels_sia,
       (count(*) FILTER (WHERE l.c_state = 'Sec 11'))::integer AS n_parcels_sec11,
       (count(*) FILTER (WHERE l.c_state IN ('Sec 19', 'Award approval')))::integer AS n_parcels_sec19,
       (count(*) FILTER (WHERE l.c_state = 'Award'))::integer AS n_parcels_award,
       (count(*) FILTER (WHERE l.c_state = 'Possession'))::integer AS n_parcels_possession,
       sum(l.n_area_required_sqm)::numeric(14, 2) AS n_area_required_sqm,
       coalesce(sum(CASE WHEN l.c_state IN ('Award', 'Possession') THEN l.n_area_acquired_sqm
                         WHEN l.d_possession IS NOT NULL THEN l.n_area_possessed_sqm END), 0)::numeric(14, 2)
           AS n_area_acquired_sqm,
       coalesce(sum(l.n_area_possessed_sqm) FILTER (WHERE l.d_possession IS NOT NULL), 0)::numeric(14, 2)
           AS n_area_possessed_sqm,
       round(100 * coalesce(sum(l.n_area_possessed_sqm) FILTER (WHERE l.d_possession IS NOT NULL), 0)
             / sum(l.n_area_required_sqm), 2)::numeric(7, 2) AS n_percent_possessed,
       coalesce(sum(l.n_award_amount) FILTER (WHERE l.c_state IN ('Award', 'Possession')), 0)::numeric(18, 2)
           AS n_award_amount,
       max(l.d_possession) AS d_last_possession,
       coalesce(sum(l.n_award_amount) FILTER (WHERE l.c_state NOT IN ('Award', 'Possession')
                                              AND l.n_market_value IS NOT NULL), 0)::numeric(18, 2)
           AS n_award_estimate
FROM la l
JOIN package p ON p.id = l.n_package
LEFT JOIN station s ON s.id = l.n_station
GROUP BY l.n_package, l.n_station, p.c_code, s.c_name;

-- V45's land cases per package and stage (la.toml's states in their order). Areas in possession: possession
-- recorded. Awards: of cases whose award is passed; an award worked out before it is passed is an estimate.
CREATE VIEW v_report_land_stage AS
SELECT (l.n_package * 16 + s.n_stage)::bigint AS id,
       l.n_package,
       s.c_stage,
       s.n_stage,
       count(*)::integer AS n_cases,
       coalesce(sum(l.n_area_required_sqm), 0)::numeric(20, 2) AS n_area_required_sqm,
       coalesce(sum(l.n_area_possessed_sqm) FILTER (WHERE l.d_possession IS NOT NULL), 0)::numeric(20, 2)
           AS n_area_possessed_sqm,
       coalesce(sum(l.n_award_amount) FILTER (WHERE l.c_state IN ('Award', 'Possession')), 0)::numeric(20, 2)
           AS n_award_amount,
       coalesce(sum(l.n_award_amount) FILTER (WHERE l.c_state NOT IN ('Award', 'Possession')
                                              AND l.n_market_value IS NOT NULL), 0)::numeric(20, 2)
           AS n_award_estimate,
       coalesce(sum(CASE WHEN l.c_state IN ('Award', 'Possession') THEN l.n_area_acquired_sqm
                         WHEN l.d_possession IS NOT NULL THEN l.n_area_possessed_sqm END), 0)::numeric(20, 2)
           AS n_area_acquired_sqm
FROM la l
JOIN (VALUES ('SIA', 1), ('Sec 11 approval', 2), ('Sec 11', 3), ('Sec 19', 4), ('Award approval', 5), ('Award', 6),
             ('Possession', 7)) AS s (c_stage, n_stage)
  ON s.c_stage = l.c_state
WHERE l.n_package IS NOT NULL
GROUP BY l.n_package, s.c_stage, s.n_stage;

-- V45's land cases per package and village, on the same basis.
CREATE VIEW v_report_land_village AS
SELECT min(l.id) AS id,
       l.n_package,
       coalesce(l.c_village, '(no village)') AS c_village,
       max(l.c_tehsil) AS c_tehsil,
       count(*)::integer AS n_cases,
       (count(*) FILTER (WHERE l.c_state = 'Possession'))::integer AS n_cases_possessed,
       coalesce(sum(l.n_area_required_sqm), 0)::numeric(20, 2) AS n_area_required_sqm,
       coalesce(sum(CASE WHEN l.c_state IN ('Award', 'Possession') THEN l.n_area_acquired_sqm
                         WHEN l.d_possession IS NOT NULL THEN l.n_area_possessed_sqm END), 0)::numeric(20, 2)
           AS n_area_acquired_sqm,
       coalesce(sum(l.n_area_possessed_sqm) FILTER (WHERE l.d_possession IS NOT NULL), 0)::numeric(20, 2)
           AS n_area_possessed_sqm,
       coalesce(sum(l.n_award_amount) FILTER (WHERE l.c_state IN ('Award', 'Possession')), 0)::numeric(20, 2)
           AS n_award_amount,
       coalesce(sum(l.n_award_amount) FILTER (WHERE l.c_state NOT IN ('Award', 'Possession')
                                              AND l.n_market_value IS NOT NULL), 0)::numeric(20, 2)
           AS n_award_estimate
FROM la l
WHERE l.n_package IS NOT NULL
GROUP BY l.n_package, coalesce(l.c_village, '(no village)');
