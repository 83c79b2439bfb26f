// The fuzz corpus (docs/contracts.md "Production safety": no input, path or header is ever a 500):
// the Big List of Naughty Strings in every field of every form and every query parameter, plus
// oversized and malformed bodies, malformed paths and odd headers. Plain HTTP, so it runs in one
// project. The corpus and its probes are in fuzz/: corpus.ts (strings, forms, query parameters),
// bodies.ts (bodies, paths, headers), send.ts (a few requests at a time, reporting every 500).
import type { APIRequestContext, Page } from '@playwright/test'

import { expect, honeypotFields, test } from './fixtures'
import {
  BROKEN_BODIES,
  MALFORMED_PATHS,
  ODD_BODIES,
  OVERSIZED_BODIES,
  UNSUPPORTED_BODIES,
  headerProbes,
} from './fuzz/bodies'
import { formProbes, forms, queryProbes } from './fuzz/corpus'
import {
  backOfficePaths,
  openAsStaff,
  postHostileBodies,
  shopFormPaths,
} from './fuzz/hostile-names'
import { send, viaFetch, viaPlaywright } from './fuzz/send'

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

  test('naughty strings in every form, as a visitor', async ({ request, baseURL, clientIp }) => {
    const product = await someProductPath(request)
    const probes = forms(product, await honeypotFields(request))
      .filter((form) => form.who !== 'customer')
      .flatMap(formProbes)
    const sender = await viaFetch(request, baseURL!, clientIp)
    expect((await send(sender, probes)).failures).toEqual([])
  })

  test('naughty strings in every form, signed in with a cart', async ({
    page,
    baseURL,
    clientIp,
  }) => {
    await signUp(page)
    const product = await someProductPath(page.request)
    const added = await page.request.post('/cart', {
      form: { intent: 'add', productId: product.replace('/shop/', ''), quantity: '1' },
      maxRedirects: 0,
    })
    expect(added.status()).toBeLessThan(400)
    const probes = forms(product, await honeypotFields(page.request))
      .filter((form) => form.who !== 'visitor')
      .flatMap(formProbes)
    const sender = await viaFetch(page.request, baseURL!, clientIp)
    expect((await send(sender, probes)).failures).toEqual([])
  })

  test('naughty strings in every query parameter and path parameter', async ({
    request,
    baseURL,
    clientIp,
  }) => {
    const sender = await viaFetch(request, baseURL!, clientIp)
    expect((await send(sender, queryProbes())).failures).toEqual([])
  })

  test('bodies that are too large, not forms, or broken', async ({ request }) => {
    const { statuses: refusedStatuses, failures } = await send(
      viaPlaywright(request),
      UNSUPPORTED_BODIES,
    )
    expect(failures).toEqual([])
    for (const probe of UNSUPPORTED_BODIES)
      expect(refusedStatuses.get(probe.what), probe.what).toBe(415)

    const brokenStatuses = (await send(viaPlaywright(request), BROKEN_BODIES)).statuses
    for (const probe of BROKEN_BODIES) expect(brokenStatuses.get(probe.what), probe.what).toBe(400)

    const largeStatuses = (await send(viaPlaywright(request), OVERSIZED_BODIES)).statuses
    for (const probe of OVERSIZED_BODIES)
      expect(largeStatuses.get(probe.what), probe.what).toBe(413)

    expect((await send(viaPlaywright(request), ODD_BODIES)).failures).toEqual([])
  })

  test('malformed paths are the 404 page, odd headers never a 500', async ({
    request,
    baseURL,
    clientIp,
  }) => {
    const shop = new URL((await request.get('/healthz')).url()).origin
    for (const path of MALFORMED_PATHS) {
      const response = await request.get(path, { maxRedirects: 0, failOnStatusCode: false })
      expect(response.status(), path).toBe(404)
      if (!/\.(js|css)$/.test(path))
        expect(await response.text(), path).toContain('This page could not be found')
    }
    const sender = await viaFetch(request, baseURL!, clientIp)
    expect((await send(sender, headerProbes(shop))).failures).toEqual([])
  })
})

test.describe('hostile field names', () => {
  test.skip(({ javaScript }) => javaScript, 'HTTP only: runs once, in the no-JS project')
  test.describe.configure({ timeout: 150_000 })

  test('every form route refuses them within a second, as a visitor', async ({ request }) => {
    const product = await someProductPath(request)
    // The body layer refuses before any route: pages without an action, and the back office's
    // routes that send a visitor to sign in, answer the same 400.
    await postHostileBodies(request, [
      ...shopFormPaths(product),
      ...backOfficePaths('no-such-product', 'K7M2P9QRTWXY'),
      '/',
      '/shop',
    ])
  })

  test('every form route refuses them within a second, signed in with a cart', async ({ page }) => {
    await signUp(page)
    const product = await someProductPath(page.request)
    const added = await page.request.post('/cart', {
      form: { intent: 'add', productId: product.replace('/shop/', ''), quantity: '1' },
      maxRedirects: 0,
    })
    expect(added.status()).toBeLessThan(400)
    await postHostileBodies(
      page.request,
      shopFormPaths(product).filter((path) => path !== '/auth'),
    )
  })

  test("the back office's forms refuse them within a second, as staff", async ({
    page,
    createUser,
    createProduct,
    createPaidOrder,
  }) => {
    const staff = await createUser({ firstName: 'Nomsa', staff: true })
    const product = await createProduct()
    const order = await createPaidOrder({ product })
    await openAsStaff(page, staff, '/admin/products')
    await postHostileBodies(page.request, backOfficePaths(product.id, order.id))
  })
})

test.describe('a post to a page without an action', () => {
  test.skip(({ javaScript }) => javaScript, 'HTTP only: runs once, in the no-JS project')

  test('is a plain 405 that names the methods the page takes', async ({ request }) => {
    // Pages, their data requests, and resource routes (the health check, the sitemap).
    const paths = ['/', '/shop', '/about_us', '/faq', '/_root.data', '/shop.data']
    for (const path of [...paths, '/healthz', '/sitemap.xml']) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const response = await request.fetch(path, {
          method,
          data: 'intent=add',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          maxRedirects: 0,
          failOnStatusCode: false,
        })
        const what = `${method} ${path}`
        expect(response.status(), what).toBe(405)
        expect(response.headers()['allow'], what).toBe('GET, HEAD')
        expect(response.headers()['content-type'], what).toMatch(/^text\/plain/)
        expect(await response.text(), what).toBe(
          'Method Not Allowed: this page takes no form posts.',
        )
      }
    }
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
