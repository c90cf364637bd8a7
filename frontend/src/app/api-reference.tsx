import { useEffect, useState } from 'react';

/** Where the gateway serves its OpenAPI document. */
export const OPENAPI_URL = '/api/openapi.json';

/**
 * The API reference for integrators at `/api-docs`: RapiDoc, bundled with the console (so it works without the
 * internet), reading the gateway's own OpenAPI document. Loaded on demand to keep the console's bundle small.
 */
export function ApiReference() {
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');
  useEffect(() => {
    import('rapidoc').then(
      () => setState('ready'),
      (error: unknown) => setState(error instanceof Error ? error.message : String(error)),
    );
  }, []);
  if (state === 'loading') return <p style={{ padding: '1rem' }}>Loading the API reference…</p>;
  if (state !== 'ready') {
    return (
      <p role="alert" style={{ padding: '1rem' }}>
        The API reference could not be loaded: {state}
      </p>
    );
  }
  return (
    <rapi-doc
      spec-url={OPENAPI_URL}
      heading-text="Metro PMIS API"
      render-style="read"
      theme="light"
      primary-color="#1f4e79"
      show-header="false"
      allow-server-selection="false"
      allow-authentication="true"
      persist-auth="false"
      load-fonts="false"
      regular-font="system-ui, sans-serif"
      mono-font="ui-monospace, monospace"
      style={{ display: 'block', height: '100vh', width: '100%' }}
    />
  );
}
