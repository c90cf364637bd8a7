import type { HealthReport } from '../api/schema';
import { translate } from './i18n';

export type Tone = 'good' | 'waiting' | 'bad';

/** What the status line says about the gateway and its database, for a report or a failed call. */
export function describeHealth(
  report: HealthReport | undefined,
  failed: boolean,
): { text: string; tone: Tone } {
  if (failed) return { text: translate('Gateway unreachable: check your network connection'), tone: 'bad' };
  if (!report) return { text: translate('Checking the gateway…'), tone: 'waiting' };
  switch (report.status) {
    case 'ok':
      return {
        text: translate('Database connected (gateway {{version}})', { version: report.version }),
        tone: 'good',
      };
    case 'starting':
      return report.database === 'migrating'
        ? { text: translate('Gateway starting: applying database migrations'), tone: 'waiting' }
        : { text: translate('Gateway starting: waiting for the database'), tone: 'waiting' };
    default:
      // `unavailable`, and any state a newer gateway adds.
      return { text: translate('Database unreachable: the gateway is retrying'), tone: 'bad' };
  }
}
