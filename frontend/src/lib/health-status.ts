import type { HealthReport } from '../api/schema';

export type Tone = 'good' | 'waiting' | 'bad';

/** What the status line says about the gateway and its database, for a report or a failed call. */
export function describeHealth(
  report: HealthReport | undefined,
  failed: boolean,
): { text: string; tone: Tone } {
  if (failed) return { text: 'Gateway unreachable: check your network connection', tone: 'bad' };
  if (!report) return { text: 'Checking the gateway…', tone: 'waiting' };
  switch (report.status) {
    case 'ok':
      return { text: `Database connected (gateway ${report.version})`, tone: 'good' };
    case 'starting':
      return report.database === 'migrating'
        ? { text: 'Gateway starting: applying database migrations', tone: 'waiting' }
        : { text: 'Gateway starting: waiting for the database', tone: 'waiting' };
    default:
      // `unavailable`, and any state a newer gateway adds.
      return { text: 'Database unreachable: the gateway is retrying', tone: 'bad' };
  }
}
