import { describe, expect, it } from 'vitest';

import { toCsv } from '../../lib/table-file';
import { EXPORT_HEADERS, exportFileName, exportRows } from './export-rows';
import { toGanttModel, visibleRows } from './schedule-tasks';
import { sample } from './schedule-sample.fixture';

describe('exportRows', () => {
  const { rows } = toGanttModel(sample());

  it('exports the rows shown, in order, with the tree indented', () => {
    const table = exportRows(visibleRows(rows, new Set(['w2'])));
    expect(table.map((row) => row[2])).toEqual(['T', 'C1-V01', 'A13', 'A14']);
    expect(table[1]?.[3]).toBe('  C1-V01 works');
    expect(table.every((row) => row.length === EXPORT_HEADERS.length)).toBe(true);
  });

  it('says what each activity is', () => {
    const critical = exportRows(rows).find((row) => row[2] === 'A10');
    expect(critical?.slice(0, 5)).toEqual([4, 'Activity', 'A10', '      Activity 10', 'In progress']);
    expect(critical?.[12]).toBe(-3);
    // Started 4 days after its baseline start, finishing 4 days after, one day longer (baseline minus planned).
    expect(critical?.slice(13, 16)).toEqual([-4, -4, -1]);
    expect(critical?.[17]).toBe('Yes');
    expect(critical?.[18]).toBe('C1-V01');
  });
});

describe('toCsv', () => {
  it('writes ISO days, quotes what needs it, and starts with a BOM', () => {
    const csv = toCsv(EXPORT_HEADERS, [
      [1, 'Activity', 'A1', 'Piers, "P1"', '', new Date(2026, 2, 1, 8), null],
    ]);
    expect(csv.startsWith('\uFEFFLevel,Kind,Code,Name')).toBe(true);
    expect(csv).toContain('\r\n1,Activity,A1,"Piers, ""P1""",,2026-03-01,\r\n');
  });

  it('keeps a text that a spreadsheet would run as a formula as text; numbers stay numbers', () => {
    const csv = toCsv(['A', 'B', 'C'], [['=HYPERLINK("x")', '-12', -3]]);
    expect(csv).toContain(`\r\n"'=HYPERLINK(""x"")",'-12,-3\r\n`);
  });
});

describe('exportFileName', () => {
  it('names the project and package, safely', () => {
    expect(exportFileName('MML3 VIA', 'C1-V01', 'xlsx')).toMatch(
      /^MML3_VIA-C1-V01-timeline-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
  });
});
