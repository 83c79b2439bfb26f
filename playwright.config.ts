import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://127.0.0.1:${PORT}`
// Each run gets an empty store, seeded with the demo shop before the server starts.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'))
process.env.E2E_DATA_DIR = dataDir

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    // Debian's Chromium: no browser downloads work on these machines.
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  },
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries: a spec that passes only sometimes has a cause to find (issue 20).
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: { baseURL, trace: 'retain-on-failure' },
  projects: [
    { name: 'js', use: { ...chromium, javaScriptEnabled: true } },
    { name: 'no-js', use: { ...chromium, javaScriptEnabled: false } },
    // A phone (390x844, touch) for the layout specs: nothing scrolls sideways, the header stays small.
    {
      name: 'phone',
      testMatch: /layout\.spec\.ts/,
      use: {
        ...chromium,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        javaScriptEnabled: true,
      },
    },
  ],
  webServer: {
    // The build is reused when nothing it is made from changed (e2e/build-if-stale.mjs); the store
    // is always a new one, a copy of the demo shop seeded once a day per code (e2e/seed-once.mjs).
    command: 'node e2e/build-if-stale.mjs && node e2e/seed-once.mjs && node server.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      // As long as production asks (32+ characters), so the e2e server could run as production.
      SESSION_SECRET: 'e2e-session-secret-as-long-as-production-asks',
      PAYFAST_MODE: 'simulator',
      // Each test sends its own X-Forwarded-For (e2e/fixtures.ts's clientIp), so tests running side
      // by side keep their own rate-limit allowances instead of sharing 127.0.0.1's.
      TRUST_PROXY_HOPS: '1',
    },
  },
})
