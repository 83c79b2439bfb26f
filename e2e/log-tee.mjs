// The e2e server's log: `node server.mjs | node e2e/log-tee.mjs FILE` keeps every line in FILE (for
// e2e/logs.spec.ts) and passes on to the terminal only what someone should read: warnings, errors,
// and any line that is not JSON. One line per request would drown the test run's own output.
import fs from 'node:fs'
import readline from 'node:readline'

const file = process.argv[2]
if (!file) {
  process.stderr.write('usage: node e2e/log-tee.mjs FILE < server output\n')
  process.exit(2)
}
const kept = fs.createWriteStream(file, { flags: 'a' })
const QUIET = new Set(['DEBUG', 'INFO'])

for await (const line of readline.createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  kept.write(`${line}\n`)
  let severity = null
  try {
    severity = JSON.parse(line).severity ?? null
  } catch {
    // Not JSON: shown, and the log spec fails on it.
  }
  if (!QUIET.has(severity)) process.stdout.write(`${line}\n`)
}
kept.end()
