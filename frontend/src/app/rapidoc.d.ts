// The <rapi-doc> custom element (registered by `import('rapidoc')`), with the attributes the console sets.
import type { CSSProperties } from 'react';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'rapi-doc': {
        'spec-url': string;
        'heading-text'?: string;
        'render-style'?: 'read' | 'view' | 'focused';
        theme?: 'light' | 'dark';
        'primary-color'?: string;
        'show-header'?: 'true' | 'false';
        'allow-server-selection'?: 'true' | 'false';
        'allow-authentication'?: 'true' | 'false';
        'persist-auth'?: 'true' | 'false';
        /** RapiDoc fetches its fonts from Google unless told not to: the console must work offline. */
        'load-fonts'?: 'true' | 'false';
        'regular-font'?: string;
        'mono-font'?: string;
        style?: CSSProperties;
      };
    }
  }
}
