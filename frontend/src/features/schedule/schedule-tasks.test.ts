import { describe, expect, it } from 'vitest';

import { toGanttLinks, toGanttTasks } from './gantt-tasks';
import { sample } from './schedule-sample.fixture';
import {
  criticalPath,
  isCritical,
  packagesOf,
  parentIds,
  parseScheduleDate,
  toGanttModel,
  visibleRows,
} from './schedule-tasks';

describe('parseScheduleDate', () => {
  it('reads P6 wall-clock time as the same local time', () => {
    const date = parseScheduleDate('2026-03-01T08:30:00');
    expect([
      date?.getFullYear(),
      date?.getMonth(),
      date?.getDate(),
      date?.getHours(),
      date?.getMinutes(),
    ]).toEqual([2026, 2, 1, 8, 30]);
  });
  it('answers null for nothing or nonsense', () => {
    expect(parseScheduleDate(null)).toBeNull();
    expect(parseScheduleDate('')).toBeNull();
    expect(parseScheduleDate('not a date')).toBeNull();
  });
});

describe('toGanttModel', () => {
  const model = toGanttModel(sample());

  it('orders the WBS tree by sequence, parents before children, and leaves out empty nodes', () => {
    expect(model.rows.map((row) => `${row.level}:${row.id}`)).toEqual([
      '0:w1',
      '1:w2',
      '2:w3',
      '3:a10',
      '3:a11',
      '2:a12',
      '1:a13',
      '0:a14',
    ]);
  });

  it('gives a WBS node the span of everything under it', () => {
    const stretch = model.rows.find((row) => row.id === 'w3');
    expect(stretch?.start).toEqual(new Date(2026, 0, 5, 8));
    expect(stretch?.end).toEqual(new Date(2026, 2, 20, 17));
    expect(stretch?.kind).toBe('wbs');
  });

  it('marks critical, complete and milestone rows', () => {
    const kinds = Object.fromEntries(model.rows.map((row) => [row.id, row.kind]));
    expect(kinds).toMatchObject({ a10: 'critical', a11: 'task', a12: 'milestone', a13: 'complete' });
    // Negative float but complete: not critical.
    expect(model.rows.find((row) => row.id === 'a13')?.critical).toBe(false);
  });

  it('puts a finish milestone at its finish date and an undated activity at the data date', () => {
    expect(model.rows.find((row) => row.id === 'a12')?.start).toEqual(new Date(2026, 5, 30, 17));
    expect(model.rows.find((row) => row.id === 'a14')?.start).toEqual(new Date(2026, 1, 1, 8));
  });

  it('links activities it shows and drops a link to one it does not', () => {
    expect(model.links).toEqual([
      { id: 1, source: 'a10', target: 'a11', type: 'e2s', lag: 0 },
      { id: 2, source: 'a11', target: 'a12', type: 's2s', lag: 2 },
    ]);
    expect(toGanttLinks(model)).toHaveLength(2);
  });

  it('spans the range over baselines and the data date too', () => {
    expect(model.range?.start).toEqual(new Date(2026, 0, 1, 8));
    expect(model.range?.end).toEqual(new Date(2026, 5, 30, 17));
  });
});

describe('isCritical', () => {
  it('takes the gateway’s flag, or judges total float ≤ 0 and not complete without it', () => {
    expect(isCritical({ critical: true, total_float_days: 5, status: 'TK_NotStart' })).toBe(true);
    const judged = (float: number | null, status: string) =>
      isCritical({ critical: undefined as unknown as boolean, total_float_days: float, status });
    expect(judged(0, 'TK_NotStart')).toBe(true);
    expect(judged(-2, 'TK_Complete')).toBe(false);
    expect(judged(1, 'TK_Active')).toBe(false);
    expect(judged(null, 'TK_Active')).toBe(false);
  });
});

describe('visibleRows', () => {
  const { rows } = toGanttModel(sample());
  it('hides everything under a collapsed node, however deep', () => {
    expect(visibleRows(rows, new Set(['w2'])).map((row) => row.id)).toEqual(['w1', 'w2', 'a13', 'a14']);
    expect(visibleRows(rows, new Set(['w3'])).map((row) => row.id)).toEqual([
      'w1',
      'w2',
      'w3',
      'a12',
      'a13',
      'a14',
    ]);
  });
  it('collapses all to the top rows', () => {
    expect(visibleRows(rows, parentIds(rows)).map((row) => row.id)).toEqual(['w1', 'a14']);
  });
});

describe('toGanttTasks', () => {
  const model = toGanttModel(sample());
  const tasks = toGanttTasks(model.rows, new Set(['w3']), model.dataDate);
  const byId = Object.fromEntries(tasks.map((task) => [task.id, task]));
  it('opens WBS nodes unless collapsed and gives milestones no end', () => {
    expect(byId.w2?.open).toBe(true);
    expect(byId.w3?.open).toBe(false);
    expect(byId.a12?.end).toBeUndefined();
    expect(byId.a12?.type).toBe('milestone');
  });
  it('runs an activity in progress to the data date', () => {
    expect(byId.a10?.actualEnd).toEqual(new Date(2026, 1, 1, 8));
    expect(byId.a13?.actualEnd).toEqual(new Date(2026, 0, 8, 17));
    expect(byId.a11?.actualEnd).toBeNull();
  });
});

describe('packagesOf', () => {
  it('lists each package once, by code', () => {
    expect(packagesOf(sample().activities)).toEqual([{ id: 7, code: 'C1-V01' }]);
  });
});

describe('criticalPath', () => {
  const model = toGanttModel(sample());
  const critical = criticalPath(model);

  it('keeps the critical activities and the WBS nodes above them, nothing else', () => {
    // A10 is critical (float −3, in progress); A13 has negative float but is complete; A11, A12, A14 have float.
    expect(critical.rows.map((row) => row.id)).toEqual(['w1', 'w2', 'w3', 'a10']);
  });

  it('keeps only the relationships between rows it keeps', () => {
    expect(model.links.length).toBeGreaterThan(0);
    expect(critical.links).toEqual([]);
  });

  it('carries the variances against the baseline', () => {
    const row = critical.rows.find((r) => r.id === 'a10');
    expect([row?.startVarianceDays, row?.finishVarianceDays, row?.durationVarianceDays]).toEqual([
      -4, -4, -1,
    ]);
  });
});
