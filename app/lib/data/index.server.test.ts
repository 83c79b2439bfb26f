import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, describe, expect, it, vi } from 'vitest'

import { getStore } from './index.server'

/** The process's store: opened once, and a failed open is tried again rather than kept. */

const dir = mkdtempSync(path.join(tmpdir(), 'get-store-'))
// A file where the data directory should be: the SQLite adapter cannot open its database there.
const notADirectory = path.join(dir, 'not-a-directory')
writeFileSync(notADirectory, '')

const env = vi.hoisted(() => ({ dataBackend: 'sqlite', dataDir: '' }))
vi.mock('~/lib/env.server', () => ({ env }))

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('getStore', () => {
  it('opens again after a failed open, then keeps the store until it is closed', async () => {
    env.dataDir = notADirectory
    await expect(getStore()).rejects.toThrow()

    env.dataDir = path.join(dir, 'data')
    const store = await getStore()
    await store.products.upsertMany([])
    expect(await getStore()).toBe(store)

    await store.close()
    const reopened = await getStore()
    expect(reopened).not.toBe(store)
    await reopened.close()
  })
})
