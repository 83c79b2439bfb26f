import { fillCheckout, reachSimulator } from './checkout-steps'
import { expect, onceWithoutJs, test } from './fixtures'

/**
 * Mail without SMTP: a purchase through the PayFast simulator puts the order confirmation in the
 * outbox, /dev/mail lists it and opens it as it would arrive. The outbox is the server's; the
 * purchase with JS on is buying.spec.ts's, so this runs once, without JS.
 */
onceWithoutJs()

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const freshEmail = () =>
  `mail-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.co.za`

test('a purchase puts its confirmation in /dev/mail, and it opens', async ({
  page,
  javaScript,
  createProduct,
}) => {
  const product = await createProduct({ stock: 5 })
  await page.goto(product.href)
  await page
    .getByRole('form', { name: new RegExp(`^Add ${escape(product.name)}`) })
    .getByRole('button', { name: 'Add to cart' })
    .click()
  await expect(page.getByText(`Added 1 × ${product.name} to your cart`).first()).toBeAttached()
  await page.goto('/checkout')
  const email = freshEmail()
  await fillCheckout(page, email)
  const orderId = await reachSimulator(page, javaScript)
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page.getByText('Status: Paid')).toBeVisible()

  const response = await page.goto('/dev/mail')
  expect(response?.headers()['cache-control']).toMatch(/\bno-store\b/)
  const row = page.getByRole('row', { name: new RegExp(orderId) })
  await expect(row).toContainText(email)
  await expect(row).toContainText('pending')
  await row.getByRole('link', { name: new RegExp(`Order ${orderId} confirmed`) }).click()

  // The subject carries the order id.
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^Order ${orderId} confirmed`) }),
  ).toBeVisible()
  await expect(page.getByText(email).first()).toBeVisible()
  const html = page.frameLocator(`iframe[title^="HTML part"]`)
  await expect(
    html.getByRole('heading', { level: 1, name: 'Thank you for your order' }),
  ).toBeVisible()
  await expect(html.getByText(product.name).first()).toBeVisible()
  await expect(html.getByText(/includes VAT of R/)).toBeVisible()
  await expect(html.getByText(`Track it with your order number ${orderId}`)).toBeVisible()
  // A guest has no account: the mail sends them to tracking, in both parts, as an absolute link.
  await expect(html.getByRole('link', { name: 'Track your order' })).toHaveAttribute(
    'href',
    /^http:\/\/[^/]+\/track_order$/,
  )
  const text = page.locator('pre')
  await expect(text).toContainText(orderId)
  await expect(text).toContainText(product.name)
  await expect(text).toContainText(/includes VAT of R/)
  await expect(page.getByRole('link', { name: /\/track_order$/ })).toBeVisible()
})
