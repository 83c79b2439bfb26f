// `npm run screenshots`: phone and desktop pictures of the main pages, written to docs/screenshots/
// for the README. Not part of `npm test` (its specs live in screenshots/, outside e2e/). The server
// starts as the e2e one does (playwright.config.ts): built if stale, a seeded demo shop copied in,
// `node server.mjs`, here on port 3200 so it never meets an e2e run's.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3200)
const baseURL = `http://127.0.0.1:${PORT}`
const dataDir =
  process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-screenshots-'))
// The e2e fixtures (users, orders) write to the store the server runs on.
process.env.E2E_DATA_DIR = dataDir

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars'],
  },
}

export default defineConfig({
  testDir: './screenshots',
  // One page at a time: the pictures come out the same on a busy machine.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: { baseURL, javaScriptEnabled: true },
  projects: [
    {
      name: 'phone',
      use: {
        ...chromium,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      },
    },
    { name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
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
      SESSION_SECRET: 'screenshots-session-secret-as-long-as-production-asks',
      PAYFAST_MODE: 'simulator',
      TRUST_PROXY_HOPS: '1',
    },
  },
})
