import { expect, signInAs, test } from './fixtures'

/**
 * Refunds with JS on and off (the config runs every spec in both projects): staff refund part of
 * a paid order through the PayFast simulator from the order's back-office page, putting its units
 * back into stock; the simulator shows the refund it was asked for, and the buyer's order page
 * lists it. The rules (amounts, keys, refusals) are proven in vitest.
 */

test('staff refund part of a paid order through the simulator and the buyer sees it', async ({
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
  const product = await createProduct()
  const buyer = await createUser({ firstName: 'Lerato' })
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const order = await createPaidOrder({ product, user: buyer, quantity: 2 })
  const stockBefore = (await store.products.get(product.id))?.stock

  await signInAs(page, staff)
  await page.goto(`/admin/orders/${order.id}`)
  const form = page.getByRole('form', { name: 'Refund' })
  await expect(form.getByLabel('Amount to refund (rands)')).not.toHaveValue('')
  await form.getByLabel('Amount to refund (rands)').fill('50.00')
  await form.getByLabel('Reason (the buyer sees it)').fill('One jar arrived cracked')
  await form.getByLabel(`2 × ${product.name}`).check()
  await form.getByRole('button', { name: 'Refund' }).click()
  await expect(page.getByText(`Refunded R\u00a050,00: order ${order.id}`)).toBeVisible()
  await expect(page.getByText(/^Status:/)).toContainText('Partly refunded')
  const refunds = page.getByRole('region', { name: 'Refunds' })
  await expect(refunds).toContainText('Reason: One jar arrived cracked')
  expect((await store.products.get(product.id))?.stock).toBe(stockBefore! + 2)

  // The simulator kept the refund PayFast would have made.
  await page.goto('/payfast/simulator/refunds')
  await expect(page.getByRole('row', { name: new RegExp(`e2e-${order.id}`) })).toContainText(
    'R\u00a050,00',
  )

  // The buyer, in a browser of their own, sees it on their order's page.
  const buyerContext = await browser.newContext({
    baseURL,
    javaScriptEnabled: javaScript,
    extraHTTPHeaders,
  })
  const buyerPage = await buyerContext.newPage()
  await signInAs(buyerPage, buyer)
  await buyerPage.goto(`/orders/${order.id}`)
  const listed = buyerPage.getByRole('region', { name: 'Refunds' })
  await expect(listed).toContainText('R\u00a050,00')
  await expect(listed).toContainText('through PayFast')
  await expect(listed).toContainText('Reason: One jar arrived cracked')
  await expect(buyerPage.getByText(staff.email)).toHaveCount(0)
  await buyerContext.close()
})
