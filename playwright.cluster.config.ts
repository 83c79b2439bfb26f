import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { defineConfig } from '@playwright/test'

import { debianChromium } from './e2e/shop-server'

/**
 * The cluster project (`npm run test:cluster`, the last step of `npm test`): two production
 * instances on one SQLite store behind a caching nginx (`npm run cluster`, scripts/cluster.mjs),
 * with an SMTP fake both instances' mail senders deliver to. Without nginx the specs are skipped
 * with a message saying how to install it. Ports: CLUSTER_PORT (default 3300) for the proxy, the
 * next two for the instances, the one after for the SMTP fake.
 */
const PORT = Number(process.env.CLUSTER_PORT ?? 3300)
const SMTP_PORT = PORT + 3
/** What the instances tell a shared cache: keep a page 5 s, then serve it stale for 5 s more. */
export const SHARED_CACHE_SECONDS = 5

const nginxFound = ['nginx', '/usr/sbin/nginx'].some(
  (candidate) => spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0,
)
if (!nginxFound) {
  process.env.CLUSTER_SKIP = 'nginx is not installed'
  // Once, from the runner (workers load this file too).
  if (!process.env.TEST_WORKER_INDEX) {
    console.warn(
      'cluster e2e: SKIPPED: nginx is not installed. Install it (apt-get install -y nginx) to run ' +
        'the two-instance specs; .ci/run does.',
    )
  }
}

// One folder per run, put in the environment so the specs' workers find it: the cluster's
// cluster.json (ports, pids), its store (E2E_DATA_DIR: the fixtures open it) and the mail received.
const clusterDir =
  process.env.CLUSTER_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-e2e-'))
process.env.CLUSTER_DIR = clusterDir
process.env.E2E_DATA_DIR = path.join(clusterDir, 'data')
process.env.SMTP_FAKE_FILE = path.join(clusterDir, 'mail.jsonl')

export default defineConfig({
  testDir: './e2e/cluster',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: { ...debianChromium(), baseURL: `http://127.0.0.1:${PORT}`, trace: 'off' },
  projects: [
    { name: 'cluster', testIgnore: /failover\.spec\.ts/ },
    // Stops an instance for good: after every other spec.
    { name: 'cluster-failover', testMatch: /failover\.spec\.ts/, dependencies: ['cluster'] },
  ],
  webServer: nginxFound
    ? [
        {
          command: 'node e2e/cluster/smtp-fake.mjs',
          port: SMTP_PORT,
          reuseExistingServer: false,
          env: { SMTP_FAKE_PORT: String(SMTP_PORT), SMTP_FAKE_FILE: process.env.SMTP_FAKE_FILE },
        },
        {
          command: 'node scripts/cluster.mjs',
          url: `http://127.0.0.1:${PORT}/healthz`,
          reuseExistingServer: false,
          timeout: 180_000,
          stdout: 'pipe',
          stderr: 'pipe',
          // The cluster stops its instances (they finish what they hold) and nginx.
          gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
          env: {
            CLUSTER_PORT: String(PORT),
            CLUSTER_DIR: clusterDir,
            SESSION_SECRET: 'cluster-e2e-session-secret-as-long-as-production-asks',
            SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
            SHARED_CACHE_SECONDS: String(SHARED_CACHE_SECONDS),
          },
        },
      ]
    : undefined,
})
