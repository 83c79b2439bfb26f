import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import type * as RouteModule from '~/routes/shop.$id'
import { shirt } from '~/lib/data/contract.suite'
import type { Store } from '~/lib/data/store'

import { backInStockKey, markRestocked } from './back-in-stock.server'
import { NOTIFY_REQUESTS_PER_IP } from './notify-action.server'
import { winBackPass } from './job.server'

// A real SQLite store in a temporary DATA_DIR, through the same getStore() the app uses.
const dir = mkdtempSync(path.join(tmpdir(), 'notify-route-'))
vi.stubEnv('DATA_DIR', dir)
vi.stubEnv('APP_URL', 'https://shop.example')

let route: typeof RouteModule
let store: Store

beforeAll(async () => {
  const { getStore } = await import('~/lib/data/index.server')
  store = await getStore()
  await store.products.upsertMany([
    shirt('tee', { 'tee--m-black': 0, 'tee--l-black': 0, 'tee--s-black': 0 }),
  ])
  route = await import('~/routes/shop.$id')
})

afterAll(async () => {
  await store.close()
  rmSync(dir, { recursive: true, force: true })
  vi.unstubAllEnvs()
})

let ipSeq = 0
function notify(fields: Record<string, string>, ip = `10.0.0.${++ipSeq}`) {
  const body = new URLSearchParams({ intent: 'notify', ...fields })
  return route.action({
    request: new Request('https://shop.example/shop/tee', { method: 'POST', body }),
    params: { id: 'tee' },
    context: { clientIp: ip },
  }) as Promise<
    Response | { data: { notify: { error?: Record<string, string[]> } }; init: ResponseInit | null }
  >
}

/** The errors of a refused post, by field ('' for the form's own). */
async function refusal(result: Awaited<ReturnType<typeof notify>>) {
  expect(result).not.toBeInstanceOf(Response)
  const { data, init } = result as Exclude<typeof result, Response>
  return { status: init?.status, errors: data.notify.error ?? {} }
}

describe('"Email me when it\'s back" on /shop/{id}', () => {
  it("records a guest's request once and sends them back to the variant with a toast", async () => {
    const first = await notify({ variantId: 'tee--m-black', email: ' Guest@Example.co.za ' })
    expect(first).toBeInstanceOf(Response)
    expect((first as Response).status).toBe(302)
    expect((first as Response).headers.get('Location')).toBe('/shop/tee?variant=tee--m-black')
    await notify({ variantId: 'tee--m-black', email: 'guest@example.co.za' })
    const alerts = await store.stockAlerts.listForEmail('guest@example.co.za')
    expect(alerts.map((a) => [a.variantId, a.userId])).toEqual([['tee--m-black', null]])
  })

  it('names the field and the fix for a bad email or an option not sold', async () => {
    expect(
      await refusal(await notify({ variantId: 'tee--m-black', email: 'not-an-email' })),
    ).toEqual({
      status: 400,
      errors: { email: ['Enter an email address like name@example.co.za'] },
    })
    expect(
      await refusal(await notify({ variantId: 'tee--xl-black', email: 'a@example.co.za' })),
    ).toEqual({
      status: 400,
      errors: { variantId: ['Choose an option this product is sold in'] },
    })
  })

  it('answers hostile bodies with a 400 naming the field, never a 500', async () => {
    const huge = await refusal(
      await notify({ variantId: 'x'.repeat(5_000), email: `${'a'.repeat(10_000)}@example.co.za` }),
    )
    expect(huge.status).toBe(400)
    expect(Object.keys(huge.errors).sort()).toEqual(['email', 'variantId'])
    const body = new URLSearchParams([
      ['intent', 'notify'],
      ['variantId', 'tee--m-black'],
      ['email', 'one@example.co.za'],
      ['email', 'two@example.co.za'],
      ['variantId[0]', 'tee--m-black'],
    ])
    const twice = await route.action({
      request: new Request('https://shop.example/shop/tee', { method: 'POST', body }),
      params: { id: 'tee' },
      context: { clientIp: '10.7.7.7' },
    })
    expect(
      twice instanceof Response ? twice.status : (twice as { init: ResponseInit }).init.status,
    ).toBeLessThan(500)
  })

  it('records nothing for a variant in stock: it says so instead', async () => {
    const answer = await notify({ variantId: 'tee--m-rainbow', email: 'instock@example.co.za' })
    expect((answer as Response).headers.get('Location')).toBe('/shop/tee?variant=tee--m-rainbow')
    expect(await store.stockAlerts.listForEmail('instock@example.co.za')).toEqual([])
  })

  it('judges at most the limit of 40 parallel requests from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        notify({ variantId: 'tee--s-black', email: `burst${i}@example.co.za` }, '10.9.9.9'),
      ),
    )
    const recorded = answers.filter((a) => a instanceof Response).length
    expect(recorded).toBe(NOTIFY_REQUESTS_PER_IP.limit)
    const refused = await refusal(answers.find((a) => !(a instanceof Response))!)
    expect(refused.status).toBe(429)
    expect(refused.errors['']?.[0]).toMatch(
      /^Too many requests from here; try again in \d+ minutes?$/,
    )
  })

  it('forgets a waiting request at once when its email unsubscribes', async () => {
    await notify({ variantId: 'tee--m-black', email: 'leaving@example.co.za' })
    expect(await store.stockAlerts.listForEmail('leaving@example.co.za')).toHaveLength(1)
    const { unsubscribeToken } = await import('~/lib/customers/unsubscribe-token.server')
    const unsubscribe = await import('~/routes/unsubscribe')
    const body = new URLSearchParams({ 'List-Unsubscribe': 'One-Click' })
    const token = unsubscribeToken('leaving@example.co.za')
    await unsubscribe.action({
      request: new Request(`https://shop.example/unsubscribe?t=${token}`, { method: 'POST', body }),
      params: {},
      context: { clientIp: '10.1.1.1' },
    })
    expect(await store.stockAlerts.listForEmail('leaving@example.co.za')).toEqual([])
  })

  it('mails each waiting request once after a restock, with a link to the variant', async () => {
    await notify({ variantId: 'tee--l-black', email: 'thandi@example.co.za' })
    const [alert] = await store.stockAlerts.listForEmail('thandi@example.co.za')
    const tee = (await store.products.get('tee'))!
    await store.products.upsertMany([
      {
        ...tee,
        variants: tee.variants.map((v) => (v.id === 'tee--l-black' ? { ...v, stock: 5 } : v)),
      },
    ])
    expect(await markRestocked(store, (await store.products.get('tee'))!)).toBeGreaterThan(0)
    const context = async () => ({ shopName: 'Karoo & Co.', appUrl: 'https://shop.example' })
    expect(await winBackPass({ store, context })).toBeGreaterThan(0)
    const mail = (await store.outbox.get(backInStockKey(alert!.id)))!
    expect(mail.to).toBe('thandi@example.co.za')
    expect(mail.subject).toBe('Back in stock: Product tee (L / Black)')
    expect(mail.text).toContain('https://shop.example/shop/tee?variant=tee--l-black')
    expect(mail.html).toContain('href="https://shop.example/shop/tee?variant=tee--l-black"')
    // Not marketing consent, but it unsubscribes in one click all the same (RFC 8058).
    expect(mail.headers?.['List-Unsubscribe']).toMatch(
      /^<https:\/\/shop\.example\/unsubscribe\?t=.+>$/,
    )
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mail.text).toContain('asked Karoo & Co. to tell you when it was back')
    expect(await store.stockAlerts.listForEmail('thandi@example.co.za')).toEqual([])
    expect(await winBackPass({ store, context })).toBe(0)
  })
})
