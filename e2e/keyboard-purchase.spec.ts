import type { Locator, Page } from '@playwright/test'

import { expect, test } from './fixtures'

/**
 * A purchase by keyboard alone (issue 13), with JS on and off: from a product page to a paid order
 * with Tab, Shift+Tab, Enter, Space, arrow keys and typing, never a click. At every stop the focused
 * control is on screen and drawn with a visible focus style (an outline, or a ring on its label).
 */

/** Tabs (forwards, or backwards with Shift) until `target` has focus, then checks focus is visible. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  const element = target.first()
  await expect(element).toBeAttached()
  for (let presses = 0; presses < max; presses++) {
    if (await element.evaluate((node) => node === document.activeElement)) {
      await expectFocusVisible(page)
      return
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`Focus never reached ${String(target)} in ${max} presses`)
}

/** The focused element is inside the viewport and drawn with an outline or ring. */
async function expectFocusVisible(page: Page) {
  const focus = await page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body)
      return { what: 'nothing', onScreen: false, drawn: false }
    const rect = element.getBoundingClientRect()
    const onScreen =
      rect.width > 0 &&
      rect.height > 0 &&
      rect.bottom > 0 &&
      rect.right > 0 &&
      rect.top < window.innerHeight &&
      rect.left < window.innerWidth
    const ring = (node: Element | null) => {
      if (!node) return false
      const style = getComputedStyle(node)
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
      return outline || (style.boxShadow !== 'none' && style.boxShadow !== '')
    }
    // A radio's ring is drawn on its label (the pill); a field's on itself.
    const drawn = ring(element) || ring(element.closest('label'))
    const what = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`
    return { what, onScreen, drawn }
  })
  expect(focus.onScreen, `${focus.what} is focused but off screen`).toBe(true)
  expect(focus.drawn, `${focus.what} is focused with no visible focus style`).toBe(true)
}

/** Moves focus to a field by Tab and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field)
  await page.keyboard.type(text)
  await expect(field).toHaveValue(text)
}

test('buys a chosen variant from the product page to a paid order by keyboard alone', async ({
  page,
  javaScript,
  createProduct,
}) => {
  const shirt = await createProduct({
    name: 'E2E Keyboard Shirt',
    options: [
      { name: 'Size', values: ['S', 'M'] },
      { name: 'Colour', values: ['Blue', 'Green'] },
    ],
    variants: [
      { optionValues: ['S', 'Blue'], stock: 6, priceCents: 45_000 },
      { optionValues: ['S', 'Green'], stock: 4, priceCents: 49_900 },
      { optionValues: ['M', 'Blue'], stock: 0 },
    ],
  })
  await page.goto(shirt.href)
  await expect(page.getByRole('heading', { level: 1, name: shirt.name })).toBeVisible()

  // Pick the colour: Tab into its radio group, then an arrow key moves and checks.
  const colour = page.getByRole('group', { name: 'Colour' })
  await tabTo(page, colour.getByRole('radio', { name: 'Blue', exact: true }))
  await page.keyboard.press('ArrowRight')
  await expect(colour.getByRole('radio', { name: 'Green', exact: true })).toBeChecked()
  await expectFocusVisible(page)
  if (!javaScript) {
    await tabTo(page, page.getByRole('button', { name: 'Show this option' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\?variant=/)
  }
  await expect(page.locator('.product-page__price')).toContainText('R 499,00')

  // Add to cart with Space (a button takes Enter or Space).
  await tabTo(
    page,
    page
      .getByRole('form', { name: `Add ${shirt.name} to cart` })
      .getByRole('button', { name: 'Add to cart' }),
  )
  await page.keyboard.press('Space')
  const added = `Added 1 × ${shirt.name} (Size: S, Colour: Green) to your cart`
  if (javaScript) {
    // The mini-cart takes focus; its "View cart" link leads on.
    const drawer = page.getByRole('dialog', { name: 'Your cart' })
    await expect(drawer).toBeVisible()
    await expect(drawer).toContainText(added)
    await expectFocusVisible(page)
    await tabTo(page, drawer.getByRole('link', { name: 'View cart' }))
  } else {
    await expect(page.getByText(added).first()).toBeVisible()
    // Back up through the page to the header's cart link.
    await tabTo(page, page.getByRole('banner').getByRole('link', { name: /cart/i }), {
      backwards: true,
    })
  }
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/cart')
  await expect(page.getByRole('listitem', { name: new RegExp(shirt.name) })).toBeVisible()

  await tabTo(page, page.getByRole('main').getByRole('link', { name: 'Check out' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/checkout')
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()

  await typeInto(page, page.getByLabel('Email'), `keys-${Date.now().toString(36)}@example.co.za`)
  await typeInto(page, page.getByLabel('First name'), 'Thandi')
  await typeInto(page, page.getByLabel('Last name'), 'Mokoena')
  await typeInto(page, page.getByLabel('Phone'), '082 123 4567')
  await typeInto(page, page.getByLabel('Street address'), '12 Long Street')
  await typeInto(page, page.getByLabel('Suburb'), 'Gardens')
  await typeInto(page, page.getByLabel('City or town'), 'Cape Town')
  // A closed select takes type-ahead.
  const province = page.getByLabel('Province')
  await tabTo(page, province)
  await page.keyboard.type('Western Cape')
  await expect(province).toHaveValue('Western Cape')
  // With JS the address asks for its delivery options as the typing rests; they arrive above the
  // terms box and move it down. A shopper reads them before going on, and so does the test:
  // otherwise the box can be focused where it stood before they came (under load, off screen after).
  const quoted = javaScript
    ? page.waitForResponse((r) => /\/checkout\/delivery\b.*[?&]postalCode=8001\b/.test(r.url()))
    : null
  await typeInto(page, page.getByLabel('Postal code'), '8001')
  if (quoted) {
    await quoted
    await expect(page.getByRole('group', { name: 'Delivery', exact: true })).not.toHaveAttribute(
      'aria-busy',
      'true',
    )
  }
  const terms = page.getByRole('checkbox', { name: /I accept the terms/ })
  await tabTo(page, terms)
  await page.keyboard.press('Space')
  await expect(terms).toBeChecked()
  await tabTo(page, page.getByRole('button', { name: 'Pay with PayFast' }))
  await page.keyboard.press('Enter')

  if (!javaScript) {
    await expect(page.getByRole('heading', { name: /^Pay for order / })).toBeVisible()
    await tabTo(page, page.getByRole('button', { name: 'Continue to PayFast' }))
    await page.keyboard.press('Enter')
  }
  const item = page.getByText(/Karoo & Co\. order [A-Z2-9]{12}/)
  await expect(item).toBeVisible()
  const orderId = /[A-Z2-9]{12}$/.exec((await item.innerText()).trim())?.[0] ?? ''

  await tabTo(page, page.getByRole('button', { name: 'Pay now' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible()
  await expect(page.getByText('Status: Paid')).toBeVisible()
  await expect(page.getByRole('row', { name: /E2E Keyboard Shirt/ }).first()).toContainText(
    'Colour: Green',
  )
})
