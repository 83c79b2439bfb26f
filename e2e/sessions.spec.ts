import type { Browser, BrowserContext, Page } from '@playwright/test'

import { expect, test, type TestUser, onceWithoutJs } from './fixtures'

/**
 * Sessions that end, with JS on and off (the config runs every spec in both projects): each
 * sign-in is a session of its own, and ending one ends every copy of its cookie.
 */

async function signIn(page: Page, user: TestUser) {
  await page.goto('/auth?redirectTo=%2Faccount')
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Email').fill(user.email)
  await form.getByLabel('Password').fill(user.password)
  await form.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL('/account')
}

/**
 * Another browser: a context of its own (its own cookies), with this project's JavaScript setting,
 * at the test's own client address (its X-Forwarded-For, fixtures.ts's clientIp).
 */
async function otherBrowser(
  browser: Browser,
  baseURL: string | undefined,
  javaScript: boolean,
  extraHTTPHeaders: Record<string, string> | undefined,
) {
  return browser.newContext({ baseURL, javaScriptEnabled: javaScript, extraHTTPHeaders })
}

async function expectSignedOut(page: Page) {
  await page.goto('/account')
  await expect(page).toHaveURL('/auth?redirectTo=%2Faccount')
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
}

const devices = (page: Page) =>
  page.getByRole('form', { name: 'Where you are signed in' }).getByRole('listitem')

test('"Sign out everywhere else" signs the other browser out on its next request', async ({
  page,
  browser,
  extraHTTPHeaders,
  baseURL,
  javaScript,
  createUser,
}) => {
  const user = await createUser()
  const contexts: BrowserContext[] = []
  try {
    const laptop = await otherBrowser(browser, baseURL, javaScript, extraHTTPHeaders)
    contexts.push(laptop)
    const other = await laptop.newPage()
    await signIn(other, user)
    await signIn(page, user)

    await expect(devices(page)).toHaveCount(2)
    await expect(devices(page).filter({ hasText: '(this device)' })).toHaveCount(1)
    await page.getByRole('button', { name: 'Sign out everywhere else' }).click()
    await expect(page.getByText('Signed out everywhere else').first()).toBeAttached()
    await expect(page).toHaveURL('/account')
    await expect(devices(page)).toHaveCount(1)
    await expect(devices(page)).toContainText('(this device)')
    await expect(page.getByText('You are signed in on this device only.')).toBeVisible()

    await expectSignedOut(other)
    // This browser stays signed in.
    await page.goto('/account')
    await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible()
  } finally {
    await Promise.all(contexts.map((context) => context.close()))
  }
})

test.describe(() => {
  onceWithoutJs()
  test('a copied session cookie works until its session signs out, then never again', async ({
    page,
    browser,
    extraHTTPHeaders,
    baseURL,
    javaScript,
    createUser,
  }) => {
    const user = await createUser()
    await signIn(page, user)
    const copied = await page.context().cookies()
    expect(copied.map((cookie) => cookie.name)).toContain('__session')

    const contexts: BrowserContext[] = []
    try {
      // While the session lives, the copy is as good as the original (what an attacker would hope for).
      const before = await otherBrowser(browser, baseURL, javaScript, extraHTTPHeaders)
      contexts.push(before)
      await before.addCookies(copied)
      const thief = await before.newPage()
      await thief.goto('/account')
      await expect(thief.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible()

      await page.goto('/auth')
      await page.getByRole('button', { name: 'Sign out' }).click()
      await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()

      // Replayed in a fresh browser after sign-out: the session is gone from the store.
      const after = await otherBrowser(browser, baseURL, javaScript, extraHTTPHeaders)
      contexts.push(after)
      await after.addCookies(copied)
      await expectSignedOut(await after.newPage())
      // The browser that held the copy all along is signed out too.
      await expectSignedOut(thief)
    } finally {
      await Promise.all(contexts.map((context) => context.close()))
    }
  })
})

test.describe(() => {
  onceWithoutJs()
  test('resetting the password signs out every browser, and the link works once', async ({
    page,
    browser,
    extraHTTPHeaders,
    baseURL,
    javaScript,
    createUser,
  }) => {
    const user = await createUser()
    const contexts: BrowserContext[] = []
    try {
      const laptop = await otherBrowser(browser, baseURL, javaScript, extraHTTPHeaders)
      contexts.push(laptop)
      const signedIn = await laptop.newPage()
      await signIn(signedIn, user)

      await page.goto('/auth?intent=reset')
      await page.getByLabel('Email').fill(user.email)
      await page.getByRole('button', { name: 'Send reset link' }).click()
      await expect(page.getByText(/a link to choose a new password is on its way/)).toBeVisible()
      const link = await page.getByRole('link', { name: 'reset link' }).getAttribute('href')
      expect(link).toBeTruthy()
      await page.goto(link!)
      await page.getByRole('textbox', { name: 'New password' }).fill('a-brand-new-password')
      await page.getByRole('button', { name: 'Save new password' }).click()
      await expect(page).toHaveURL('/auth')

      await expectSignedOut(signedIn)
      // The same link a second time: refused.
      await page.goto(link!)
      await page.getByRole('textbox', { name: 'New password' }).fill('yet-another-password')
      await page.getByRole('button', { name: 'Save new password' }).click()
      await expect(
        page.getByText(/This reset link is invalid, used or older than 30 minutes/),
      ).toBeVisible()
    } finally {
      await Promise.all(contexts.map((context) => context.close()))
    }
  })
})
