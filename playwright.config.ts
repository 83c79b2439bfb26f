import { defineConfig } from '@playwright/test'

import { debianChromium, E2E_SESSION_SECRET, runDataDir, shopServer } from './e2e/shop-server'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const baseURL = `http://127.0.0.1:${PORT}`
// Each run gets an empty store, seeded with the demo shop before the server starts.
const dataDir = runDataDir('shop-e2e-')

const chromium = debianChromium([
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--disable-sync',
])

export default defineConfig({
  testDir: './e2e',
  // Two instances behind a proxy: their own config and servers (playwright.cluster.config.ts).
  testIgnore: ['**/cluster/**'],
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // No retries: a spec that passes only sometimes has a cause to find (issue 20).
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // No traces: recording one for every test (to keep the failures') cost a quarter of the run's
  // CPU. To see a failing spec step by step, run it again with `--trace on`.
  use: { baseURL, trace: 'off' },
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
  webServer: shopServer({
    port: PORT,
    dataDir,
    sessionSecret: E2E_SESSION_SECRET,
  }),
})
