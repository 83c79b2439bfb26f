import { addToCart, acceptTerms, fillDetails, reachSimulator } from './checkout-steps'
import { expect, test } from './fixtures'

/**
 * The legal pages and checkout's terms (docs/contracts.md "After the sale"), JS on and off: the
 * footer reaches /returns, /terms and /privacy, each naming the shop; checkout places no order
 * until the terms are accepted, and keeps the buyer's VAT number. The pages' wording and the
 * fields' rules are proved in vitest (app/routes/legal-pages.render.test.tsx,
 * app/lib/legal/checkout-legal.server.test.ts).
 */
test('the footer reaches the legal pages, and checkout asks for the terms before PayFast', async ({
  page,
  javaScript,
  store,
  createProduct,
}) => {
  await page.goto('/')
  const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' })
  for (const name of ['Returns and refunds', 'Terms and conditions', 'Privacy policy']) {
    await legal.getByRole('link', { name }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Our details' })).toContainText(
      'Karoo & Co. (Pty) Ltd',
    )
  }

  const product = await createProduct()
  await addToCart(page, product)
  await page.goto('/checkout')
  await fillDetails(page, `terms-${Date.now().toString(36)}@example.co.za`, { terms: false })
  await page.getByLabel('VAT number (optional)').fill('412 345 6789')
  await page.getByRole('button', { name: 'Pay with PayFast' }).click()
  const terms = page.getByRole('checkbox', { name: /I accept the terms and the returns policy/ })
  await expect(terms).toHaveAccessibleDescription(
    'Tick “I accept the terms and the returns policy” to place your order',
  )
  await expect(page).toHaveURL('/checkout')
  // The terms open beside the form, which keeps what was typed.
  await expect(page.getByRole('link', { name: 'returns policy', exact: true })).toHaveAttribute(
    'href',
    '/returns',
  )

  await acceptTerms(page)
  await page.getByRole('button', { name: 'Pay with PayFast' }).click()
  const orderId = await reachSimulator(page, javaScript)
  expect((await store.orders.get(orderId))?.buyerVatNumber).toBe('4123456789')
})
