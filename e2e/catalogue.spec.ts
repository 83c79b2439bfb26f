import type { Page } from '@playwright/test'

import { expect, test, onceWithoutJs } from './fixtures'

/** The card prices on the page, in cents, in the order shown. */
async function cardPrices(page: Page) {
  const texts = await page.locator('.product-card .price__now').allTextContents()
  return texts.map((text) => Number(text.replace(/[^\d]/g, '')))
}

const cards = (page: Page) => page.getByRole('article')

test('a search finds products by a misspelt word', async ({ page }) => {
  await page.goto('/shop')
  const filters = page.getByRole('form', { name: 'Search and filter products' })
  await filters.getByLabel('Search').fill('rooibso')
  await filters.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/[?&]q=rooibso/)
  await expect(page.getByRole('status').filter({ hasText: /results? for “rooibso”/ })).toBeVisible()
  await expect(cards(page).first()).toContainText(/rooibos/i)
})

test('the header search box lands on the shop with results', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('search').getByLabel('Search products').fill('biltong')
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/\/shop\?q=biltong/)
  await expect(cards(page).first()).toContainText(/biltong/i)
})

test('sort=price-asc orders the cards by price, and the sort control changes it', async ({
  page,
}) => {
  await page.goto('/shop?sort=price-asc')
  const ascending = await cardPrices(page)
  expect(ascending.length).toBe(24)
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b))

  await page.getByLabel('Sort by').selectOption('price-desc')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/sort=price-desc/)
  await expect.poll(async () => (await cardPrices(page))[0]).toBeGreaterThan(ascending[23]!)
  const descending = await cardPrices(page)
  expect(descending).toEqual([...descending].sort((a, b) => b - a))
})

test('a category filter narrows the catalogue and can be removed', async ({ page }) => {
  await page.goto('/shop')
  await page.getByRole('radio', { name: /^Books/ }).check()
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/category=books/)
  await expect(cards(page).first()).toBeVisible()
  for (const category of await page.locator('.product-card__category').allTextContents()) {
    expect(category).toBe('Books')
  }
  await page.getByRole('link', { name: 'Clear all' }).click()
  await expect(page).not.toHaveURL(/category=/)
  await expect(cards(page)).toHaveCount(24)
})

test('page links move through the catalogue', async ({ page }) => {
  await page.goto('/shop')
  const firstPage = await cards(page).first().textContent()
  await page
    .getByRole('navigation', { name: 'Pages' })
    .getByRole('link', { name: 'Page 2' })
    .click()
  await expect(page).toHaveURL(/page=2/)
  await expect(
    page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }),
  ).toHaveAttribute('aria-current', 'page')
  await expect(cards(page).first()).not.toHaveText(firstPage ?? '')
})

test.describe(() => {
  onceWithoutJs()
  test('an unknown product is a 404 with the standard page', async ({ page }) => {
    const response = await page.goto('/shop/no-such-product')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  })
})

test.describe(() => {
  onceWithoutJs()
  test('a product page shows price, stock, statistics and its JSON-LD (a ProductGroup with options)', async ({
    page,
    request,
  }) => {
    await page.goto('/shop')
    const first = cards(page).first()
    const name = (await first.getByRole('heading').textContent())!.trim()
    await first.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByText(/R\s\d/).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Reviews' })).toBeVisible()

    const html = await (await request.get(new URL(page.url()).pathname)).text()
    const jsonLd = JSON.parse(
      html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!,
    )
    // A product with options is a ProductGroup whose variants each carry their own Offer.
    expect(['Product', 'ProductGroup']).toContain(jsonLd['@type'])
    expect(jsonLd.name).toBe(name)
    const offers = jsonLd['@type'] === 'ProductGroup' ? jsonLd.hasVariant[0].offers : jsonLd.offers
    expect(offers.priceCurrency).toBe('ZAR')
    expect(offers.price).toMatch(/^\d+\.\d{2}$/)
  })
})

test('the gallery moves by keyboard with JS, and by thumbnail links without', async ({
  page,
  javaScript,
}) => {
  await page.goto('/shop/rooibos-loose-leaf-tea-classic')
  const gallery = page.getByRole('region', { name: /^Pictures of/ })
  if (javaScript) {
    await expect(gallery).toHaveClass(/is-enhanced/)
    await gallery.getByRole('group', { name: /arrow keys/ }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(gallery).toHaveAttribute('data-current-slide', '2')
    await page.keyboard.press('ArrowLeft')
    await expect(gallery).toHaveAttribute('data-current-slide', '1')
  } else {
    await gallery.getByRole('link', { name: /Show picture 2 of/ }).click()
    await expect(page).toHaveURL(/#product-image-2$/)
    await expect(page.locator('#product-image-2 img')).toBeInViewport()
  }
})
