import sharp from 'sharp'

import { variantIdFor } from '~/lib/data/variants'

import { expect, test } from './fixtures'
import { openAsStaff } from './fuzz/hostile-names'

/**
 * The back office's products and reviews with JS on and off (the config runs every spec in both
 * projects): what staff change reaches the shop on the next request.
 */

test('staff sell out a variant and the product page shows it sold out', async ({
  page,
  createUser,
  createProduct,
}) => {
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const jar = await createProduct({
    name: 'E2E Honey Jar',
    options: [{ name: 'Size', values: ['250 g', '500 g'] }],
    variants: [
      { optionValues: ['250 g'], stock: 4 },
      { optionValues: ['500 g'], stock: 2 },
    ],
  })
  await openAsStaff(page, staff, `/admin/products/${jar.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Honey Jar' })).toBeVisible()
  const stock = page.getByLabel('Stock of Size: 500 g')
  await expect(stock).toHaveValue('2')
  await stock.fill('0')
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByText('Product saved').first()).toBeVisible()
  await expect(page.getByLabel('Stock of Size: 500 g')).toHaveValue('0')
  await expect(page.getByRole('list').getByText(/stock of Size: 500 g 2 -> 0/)).toBeVisible()

  await page.goto(`${jar.href}?variant=${variantIdFor(jar.id, ['500 g'])}`)
  await expect(page.getByRole('radio', { name: '500 g (sold out)' })).toBeVisible()
  await expect(page.getByText('Sold out', { exact: true })).toBeVisible()
  await expect(page.getByRole('radio', { name: '250 g', exact: true })).toBeVisible()
})

test('staff fix a price and the shop shows it', async ({
  page,
  javaScript,
  createUser,
  createProduct,
}) => {
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const rusks = await createProduct({ name: 'E2E Buttermilk Rusks', priceCents: 12_500 })
  await openAsStaff(page, staff, '/admin/products')
  const search = page.getByRole('search', { name: 'Products' })
  await search.getByLabel('Name or id').fill(rusks.id)
  await search.getByRole('button', { name: 'Show products' }).click()
  await expect(page).toHaveURL(`/admin/products?q=${rusks.id}`)
  await page.getByRole('link', { name: 'E2E Buttermilk Rusks' }).click()
  await expect(page).toHaveURL(`/admin/products/${rusks.id}`)

  const price = page.getByLabel('Price (rands)', { exact: true })
  await expect(price).toHaveValue('125.00')
  // A price that is not rands is refused beside the field: in the browser with JS, by the server without.
  await price.fill('a lot')
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByLabel('Price (rands)', { exact: true })).toHaveAccessibleDescription(
    /Enter the price in rands, e\.g\. 1299\.00/,
  )
  if (!javaScript) await expect(page).toHaveURL(`/admin/products/${rusks.id}`)

  await page.getByLabel('Price (rands)', { exact: true }).fill('99,90')
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByText('Product saved').first()).toBeVisible()
  await expect(page.getByLabel('Price (rands)', { exact: true })).toHaveValue('99.90')

  await page.goto(rusks.href)
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Buttermilk Rusks' })).toBeVisible()
  await expect(page.getByText('R 99,90').first()).toBeVisible()
  await expect(page.getByText('R 125,00')).toHaveCount(0)
})

test('staff hide a review and it leaves the product page', async ({
  page,
  store,
  createUser,
  createProduct,
}) => {
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const reviewer = await createUser({ firstName: 'Pieter' })
  const tea = await createProduct({ name: 'E2E Rooibos Tin' })
  const title = `Rude words ${tea.id}`
  await store.reviews.upsert({
    productId: tea.id,
    userId: reviewer.id,
    authorName: 'Pieter M.',
    rating: 1,
    title,
    body: 'Something nobody should have to read.',
  })
  await openAsStaff(page, staff, '/admin/reviews')
  await page.goto(tea.href)
  const reviews = page.getByRole('region', { name: 'Reviews' })
  await expect(reviews.getByRole('article', { name: title })).toBeVisible()

  await page.goto('/admin/reviews')
  const hide = page.getByRole('button', { name: `Hide the review “${title}” by Pieter M.` })
  await hide.click()
  await expect(page.getByText('Review hidden').first()).toBeVisible()
  await expect(
    page.getByRole('button', { name: `Show the review “${title}” by Pieter M.` }),
  ).toBeVisible()

  await page.goto(tea.href)
  await expect(page.getByRole('region', { name: 'Reviews' })).toBeVisible()
  await expect(page.getByRole('article', { name: title })).toHaveCount(0)
  await expect(page.getByText('Something nobody should have to read.')).toHaveCount(0)
})

test('staff add a photo and it shows on the product page', async ({
  page,
  createUser,
  createProduct,
}, testInfo) => {
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const throw_ = await createProduct({ name: 'E2E Mohair Throw' })
  const alt = `A folded mohair throw ${throw_.id}`
  const file = testInfo.outputPath('throw.png')
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a5a44' } })
    .png()
    .toFile(file)

  await openAsStaff(page, staff, `/admin/products/${throw_.id}`)
  const photos = page.getByRole('region', { name: 'Photos' })
  await photos.getByLabel('Photo', { exact: true }).setInputFiles(file)
  await photos.getByLabel('Alt text').fill(alt)
  await photos.getByRole('button', { name: 'Add photo' }).click()
  await expect(page.getByText('Photo added').first()).toBeVisible()
  await expect(photos.getByRole('img', { name: alt })).toBeVisible()

  // Moved to the front, it is the product's first picture in the shop.
  await photos.getByRole('button', { name: `Move up: ${alt}` }).click()
  await expect(page.getByText('Photo moved up').first()).toBeVisible()

  await page.goto(throw_.href)
  const picture = page.getByRole('img', { name: alt }).first()
  await expect(picture).toBeVisible()
  const src = await picture.getAttribute('src')
  expect(src).toBeTruthy()
  const served = await page.request.get(src!)
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toBe('image/webp')
})
