import type { Page } from '@playwright/test'

import { fillCheckout, reachSimulator } from './checkout-steps'
import { expect, test, type TestProduct, buyBox } from './fixtures'

/**
 * Buying with JS on and off (the config runs every spec in both projects, at once, against one
 * seeded store): a guest purchase through the PayFast simulator tracked via /track_order, a
 * customer purchase listed in /orders, a cancelled payment releasing its stock, and /checkout
 * with an empty cart. Each test makes its own product through the store (fixtures.ts), with the
 * stock it needs, so parallel runs never share one.
 *
 * The product page (/shop/:id) renders the cart's AddToCartForm (app/components/cart/add-to-cart-form.tsx):
 * a "Quantity" select and an "Add to cart" button, or "Sold out".
 */

const PASSWORD = 'karoo-sunset-42'
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const freshEmail = () =>
  `buyer-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.co.za`

async function addToCart(page: Page, product: TestProduct, quantity: number) {
  await page.goto(product.href)
  await page.getByLabel('Quantity').selectOption(String(quantity))
  await buyBox(page).getByRole('button', { name: 'Add to cart' }).click()
  await expect(
    page.getByText(`Added ${quantity} × ${product.name} to your cart`).first(),
  ).toBeAttached()
}

test('a guest buys through the simulator and tracks the paid order', async ({
  page,
  javaScript,
  createProduct,
}) => {
  const product = await createProduct({ stock: 20 })
  await addToCart(page, product, 2)

  await page.goto('/cart')
  const line = page.getByRole('listitem', { name: product.name })
  await expect(line).toBeVisible()
  await expect(
    line.getByRole('button', { name: `One more ${product.name}` }),
  ).toHaveAccessibleDescription('Quantity 2')
  await expect(page.getByText(/includes VAT of R/)).toBeVisible()
  await page.getByRole('link', { name: 'Check out' }).click()

  const email = freshEmail()
  await fillCheckout(page, email)
  const orderId = await reachSimulator(page, javaScript)
  await page.getByRole('button', { name: 'Pay now' }).click()

  await expect(page).toHaveURL(`/orders/${orderId}`)
  await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible()
  await expect(page.getByText('Status: Paid')).toBeVisible()
  await expect(page.getByText(/PayFast payment reference: \d+/)).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(escape(product.name)) })).toContainText('2')

  // The cart is empty after the order.
  await page.goto('/cart')
  await expect(page.getByText('Your cart is empty.')).toBeVisible()

  await page.goto('/track_order')
  await page.getByLabel('Order number').fill(orderId)
  await page.getByLabel('Email').fill('nobody@example.co.za')
  await page.getByRole('button', { name: 'Track order' }).click()
  await expect(page.getByText('No order found with that id and email')).toBeVisible()

  await page.getByLabel('Order number').fill(orderId.toLowerCase())
  await page.getByLabel('Email').fill(email.toUpperCase())
  await page.getByRole('button', { name: 'Track order' }).click()
  const result = page.getByRole('region', { name: `Order ${orderId}` })
  await expect(result).toContainText('Status: Paid')
  await expect(
    result.getByRole('list', { name: 'Status timeline' }).getByRole('listitem'),
  ).toHaveCount(2)
})

test('a customer buys and finds the order in /orders', async ({
  page,
  javaScript,
  createProduct,
}) => {
  const email = freshEmail()
  await page.goto('/auth')
  const signUp = page.getByRole('form', { name: 'Create an account' })
  await signUp.getByLabel('First name').fill('Sipho')
  await signUp.getByLabel('Last name').fill('Dlamini')
  await signUp.getByLabel('Email').fill(email)
  await signUp.getByLabel('Password').fill(PASSWORD)
  await signUp.getByRole('button', { name: 'Create account' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Your shop' }).getByRole('link', { name: 'Account' }),
  ).toBeVisible()

  const product = await createProduct({ stock: 20 })
  await addToCart(page, product, 1)
  await page.goto('/checkout')
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await fillCheckout(page, null)
  const orderId = await reachSimulator(page, javaScript)
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page.getByText('Status: Paid')).toBeVisible()

  await page.goto('/orders')
  const row = page.getByRole('row', { name: new RegExp(orderId) })
  await expect(row).toContainText('Paid')
  await row.getByRole('link', { name: orderId }).click()
  await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible()
  await expect(page.getByText('12 Long Street')).toBeVisible()
})

test('a cancelled payment cancels the order and puts the stock back', async ({
  page,
  javaScript,
  createProduct,
}) => {
  const left = 3
  const product = await createProduct({ stock: left })
  // Low stock is what the shop shows before anything is reserved.
  await page.goto(product.href)
  await expect(page.getByText(`Only ${left} left`)).toBeVisible()
  await addToCart(page, product, left)
  await page.goto('/checkout')
  await fillCheckout(page, freshEmail())
  const orderId = await reachSimulator(page, javaScript)

  // While the order waits for payment its units are reserved.
  await page.goto(product.href)
  await expect(buyBox(page).getByRole('button', { name: 'Add to cart' })).toHaveCount(0)
  await expect(page.getByText('Sold out').first()).toBeVisible()
  await page.goto(`/checkout/pay/${orderId}`)
  if (!javaScript) await page.getByRole('button', { name: 'Continue to PayFast' }).click()
  await page.getByRole('button', { name: 'Cancel payment' }).click()

  await expect(page).toHaveURL(`/checkout?cancelled=${orderId}`)
  await expect(page.getByText('Payment cancelled').first()).toBeAttached()
  await expect(page.getByText(`${left} × ${product.name}`)).toBeVisible()

  await page.goto(`/orders/${orderId}`)
  await expect(page.getByText('Status: Cancelled')).toBeVisible()

  await page.goto(product.href)
  await expect(buyBox(page).getByRole('button', { name: 'Add to cart' })).toBeVisible()
  await expect(page.getByLabel('Quantity').getByRole('option')).toHaveCount(left)
})

test('/checkout with an empty cart goes to /cart with a notice', async ({ page }) => {
  await page.goto('/checkout')
  await expect(page).toHaveURL('/cart')
  await expect(page.getByText('Your cart is empty').first()).toBeAttached()
  await expect(page.getByRole('link', { name: 'Browse the shop' })).toBeVisible()
})
