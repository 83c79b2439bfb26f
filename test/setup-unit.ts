import '@testing-library/jest-dom/vitest'

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, afterEach, vi } from 'vitest'

// A test that opens the store without naming a folder gets a throwaway one, never the checkout's
// data/ (where `npm run dev` keeps the demo shop).
// (A worker process may run several files: each gets its own.)
if (!process.env.DATA_DIR || process.env.DATA_DIR === process.env.UNIT_TEST_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-unit-'))
  process.env.DATA_DIR = process.env.UNIT_TEST_DATA_DIR = dataDir
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
}

// A console.error (or a logged error) during a unit test is a bug the test did not state: fail it.
const errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}
const { logger } = await import('~/lib/log.server')
logger.error = ((...args: unknown[]) => {
  errors.push(args)
  original(...args)
}) as typeof logger.error

// Render tests on jsdom (`// @vitest-environment jsdom`) start each test on an empty document.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react')
  afterEach(cleanup)
}

afterEach(() => {
  vi.restoreAllMocks()
  if (errors.length) {
    const seen = errors.splice(0).map((args) => args.map(String).join(' '))
    throw new Error(`console.error or logger.error was called during the test:\n${seen.join('\n')}`)
  }
})
