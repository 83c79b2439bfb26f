import type { Page } from '@playwright/test'
import sharp from 'sharp'

import { fillCheckout, reachSimulator } from './checkout-steps'
import { buyBox, expect, signInAs, test, type TestProduct, onceWithoutJs } from './fixtures'

/**
 * The rough edges a new user hit (issue 24's behaviour slips), with JS on and off (the config runs
 * every spec in both projects): "Cancel payment" keeps what was typed at checkout, a second review
 * edits the first, /orders/:id tells no stranger which ids exist, staff find the back office from
 * the header, and the same photo uploaded twice says so.
 */

const freshEmail = () =>
  `slips-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.co.za`

async function addToCart(page: Page, product: TestProduct) {
  await page.goto(product.href)
  await buyBox(page).getByRole('button', { name: 'Add to cart' }).click()
  await expect(page.getByText(`Added 1 × ${product.name} to your cart`).first()).toBeAttached()
}

test('"Cancel payment" brings a guest back to a checkout that kept everything typed', async ({
  page,
  javaScript,
  createProduct,
}) => {
  const product = await createProduct()
  await addToCart(page, product)
  await page.goto('/checkout')
  const email = freshEmail()
  await fillCheckout(page, email)
  const orderId = await reachSimulator(page, javaScript)
  await page.getByRole('button', { name: 'Cancel payment' }).click()

  await expect(page).toHaveURL(`/checkout?cancelled=${orderId}`)
  await expect(page.getByText('Payment cancelled').first()).toBeAttached()
  await expect(page.getByText(`1 × ${product.name}`)).toBeVisible()
  const details = page.getByRole('form', { name: 'Your details' })
  await expect(details.getByLabel('Email')).toHaveValue(email)
  await expect(details.getByLabel('First name')).toHaveValue('Thandi')
  await expect(details.getByLabel('Last name')).toHaveValue('Mokoena')
  await expect(details.getByLabel('Phone')).toHaveValue('082 123 4567')
  await expect(details.getByLabel('Street address')).toHaveValue('12 Long Street')
  await expect(details.getByLabel('Suburb')).toHaveValue('Gardens')
  await expect(details.getByLabel('City or town')).toHaveValue('Cape Town')
  await expect(details.getByLabel('Province')).toHaveValue('Western Cape')
  await expect(details.getByLabel('Postal code')).toHaveValue('8001')
  await expect(
    details
      .getByRole('group', { name: 'Delivery', exact: true })
      .getByRole('radio', { name: /^Standard delivery/ }),
  ).toBeChecked()
})

test('a second review by the same customer edits the first', async ({
  page,
  createUser,
  createProduct,
}) => {
  const product = await createProduct()
  const customer = await createUser()
  await signInAs(page, customer)
  await page.goto(product.href)
  const reviews = page.getByRole('region', { name: 'Reviews' })

  const first = reviews.getByRole('form', { name: 'Write a review' })
  await first.getByRole('radio', { name: '3 stars' }).check()
  await first.getByLabel(/title/i).fill('Decent rusks')
  await first.getByRole('textbox', { name: 'Your review' }).fill('A bit dry for my taste.')
  await first.getByRole('button', { name: 'Post review' }).click()
  await expect(page.getByText('Thanks for your review').first()).toBeAttached()

  // The page shows the customer their review, in the form, to edit.
  const edit = reviews.getByRole('form', { name: 'Edit your review' })
  await expect(edit.getByText(/^You reviewed this on \d{1,2} [A-Z][a-z]+ \d{4}/)).toBeVisible()
  await expect(edit.getByRole('radio', { name: '3 stars' })).toBeChecked()
  await expect(edit.getByLabel(/title/i)).toHaveValue('Decent rusks')
  await expect(edit.getByRole('textbox', { name: 'Your review' })).toHaveValue(
    'A bit dry for my taste.',
  )

  await edit.getByRole('radio', { name: '5 stars' }).check()
  await edit.getByLabel(/title/i).fill('Better dunked in coffee')
  await edit
    .getByRole('textbox', { name: 'Your review' })
    .fill('Perfect with coffee, it turns out.')
  await edit.getByRole('button', { name: 'Update review' }).click()
  await expect(page.getByText('Review updated').first()).toBeAttached()

  // One review, the edited one.
  await expect(reviews.getByRole('article', { name: 'Better dunked in coffee' })).toContainText(
    'Perfect with coffee, it turns out.',
  )
  await expect(reviews.getByRole('article')).toHaveCount(1)
  await expect(reviews.getByRole('form', { name: 'Edit your review' })).toBeVisible()
})

/** What a visitor meets at `path`: the status, where they land (ids masked) and the heading. */
async function answerAt(page: Page, path: string, id: string) {
  const response = await page.goto(path)
  const url = new URL(page.url())
  return {
    status: response?.status(),
    landed: decodeURIComponent(`${url.pathname}${url.search}`).replaceAll(id, ':id'),
    heading: await page.getByRole('heading', { level: 1 }).innerText(),
  }
}

test.describe(() => {
  onceWithoutJs()
  test('/orders/:id answers the same for an unknown id and for someone else’s order', async ({
    page,
    createUser,
    createProduct,
    createPaidOrder,
  }) => {
    const product = await createProduct()
    const owner = await createUser()
    const guestOrder = await createPaidOrder({ product })
    const customerOrder = await createPaidOrder({ product, user: owner })
    const unknown = 'ZZZZZZZZZZZZ'

    // Signed out: sign in first, whichever it is.
    const made = await answerAt(page, `/orders/${unknown}`, unknown)
    expect(made.landed).toBe('/auth?redirectTo=/orders/:id')
    expect(await answerAt(page, `/orders/${guestOrder.id}`, guestOrder.id)).toEqual(made)
    expect(await answerAt(page, `/orders/${customerOrder.id}`, customerOrder.id)).toEqual(made)
    await expect(page.getByText('Thank you for your order')).toHaveCount(0)

    // Signed in as another customer: the 404 page, whichever it is.
    await signInAs(page, await createUser({ firstName: 'Lerato' }))
    const missing = await answerAt(page, `/orders/${unknown}`, unknown)
    expect(missing).toMatchObject({ status: 404, landed: '/orders/:id' })
    expect(await answerAt(page, `/orders/${guestOrder.id}`, guestOrder.id)).toEqual(missing)
    expect(await answerAt(page, `/orders/${customerOrder.id}`, customerOrder.id)).toEqual(missing)
  })
})

test.describe(() => {
  onceWithoutJs()
  test('staff find a "Back office" link in the account menu; customers do not', async ({
    page,
    createUser,
  }) => {
    const mine = page.getByRole('navigation', { name: 'Your shop' })
    const accountMenu = mine.locator('summary').filter({ hasText: 'Account menu' })

    await signInAs(page, await createUser())
    await page.goto('/')
    await accountMenu.click()
    await expect(mine.getByRole('link', { name: 'Your orders' })).toBeVisible()
    await expect(mine.getByRole('link', { name: 'Back office' })).toHaveCount(0)
    await page.request.post('/auth', { form: { intent: 'signout' } })

    await signInAs(page, await createUser({ firstName: 'Nomsa', staff: true }))
    await page.goto('/')
    await accountMenu.click()
    await mine.getByRole('link', { name: 'Back office' }).click()
    await expect(page).toHaveURL('/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  })
})

test('the same photo uploaded twice says it is already on the product and adds nothing', async ({
  page,
  createUser,
  createProduct,
}, testInfo) => {
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const product = await createProduct({ name: 'E2E Enamel Mug' })
  const alt = `An enamel mug ${product.id}`
  const file = testInfo.outputPath('mug.png')
  await sharp({ create: { width: 48, height: 48, channels: 3, background: '#2f5d8a' } })
    .png()
    .toFile(file)
  await signInAs(page, staff)
  await page.goto(`/admin/products/${product.id}`)

  const photos = page.getByRole('region', { name: 'Photos' })
  const upload = async (text: string) => {
    await photos.getByLabel('Photo', { exact: true }).setInputFiles(file)
    await photos.getByLabel('Alt text').fill(text)
    await photos.getByRole('button', { name: 'Add photo' }).click()
  }
  await upload(alt)
  await expect(page.getByText('Photo added').first()).toBeVisible()
  await expect(photos.getByRole('img', { name: alt })).toHaveCount(1)
  const pictures = await photos.getByRole('img').count()

  await upload(`${alt}, again`)
  await expect(
    photos.getByText('This photo is already on the product. Choose a different photo.'),
  ).toBeVisible()
  await expect(photos.getByRole('img')).toHaveCount(pictures)
  await expect(photos.getByRole('img', { name: `${alt}, again` })).toHaveCount(0)
})
