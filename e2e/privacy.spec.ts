import { readFile } from 'node:fs/promises'

import { expect, signInAs, test } from './fixtures'

/**
 * POPIA requests (docs/contracts.md "Customers and privacy"), JS on and off: a customer downloads
 * what the shop holds about them, deletes their account with their password (a wrong one is named
 * at the field), and cannot sign in again. The rules and every record are proven in vitest
 * (account_.privacy.test.ts, contract-privacy.suite.ts); this is the walk in a browser.
 */
test('a customer downloads their data, deletes their account and cannot sign in again', async ({
  page,
  createUser,
  createProduct,
  createPaidOrder,
}) => {
  const user = await createUser()
  const product = await createProduct()
  const order = await createPaidOrder({ product, user })
  await signInAs(page, user)

  await page.goto('/account')
  await page.getByRole('link', { name: 'Your data and privacy' }).click()
  await expect(page.getByRole('heading', { name: 'Your data and privacy', level: 1 })).toBeVisible()

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download my data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.json$/)
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'))
  expect(data.profile.email).toBe(user.email)
  expect(data.orders.map((o: { id: string }) => o.id)).toContain(order.id)

  const form = page.getByRole('form', { name: 'Delete your account' })
  await form.getByLabel('Your password').fill('not-my-password')
  await form.getByRole('button', { name: 'Delete my account' }).click()
  await expect(form.getByLabel('Your password')).toHaveAccessibleDescription(
    /That password is not right/,
  )

  await form.getByLabel('Your password').fill(user.password)
  await form.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByText('Your account is deleted')).toBeVisible()

  await page.goto('/auth')
  const signIn = page.getByRole('form', { name: 'Sign in' })
  await signIn.getByLabel('Email').fill(user.email)
  await signIn.getByLabel('Password').fill(user.password)
  await signIn.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByText(/do not match an account/)).toBeVisible()
})
