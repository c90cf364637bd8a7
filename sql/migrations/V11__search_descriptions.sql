-- Global search looks in descriptive text too (descriptions, remarks, addresses): those columns are marked
-- searchable in the registry, and each gets a trigram index so that "contains" searches use an index instead
-- of scanning the table (check-registry warns about a searchable column without one).
CREATE INDEX IF NOT EXISTS approval_remarks_trgm ON approval USING gin (c_remarks gin_trgm_ops);
CREATE INDEX IF NOT EXISTS device_registration_remarks_trgm ON device_registration USING gin (c_remarks gin_trgm_ops);
CREATE INDEX IF NOT EXISTS document_review_remarks_trgm ON document_review USING gin (c_remarks gin_trgm_ops);
CREATE INDEX IF NOT EXISTS package_user_remarks_trgm ON package_user USING gin (c_remarks gin_trgm_ops);
CREATE INDEX IF NOT EXISTS users_designation_trgm ON users USING gin (c_designation gin_trgm_ops);
CREATE INDEX IF NOT EXISTS settings_description_trgm ON settings USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS activity_description_trgm ON activity USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS construction_stage_description_trgm ON construction_stage USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS pre_construction_stage_description_trgm ON pre_construction_stage USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS sub_activity_description_trgm ON sub_activity USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS contractor_address_trgm ON contractor USING gin (c_address gin_trgm_ops);
CREATE INDEX IF NOT EXISTS contractor_contact_person_trgm ON contractor USING gin (c_contact_person gin_trgm_ops);
CREATE INDEX IF NOT EXISTS corridor_description_trgm ON corridor USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS designation_department_trgm ON designation USING gin (c_department gin_trgm_ops);
CREATE INDEX IF NOT EXISTS designation_description_trgm ON designation USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS discipline_description_trgm ON discipline USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS doc_status_description_trgm ON doc_status USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS doc_type_description_trgm ON doc_type USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS document_type_description_trgm ON document_type USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS organization_address_trgm ON organization USING gin (c_address gin_trgm_ops);
CREATE INDEX IF NOT EXISTS package_description_trgm ON package USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS phase_description_trgm ON phase USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS project_description_trgm ON project USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS project_funding_agency_trgm ON project USING gin (c_funding_agency gin_trgm_ops);
CREATE INDEX IF NOT EXISTS section_description_trgm ON section USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS site_address_trgm ON site USING gin (c_address gin_trgm_ops);
CREATE INDEX IF NOT EXISTS station_link_remarks_trgm ON station_link USING gin (c_remarks gin_trgm_ops);
CREATE INDEX IF NOT EXISTS sub_discipline_description_trgm ON sub_discipline USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS sub_section_description_trgm ON sub_section USING gin (c_description gin_trgm_ops);
CREATE INDEX IF NOT EXISTS work_type_description_trgm ON work_type USING gin (c_description gin_trgm_ops);
