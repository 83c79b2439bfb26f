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
  browser,
  baseURL,
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
  // A guest has no account: the mail links to the order's own page, in both parts, absolutely.
  const view = html.getByRole('link', { name: 'View your order' })
  await expect(view).toHaveAttribute('href', new RegExp(`^http://[^/]+/orders/${orderId}\\?key=`))
  const href = (await view.getAttribute('href'))!
  const text = page.locator('pre')
  await expect(text).toContainText(orderId)
  await expect(text).toContainText(product.name)
  await expect(text).toContainText(/includes VAT of R/)
  await expect(text).toContainText(href)

  // The link opens the order in one click, in a browser that never placed it and is not signed in.
  const stranger = await browser.newContext({ baseURL, javaScriptEnabled: javaScript })
  const elsewhere = await stranger.newPage()
  await elsewhere.goto(href)
  await expect(elsewhere.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible()
  await expect(elsewhere.getByText(product.name).first()).toBeVisible()
  // Without the key the same page is not theirs to see: sign in first.
  await elsewhere.goto(`/orders/${orderId}`)
  await expect(elsewhere).toHaveURL(/\/auth/)
  await stranger.close()
})
