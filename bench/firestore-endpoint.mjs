// Loaded into the benchmark's production server with `node --import` (bench/firestore.mjs): points
// the Firestore client at BENCH_FIRESTORE_HOST (the emulator, through the read counter) with the
// client's own public settings, `host` and `ssl: false`, which are what FIRESTORE_EMULATOR_HOST
// sets. The variable itself cannot be used: the shop refuses to start in production with it set
// (app/lib/env.server.ts), which guards real deployments and stays as it is. Nothing else in the
// server changes. Never used outside the benchmark.
import { createRequire } from 'node:module'
import path from 'node:path'

const host = process.env.BENCH_FIRESTORE_HOST
if (!host) throw new Error('bench/firestore-endpoint.mjs needs BENCH_FIRESTORE_HOST')

// Resolved from the server's folder, as the server resolves it (one module instance per process).
const fromServer = createRequire(path.resolve('server.mjs'))
const fromAdmin = createRequire(fromServer.resolve('firebase-admin/firestore'))
const library = fromAdmin('@google-cloud/firestore')
const Firestore = library.Firestore
if (typeof Firestore !== 'function') throw new Error('@google-cloud/firestore exports no Firestore')

// firebase-admin reads `require('@google-cloud/firestore').Firestore` when it opens a database.
library.Firestore = class BenchEndpointFirestore extends Firestore {
  constructor(settings = {}) {
    // universeDomain: as app/lib/data/firestore/app.server.ts does on the emulator, so the auth
    // library does not probe the GCE metadata server first.
    super({ ...settings, host, ssl: false, universeDomain: 'googleapis.com' })
  }
}
console.log(`bench: the Firestore client talks to ${host} (the emulator, through a read counter)`)
