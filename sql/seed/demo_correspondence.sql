-- Demo data of the correspondence register (seed set "demo-correspondence", loaded after demo_contract_people.sql
-- and the earlier groups' seeds): who may work the register, and 33 letters on the six packages over the last six
-- months between MRC, its engineer GC, the contractors LNT and TBC, the design consultant DDC, RDSO and BESC. Most
-- belong to threads of two to four letters (a letter, its reply, the reply to the reply); every state of the
-- workflow is present, both directions, with the events that brought each letter there and the numbers' sequences.

-- The engineer, the contractors and the employer's contract manager register and work letters (create, update,
-- export: within their packages for the contractors); the employer, the planner and the design consultant read
-- them. Nobody but the administrator (a superadmin) deletes: a Delete permission would let its holder delete
-- another party's draft, the engine not limiting deletion to the draft's author.
INSERT INTO user_permission_nav (n_user_id, n_nav_id, n_granted_by, n_create, n_update, n_delete, n_export)
SELECT u.id, n.id, (SELECT id FROM users WHERE c_username = 'admin'),
       CASE WHEN u.c_username IN ('engineer', 'contractor', 'contractor2', 'manager') THEN 1 ELSE 0 END,
       CASE WHEN u.c_username IN ('engineer', 'contractor', 'contractor2', 'manager') THEN 1 ELSE 0 END,
       0, 1
FROM users u CROSS JOIN navigation n
WHERE u.c_username IN ('engineer', 'contractor', 'contractor2', 'manager', 'employer', 'planner', 'designer')
  AND n.c_route = '/correspondence/correspondence'
  AND NOT EXISTS (SELECT 1 FROM user_permission_nav x WHERE x.n_user_id = u.id AND x.n_nav_id = n.id);

-- The letters: n, the letter answered (n), package, direction, days ago, from, to, category, priority, subject,
-- summary, their reference, cc, state, action required, action by (user), action due (days from today, negative:
-- past), registrar (user), confidential.
CREATE TEMP TABLE demo_letter ON COMMIT DROP AS
SELECT v.*, p.id AS package, p.c_code AS package_code
FROM (VALUES
    -- Thread: delay notice for right of way on C1-V01 (three letters, closed).
    (1, NULL, 'C1-V01', 'IN', 170, 'LNT', 'GC', 'Contractual', 'High',
     'Notice of delay: late handover of right of way at Ch 12+400',
     'Under clause 8.4 the contractor notifies a delay to piling of spans 41-44: the right of way between Ch 12+400 and 12+650 was due on 1 June and is not handed over.',
     'LNT/C1V01/GC/0412', 'MRC (Director Projects)', 'Closed', 1, 'engineer', -156, 'contractor', 0),
    (2, 1, 'C1-V01', 'OUT', 160, 'GC', 'LNT', 'Contractual', 'High',
     'Right of way handover programme for Ch 12+400 to 12+650',
     'The land acquisition officer confirms handover in two parts: 12+400-12+520 on 20 June and the rest by 15 July. Submit a revised programme for spans 41-44.',
     NULL, 'MRC (Director Projects)', 'Closed', 1, 'contractor', -150, 'engineer', 0),
    (3, 2, 'C1-V01', 'IN', 150, 'LNT', 'GC', 'Contractual', 'Normal',
     'Revised programme for spans 41-44 after right of way handover',
     'Revised programme attached: piling resumes on 22 June, spans 41-44 erected by 30 September with no change to the milestone.',
     'LNT/C1V01/GC/0437', NULL, 'Closed', 0, NULL, NULL, 'contractor', 0),
    -- Thread: unsafe segment lifting on C1-V01 (the contractor's answer waits on the engineer's closing).
    (4, NULL, 'C1-V01', 'OUT', 120, 'GC', 'LNT', 'Safety', 'Urgent',
     'Unsafe lifting of segments at the casting yard',
     'On 14 July a 38 t segment was lifted with one sling leg damaged and no tag line. Stop lifting with that gantry until it is inspected and reply with corrective measures in three days.',
     NULL, 'MRC (Safety cell)', 'Closed', 1, 'contractor', -117, 'engineer', 0),
    (5, 4, 'C1-V01', 'IN', 117, 'LNT', 'GC', 'Safety', 'High',
     'Corrective measures for segment lifting at the casting yard',
     'All slings inspected and two replaced; lifting supervisor re-briefed; tag lines made compulsory; third-party inspection of the gantry booked.',
     'LNT/C1V01/GC/0501', 'MRC (Safety cell)', 'Replied', 1, 'engineer', -110, 'contractor', 0),
    (6, 5, 'C1-V01', 'OUT', 110, 'GC', 'LNT', 'Safety', 'Normal',
     'Acceptance of corrective measures for segment lifting',
     'The measures are accepted. A joint safety audit of the casting yard will be held on 28 July.',
     NULL, NULL, 'Closed', 0, NULL, NULL, 'engineer', 0),
    -- Thread: land parcel LP-17 on C2-V01 (the contractor's answer waits on the employer's manager).
    (7, NULL, 'C2-V01', 'OUT', 90, 'MRC', 'LNT', 'Land', 'Normal',
     'Handover of land parcel LP-17 at Northgate',
     'Land parcel LP-17 (0.82 ha, Northgate station) is handed over free of encumbrances except the 11 kV line. Acknowledge and take possession within 15 days.',
     NULL, 'GC (Resident Engineer)', 'Replied', 1, 'contractor', -75, 'manager', 0),
    (8, 7, 'C2-V01', 'IN', 80, 'LNT', 'MRC', 'Land', 'High',
     'Acknowledgement of land parcel LP-17; 11 kV line shifting pending',
     'Possession taken on 20 August. Foundations of columns NG-3 to NG-6 cannot start until BESC shifts the 11 kV line; request the employer to expedite.',
     'LNT/C2V01/MRC/0088', 'GC (Resident Engineer)', 'Action pending', 1, 'manager', 5, 'contractor', 0),
    -- Thread: TBM launch shaft design change on C1-UG01 (four letters, closed).
    (9, NULL, 'C1-UG01', 'IN', 150, 'TBC', 'GC', 'Technical', 'High',
     'Approval of design change to the TBM launch shaft at Cubbon Park',
     'Diaphragm wall depth reduced from 32 m to 28 m on the basis of the new borehole data BH-UG-41 to 44; calculations attached.',
     'TBC/UG01/GC/0210', 'DDC', 'Closed', 1, 'engineer', -136, 'contractor2', 0),
    (10, 9, 'C1-UG01', 'OUT', 140, 'GC', 'TBC', 'Technical', 'High',
     'TBM launch shaft design change: design consultant''s comments',
     'DDC does not accept the reduced toe level without a base heave check for the 1-in-100 groundwater level. Resubmit with the check.',
     NULL, 'DDC', 'Closed', 1, 'contractor2', -126, 'engineer', 0),
    (11, 10, 'C1-UG01', 'IN', 130, 'TBC', 'GC', 'Technical', 'High',
     'Revised launch shaft design with base heave check',
     'Base heave check for the 1-in-100 groundwater level attached: factor of safety 1.62 at 29 m toe level. Revised drawings UG01-LS-101 R3 to 105 R3.',
     'TBC/UG01/GC/0236', 'DDC', 'Closed', 1, 'engineer', -116, 'contractor2', 0),
    (12, 11, 'C1-UG01', 'OUT', 120, 'GC', 'TBC', 'Technical', 'Normal',
     'Approval of the revised launch shaft design',
     'The revised design with the toe at 29 m is approved. Drawings UG01-LS-101 R3 to 105 R3 are released for construction.',
     NULL, 'DDC; MRC (Director Projects)', 'Closed', 0, NULL, NULL, 'engineer', 0),
    -- Thread: settlement monitoring on C1-UG01 (the contractor's plan waits on the engineer, overdue).
    (13, NULL, 'C1-UG01', 'OUT', 30, 'GC', 'TBC', 'Safety', 'Urgent',
     'Settlement exceedance at the Cubbon Road building',
     'Settlement point SP-118 shows 21 mm against the 15 mm amber level. Submit a mitigation plan in five days; slow the TBM to 6 rings a day until then.',
     NULL, 'MRC (Safety cell); DDC', 'Replied', 1, 'contractor2', -25, 'engineer', 0),
    (14, 13, 'C1-UG01', 'IN', 26, 'TBC', 'GC', 'Safety', 'High',
     'Mitigation and compensation grouting plan for the Cubbon Road building',
     'Compensation grouting from shaft CG-2 with 12 tubes-a-manchette; twice-daily monitoring; trigger levels revised. Plan and drawings attached.',
     'TBC/UG01/GC/0388', 'MRC (Safety cell); DDC', 'Action pending', 1, 'engineer', -16, 'contractor2', 0),
    -- Thread: axle counter type approval on C1-SYS1 (the engineer's answer waits on the contractor).
    (15, NULL, 'C1-SYS1', 'IN', 45, 'TBC', 'GC', 'Technical', 'Normal',
     'CBTC interface: axle counters for the fallback system',
     'The contractor proposes axle counters from an alternative supplier for the fallback train detection and asks whether RDSO type approval is needed.',
     'TBC/SYS1/GC/0077', NULL, 'Replied', 1, 'engineer', -31, 'contractor2', 0),
    (16, 15, 'C1-SYS1', 'OUT', 40, 'GC', 'TBC', 'Technical', 'Normal',
     'Axle counters: RDSO type approval certificate required',
     'The specification (clause 7.3.2) requires RDSO type approval. Submit the certificate, or the supplier''s application and RDSO''s programme, before ordering.',
     NULL, 'RDSO', 'Action pending', 1, 'contractor2', 6, 'engineer', 0),
    -- Thread: power supply sanction for the depot on C1-DP01 (closed).
    (17, NULL, 'C1-DP01', 'IN', 100, 'BESC', 'MRC', 'Statutory', 'High',
     'Power supply sanction for the Baiyappanahalli depot receiving substation',
     'The 66 kV supply for the depot receiving substation is sanctioned subject to the load details and the supervision fee.',
     'BESC/EE/DEPOT/2026/118', 'GC', 'Closed', 1, 'manager', -86, 'manager', 0),
    (18, 17, 'C1-DP01', 'OUT', 95, 'MRC', 'BESC', 'Statutory', 'Normal',
     'Load details and supervision fee for the depot receiving substation',
     'Connected load 18.5 MVA, maximum demand 12 MVA; supervision fee paid by RTGS on 22 August. Please schedule the joint inspection.',
     NULL, 'GC; TBC', 'Closed', 0, NULL, NULL, 'manager', 0),
    -- Thread: rock excavation claim on C1-DP01 (the engineer's answer is a draft).
    (19, NULL, 'C1-DP01', 'IN', 20, 'TBC', 'GC', 'Commercial', 'High',
     'Claim for additional cost: rock excavation in the depot',
     'Hard rock met over 14,200 m3 between grid lines D4 and D9, not shown in the tender data. Claim for the extra cost under clause 4.12 with measurement records.',
     'TBC/DP01/GC/0061', 'MRC (Contracts)', 'Action pending', 1, 'engineer', 4, 'contractor2', 1),
    (20, 19, 'C1-DP01', 'OUT', 3, 'GC', 'TBC', 'Commercial', 'Normal',
     'Rock excavation claim: joint measurement records requested',
     'Before the claim is assessed, submit the joint measurement records and the cross-sections signed by the site engineer.',
     NULL, 'MRC (Contracts)', 'Draft', 1, 'contractor2', 14, 'engineer', 1),
    -- Thread: RDSO comments on the FOB design on C2-V02.
    (21, NULL, 'C2-V02', 'IN', 75, 'RDSO', 'MRC', 'Statutory', 'Normal',
     'RDSO comments on the design loads of the foot-over-bridge',
     'The crowd load of 4 kN/m2 is to be raised to 5 kN/m2 as per the revised guidelines, and the wind load checked for the exposed span.',
     'RDSO/B&S/FOB/2026/44', 'GC; DDC', 'Closed', 1, 'engineer', -60, 'manager', 0),
    (22, 21, 'C2-V02', 'OUT', 65, 'GC', 'RDSO', 'Statutory', 'Normal',
     'Compliance with RDSO comments on the foot-over-bridge design loads',
     'The design is revised for 5 kN/m2 crowd load and checked for wind; the girder section is unchanged. Revised calculations enclosed.',
     NULL, 'MRC; DDC; LNT', 'Registered', 0, NULL, NULL, 'engineer', 0),
    -- Thread: bearing replacement at P104 on C1-V01 (the contractor's answer is a draft).
    (23, NULL, 'C1-V01', 'OUT', 12, 'GC', 'LNT', 'Technical', 'High',
     'Bearing replacement methodology at pier P104',
     'Submit the method statement for replacing the damaged elastomeric bearing at P104 with the jacking arrangement and the traffic plan.',
     NULL, NULL, 'Action pending', 1, 'contractor', 5, 'engineer', 0),
    (24, 23, 'C1-V01', 'IN', 2, 'LNT', 'GC', 'Technical', 'Normal',
     'Method statement for bearing replacement at P104',
     'Jacking with four 200 t jacks from temporary brackets; night block of the service road; sequence and checks attached.',
     'LNT/C1V01/GC/0644', NULL, 'Draft', 0, NULL, NULL, 'contractor', 0),
    -- Letters on their own.
    (25, NULL, 'C2-V01', 'IN', 50, 'DDC', 'GC', 'Technical', 'Normal',
     'Good-for-construction drawings of the Northgate station roof',
     'GFC drawings NG-ROOF-201 to 214 R0 issued for construction; the steel grade is E350 throughout.',
     'DDC/C2/GC/0152', NULL, 'Registered', 0, NULL, NULL, 'engineer', 0),
    (26, NULL, 'C2-V01', 'OUT', 48, 'GC', 'LNT', 'Technical', 'Normal',
     'Transmittal of the GFC drawings for the Northgate station roof',
     'Drawings NG-ROOF-201 to 214 R0 forwarded for construction. Shop drawings to be submitted within 21 days.',
     NULL, 'DDC', 'Closed', 0, NULL, NULL, 'engineer', 0),
    (27, NULL, 'C1-V01', 'OUT', 140, 'MRC', 'LNT', 'Commercial', 'Normal',
     'Release of the third milestone payment',
     'Milestone 3 (completion of spans 1-40) certified; payment of INR 41.6 crore released less retention.',
     NULL, 'GC', 'Closed', 0, NULL, NULL, 'manager', 0),
    (28, NULL, 'C1-SYS1', 'IN', 15, 'RDSO', 'MRC', 'Statutory', 'High',
     'Schedule of speed certificate trials for the Blue Line',
     'Oscillation trials proposed from 10 to 24 December; the employer to confirm track availability and the trial train.',
     'RDSO/MP/BL/2026/19', 'GC; TBC', 'Action pending', 1, 'manager', 8, 'manager', 0),
    (29, NULL, 'C1-UG01', 'IN', 35, 'TBC', 'GC', 'General', 'Low',
     'Change of the contractor''s project manager',
     'Mr. K. Anand takes over as project manager from 1 November; his CV is attached for the employer''s consent.',
     'TBC/UG01/GC/0371', 'MRC (HR)', 'Registered', 0, NULL, NULL, 'contractor2', 0),
    (30, NULL, 'C2-V02', 'OUT', 10, 'GC', 'LNT', 'Safety', 'High',
     'Monsoon preparedness at the foot-over-bridge sites',
     'Submit the monsoon preparedness plan: drainage of foundation pits, anchoring of formwork, lightning protection of the tower crane.',
     NULL, 'MRC (Safety cell)', 'Action pending', 1, 'contractor', 3, 'engineer', 0),
    (31, NULL, 'C1-V01', 'IN', 1, 'LNT', 'GC', 'Contractual', 'High',
     'Request for extension of time No. 2',
     'Draft request for 74 days of extension for the late right of way and the utility shifting at Ch 14+100.',
     'LNT/C1V01/GC/0650', 'MRC (Contracts)', 'Draft', 0, NULL, NULL, 'contractor', 1),
    -- Thread: dispute notice on price adjustment on C2-V01 (confidential).
    (32, NULL, 'C2-V01', 'IN', 40, 'LNT', 'MRC', 'Contractual', 'Urgent',
     'Notice of dispute on the price adjustment for steel',
     'The contractor disputes the index used for steel price adjustment in IPC 7 to 9 and refers the matter to the dispute avoidance board if not settled in 28 days.',
     'LNT/C2V01/MRC/0102', 'GC (Contracts)', 'Replied', 1, 'manager', -12, 'contractor', 1),
    (33, 32, 'C2-V01', 'OUT', 33, 'MRC', 'LNT', 'Contractual', 'High',
     'Price adjustment dispute: settlement meeting',
     'A settlement meeting is proposed on 2 November at the employer''s office with the engineer. Bring the index working for IPC 7 to 9.',
     NULL, 'GC (Contracts)', 'Registered', 0, NULL, NULL, 'manager', 1)
) AS v (n, reply_to, package_code_in, direction, age, from_org, to_org, category, priority, subject, summary,
        their_ref, cc, state, action_required, action_by, due_in, registrar, confidential)
JOIN package p ON p.c_code = v.package_code_in;

ALTER TABLE demo_letter ADD COLUMN ref text;
UPDATE demo_letter d SET ref = s.ref
FROM (SELECT n, package_code || '-' || direction || '-'
                || lpad(row_number() OVER (PARTITION BY package ORDER BY age DESC, n)::text, 4, '0') AS ref
      FROM demo_letter) s
WHERE s.n = d.n;

-- One letter at a time, answered letters first (the database keeps the threads and the reply counts).
DO $$
DECLARE
    d record;
    replied_on date;
BEGIN
    FOR d IN SELECT * FROM demo_letter ORDER BY n LOOP
        SELECT min(current_date - r.age) INTO replied_on
        FROM demo_letter r WHERE r.reply_to = d.n AND r.state <> 'Draft';
        INSERT INTO correspondence (c_reference_no, n_package, n_contract, c_direction, d_letter, n_from_org, n_to_org,
                                    c_cc, c_their_reference, c_subject, c_summary, c_category, c_priority,
                                    n_confidential, n_reply_to, n_action_required, n_action_by, d_due,
                                    c_action_notes, d_registered, d_replied, d_closed, c_state, n_ball_in_court,
                                    n_raised_by, n_updated_by, d_created_at, d_updated_at)
        SELECT d.ref, d.package, (SELECT id FROM contract c WHERE c.n_package = d.package ORDER BY id LIMIT 1),
               d.direction, current_date - d.age,
               (SELECT id FROM organization WHERE c_code = d.from_org),
               (SELECT id FROM organization WHERE c_code = d.to_org),
               d.cc, d.their_ref, d.subject, d.summary, d.category, d.priority, d.confidential,
               (SELECT id FROM correspondence WHERE c_reference_no = (SELECT ref FROM demo_letter WHERE n = d.reply_to)),
               d.action_required, act.id,
               CASE WHEN d.due_in IS NOT NULL THEN current_date + d.due_in END,
               CASE WHEN d.state IN ('Replied', 'Closed') AND d.action_required = 1
                    THEN 'Answered by the reply in the thread.' END,
               CASE WHEN d.state <> 'Draft' THEN current_date - d.age END,
               CASE WHEN d.state IN ('Replied', 'Closed') AND d.action_required = 1 THEN replied_on END,
               CASE WHEN d.state = 'Closed' THEN
                    least(current_date, coalesce(replied_on, current_date - d.age) + 2) END,
               d.state,
               CASE d.state WHEN 'Draft' THEN reg.id WHEN 'Registered' THEN reg.id WHEN 'Action pending' THEN act.id
                            WHEN 'Replied' THEN reg.id END,
               reg.id, reg.id,
               (current_date - d.age)::timestamptz + interval '10 hours',
               (current_date - d.age)::timestamptz + interval '10 hours'
        FROM users reg
        LEFT JOIN users act ON act.c_username = d.action_by
        WHERE reg.c_username = d.registrar;
    END LOOP;
END $$;

-- The events that brought each letter to its state: registered (for action or not) on its date, the reply
-- registered by the action owner on the reply's date, closed by the action owner (or the registrar when no action
-- was asked) two days after.
INSERT INTO workflow_event (c_entry, c_key, c_transition, c_from, c_to, n_by, d_at, c_comment)
SELECT 'correspondence', c.id::text, e.transition, e.from_state, e.to_state,
       CASE e.by WHEN 'action' THEN c.n_action_by ELSE c.n_raised_by END,
       CASE e.at WHEN 'letter' THEN c.d_letter::timestamptz + interval '11 hours'
                 WHEN 'replied' THEN c.d_replied::timestamptz + interval '12 hours'
                 ELSE c.d_closed::timestamptz + interval '16 hours' END,
       e.comment
FROM correspondence c
CROSS JOIN (VALUES
    ('register', 'Draft', 'Registered', 'registrar', 'letter', NULL, 'register'),
    ('register_for_action', 'Draft', 'Action pending', 'registrar', 'letter', NULL, 'for_action'),
    ('reply_registered', 'Action pending', 'Replied', 'action', 'replied', 'Reply registered in the thread.', 'replied'),
    ('close_letter', 'Registered', 'Closed', 'registrar', 'closed', NULL, 'close_plain'),
    ('close_letter', 'Replied', 'Closed', 'action', 'closed', 'Closed on the reply.', 'close_replied')
) AS e (transition, from_state, to_state, by, at, comment, step)
WHERE c.n_raised_by IS NOT NULL
  AND ((e.step = 'register' AND c.n_action_required = 0 AND c.c_state <> 'Draft')
    OR (e.step = 'for_action' AND c.n_action_required = 1 AND c.c_state <> 'Draft')
    OR (e.step = 'replied' AND c.n_action_required = 1 AND c.c_state IN ('Replied', 'Closed'))
    OR (e.step = 'close_plain' AND c.n_action_required = 0 AND c.c_state = 'Closed')
    OR (e.step = 'close_replied' AND c.n_action_required = 1 AND c.c_state = 'Closed'));

INSERT INTO doc_sequence (c_entry, c_scope, n_last)
SELECT 'correspondence', n_package::text, count(*) FROM correspondence GROUP BY n_package
ON CONFLICT (c_entry, c_scope) DO UPDATE SET n_last = greatest(doc_sequence.n_last, EXCLUDED.n_last);
