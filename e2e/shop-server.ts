// What the Playwright configs share (playwright.config.ts for e2e, playwright.screenshots.config.ts
// for the README's pictures): Debian's Chromium, and the shop's server on a store of its own.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { devices, type PlaywrightTestConfig } from '@playwright/test'

/** Desktop Chrome's settings on Debian's Chromium: no browser downloads work on these machines. */
export function debianChromium(extraArgs: string[] = []) {
  return {
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', ...extraArgs],
    },
  }
}

/**
 * The store the run's server writes to: E2E_DATA_DIR when the caller named one, else a new empty
 * folder. It is put back in E2E_DATA_DIR, where the fixtures (e2e/fixtures.ts) open it too.
 */
export function runDataDir(prefix: string) {
  const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  process.env.E2E_DATA_DIR = dataDir
  return dataDir
}

/** The e2e server's SESSION_SECRET (as long as production asks, so it could run as production). */
export const E2E_SESSION_SECRET = 'e2e-session-secret-as-long-as-production-asks'

/** Where the run's server log is kept (every line; e2e/log-tee.mjs): read by e2e/logs.spec.ts. */
export function serverLogFile(dataDir: string) {
  return path.join(dataDir, 'server.log')
}

/**
 * The shop's server for a run: the build reused when nothing it is made from changed
 * (e2e/build-if-stale.mjs), a copy of the demo shop seeded once a day per code
 * (e2e/seed-once.mjs) in `dataDir`, then `node server.mjs` on 127.0.0.1:`port`, its log kept in
 * serverLogFile(dataDir) and its warnings and errors shown.
 */
export function shopServer(options: {
  port: number
  dataDir: string
  sessionSecret: string
}): NonNullable<PlaywrightTestConfig['webServer']> {
  const baseURL = `http://127.0.0.1:${options.port}`
  return {
    command: `node e2e/build-if-stale.mjs && node e2e/seed-once.mjs && node server.mjs | node e2e/log-tee.mjs ${JSON.stringify(serverLogFile(options.dataDir))}`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: options.dataDir,
      // As long as production asks (32+ characters), so the server could run as production.
      SESSION_SECRET: options.sessionSecret,
      PAYFAST_MODE: 'simulator',
      // Each test sends its own X-Forwarded-For (e2e/fixtures.ts's clientIp), so tests running side
      // by side keep their own rate-limit allowances instead of sharing 127.0.0.1's.
      TRUST_PROXY_HOPS: '1',
    },
  }
}
