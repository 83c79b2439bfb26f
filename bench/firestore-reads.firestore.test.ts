import { randomBytes } from 'node:crypto'

import { Firestore } from 'firebase-admin/firestore'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { countsBetween, startReadCounter } from './firestore-reads.mjs'

const emulator = process.env.FIRESTORE_EMULATOR_HOST

type Counter = Awaited<ReturnType<typeof startReadCounter>>

/**
 * The benchmark's read counter (bench/firestore-reads.mjs) between a Firestore client and the
 * emulator: the reads, writes and listener reads it reports are those Firestore would bill.
 * Runs under `node scripts/test-firestore.mjs bench/firestore-reads.firestore.test.ts`.
 */
describe.skipIf(!emulator)('the benchmark counts what the server asks of Firestore', () => {
  let counter: Counter
  let db: Firestore
  const things = () => db.collection('things')

  beforeAll(async () => {
    counter = await startReadCounter(emulator)
    // FIRESTORE_EMULATOR_HOST would win over `host`: the client is made without it.
    delete process.env.FIRESTORE_EMULATOR_HOST
    try {
      db = new Firestore({
        projectId: `demo-reads-${randomBytes(4).toString('hex')}`,
        host: counter.host,
        ssl: false,
      })
    } finally {
      process.env.FIRESTORE_EMULATOR_HOST = emulator
    }
    const batch = db.batch()
    for (let i = 0; i < 5; i++) batch.set(things().doc(`t${i}`), { n: i })
    await batch.commit()
  })
  afterAll(async () => {
    await db?.terminate()
    await counter?.close()
  })

  /** The counts of what `work` asked, once it is done. */
  async function counted(work: () => Promise<unknown>) {
    const before = counter.snapshot()
    await work()
    return countsBetween(before, counter.snapshot())
  }

  it('counts each document a get or a query returns, a missing one and an empty query', async () => {
    const gets = await counted(() =>
      db.getAll(things().doc('t0'), things().doc('t1'), things().doc('nope')),
    )
    expect(gets).toMatchObject({ reads: 3, missing: 1, writes: 0 })

    expect(await counted(() => things().get())).toMatchObject({ reads: 5, empty: 0 })
    expect(await counted(() => things().where('n', '>', 100).get())).toMatchObject({
      reads: 1,
      empty: 1,
    })
    expect(counter.unreadable).toBe(0)
  })

  it('counts the writes a commit carries', async () => {
    const batch = db.batch()
    batch.set(things().doc('t5'), { n: 5 })
    batch.delete(things().doc('t5'))
    expect(await counted(() => batch.commit())).toMatchObject({ writes: 2, reads: 0 })
  })

  it('counts a listener its first result, then one read per changed document', async () => {
    const before = counter.snapshot()
    const snapshots: number[] = []
    let heard: () => void = () => {}
    let next = new Promise<void>((resolve) => (heard = resolve))
    const stop = things().onSnapshot((snapshot) => {
      snapshots.push(snapshot.docChanges().length)
      heard()
    })
    try {
      await next
      expect(countsBetween(before, counter.snapshot()).listenerReads).toBe(5)

      next = new Promise<void>((resolve) => (heard = resolve))
      await things().doc('t3').update({ n: 33 })
      await next
      const after = countsBetween(before, counter.snapshot())
      // The emulator sends the listener the whole result again; Firestore bills the change.
      expect(after.listenerReads).toBe(6)
      expect(snapshots).toEqual([5, 1])
    } finally {
      stop()
    }
  })
})
