import type { APIRequestContext, Page } from '@playwright/test'

import type { Store } from '~/lib/data/index.server'
import type { Product } from '~/lib/data/types'
import { formatRand } from '~/lib/money'

import { expect, test, type TestProduct, buyBox, likeAndWait } from './fixtures'

/**
 * The page cache's correctness (docs/decisions/018-page-cache.md, 037-personal-pages-from-the-cache.md),
 * with JS on and off: a change made through the store shows on the very next anonymous request,
 * returning shoppers get kept pages with only their own counts, account links and hearts (and they
 * hydrate without a mismatch), flash messages are never kept, and every response has its own CSP
 * nonce.
 *
 * The fixtures write through their own SQLite connection, as a second instance would: the server
 * hears of those writes through `PRAGMA data_version`, not through its change events. Other
 * specs write at the same time (each write empties the cache), so a test first waits until the
 * page is served from the cache, then changes it, then asks once.
 */

const cacheStatus = async (request: APIRequestContext, path: string) =>
  (await request.get(path)).headers()['x-page-cache']

/** Asks for the page as a visitor without cookies until it comes from the cache. */
async function untilKept(request: APIRequestContext, path: string) {
  await expect.poll(() => cacheStatus(request, path), { timeout: 10_000 }).toBe('hit')
}

/** The product as the store holds it, changed by `edit` and written back (as staff would). */
async function changeProduct(store: Store, id: string, edit: (product: Product) => Product) {
  const product = await store.products.get(id)
  if (!product) throw new Error(`No product ${id}`)
  await store.products.upsertMany([edit({ ...product, updatedAt: new Date().toISOString() })])
}

/** A first visit to the page in a browser without cookies: its document response's cache status. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path)
  return response?.headers()['x-page-cache']
}

test.describe('a change made in the store', () => {
  // A first visit is a document request with JS on or off, and nothing the page's scripts do after
  // it reads the cache: these run once, in the no-JS project.
  test.skip(({ javaScript }) => javaScript, 'document requests only: run in the no-JS project')

  test('a changed price shows on the very next anonymous request', async ({
    page,
    request,
    createProduct,
    store,
  }) => {
    const product = await createProduct({ priceCents: 12_500 })
    await untilKept(request, product.href)
    await changeProduct(store, product.id, (p) => ({
      ...p,
      priceCents: 9_900,
      variants: p.variants.map((v) => ({ ...v, priceCents: 9_900 })),
    }))
    expect(await visit(page, product.href)).not.toBe('hit')
    await expect(page.getByText(formatRand(9_900)).first()).toBeVisible()
    await expect(page.getByText(formatRand(12_500))).toHaveCount(0)
  })

  test('a sold-out variant shows on the very next anonymous request', async ({
    page,
    request,
    createProduct,
    store,
  }) => {
    const product: TestProduct = await createProduct({
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { optionValues: ['S'], stock: 5 },
        { optionValues: ['M'], stock: 5 },
      ],
    })
    await untilKept(request, product.href)
    await changeProduct(store, product.id, (p) => ({
      ...p,
      variants: p.variants.map((v) => (v.optionValues[0] === 'M' ? { ...v, stock: 0 } : v)),
    }))
    await visit(page, product.href)
    await expect(page.getByRole('radio', { name: 'M (sold out)' })).toBeAttached()
  })

  test('a new review shows on the very next anonymous request', async ({
    page,
    request,
    createProduct,
    createUser,
    store,
  }) => {
    const product = await createProduct()
    const user = await createUser()
    await untilKept(request, product.href)
    const title = `Cached no more ${Date.now().toString(36)}`
    await store.reviews.upsert({
      productId: product.id,
      userId: user.id,
      authorName: 'Thandi M.',
      rating: 5,
      title,
      body: 'Crisp, and it shows at once.',
    })
    await visit(page, product.href)
    await expect(page.getByText(title)).toBeVisible()
  })

  test('a hidden product is gone on the very next anonymous request', async ({
    page,
    request,
    createProduct,
    store,
  }) => {
    const product = await createProduct()
    await untilKept(request, product.href)
    await changeProduct(store, product.id, (p) => ({ ...p, active: false }))
    const response = await page.goto(product.href)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  })
})

/**
 * Loads `path` in `page` until its document came from a kept page (other specs' writes empty the
 * cache now and then), then, with JS, waits until React has hydrated it: a hydration mismatch is a
 * console error, which fails the test.
 */
async function visitKept(page: Page, path: string, javaScript: boolean) {
  await expect.poll(() => visit(page, path), { timeout: 10_000 }).toBe('hit')
  if (javaScript) await expect(page.locator('html[data-hydrated]')).toBeAttached()
}

test('two shoppers get the kept page, each with only their own counts and hearts', async ({
  page,
  browser,
  request,
  javaScript,
  createProduct,
}) => {
  const product = await createProduct()
  // Ann likes the product; Bob puts it in his cart, in a browser of his own.
  await page.goto(product.href)
  await likeAndWait(page, buyBox(page).getByRole('button', { name: `Like ${product.name}` }))
  const bob = await browser.newPage({ javaScriptEnabled: javaScript })
  const bobErrors: string[] = []
  bob.on('console', (message) => {
    if (message.type() === 'error') bobErrors.push(message.text())
  })
  bob.on('pageerror', (error) => bobErrors.push(error.message))
  await bob.goto(new URL(product.href, page.url()).href)
  await buyBox(bob).getByRole('button', { name: 'Add to cart' }).click()
  await expect(bob.getByText(`Added 1 × ${product.name} to your cart`).first()).toBeAttached()

  await visitKept(page, product.href, javaScript)
  await expect(buyBox(page).getByRole('button', { name: `Unlike ${product.name}` })).toBeVisible()
  await expect(page.getByLabel('1 liked products')).toBeVisible()
  await expect(page.getByLabel('0 items in cart')).toBeVisible()

  await visitKept(bob, new URL(product.href, page.url()).href, javaScript)
  await expect(buyBox(bob).getByRole('button', { name: `Like ${product.name}` })).toBeVisible()
  await expect(bob.getByLabel('0 liked products')).toBeVisible()
  await expect(bob.getByLabel('1 items in cart')).toBeVisible()
  const bobs = await bob.request.get(new URL(product.href, page.url()).href)
  expect(bobs.headers()['cache-control']).toBe('private, no-store')
  await bob.close()
  expect(bobErrors, "console errors in Bob's browser").toEqual([])

  // Everyone else gets the page with no cart, no likes and no pressed heart.
  const anonymous = await (await request.get(product.href)).text()
  expect(anonymous).toContain('0 items in cart')
  expect(anonymous).toContain('0 liked products')
  expect(anonymous).not.toContain(`Unlike ${product.name}`)
})

test('a signed-in customer gets kept pages with their account links, but their own product pages', async ({
  page,
  request,
  javaScript,
  createProduct,
  createUser,
}) => {
  const product = await createProduct()
  const user = await createUser()
  await untilKept(request, product.href)
  await page.goto('/auth')
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(user.email)
  await form.getByLabel('Password').fill(user.password)
  await form.getByRole('button', { name: 'Sign in' }).click()
  const account = page.getByRole('navigation', { name: 'Your shop' }).getByRole('link', {
    name: 'Account',
  })
  await expect(account).toBeVisible()

  await visitKept(page, '/faq', javaScript)
  await expect(account).toBeVisible()
  const faq = await page.request.get('/faq')
  expect(faq.headers()['cache-control']).toBe('private, no-store')
  expect(await (await request.get('/faq')).text()).not.toContain('Sign out')

  // A product page holds the customer's review form and email: it renders for them.
  expect(await visit(page, product.href)).toBe('bypass')
  await expect(account).toBeVisible()
})

test('a flash message is never kept for other visitors', async ({
  page,
  request,
  javaScript,
  createUser,
}) => {
  const user = await createUser()
  await untilKept(request, '/')
  await page.goto('/auth')
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(user.email)
  await form.getByLabel('Password').fill(user.password)
  await form.getByRole('button', { name: 'Sign in' }).click()
  // With JS the form posts by fetch: wait for the signed-in header before leaving the page.
  await expect(
    page.getByRole('navigation', { name: 'Your shop' }).getByRole('link', { name: 'Account' }),
  ).toBeVisible()
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Sign out' }).click()
  // Signed out, back on the home page with the flash message (a toast with JS, a notice without).
  await expect(page.getByText('You are signed out').first()).toBeVisible()
  if (!javaScript) await expect(page).toHaveURL('/')

  for (let i = 0; i < 2; i++) {
    const anonymous = await request.get('/')
    expect(await anonymous.text()).not.toContain('You are signed out')
  }
  await page.reload()
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible()
  await expect(page.getByText('You are signed out')).toHaveCount(0)
})

test('every anonymous response carries its own nonce, the one its CSP header names', async ({
  request,
  javaScript,
}) => {
  test.skip(javaScript, 'HTTP only: runs once, in the no-JS project')
  await untilKept(request, '/')
  const seen = new Set<string>()
  for (let i = 0; i < 3; i++) {
    const response = await request.get('/')
    const csp = response.headers()['content-security-policy'] ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce, 'CSP script nonce').toBeTruthy()
    const inPage = [...(await response.text()).matchAll(/nonce="([^"]*)"/g)].map((m) => m[1])
    expect(inPage.length).toBeGreaterThan(0)
    expect(new Set(inPage)).toEqual(new Set([nonce]))
    seen.add(nonce!)
  }
  expect(seen.size).toBe(3)
})

test('a page served from the cache runs its scripts under its own nonce', async ({
  page,
  request,
  javaScript,
}) => {
  await untilKept(request, '/faq')
  // Other specs' writes empty the cache now and then: load until the browser got a kept copy.
  await expect.poll(() => visit(page, '/faq'), { timeout: 10_000 }).toBe('hit')
  if (javaScript) {
    // An inline script refused by the CSP is a console error, which fails the test (fixtures.ts).
    await expect.poll(() => page.evaluate(() => '__remixContext' in window)).toBe(true)
    await page.getByRole('link', { name: 'Sign in' }).first().click()
    await expect(page).toHaveURL(/\/auth/)
  }
})

test("a review posted on the shop shows to the next anonymous visitor as the action's answer arrives", async ({
  page,
  request,
  createProduct,
  createUser,
}) => {
  // This server's own write: the store's change event empties the cache inside the action.
  const product = await createProduct()
  const user = await createUser()
  await page.goto('/auth')
  const signIn = page.getByRole('form', { name: 'Sign in' })
  await signIn.getByLabel('Email').fill(user.email)
  await signIn.getByLabel('Password').fill(user.password)
  await signIn.getByRole('button', { name: 'Sign in' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Your shop' }).getByRole('link', { name: 'Account' }),
  ).toBeVisible()
  await page.goto(product.href)
  await untilKept(request, product.href)

  const title = `Fresh ${Date.now().toString(36)}`
  const form = page.getByRole('form', { name: 'Write a review' })
  await form.getByRole('radio', { name: '5 stars' }).check()
  await form.getByLabel(/title/i).fill(title)
  await form.getByRole('textbox', { name: 'Your review' }).fill('Seen by everyone at once.')
  await form.getByRole('button', { name: 'Post review' }).click()
  await expect(page.getByText('Thanks for your review').first()).toBeAttached()

  const anonymous = await request.get(product.href)
  expect(anonymous.headers()['x-page-cache']).not.toBe('hit')
  expect(await anonymous.text()).toContain(title)
})
