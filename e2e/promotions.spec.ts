import { randomBytes } from 'node:crypto'

import { centsToRandsString } from '~/lib/money'
import { formatGiftCardCode } from '~/lib/promotions/gift-cards'
import { discountDraft } from '~/lib/promotions/promotions.test-helper'

import { addToCart, fillCheckout, fillDetails, reachSimulator } from './checkout-steps'
import { expect, test } from './fixtures'

/**
 * Discount codes and gift cards as a shopper meets them (docs/contracts.md "Promotions and gift
 * cards"), with JS on and off: a refused code's reason on its field, a code's own line in the cart
 * and PayFast asked for the total after it, a gift card paying part (PayFast the rest) and one
 * paying all (no PayFast step). The rules and every refusal are proved in vitest
 * (app/lib/checkout/promotions.server.test.ts); this proves the walk in a browser.
 */

/** A fresh shopper's email for checkout. */
const anEmail = () => `promo-${randomBytes(4).toString('hex')}@example.co.za`

test('a code by form: a refused one says why, an accepted one is its own line, and PayFast asks the total after it', async ({
  page,
  javaScript,
  store,
  createProduct,
}) => {
  const code = `E2E${randomBytes(4).toString('hex').toUpperCase()}`
  await store.discounts.create(discountDraft({ code }), { by: 'e2e' })
  const product = await createProduct({ priceCents: 125_00 })
  await addToCart(page, product)
  await page.goto('/cart')

  const field = page.getByRole('textbox', { name: 'Discount code' })
  await field.fill('NOSUCHCODE')
  await page.getByRole('button', { name: 'Apply code' }).click()
  await expect(page.getByRole('textbox', { name: 'Discount code' })).toHaveAccessibleDescription(
    'We do not know that code: check it and try again',
  )

  await page.getByRole('textbox', { name: 'Discount code' }).fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Apply code' }).click()
  const row = page
    .getByRole('region', { name: 'Summary' })
    .locator('.totals__row', { hasText: `Code ${code}: 10% off` })
  await expect(row.locator('dd')).toHaveText('−R 12,50')
  await expect(row.locator('dt')).toContainText('Your code')
  await expect(page.getByRole('button', { name: `Remove Code ${code}` })).toBeVisible()

  await page.getByRole('link', { name: 'Check out' }).click()
  await fillCheckout(page, anEmail())
  const orderId = await reachSimulator(page, javaScript)
  const order = await store.orders.get(orderId)
  expect(order?.discounts).toEqual([expect.objectContaining({ code, amountCents: 12_50 })])
  expect(order?.totalCents).toBe(125_00 - 12_50 + order!.shippingCents)
  await expect(page.locator('.pf-sim__amount')).toHaveText(
    `R ${centsToRandsString(order!.totalCents)}`,
  )
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible()
  await expect(page.getByText('Status: Paid')).toBeVisible()
})

test('gift cards: one pays part and PayFast the rest, another pays all with no PayFast step', async ({
  page,
  javaScript,
  store,
  createProduct,
}) => {
  const issue = (amountCents: number) =>
    store.giftCards.issue({ amountCents, issuedTo: null, message: null, note: null }, 'e2e')
  const product = await createProduct({ priceCents: 125_00 })

  // Part: R 50 on the card, the rest through the simulator.
  const small = await issue(50_00)
  await addToCart(page, product)
  await page.goto('/checkout')
  await page.getByRole('textbox', { name: 'Gift card code' }).fill(formatGiftCardCode(small.code))
  await page.getByRole('button', { name: 'Use gift card' }).click()
  await expect(
    page.getByText(/^Gift card ••••-••••-••••-\w{4} \(R\s50,00 to spend\) applied$/),
  ).toBeVisible()
  await fillCheckout(page, anEmail())
  const partId = await reachSimulator(page, javaScript)
  const part = await store.orders.get(partId)
  expect(part?.giftCards).toEqual([expect.objectContaining({ amountCents: 50_00 })])
  await expect(page.locator('.pf-sim__amount')).toHaveText(
    `R ${centsToRandsString(part!.totalCents - 50_00)}`,
  )
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page.getByText('Status: Paid')).toBeVisible()
  expect(await store.giftCards.get(small.id)).toMatchObject({ balanceCents: 0, heldCents: 0 })

  // All: a card worth more than the order; no PayFast step at all.
  const big = await issue(1_000_00)
  await addToCart(page, product)
  await page.goto('/checkout')
  await page.getByRole('textbox', { name: 'Gift card code' }).fill(big.code.toLowerCase())
  await page.getByRole('button', { name: 'Use gift card' }).click()
  await expect(page.getByText(/\(R\s1\s000,00 to spend\) applied$/)).toBeVisible()
  await fillDetails(page, anEmail())
  // The card pays every item: the order is placed first (PayFast would only get a delivery left).
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/orders\/[A-Z2-9]{12}$/)
  await expect(page.getByText('Status: Paid')).toBeVisible()
  const fullId = page.url().split('/').pop()!
  const full = await store.orders.get(fullId)
  expect(full).toMatchObject({ status: 'paid', pfPaymentId: null })
  expect(await store.giftCards.get(big.id)).toMatchObject({
    balanceCents: 1_000_00 - full!.totalCents,
    heldCents: 0,
  })
})

test('gift cards only, paid by another card: no delivery to choose, the order is delivered by email', async ({
  page,
  store,
  createProduct,
}) => {
  const made = await createProduct({ priceCents: 250_00 })
  const product = (await store.products.get(made.id))!
  await store.products.upsertMany([
    { ...product, category: 'gift-cards', categoryName: 'Gift cards' },
  ])
  const card = await store.giftCards.issue(
    { amountCents: 1_000_00, issuedTo: null, message: null, note: null },
    'e2e',
  )
  await addToCart(page, made)
  await page.goto('/cart')
  const summary = page.getByRole('region', { name: 'Summary' })
  await expect(summary.locator('.totals__row', { hasText: 'Gift cards only' })).toContainText(
    'Free',
  )

  await page.goto('/checkout')
  // One method, nothing to choose: the codes are emailed.
  const delivery = page.getByRole('group', { name: 'Delivery', exact: true })
  await expect(delivery.getByRole('radio')).toHaveCount(1)
  await expect(delivery.getByRole('radio', { name: /^Delivered by email/ })).toBeChecked()
  await page.getByRole('textbox', { name: 'Gift card code' }).fill(formatGiftCardCode(card.code))
  await page.getByRole('button', { name: 'Use gift card' }).click()
  await expect(page.getByText(/\(R\s1\s000,00 to spend\) applied$/)).toBeVisible()
  await fillDetails(page, anEmail(), { delivery: false })
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/orders\/[A-Z2-9]{12}$/)
  await expect(page.getByText('Status: Delivered')).toBeVisible()
  const order = await store.orders.get(page.url().split('/').pop()!)
  expect(order).toMatchObject({
    status: 'delivered',
    shippingCents: 0,
    totalCents: 250_00,
    shipping: expect.objectContaining({ kind: 'email' }),
  })
  expect(await store.giftCards.get(card.id)).toMatchObject({ balanceCents: 750_00, heldCents: 0 })
})
