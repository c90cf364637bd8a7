import { queryOptions, useQuery } from '@tanstack/react-query';

import { GatewayError, getJson } from './client';
import type { HealthReport } from './schema';

/** The answer of GET /api/health (200 and 503 share it). */
export async function fetchHealth(signal?: AbortSignal): Promise<HealthReport> {
  try {
    return await getJson<HealthReport>('/api/health', signal);
  } catch (error) {
    // 503 still carries a report: show it rather than a generic failure.
    if (error instanceof GatewayError && isHealthReport(error.body)) return error.body;
    throw error;
  }
}

function isHealthReport(value: unknown): value is HealthReport {
  return typeof value === 'object' && value !== null && 'status' in value && 'database' in value;
}

export const healthQuery = queryOptions({
  queryKey: ['health'],
  queryFn: ({ signal }) => fetchHealth(signal),
  refetchInterval: 10_000,
});

export function useHealth() {
  return useQuery(healthQuery);
}
