import { mkdtempSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import Database from 'better-sqlite3'
import { afterAll, describe, expect, it, vi } from 'vitest'

import { openDatabase } from './sqlite/database.server'
import { MIGRATIONS } from './sqlite/migrations.server'

const root = mkdtempSync(path.join(tmpdir(), 'shop-index-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('getStore', () => {
  it('opens one store per process from DATA_DIR, and a new one after it is closed', async () => {
    const dataDir = path.join(root, 'env-dir', 'nested')
    vi.stubEnv('DATA_BACKEND', 'sqlite')
    vi.stubEnv('DATA_DIR', dataDir)
    vi.resetModules()
    const { getStore } = await import('./index.server')
    const [a, b] = await Promise.all([getStore(), getStore()])
    expect(a).toBe(b)
    expect(existsSync(path.join(dataDir, 'shop.db'))).toBe(true)
    await a.close()
    const c = await getStore()
    expect(c).not.toBe(a)
    expect(await c.products.count()).toBe(0)
    await c.close()
    vi.unstubAllEnvs()
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
