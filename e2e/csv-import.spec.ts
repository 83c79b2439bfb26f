import { randomBytes } from 'node:crypto'

import { expect, test } from './fixtures'
import { openAsStaff } from './fuzz/hostile-names'

/**
 * The back office's CSV import with JS on and off (the config runs every spec in both projects):
 * staff upload a sheet of new products, read its dry run (with the bad row named by its line),
 * apply the same file, and the shop shows the new products.
 */

test('staff import a product file after a dry run, and the shop shows the new products', async ({
  page,
  javaScript,
  createUser,
}) => {
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const tag = randomBytes(4).toString('hex')
  const sheet = [
    'product_id,name,description,category,category_name,price,stock',
    `e2e-rusks-${tag},E2E Rusks ${tag},Buttermilk rusks,pantry,Pantry,65.00,12`,
    `e2e-jam-${tag},E2E Fig Jam ${tag},Fig jam from the Karoo,pantry,Pantry,"1 045,50",3`,
    `e2e-free-${tag},E2E Free ${tag},Nothing is free,pantry,Pantry,free,3`,
  ].join('\n')
  const file = { name: 'season.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) }

  await openAsStaff(page, staff, '/admin/import')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Import products and stock' }),
  ).toBeVisible()
  await page.getByLabel('CSV file').setInputFiles(file)
  await page.getByRole('button', { name: 'Preview (dry run)' }).click()

  await expect(page.getByRole('heading', { name: 'Dry run of season.csv' })).toBeVisible()
  const counts = page.locator('.admin-counts')
  await expect(counts.getByText('Rows to create')).toBeVisible()
  await expect(counts.locator('div', { hasText: 'Rows to create' }).locator('dd')).toHaveText('2')
  await expect(counts.locator('div', { hasText: 'Invalid rows' }).locator('dd')).toHaveText('1')
  const problems = page.getByRole('table', { name: 'Invalid rows' })
  await expect(problems.getByRole('row')).toHaveCount(2)
  await expect(problems.getByRole('row').nth(1)).toContainText(
    '4price: Enter the price in rands, e.g. 1299.00',
  )
  // Nothing is in the shop before the apply.
  expect((await page.request.get(`/shop/e2e-rusks-${tag}`)).status()).toBe(404)

  // The apply takes the file of the dry run again: with JS it is still chosen; without, the page
  // after the dry run asks for it again.
  const chosen = () =>
    page.getByLabel('CSV file').evaluate((input: HTMLInputElement) => input.files?.length ?? 0)
  if (javaScript) expect(await chosen()).toBe(1)
  else await page.getByLabel('CSV file').setInputFiles(file)
  await page.getByRole('button', { name: 'Apply: save 2 products' }).click()
  await expect(page.getByText(/Imported season\.csv: 2 products saved/).first()).toBeVisible()
  await expect(page).toHaveURL('/admin/import')

  await page.goto(`/shop/e2e-jam-${tag}`)
  await expect(page.getByRole('heading', { level: 1, name: `E2E Fig Jam ${tag}` })).toBeVisible()
  await expect(page.getByText('R 1 045,50').first()).toBeVisible()
  await page.goto(`/shop/e2e-rusks-${tag}`)
  await expect(page.getByRole('heading', { level: 1, name: `E2E Rusks ${tag}` })).toBeVisible()
  expect((await page.request.get(`/shop/e2e-free-${tag}`)).status()).toBe(404)
})
