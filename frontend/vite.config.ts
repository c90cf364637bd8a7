import { defineConfig } from 'vitest/config';

// The gateway serves the built console from dist/ on the same port as the API. During `npm run dev`, API calls
// go to a gateway on :8080 (`just run`).
export default defineConfig({
  build: {
    outDir: 'dist',
    sourcemap: true,
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
    },
  },
  test: { environment: 'node', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
});
