-- Demo data for the land survey registers (loaded once, after demo_controls.sql, as the seed set "demo-survey"):
-- the surveyor's and the land-acquisition officer's permissions, and fifteen SIA / R&R baseline surveys of parcels
-- on the viaduct and underground packages of corridors 1 and 2 (Bengaluru Urban and Rural) in every step of their
-- workflow, each with its general information, project components, families person by person, structures and
-- assets, businesses and R&R entitlements (RFCTLARR 2013, Second Schedule). The overall impact is the database's
-- (triggers of V29), so it adds up by construction. Dates are relative to today. The newest underground draft
-- (Gandhinagar, C1-UG01-SUR-0003) is a census in progress: no general information or entitlements yet.

-- The surveyor records surveys and their lines (create, update, delete of drafts, export); the land-acquisition
-- officer verifies or returns them (update on the survey) and reads every line; the engineer, the employer and the
-- employer's contract manager read them; the contractors see nothing.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, nav.id, (SELECT id FROM users WHERE c_username = 'admin'),
       CASE WHEN u.c_username = 'surveyor' AND nav.c_route <> '/survey/lasiteoverallimpact' THEN 1 ELSE 0 END,
       CASE WHEN u.c_username = 'surveyor' AND nav.c_route <> '/survey/lasiteoverallimpact' THEN 1
            WHEN u.c_username = 'landofficer' AND nav.c_route = '/survey/landacquisitionid' THEN 1 ELSE 0 END,
       CASE WHEN u.c_username = 'surveyor' AND nav.c_route <> '/survey/lasiteoverallimpact' THEN 1 ELSE 0 END,
       1
FROM users u CROSS JOIN navigation nav
WHERE u.c_username IN ('surveyor', 'landofficer', 'engineer', 'employer', 'manager')
  AND nav.c_route LIKE '/survey/%';

-- The surveys: numbered per package in survey order; a draft waits on the surveyor, a submitted survey on the
-- officer, a returned one on the surveyor again, a verified one on nobody.
CREATE TEMP TABLE demo_survey ON COMMIT DROP AS
SELECT v.*, p.id AS package, st.id AS station
FROM (VALUES
    (1, 'C1-V01', 'C1-S02', 2.180, 2.260, 'Sy. No. 112/3', 'Bettakote', 'Devanahalli', 'Bengaluru Rural', 1850.00, 'Verified', 150, 'Strip along the airport road service lane, east side; dry land with roadside houses and shops'),
    (2, 'C1-V01', 'C1-S03', 3.880, 3.990, 'Sy. No. 47/1A', 'Chikkajala', 'Yelahanka', 'Bengaluru Urban', 2640.00, 'Verified', 132, 'Agricultural land with a farmhouse and a borewell, west of NH 44'),
    (3, 'C1-V01', 'C1-S04', 5.620, 5.700, 'Sy. No. 88/2', 'Bagalur', 'Yelahanka', 'Bengaluru Urban', 920.00, 'Submitted', 21, 'Row of shops and houses at the Bagalur cross junction'),
    (4, 'C1-V01', 'C1-S05', 7.350, 7.420, 'Sy. No. 19', 'Jakkur', 'Yelahanka', 'Bengaluru Urban', 1210.00, 'Returned', 30, 'Old village settlement behind the Jakkur lake bund; houses and a temple'),
    (5, 'C1-V01', 'C1-S06', 9.180, 9.260, 'Sy. No. 64/5', 'Hebbal', 'Bengaluru North', 'Bengaluru Urban', 760.00, 'Draft', 4, 'Corner plot at the Hebbal flyover loop with a garage and houses'),
    (6, 'C1-UG01', 'C1-S07', 10.860, 10.930, 'CTS No. 2214', 'Ward 109 Chickpet', 'Bengaluru South', 'Bengaluru Urban', 540.00, 'Verified', 110, 'Dense old-city block on Avenue Road; ground-floor shops with houses above'),
    (7, 'C1-UG01', 'C1-S08', 12.400, 12.470, 'CTS No. 1187/A', 'Ward 110 Sampangiram Nagar', 'Bengaluru North', 'Bengaluru Urban', 680.00, 'Submitted', 18, 'Tenements and a wholesale market lane beside the market square'),
    (8, 'C1-UG01', 'C1-S09', 13.760, 13.840, 'CTS No. 76/12-3', 'Ward 94 Gandhinagar', 'Bengaluru North', 'Bengaluru Urban', 1120.00, 'Draft', 6, 'Lodges and shops opposite the city railway station'),
    (9, 'C2-V01', 'C2-S01', 0.450, 0.560, 'Sy. No. 203/1', 'Kogilu', 'Yelahanka', 'Bengaluru Urban', 1980.00, 'Verified', 140, 'Dry land with a poultry shed and labour quarters north of Kogilu cross'),
    (10, 'C2-V01', 'C2-S02', 2.300, 2.380, 'Sy. No. 56/4', 'Thanisandra', 'Bengaluru East', 'Bengaluru Urban', 840.00, 'Submitted', 9, 'Houses and a tyre shop on the Thanisandra main road median side'),
    (11, 'C2-V01', 'C2-S03', 4.050, 4.130, 'CTS No. 3321', 'Ward 78 Vasanth Nagar', 'Bengaluru North', 'Bengaluru Urban', 610.00, 'Returned', 26, 'Encroached footpath strip and two bungalows on Cunningham Road'),
    (12, 'C2-V01', 'C2-S04', 5.960, 6.040, 'CTS No. 918/2', 'Ward 111 Shantala Nagar', 'Bengaluru South', 'Bengaluru Urban', 450.00, 'Verified', 95, 'Shops of the stadium arcade and a slum pocket along the drain'),
    (13, 'C2-V02', 'C2-S06', 10.150, 10.240, 'Sy. No. 141/2', 'Bommanahalli', 'Bengaluru South', 'Bengaluru Urban', 1560.00, 'Submitted', 6, 'Former mill workers colony and weavers sheds on Hosur Road'),
    (14, 'C2-V02', 'C2-S07', 12.600, 12.720, 'Sy. No. 27/3B', 'Bommasandra', 'Anekal', 'Bengaluru Urban', 2230.00, 'Draft', 3, 'Industrial plots and a roadside dhaba in Bommasandra phase 1'),
    (15, 'C2-V02', 'C2-S08', 17.540, 17.620, 'Sy. No. 9/1', 'Chandapura', 'Anekal', 'Bengaluru Urban', 1340.00, 'Verified', 120, 'Village houses and a dairy on the Chandapura circle approach')
) AS v (n, package_code, station_code, ch_from, ch_to, khasra, village, tehsil, district, area, state, age, parcel)
JOIN package p ON p.c_code = v.package_code
JOIN station st ON st.c_code = v.station_code;

INSERT INTO landacquisitionid (c_survey_no, n_package, n_station, n_chainage_from_km, n_chainage_to_km, c_khasra_no,
                               c_village, c_tehsil, c_district, c_parcel_description, n_area_sqm, n_surveyor, d_survey,
                               d_cutoff, c_survey_method, c_remarks, n_verifier, d_submitted, d_verification_due,
                               d_verified, c_verification_remarks, c_state, n_ball_in_court, n_raised_by, n_updated_by,
                               d_created_at, d_updated_at)
SELECT d.package_code || '-SUR-' || lpad(row_number() OVER (PARTITION BY d.package ORDER BY d.age DESC, d.n)::text, 4, '0'),
       d.package, d.station, d.ch_from, d.ch_to, d.khasra, d.village, d.tehsil, d.district, d.parcel, d.area, sur.id,
       current_date - d.age,
       -- The cut-off date: the date of the SIA notification (RFCTLARR s.4), a fortnight before the census.
       current_date - d.age - 14,
       CASE WHEN d.n IN (2, 9) THEN 'Joint measurement survey' ELSE 'Census and socio-economic survey' END,
       CASE WHEN d.state = 'Draft' THEN 'Census in progress; two households to be revisited on Sunday.'
            ELSE 'Census and socio-economic survey completed with the village accountant present.' END,
       CASE WHEN d.n = 8 THEN NULL ELSE lo.id END,
       CASE WHEN d.n = 3 THEN current_date - d.age + 10 WHEN d.state <> 'Draft' THEN current_date - d.age + 5 END,
       CASE WHEN d.n = 3 THEN current_date - d.age + 17 WHEN d.state <> 'Draft' THEN current_date - d.age + 12 END,
       CASE WHEN d.state = 'Verified' THEN current_date - d.age + 10 END,
       CASE WHEN d.state = 'Verified' THEN 'Verified against the RTC extracts and the BBMP khata; families and structures tally with the drone survey.'
            WHEN d.state = 'Returned' THEN 'Tenure of two families not evidenced; attach rent agreements or electricity bills before the cut-off date.' END,
       d.state,
       CASE d.state WHEN 'Draft' THEN sur.id WHEN 'Submitted' THEN lo.id WHEN 'Returned' THEN sur.id END,
       sur.id, CASE WHEN d.state IN ('Verified', 'Returned') THEN lo.id ELSE sur.id END,
       (current_date - d.age)::timestamptz + interval '17 hours',
       (current_date - d.age)::timestamptz + interval '17 hours'
FROM demo_survey d
CROSS JOIN (SELECT id FROM users WHERE c_username = 'surveyor') AS sur
CROSS JOIN (SELECT id FROM users WHERE c_username = 'landofficer') AS lo
ORDER BY d.n;

-- Survey numbers by the demo row (n) they were given from.
CREATE TEMP TABLE demo_survey_id ON COMMIT DROP AS
SELECT d.n, s.id
FROM demo_survey d JOIN landacquisitionid s ON s.n_package = d.package AND s.c_khasra_no = d.khasra;

INSERT INTO lasitegeneralinfo (n_survey, c_land_use, c_ownership, c_access, n_road_width_m, c_terrain, c_utilities,
                               c_encumbrances, n_guideline_rate, c_remarks, n_created_by)
SELECT i.id, v.land_use, v.ownership, v.access, v.road, v.terrain, v.utilities, v.encumbrances, v.rate, v.remarks,
       (SELECT id FROM users WHERE c_username = 'surveyor')
FROM (VALUES
    (1, 'Mixed use', 'Private', 'Main road', 30.0, 'Level', 'BESCOM LT line, BWSSB water main 150 mm, sewer line, BSNL and OFC ducts', NULL, 8200, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (2, 'Agricultural', 'Private', 'Service road', 12.0, 'Level', '11 kV overhead line, borewell, no sewer', 'Crop loan mortgage with the Vijaya Bank branch; to be cleared from the award', 5400, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (3, 'Commercial', 'Private', 'Main road', 24.0, 'Gentle slope', 'BESCOM LT line, BWSSB water main 150 mm, sewer line, BSNL and OFC ducts', NULL, 14500, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (4, 'Residential', 'Private', 'Internal lane', 6.0, 'Level', 'BESCOM LT line, BWSSB water main 150 mm, sewer line, BSNL and OFC ducts', NULL, 11200, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (5, 'Mixed use', 'Private', 'Main road', 18.0, 'Low-lying', 'BESCOM LT line, BWSSB water main 150 mm, sewer line, BSNL and OFC ducts', NULL, 21000, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (6, 'Mixed use', 'Private', 'Internal lane', 7.5, 'Level', 'BESCOM LT line, BWSSB water main 150 mm, sewer line, BSNL and OFC ducts', 'Partition suit O.S. 4412/2019 pending in the City Civil Court', 38500, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (7, 'Commercial', 'Municipal', 'Internal lane', 6.0, 'Level', 'BESCOM LT line, BWSSB water main 150 mm, sewer line, BSNL and OFC ducts', NULL, 32000, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (9, 'Agricultural', 'Private', 'Cart track', 5.0, 'Gentle slope', '11 kV overhead line, borewell, no sewer', 'Crop loan mortgage with the Vijaya Bank branch; to be cleared from the award', 4800, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (10, 'Mixed use', 'Private', 'Main road', 24.0, 'Level', 'BESCOM LT line, BWSSB water main 150 mm, sewer line, BSNL and OFC ducts', NULL, 17800, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (11, 'Residential', 'State government', 'Main road', 18.0, 'Level', 'BESCOM LT line, BWSSB water main 150 mm, sewer line, BSNL and OFC ducts', 'Footpath strip is government land (encroached); bungalows under lease from the state', 52000, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (12, 'Commercial', 'Municipal', 'Service road', 9.0, 'Low-lying', 'BESCOM LT line, BWSSB water main 150 mm, sewer line, BSNL and OFC ducts', NULL, 41000, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (13, 'Residential', 'Private', 'Service road', 10.0, 'Level', 'BESCOM LT line, BWSSB water main 150 mm, sewer line, BSNL and OFC ducts', NULL, 16500, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (14, 'Industrial', 'Private', 'Main road', 30.0, 'Level', 'HT line, KIADB water, storm drain', NULL, 9800, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24'),
    (15, 'Residential', 'Private', 'Internal lane', 6.0, 'Undulating', 'BESCOM LT line, BWSSB water main 150 mm, sewer line, BSNL and OFC ducts', NULL, 7600, 'Guideline value as notified by the Department of Stamps and Registration, 2023-24')
) AS v (n, land_use, ownership, access, road, terrain, utilities, encumbrances, rate, remarks)
JOIN demo_survey_id i ON i.n = v.n;

INSERT INTO lasiteprojectinfo (n_survey, c_component, c_component_ref, c_acquisition_mode, n_area_permanent_sqm,
                               n_area_temporary_sqm, n_temporary_months, c_remarks, n_created_by)
SELECT i.id, v.component, v.ref, v.mode, v.perm, v.temp, v.months, v.remarks, (SELECT id FROM users WHERE c_username = 'surveyor')
FROM (VALUES
    (1, 'Viaduct pier', 'Piers P21-P23 (drg C1-V01/VIA/GA-021)', 'Permanent acquisition', 640.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (1, 'Casting yard', 'Segment stacking area, P21-P25', 'Temporary occupation', 0.00, 1100.00, 18, 'Returned to the owner restored after the works'),
    (2, 'Station building', 'Aerocity station, west half (drg C1-V01/STN/03-GA)', 'Permanent acquisition', 1980.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (2, 'Station entry / exit', 'Entry A, west footpath', 'Permanent acquisition', 260.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (2, 'Utility diversion', '66 kV line realignment', 'Right of use', 0.00, 400.00, 12, 'Returned to the owner restored after the works'),
    (3, 'Station entry / exit', 'Tech Park station, Entry B and staircase', 'Permanent acquisition', 410.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (3, 'Viaduct pier', 'Pier P58', 'Permanent acquisition', 96.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (4, 'Station entry / exit', 'University station, Entry C with lift', 'Permanent acquisition', 380.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (4, 'Traction substation', 'RSS-3 Jakkur', 'Permanent acquisition', 520.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (5, 'Ramp', 'Depot approach ramp, first spans', 'Permanent acquisition', 420.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (6, 'Station entry / exit', 'Old Fort station, Entry 2 (cut-and-cover)', 'Permanent acquisition', 310.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (6, 'Ventilation shaft', 'Shaft VS-07', 'Permanent acquisition', 140.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (7, 'Station entry / exit', 'Market Square station, Entry 1', 'Permanent acquisition', 290.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (7, 'Utility diversion', 'Storm water drain diversion', 'Temporary occupation', 0.00, 210.00, 9, 'Returned to the owner restored after the works'),
    (8, 'Station entry / exit', 'Central Station interchange, Entry 4', 'Permanent acquisition', 520.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (9, 'Station building', 'Northgate station (drg C2-V01/STN/01-GA)', 'Permanent acquisition', 1450.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (9, 'Casting yard', 'Pier cap casting area', 'Temporary occupation', 0.00, 500.00, 24, 'Returned to the owner restored after the works'),
    (10, 'Viaduct pier', 'Piers P207-P208', 'Permanent acquisition', 190.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (10, 'Station entry / exit', 'Lake View station, Entry A', 'Permanent acquisition', 300.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (11, 'Station entry / exit', 'Civil Lines station, Entry B and skywalk', 'Permanent acquisition', 240.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (12, 'Station entry / exit', 'Stadium station, Entry A', 'Permanent acquisition', 210.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (12, 'Viaduct pier', 'Pier P236', 'Permanent acquisition', 85.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (13, 'Station building', 'Textile Mills station, south end', 'Permanent acquisition', 980.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (13, 'Viaduct pier', 'Piers P301-P302', 'Permanent acquisition', 180.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (14, 'Traction substation', 'RSS-5 Bommasandra', 'Permanent acquisition', 600.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (14, 'Casting yard', 'Girder launching area', 'Temporary occupation', 0.00, 900.00, 15, 'Returned to the owner restored after the works'),
    (15, 'Station building', 'Southfield terminal station, east wing', 'Permanent acquisition', 860.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C'),
    (15, 'Depot', 'Stabling line approach', 'Permanent acquisition', 300.00, 0.00, NULL::integer, 'As per the land plan schedule, rev. C')
) AS v (n, component, ref, mode, perm, temp, months, remarks)
JOIN demo_survey_id i ON i.n = v.n;

-- One line per person: the family number groups the family, one head each.
INSERT INTO lasitefamilyparticulars (n_survey, c_family_no, c_member_name, c_relation, c_gender, n_age, c_category,
                                     c_tenure, c_occupation, c_education, n_monthly_income, b_bpl, b_disabled, b_widow,
                                     b_woman_headed, c_remarks, n_created_by)
SELECT i.id, v.fam, v.name, v.relation, v.gender, v.age, v.category, v.tenure, v.occupation, v.education, v.income,
       v.bpl, v.disabled, v.widow, v.woman_headed, v.remarks, (SELECT id FROM users WHERE c_username = 'surveyor')
FROM (VALUES
    (1, 'F-01', 'Mahesh Shetty', 'Head', 'Male', 59, 'SC', 'Titleholder', 'Dairy farmer', 'Primary', 14000.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (1, 'F-01', 'Asha Shetty', 'Spouse', 'Female', 54, 'SC', 'Titleholder', 'Flower vendor', 'Secondary', 22000.00, true, false, false, false, NULL),
    (1, 'F-01', 'Pooja Shetty', 'Daughter', 'Female', 30, 'SC', 'Titleholder', 'Anganwadi helper', 'Primary', 18500.00, true, false, false, false, NULL),
    (1, 'F-02', 'Parvathi Murthy', 'Head', 'Female', 43, 'OBC', 'Titleholder', 'Domestic worker', 'Primary', 12500.00, false, false, true, true, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (1, 'F-02', 'Bhavya Murthy', 'Daughter', 'Female', 14, 'OBC', 'Titleholder', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (1, 'F-02', 'Nikhil Murthy', 'Son', 'Male', 17, 'OBC', 'Titleholder', 'Student', 'None', 0.00, false, false, false, false, NULL),
    (1, 'F-03', 'Hanumanthappa Swamy', 'Head', 'Male', 51, 'ST', 'Tenant', 'Farmer', 'Higher secondary', 9500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (1, 'F-03', 'Nagamma Swamy', 'Spouse', 'Female', 49, 'ST', 'Tenant', 'Homemaker', 'None', 0.00, false, false, false, false, NULL),
    (1, 'F-03', 'Chetan Swamy', 'Son', 'Male', 21, 'ST', 'Tenant', 'Dairy farmer', 'Secondary', 8000.00, false, true, false, false, NULL),
    (2, 'F-01', 'Muniyappa Hegde', 'Head', 'Male', 44, 'OBC', 'Titleholder', 'Mechanic', 'Graduate', 12500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (2, 'F-01', 'Shobha Hegde', 'Spouse', 'Female', 42, 'OBC', 'Titleholder', 'Anganwadi helper', 'Higher secondary', 6500.00, false, false, false, false, NULL),
    (2, 'F-01', 'Ananya Hegde', 'Daughter', 'Female', 19, 'OBC', 'Titleholder', 'Student', 'Higher secondary', 0.00, false, false, false, false, NULL),
    (2, 'F-01', 'Tejas Hegde', 'Son', 'Male', 16, 'OBC', 'Titleholder', 'Student', 'Primary', 0.00, false, false, false, false, NULL),
    (2, 'F-01', 'Ananya Hegde II', 'Daughter', 'Female', 16, 'OBC', 'Titleholder', 'Student', 'None', 0.00, false, false, false, false, NULL),
    (2, 'F-02', 'Venkatesh Rao', 'Head', 'Male', 44, 'OBC', 'Titleholder', 'Private employee', 'Primary', 18500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (2, 'F-02', 'Kavya Rao', 'Spouse', 'Female', 40, 'OBC', 'Titleholder', 'Anganwadi helper', 'Graduate', 14000.00, false, false, false, false, NULL),
    (2, 'F-02', 'Arun Rao', 'Son', 'Male', 14, 'OBC', 'Titleholder', 'Student', 'Secondary', 0.00, false, true, false, false, NULL),
    (2, 'F-02', 'Meghana Rao', 'Daughter', 'Female', 16, 'OBC', 'Titleholder', 'Student', 'Higher secondary', 0.00, false, true, false, false, NULL),
    (2, 'F-02', 'Divya Rao', 'Daughter', 'Female', 9, 'OBC', 'Titleholder', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (2, 'F-03', 'Basavaraj Patil', 'Head', 'Male', 48, 'OBC', 'Titleholder', 'Mechanic', 'Primary', 8000.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (2, 'F-03', 'Roopa Patil', 'Spouse', 'Female', 46, 'OBC', 'Titleholder', 'Domestic worker', 'Secondary', 6500.00, false, false, false, false, NULL),
    (2, 'F-03', 'Bhavya Patil', 'Daughter', 'Female', 24, 'OBC', 'Titleholder', 'Garment worker', 'Primary', 16000.00, false, false, false, false, NULL),
    (2, 'F-04', 'Anand Gowda', 'Head', 'Male', 47, 'OBC', 'Titleholder', 'Dairy farmer', 'Secondary', 8000.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (2, 'F-04', 'Jayamma Gowda', 'Spouse', 'Female', 40, 'OBC', 'Titleholder', 'Homemaker', 'Primary', 0.00, false, false, false, false, NULL),
    (2, 'F-04', 'Bhavya Gowda', 'Daughter', 'Female', 24, 'OBC', 'Titleholder', 'Homemaker', 'Secondary', 0.00, false, false, false, false, NULL),
    (3, 'F-01', 'Chandrashekar Naik', 'Head', 'Male', 41, 'ST', 'Titleholder', 'Tailor', 'Primary', 11000.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (3, 'F-01', 'Asha Naik', 'Spouse', 'Female', 34, 'ST', 'Titleholder', 'Flower vendor', 'Graduate', 22000.00, true, false, false, false, NULL),
    (3, 'F-01', 'Pavan Naik', 'Son', 'Male', 11, 'ST', 'Titleholder', 'Student', 'Secondary', 0.00, true, true, false, false, NULL),
    (3, 'F-01', 'Tejas Naik', 'Son', 'Male', 14, 'ST', 'Titleholder', 'Student', 'Secondary', 0.00, true, false, false, false, NULL),
    (3, 'F-01', 'Rashmi Naik', 'Daughter', 'Female', 10, 'ST', 'Titleholder', 'Student', 'Secondary', 0.00, true, false, false, false, NULL),
    (3, 'F-01', 'Kempamma Naik', 'Mother', 'Female', 69, 'ST', 'Titleholder', 'Homemaker', 'Secondary', 0.00, true, false, true, false, NULL),
    (3, 'F-02', 'Thimmaiah Raju', 'Head', 'Male', 64, 'OBC', 'Tenant', 'Auto-rickshaw driver', 'Secondary', 14000.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (3, 'F-02', 'Nagamma Raju', 'Spouse', 'Female', 57, 'OBC', 'Tenant', 'Tailor', 'Secondary', 8000.00, false, false, false, false, NULL),
    (3, 'F-02', 'Divya Raju', 'Daughter', 'Female', 41, 'OBC', 'Tenant', 'Anganwadi helper', 'None', 8000.00, false, false, false, false, NULL),
    (3, 'F-02', 'Lavanya Raju', 'Daughter', 'Female', 37, 'OBC', 'Tenant', 'Domestic worker', 'Primary', 9500.00, false, false, false, false, NULL),
    (4, 'F-01', 'Mahesh Murthy', 'Head', 'Male', 61, 'General', 'Titleholder', 'Dairy farmer', 'Graduate', 8000.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (4, 'F-01', 'Bhagya Murthy', 'Spouse', 'Female', 58, 'General', 'Titleholder', 'Domestic worker', 'None', 6500.00, false, false, false, false, NULL),
    (4, 'F-01', 'Chaitra Murthy', 'Daughter', 'Female', 34, 'General', 'Titleholder', 'Tailor', 'Graduate', 22000.00, false, false, false, false, NULL),
    (4, 'F-01', 'Vinay Murthy', 'Son', 'Male', 32, 'General', 'Titleholder', 'Dairy farmer', 'Primary', 18500.00, false, false, false, false, NULL),
    (4, 'F-01', 'Deepa Murthy', 'Daughter', 'Female', 33, 'General', 'Titleholder', 'Garment worker', 'Secondary', 14000.00, false, false, false, false, NULL),
    (4, 'F-02', 'Ramesh Hegde', 'Head', 'Male', 45, 'OBC', 'Titleholder', 'Private employee', 'Graduate', 9500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (4, 'F-02', 'Bhagya Hegde', 'Spouse', 'Female', 41, 'OBC', 'Titleholder', 'Homemaker', 'Secondary', 0.00, false, false, false, false, NULL),
    (4, 'F-02', 'Keerthi Hegde', 'Daughter', 'Female', 23, 'OBC', 'Titleholder', 'Garment worker', 'None', 11000.00, false, false, false, false, NULL),
    (4, 'F-02', 'Yashas Hegde', 'Son', 'Male', 13, 'OBC', 'Titleholder', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (4, 'F-03', 'Basavaraj Gowda', 'Head', 'Male', 43, 'ST', 'Titleholder', 'Security guard', 'Secondary', 22000.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (4, 'F-03', 'Roopa Gowda', 'Spouse', 'Female', 40, 'ST', 'Titleholder', 'Homemaker', 'Graduate', 0.00, true, false, false, false, NULL),
    (4, 'F-03', 'Darshan Gowda', 'Son', 'Male', 21, 'ST', 'Titleholder', 'Carpenter', 'Primary', 6500.00, true, false, false, false, NULL),
    (4, 'F-03', 'Kempamma Gowda', 'Mother', 'Female', 70, 'ST', 'Titleholder', 'Homemaker', 'Graduate', 0.00, true, false, true, false, NULL),
    (5, 'F-01', 'Muniyappa Kumar', 'Head', 'Male', 58, 'OBC', 'Titleholder', 'Vegetable vendor', 'Graduate', 18500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (5, 'F-01', 'Kavya Kumar', 'Spouse', 'Female', 55, 'OBC', 'Titleholder', 'Tailor', 'Secondary', 12500.00, false, false, false, false, NULL),
    (5, 'F-01', 'Arun Kumar', 'Son', 'Male', 31, 'OBC', 'Titleholder', 'Weaver', 'None', 14000.00, false, false, false, false, NULL),
    (5, 'F-02', 'Mary D''Souza', 'Head', 'Female', 57, 'OBC', 'Tenant', 'Homemaker', 'Primary', 0.00, false, false, true, true, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (5, 'F-02', 'Chetan D''Souza', 'Son', 'Male', 30, 'OBC', 'Tenant', 'Mechanic', 'Graduate', 9500.00, false, false, false, false, NULL),
    (6, 'F-01', 'Mohan Nayak', 'Head', 'Male', 58, 'OBC', 'Titleholder', 'Mechanic', 'Secondary', 6500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (6, 'F-01', 'Sakamma Nayak', 'Spouse', 'Female', 56, 'OBC', 'Titleholder', 'Anganwadi helper', 'Secondary', 9500.00, false, false, false, false, NULL),
    (6, 'F-01', 'Tejas Nayak', 'Son', 'Male', 36, 'OBC', 'Titleholder', 'Vegetable vendor', 'Primary', 6500.00, false, false, false, false, NULL),
    (6, 'F-01', 'Tejas Nayak II', 'Son', 'Male', 29, 'OBC', 'Titleholder', 'Carpenter', 'Secondary', 18500.00, false, false, false, false, NULL),
    (6, 'F-01', 'Vinay Nayak', 'Son', 'Male', 22, 'OBC', 'Titleholder', 'Weaver', 'Primary', 22000.00, false, false, false, false, NULL),
    (6, 'F-02', 'Basavaraj Hegde', 'Head', 'Male', 36, 'ST', 'Titleholder', 'Carpenter', 'None', 6500.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (6, 'F-02', 'Kavya Hegde', 'Spouse', 'Female', 33, 'ST', 'Titleholder', 'Homemaker', 'None', 0.00, true, false, false, false, NULL),
    (6, 'F-02', 'Ananya Hegde', 'Daughter', 'Female', 14, 'ST', 'Titleholder', 'Student', 'Secondary', 0.00, true, false, false, false, NULL),
    (6, 'F-02', 'Chaitra Hegde', 'Daughter', 'Female', 10, 'ST', 'Titleholder', 'Student', 'Secondary', 0.00, true, false, false, false, NULL),
    (6, 'F-03', 'Lokesh Murthy', 'Head', 'Male', 52, 'OBC', 'Tenant', 'Weaver', 'Graduate', 14000.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (6, 'F-03', 'Parvathi Murthy', 'Spouse', 'Female', 50, 'OBC', 'Tenant', 'Garment worker', 'Graduate', 14000.00, false, false, false, false, NULL),
    (6, 'F-03', 'Deepa Murthy', 'Daughter', 'Female', 28, 'OBC', 'Tenant', 'Tailor', 'Graduate', 6500.00, false, false, false, false, NULL),
    (7, 'F-01', 'Shivakumar Lakshmaiah', 'Head', 'Male', 36, 'ST', 'Titleholder', 'Vegetable vendor', 'Graduate', 12500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (7, 'F-01', 'Lakshmamma Lakshmaiah', 'Spouse', 'Female', 31, 'ST', 'Titleholder', 'Flower vendor', 'None', 18500.00, false, false, false, false, NULL),
    (7, 'F-01', 'Akash Lakshmaiah', 'Son', 'Male', 9, 'ST', 'Titleholder', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (7, 'F-01', 'Vinay Lakshmaiah', 'Son', 'Male', 6, 'ST', 'Titleholder', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (7, 'F-01', 'Lavanya Lakshmaiah', 'Daughter', 'Female', 4, 'ST', 'Titleholder', NULL, 'Below school age', 0.00, false, false, false, false, NULL),
    (7, 'F-01', 'Kempamma Lakshmaiah', 'Mother', 'Female', 58, 'ST', 'Titleholder', 'Homemaker', 'Secondary', 0.00, false, false, true, false, NULL),
    (7, 'F-02', 'Siddaraju Reddy', 'Head', 'Male', 52, 'OBC', 'Licensee', 'Shopkeeper', 'Primary', 12500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (7, 'F-02', 'Shilpa Reddy', 'Spouse', 'Female', 50, 'OBC', 'Licensee', 'Flower vendor', 'Graduate', 9500.00, false, false, false, false, NULL),
    (7, 'F-02', 'Rahul Reddy', 'Son', 'Male', 25, 'OBC', 'Licensee', 'Carpenter', 'Graduate', 8000.00, false, false, false, false, NULL),
    (7, 'F-02', 'Nikhil Reddy', 'Son', 'Male', 20, 'OBC', 'Licensee', 'Security guard', 'Graduate', 8000.00, false, false, false, false, NULL),
    (7, 'F-03', 'Shivakumar Nayak', 'Head', 'Male', 59, 'General', 'Squatter', 'Mason', 'Higher secondary', 22000.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (7, 'F-03', 'Jayamma Nayak', 'Spouse', 'Female', 56, 'General', 'Squatter', 'Anganwadi helper', 'Graduate', 12500.00, true, true, false, false, NULL),
    (7, 'F-03', 'Kiran Nayak', 'Son', 'Male', 37, 'General', 'Squatter', 'Auto-rickshaw driver', 'Primary', 8000.00, true, false, false, false, NULL),
    (7, 'F-03', 'Sneha Nayak', 'Daughter', 'Female', 32, 'General', 'Squatter', 'Homemaker', 'Secondary', 0.00, true, false, false, false, NULL),
    (8, 'F-01', 'Muniyappa Patil', 'Head', 'Male', 51, 'SC', 'Titleholder', 'Tailor', 'Higher secondary', 11000.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (8, 'F-01', 'Bhagya Patil', 'Spouse', 'Female', 44, 'SC', 'Titleholder', 'Garment worker', 'Secondary', 9500.00, true, false, false, false, NULL),
    (8, 'F-01', 'Pavan Patil', 'Son', 'Male', 23, 'SC', 'Titleholder', 'Mason', 'Graduate', 11000.00, true, false, false, false, NULL),
    (8, 'F-02', 'Chandrashekar Gowda', 'Head', 'Male', 61, 'OBC', 'Tenant', 'Farmer', 'Higher secondary', 9500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (8, 'F-02', 'Bhagya Gowda', 'Spouse', 'Female', 54, 'OBC', 'Tenant', 'Anganwadi helper', 'Higher secondary', 16000.00, false, false, false, false, NULL),
    (8, 'F-02', 'Vinay Gowda', 'Son', 'Male', 36, 'OBC', 'Tenant', 'Dairy farmer', 'Secondary', 22000.00, false, false, false, false, NULL),
    (8, 'F-02', 'Keerthi Gowda', 'Daughter', 'Female', 30, 'OBC', 'Tenant', 'Garment worker', 'None', 6500.00, false, false, false, false, NULL),
    (9, 'F-01', 'Chandrashekar Hegde', 'Head', 'Male', 36, 'ST', 'Titleholder', 'Dairy farmer', 'None', 14000.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (9, 'F-01', 'Roopa Hegde', 'Spouse', 'Female', 32, 'ST', 'Titleholder', 'Anganwadi helper', 'Secondary', 8000.00, true, false, false, false, NULL),
    (9, 'F-01', 'Chetan Hegde', 'Son', 'Male', 12, 'ST', 'Titleholder', 'Student', 'Secondary', 0.00, true, false, false, false, NULL),
    (9, 'F-01', 'Muniyamma Hegde', 'Mother', 'Female', 63, 'ST', 'Titleholder', 'Homemaker', 'Graduate', 0.00, true, false, true, false, NULL),
    (9, 'F-02', 'Savitha Patil', 'Head', 'Female', 58, 'OBC', 'Titleholder', 'Flower vendor', 'Graduate', 12500.00, false, false, true, true, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (9, 'F-02', 'Ananya Patil', 'Daughter', 'Female', 29, 'OBC', 'Titleholder', 'Domestic worker', 'Secondary', 8000.00, false, false, false, false, NULL),
    (9, 'F-02', 'Rahul Patil', 'Son', 'Male', 30, 'OBC', 'Titleholder', 'Weaver', 'Graduate', 18500.00, false, true, false, false, NULL),
    (9, 'F-02', 'Tejas Patil', 'Son', 'Male', 22, 'OBC', 'Titleholder', 'Mason', 'None', 9500.00, false, false, false, false, NULL),
    (9, 'F-03', 'Rangaswamy Chikkanna', 'Head', 'Male', 39, 'ST', 'Titleholder', 'Mason', 'None', 9500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (9, 'F-03', 'Bhagya Chikkanna', 'Spouse', 'Female', 37, 'ST', 'Titleholder', 'Homemaker', 'None', 0.00, false, false, false, false, NULL),
    (9, 'F-03', 'Sneha Chikkanna', 'Daughter', 'Female', 10, 'ST', 'Titleholder', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (10, 'F-01', 'Ravi Swamy', 'Head', 'Male', 39, 'SC', 'Titleholder', 'Weaver', 'Graduate', 12500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (10, 'F-01', 'Roopa Swamy', 'Spouse', 'Female', 35, 'SC', 'Titleholder', 'Anganwadi helper', 'Higher secondary', 8000.00, false, false, false, false, NULL),
    (10, 'F-01', 'Kiran Swamy', 'Son', 'Male', 13, 'SC', 'Titleholder', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (10, 'F-01', 'Yashas Swamy', 'Son', 'Male', 9, 'SC', 'Titleholder', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (10, 'F-02', 'Hanumanthappa Patil', 'Head', 'Male', 39, 'OBC', 'Tenant', 'Tailor', 'Primary', 9500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (10, 'F-02', 'Lakshmamma Patil', 'Spouse', 'Female', 36, 'OBC', 'Tenant', 'Flower vendor', 'Secondary', 22000.00, false, false, false, false, NULL),
    (10, 'F-02', 'Tejas Patil', 'Son', 'Male', 17, 'OBC', 'Tenant', 'Student', 'None', 0.00, false, false, false, false, NULL),
    (10, 'F-02', 'Rahul Patil', 'Son', 'Male', 10, 'OBC', 'Tenant', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (10, 'F-02', 'Sneha Patil', 'Daughter', 'Female', 4, 'OBC', 'Tenant', NULL, 'Below school age', 0.00, false, false, false, false, NULL),
    (10, 'F-02', 'Rangamma Patil', 'Mother', 'Female', 67, 'OBC', 'Tenant', 'Homemaker', 'Higher secondary', 0.00, false, false, true, false, NULL),
    (11, 'F-01', 'Hanumanthappa Gowda', 'Head', 'Male', 67, 'ST', 'Titleholder', 'Private employee', 'Secondary', 12500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (11, 'F-01', 'Shilpa Gowda', 'Spouse', 'Female', 65, 'ST', 'Titleholder', 'Flower vendor', 'Secondary', 6500.00, false, false, false, false, NULL),
    (11, 'F-01', 'Pooja Gowda', 'Daughter', 'Female', 42, 'ST', 'Titleholder', 'Anganwadi helper', 'Primary', 12500.00, false, false, false, false, NULL),
    (11, 'F-01', 'Keerthi Gowda', 'Daughter', 'Female', 42, 'ST', 'Titleholder', 'Garment worker', 'Higher secondary', 12500.00, false, false, false, false, NULL),
    (11, 'F-02', 'Thimmaiah Hegde', 'Head', 'Male', 62, 'SC', 'Squatter', 'Carpenter', 'Primary', 12500.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (11, 'F-02', 'Asha Hegde', 'Spouse', 'Female', 58, 'SC', 'Squatter', 'Homemaker', 'Secondary', 0.00, true, false, false, false, NULL),
    (11, 'F-02', 'Bhavya Hegde', 'Daughter', 'Female', 40, 'SC', 'Squatter', 'Tailor', 'Graduate', 6500.00, true, false, false, false, NULL),
    (11, 'F-02', 'Darshan Hegde', 'Son', 'Male', 29, 'SC', 'Squatter', 'Farmer', 'Graduate', 9500.00, true, false, false, false, NULL),
    (11, 'F-02', 'Pavan Hegde', 'Son', 'Male', 30, 'SC', 'Squatter', 'Mason', 'Primary', 9500.00, true, true, false, false, NULL),
    (11, 'F-03', 'Nagaraj Swamy', 'Head', 'Male', 34, 'OBC', 'Encroacher', 'Private employee', 'Primary', 9500.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (11, 'F-03', 'Sunitha Swamy', 'Spouse', 'Female', 32, 'OBC', 'Encroacher', 'Tailor', 'None', 9500.00, true, false, false, false, NULL),
    (11, 'F-03', 'Nikhil Swamy', 'Son', 'Male', 6, 'OBC', 'Encroacher', 'Student', 'Secondary', 0.00, true, false, false, false, NULL),
    (11, 'F-03', 'Chetan Swamy', 'Son', 'Male', 6, 'OBC', 'Encroacher', 'Student', 'Secondary', 0.00, true, false, false, false, NULL),
    (11, 'F-03', 'Tejas Swamy', 'Son', 'Male', 4, 'OBC', 'Encroacher', NULL, 'Below school age', 0.00, true, false, false, false, NULL),
    (11, 'F-03', 'Chikkamma Swamy', 'Mother', 'Female', 62, 'OBC', 'Encroacher', 'Homemaker', 'Graduate', 0.00, true, false, true, false, NULL),
    (12, 'F-01', 'Ramesh Nayak', 'Head', 'Male', 44, 'OBC', 'Titleholder', 'Mason', 'Secondary', 12500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (12, 'F-01', 'Jayamma Nayak', 'Spouse', 'Female', 42, 'OBC', 'Titleholder', 'Flower vendor', 'Higher secondary', 16000.00, false, false, false, false, NULL),
    (12, 'F-01', 'Deepa Nayak', 'Daughter', 'Female', 19, 'OBC', 'Titleholder', 'Student', 'Graduate', 0.00, false, false, false, false, NULL),
    (12, 'F-01', 'Rahul Nayak', 'Son', 'Male', 13, 'OBC', 'Titleholder', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (12, 'F-01', 'Bhavya Nayak', 'Daughter', 'Female', 14, 'OBC', 'Titleholder', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (12, 'F-02', 'Venkatesh Shetty', 'Head', 'Male', 55, 'OBC', 'Squatter', 'Shopkeeper', 'None', 18500.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (12, 'F-02', 'Asha Shetty', 'Spouse', 'Female', 51, 'OBC', 'Squatter', 'Domestic worker', 'Graduate', 9500.00, true, false, false, false, NULL),
    (12, 'F-02', 'Akash Shetty', 'Son', 'Male', 31, 'OBC', 'Squatter', 'Security guard', 'Graduate', 11000.00, true, false, false, false, NULL),
    (12, 'F-02', 'Pooja Shetty', 'Daughter', 'Female', 26, 'OBC', 'Squatter', 'Anganwadi helper', 'Graduate', 18500.00, true, true, false, false, NULL),
    (12, 'F-02', 'Arun Shetty', 'Son', 'Male', 27, 'OBC', 'Squatter', 'Mechanic', 'Secondary', 12500.00, true, false, false, false, NULL),
    (12, 'F-03', 'Mahesh Raju', 'Head', 'Male', 50, 'OBC', 'Squatter', 'Private employee', 'Graduate', 14000.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (12, 'F-03', 'Kavya Raju', 'Spouse', 'Female', 45, 'OBC', 'Squatter', 'Tailor', 'Secondary', 16000.00, true, false, false, false, NULL),
    (12, 'F-03', 'Yashas Raju', 'Son', 'Male', 28, 'OBC', 'Squatter', 'Security guard', 'Graduate', 12500.00, true, false, false, false, NULL),
    (12, 'F-03', 'Yashas Raju II', 'Son', 'Male', 19, 'OBC', 'Squatter', 'Student', 'None', 0.00, true, false, false, false, NULL),
    (12, 'F-03', 'Yashas Raju III', 'Son', 'Male', 21, 'OBC', 'Squatter', 'Dairy farmer', 'None', 18500.00, true, false, false, false, NULL),
    (12, 'F-04', 'Manjunath Murthy', 'Head', 'Male', 63, 'OBC', 'Encroacher', 'Vegetable vendor', 'Primary', 11000.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (12, 'F-04', 'Shobha Murthy', 'Spouse', 'Female', 58, 'OBC', 'Encroacher', 'Homemaker', 'Graduate', 0.00, true, false, false, false, NULL),
    (12, 'F-04', 'Akash Murthy', 'Son', 'Male', 39, 'OBC', 'Encroacher', 'Weaver', 'Graduate', 6500.00, true, false, false, false, NULL),
    (13, 'F-01', 'Harish Gowda', 'Head', 'Male', 62, 'SC', 'Titleholder', 'Vegetable vendor', 'None', 8000.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (13, 'F-01', 'Nagamma Gowda', 'Spouse', 'Female', 59, 'SC', 'Titleholder', 'Domestic worker', 'Higher secondary', 22000.00, false, false, false, false, NULL),
    (13, 'F-01', 'Ananya Gowda', 'Daughter', 'Female', 37, 'SC', 'Titleholder', 'Anganwadi helper', 'None', 22000.00, false, false, false, false, NULL),
    (13, 'F-02', 'Asha Kumar', 'Head', 'Female', 39, 'ST', 'Tenant', 'Domestic worker', 'Higher secondary', 22000.00, false, false, true, true, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (13, 'F-02', 'Chetan Kumar', 'Son', 'Male', 17, 'ST', 'Tenant', 'Student', 'Higher secondary', 0.00, false, false, false, false, NULL),
    (13, 'F-02', 'Darshan Kumar', 'Son', 'Male', 8, 'ST', 'Tenant', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (13, 'F-02', 'Keerthi Kumar', 'Daughter', 'Female', 9, 'ST', 'Tenant', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (13, 'F-02', 'Chikkamma Kumar', 'Mother', 'Female', 66, 'ST', 'Tenant', 'Homemaker', 'Higher secondary', 0.00, false, false, true, false, NULL),
    (13, 'F-03', 'Mohan Reddy', 'Head', 'Male', 53, 'General', 'Titleholder', 'Security guard', 'Higher secondary', 9500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (13, 'F-03', 'Savitha Reddy', 'Spouse', 'Female', 48, 'General', 'Titleholder', 'Domestic worker', 'Graduate', 22000.00, false, false, false, false, NULL),
    (13, 'F-03', 'Vinay Reddy', 'Son', 'Male', 31, 'General', 'Titleholder', 'Farmer', 'Primary', 11000.00, false, false, false, false, NULL),
    (13, 'F-03', 'Divya Reddy', 'Daughter', 'Female', 22, 'General', 'Titleholder', 'Tailor', 'Secondary', 22000.00, false, false, false, false, NULL),
    (14, 'F-01', 'Chandrashekar Hegde', 'Head', 'Male', 52, 'SC', 'Titleholder', 'Private employee', 'None', 9500.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (14, 'F-01', 'Gowramma Hegde', 'Spouse', 'Female', 49, 'SC', 'Titleholder', 'Flower vendor', 'Secondary', 8000.00, false, false, false, false, NULL),
    (14, 'F-01', 'Nikhil Hegde', 'Son', 'Male', 22, 'SC', 'Titleholder', 'Weaver', 'Higher secondary', 9500.00, false, false, false, false, NULL),
    (14, 'F-02', 'Hanumanthappa Lakshmaiah', 'Head', 'Male', 57, 'General', 'Titleholder', 'Shopkeeper', 'None', 22000.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (14, 'F-02', 'Jayamma Lakshmaiah', 'Spouse', 'Female', 50, 'General', 'Titleholder', 'Garment worker', 'Higher secondary', 8000.00, false, false, false, false, NULL),
    (14, 'F-02', 'Keerthi Lakshmaiah', 'Daughter', 'Female', 31, 'General', 'Titleholder', 'Domestic worker', 'Secondary', 6500.00, false, false, false, false, NULL),
    (14, 'F-02', 'Sneha Lakshmaiah', 'Daughter', 'Female', 27, 'General', 'Titleholder', 'Garment worker', 'Secondary', 11000.00, false, false, false, false, NULL),
    (15, 'F-01', 'Manjunath Lakshmaiah', 'Head', 'Male', 45, 'SC', 'Titleholder', 'Shopkeeper', 'Higher secondary', 9500.00, true, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (15, 'F-01', 'Nagamma Lakshmaiah', 'Spouse', 'Female', 38, 'SC', 'Titleholder', 'Garment worker', 'Secondary', 8000.00, true, false, false, false, NULL),
    (15, 'F-01', 'Sneha Lakshmaiah', 'Daughter', 'Female', 19, 'SC', 'Titleholder', 'Student', 'Higher secondary', 0.00, true, false, false, false, NULL),
    (15, 'F-01', 'Kiran Lakshmaiah', 'Son', 'Male', 18, 'SC', 'Titleholder', 'Student', 'Graduate', 0.00, true, false, false, false, NULL),
    (15, 'F-01', 'Pooja Lakshmaiah', 'Daughter', 'Female', 14, 'SC', 'Titleholder', 'Student', 'Secondary', 0.00, true, false, false, false, NULL),
    (15, 'F-02', 'Rangaswamy Reddy', 'Head', 'Male', 37, 'SC', 'Titleholder', 'Weaver', 'Secondary', 22000.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (15, 'F-02', 'Nagamma Reddy', 'Spouse', 'Female', 30, 'SC', 'Titleholder', 'Garment worker', 'None', 18500.00, false, true, false, false, NULL),
    (15, 'F-02', 'Rashmi Reddy', 'Daughter', 'Female', 12, 'SC', 'Titleholder', 'Student', 'Secondary', 0.00, false, false, false, false, NULL),
    (15, 'F-03', 'Abdul Rahim Pasha', 'Head', 'Male', 51, 'OBC', 'Titleholder', 'Dairy farmer', 'Higher secondary', 8000.00, false, false, false, false, 'Eligible as on the cut-off date; Aadhaar and ration card seen'),
    (15, 'F-03', 'Fathima Pasha', 'Spouse', 'Female', 45, 'OBC', 'Titleholder', 'Domestic worker', 'Primary', 11000.00, false, false, false, false, NULL),
    (15, 'F-03', 'Irfan Pasha', 'Son', 'Male', 22, 'OBC', 'Titleholder', 'Farmer', 'Secondary', 6500.00, false, false, false, false, NULL),
    (15, 'F-03', 'Ayesha Pasha', 'Daughter', 'Female', 22, 'OBC', 'Titleholder', 'Homemaker', 'Secondary', 0.00, false, false, false, false, NULL)
) AS v (n, fam, name, relation, gender, age, category, tenure, occupation, education, income, bpl, disabled, widow,
           woman_headed, remarks)
JOIN demo_survey_id i ON i.n = v.n;

-- Structures and assets (the owner family's head and members are copied by the database).
INSERT INTO lasiteassestsaffected (n_survey, c_asset_no, c_family_no, c_asset_type, c_construction, n_floors,
                                   n_plinth_area_sqm, n_affected_area_sqm, c_impact, n_trees, n_wells, c_utilities,
                                   n_replacement_value, c_remarks, n_created_by)
SELECT i.id, v.asset_no, v.fam, v.asset_type, v.construction, v.floors, v.plinth, v.affected, v.impact, v.trees, v.wells,
       v.utilities, v.value, v.remarks, (SELECT id FROM users WHERE c_username = 'surveyor')
FROM (VALUES
    (1, 'S-01', 'F-01', 'Residential-cum-commercial', 'Pucca', 2, 96.0, 28.8, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 1598400.00, NULL::text),
    (1, 'S-02', 'F-02', 'Residential-cum-commercial', 'Pucca', 1, 96.0, 96.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 3552000.00, NULL::text),
    (1, 'S-03', 'F-03', 'Residential-cum-commercial', 'Pucca', 1, 38.5, 9.62, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 355940.00, NULL::text),
    (2, 'S-01', 'F-01', 'Residential', 'Pucca', 1, 110.0, 27.5, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 1017500.00, NULL::text),
    (2, 'S-02', 'F-02', 'Residential', 'Semi-pucca', 0, 110.0, 27.5, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 302500.00, NULL::text),
    (2, 'S-03', 'F-03', 'Residential', 'Pucca', 1, 72.0, 72.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 2664000.00, NULL::text),
    (2, 'S-04', 'F-04', 'Residential', 'Semi-pucca', 0, 85.5, 34.2, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 376200.00, NULL::text),
    (2, 'S-05', NULL::text, 'Trees', NULL::text, NULL::integer, NULL::numeric, NULL::numeric, 'Full', 8, 0, NULL::text, 133000.00, 'Coconut, mango and neem; girth above 30 cm'),
    (2, 'S-06', NULL::text, 'Well / borewell', NULL::text, NULL::integer, NULL::numeric, NULL::numeric, 'Full', 0, 1, 'Submersible pump, 5 HP', 185000.00, 'Borewell 600 ft, yielding'),
    (2, 'S-07', NULL::text, 'Boundary wall', 'Pucca', NULL::integer, NULL::numeric, NULL::numeric, 'Partial', 0, 0, NULL::text, 145000.00, '62 m compound wall, 1.8 m high'),
    (3, 'S-01', 'F-01', 'Residential-cum-commercial', 'Pucca', 1, 128.0, 128.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 4736000.00, NULL::text),
    (3, 'S-02', 'F-02', 'Residential-cum-commercial', 'Pucca', 1, 85.5, 42.75, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 1581750.00, NULL::text),
    (4, 'S-01', 'F-01', 'Residential', 'Pucca', 1, 85.5, 85.5, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 3163500.00, NULL::text),
    (4, 'S-02', 'F-02', 'Residential', 'Pucca', 0, 96.0, 96.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 1776000.00, NULL::text),
    (4, 'S-03', 'F-03', 'Residential', 'Pucca', 1, 64.0, 64.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 2368000.00, NULL::text),
    (4, 'S-04', NULL::text, 'Trees', NULL::text, NULL::integer, NULL::numeric, NULL::numeric, 'Full', 7, 0, NULL::text, 133000.00, 'Coconut, mango and neem; girth above 30 cm'),
    (4, 'S-05', NULL::text, 'Religious', 'Pucca', 0, 42.0, 42.0, 'Full', 2, 0, 'BESCOM meter', 620000.00, 'Village temple; relocation by agreement with the temple committee'),
    (5, 'S-01', 'F-01', 'Residential-cum-commercial', 'Pucca', 1, 38.5, 11.55, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 427350.00, NULL::text),
    (5, 'S-02', 'F-02', 'Residential-cum-commercial', 'Pucca', 1, 85.5, 85.5, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 3163500.00, NULL::text),
    (6, 'S-01', 'F-01', 'Residential-cum-commercial', 'Pucca', 1, 128.0, 128.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 4736000.00, NULL::text),
    (6, 'S-02', 'F-02', 'Residential-cum-commercial', 'Pucca', 1, 64.0, 64.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 2368000.00, NULL::text),
    (6, 'S-03', 'F-03', 'Residential-cum-commercial', 'Pucca', 0, 72.0, 72.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 1332000.00, NULL::text),
    (7, 'S-01', 'F-01', 'Residential-cum-commercial', 'Semi-pucca', 1, 110.0, 110.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 2420000.00, NULL::text),
    (7, 'S-02', 'F-02', 'Residential-cum-commercial', 'Pucca', 1, 52.5, 52.5, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 1942500.00, NULL::text),
    (7, 'S-03', 'F-03', 'Residential', 'Kutcha', 0, 38.5, 9.62, 'Partial', 0, 0, 'Temporary BESCOM connection', 50024.00, NULL::text),
    (7, 'S-04', NULL::text, 'Community', 'Semi-pucca', 0, 55.0, 55.0, 'Full', 0, 0, 'BWSSB public tap', 410000.00, 'Community hall and public toilet (BBMP)'),
    (8, 'S-01', 'F-01', 'Residential-cum-commercial', 'Pucca', 1, 110.0, 110.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 4070000.00, NULL::text),
    (8, 'S-02', 'F-02', 'Residential-cum-commercial', 'Pucca', 1, 72.0, 72.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 2664000.00, NULL::text),
    (9, 'S-01', 'F-01', 'Residential', 'Pucca', 2, 96.0, 48.0, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 2664000.00, NULL::text),
    (9, 'S-02', 'F-02', 'Residential', 'Pucca', 1, 38.5, 9.62, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 355940.00, NULL::text),
    (9, 'S-03', 'F-03', 'Residential', 'Semi-pucca', 0, 52.5, 15.75, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 173250.00, NULL::text),
    (9, 'S-04', NULL::text, 'Trees', NULL::text, NULL::integer, NULL::numeric, NULL::numeric, 'Full', 13, 0, NULL::text, 114000.00, 'Coconut, mango and neem; girth above 30 cm'),
    (9, 'S-05', NULL::text, 'Well / borewell', NULL::text, NULL::integer, NULL::numeric, NULL::numeric, 'Full', 0, 1, 'Submersible pump, 5 HP', 185000.00, 'Borewell 600 ft, yielding'),
    (9, 'S-06', NULL::text, 'Boundary wall', 'Pucca', NULL::integer, NULL::numeric, NULL::numeric, 'Partial', 0, 0, NULL::text, 145000.00, '62 m compound wall, 1.8 m high'),
    (10, 'S-01', 'F-01', 'Residential-cum-commercial', 'Pucca', 2, 72.0, 72.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 3996000.00, NULL::text),
    (10, 'S-02', 'F-02', 'Residential-cum-commercial', 'Semi-pucca', 2, 38.5, 38.5, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 1270500.00, NULL::text),
    (11, 'S-01', 'F-01', 'Residential', 'Semi-pucca', 0, 110.0, 27.5, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 302500.00, NULL::text),
    (11, 'S-02', 'F-02', 'Residential', 'Kutcha', 0, 85.5, 25.65, 'Partial', 0, 0, 'Temporary BESCOM connection', 133380.00, NULL::text),
    (11, 'S-03', 'F-03', 'Residential', 'Kutcha', 0, 46.0, 46.0, 'Full', 0, 0, 'Temporary BESCOM connection', 239200.00, NULL::text),
    (11, 'S-04', NULL::text, 'Trees', NULL::text, NULL::integer, NULL::numeric, NULL::numeric, 'Full', 12, 0, NULL::text, 66500.00, 'Coconut, mango and neem; girth above 30 cm'),
    (12, 'S-01', 'F-01', 'Residential-cum-commercial', 'Semi-pucca', 1, 52.5, 52.5, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 1155000.00, NULL::text),
    (12, 'S-02', 'F-02', 'Residential', 'Kutcha', 0, 110.0, 110.0, 'Full', 0, 0, 'Temporary BESCOM connection', 572000.00, NULL::text),
    (12, 'S-03', 'F-03', 'Residential', 'Kutcha', 0, 64.0, 19.2, 'Partial', 0, 0, 'Temporary BESCOM connection', 99840.00, NULL::text),
    (12, 'S-04', 'F-04', 'Residential', 'Kutcha', 0, 85.5, 25.65, 'Partial', 0, 0, 'Temporary BESCOM connection', 133380.00, NULL::text),
    (12, 'S-05', NULL::text, 'Community', 'Semi-pucca', 0, 55.0, 55.0, 'Full', 0, 0, 'BWSSB public tap', 410000.00, 'Community hall and public toilet (BBMP)'),
    (13, 'S-01', 'F-01', 'Residential', 'Pucca', 1, 110.0, 110.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 4070000.00, NULL::text),
    (13, 'S-02', 'F-02', 'Residential', 'Pucca', 1, 128.0, 128.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 4736000.00, NULL::text),
    (13, 'S-03', 'F-03', 'Residential', 'Semi-pucca', 2, 128.0, 51.2, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 1689600.00, NULL::text),
    (13, 'S-04', NULL::text, 'Trees', NULL::text, NULL::integer, NULL::numeric, NULL::numeric, 'Full', 12, 0, NULL::text, 95000.00, 'Coconut, mango and neem; girth above 30 cm'),
    (13, 'S-05', NULL::text, 'Boundary wall', 'Pucca', NULL::integer, NULL::numeric, NULL::numeric, 'Partial', 0, 0, NULL::text, 145000.00, '62 m compound wall, 1.8 m high'),
    (14, 'S-01', 'F-01', 'Commercial', 'Pucca', 1, 96.0, 48.0, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 1776000.00, NULL::text),
    (14, 'S-02', 'F-02', 'Commercial', 'Pucca', 1, 64.0, 64.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 2368000.00, NULL::text),
    (15, 'S-01', 'F-01', 'Residential', 'Semi-pucca', 1, 46.0, 46.0, 'Full', 0, 0, 'BESCOM meter, BWSSB water connection', 1012000.00, NULL::text),
    (15, 'S-02', 'F-02', 'Residential', 'Pucca', 1, 64.0, 25.6, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 947200.00, NULL::text),
    (15, 'S-03', 'F-03', 'Residential', 'Pucca', 1, 85.5, 21.38, 'Partial', 0, 0, 'BESCOM meter, BWSSB water connection', 791060.00, NULL::text),
    (15, 'S-04', NULL::text, 'Trees', NULL::text, NULL::integer, NULL::numeric, NULL::numeric, 'Full', 8, 0, NULL::text, 85500.00, 'Coconut, mango and neem; girth above 30 cm'),
    (15, 'S-05', NULL::text, 'Religious', 'Pucca', 0, 42.0, 42.0, 'Full', 2, 0, 'BESCOM meter', 620000.00, 'Village temple; relocation by agreement with the temple committee')
) AS v (n, asset_no, fam, asset_type, construction, floors, plinth, affected, impact, trees, wells, utilities, value,
           remarks)
JOIN demo_survey_id i ON i.n = v.n;

INSERT INTO lasiteaffectedbusiness (n_survey, c_business_name, c_family_no, c_business_type, c_tenure, c_licence_no,
                                    n_years_operating, n_employees, n_monthly_turnover, c_impact, c_remarks, n_created_by)
SELECT i.id, v.name, v.fam, v.btype, v.tenure, v.licence, v.years, v.employees, v.turnover, v.impact,
       CASE WHEN v.employees > 0 THEN 'Employees listed with their wage slips; eligible for the livelihood grant' END,
       (SELECT id FROM users WHERE c_username = 'surveyor')
FROM (VALUES
    (1, 'Lakshmi Tailors', 'F-01', 'Services', 'Owner', 'BBMP/TL/2014/1000', 19, 2, 60000.00, 'Partial'),
    (1, 'Manjunatha Tailors', 'F-02', 'Services', 'Owner', 'BBMP/TL/2014/1001', 25, 4, 210000.00, 'Full'),
    (1, 'Venkateshwara Darshini', 'F-03', 'Eatery', 'Tenant', 'BBMP/TL/2014/1002', 17, 4, 85000.00, 'Partial'),
    (1, 'New Bharath Agencies', NULL::text, 'Retail shop', 'Tenant', 'BBMP/TL/2019/2200', 11, 4, 240000.00, 'Full'),
    (3, 'Venkateshwara Darshini', 'F-01', 'Eatery', 'Owner', 'BBMP/TL/2016/1074', 9, 4, 60000.00, 'Full'),
    (3, 'Sri Annapoorna Provision Stores', 'F-02', 'Retail shop', 'Tenant', 'BBMP/TL/2016/1075', 7, 2, 45000.00, 'Partial'),
    (3, 'Sri Sai Hardware', NULL::text, 'Wholesale', 'Tenant', 'BBMP/TL/2019/2202', 5, 11, 380000.00, 'Full'),
    (5, 'Chamundeshwari Auto Works', 'F-01', 'Workshop', 'Owner', 'BBMP/TL/2018/1148', 26, 6, 45000.00, 'Partial'),
    (5, 'Sri Ganesh Provision Stores', 'F-02', 'Retail shop', 'Tenant', 'BBMP/TL/2018/1149', 12, 1, 210000.00, 'Full'),
    (5, 'Metro Medicals', NULL::text, 'Retail shop', 'Tenant', 'BBMP/TL/2019/2204', 15, 10, 380000.00, 'Full'),
    (6, 'Sri Ganesh Provision Stores', 'F-01', 'Retail shop', 'Owner', 'BBMP/TL/2019/1185', 8, 0, 210000.00, 'Full'),
    (6, 'Maruthi Tailors', 'F-02', 'Services', 'Owner', 'BBMP/TL/2019/1186', 7, 2, 120000.00, 'Full'),
    (6, 'Bhagyalakshmi Darshini', 'F-03', 'Eatery', 'Tenant', 'BBMP/TL/2019/1187', 21, 2, 210000.00, 'Full'),
    (6, 'New Bharath Agencies', NULL::text, 'Retail shop', 'Tenant', 'BBMP/TL/2019/2205', 14, 10, 380000.00, 'Full'),
    (7, 'Maruthi Tailors', 'F-01', 'Services', 'Owner', 'BBMP/TL/2020/1222', 26, 3, 210000.00, 'Full'),
    (7, 'Bhagyalakshmi Tailors', 'F-02', 'Services', 'Tenant', 'BBMP/TL/2020/1223', 7, 3, 210000.00, 'Full'),
    (7, 'Kaveri Traders', NULL::text, 'Wholesale', 'Tenant', 'BBMP/TL/2019/2206', 12, 6, 380000.00, 'Full'),
    (8, 'Bhagyalakshmi Tailors', 'F-01', 'Services', 'Owner', 'BBMP/TL/2021/1259', 12, 3, 85000.00, 'Full'),
    (8, 'Lakshmi Darshini', 'F-02', 'Eatery', 'Tenant', 'BBMP/TL/2021/1260', 15, 0, 60000.00, 'Full'),
    (8, 'Sri Sai Hardware', NULL::text, 'Wholesale', 'Tenant', 'BBMP/TL/2019/2207', 6, 6, 240000.00, 'Full'),
    (10, 'Manjunatha Tailors', 'F-01', 'Services', 'Owner', 'BBMP/TL/2014/1333', 6, 0, 210000.00, 'Full'),
    (10, 'Venkateshwara Darshini', 'F-02', 'Eatery', 'Tenant', 'BBMP/TL/2014/1334', 16, 0, 85000.00, 'Full'),
    (10, 'Metro Medicals', NULL::text, 'Retail shop', 'Tenant', 'BBMP/TL/2019/2209', 5, 9, 380000.00, 'Full'),
    (12, 'Annapoorna Tailors', 'F-01', 'Services', 'Owner', 'BBMP/TL/2016/1407', 14, 4, 45000.00, 'Full'),
    (12, 'Kaveri Traders', NULL::text, 'Wholesale', 'Tenant', 'BBMP/TL/2019/2211', 5, 7, 240000.00, 'Full'),
    (14, 'Ganesh Fabricators', 'F-01', 'Small industry', 'Owner', 'BBMP/TL/2018/1481', 19, 1, 60000.00, 'Partial'),
    (14, 'Om Shakthi Engineering', NULL::text, 'Small industry', 'Tenant', 'BBMP/TL/2019/2213', 19, 12, 240000.00, 'Full')
) AS v (n, name, fam, btype, tenure, licence, years, employees, turnover, impact)
JOIN demo_survey_id i ON i.n = v.n;

-- R&R entitlements per family (Second Schedule amounts as the state notifies them); paid on the older verified surveys.
INSERT INTO lasiteresetrehab (n_survey, c_family_no, c_displacement, n_subsistence_grant, n_resettlement_allowance,
                              n_transport, n_cattle_shed_petty_shop, n_artisan_grant, n_paid, d_paid, c_remarks,
                              n_created_by)
SELECT i.id, v.fam, v.displacement, v.subsistence, v.resettlement, v.transport, v.cattle, v.artisan, v.paid,
       current_date - v.paid_ago, v.remarks, (SELECT id FROM users WHERE c_username = 'surveyor')
FROM (VALUES
    (1, 'F-01', 'Economically displaced', 0.00, 0.00, 0.00, 25000.00, 0.00, 25000.00, 90, 'Cheque / RTGS to the head''s account'),
    (1, 'F-02', 'Both', 36000.00, 50000.00, 50000.00, 25000.00, 0.00, 161000.00, 90, 'Cheque / RTGS to the head''s account'),
    (1, 'F-03', 'Economically displaced', 0.00, 0.00, 0.00, 25000.00, 0.00, 25000.00, 90, 'Cheque / RTGS to the head''s account'),
    (2, 'F-01', 'Partly affected', 0.00, 0.00, 0.00, 25000.00, 0.00, 25000.00, 72, 'Cheque / RTGS to the head''s account'),
    (2, 'F-02', 'Partly affected', 0.00, 0.00, 0.00, 25000.00, 0.00, 25000.00, 72, 'Cheque / RTGS to the head''s account'),
    (2, 'F-03', 'Physically displaced', 36000.00, 50000.00, 50000.00, 25000.00, 0.00, 161000.00, 72, 'Cheque / RTGS to the head''s account'),
    (2, 'F-04', 'Partly affected', 0.00, 0.00, 0.00, 25000.00, 0.00, 25000.00, 72, 'Cheque / RTGS to the head''s account'),
    (3, 'F-01', 'Both', 36000.00, 50000.00, 50000.00, 25000.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (3, 'F-02', 'Economically displaced', 0.00, 0.00, 0.00, 25000.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (4, 'F-01', 'Physically displaced', 36000.00, 50000.00, 50000.00, 0.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (4, 'F-02', 'Physically displaced', 36000.00, 50000.00, 50000.00, 0.00, 0.00, 0.00, NULL::integer, NULL::text),
    (4, 'F-03', 'Physically displaced', 36000.00, 50000.00, 50000.00, 0.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (5, 'F-01', 'Economically displaced', 0.00, 0.00, 0.00, 25000.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (5, 'F-02', 'Both', 36000.00, 50000.00, 50000.00, 25000.00, 0.00, 0.00, NULL::integer, NULL::text),
    (6, 'F-01', 'Both', 36000.00, 50000.00, 50000.00, 25000.00, 25000.00, 93000.00, 50, 'Cheque / RTGS to the head''s account'),
    (6, 'F-02', 'Both', 36000.00, 50000.00, 50000.00, 25000.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (6, 'F-03', 'Both', 36000.00, 50000.00, 50000.00, 25000.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (7, 'F-01', 'Both', 36000.00, 50000.00, 50000.00, 25000.00, 0.00, 0.00, NULL::integer, NULL::text),
    (7, 'F-02', 'Both', 36000.00, 50000.00, 50000.00, 25000.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (7, 'F-03', 'Partly affected', 0.00, 0.00, 0.00, 0.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (9, 'F-01', 'Partly affected', 0.00, 0.00, 0.00, 25000.00, 0.00, 25000.00, 80, 'Cheque / RTGS to the head''s account'),
    (9, 'F-02', 'Partly affected', 0.00, 0.00, 0.00, 25000.00, 25000.00, 50000.00, 80, 'Cheque / RTGS to the head''s account'),
    (9, 'F-03', 'Partly affected', 0.00, 0.00, 0.00, 25000.00, 25000.00, 50000.00, 80, 'Cheque / RTGS to the head''s account'),
    (10, 'F-01', 'Both', 36000.00, 50000.00, 50000.00, 25000.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (10, 'F-02', 'Both', 36000.00, 50000.00, 50000.00, 25000.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (11, 'F-01', 'Economically displaced', 36000.00, 0.00, 0.00, 0.00, 0.00, 0.00, NULL::integer, NULL::text),
    (11, 'F-02', 'Partly affected', 0.00, 0.00, 0.00, 0.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (11, 'F-03', 'Physically displaced', 36000.00, 50000.00, 50000.00, 0.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (12, 'F-01', 'Both', 36000.00, 50000.00, 50000.00, 25000.00, 25000.00, 93000.00, 35, 'Cheque / RTGS to the head''s account'),
    (12, 'F-02', 'Physically displaced', 36000.00, 50000.00, 50000.00, 0.00, 0.00, 0.00, NULL::integer, NULL::text),
    (12, 'F-03', 'Partly affected', 0.00, 0.00, 0.00, 0.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (12, 'F-04', 'Partly affected', 0.00, 0.00, 0.00, 0.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (13, 'F-01', 'Physically displaced', 36000.00, 50000.00, 50000.00, 0.00, 0.00, 0.00, NULL::integer, NULL::text),
    (13, 'F-02', 'Physically displaced', 36000.00, 50000.00, 50000.00, 0.00, 0.00, 0.00, NULL::integer, NULL::text),
    (13, 'F-03', 'Partly affected', 0.00, 0.00, 0.00, 0.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (14, 'F-01', 'Partly affected', 0.00, 0.00, 0.00, 0.00, 25000.00, 0.00, NULL::integer, NULL::text),
    (14, 'F-02', 'Physically displaced', 36000.00, 50000.00, 50000.00, 0.00, 0.00, 0.00, NULL::integer, NULL::text),
    (15, 'F-01', 'Physically displaced', 36000.00, 50000.00, 50000.00, 25000.00, 0.00, 161000.00, 60, 'Cheque / RTGS to the head''s account'),
    (15, 'F-02', 'Partly affected', 0.00, 0.00, 0.00, 0.00, 25000.00, 25000.00, 60, 'Cheque / RTGS to the head''s account'),
    (15, 'F-03', 'Economically displaced', 36000.00, 0.00, 0.00, 0.00, 0.00, 36000.00, 60, 'Cheque / RTGS to the head''s account')
) AS v (n, fam, displacement, subsistence, resettlement, transport, cattle, artisan, paid, paid_ago, remarks)
JOIN demo_survey_id i ON i.n = v.n;

-- The events that brought each survey to its state: submitted five days after the census; the returned ones sent
-- back; one submitted survey (C1-V01's at Bagalur) resubmitted after a return; the verified ones verified.
INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'landacquisitionid', s.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'surveyor' THEN s.n_surveyor ELSE (SELECT id FROM users WHERE c_username = 'landofficer') END,
       s.d_survey + e.after, e.comment
FROM landacquisitionid s
JOIN demo_survey_id i ON i.id = s.id
CROSS JOIN (VALUES
    ('submit', 'Draft', 'Submitted', 'surveyor', interval '5 days 10 hours', NULL, 'submit'),
    ('return', 'Submitted', 'Returned', 'landofficer', interval '8 days 15 hours', 'Tenure of two families not evidenced; attach rent agreements or electricity bills before the cut-off date.', 'return'),
    ('submit', 'Returned', 'Submitted', 'surveyor', interval '10 days 11 hours', NULL, 'resubmit'),
    ('verify', 'Submitted', 'Verified', 'landofficer', interval '10 days 16 hours', 'Verified against the RTC extracts and the BBMP khata; families and structures tally with the drone survey.', 'verify')
) AS e (transition, from_state, to_state, by, after, comment, step)
WHERE (e.step = 'submit' AND s.c_state <> 'Draft')
   OR (e.step = 'return' AND (s.c_state = 'Returned' OR i.n = 3))
   OR (e.step = 'resubmit' AND i.n = 3)
   OR (e.step = 'verify' AND s.c_state = 'Verified');

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'landacquisitionid', n_package::text, count(*) FROM landacquisitionid GROUP BY n_package;
