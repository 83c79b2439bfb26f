import type { Page } from '@playwright/test'

import { variantIdFor } from '~/lib/data/variants'

import { fillCheckout, reachSimulator } from './checkout-steps'
import { expect, test, type TestProduct, buyBox } from './fixtures'

/**
 * Product options with JS on and off (every spec runs in both projects): a shopper picks a size
 * and colour on one product page, adds that variant, buys it through the PayFast simulator, sees
 * the options on the order, and only that variant's stock goes down; a sold-out variant cannot
 * be added. Each test makes its own product with options through the store (fixtures.ts).
 */

const SHIRT = {
  options: [
    { name: 'Size', values: ['S', 'M', 'L'] },
    { name: 'Colour', values: ['Blue', 'Rainbow'] },
  ],
  variants: [
    { optionValues: ['S', 'Blue'], stock: 6, priceCents: 45_000 },
    { optionValues: ['M', 'Blue'], stock: 5, priceCents: 47_500 },
    { optionValues: ['L', 'Blue'], stock: 0, priceCents: 47_500 },
    { optionValues: ['S', 'Rainbow'], stock: 4, priceCents: 49_900 },
    { optionValues: ['M', 'Rainbow'], stock: 4, priceCents: 49_900 },
  ],
}

/** Picks one option's value: with JS the page changes at once; without, the GET form reloads. */
async function pick(page: Page, javaScript: boolean, option: string, value: string) {
  await page
    .getByRole('group', { name: option })
    .getByRole('radio', { name: value, exact: true })
    .check()
  if (!javaScript) await page.getByRole('button', { name: 'Show this option' }).click()
}

const stockOf = async (store: { products: { get(id: string): Promise<unknown> } }, id: string) => {
  const product = (await store.products.get(id)) as {
    variants: { id: string; stock: number }[]
  } | null
  return Object.fromEntries(product?.variants.map((v) => [v.id, v.stock]) ?? [])
}

async function checkoutAndPay(page: Page, javaScript: boolean) {
  await page.goto('/checkout')
  await fillCheckout(page, `variants-${Date.now().toString(36)}@example.co.za`)
  return reachSimulator(page, javaScript)
}

test('picks a size and colour, buys that variant, and only its stock goes down', async ({
  page,
  javaScript,
  createProduct,
  store,
}) => {
  const shirt: TestProduct = await createProduct({ name: 'E2E Silk Shirt', ...SHIRT })
  const mBlue = variantIdFor(shirt.id, ['M', 'Blue'])
  const mRainbow = variantIdFor(shirt.id, ['M', 'Rainbow'])
  const before = await stockOf(store, shirt.id)

  await page.goto(shirt.href)
  await expect(page.getByRole('group', { name: 'Size' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'S', exact: true })).toBeChecked()
  await expect(page.locator('.product-page__price')).toContainText('R 450,00')

  await pick(page, javaScript, 'Size', 'M')
  await expect(page).toHaveURL(`${shirt.href}?variant=${mBlue}`)
  await pick(page, javaScript, 'Colour', 'Rainbow')
  await expect(page).toHaveURL(`${shirt.href}?variant=${mRainbow}`)
  await expect(page.locator('.product-page__price')).toContainText('R 499,00')
  await expect(page.getByText('Only 4 left')).toBeVisible()
  await expect(page).toHaveTitle('E2E Silk Shirt (Size: M, Colour: Rainbow) | Karoo & Co.')
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
  ) as { '@type': string; variesBy: string[]; hasVariant: { sku: string }[] }
  expect(ld['@type']).toBe('ProductGroup')
  expect(ld.variesBy).toEqual(['https://schema.org/size', 'https://schema.org/color'])
  expect(ld.hasVariant[0]?.sku).toBe(mRainbow)

  await page.getByLabel('Quantity').selectOption('2')
  await buyBox(page).getByRole('button', { name: 'Add to cart' }).click()
  await expect(
    page.getByText('Added 2 × E2E Silk Shirt (Size: M, Colour: Rainbow) to your cart').first(),
  ).toBeAttached()
  // The page still shows the variant added, after the cart's answer.
  await expect(page.getByRole('radio', { name: 'Rainbow', exact: true })).toBeChecked()
  await expect(page.getByRole('radio', { name: 'M', exact: true })).toBeChecked()
  await expect(page).toHaveURL(`${shirt.href}?variant=${mRainbow}`)

  await page.goto('/cart')
  const line = page.getByRole('listitem', { name: 'E2E Silk Shirt (Size: M, Colour: Rainbow)' })
  await expect(line).toContainText('Size: M')
  await expect(line).toContainText('Colour: Rainbow')
  await expect(line).toContainText('R 998,00')

  const orderId = await checkoutAndPay(page, javaScript)
  await expect(page.getByText('2 x E2E Silk Shirt (Size: M, Colour: Rainbow)')).toBeVisible()
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page).toHaveURL(`/orders/${orderId}`)
  await expect(page.getByText('Status: Paid')).toBeVisible()
  const row = page.getByRole('row', { name: /E2E Silk Shirt/ })
  await expect(row).toContainText('Size: M')
  await expect(row).toContainText('Colour: Rainbow')

  expect(await stockOf(store, shirt.id)).toEqual({ ...before, [mRainbow]: before[mRainbow]! - 2 })
})

test('marks a sold-out and an unsold combination, and cannot add either', async ({
  page,
  javaScript,
  createProduct,
}) => {
  const shirt = await createProduct({ name: 'E2E Sold Shirt', ...SHIRT })
  await page.goto(`${shirt.href}?variant=${variantIdFor(shirt.id, ['M', 'Blue'])}`)
  await expect(page.getByRole('radio', { name: 'L (sold out)' })).toBeVisible()

  await pick(page, javaScript, 'Size', 'L (sold out)')
  await expect(page.getByText('Sold out', { exact: true })).toBeVisible()
  await expect(buyBox(page).getByRole('button', { name: 'Add to cart' })).toHaveCount(0)
  await expect(page.getByRole('radio', { name: 'Rainbow (not sold)' })).toBeVisible()

  await pick(page, javaScript, 'Colour', 'Rainbow (not sold)')
  await expect(page.getByText('Not sold in this combination; choose another')).toBeVisible()
  await expect(buyBox(page).getByRole('button', { name: 'Add to cart' })).toHaveCount(0)
})
