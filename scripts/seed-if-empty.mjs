// `npm run dev` runs this first: seeds the demo shop when the store is empty, otherwise says so and
// leaves it alone. Same as `tsx scripts/seed.ts --if-empty`, for a package.json that calls node.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const script = fileURLToPath(new URL('./seed.ts', import.meta.url))
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', script, '--if-empty', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
)
if (result.error) throw result.error
process.exit(result.status ?? 1)
