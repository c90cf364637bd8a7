import { defineConfig } from '@playwright/test';

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real gateway serving the built
// console, on a fresh database that `just test` creates and passes in E2E_DATABASE_URL. With E2E_BASE_URL set, the
// tests run against that already-running gateway instead.
const port = Number(process.env.E2E_PORT ?? 18089);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
const databaseUrl = process.env.E2E_DATABASE_URL;

if (!process.env.E2E_BASE_URL && !databaseUrl) {
  throw new Error(
    'Set E2E_DATABASE_URL (a fresh database) or E2E_BASE_URL (a running gateway); `just e2e` does.',
  );
}

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    // A trace records the page at every step: about a third of the suite's CPU. CI keeps only its log, so it
    // records none there; on a developer's machine a failing test leaves its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    // The console honours prefers-reduced-motion (no drawer or modal slides), so elements are where they will
    // stay when a test acts on them.
    contextOptions: { reducedMotion: 'reduce' },
    // The people are in India: the browser's own day (a date picker's default, a reminder's date) is India's, as
    // the gateway's "today" is (TIME_ZONE), whatever the machine running the tests says.
    timezoneId: 'Asia/Kolkata',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The suite is CPU-bound on two cores (measured: chromium ~1.3 cores of 2 for one worker). No compositing
        // in a GPU process and no optimising JIT for pages that live seconds: 8 % less CPU, the same behaviour.
        '--disable-gpu-compositing',
        '--disable-software-rasterizer',
        '--js-flags=--no-opt',
      ],
    },
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: '../target/debug/gateway serve --seed-demo',
        url: `${baseURL}/api/health`,
        timeout: 60_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          DATABASE_URL: databaseUrl ?? '',
          PORT: String(port),
          BIND_ADDRESS: '127.0.0.1',
          STATIC_DIR: '../frontend/dist',
          REGISTRY_DIR: '../schema-registry/registry',
          SUPPORT_RESOURCES_DIR: '../support-resources',
          // Files attached in the tests stay out of the working tree.
          FILES_DIR: '../target/e2e-files',
          RUST_LOG: 'warn',
        },
      },
});
