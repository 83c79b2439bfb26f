import path from 'node:path'

import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./test/setup-unit.ts'],
    // Contract suites open real databases and emulators; keep runs predictable on two cores.
    pool: 'forks',
    testTimeout: 20_000,
  },
})
