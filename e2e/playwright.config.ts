import { defineConfig, devices } from '@playwright/test';
import { findChromium } from '@yanzhi/dev-support';

/**
 * Browser tests in the machine's Chromium (no browser download works here: Debian's package, or
 * CHROMIUM_PATH), on a phone profile, against the production build served by the real server
 * (started by global-setup.ts). `npm run test:e2e` (run.ts) skips them when there is no Chromium.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './support/global-setup.ts',
  use: {
    ...devices['Pixel 7'],
    browserName: 'chromium',
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium() ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
