import type { Page } from '@playwright/test'

import { expect, test, type TestUser, onceWithoutJs } from './fixtures'

/**
 * The back office's orders with JS on and off (the config runs every spec in both projects): staff
 * ship a paid order and its buyer sees the courier and tracking number; customers and visitors
 * cannot reach /admin.
 */

const COURIER = 'The Courier Guy'

/** Signs in on the sign-in page the guard sent us to; it brings us back to `landing`. */
async function signInHere(page: Page, user: TestUser, landing: string | RegExp) {
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(user.email)
  await form.getByLabel('Password').fill(user.password)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(landing)
}

test('staff ship a paid order and the buyer sees the courier and tracking number', async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
  javaScript,
  createUser,
  createProduct,
  createPaidOrder,
}) => {
  const product = await createProduct()
  const buyer = await createUser({ firstName: 'Lerato' })
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const order = await createPaidOrder({ product, user: buyer, quantity: 2 })
  const tracking = `TCG${order.id}`

  // The list finds the order by its id; the form without JS drops its empty status field.
  await page.goto('/admin/orders')
  await signInHere(page, staff, '/admin/orders')
  await page.getByLabel('Order id or email').fill(order.id.toLowerCase())
  await page.getByRole('button', { name: 'Show orders' }).click()
  await expect(page).toHaveURL(`/admin/orders?q=${order.id.toLowerCase()}`)
  await page.getByRole('link', { name: order.id }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.id}` })).toBeVisible()
  await expect(page.getByText(/^Status:/)).toContainText('Paid')

  // Shipping needs both fields: with JS a blank tracking number is refused beside the field (without
  // JS the browser's own check of the required field stops the post; the action test covers the 400).
  const ship = page.getByRole('form', { name: 'Ship it' })
  await ship.getByLabel('Courier').fill(COURIER)
  if (javaScript) {
    await ship.getByRole('button', { name: 'Mark shipped' }).click()
    await expect(ship.getByLabel('Tracking number')).toHaveAccessibleDescription(
      /Enter the tracking number/,
    )
  }
  await ship.getByLabel('Tracking number').fill(tracking)
  await ship.getByRole('button', { name: 'Mark shipped' }).click()
  await expect(page.getByText(`Marked shipped: order ${order.id}`)).toBeVisible()
  await expect(page.getByText(/^Status:/)).toContainText('Shipped')
  await expect(page.getByText(/^Shipped with/)).toHaveText(
    `Shipped with ${COURIER}, tracking number ${tracking}`,
  )
  await expect(
    page.getByRole('list', { name: 'Status timeline' }).getByRole('listitem').last(),
  ).toContainText(`by ${staff.email}`)
  // Only delivered is left.
  await expect(page.getByRole('button', { name: 'Mark delivered' })).toBeVisible()
  await expect(page.getByRole('form', { name: 'Ship it' })).toHaveCount(0)

  // The buyer, in a browser of their own, sees it on the order page and on tracking.
  const buyerContext = await browser.newContext({
    baseURL,
    javaScriptEnabled: javaScript,
    extraHTTPHeaders,
  })
  const buyerPage = await buyerContext.newPage()
  await buyerPage.goto(`/orders/${order.id}`)
  await signInHere(buyerPage, buyer, `/orders/${order.id}`)
  await expect(buyerPage.getByText(/^Shipped with/)).toHaveText(
    `Shipped with ${COURIER}, tracking number ${tracking}`,
  )
  // The shopper never sees which staff member moved the order.
  await expect(buyerPage.getByText(staff.email)).toHaveCount(0)

  await buyerPage.goto('/track_order')
  await buyerPage.getByLabel('Order number').fill(order.id)
  await buyerPage.getByLabel('Email').fill(buyer.email)
  await buyerPage.getByRole('button', { name: 'Track order' }).click()
  const result = buyerPage.getByRole('region', { name: `Order ${order.id}` })
  await expect(result).toContainText('Status: Shipped')
  await expect(result).toContainText(`Shipped with ${COURIER}, tracking number ${tracking}`)
  await buyerContext.close()
})

test.describe(() => {
  onceWithoutJs()
  test('back-office pages are no-store and noindex', async ({ page, createUser }) => {
    const staff = await createUser({ staff: true })
    await page.goto('/admin')
    await signInHere(page, staff, '/admin')
    const response = await page.goto('/admin/messages')
    expect(response?.status()).toBe(200)
    expect(response?.headers()['cache-control']).toContain('no-store')
    expect(response?.headers()['x-robots-tag']).toBe('noindex')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Back office' }).getByRole('link'),
    ).toHaveText([
      'Dashboard',
      'Orders',
      'Customers',
      'Reports',
      'Products',
      'Import',
      'Reviews',
      'Messages',
      'Shipping',
      'Discounts',
      'Gift cards',
      'Settings',
    ])
  })
})

test('a customer gets the 404 page at /admin', async ({ page, createUser }) => {
  const customer = await createUser()
  await page.goto('/auth')
  await signInHere(page, customer, '/')
  const response = await page.goto('/admin')
  expect(response?.status()).toBe(404)
  await expect(
    page.getByRole('heading', { level: 1, name: 'This page could not be found' }),
  ).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0)
})

test('a visitor is sent to sign in and comes back to the page asked for', async ({ page }) => {
  await page.goto('/admin/orders?status=paid')
  await expect(page).toHaveURL('/auth?redirectTo=%2Fadmin%2Forders%3Fstatus%3Dpaid')
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
})
