import { unsubscribeToken } from '~/lib/customers/unsubscribe-token.server'

import { addToCart, fillCheckout, reachSimulator } from './checkout-steps'
import { expect, signInAs, test } from './fixtures'

/**
 * Consent to marketing mail with JS on and off (the config runs every spec in both projects): a
 * customer opts in on /account, which then says when; the unsubscribe link of a marketing mail
 * shows a confirm button that unsubscribes at once without signing in, a mail client's one-click
 * post from another site is taken too, and /account shows the choice off and where it was made.
 * A tick at checkout is recorded as that checkout's. The rules (history, tokens, limits, sign-up
 * and checkout) are proven in vitest.
 */

/** playwright.config.ts's SESSION_SECRET: the unsubscribe token is an HMAC with it. */
const E2E_SESSION_SECRET = 'e2e-session-secret-as-long-as-production-asks'

test('a customer opts in on their account, unsubscribes by the mail link, and the account shows it off', async ({
  page,
  createUser,
}) => {
  const user = await createUser()
  await signInAs(page, user)

  await page.goto('/account')
  const news = page.getByRole('form', { name: 'News and offers' })
  const box = news.getByLabel('Send me news and offers')
  await expect(news).toContainText('You have not asked for our news and offers.')
  await expect(box).not.toBeChecked()
  await box.check()
  await news.getByRole('button', { name: 'Save choice' }).click()
  await expect(news).toContainText(/You asked for our news and offers on .+, on this page\./)
  await expect(box).toBeChecked()

  // The link at the foot of a marketing mail, opened in a browser: no sign-in asked.
  const t = unsubscribeToken(user.email, [E2E_SESSION_SECRET])
  await page.goto(`/unsubscribe?t=${t}`)
  const confirm = page.getByRole('form', { name: /^Stop marketing emails to / })
  await expect(confirm).toContainText(user.email.toLowerCase())
  await confirm.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible()
  await expect(page.getByText('We will send no more news or offers to')).toContainText(
    user.email.toLowerCase(),
  )

  // A mail client's RFC 8058 one-click post comes from another site, without the page: taken too.
  const oneClick = await page.request.post(`/unsubscribe?t=${t}`, {
    multipart: { 'List-Unsubscribe': 'One-Click' },
    headers: { Origin: 'https://mail.example.com', 'Sec-Fetch-Site': 'cross-site' },
  })
  expect(oneClick.status()).toBe(200)

  await page.goto('/account')
  await expect(news).toContainText(
    /You stopped our news and offers on .+, by the unsubscribe link in one of our emails\./,
  )
  await expect(box).not.toBeChecked()
})

test('a customer who ticks "Send me news and offers" at checkout finds it recorded on their account', async ({
  page,
  createUser,
  createProduct,
  javaScript,
}) => {
  const user = await createUser()
  const product = await createProduct({ stock: 5 })
  await signInAs(page, user)
  await addToCart(page, product)

  await page.goto('/checkout')
  const box = page.getByRole('checkbox', { name: 'Send me news and offers' })
  await expect(box).not.toBeChecked()
  await box.check()
  await fillCheckout(page, null)
  await reachSimulator(page, javaScript)

  await page.goto('/account')
  const news = page.getByRole('form', { name: 'News and offers' })
  await expect(news).toContainText(/You asked for our news and offers on .+, at checkout\./)
  await expect(news.getByLabel('Send me news and offers')).toBeChecked()
})
