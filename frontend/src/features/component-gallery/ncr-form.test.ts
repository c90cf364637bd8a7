import { describe, expect, it } from 'vitest';

import { blankNcr, CLOSED_BEFORE_RAISED, DISPOSITION_TO_CLOSE, ncrSchema } from './ncr-form';

const TODAY = '2026-11-24';

function problems(values: Partial<ReturnType<typeof blankNcr>>) {
  const issues = ncrSchema(TODAY).safeParse({ ...blankNcr(TODAY), ...values }).error?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message]));
}

const GOOD = {
  c_ncr_no: 'C1-V01-NCR-0007',
  n_package: '4',
  c_category: 'Workmanship',
  c_severity: 'Major',
  c_description: 'Honeycombing on the pier P14 face, 0.6 m².',
};

describe('the NCR form', () => {
  it('starts raised today and needs its number, package, category, severity and description', () => {
    expect(blankNcr(TODAY).d_raised).toBe(TODAY);
    expect(problems({})).toEqual({
      c_ncr_no: 'NCR number is required',
      n_package: 'Package is required',
      c_category: 'Category is required',
      c_severity: 'Severity is required',
      c_description: 'What does not conform is required',
    });
    expect(problems(GOOD)).toEqual({});
  });

  it('cannot be raised after today', () => {
    expect(problems({ ...GOOD, d_raised: '2026-11-25' })).toEqual({
      d_raised: 'Raised on must be on or before 24 Nov, 2026',
    });
  });

  it('closes on or after the day it was raised, with a disposition', () => {
    expect(problems({ ...GOOD, d_raised: '2026-11-20', d_closed: '2026-11-19' })).toEqual({
      d_closed: CLOSED_BEFORE_RAISED,
      c_disposition: DISPOSITION_TO_CLOSE,
    });
    expect(
      problems({ ...GOOD, d_raised: '2026-11-20', d_closed: '2026-11-20', c_disposition: 'Rework' }),
    ).toEqual({});
  });

  it('refuses a day that does not exist and a choice it does not offer', () => {
    expect(
      problems({ ...GOOD, d_closed: '2026-02-30', c_disposition: 'Rework', c_severity: 'Huge' }),
    ).toEqual({
      d_closed: 'Closed on must be a real date (day, month and year), such as 2026-11-23',
      c_severity: 'Severity must be one of: Minor, Major, Critical',
    });
  });
});
