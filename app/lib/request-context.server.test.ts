import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { cartOwner, readCartLines, writeCartLines } from '~/lib/cart/cart.server'
import { makeProduct } from '~/lib/catalog/products.test-helper'
import { getSession, sessionStorage } from '~/lib/cookie-session.server'
import { openStore, type Store } from '~/lib/data/index.server'

import { requestContext } from './request-context.server'

let store: Store
let dataDir: string
const opening = vi.hoisted(() => ({ fails: 0, calls: 0 }))
vi.mock('~/lib/data/index.server', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>()
  return {
    ...actual,
    getStore: () => {
      opening.calls++
      if (opening.fails > 0) {
        opening.fails--
        return Promise.reject(new Error('the store did not open'))
      }
      return Promise.resolve(store)
    },
  }
})

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'request-context-'))
  store = await openStore({ backend: 'sqlite', dataDir })
  await store.products.upsertMany([makeProduct({ id: 'rooibos', name: 'Rooibos tea', stock: 5 })])
})

afterAll(async () => {
  await store.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const request = (cookie = '') =>
  new Request('http://localhost:3000/cart', { headers: cookie ? { Cookie: cookie } : {} })

describe('requestContext', () => {
  it('reads the session and the store once per request, so the cart a function writes is the cart the action commits', async () => {
    const post = request()
    opening.calls = 0
    const owner = await cartOwner(post)
    await writeCartLines(owner, [{ productId: 'rooibos', quantity: 2 }])
    // Another reader in the same action (the sign-in check, the guard) gets the same session.
    const setCookie = await sessionStorage.commitSession(await getSession(post))
    expect(await requestContext(post)).toBe(await requestContext(post))
    expect(opening.calls).toBe(1)

    const next = await cartOwner(request(setCookie.split(';')[0]!))
    expect(await readCartLines(next)).toEqual([{ productId: 'rooibos', quantity: 2 }])
  })

  it('asks for the store again after it failed to open, instead of failing every later read', async () => {
    const page = request()
    opening.fails = 1
    await expect(requestContext(page)).rejects.toThrow('the store did not open')
    const context = await requestContext(page)
    expect(context.store).toBe(store)
  })
})
