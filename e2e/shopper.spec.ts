import type { Page } from '@playwright/test'

import { expect, test, type TestProduct, buyBox, waitForScripts } from './fixtures'

/**
 * The shopper's helpers (issue 13): the header's predictive search, the mini-cart drawer, the
 * cart's quantity steppers, and focus after a failed checkout. JS on and off; the parts only
 * JavaScript can do (suggestions, the drawer, moving focus) are checked in the js project, and
 * the no-js project checks the plain forms underneath.
 */

async function addOne(page: Page, product: TestProduct) {
  await page.goto(product.href)
  await buyBox(page).getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByText(`Added 1 × ${product.name} to your cart`).first()).toBeAttached()
}

test('the header search suggests products as you type; ArrowDown and Enter open one', async ({
  page,
  javaScript,
}) => {
  await page.goto('/')
  const search = page.getByRole('search').getByLabel('Search products')
  if (!javaScript) {
    // Without JS the same box is a plain GET search of the shop.
    await search.fill('rooibos')
    await search.press('Enter')
    await expect(page).toHaveURL(/\/shop\?q=rooibos/)
    return
  }
  await expect(search).toHaveAttribute('role', 'combobox')
  await search.pressSequentially('rooibos')
  const listbox = page.getByRole('listbox', { name: 'Suggestions' })
  await expect(listbox).toBeVisible()
  await expect(search).toHaveAttribute('aria-expanded', 'true')
  const options = listbox.getByRole('option')
  await expect(options.first()).toContainText(/rooibos/i)
  await expect(options.last()).toHaveText('See all results for “rooibos”')
  expect(await options.count()).toBeLessThanOrEqual(7)
  await expect(page.getByRole('search').getByRole('status')).toHaveText(/\d+ products? found/)

  const first = await options.first().locator('.site-search__name').innerText()
  await search.press('ArrowDown')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  await search.press('Enter')
  await expect(page).toHaveURL(/\/shop\/[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible()
})

test('"Add to cart" opens the mini-cart; Escape closes it and focus returns to the button', async ({
  page,
  javaScript,
  createProduct,
}) => {
  const product = await createProduct({ stock: 5, priceCents: 50_000 })
  await page.goto(product.href)
  const add = buyBox(page).getByRole('button', { name: 'Add to cart' })
  if (!javaScript) {
    // Post/redirect/get: back on the product page with a notice.
    await add.click()
    await expect(page).toHaveURL(product.href)
    await expect(page.getByText(`Added 1 × ${product.name} to your cart`)).toBeVisible()
    return
  }
  await waitForScripts(page)
  await add.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Your cart' })
  await expect(drawer).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Close cart' })).toBeFocused()
  await expect(drawer).toContainText(`Added 1 × ${product.name} to your cart`)
  await expect(drawer.getByRole('link', { name: product.name })).toBeVisible()
  await expect(drawer).toContainText(/Add R\s500,00 more for free delivery/)
  await expect(drawer.getByRole('link', { name: 'Check out' })).toHaveAttribute('href', '/checkout')

  // Its stepper works in place: one more, and the button keeps focus.
  const more = drawer.getByRole('button', { name: `One more ${product.name}` })
  await more.focus()
  await page.keyboard.press('Enter')
  await expect(more).toHaveAccessibleDescription('Quantity 2')
  await expect(drawer).toContainText(/qualifies for free delivery/)
  await expect(more).toBeFocused()

  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(add).toBeFocused()
})

test('the cart’s steppers change the quantity, up to what is left', async ({
  page,
  javaScript,
  createProduct,
}) => {
  const product = await createProduct({ stock: 3 })
  await addOne(page, product)
  await page.goto('/cart')
  const line = page.getByRole('listitem', { name: product.name })
  const less = line.getByRole('button', { name: `One less ${product.name}` })
  const more = line.getByRole('button', { name: `One more ${product.name}` })
  await expect(less).toHaveAccessibleDescription('Quantity 1')
  // At 1, − stays but cannot go lower.
  await expect(less).toHaveAttribute(javaScript ? 'aria-disabled' : 'disabled', /.*/)

  if (javaScript) {
    await more.focus()
    await page.keyboard.press('Enter')
    await expect(more).toHaveAccessibleDescription('Quantity 2')
    await expect(more).toBeFocused()
    // The new quantity shows at once; the buttons wait (aria-disabled) until the cart has answered.
    await expect(more).not.toHaveAttribute('aria-disabled')
    await page.keyboard.press('Enter')
    await expect(more).toHaveAccessibleDescription('Quantity 3')
    await expect(more).toBeFocused()
    await expect(more).toHaveAttribute('aria-disabled', 'true')
  } else {
    await more.click()
    await expect(page).toHaveURL('/cart')
    await expect(more).toHaveAccessibleDescription('Quantity 2')
    await more.click()
    await expect(more).toHaveAccessibleDescription('Quantity 3')
    await expect(more).toBeDisabled()
  }
  await expect(less).not.toHaveAttribute('aria-disabled')
  await less.click()
  await expect(less).toHaveAccessibleDescription('Quantity 2')
  await expect(line).toContainText(/R\s250,00/)
})

test('a checkout with errors moves focus to a summary that links to each field', async ({
  page,
  javaScript,
  createProduct,
}) => {
  test.skip(!javaScript, 'moving focus needs JavaScript; the summary itself is a render test')
  const product = await createProduct({ stock: 5 })
  await addOne(page, product)
  await page.goto('/checkout')
  await page.getByRole('button', { name: 'Pay with PayFast' }).click()
  const summary = page.getByRole('group', { name: /There is a problem/ })
  await expect(summary).toBeFocused()
  await expect(summary.getByRole('link').first()).toBeVisible()
  await summary.getByRole('link', { name: /email/i }).first().click()
  await expect(page.getByLabel('Email')).toBeFocused()
})
