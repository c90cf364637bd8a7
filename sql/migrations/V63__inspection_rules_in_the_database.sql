-- Made by `gateway registry plan` from the registry files: what they declare that the tables lacked.
-- Issue 48: what an inspector must say (inspection.toml's and inspection_check.toml's `[[rules]]`) is now also the
-- database's, so a write that does not come through the gateway is held to it too. NOT VALID: an inspection an
-- installed system recorded before the rule is kept as it was (nothing is lost on upgrade); every new or changed
-- row is checked. A fresh install has no such rows.

-- inspection: the rule "Choose a station or describe the place" as the CHECK `inspection_place_check`
--   refused unless zero: SELECT count(*), string_agg(id::text, ', ' ORDER BY id) FROM inspection WHERE NOT (c_kind <> 'Site inspection' OR n_station IS NOT NULL OR c_location IS NOT NULL)
ALTER TABLE inspection ADD CONSTRAINT inspection_place_check CHECK (c_kind <> 'Site inspection' OR n_station IS NOT NULL OR c_location IS NOT NULL) NOT VALID;

-- inspection: the rule "Say what was wrong" as the CHECK `inspection_remarks_check`
--   refused unless zero: SELECT count(*), string_agg(id::text, ', ' ORDER BY id) FROM inspection WHERE NOT (c_result = 'Witnessed' OR c_remarks IS NOT NULL)
ALTER TABLE inspection ADD CONSTRAINT inspection_remarks_check CHECK (c_result = 'Witnessed' OR c_remarks IS NOT NULL) NOT VALID;

-- inspection_check: the rule "Say what does not conform" as the CHECK `inspection_check_remarks_check`
--   refused unless zero: SELECT count(*), string_agg(id::text, ', ' ORDER BY id) FROM inspection_check WHERE NOT (c_result <> 'Does not conform' OR c_remarks IS NOT NULL)
ALTER TABLE inspection_check ADD CONSTRAINT inspection_check_remarks_check CHECK (c_result <> 'Does not conform' OR c_remarks IS NOT NULL) NOT VALID;

