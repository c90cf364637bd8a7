// The one place that talks to the gateway. Every server call goes through TanStack Query hooks built on it.

/** An answer the gateway gave with a non-2xx status, with its JSON body when it sent one. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`gateway answered ${status}`);
  }
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, signal });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new GatewayError(response.status, body);
  return body as T;
}
