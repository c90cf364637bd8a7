-- The calendar, the mail view and the profile page on the demo (seed set demo-calendar-mail): every demo person but
-- the restricted viewer has them. The calendar shows each one's reminders, the due dates of what waits on them and
-- their packages' milestones; the mail view shows the mail the system sent them; the profile (the header menu's
-- Profile) lets them change their password.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'), 1, 1, 1, 0
FROM users u
JOIN navigation n ON n.c_route IN ('/calendar', '/outlook', '/views/profile')
WHERE u.c_username NOT IN ('admin', 'viewer')
ON CONFLICT (n_user_id, n_nav_id) DO NOTHING;

-- Mail the system sent the engineer and the viaduct contractor over the last days, as the dispatcher leaves it
-- (sent): hand-offs, a due-date reminder, a reminder, a digest, a scheduled report with its workbook. Links point
-- at the console of `just run` (PUBLIC_URL's default).
INSERT INTO mail_outbox (c_to, c_subject, c_body, c_purpose, d_created_at, d_sent_at, n_attempts)
SELECT v.to_address, v.subject, v.body, v.purpose, now() - v.age, now() - v.age + interval '4 seconds', 1
FROM (VALUES
    ('arjun.mehta@pmc.example', 'RFI C1-DP01-RFI-00001: Submit to engineer',
     E'Dear Arjun Mehta,\n\nRahul Verma passed RFI C1-DP01-RFI-00001 to you (Submit to engineer).\n\nTitle: Pier cap reinforcement clash at P112\nDue: 28 Nov, 2026\n\nOpen it: http://localhost:8080/contract-data-entry/rfi?record=1\n\nThis message was sent by Metro PMIS.\n',
     'workflow', interval '3 days 2 hours'),
    ('arjun.mehta@pmc.example', 'Due tomorrow: NCR C1-V01-NCR-0001',
     E'Dear Arjun Mehta,\n\nNCR C1-V01-NCR-0001 waits on you and is due tomorrow.\n\nOpen it: http://localhost:8080/contract-data-entry/ncr?record=1\n\nThis message was sent by Metro PMIS.\n',
     'due-reminder', interval '1 day 5 hours'),
    ('arjun.mehta@pmc.example', 'Reminder: Witness pile load test at P114',
     E'Reminder set for today.\n\nWitness pile load test at P114: bring the calibrated gauges.\n\nOpen: http://localhost:8080/calendar\n',
     'reminder', interval '20 hours'),
    ('arjun.mehta@pmc.example', 'Your Metro PMIS digest: 3 copies, 1 reminder',
     E'Dear Arjun Mehta,\n\nCopies since yesterday:\n- RFI C1-DP01-RFI-00002 was closed by Rahul Verma.\n- Daily report C1-V01 of 24 Nov, 2026 was submitted.\n- NCR C1-V01-NCR-0002 was raised.\n\nReminders:\n- NCR C1-V01-NCR-0001 is due tomorrow.\n\nOpen the pending list: http://localhost:8080/reports/pendinglist\n',
     'digest', interval '6 hours'),
    ('arjun.mehta@pmc.example', 'Weekly report: Certified amounts by package',
     E'Dear Arjun Mehta,\n\nPriya Nair''s report "Certified amounts by package" for this week is attached as an Excel workbook.\n\nOpen it in Metro PMIS: http://localhost:8080/reports/customreports\n',
     'report', interval '2 hours'),
    ('rahul.verma@contractor.example', 'RFI C1-DP01-RFI-00001: Answer',
     E'Dear Rahul Verma,\n\nArjun Mehta passed RFI C1-DP01-RFI-00001 to you (Answer).\n\nTitle: Pier cap reinforcement clash at P112\n\nOpen it: http://localhost:8080/contract-data-entry/rfi?record=1\n\nThis message was sent by Metro PMIS.\n',
     'workflow', interval '2 days'),
    ('rahul.verma@contractor.example', 'NCR C1-V01-NCR-0001: Raise',
     E'Dear Rahul Verma,\n\nArjun Mehta passed NCR C1-V01-NCR-0001 to you (Raise).\n\nOpen it: http://localhost:8080/contract-data-entry/ncr?record=1\n\nThis message was sent by Metro PMIS.\n',
     'workflow', interval '1 day')
) AS v (to_address, subject, body, purpose, age);

INSERT INTO mail_attachment (n_outbox, c_file_name, c_content_type, b_content)
SELECT o.id, 'Certified amounts by package.csv', 'text/csv',
       convert_to(E'Package,IPCs,Gross certified (INR),Net payable (INR)\nC1-V01,4,"12,45,60,000","11,02,30,500"\nC1-UG01,3,"9,80,00,000","8,71,20,000"\n', 'UTF8')
FROM mail_outbox o
WHERE o.c_to = 'arjun.mehta@pmc.example' AND o.c_subject = 'Weekly report: Certified amounts by package';

-- The oldest two the engineer has read already.
INSERT INTO mail_read (n_user, n_outbox)
SELECT u.id, o.id FROM mail_outbox o JOIN users u ON u.c_username = 'engineer'
WHERE o.c_to = 'arjun.mehta@pmc.example' AND o.c_purpose IN ('workflow', 'due-reminder');
