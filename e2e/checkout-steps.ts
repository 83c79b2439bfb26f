import type { Page } from '@playwright/test'

import { expect } from './fixtures'

/** The shape of an order id (12 characters of an unambiguous alphabet), to find it in page text. */
const ORDER_ID = /[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}/

/** Fills the checkout form with a valid South African delivery and presses "Pay with PayFast". */
export async function fillCheckout(page: Page, email: string | null) {
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
  await fillDetails(page, email)
  await page.getByRole('button', { name: 'Pay with PayFast' }).click()
}

/**
 * Fills checkout's details (the email unless null, a Cape Town address), picks door delivery
 * unless `delivery` is false (a cart with one method only) and accepts the terms unless `terms` is
 * false; pressing the button is left to the caller, as it is "Place order" when a gift card pays
 * it all.
 */
export async function fillDetails(
  page: Page,
  email: string | null,
  { delivery = true, terms = true } = {},
) {
  // The textbox: a gift-cards-only cart also offers "Delivered by email".
  if (email !== null) await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('First name').fill('Thandi')
  await page.getByLabel('Last name').fill('Mokoena')
  await page.getByLabel('Phone').fill('082 123 4567')
  await page.getByLabel('Street address').fill('12 Long Street')
  await page.getByLabel('Suburb').fill('Gardens')
  await page.getByLabel('City or town').fill('Cape Town')
  await page.getByLabel('Province').selectOption('Western Cape')
  await page.getByLabel('Postal code').fill('8001')
  // Door delivery, whatever else is offered (a collection point another spec set, pickup points).
  if (delivery) await chooseDelivery(page, /^Standard delivery/)
  if (terms) await acceptTerms(page)
}

/** Ticks checkout's required "I accept the terms and the returns policy". */
export async function acceptTerms(page: Page) {
  const box = page.getByRole('checkbox', { name: /I accept the terms and the returns policy/ })
  await box.check()
  await expect(box).toBeChecked()
}

/** Puts one of the product in the visitor's cart, as the product page's form posts it. */
export async function addToCart(page: Page, product: { id: string }) {
  const added = await page.request.post('/cart', {
    form: { intent: 'add', productId: product.id, quantity: '1' },
  })
  expect(added.ok()).toBe(true)
}

/** Checks the delivery method whose name matches, in checkout's Delivery group. */
export async function chooseDelivery(page: Page, name: RegExp) {
  const method = page
    .getByRole('group', { name: 'Delivery', exact: true })
    .getByRole('radio', { name })
  await method.check()
  await expect(method).toBeChecked()
}

/** From the checkout's PayFast hand-over to the simulator's page; returns the order id it shows. */
export async function reachSimulator(page: Page, javaScript: boolean) {
  if (!javaScript) {
    await expect(page.getByRole('heading', { name: /^Pay for order / })).toBeVisible()
    await page.getByRole('button', { name: 'Continue to PayFast' }).click()
  }
  const item = page.getByText(/Karoo & Co\. order [A-Z2-9]{12}/)
  await expect(item).toBeVisible()
  return ORDER_ID.exec(await item.innerText())![0]
}
