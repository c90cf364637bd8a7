-- Demo data for the RFI's distribution (loaded once, after demo_ncr.sql, as the seed set "demo-distribution", also
-- into databases seeded before it existed): the employer's chief engineer, who reads RFIs, is copied on the RFIs
-- of the viaduct package C1-V01 still being worked; the viewer, on two of them, is the example of someone who cannot
-- open them (no RFI permission) and so gets no copy.

INSERT INTO rfi_distribution (n_rfi, n_user, c_note, n_created_by, n_updated_by)
SELECT r.id, u.id, 'Employer''s chief engineer: for information on viaduct RFIs', r.n_raised_by, r.n_raised_by
FROM rfi r
JOIN package p ON p.id = r.n_package AND p.c_code = 'C1-V01'
CROSS JOIN (SELECT id FROM users WHERE c_username = 'employer') AS u
WHERE r.c_state IN ('Draft', 'Open', 'Answered')
ON CONFLICT (n_rfi, n_user) DO NOTHING;

-- The viewer is linked to C1-V01 but holds no RFI permission: kept on two RFIs' distribution, she is not mailed.
INSERT INTO rfi_distribution (n_rfi, n_user, c_note, n_created_by, n_updated_by)
SELECT r.id, u.id, 'Site engineer, C1-V01 (no RFI permission yet: not mailed)', r.n_raised_by, r.n_raised_by
FROM (SELECT r.id, r.n_raised_by FROM rfi r JOIN package p ON p.id = r.n_package AND p.c_code = 'C1-V01'
      WHERE r.c_state IN ('Draft', 'Open') ORDER BY r.id LIMIT 2) AS r
CROSS JOIN (SELECT id FROM users WHERE c_username = 'viewer') AS u
ON CONFLICT (n_rfi, n_user) DO NOTHING;
