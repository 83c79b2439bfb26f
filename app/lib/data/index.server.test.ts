import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import Database from 'better-sqlite3'
import { afterAll, describe, expect, it, vi } from 'vitest'

import { getStore } from './index.server'
import { openDatabase } from './sqlite/database.server'
import { MIGRATIONS } from './sqlite/migrations.server'

const root = mkdtempSync(path.join(tmpdir(), 'shop-index-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const env = vi.hoisted(() => ({ dataBackend: 'sqlite', dataDir: '' }))
vi.mock('~/lib/env.server', () => ({ env }))

describe('getStore', () => {
  it('opens one store per process from DATA_DIR, and a new one after it is closed', async () => {
    env.dataDir = path.join(root, 'env-dir', 'nested')
    const [a, b] = await Promise.all([getStore(), getStore()])
    expect(a).toBe(b)
    expect(existsSync(path.join(env.dataDir, 'shop.db'))).toBe(true)
    await a.close()
    const c = await getStore()
    expect(c).not.toBe(a)
    expect(await c.products.count()).toBe(0)
    await c.close()
  })

  it('opens again on the next call after a failed open', async () => {
    // A file where the data directory should be: the SQLite adapter cannot open its database there.
    env.dataDir = path.join(root, 'not-a-directory')
    writeFileSync(env.dataDir, '')
    await expect(getStore()).rejects.toThrow()

    env.dataDir = path.join(root, 'retry')
    const store = await getStore()
    expect(await store.products.count()).toBe(0)
    expect(await getStore()).toBe(store)
    await store.close()
  })
})

describe('sqlite database', () => {
  it('applies every migration once, in WAL mode with foreign keys on', () => {
    const dir = path.join(root, 'migrate')
    const db = openDatabase(dir)
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)!.version)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    db.close()
    // Reopening finds nothing to do and keeps the data.
    const again = openDatabase(dir)
    again.prepare("INSERT INTO carts (user_id, lines, updated_at) VALUES ('u', '[]', 'now')").run()
    again.close()
    const third = openDatabase(dir)
    expect(third.prepare('SELECT count(*) AS n FROM carts').get()).toEqual({ n: 1 })
    third.close()
  })

  it('refuses a database written by newer code', () => {
    const dir = path.join(root, 'newer')
    openDatabase(dir).close()
    const raw = new Database(path.join(dir, 'shop.db'))
    raw.pragma(`user_version = ${MIGRATIONS.at(-1)!.version + 1}`)
    raw.close()
    expect(() => openDatabase(dir)).toThrow(/newer than this code knows/)
  })
})
