import { describe, expect, it } from 'vitest';

import { blankRfi, RFI_FIELDS, RFI_STEPS, rfiSchema, WITNESS_NEEDED } from './rfi-form';

const TODAY = '2026-11-24';

function problems(values: Partial<ReturnType<typeof blankRfi>>) {
  const issues = rfiSchema(TODAY).safeParse({ ...blankRfi(), ...values }).error?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const GOOD = {
  n_package: '4',
  c_rfi_no: 'C1-V01-RFI-00012',
  c_inspection_type: 'Concreting',
  c_work: 'Pier cap P12, second lift',
  d_inspection: '2026-11-25',
  n_quantity: '42.5',
  c_contractor_email: 'rahul.verma@contractor.example',
};

describe('the RFI form', () => {
  it('says every problem at once, in the record form’s words', () => {
    expect(problems({})).toEqual({
      n_package: 'Package is required',
      c_rfi_no: 'RFI number is required',
      c_inspection_type: 'Inspection is required',
      c_work: 'Work to inspect is required',
      d_inspection: 'Inspection date is required',
      n_quantity: 'Quantity (m³) is required',
      c_contractor_email: 'Contractor’s e-mail is required',
    });
  });

  it('accepts a good request', () => {
    expect(problems(GOOD)).toEqual({});
  });

  it('checks the number’s form, the day, the amounts and the contacts', () => {
    expect(
      problems({
        ...GOOD,
        c_rfi_no: 'RFI 12',
        d_inspection: '2026-11-23',
        n_quantity: '0',
        n_value: '12.345',
        c_contractor_email: 'rahul',
        c_contractor_phone: 'call me',
      }),
    ).toEqual({
      c_rfi_no: 'RFI number: write it as the package, RFI and five digits, such as C1-V01-RFI-00012',
      d_inspection: 'Inspection date must be on or after 24 Nov, 2026',
      n_quantity: 'Quantity (m³) must be 0.01 or more',
      n_value: 'Value of the work (₹) allows at most 2 decimal places',
      c_contractor_email: 'Contractor’s e-mail must be an e-mail address such as name@example.com',
      c_contractor_phone:
        'Contractor’s phone must be a phone number: digits, spaces and + - ( ), 7 to 20 characters',
    });
  });

  it('needs the witnessing engineer when the engineer witnesses', () => {
    expect(problems({ ...GOOD, c_witness: 'Yes' })).toEqual({ c_witness_name: WITNESS_NEEDED });
    expect(problems({ ...GOOD, c_witness: 'Yes', c_witness_name: 'Arjun Mehta' })).toEqual({});
  });

  it('checks every field in one of the wizard’s steps', () => {
    expect(RFI_STEPS.flatMap((step) => step.fields).sort()).toEqual([...RFI_FIELDS].sort());
  });
});
