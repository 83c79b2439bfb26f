import '@testing-library/jest-dom/vitest'

import { afterEach, vi } from 'vitest'

// A console.error during a unit test is a bug the test did not state: fail it.
const errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}

// Render tests on jsdom (`// @vitest-environment jsdom`) start each test on an empty document.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react')
  afterEach(cleanup)
}

afterEach(() => {
  vi.restoreAllMocks()
  if (errors.length) {
    const seen = errors.splice(0).map((args) => args.map(String).join(' '))
    throw new Error(`console.error was called during the test:\n${seen.join('\n')}`)
  }
})
