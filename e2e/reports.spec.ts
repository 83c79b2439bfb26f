import { readFile } from 'node:fs/promises'

import { expect, test } from './fixtures'

/**
 * Reports with JS on and off (the config runs every spec in both projects): staff open the sales
 * report for the last 7 days and see a paid order's product among the best sellers, give a period
 * backwards and are told which day to fix, open the VAT summary and download the orders as CSV.
 */

test('staff open the sales report, see the figures and download the orders as CSV', async ({
  page,
  createUser,
  createProduct,
  createPaidOrder,
}) => {
  // Dear enough to lead the best sellers whatever else the shared store sold this week.
  const product = await createProduct({ priceCents: 2_500_000, stock: 5 })
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const order = await createPaidOrder({ product, quantity: 3 })

  await page.goto('/admin/reports')
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(staff.email)
  await form.getByLabel('Password').fill(staff.password)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/admin/reports')
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible()

  await page
    .getByRole('navigation', { name: 'Periods' })
    .getByRole('link', { name: 'Last 7 days' })
    .click()
  await expect(page).toHaveURL('/admin/reports?period=7d')
  await expect(page.getByRole('heading', { level: 2, name: /^Sales, / })).toBeVisible()
  await expect(page.getByRole('term').filter({ hasText: 'Net sales' })).toBeVisible()
  const bestSellers = page.getByRole('table', { name: 'Best sellers by sales' })
  await expect(bestSellers.getByRole('rowheader', { name: product.name })).toBeVisible()
  await expect(page.getByRole('img', { name: /^Net sales by day/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Sales by day' }).getByRole('row')).toHaveCount(8)

  // A period backwards is refused, naming the day to fix.
  await page.getByLabel('First day').fill('2026-03-05')
  await page.getByLabel('Last day').fill('2026-03-01')
  await page.getByRole('button', { name: 'Show period' }).click()
  await expect(page.getByLabel('Last day')).toHaveAccessibleDescription(
    'The last day must be on or after the first day',
  )

  await page
    .getByRole('navigation', { name: 'Periods' })
    .getByRole('link', { name: 'Last 7 days' })
    .click()
  await expect(page).toHaveURL('/admin/reports?period=7d')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: 'Download for this period (CSV)' })
      .getByRole('link', { name: 'Orders', exact: true })
      .click(),
  ])
  expect(download.suggestedFilename()).toMatch(
    /^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  )
  const csv = await readFile((await download.path())!, 'utf8')
  expect(csv.split('\n')[0]).toMatch(/^order_id,invoice_number,paid_at,/)
  expect(csv).toContain(`${order.id},INV-`)
  expect(csv).toContain(',75099.00,')

  await page.getByRole('link', { name: /^VAT summary for / }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'VAT summary' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'VAT by month' })).toBeVisible()
})
