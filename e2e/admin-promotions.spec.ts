import { randomBytes } from 'node:crypto'

import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

import { expect, settleAnimations, test } from './fixtures'
import { openAsStaff } from './fuzz/hostile-names'

/** With JS on, axe (WCAG 2.2 AA) finds nothing on the page as it is now: the forms with errors and
 * a card's page, which e2e/a11y.spec.ts's back-office scan does not open. */
async function expectAccessible(page: Page, javaScript: boolean) {
  if (!javaScript) return
  // The toast that confirms a save fades in: its colours are read once it has.
  await settleAnimations(page)
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

/**
 * The back office's discounts and gift cards with JS on and off (the config runs every spec in both
 * projects): staff make a code and find it in the list in words, issue a gift card and find it
 * listed with its code masked, and give a customer store credit.
 */

test('staff create a discount code, see it in the list, and a second with its code is refused', async ({
  page,
  javaScript,
  createUser,
}) => {
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const code = `E2E${randomBytes(4).toString('hex').toUpperCase()}`
  await openAsStaff(page, staff, '/admin/discounts')
  await page.getByRole('link', { name: 'New discount' }).click()
  await expect(page).toHaveURL('/admin/discounts/new')

  const form = page.getByRole('form', { name: 'New discount' })
  await form.getByLabel('Code', { exact: true }).fill(code.toLowerCase())
  await form.getByRole('radio', { name: 'A percent off the items' }).check()
  await form.getByLabel('Value', { exact: true }).fill('a lot')
  await form.getByLabel('Minimum spend (rands)').fill('200')
  await form.getByLabel('Ends').fill('2030-12-31')
  await form.getByLabel('Uses in all').fill('50')
  await form.getByLabel('Uses per customer').fill('1')
  await form.getByRole('button', { name: 'Create discount' }).click()
  await expect(page.getByLabel('Value', { exact: true })).toHaveAccessibleDescription(
    /Enter the percent off as a whole number from 1 to 100, e.g. 10/,
  )
  await expectAccessible(page, javaScript)

  await page.getByLabel('Value', { exact: true }).fill('15')
  await page.getByRole('button', { name: 'Create discount' }).click()
  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible()
  await expect(page.getByText('Discount created').first()).toBeVisible()

  await page.getByRole('link', { name: 'All discounts' }).click()
  await expect(page).toHaveURL('/admin/discounts')
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: code }) })
  await expect(row).toContainText('15% off the items')
  await expect(row).toContainText(/R\s200,00/)
  await expect(row).toContainText(/until the end of 31 December 2030/i)
  await expect(row).toContainText('50 in all, 1 per customer')

  await page.goto('/admin/discounts/new')
  await page.getByLabel('Code', { exact: true }).fill(code)
  await page.getByLabel('Value', { exact: true }).fill('5')
  await page.getByRole('button', { name: 'Create discount' }).click()
  await expect(page.getByLabel('Code', { exact: true })).toHaveAccessibleDescription(
    new RegExp(`Another discount already has the code ${code}: choose a different code`),
  )
})

test('staff issue a gift card, see it listed masked, and give a customer store credit', async ({
  page,
  javaScript,
  createUser,
}) => {
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const customer = await createUser({ firstName: 'Pieter' })
  const recipient = `gift-${randomBytes(4).toString('hex')}@example.co.za`
  await openAsStaff(page, staff, '/admin/gift-cards')

  const issue = page.getByRole('form', { name: 'Issue a gift card' })
  await issue.getByLabel('Amount (rands)').fill('250')
  await issue.getByLabel("Recipient's email (optional)").fill(recipient)
  await issue.getByRole('button', { name: 'Issue gift card' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: /^Gift card ••••-••••-••••-/ }),
  ).toBeVisible()
  await expect(page.getByText('Gift card issued').first()).toBeVisible()
  await expect(page.getByRole('table', { name: 'Balance history' })).toContainText('Issued')
  await expectAccessible(page, javaScript)

  await page.getByRole('link', { name: 'All gift cards' }).click()
  const row = page.getByRole('row').filter({ hasText: recipient })
  await expect(row.getByRole('link', { name: /^••••-••••-••••-[2-9A-Z]{4}$/ })).toBeVisible()
  await expect(row).toContainText(/R\s250,00/)

  const credit = page.getByRole('form', { name: 'Give store credit' })
  await credit.getByLabel("Customer's email").fill(customer.email)
  await credit.getByLabel('Credit (rands)').fill('75')
  await credit.getByLabel('Reason').fill('Instead of a refund for a chipped mug')
  await credit.getByRole('button', { name: 'Give store credit' }).click()
  await expect(page.getByText('Store credit given').first()).toBeVisible()
  await expect(page.getByText(new RegExp(`R\\s75,00 to ${customer.email}`)).first()).toBeVisible()

  // The customer's page in the back office shows the credit in its history.
  await page.goto(`/admin/customers/${customer.id}`)
  await expect(page.getByRole('table', { name: 'Store credit history' })).toContainText(
    'Credited: Instead of a refund for a chipped mug',
  )
})
