import { describe, expect, it } from 'vitest';

import { describeHealth } from './health-status';

describe('describeHealth', () => {
  it('reports a connected database with the gateway version', () => {
    expect(describeHealth({ status: 'ok', database: 'up', version: '0.1.0' }, false)).toEqual({
      text: 'Database connected (gateway 0.1.0)',
      tone: 'good',
    });
  });

  it('tells migrating apart from waiting for the database', () => {
    expect(describeHealth({ status: 'starting', database: 'migrating', version: '1' }, false).text).toMatch(
      /migrations/,
    );
    expect(describeHealth({ status: 'starting', database: 'down', version: '1' }, false).text).toMatch(
      /waiting for the database/,
    );
  });

  it('marks an unreachable database and an unreachable gateway as bad', () => {
    expect(describeHealth({ status: 'unavailable', database: 'down', version: '1' }, false).tone).toBe('bad');
    expect(describeHealth(undefined, true)).toEqual({
      text: 'Gateway unreachable: check your network connection',
      tone: 'bad',
    });
  });

  it('waits while no answer has arrived yet', () => {
    expect(describeHealth(undefined, false).tone).toBe('waiting');
  });
});
