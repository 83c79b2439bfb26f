import { randomBytes } from 'node:crypto'

import { formatGiftCardCode } from '~/lib/promotions/gift-cards'
import { discountDraft } from '~/lib/promotions/promotions.test-helper'

import { addToCart } from './checkout-steps'
import { expect, test } from './fixtures'

/**
 * The gift-card balance page and a discount link as a shopper meets them, JS on and off: a card's
 * balance by its code (an unknown one said plainly), and `/discount/{code}` landing on the cart
 * with the code applied, even when the link names another site. The rules, the rate limit and
 * every refusal are proved in vitest (app/routes/gift-card.render.test.tsx,
 * app/lib/promotions/discount-link.server.test.ts); this proves the walk in a browser.
 */

test('a gift card balance by its code, and a discount link that lands on the cart with the code applied', async ({
  page,
  store,
  createProduct,
}) => {
  const card = await store.giftCards.issue(
    { amountCents: 350_00, issuedTo: null, message: null, note: 'e2e' },
    'e2e',
  )
  await page.goto('/gift-card')
  await page.getByRole('textbox', { name: 'Gift card code' }).fill('ABCD-EFGH-JKMN-PQRS')
  await page.getByRole('button', { name: 'Check balance' }).click()
  await expect(page.getByRole('textbox', { name: 'Gift card code' })).toHaveAccessibleDescription(
    /We do not know that gift card code/,
  )
  await page
    .getByRole('textbox', { name: 'Gift card code' })
    .fill(formatGiftCardCode(card.code).toLowerCase())
  await page.getByRole('button', { name: 'Check balance' }).click()
  const result = page.getByRole('region', { name: /^Gift card ••••-••••-••••-/ })
  await expect(result).toContainText('Balance: R 350,00')

  const code = `LINK${randomBytes(3).toString('hex').toUpperCase()}`
  await store.discounts.create(discountDraft({ code }), { by: 'e2e' })
  await addToCart(page, await createProduct({ priceCents: 200_00 }))
  await page.goto(`/discount/${code.toLowerCase()}?redirect=//evil.example/cart`)
  await expect(page).toHaveURL(/\/cart$/)
  await expect(page.getByText('Discount applied')).toBeVisible()
  const line = page
    .getByRole('region', { name: 'Summary' })
    .locator('.totals__row', { hasText: `Code ${code}: 10% off` })
  await expect(line.locator('dd')).toHaveText('−R 20,00')
})
