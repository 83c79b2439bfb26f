import { expect, signInAs, test } from './fixtures'

/**
 * The back office's customers with JS on and off, at phone width: staff find a customer by their
 * email, open their page and go on to one of their orders. The search's rules (name, case, paging,
 * hostile input) and the guard are proven in app/routes/admin.customers.test.ts.
 */

test.use({ viewport: { width: 320, height: 720 } })

test('staff find a customer by email, see their orders on their page and open one', async ({
  page,
  createUser,
  createProduct,
  createPaidOrder,
}) => {
  const product = await createProduct()
  const buyer = await createUser({ firstName: 'Lerato' })
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const order = await createPaidOrder({ product, user: buyer })

  await signInAs(page, staff)
  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Customers' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible()

  // The email as staff might paste it from a mail: another case, spaces around it.
  await page
    .getByRole('searchbox', { name: 'Name or email' })
    .fill(` ${buyer.email.toUpperCase()} `)
  await page.getByRole('button', { name: 'Find customers' }).click()
  await expect(page.getByText('Page 1 of 1 · 1 customer')).toBeVisible()
  await page.getByRole('link', { name: 'Lerato Mokoena' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Lerato Mokoena' })).toBeVisible()
  await expect(page.getByRole('link', { name: buyer.email })).toBeVisible()
  // Nothing on the page is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await page.getByRole('link', { name: order.id }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order.id}` })).toBeVisible()
})
