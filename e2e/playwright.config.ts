import { defineConfig, devices } from '@playwright/test';
import path from 'node:path';

/**
 * Journeys run in Debian's Chromium (never a downloaded browser) against the real server: the built
 * web app and the API on a fresh embedded database, mail going to a real SMTP peer (support/mail-server.ts).
 */
const root = path.resolve(import.meta.dirname, '..');
/** Each run keeps its database, web build and notes here (E2E_RUN_DIR lets parallel runs coexist). */
const runDir = path.resolve(process.env.E2E_RUN_DIR || path.join(import.meta.dirname, '.run'));
export const APP_PORT = Number(process.env.E2E_APP_PORT || 3100);
export const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT || 2526);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT || 2525);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(runDir, 'test-results'),
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Two minutes: a journey runs several times slower when the suite shares two cores than alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app shows its dialogs, menus and toasts without motion to people who ask for less of it
    // (theme.respectReducedMotion), and the journeys ask. A dialog that slides in while the machine is
    // starved can pass Playwright's check that it stands still and move before the click lands: the
    // activities' Delete landed 12 px above the dialog's button, and nothing was deleted.
    reducedMotion: 'reduce',
    // The journeys test the pages against the server; the offline app's own journey
    // (tests/offline-app.spec.ts) allows the service worker, which would otherwise answer from its cache
    // what a journey reroutes or counts (decision 0036).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'bootstrap', testMatch: /bootstrap\.setup\.ts/, use: { ...devices['Desktop Chrome'] } },
    {
      name: 'desktop',
      dependencies: ['bootstrap'],
      testIgnore: /bootstrap\.setup\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      command: `node --import tsx support/mail-server.ts`,
      cwd: import.meta.dirname,
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/health`,
      env: { SMTP_PORT: String(SMTP_PORT), MAIL_HTTP_PORT: String(MAIL_HTTP_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${runDir}/data ${runDir}/web && npx vite build apps/web --outDir ${runDir}/web --emptyOutDir --logLevel warn && node --import tsx apps/api/src/server.ts`,
      cwd: root,
      url: `http://127.0.0.1:${APP_PORT}/api/health`,
      env: {
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(runDir, 'data'),
        WEB_DIST_DIR: path.join(runDir, 'web'),
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'Programme <no-reply@programme.test>',
        PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
        AUTH_IP_LIMIT_PER_MINUTE: '10000',
        // The journeys' parallel workers seed their people and records through the one first
        // administrator, far faster than a person works: the per-user limits (decision 0033) are the
        // API tests' to prove.
        USER_WRITES_PER_MINUTE: '10000',
        USER_UPLOADS_PER_HOUR: '10000',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      reuseExistingServer: false,
      // The server's warnings and errors (LOG_LEVEL=warn: a 5xx, a failed job) in the run's output.
      stdout: 'pipe',
      timeout: 180_000,
    },
  ],
});
