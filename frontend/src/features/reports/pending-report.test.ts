import { describe, expect, it } from 'vitest';

import type { PendingReportRow } from '../../api/schema';
import { toCsv } from '../../lib/table-file';
import { filterRows, NO_FILTER, peopleLoad, registersOf, reportTable } from './pending-report';

function row(
  who: [number, string | null],
  register: string,
  number: string,
  extra: { due?: string; overdue?: boolean; days?: number; title?: string } = {},
): PendingReportRow {
  return {
    waiting_on: who[0],
    waiting_on_name: who[1],
    register,
    url: '/contract-data-entry/rfi',
    document: {
      id: `r.${number}`,
      c_doc_no: number,
      record_url: `/contract-data-entry/rfi?record=r.${number}`,
      title: extra.title ?? null,
      due: extra.due ?? null,
      days_waiting: extra.days ?? null,
      overdue: extra.overdue ?? false,
    },
  };
}

const engineer: [number, string] = [4, "Employer's Engineer"];
const contractor: [number, string] = [3, 'Contractor Engineer'];
const rows = [
  row(engineer, 'RFI', 'RFI-2', { due: '2026-11-30', days: 2 }),
  row(contractor, 'NCR', 'NCR-1', { due: '2026-11-01', overdue: true, days: 30, title: 'Honeycombing, P12' }),
  row(engineer, 'NCR', 'NCR-7', { due: '2026-11-10', overdue: true, days: 12 }),
  row(engineer, 'RFI', 'RFI-1', { days: 9 }),
  row([9, null], 'Transmittal', 'TR-1'),
];

describe('peopleLoad', () => {
  it('counts what waits on each person, overdue first, with the longest wait', () => {
    const people = peopleLoad(rows);
    expect(people.map((p) => [p.name, p.count, p.overdue, p.longestWait])).toEqual([
      ["Employer's Engineer", 3, 1, 12],
      ['Contractor Engineer', 1, 1, 30],
      ['User 9', 1, 0, null],
    ]);
  });
});

describe('filterRows', () => {
  it('keeps everything unfiltered, overdue first, then the longest waiting', () => {
    expect(filterRows(rows, NO_FILTER).map((r) => r.document.c_doc_no)).toEqual([
      'NCR-1',
      'NCR-7',
      'RFI-1',
      'RFI-2',
      'TR-1',
    ]);
  });

  it('narrows by person, register and overdue together', () => {
    expect(filterRows(rows, { ...NO_FILTER, person: 4 }).map((r) => r.document.c_doc_no)).toEqual([
      'NCR-7',
      'RFI-1',
      'RFI-2',
    ]);
    expect(filterRows(rows, { person: 4, register: 'RFI', overdueOnly: false })).toHaveLength(2);
    expect(filterRows(rows, { person: 4, register: 'RFI', overdueOnly: true })).toHaveLength(0);
    expect(filterRows(rows, { ...NO_FILTER, overdueOnly: true }).map((r) => r.waiting_on)).toEqual([3, 4]);
  });

  it('lists the registers that have rows', () => {
    expect(registersOf(rows)).toEqual(['NCR', 'RFI', 'Transmittal']);
  });
});

describe('reportTable', () => {
  it('writes one line per row with the due date as a date and Yes/No for overdue', () => {
    const table = reportTable(filterRows(rows, { ...NO_FILTER, person: 3 }));
    expect(table.rows).toHaveLength(1);
    const [first] = table.rows;
    expect(first?.slice(0, 4)).toEqual(['Contractor Engineer', 'NCR', 'NCR-1', 'Honeycombing, P12']);
    expect(first?.[4]).toBeInstanceOf(Date);
    expect(first?.slice(5)).toEqual(['Yes', 30]);
    expect(toCsv(table.headers, table.rows)).toContain(
      '\r\nContractor Engineer,NCR,NCR-1,"Honeycombing, P12",2026-11-01,Yes,30\r\n',
    );
  });
});
