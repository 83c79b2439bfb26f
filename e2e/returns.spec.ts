import { formatRand } from '~/lib/money'
import { moveOrder } from '~/lib/orders/move.server'
import { orderLinkKey } from '~/lib/orders/order-link.server'

import { expect, signInAs, test } from './fixtures'

/**
 * Returns with JS on and off (the config runs every spec in both projects): a guest, opening their
 * delivered order by its own link, returns one unit of a line; staff approve it, mark it received
 * (back in stock) and refund it with the refund form the return's panel links to, prefilled with
 * the return's value; the guest's page shows each step. The rules (window, lines, races, refusals,
 * store credit) are proven in vitest.
 */

/** playwright.config.ts's SESSION_SECRET: the order link's key is an HMAC with it. */
const E2E_SESSION_SECRET = 'e2e-session-secret-as-long-as-production-asks'

test('a guest returns a line of a delivered order by its link, and staff approve, receive and refund it', async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
  javaScript,
  store,
  createUser,
  createProduct,
  createPaidOrder,
}) => {
  const product = await createProduct({ priceCents: 12_500 })
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const order = await createPaidOrder({ product, quantity: 2 })
  for (const step of [
    { move: 'ship', shipment: { courier: 'The Courier Guy', trackingNumber: 'TCG-RET-1' } },
    { move: 'deliver' },
  ] as const) {
    expect((await moveOrder({ orders: store.orders }, order.id, step)).outcome).toBe('moved')
  }
  const link = `/orders/${order.id}?key=${orderLinkKey(order.id, [E2E_SESSION_SECRET])}`

  // The guest opens the order by its link and asks to return one of the two.
  await page.goto(link)
  const ask = page.getByRole('form', { name: 'Return items' })
  await ask.getByLabel(`Return ${product.name}`).check()
  await ask.getByLabel(`How many of ${product.name}`).selectOption('1')
  await ask
    .getByLabel('Why are you returning them?')
    .selectOption({ label: 'Arrived damaged or faulty' })
  await ask.getByRole('button', { name: 'Ask to return' }).click()
  await expect(page.getByText('Return R1 requested', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(link)
  const returns = page.getByRole('region', { name: 'Your returns' })
  await expect(
    returns.getByRole('heading', { name: 'Return R1: Requested: waiting for the shop' }),
  ).toBeVisible()
  await expect(returns).toContainText(`1 × ${product.name}. Reason: Arrived damaged or faulty.`)

  // Staff decide in the back office.
  const staffContext = await browser.newContext({
    baseURL,
    javaScriptEnabled: javaScript,
    extraHTTPHeaders,
  })
  const admin = await staffContext.newPage()
  await signInAs(admin, staff)
  await admin.goto(`/admin/orders/${order.id}`)
  const panel = admin.getByRole('region', { name: 'Returns' })
  await panel
    .getByLabel('Message to the buyer (optional): how to send it back')
    .fill('Post it to our Stellenbosch shop')
  await panel.getByRole('button', { name: 'Approve return R1' }).click()
  await expect(
    admin.getByText(`Return R1 approved, the buyer mailed: order ${order.id}`),
  ).toBeVisible()

  const stockBefore = (await store.products.get(product.id))!.stock
  await expect(panel.getByLabel(`1 × ${product.name}`)).toBeChecked()
  await panel.getByRole('button', { name: 'Mark return R1 received' }).click()
  await expect(
    admin.getByText(`Return R1 received, its items back in stock: order ${order.id}`),
  ).toBeVisible()
  expect((await store.products.get(product.id))!.stock).toBe(stockBefore + 1)

  // The refund form, prefilled with what the returned unit cost, refunds it and settles the return.
  await panel.getByRole('link', { name: 'refund form' }).click()
  const refund = admin.getByRole('form', { name: 'Refund' })
  await expect(refund.getByLabel('Amount to refund (rands)')).toHaveValue('125.00')
  await refund.getByRole('button', { name: 'Refund' }).click()
  await expect(admin.getByText(`Refunded ${formatRand(12_500)}: order ${order.id}`)).toBeVisible()
  await expect(panel.getByRole('heading', { name: 'Return R1: Refunded' })).toBeVisible()
  // Received back into stock once, not again by the refund.
  expect((await store.products.get(product.id))!.stock).toBe(stockBefore + 1)
  await staffContext.close()

  // The guest's page shows where it ended, with the shop's message.
  await page.goto(link)
  await expect(returns.getByRole('heading', { name: 'Return R1: Refunded' })).toBeVisible()
  await expect(returns).toContainText('Message from the shop: Post it to our Stellenbosch shop')
  await expect(returns).toContainText(`Paid back: ${formatRand(12_500)} refunded.`)
  // One unit is left to return.
  await expect(
    page.getByRole('form', { name: 'Return items' }).getByLabel(`Return ${product.name}`),
  ).toBeVisible()
})
