import type { Page } from '@playwright/test'

import { expect, likeAndWait, test, onceWithoutJs } from './fixtures'

/**
 * Accounts with JS on and off (the config runs every spec in both projects): sign-up, sign-in,
 * password reset, /account, likes, reviews, contact and the cross-site rule.
 */
const PASSWORD = 'karoo-sunset-42'
const freshEmail = () =>
  `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.co.za`

async function signUp(page: Page, email = freshEmail(), path = '/auth') {
  await page.goto(path)
  const form = page.getByRole('form', { name: 'Create an account' })
  await form.getByLabel('First name').fill('Thandi')
  await form.getByLabel('Last name').fill('Mokoena')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(PASSWORD)
  await form.getByRole('button', { name: 'Create account' }).click()
  // With JS the form posts by fetch: wait for the signed-in header before the next navigation.
  await expect(
    page.getByRole('navigation', { name: 'Your shop' }).getByRole('link', { name: 'Account' }),
  ).toBeVisible()
  return email
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password').fill(password)
  await form.getByRole('button', { name: 'Sign in' }).click()
}

async function signOut(page: Page) {
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
}

test('sign up, sign out, sign in again', async ({ page }) => {
  const email = await signUp(page)
  await expect(page).toHaveURL('/')
  await expect(
    page.getByRole('navigation', { name: 'Your shop' }).getByRole('link', { name: 'Account' }),
  ).toBeVisible()
  await signOut(page)
  await page.goto('/auth')
  await signIn(page, email)
  await expect(page).toHaveURL('/')
  await page.goto('/auth')
  await expect(page.getByRole('heading', { name: 'You are signed in' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
})

test('a wrong password and an unknown email get the same message', async ({ page, createUser }) => {
  const { email } = await createUser()
  await page.goto('/auth')
  await signIn(page, email, 'not-the-password')
  const message = 'That email and password do not match an account. Check both and try again.'
  await expect(page.getByRole('form', { name: 'Sign in' }).getByText(message)).toBeVisible()
  await expect(page.getByRole('form', { name: 'Sign in' }).getByLabel('Email')).toHaveValue(email)
  await signIn(page, freshEmail(), PASSWORD)
  await expect(page.getByRole('form', { name: 'Sign in' }).getByText(message)).toBeVisible()
})

test('sign-up errors are shown beside each field', async ({ page }) => {
  await page.goto('/auth')
  const form = page.getByRole('form', { name: 'Create an account' })
  await form.getByLabel('Last name').fill('Mokoena')
  await form.getByLabel('Email').fill('not-an-email')
  await form.getByLabel('Password').fill('short')
  await form.getByRole('button', { name: 'Create account' }).click()
  // The summary names the problems once (with JS it takes focus); each field is described by
  // its own message.
  await expect(
    form.getByRole('group', { name: 'There is a problem: 3 fields to fix' }),
  ).toBeVisible()
  await expect(form.getByLabel('First name')).toHaveAccessibleDescription('Enter your first name')
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription(/Enter an email address like/)
  await expect(form.getByLabel('Password')).toHaveAccessibleDescription(
    /Choose a password of at least 8 characters/,
  )
  await expect(form.getByLabel('Last name')).toHaveValue('Mokoena')
})

test('forgotten password: the development link sets a new password', async ({
  page,
  createUser,
}) => {
  const { email } = await createUser()
  await page.goto('/auth')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL('/auth?intent=reset')
  // The address changes as the navigation starts; the form is there once the page has rendered.
  const resetForm = page.getByRole('form', { name: 'Get a reset link' })
  await resetForm.getByLabel('Email').fill(email)
  await resetForm.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText(/a link to choose a new password is on its way/)).toBeVisible()
  await page.getByRole('link', { name: 'reset link' }).click()
  await page.getByRole('textbox', { name: 'New password' }).fill('a-brand-new-password')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL('/auth')
  await signIn(page, email, 'a-brand-new-password')
  await expect(page).toHaveURL('/')
})

test('/account sends a visitor to sign in and back; address errors are shown by field', async ({
  page,
  createUser,
}) => {
  const { email, password } = await createUser()
  await page.goto('/account')
  await expect(page).toHaveURL('/auth?redirectTo=%2Faccount')
  await signIn(page, email, password)
  await expect(page).toHaveURL('/account')
  await expect(page.getByRole('form', { name: 'Personal info' }).getByLabel('Email')).toHaveValue(
    email,
  )

  const address = page.getByRole('form', { name: 'Delivery address' })
  await address.getByLabel('Suburb').fill('Gardens')
  await address.getByLabel('City or town').fill('Cape Town')
  await address.getByLabel('Postal code').fill('80')
  await address.getByRole('button', { name: 'Save address' }).click()
  await expect(address.getByLabel('Street address')).toHaveAccessibleDescription(
    'Enter the street address (line 1)',
  )
  await expect(address.getByLabel('Province')).toHaveAccessibleDescription(
    'Choose one of the nine provinces',
  )
  await expect(address.getByLabel('Postal code')).toHaveAccessibleDescription(
    /Enter the 4-digit postal code/,
  )
  await expect(address.getByLabel('Suburb')).toHaveValue('Gardens')

  await address.getByLabel('Street address').fill('12 Long Street')
  await address.getByLabel('Province').selectOption('Western Cape')
  await address.getByLabel('Postal code').fill('8001')
  await address.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByText('Address saved').first()).toBeAttached()
  await page.reload()
  await expect(
    page.getByRole('form', { name: 'Delivery address' }).getByLabel('Street address'),
  ).toHaveValue('12 Long Street')
})

test('likes made as a visitor survive sign-in', async ({ page, createUser, createProduct }) => {
  const { email, password } = await createUser()
  const { name: productName, href } = await createProduct()
  await page.goto(href)
  // With JS the like is a fetch flipped at once; leaving before it answers would cancel it.
  await likeAndWait(page, page.getByRole('button', { name: `Like ${productName}` }))
  await expect(page.getByRole('button', { name: `Unlike ${productName}` }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await page.goto('/auth')
  await signIn(page, email, password)
  // Wait for the sign-in to land before leaving the page (with JS it is a fetch the next goto would cancel).
  await expect(page).toHaveURL('/')
  await page.goto('/liked')
  await expect(page.getByRole('link', { name: productName }).first()).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Your shop' }).getByLabel('1 liked products'),
  ).toBeVisible()
})

test('a posted review moves the product statistics', async ({ page, createProduct }) => {
  const product = await createProduct()
  await signUp(page)
  await page.goto(product.href)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  // A product of its own: no reviews before this one.
  const reviews = page.getByRole('region', { name: 'Reviews' })
  await expect(reviews.getByText('No reviews yet.', { exact: false })).toBeVisible()
  const reviewCount = async () => {
    const text = await reviews
      .getByText(/\b\d+ reviews?\b/)
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => null)
    return Number(/(\d+) reviews?/.exec(text ?? '')?.[1] ?? 0)
  }
  const before = await reviewCount()
  expect(before).toBe(0)
  const form = page.getByRole('form', { name: 'Write a review' })
  await form.getByRole('radio', { name: '5 stars' }).check()
  await form.getByLabel(/title/i).fill('Lovely')
  await form
    .getByRole('textbox', { name: 'Your review' })
    .fill('Smooth and fresh, just like at home.')
  await form.getByRole('button', { name: 'Post review' }).click()
  await expect(page.getByText('Thanks for your review').first()).toBeAttached()
  await expect.poll(reviewCount).toBe(before + 1)
  await expect(reviews.getByRole('article', { name: 'Lovely' })).toContainText(
    'Smooth and fresh, just like at home.',
  )
})

test('a contact message is stored and the page confirms it', async ({ page }) => {
  await page.goto('/contact')
  await page.getByLabel('Name').fill('Lerato')
  await page.getByLabel('Email').fill(freshEmail())
  await page.getByLabel('Subject').fill('Delivery to Knysna')
  await page
    .getByLabel('Message', { exact: true })
    .fill('Do you deliver to Knysna over the holidays?')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page).toHaveURL('/contact?sent=1')
  await expect(
    page.getByRole('status').filter({ hasText: 'Thanks, your message has been sent.' }),
  ).toBeVisible()
})

test.describe(() => {
  onceWithoutJs()
  test('a cross-site POST answers 403 and changes nothing', async ({ page, request }) => {
    const email = freshEmail()
    const response = await request.post('/auth', {
      headers: { Origin: 'https://evil.example' },
      form: { intent: 'signup', firstName: 'Eve', lastName: 'Evil', email, password: PASSWORD },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(403)
    await page.goto('/auth')
    await signIn(page, email)
    await expect(
      page.getByText('That email and password do not match an account. Check both and try again.'),
    ).toBeVisible()
  })
})

test('redirectTo to another site lands on the home page', async ({ page, createUser }) => {
  const { email, password } = await createUser()
  await page.goto('/auth?redirectTo=https%3A%2F%2Fevil.example')
  await signIn(page, email, password)
  await expect(page).toHaveURL('/')
})
