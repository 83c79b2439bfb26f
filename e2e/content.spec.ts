import { expect, test, onceWithoutJs } from './fixtures'

test.describe(() => {
  onceWithoutJs()
  test('home renders its bloks inside the shell', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveTitle(/Karoo & Co\./)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Good things from the Karoo and beyond' }),
    ).toBeVisible()
    await expect(page.getByText(/Free delivery on orders of R 1 000 or more/)).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Latest news' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'What our customers say' })).toBeVisible()
    await expect(page.getByRole('search').getByLabel('Search products')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })
})

test('header links reach the content pages', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('banner').getByRole('link', { name: 'About us' }).click()
  await expect(page).toHaveURL(/\/about_us$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'A small shop with a big stoep' }),
  ).toBeVisible()
  await expect(page).toHaveTitle(/About us/)
  await page.getByRole('banner').getByRole('link', { name: 'FAQ' }).click()
  await expect(page).toHaveURL(/\/faq$/)
  await expect(
    page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }),
  ).toBeVisible()
})

test('an FAQ item opens and closes, with or without JavaScript', async ({ page }) => {
  await page.goto('/faq')
  const question = page.getByText('How much does delivery cost?')
  const answer = page.locator('details', { has: question }).locator('> :not(summary)').first()
  await expect(answer).toBeHidden()
  await question.click()
  await expect(answer).toBeVisible()
  await expect(answer).toContainText(/R 89 to the main centres/)
  await question.click()
  await expect(answer).toBeHidden()
})

test.describe(() => {
  onceWithoutJs()
  test('an unknown path answers 404 with the standard page and a link home', async ({ page }) => {
    const response = await page.goto('/nope/not-here')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to the home page' }).click()
    await expect(page).toHaveURL(/\/$/)
  })
})

test('a flash message shows as a toast with JS and as an inline notice without', async ({
  page,
  javaScript,
}) => {
  await page.goto('/auth')
  const form = page.getByRole('form', { name: 'Create an account' })
  await form.getByLabel('First name').fill('Sipho')
  await form.getByLabel('Last name').fill('Dlamini')
  await form
    .getByLabel('Email')
    .fill(`flash-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.co.za`)
  await form.getByLabel('Password').fill('karoo-sunset-42')
  await form.getByRole('button', { name: 'Create account' }).click()
  const message = /Welcome to Karoo & Co\., Sipho/
  if (javaScript) {
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: message })).toBeVisible()
  } else {
    await expect(page.locator('.notice').getByText(message)).toBeVisible()
  }
  // A flash message is shown once.
  await page.goto('/about_us')
  await expect(page.getByText(message)).toHaveCount(0)
})
