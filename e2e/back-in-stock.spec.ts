import { variantIdFor } from '~/lib/data/variants'

import { expect, signInAs, test } from './fixtures'

/**
 * "Email me when it's back" (docs/contracts.md "Customers and privacy"), JS on and off: a guest
 * asks on a sold-out option, staff restock it in the back office, the mail arrives in /dev/mail
 * with its one-click unsubscribe, and its link unsubscribes without signing in. The rules (one
 * request per email and option, limits, one mail per restock) are proved in vitest.
 */

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

test('a guest asks to hear when a sold-out size is back, staff restock it, and the mail arrives and unsubscribes', async ({
  page,
  browser,
  baseURL,
  javaScript,
  createUser,
  createProduct,
}, testInfo) => {
  const jar = await createProduct({
    name: `E2E Fig Preserve ${testInfo.project.name}`,
    options: [{ name: 'Size', values: ['250 g', '500 g'] }],
    variants: [
      { optionValues: ['250 g'], stock: 4 },
      { optionValues: ['500 g'], stock: 0 },
    ],
  })
  const email = `notify-${testInfo.project.name}-${Date.now().toString(36)}@example.co.za`

  // The guest, on the sold-out size.
  await page.goto(`${jar.href}?variant=${variantIdFor(jar.id, ['500 g'])}`)
  const notify = page.getByRole('form', { name: /^Email me when it.s back$/ })
  await notify.getByLabel('Your email').fill('not an email')
  await notify.getByRole('button', { name: 'Email me' }).click()
  await expect(notify.getByText(/Enter an email address like name@example\.co\.za/)).toBeVisible()
  await notify.getByLabel('Your email').fill(email)
  await notify.getByRole('button', { name: 'Email me' }).click()
  await expect(page.getByText("We'll email you when it's back").first()).toBeVisible()

  // Staff put the size back in stock.
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  await signInAs(page, staff)
  await page.goto(`/admin/products/${jar.id}`)
  await page.getByLabel('Stock of Size: 500 g').fill('6')
  await page.getByRole('button', { name: 'Save product' }).click()
  await expect(page.getByText('Product saved').first()).toBeVisible()

  // The win-back job writes the mail soon after the save.
  const subject = `Back in stock: ${jar.name} (500 g)`
  await expect(async () => {
    await page.goto('/dev/mail')
    await expect(page.getByRole('row', { name: new RegExp(escape(email)) })).toBeVisible({
      timeout: 1_000,
    })
  }).toPass({ timeout: 20_000 })
  await page
    .getByRole('row', { name: new RegExp(escape(email)) })
    .getByRole('link', { name: subject })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible()
  await expect(page.getByText('List-Unsubscribe=One-Click')).toBeVisible()
  const html = page.frameLocator('iframe[title^="HTML part"]')
  await expect(html.getByRole('link', { name: 'See it in the shop' })).toHaveAttribute(
    'href',
    new RegExp(`/shop/${jar.id}\\?variant=`),
  )
  await expect(html.getByRole('link', { name: 'Unsubscribe' })).toBeVisible()
  const unsubscribe = page.locator('pre').getByRole('link', { name: /\/unsubscribe\?t=/ })
  const href = (await unsubscribe.getAttribute('href'))!

  // The link works in a browser that is not signed in: one press and it is done.
  const stranger = await browser.newContext({ baseURL, javaScriptEnabled: javaScript })
  const elsewhere = await stranger.newPage()
  await elsewhere.goto(href)
  await elsewhere.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(
    elsewhere.getByRole('heading', { level: 1, name: 'You are unsubscribed' }),
  ).toBeVisible()
  await expect(elsewhere.getByText(email)).toBeVisible()
  await stranger.close()
})
