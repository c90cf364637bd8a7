import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

import { stripRemoteFontFaces } from './src/lib/remote-fonts';

// The gateway serves the built console from dist/ on the same port as the API. During `npm run dev`, API calls
// go to a gateway on :8080 (`just run`).
export default defineConfig({
  plugins: [
    // The timeline chart's CSS names web fonts on its vendor's CDN: the console ships every file it uses, so those
    // rules are taken out and the chart draws in the console's fonts (src/lib/remote-fonts.ts).
    {
      name: 'strip-remote-font-faces',
      enforce: 'pre',
      transform(code, id) {
        return /@svar-ui\/[^?]*\.css(\?|$)/.test(id) ? stripRemoteFontFaces(code) : undefined;
      },
    },
    // Every text asset of 1 KB or more also as .br and .gz beside it, at the plugin's defaults: brotli at its
    // highest quality (11) and gzip at level 9. The gateway sends the variant the browser accepts
    // (gateway/src/http/static_files.rs) and spends no CPU compressing per request.
    compression({
      include: /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest)$/,
      threshold: 1024,
      algorithms: ['brotliCompress', 'gzip'],
    }),
  ],
  build: {
    outDir: 'dist',
    // Maps for developers only: the bundles do not name them, and `npm run build` moves them out of dist/
    // (scripts/source-maps.mjs) into ../.pmis/console-sourcemaps/.
    sourcemap: 'hidden',
    // The API reference (RapiDoc, ~860 kB) is a chunk of its own, loaded only on /api-docs.
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      // Libraries mark client components with "use client"; meaningless in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'SOURCEMAP_ERROR') return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/files': 'http://127.0.0.1:8080',
      '/_support_resources': 'http://127.0.0.1:8080',
      // The gateway merges the site's and the registry's translations into the product's language files.
      '/assets/api/langs': 'http://127.0.0.1:8080',
    },
  },
  test: { environment: 'node', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
});
