import { randomBytes } from 'node:crypto'

import type { TestInfo } from '@playwright/test'

import { makeProduct } from '~/lib/catalog/products.test-helper'
import type { Store } from '~/lib/data/index.server'
import type { Review } from '~/lib/data/types'

import { expect, openE2eStore, test } from './fixtures'

/**
 * The product page's additions (issue 13, docs/decisions/021-shopper-experience.md), with JS on and
 * off: "You may also like" from the same category and shared tags, "Recently viewed" from the
 * cookie the page's view beacon writes (and the page cache passing such visitors by), and reviews
 * sorted and paged through the URL.
 */

/** Products in a category of this test's own, so nothing else in the shop is related to them. */
async function makeFamily(store: Store, testInfo: TestInfo) {
  const tag = `${testInfo.project.name}-${randomBytes(4).toString('hex')}`
  const category = `e2e-${tag}`
  const now = new Date().toISOString()
  const make = (name: string, extra: { stock?: number; tags?: string[] } = {}) =>
    makeProduct({
      id: `${category}-${name.toLowerCase().replace(/\W+/g, '-')}`,
      name: `${name} ${tag}`,
      category,
      categoryName: 'Test family',
      tags: extra.tags ?? [],
      stock: extra.stock ?? 10,
      createdAt: now,
      updatedAt: now,
    })
  const family = {
    tea: make('Tea', { tags: [tag] }),
    honeybush: make('Honeybush', { tags: [tag] }),
    mug: make('Mug', { stock: 0, tags: [tag] }),
    rusks: make('Rusks'),
  }
  await store.products.upsertMany(Object.values(family))
  return family
}

test('lists related products, in stock first, never the product itself', async ({
  page,
  store,
}, testInfo) => {
  const family = await makeFamily(store, testInfo)
  await page.goto(`/shop/${family.tea.id}`)
  const related = page.getByRole('region', { name: 'You may also like' })
  await expect(related.getByRole('heading', { level: 3 })).toHaveText([
    family.honeybush.name,
    family.rusks.name,
    family.mug.name,
  ])
  await expect(related.getByRole('link', { name: family.tea.name })).toHaveCount(0)
  await related.getByRole('link', { name: family.honeybush.name }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(family.honeybush.name)
})

test('shows the products viewed before, newest first, and passes the page cache by', async ({
  page,
  store,
}, testInfo) => {
  const family = await makeFamily(store, testInfo)
  // A first view: nothing viewed before, so the page is the one every visitor gets.
  await page.goto(`/shop/${family.tea.id}`)
  await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0)

  // `goto` waits for the load event, so the view beacon has answered.
  const second = await page.goto(`/shop/${family.rusks.id}`)
  expect(second?.headers()['x-page-cache']).toBe('bypass')
  const recent = page.getByRole('region', { name: 'Recently viewed' })
  await expect(recent.getByRole('heading', { level: 3 })).toHaveText([family.tea.name])

  await page.goto(`/shop/${family.honeybush.id}`)
  await expect(recent.getByRole('heading', { level: 3 })).toHaveText([
    family.rusks.name,
    family.tea.name,
  ])
  // Back on the first product: itself left out of its own list.
  await page.goto(`/shop/${family.tea.id}`)
  await expect(recent.getByRole('heading', { level: 3 })).toHaveText([
    family.honeybush.name,
    family.rusks.name,
  ])
})

test('sorts reviews and pages through them, keeping the sort', async ({
  page,
  store,
  javaScript,
}, testInfo) => {
  const family = await makeFamily(store, testInfo)
  const product = family.tea
  // 12 reviews: ratings 1 to 5 in turn, the last written newest; "Review 12" is the newest. Written
  // through a store whose clock moves a second per review, so no two share a time.
  const firstWritten = Date.now() - 60_000
  let n = 1
  const reviewsStore = await openE2eStore(() => new Date(firstWritten + n * 1000))
  for (; n <= 12; n++) {
    await reviewsStore.reviews.upsert({
      productId: product.id,
      userId: `e2e-reviewer-${n}`,
      authorName: `Reviewer ${n}`,
      rating: (((n - 1) % 5) + 1) as Review['rating'],
      title: `Review ${n}`,
      body: 'Written by an end-to-end test.',
    })
  }
  await reviewsStore.close()
  await page.goto(`/shop/${product.id}`)
  const reviews = page.getByRole('region', { name: 'Reviews' })
  const titles = reviews.getByRole('list').first().getByRole('heading', { level: 3 })
  await expect(titles).toHaveCount(10)
  await expect(titles.first()).toHaveText('Review 12')
  await expect(reviews.getByText('Showing 1–10 of 12 reviews.')).toBeVisible()

  await reviews
    .getByRole('navigation', { name: 'Review pages' })
    .getByRole('link', { name: 'Next' })
    .click()
  await expect(page).toHaveURL(/reviewPage=2/)
  await expect(titles).toHaveText(['Review 2', 'Review 1'])

  await reviews.getByRole('combobox', { name: 'Sort reviews by' }).selectOption('lowest')
  // With JS a change sends the form; without JS the shopper presses Sort.
  if (!javaScript) await reviews.getByRole('button', { name: 'Sort' }).click()
  await expect(page).toHaveURL(/reviewSort=lowest/)
  await expect(page).not.toHaveURL(/reviewPage/)
  // One-star reviews first (11, 6, 1), newest first within a rating.
  await expect(titles.nth(0)).toHaveText('Review 11')
  await expect(titles.nth(1)).toHaveText('Review 6')
  await expect(titles.nth(2)).toHaveText('Review 1')

  await reviews
    .getByRole('navigation', { name: 'Review pages' })
    .getByRole('link', { name: 'Reviews page 2' })
    .click()
  await expect(page).toHaveURL(/reviewSort=lowest&reviewPage=2/)
  await expect(titles).toHaveText(['Review 10', 'Review 5'])
  await expect(reviews.getByRole('combobox', { name: 'Sort reviews by' })).toHaveValue('lowest')

  // A hand-typed bad sort or page shows the newest first page, not an error.
  const response = await page.goto(`/shop/${product.id}?reviewSort=best&reviewPage=-1`)
  expect(response?.status()).toBe(200)
  await expect(titles.first()).toHaveText('Review 12')
})
