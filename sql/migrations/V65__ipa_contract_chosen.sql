-- An IPA is the contractor's statement under ONE contract (FIDIC 14.3), and a package may hold several. The
-- contract was the package's first by id, whichever the contractor meant, and a package without a contract failed
-- with "Contract is required" on a form that had no Contract field. The form now asks for the contract, offering
-- the package's and starting with its only one (registry `default = "only"`); the gateway requires it. A write
-- that does not come through the gateway (the demo seed, SQL) and leaves it blank gets the package's only
-- contract; with several or none it stays blank and NOT NULL refuses it. A changed package with an unchanged
-- contract takes the new package's only contract (the gateway refuses a contract of another package).
CREATE OR REPLACE FUNCTION commercial_contract_of_package() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.n_contract IS NULL
       OR (TG_OP = 'UPDATE' AND NEW.n_package IS DISTINCT FROM OLD.n_package
           AND NEW.n_contract IS NOT DISTINCT FROM OLD.n_contract) THEN
        NEW.n_contract := (SELECT min(c.id) FROM contract c WHERE c.n_package = NEW.n_package HAVING count(*) = 1);
    END IF;
    RETURN NEW;
END;
$$;
DROP TRIGGER ipa_contract ON ipa;
CREATE TRIGGER ipa_contract BEFORE INSERT OR UPDATE OF n_package, n_contract ON ipa
    FOR EACH ROW EXECUTE FUNCTION commercial_contract_of_package();
