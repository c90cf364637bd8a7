// A small programme for the schedule transforms' tests (not part of the console's bundle: only tests import it).
import type { ProjectSchedule, ScheduleActivity } from '../../api/schedule';

function activity(id: number, wbs: number | null, over: Partial<ScheduleActivity> = {}): ScheduleActivity {
  return {
    id,
    wbs,
    code: `A${id}`,
    name: `Activity ${id}`,
    type: 'TT_Task',
    status: 'TK_NotStart',
    planned_start: '2026-01-05T08:00:00',
    planned_finish: '2026-01-09T17:00:00',
    actual_start: null,
    actual_finish: null,
    early_start: null,
    early_finish: null,
    late_start: null,
    late_finish: null,
    baseline_start: null,
    baseline_finish: null,
    duration_days: 5,
    remaining_days: 5,
    total_float_days: 10,
    pct_complete: 0,
    package: null,
    package_code: null,
    critical: false,
    ...over,
  };
}

/** Project node 1 > package 2 (> stretch 3) and an empty node 4; five activities and three relationships. */
export function sample(): ProjectSchedule {
  return {
    project: {
      id: 9,
      short_name: 'T',
      name: 'Test',
      data_date: '2026-02-01T08:00:00',
      plan_start: '2026-01-05T08:00:00',
      plan_finish: '2026-06-30T17:00:00',
      activities: 5,
      milestones: 1,
      wbs: 4,
      relationships: 3,
      imported_at: '2026-02-02T10:00:00+05:30',
      imported_by: 'Planner',
      import: 2,
      baseline_import: 1,
    },
    wbs: [
      { id: 1, parent: null, code: 'T', name: 'Test', seq: 0, package: null, path: 'T', proj_node: true },
      {
        id: 3,
        parent: 2,
        code: 'S1',
        name: 'Stretch 1',
        seq: 5,
        package: 7,
        path: 'T.C1-V01.S1',
        proj_node: false,
      },
      {
        id: 2,
        parent: 1,
        code: 'C1-V01',
        name: 'C1-V01 works',
        seq: 10,
        package: 7,
        path: 'T.C1-V01',
        proj_node: false,
      },
      {
        id: 4,
        parent: 1,
        code: 'EMPTY',
        name: 'Nothing here',
        seq: 20,
        package: null,
        path: 'T.EMPTY',
        proj_node: false,
      },
    ],
    activities: [
      activity(11, 3, {
        planned_start: '2026-03-02T08:00:00',
        planned_finish: '2026-03-20T17:00:00',
        package: 7,
        package_code: 'C1-V01',
      }),
      activity(10, 3, {
        status: 'TK_Active',
        actual_start: '2026-01-06T08:00:00',
        total_float_days: -3,
        critical: true,
        baseline_start: '2026-01-01T08:00:00',
        baseline_finish: '2026-01-05T17:00:00',
        package: 7,
        package_code: 'C1-V01',
      }),
      activity(12, 2, {
        type: 'TT_FinMile',
        planned_start: null,
        planned_finish: '2026-06-30T17:00:00',
        package: 7,
        package_code: 'C1-V01',
      }),
      activity(13, 1, {
        status: 'TK_Complete',
        actual_start: '2026-01-05T08:00:00',
        actual_finish: '2026-01-08T17:00:00',
        pct_complete: 100,
        total_float_days: -1,
      }),
      activity(14, null, { name: 'Loose', planned_start: null, planned_finish: null }),
    ],
    relationships: [
      { id: 1, pred: 10, succ: 11, type: 'FS', lag_days: 0 },
      { id: 2, pred: 11, succ: 12, type: 'SS', lag_days: 2 },
      { id: 3, pred: 10, succ: 99, type: 'FF', lag_days: 0 },
    ],
  };
}
