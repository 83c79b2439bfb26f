import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

import { fillCheckout, reachSimulator } from './checkout-steps'
import { expect, likeAndWait, settleAnimations, signInAs, test } from './fixtures'
import { variantIdFor } from '~/lib/data/variants'

/**
 * Accessibility as a test (issue 13): axe-core finds no WCAG 2.0 A/AA, 2.1 AA or 2.2 AA violation
 * on any page or form state, with JS on and off (the js and no-js projects) and at phone size (the
 * phone project). Each test reaches a state as a shopper or staff member would, then scans the
 * whole page; a failure lists each rule with its targets and help text.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']

// Each test scans several pages; one scan takes a few seconds on a busy machine.
test.describe.configure({ timeout: 120_000 })

/**
 * Where a no-JS page's copy is scanned: one JS-enabled page per test, in a context of its own (so
 * its styles and pictures are fetched once for all the test's scans), closed after the test.
 */
let scanner: Page | undefined
test.afterEach(async () => {
  await scanner?.context().close()
  scanner = undefined
})

async function copyScanner(page: Page) {
  if (!scanner) {
    const context = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: true, viewport: page.viewportSize() })
    scanner = await context.newPage()
  }
  return scanner
}

/**
 * Scans the page as it is shown. axe runs as a script in the page, and Playwright's evaluate never
 * returns where JavaScript is off (AxeBuilder hangs there), so a no-JS page is scanned as a copy:
 * its DOM without <script> elements, served at the same address to a JS-enabled page of the same
 * size, which loads the same styles and pictures. Nothing of the shop's own scripts runs in it.
 */
async function expectNoViolations(page: Page, state: string) {
  // Let fonts, pictures and any transition settle so colours are read as they are shown.
  await page.waitForLoadState('load')
  if (scriptsRun()) await settleAnimations(page)
  let scanned = page
  if (!scriptsRun()) {
    const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
    scanned = await copyScanner(page)
    const viewport = page.viewportSize()
    if (viewport) await scanned.setViewportSize(viewport)
    const address = page.url()
    await scanned.unrouteAll()
    await scanned.route(
      (url) => url.href === address,
      (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
    )
    await scanned.goto(address)
    await scanned.waitForLoadState('load')
  }
  // Only violations are reported, so axe keeps one example of each pass and skip instead of every
  // node (its own advice for speed); every rule still runs on every node.
  const { violations } = await new AxeBuilder({ page: scanned })
    .options({ resultTypes: ['violations'] })
    .withTags(TAGS)
    .analyze()
  const report = violations
    .map(
      (violation) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
        violation.nodes
          .map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary ?? ''}`)
          .join('\n'),
    )
    .join('\n')
  expect(violations, `${state} at ${page.url()}:\n${report}`).toEqual([])
}

/** Whether pages run scripts in this project (js and phone do, no-js does not). */
const scriptsRun = () => test.info().project.use.javaScriptEnabled !== false

/**
 * A page as the server answers a plain GET: the same HTML with JavaScript on or off, scripts aside,
 * so the js project's scan covers the no-js project too and the no-js project does not scan it
 * again. States reached through a posted form, a flash message or a script are scanned in every
 * project (expectNoViolations), since there the pages differ.
 */
async function expectServedPageClean(page: Page, state: string) {
  if (scriptsRun()) await expectNoViolations(page, state)
}

/** A test whose states are all served pages: nothing for the no-js project to scan. */
const servedPagesOnly = () =>
  test.skip(({ javaScript }) => !javaScript, 'served pages: scanned in the js project')

const SHIRT = {
  name: 'E2E Axe Shirt',
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Blue', 'Green'] },
  ],
  variants: [
    { optionValues: ['S', 'Blue'], stock: 6 },
    { optionValues: ['M', 'Blue'], stock: 0 },
    { optionValues: ['S', 'Green'], stock: 3 },
  ],
}

test.describe('served pages', () => {
  servedPagesOnly()

  test('the public pages', async ({ page }) => {
    for (const path of ['/', '/about_us', '/faq', '/shop', '/cart', '/liked']) {
      await page.goto(path)
      await expectNoViolations(page, path)
    }
    await page.goto('/shop?category=pantry&sort=price-asc&maxPrice=500')
    await expectNoViolations(page, '/shop with filters')
    await page.goto('/shop?q=zzzqqqnothing')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoViolations(page, '/shop with a search that finds nothing')
    const response = await page.goto('/no-such-page')
    expect(response?.status()).toBe(404)
    await expectNoViolations(page, 'the 404 page')
  })

  test('a signed-in customer: account, liked, orders', async ({
    page,
    createUser,
    createProduct,
    createPaidOrder,
  }) => {
    const user = await createUser()
    const product = await createProduct()
    const order = await createPaidOrder({ product, user })
    await signInAs(page, user)
    await page.goto('/account')
    await expectNoViolations(page, '/account signed in')
    await page.goto(product.href)
    // With JS the like is a fetch flipped at once; leaving before it answers would cancel it.
    await likeAndWait(page, page.getByRole('button', { name: /like/i }).first())
    await page.goto('/liked')
    await expect(page.getByRole('link', { name: product.name }).first()).toBeVisible()
    await expectNoViolations(page, '/liked with a product')
    await page.goto('/orders')
    await expect(page.getByRole('link', { name: order.id })).toBeVisible()
    await expectNoViolations(page, '/orders')
    await page.goto(`/orders/${order.id}`)
    await expectNoViolations(page, '/orders/:id')
  })

  test('the back office as staff', async ({
    page,
    createUser,
    createProduct,
    createPaidOrder,
    store,
  }) => {
    const staff = await createUser({ firstName: 'Nomsa', staff: true })
    const customer = await createUser({ firstName: 'Pieter' })
    const product = await createProduct({ name: 'E2E Axe Tin' })
    const order = await createPaidOrder({ product, user: customer })
    await store.reviews.upsert({
      productId: product.id,
      userId: customer.id,
      authorName: 'Pieter M.',
      rating: 4,
      title: `Good tin ${product.id}`,
      body: 'Keeps the tea fresh.',
    })
    await signInAs(page, staff)
    await page.goto('/admin')
    await expectNoViolations(page, '/admin')
    for (const path of [
      '/admin/orders',
      `/admin/orders/${order.id}`,
      '/admin/products',
      `/admin/products/${product.id}`,
      '/admin/reviews',
      '/admin/messages',
      '/admin/discounts',
      '/admin/gift-cards',
      '/admin/customers',
      `/admin/customers/${customer.id}`,
      '/admin/reports?period=7d',
      '/admin/reports/vat?period=7d',
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoViolations(page, path)
    }
  })
  test('at phone size: the shop, a product with options, checkout, an order, staff pages', async ({
    page,
    createUser,
    createProduct,
    createPaidOrder,
  }) => {
    // The phone layout's own rules (pills, stars, table boxes, the drawer) scanned at 390 px.
    await page.setViewportSize({ width: 390, height: 844 })
    const staff = await createUser({ firstName: 'Nomsa', staff: true })
    const shirt = await createProduct(SHIRT)
    const order = await createPaidOrder({ product: shirt, user: staff })
    await signInAs(page, staff)
    const added = await page.request.post('/cart', {
      form: {
        intent: 'add',
        productId: shirt.id,
        variantId: variantIdFor(shirt.id, ['S', 'Blue']),
        quantity: '1',
      },
    })
    expect(added.ok(), 'a line in the cart').toBe(true)
    // The pages whose phone layout has rules of its own (folded filters, pills, the checkout's
    // stacked summary, tables in scroll boxes); the others only narrow their columns.
    for (const path of [
      '/shop',
      shirt.href,
      '/checkout',
      `/orders/${order.id}`,
      `/admin/orders/${order.id}`,
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoViolations(page, `${path} at 390 px`)
    }
    await page
      .getByRole('banner')
      .locator('summary')
      .filter({ hasText: /^Menu$/ })
      .click()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Shop' }).first()).toBeVisible()
    await expectNoViolations(page, 'the phone menu open')
  })
})

test('a product page with options, a sold-out variant and a full cart', async ({
  page,
  javaScript,
  createProduct,
}) => {
  const shirt = await createProduct(SHIRT)
  await page.goto(shirt.href)
  await expect(page.getByRole('group', { name: 'Size' })).toBeVisible()
  await expectServedPageClean(page, 'product page')

  await page.goto(`${shirt.href}?variant=${variantIdFor(shirt.id, ['M', 'Blue'])}`)
  await expect(page.getByText(/sold out/i).first()).toBeVisible()
  await expectServedPageClean(page, 'product page, sold-out variant')

  await page.goto(shirt.href)
  await page
    .getByRole('form', { name: `Add ${shirt.name} to cart` })
    .getByRole('button', { name: 'Add to cart' })
    .click()
  if (javaScript) {
    const drawer = page.getByRole('dialog', { name: 'Your cart' })
    await expect(drawer).toBeVisible()
    await expectNoViolations(page, 'the mini-cart drawer open')
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
  } else {
    await expect(page.getByText(/Added 1 × /).first()).toBeVisible()
    await expectNoViolations(page, 'product page after adding to cart')
  }

  await page.goto('/cart')
  await expect(page.getByRole('listitem', { name: new RegExp(shirt.name) })).toBeVisible()
  await expectServedPageClean(page, '/cart with a line')

  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Pay with PayFast' }).click()
  await expect(page.getByRole('link', { name: /first name/i }).first()).toBeVisible()
  await expectNoViolations(page, '/checkout with errors shown')

  await fillCheckout(page, `axe-${Date.now().toString(36)}@example.co.za`)
  if (!javaScript) {
    await expect(page.getByRole('heading', { name: /^Pay for order / })).toBeVisible()
    await expectNoViolations(page, 'the PayFast hand-over page')
  }
  const orderId = await reachSimulator(page, javaScript)
  await expectServedPageClean(page, 'the PayFast simulator')
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible()
  await expectNoViolations(page, 'a paid order (guest)')
})

test('sign in and sign up, with errors shown', async ({ page }) => {
  await page.goto('/auth')
  await expectServedPageClean(page, '/auth')
  const signInForm = page.getByRole('form', { name: 'Sign in' })
  await signInForm.getByLabel('Email').fill('nobody@example.co.za')
  await signInForm.getByLabel('Password').fill('wrong-password-1')
  await signInForm.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText(/incorrect|not match|invalid/i).first()).toBeVisible()
  await expectNoViolations(page, '/auth with a sign-in error')

  const signUp = page.getByRole('form', { name: 'Create an account' })
  await signUp.getByRole('button', { name: 'Create account' }).click()
  await expect(signUp.getByRole('link', { name: /first name/i }).first()).toBeVisible()
  await expectNoViolations(page, '/auth with sign-up errors')
})

test('contact and order tracking, with errors and results', async ({
  page,
  createProduct,
  createPaidOrder,
}) => {
  await page.goto('/contact')
  await expectServedPageClean(page, '/contact')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('link', { name: /name/i }).first()).toBeVisible()
  await expectNoViolations(page, '/contact with errors shown')
  await page.getByLabel('Name').fill('Thandi Mokoena')
  await page.getByLabel('Email').fill('thandi@example.co.za')
  await page.getByLabel('Subject').fill('Delivery to Kimberley')
  await page
    .getByLabel('Message', { exact: true })
    .fill('Do you deliver to Kimberley, and how long does it take?')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByText('Thanks, your message has been sent.')).toBeVisible()
  await expectNoViolations(page, '/contact sent')

  const order = await createPaidOrder({ product: await createProduct() })
  await page.goto('/track_order')
  await expectServedPageClean(page, '/track_order')
  await page.getByRole('button', { name: 'Track order' }).click()
  await expect(page.getByRole('link', { name: /order number/i }).first()).toBeVisible()
  await expectNoViolations(page, '/track_order with errors shown')
  await page.getByLabel('Order number').fill(order.id)
  await page.getByLabel('Email').fill('nobody@example.co.za')
  await page.getByRole('button', { name: 'Track order' }).click()
  await expect(page.getByText('No order found with that id and email')).toBeVisible()
  await expectNoViolations(page, '/track_order with no order found')
  await page.getByLabel('Email').fill(order.email)
  await page.getByRole('button', { name: 'Track order' }).click()
  await expect(page.getByRole('region', { name: `Order ${order.id}` })).toBeVisible()
  await expectNoViolations(page, '/track_order with a found order')
})

test('the header: search suggestions and the phone menu', async ({
  page,
  javaScript,
  isMobile,
}) => {
  await page.goto('/')
  if (javaScript) {
    const search = page.getByRole('search').getByLabel('Search products')
    if (isMobile)
      await page
        .getByRole('banner')
        .locator('summary')
        .filter({ hasText: /^Menu$/ })
        .click()
    await search.pressSequentially('rooibos')
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible()
    await expectNoViolations(page, 'search suggestions open')
    await page.keyboard.press('Escape')
  }
  if (isMobile) {
    await page.goto('/')
    const menu = page
      .getByRole('banner')
      .locator('summary')
      .filter({ hasText: /^Menu$/ })
    await menu.click()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Shop' }).first()).toBeVisible()
    await expectNoViolations(page, 'the phone menu open')
  }
})
