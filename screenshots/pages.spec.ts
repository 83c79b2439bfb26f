// The README's pictures (`npm run screenshots`): each main page as a shopper or staff member first
// sees it, on a phone and on a desktop, written to docs/screenshots/<page>-<phone|desktop>.png (or
// .jpg when a PNG would be over 300 KB).
import fs from 'node:fs'
import path from 'node:path'

import type { Page, TestInfo } from '@playwright/test'

import { buyBox, expect, signInAs, test } from '../e2e/fixtures'

const OUT = path.resolve('docs/screenshots')
const MAX_PNG_BYTES = 300 * 1024

/** Writes what the page's window shows, as a PNG, or a JPEG when the PNG would be too large. */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  // Fonts and the pictures in view have loaded (lazy ones below the fold are not in the picture).
  await page.evaluate(async () => {
    const inView = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect()
      return box.bottom > 0 && box.top < window.innerHeight && box.width > 0
    })
    // A lazy picture the browser has not asked for yet (a carousel's next slide) never loads: at
    // most 5 s for the fonts and them all.
    const timeUp = new Promise((resolve) => setTimeout(resolve, 5_000))
    const loaded = Promise.all([
      document.fonts.ready,
      ...inView.map((img) =>
        img.complete
          ? null
          : new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true })
              img.addEventListener('error', resolve, { once: true })
            }),
      ),
    ])
    await Promise.race([loaded, timeUp])
  })
  const base = path.join(OUT, `${name}-${testInfo.project.name}`)
  for (const stale of ['.png', '.jpg']) fs.rmSync(`${base}${stale}`, { force: true })
  fs.mkdirSync(OUT, { recursive: true })
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' })
  if (png.length <= MAX_PNG_BYTES) {
    fs.writeFileSync(`${base}.png`, png)
    return
  }
  const jpeg = await page.screenshot({
    animations: 'disabled',
    caret: 'hide',
    type: 'jpeg',
    quality: 70,
  })
  fs.writeFileSync(`${base}.jpg`, jpeg)
}

/** The first product /shop lists, opened. */
async function openFirstProduct(page: Page) {
  await page.goto('/shop')
  const href = await page.locator('main a[href^="/shop/"]').first().getAttribute('href')
  expect(href, 'a product on /shop').toBeTruthy()
  await page.goto(href as string)
  return href as string
}

/** Puts one of the first product into the cart, as its form would (the toast spent on /cart). */
async function fillCart(page: Page) {
  await openFirstProduct(page)
  const form = buyBox(page)
    .locator('form[method="post"]')
    .filter({ has: page.locator('input[name="variantId"]') })
    .first()
  const field = (name: string) => form.locator(`input[name="${name}"]`).getAttribute('value')
  const response = await page.request.post('/cart', {
    form: {
      productId: (await field('productId')) ?? '',
      variantId: (await field('variantId')) ?? '',
      quantity: '1',
      intent: 'add',
      redirectTo: '/cart',
    },
  })
  expect(new URL(response.url()).pathname).toBe('/cart')
}

test('home', async ({ page }, testInfo) => {
  await page.goto('/')
  await shoot(page, testInfo, 'home')
})

test('shop', async ({ page }, testInfo) => {
  await page.goto('/shop')
  await shoot(page, testInfo, 'shop')
})

test('product', async ({ page }, testInfo) => {
  await openFirstProduct(page)
  await shoot(page, testInfo, 'product')
})

test('cart', async ({ page }, testInfo) => {
  await fillCart(page)
  await page.goto('/cart')
  await shoot(page, testInfo, 'cart')
})

test('checkout', async ({ page }, testInfo) => {
  await fillCart(page)
  await page.goto('/checkout')
  await shoot(page, testInfo, 'checkout')
})

test('account', async ({ page, createUser, createPaidOrder, store }, testInfo) => {
  const user = await createUser({ firstName: 'Thandi' })
  const {
    items: [product],
  } = await store.products.list({ offset: 0, limit: 1 })
  if (product) {
    await createPaidOrder({
      product: { id: product.id, name: product.name, href: `/shop/${product.id}`, stock: 0 },
      user,
    })
  }
  await signInAs(page, user)
  await page.goto('/account')
  await shoot(page, testInfo, 'account')
})

test('admin', async ({ page, createUser }, testInfo) => {
  const staff = await createUser({ firstName: 'Sipho', staff: true })
  await signInAs(page, staff)
  await page.goto('/admin')
  await shoot(page, testInfo, 'admin')
})

test('reports', async ({ page, createUser, createPaidOrder, store }, testInfo) => {
  const staff = await createUser({ firstName: 'Sipho', staff: true })
  const { items } = await store.products.list({ offset: 0, limit: 3 })
  for (const [index, product] of items.entries()) {
    await createPaidOrder({
      product: { id: product.id, name: product.name, href: `/shop/${product.id}`, stock: 0 },
      quantity: index + 1,
    })
  }
  await signInAs(page, staff)
  await page.goto('/admin/reports?period=7d')
  await shoot(page, testInfo, 'reports')
})
