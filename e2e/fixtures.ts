import { randomBytes, randomUUID } from 'node:crypto'

import {
  expect,
  test as base,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test'

import { hashPassword } from '~/lib/auth/password.server'
import { makeProduct } from '~/lib/catalog/products.test-helper'
import { openStore, type Store } from '~/lib/data/index.server'
import { logger } from '~/lib/log.server'
import type { ProductOption } from '~/lib/data/types'
import { variantIdFor } from '~/lib/data/variants'
import { newOrderId } from '~/lib/orders/id.server'
import { moveOrder } from '~/lib/orders/move.server'
import { SHOPPER_ADDRESS } from '~/lib/orders/orders.test-helper'

/** A customer account a test made for itself (local sign-in: AUTH_BACKEND=local). */
export type TestUser = { id: string; email: string; password: string; firstName: string }

/** A product a test made for itself: its page, and what the shop should say about it. */
export type TestProduct = { id: string; name: string; href: string; stock: number }

type TestFixtures = {
  consoleErrors: string[]
  /**
   * The address the shop sees this test's requests come from (X-Forwarded-For, read by the e2e
   * server's TRUST_PROXY_HOPS=1): one per test, so each test has its own sign-up, reset, tracking
   * and contact allowances and tests running side by side never use up each other's.
   */
  clientIp: string
  javaScript: boolean
  /**
   * Puts a product of the test's own into the shop's store, with the stock the test needs, so no
   * test hunts the catalogue or shares a product with another. It has a product page, cart and
   * checkout at once; /shop's search index (built at start-up) does not list it.
   */
  createProduct: (options?: {
    name?: string
    stock?: number
    priceCents?: number
    /** Options (Size, Colour) and the variants sold, each with its stock and price. */
    options?: ProductOption[]
    variants?: { optionValues: string[]; stock: number; priceCents?: number }[]
  }) => Promise<TestProduct>
  /** Makes a customer account straight in the store (signed out), for tests about what comes after sign-up. */
  createUser: (options?: { firstName?: string; staff?: boolean }) => Promise<TestUser>
  /**
   * An order paid through PayFast, made straight in the store (its stock reserved): `quantity`
   * of the product's default variant, for the customer when given, else a guest's.
   */
  createPaidOrder: (options: {
    product: TestProduct
    user?: TestUser
    quantity?: number
  }) => Promise<{ id: string; email: string }>
}

type WorkerFixtures = {
  /** The store the e2e server runs on (playwright.config.ts's E2E_DATA_DIR), opened in this worker. */
  store: Store
}

/**
 * Opens the store the e2e server runs on (playwright.config.ts's E2E_DATA_DIR); `now` is the
 * clock its writes are stamped with, for a test that needs writes at times of its own choosing.
 */
export async function openE2eStore(now?: () => Date): Promise<Store> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir)
    throw new Error('E2E_DATA_DIR is not set: run the specs through playwright.config.ts')
  // SQLite in WAL mode: this second connection writes while the server reads.
  return openStore({ backend: 'sqlite', dataDir, now })
}

// The shop's code the fixtures run here (an order's move) logs like the server's; the run's output
// keeps the specs' own warnings and errors only (the server's log: e2e/log-tee.mjs).
logger.level = 'warn'

/** Tests this worker has begun: numbers each test's client address. */
let testsBegun = 0

/** A demo product whose pictures test products borrow (the seed always makes it). */
const PICTURES_FROM = 'rooibos-loose-leaf-tea-classic'

/**
 * Every spec uses this `test`: it fails a test on any console error or uncaught page error, tells
 * specs whether JavaScript runs in this project, and makes data through the store, as epic-stack's
 * playwright-utils do.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  store: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const store = await openE2eStore()
      await use(store)
      await store.close()
    },
    { scope: 'worker' },
  ],
  createProduct: async ({ store }, use, testInfo) => {
    const pictures = (await store.products.get(PICTURES_FROM))?.images ?? []
    let made = 0
    await use(async ({ name, stock = 20, priceCents = 12_500, options, variants } = {}) => {
      // Unique per test, project and call: the two projects run the same test at once on one store.
      const id = `e2e-${testInfo.project.name}-${randomBytes(4).toString('hex')}-${++made}`
      const now = new Date().toISOString()
      // The catalogue tests' product factory, so a product here has every field a product needs.
      const product = makeProduct({
        id,
        name: name ?? `Test Rusks ${id.slice(-10)}`,
        description: 'Made by an end-to-end test for itself.',
        category: 'pantry',
        categoryName: 'Pantry',
        priceCents,
        stock,
        images: pictures,
        createdAt: now,
        updatedAt: now,
        options,
        variants: variants?.map((variant) => ({
          id: variantIdFor(id, variant.optionValues),
          optionValues: variant.optionValues,
          priceCents: variant.priceCents ?? priceCents,
          compareAtCents: null,
          stock: variant.stock,
          image: null,
        })),
      })
      await store.products.upsertMany([product])
      return { id, name: product.name, href: `/shop/${id}`, stock }
    })
    // NOTE: the store has no way to delete a product (orders keep their lines); each run has a
    // throwaway store (playwright.config.ts), and these ids never collide, so nothing is left to undo.
  },
  createUser: async ({ store }, use, testInfo) => {
    await use(async ({ firstName = 'Thandi', staff = false } = {}) => {
      const id = randomUUID()
      const email = `e2e-${testInfo.project.name}-${id.slice(0, 8)}@example.co.za`
      const password = `karoo-${randomBytes(6).toString('hex')}`
      await store.users.create({
        id,
        email,
        firstName,
        lastName: 'Mokoena',
        phone: null,
        address: null,
      })
      await store.credentials.setPasswordHash(id, await hashPassword(password))
      // What `npm run staff -- grant EMAIL` does on the local backends.
      if (staff) await store.users.setStaff(id, true)
      return { id, email, password, firstName }
    })
    // Like products, accounts stay in the run's throwaway store: the store cannot delete a user.
  },
  createPaidOrder: async ({ store }, use, testInfo) => {
    await use(async ({ product, user, quantity = 1 }) => {
      const stored = await store.products.get(product.id)
      if (!stored) throw new Error(`createPaidOrder: no product ${product.id} in the store`)
      const variant = stored.variants[0]!
      const subtotalCents = variant.priceCents * quantity
      const totalCents = subtotalCents + 9_900
      const email = user?.email ?? `e2e-${testInfo.project.name}-guest@example.co.za`
      const placed = await store.orders.place(
        {
          userId: user?.id ?? null,
          email,
          firstName: user?.firstName ?? 'Thandi',
          lastName: 'Mokoena',
          phone: '082 123 4567',
          shippingAddress: SHOPPER_ADDRESS,
          lines: [
            {
              productId: stored.id,
              variantId: variant.id,
              name: stored.name,
              options: [],
              unitPriceCents: variant.priceCents,
              quantity,
              imageUrl: null,
            },
          ],
          subtotalCents,
          shippingCents: 9_900,
          totalCents,
          vatCents: Math.round((totalCents * 15) / 115),
        },
        newOrderId(),
      )
      await moveOrder({ orders: store.orders }, placed.id, {
        move: 'pay',
        pfPaymentId: `e2e-${placed.id}`,
        note: 'PayFast COMPLETE',
      })
      return { id: placed.id, email }
    })
  },
  // With JS, a page opened by goto or reload is handed over once its scripts have taken over, as a
  // person would meet it: a press before hydration would be the plain HTML form's (the no-JS path),
  // and a field filled then could be reset by React. Without JS the page is ready at its load.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page)
      const reload = page.reload.bind(page)
      page.goto = async (...args) => {
        const response = await goto(...args)
        await waitForScripts(page)
        return response
      }
      page.reload = async (...args) => {
        const response = await reload(...args)
        await waitForScripts(page)
        return response
      }
    }
    await use(page)
  },
  javaScript: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false)
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  clientIp: async ({}, use, testInfo) => {
    const n = ++testsBegun
    // Inside 127.0.0.0/8, which the simulator-mode ITN source check accepts. Worker indexes are
    // unique within a run, and a worker numbers its own tests.
    await use(
      `127.${(testInfo.workerIndex % 254) + 1}.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`,
    )
  },
  // Pages, their fetches and the `request` fixture all send it.
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientIp }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientIp })
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        // A 4xx/5xx document or fetch the test asked for on purpose is logged as a console error.
        if (
          /Failed to load resource: the server responded with a status of (400|403|404|429)/.test(
            message.text(),
          )
        )
          return
        // Playwright evaluates its own injected script in every frame to run locators; in a frame
        // sandboxed without allow-scripts (the HTML part on /dev/mail, an email, which has no script
        // of its own: its template tests check that) Chromium blocks it and logs exactly this.
        if (
          message.text() ===
          "Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed and the 'allow-scripts' permission is not set."
        )
          return
        errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors during the test').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * For the tests of a describe block whose subject is the server's answer (a status, a header, a
 * session, a rendered page), the same with JavaScript on or off: they run once, in the no-JS
 * project, instead of twice.
 */
export function onceWithoutJs() {
  test.skip(
    ({ javaScript }) => javaScript,
    "the server's answer, the same with JS on or off: runs once, without JS",
  )
}

/**
 * The product page's own buy box (the region named by the page's heading): its "Add to cart",
 * quantity and stock, not those of the product cards on the shelves below it.
 */
export function buyBox(page: Page) {
  return page.getByRole('region').filter({ has: page.getByRole('heading', { level: 1 }) })
}

/**
 * Presses a like button and waits for the shop to answer the like's post. The button shows the
 * new state before the post answers (optimistic, with JS), so a test that leaves the page on
 * seeing it could cancel the like.
 */
export async function likeAndWait(page: Page, button: Locator) {
  const answered = page.waitForResponse(
    (response) =>
      // Without JS the form's post to /liked; with JS the fetcher's to /liked.data (single fetch).
      response.request().method() === 'POST' &&
      /^\/liked(\.data)?$/.test(new URL(response.url()).pathname),
  )
  await button.click()
  await answered
}

/**
 * Waits until the page's scripts have taken over: the root layout marks <html data-hydrated> once
 * React's hydration is committed, and from then React handles a click or a key itself. Before it, a
 * button is a plain HTML form's (the no-JS path), which is not what a JS spec means to press. A
 * response that is no Remix page (a feed, a file, JSON) has nothing to wait for.
 */
export async function waitForScripts(page: Page) {
  await page.waitForFunction(
    () => !('__remixContext' in window) || 'hydrated' in document.documentElement.dataset,
  )
}

/**
 * Waits until no transition or animation with an end is running (a toast fading in, a drawer
 * sliding): what axe reads of colours is then what a shopper sees, not a frame half-way through.
 * Endless ones (a spinner) are not waited for.
 */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  )
}

/**
 * Signs `user` in for the page's browser, as the sign-in form would post it but without the form:
 * for specs about something else than signing in (those fill the form). The answer's redirect is
 * followed, so the welcome flash is spent there and the page the spec opens next shows no toast.
 */
export async function signInAs(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  const response = await page.request.post('/auth', {
    form: { intent: 'signin', email: user.email, password: user.password, redirectTo: '/account' },
  })
  expect(new URL(response.url()).pathname, `${user.email} signed in`).toBe('/account')
}

/**
 * The honeypot fields as /contact renders them (the hidden field empty, the signed stamp), for a
 * spec that posts the sign-up or contact form itself: a post without them is taken for a bot.
 */
export async function honeypotFields(request: APIRequestContext) {
  const html = await (await request.get('/contact')).text()
  const fields: Record<string, string> = {}
  for (const name of ['name__confirm', 'from__confirm']) {
    const input = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0]
    const value = input?.match(/value="([^"]*)"/)?.[1]
    if (input === undefined || value === undefined) throw new Error(`/contact renders no ${name}`)
    fields[name] = value.replaceAll('&amp;', '&')
  }
  return fields
}
