import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import path from 'node:path'

import { defineConfig } from 'vitest/config'

const root = import.meta.dirname
// The react-router-dom that @remix-run/react resolves (and the browser bundle holds), wherever npm put it.
const fromRemix = createRequire(createRequire(import.meta.url).resolve('@remix-run/react'))
const routerDom = path.dirname(fromRemix.resolve('react-router-dom/package.json'))

export default defineConfig({
  resolve: {
    alias: [
      { find: '~', replacement: path.join(root, 'app') },
      // NOTE: npm installs a second react-router-dom under @remix-run/testing. createRemixStub would
      // provide that copy's fetcher context while useFetcher reads the other's, and fetcher data
      // would never reach a component. Both packages load as ES modules here, on one router copy.
      {
        find: /^@remix-run\/(react|testing)$/,
        replacement: path.join(root, 'node_modules/@remix-run/$1/dist/esm/index.js'),
      },
      { find: /^react-router-dom$/, replacement: path.join(routerDom, 'dist/index.js') },
      { find: /^react-router-dom\/server$/, replacement: path.join(routerDom, 'server.mjs') },
    ],
  },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./test/setup-unit.ts'],
    server: { deps: { inline: ['@remix-run/react', '@remix-run/testing'] } },
    // Contract suites open real databases and emulators; keep runs predictable on two cores.
    pool: 'forks',
    // Vitest's default is one fork fewer than the machine's cores: on two cores, one fork, which
    // leaves a core idle while a file loads its modules. A fork per core takes the suite from
    // about 145 s to 100 s on two cores; more forks than cores are no faster.
    maxWorkers: availableParallelism(),
    minWorkers: 1,
    testTimeout: 20_000,
  },
})
