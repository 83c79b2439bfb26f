// `npm run screenshots`: phone and desktop pictures of the main pages, written to docs/screenshots/
// for the README. Not part of `npm test` (its specs live in screenshots/, outside e2e/). The server
// starts as the e2e one does (playwright.config.ts): built if stale, a seeded demo shop copied in,
// `node server.mjs`, here on port 3200 so it never meets an e2e run's.
import { defineConfig } from '@playwright/test'

import { debianChromium, runDataDir, shopServer } from './e2e/shop-server'

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3200)
const baseURL = `http://127.0.0.1:${PORT}`
// The e2e fixtures (users, orders) write to the store the server runs on.
const dataDir = runDataDir('shop-screenshots-')

const chromium = debianChromium(['--hide-scrollbars'])

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
  webServer: shopServer({
    port: PORT,
    dataDir,
    sessionSecret: 'screenshots-session-secret-as-long-as-production-asks',
  }),
})
