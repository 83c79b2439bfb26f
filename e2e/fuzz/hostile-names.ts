// Hostile form field names (docs/contracts.md "Hostile input and limits"): a 45-byte
// `junk[100000000]=x` once made conform build a 100-million-slot array and echo it, holding the
// event loop for 54 s until the heap ran out; a name of 1 500 dotted segments overflowed the stack.
// These go to every form route, one at a time, each answer timed and /healthz asked after it.
import type { APIRequestContext, Page } from '@playwright/test'

import { expect, signInAs, type TestUser } from '../fixtures'

/** Every shopper-facing route with a form (docs/contracts.md "Forms"). */
export const shopFormPaths = (product: string) => [
  '/auth',
  '/account',
  '/account/addresses',
  '/cart',
  '/liked',
  product,
  '/checkout',
  '/track_order',
  '/contact',
]

/** The back office's form routes; the product ones take the 10 MB photo form as multipart. */
export const backOfficePaths = (productId: string, orderId: string) => [
  '/admin/products/new',
  `/admin/products/${productId}`,
  `/admin/orders/${orderId}`,
  '/admin/messages',
  '/admin/reviews',
  '/admin/shipping',
  '/admin/discounts/new',
  '/admin/gift-cards',
  '/admin/import',
]

/** Opens a back-office page as `staff`. */
export async function openAsStaff(page: Page, staff: TestUser, path: string) {
  await signInAs(page, staff)
  await page.goto(path)
}

export type HostileBody = {
  what: string
  body: string
  contentType?: string
  /**
   * Refused by the body layer before any route reads it: a 400 naming the problem. The others are
   * names conform itself skips (it builds nothing from `a[-1]`), so the route answers as it would
   * to an empty form: never a 500.
   */
  refused?: RegExp
}

const many = (n: number, field: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => field(i)).join('&')
const encoded = (name: string, value = 'x') =>
  `${encodeURIComponent(name)}=${encodeURIComponent(value)}`
const multipart = (names: string[]) =>
  names
    .map((name) => `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`)
    .join('') + '--b--\r\n'

const INDEX = /^Bad Request: the field name ".*" has the index \d+(e\+\d+)?; the largest is 99\.$/
const DEPTH = /^Bad Request: the field name ".*" is nested \d+ levels deep; the most is 3\.$/
const LENGTH = /^Bad Request: a field name is \d+ characters long; the most is 200\.$/
const FIELDS = /^Bad Request: too many form fields; a form has at most 1000\.$/

export const HOSTILE_BODIES: HostileBody[] = [
  { what: 'a huge index', body: encoded('junk[100000000]'), refused: INDEX },
  { what: 'a million index', body: encoded('junk[1000000]'), refused: INDEX },
  { what: 'an index past the last row', body: encoded('email[100]'), refused: INDEX },
  {
    what: 'a huge index on a real field beside real fields',
    body: `intent=add&productId=x&${encoded('quantity[99999999999999999999]')}`,
    refused: INDEX,
  },
  {
    what: 'a huge index in a table row',
    body: encoded('variants[4294967295].price', '1'),
    refused: INDEX,
  },
  { what: 'nested indexes', body: encoded('a[0][1][2][3]'), refused: DEPTH },
  {
    what: 'the deepest rows, one level more',
    body: encoded('variants[99].price.cents', '1'),
    refused: DEPTH,
  },
  {
    what: '1 500 dotted segments',
    body: encoded(Array(1500).fill('a').join('.')),
    refused: LENGTH,
  },
  { what: '1 000 bracket levels', body: encoded(`a${'[0]'.repeat(1000)}`), refused: LENGTH },
  { what: 'a 201-character name', body: encoded('n'.repeat(201)), refused: LENGTH },
  { what: 'a 100 000-character name', body: encoded('n'.repeat(100_000)), refused: LENGTH },
  { what: '1 001 fields', body: many(1001, (i) => encoded(`f${i}`)), refused: FIELDS },
  { what: 'thousands of fields', body: 'intent=add&'.repeat(50_000), refused: FIELDS },
  { what: 'a megabyte of empty fields', body: '&'.repeat(1024 * 1024 - 1), refused: FIELDS },
  {
    what: 'multipart: a huge index',
    body: multipart(['intent', 'junk[100000000]']),
    contentType: 'multipart/form-data; boundary=b',
    refused: INDEX,
  },
  {
    what: 'multipart: 1 001 parts',
    body: multipart(Array.from({ length: 1001 }, (_, i) => `f${i}`)),
    contentType: 'multipart/form-data; boundary=b',
    refused: FIELDS,
  },
  // Names conform refuses and skips, and its own control fields: the route sees an empty form.
  { what: 'a negative index', body: encoded('email[-1]') },
  { what: 'an exponent index', body: encoded('email[1e9]') },
  { what: 'a spaced index', body: encoded('email[ 5]') },
  { what: 'a double dot', body: encoded('email..x') },
  { what: 'empty brackets', body: encoded('email[]') },
  { what: "conform's intent, not JSON", body: encoded('__intent__', 'not json') },
  {
    what: "conform's intent, writing a huge index",
    body: encoded(
      '__intent__',
      JSON.stringify({ type: 'update', payload: { name: 'junk', index: 1e8, value: 'x' } }),
    ),
  },
  { what: "conform's state, not JSON", body: encoded('__state__', '{') },
  // The worst shape still let through: 1 000 fields at the deepest level and the largest index.
  { what: '1 000 deepest, largest-index fields', body: many(1000, () => encoded('email[99][99]')) },
]

/** Remix's single-fetch URL of a page: `/cart` -> `/cart.data`. */
function dataPath(path: string) {
  return `${path.replace(/\/$/, '')}.data`
}

/**
 * Posts the hostile bodies to the paths, one request at a time (every other one as the page's data
 * request), and expects each answered (a body that held the server would time the request out),
 * refused with the body layer's 400 where it should be and never a 500, and /healthz to answer
 * after it. No figure of time is asserted: how fast this machine is decides nothing. The body layer reads
 * every post before any route does, so the bodies it refuses all go to the first path, and one each
 * (in turn) to the others; the bodies it lets through reach the routes, so they go to every path.
 */
export async function postHostileBodies(request: APIRequestContext, paths: readonly string[]) {
  let sent = 0
  const refused = HOSTILE_BODIES.filter((probe) => probe.refused)
  const passed = HOSTILE_BODIES.filter((probe) => !probe.refused)
  const plan = paths.map((path, i) => ({
    path,
    probes: i === 0 ? HOSTILE_BODIES : [refused[i % refused.length]!, ...passed],
  }))
  for (const { path, probes } of plan) {
    for (const probe of probes) {
      const url = sent++ % 2 ? dataPath(path) : path
      const what = `${probe.what} to ${url}`
      const response = await request.post(url, {
        data: probe.body,
        headers: { 'Content-Type': probe.contentType ?? 'application/x-www-form-urlencoded' },
        maxRedirects: 0,
        failOnStatusCode: false,
        timeout: 15_000,
      })
      const text = await response.text()
      if (probe.refused) {
        expect(response.status(), what).toBe(400)
        expect(text, what).toMatch(probe.refused)
      } else {
        expect(response.status(), what).toBeLessThan(500)
      }

      const health = await request.get('/healthz', { timeout: 15_000 })
      expect(health.status(), `/healthz after ${what}`).toBe(200)
      await health.dispose()
    }
  }
}
