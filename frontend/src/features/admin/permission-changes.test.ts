import { describe, expect, it } from 'vitest';

import {
  applied,
  changeCount,
  FULL_GRANT,
  NO_GRANT,
  planChanges,
  type RouteGrant,
  withAction,
} from './permission-changes';

const READ_ONLY: RouteGrant = { ...NO_GRANT, view: true };

describe('ticks on a row', () => {
  it('an action needs View, and View off clears the actions', () => {
    expect(withAction(NO_GRANT, 'update', true)).toEqual({ ...NO_GRANT, view: true, update: true });
    expect(withAction(FULL_GRANT, 'view', false)).toEqual(NO_GRANT);
    expect(withAction(FULL_GRANT, 'delete', false)).toEqual({ ...FULL_GRANT, delete: false });
    expect(applied({ ...NO_GRANT, create: true })).toEqual(NO_GRANT);
    expect(applied(READ_ONLY)).toEqual(READ_ONLY);
  });
});

describe('the calls that save the changes', () => {
  it('grants each distinct set of actions once, revokes what is no longer viewed, leaves the rest', () => {
    const held = new Map<string, RouteGrant>([
      ['/masters/corridor', FULL_GRANT],
      ['/masters/station', FULL_GRANT],
      ['/masters/package', READ_ONLY],
    ]);
    const wanted = new Map<string, RouteGrant>([
      ['/masters/corridor', READ_ONLY],
      ['/masters/station', FULL_GRANT],
      ['/masters/site', READ_ONLY],
      ['/masters/contract', { ...READ_ONLY, export: true }],
    ]);
    expect(planChanges(held, wanted)).toEqual({
      grants: [
        {
          routes: ['/masters/corridor', '/masters/site'],
          actions: { create: false, update: false, delete: false, export: false },
        },
        {
          routes: ['/masters/contract'],
          actions: { create: false, update: false, delete: false, export: true },
        },
      ],
      revokes: ['/masters/package'],
    });
    expect(changeCount(held, wanted)).toBe(4);
    expect(changeCount(held, held)).toBe(0);
  });
});
