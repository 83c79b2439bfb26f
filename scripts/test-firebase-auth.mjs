#!/usr/bin/env node
// Runs the auth contract suite against the Firebase Auth emulator (offline, ~10 s to start):
//   node scripts/test-firebase-auth.mjs [vitest paths...]   (default: app/lib/auth)
// firebase emulators:exec sets FIREBASE_AUTH_EMULATOR_HOST and GCLOUD_PROJECT for the command.
// Hosts and ports come from firebase.json (127.0.0.1, UI off).
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'

const paths = process.argv.slice(2)
const inner = `npx vitest run ${(paths.length ? paths : ['app/lib/auth']).join(' ')}`
const started = Date.now()
// NOTE: run the CLI through node: npm does not always mark firebase-tools' bin executable.
const firebaseCli = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js')
const result = spawnSync(
  process.execPath,
  [firebaseCli, 'emulators:exec', '--only', 'auth', '--project', 'demo-shop', inner],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      // No network here: keep firebase-tools from phoning home.
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_EXPERIMENTS: process.env.FIREBASE_CLI_EXPERIMENTS ?? '',
    },
  },
)
console.log(`firebase auth emulator run: ${((Date.now() - started) / 1000).toFixed(1)} s, exit ${result.status}`)
process.exit(result.status ?? 1)
