import { useEffect, useState } from 'react';

import { useTranslation } from '../lib/i18n';

/** Where the gateway serves its OpenAPI document. */
export const OPENAPI_URL = '/api/openapi.json';

/**
 * The API reference for integrators at `/api-docs`: RapiDoc, bundled with the console (so it works without the
 * internet), reading the gateway's own OpenAPI document. Loaded on demand to keep the console's bundle small.
 */
export function ApiReference() {
  const { t } = useTranslation();
  const [state, setState] = useState<'loading' | 'ready' | string>('loading');
  useEffect(() => {
    import('rapidoc').then(
      () => setState('ready'),
      (error: unknown) => setState(error instanceof Error ? error.message : String(error)),
    );
  }, []);
  if (state === 'loading') return <p style={{ padding: '1rem' }}>{t('Loading the API reference…')}</p>;
  if (state !== 'ready') {
    return (
      <p role="alert" style={{ padding: '1rem' }}>
        {t('The API reference could not be loaded: {{reason}}', { reason: state })}
      </p>
    );
  }
  return (
    <rapi-doc
      spec-url={OPENAPI_URL}
      heading-text={t('Metro PMIS API')}
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
