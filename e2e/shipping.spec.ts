import type { Page } from '@playwright/test'

import { acceptTerms, chooseDelivery, reachSimulator } from './checkout-steps'
import { expect, signInAs, test } from './fixtures'

/**
 * Shipping as shoppers and staff meet it (docs/contracts.md "Shipping"), with JS on and off: a
 * customer's address book at checkout, delivery priced by the address's zone, the method chosen
 * carried to PayFast's amount and the order, and collecting in store from checkout to collected.
 * Prices are the seeded table's (app/lib/shipping/default-zones.ts) for a 125-rand product of the
 * shop's default weight (1 kg, the 2 kg band): R 89 in the main centres, R 119 regional.
 */

const RECIPIENT = { firstName: 'Thandi', lastName: 'Mokoena', phone: '082 123 4567' }

const HOME = {
  ...RECIPIENT,
  label: 'Home',
  line1: '12 Long Street',
  line2: null,
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape' as const,
  postalCode: '8001',
}

// Stellenbosch is outside the Cape Town metro's postal ranges: the regional zone.
const FARM = {
  ...RECIPIENT,
  label: 'Farm',
  line1: 'Plaas 7, Jonkershoek Road',
  line2: null,
  suburb: 'Jonkershoek',
  city: 'Stellenbosch',
  province: 'Western Cape' as const,
  postalCode: '7600',
}

/** The collection point: the same every time, so specs running side by side agree on it. */
const SHOP = {
  name: 'Karoo & Co. shop',
  phone: '021 555 0100',
  hours: 'Mon–Fri 09:00–17:00',
  line1: '1 Bree Street',
  line2: null,
  suburb: 'Cape Town City Centre',
  city: 'Cape Town',
  province: 'Western Cape' as const,
  postalCode: '8001',
}

/**
 * With JS, the page asks for the options as the address changes once it has hydrated, which is
 * when the no-JS "Update delivery options" button goes: a choice made before then asks nothing.
 */
async function deliveryOptionsReady(page: Page, javaScript: boolean) {
  if (javaScript)
    await expect(page.getByRole('button', { name: 'Update delivery options' })).toHaveCount(0)
}

test('a customer with two addresses buys to the other one by a dearer method, and PayFast asks that total', async ({
  page,
  javaScript,
  store,
  createUser,
  createProduct,
}) => {
  const user = await createUser()
  await store.addresses.save(user.id, null, HOME, { makeDefault: true })
  await store.addresses.save(user.id, null, FARM)
  const product = await createProduct()
  await signInAs(page, user)
  const added = await page.request.post('/cart', {
    form: { intent: 'add', productId: product.id, quantity: '1' },
  })
  expect(added.ok()).toBe(true)

  await page.goto('/checkout')
  await deliveryOptionsReady(page, javaScript)
  const deliverTo = page.getByRole('group', { name: 'Deliver to' })
  await expect(deliverTo.getByRole('radio', { name: /^Home/ })).toBeChecked()
  await deliverTo.getByRole('radio', { name: /^Farm/ }).check()
  if (!javaScript) await page.getByRole('button', { name: 'Update delivery options' }).click()

  // Regional prices for Stellenbosch; a pickup point in Cape Town (or collecting) is cheaper and
  // is what the page checked.
  const delivery = page.getByRole('group', { name: 'Delivery', exact: true })
  const standard = delivery.getByRole('radio', { name: /^Standard delivery/ })
  await expect(standard).toHaveAccessibleName(/R\s119,00/)
  await expect(standard).not.toBeChecked()
  await chooseDelivery(page, /^Standard delivery/)
  const phone = page.getByLabel('Phone')
  if (!(await phone.inputValue())) await phone.fill(RECIPIENT.phone)
  await acceptTerms(page)

  await page.getByRole('button', { name: 'Pay with PayFast' }).click()
  const orderId = await reachSimulator(page, javaScript)
  await expect(page.locator('.pf-sim__amount')).toHaveText('R 244.00')
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Delivery', exact: true })).toContainText(
    'Standard delivery',
  )

  expect(await store.orders.get(orderId)).toMatchObject({
    status: 'paid',
    subtotalCents: 12_500,
    shippingCents: 11_900,
    totalCents: 24_400,
    shipping: { id: 'standard', kind: 'standard' },
    shippingAddress: { suburb: 'Jonkershoek', city: 'Stellenbosch', postalCode: '7600' },
  })
})

test('collect in store: free at checkout, then ready for collection and collected', async ({
  page,
  javaScript,
  store,
  createUser,
  createProduct,
}) => {
  await store.shipping.save({ ...(await store.shipping.get()), collection: SHOP }, { by: 'e2e' })
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const product = await createProduct()
  await page.goto(product.href)
  await page
    .getByRole('form', { name: `Add ${product.name} to cart` })
    .getByRole('button', { name: 'Add to cart' })
    .click()
  if (javaScript) await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible()
  else await expect(page.getByText(/Added 1 × /).first()).toBeVisible()

  await page.goto('/checkout')
  await deliveryOptionsReady(page, javaScript)
  const email = `collect-${Date.now().toString(36)}@example.co.za`
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('First name').fill(RECIPIENT.firstName)
  await page.getByLabel('Last name').fill(RECIPIENT.lastName)
  await page.getByLabel('Phone').fill(RECIPIENT.phone)
  await page.getByLabel('Street address').fill(HOME.line1)
  await page.getByLabel('Suburb').fill(HOME.suburb)
  await page.getByLabel('City or town').fill(HOME.city)
  await page.getByLabel('Province').selectOption(HOME.province)
  await page.getByLabel('Postal code').fill(HOME.postalCode)
  if (!javaScript) await page.getByRole('button', { name: 'Update delivery options' }).click()
  const collect = page
    .getByRole('group', { name: 'Delivery', exact: true })
    .getByRole('radio', { name: /^Collect in store/ })
  // Free, and so the cheapest: checked for the shopper.
  await expect(collect).toHaveAccessibleName(/Free/i)
  await expect(collect).toBeChecked()
  await acceptTerms(page)
  await page.getByRole('button', { name: 'Pay with PayFast' }).click()
  const orderId = await reachSimulator(page, javaScript)
  await expect(page.locator('.pf-sim__amount')).toHaveText('R 125.00')
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Delivery', exact: true })).toContainText(SHOP.name)

  // Staff, in the same browser: ready for collection (the buyer is mailed), then collected.
  await signInAs(page, staff)
  await page.goto(`/admin/orders/${orderId}`)
  await expect(page.getByRole('button', { name: 'Mark shipped' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Mark ready for collection' }).click()
  await expect(
    page.getByText('Marked ready for collection, the buyer mailed').first(),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Mark collected' }).click()
  await expect(page.getByText('Marked collected').first()).toBeVisible()

  const order = await store.orders.get(orderId)
  expect(order).toMatchObject({
    status: 'collected',
    shippingCents: 0,
    totalCents: 12_500,
    shipping: { id: 'collect', kind: 'collect' },
  })
  const mails = await store.outbox.list({ offset: 0, limit: 200 })
  expect(
    mails.items.filter((mail) => mail.orderId === orderId).map((mail) => mail.subject),
  ).toContainEqual(expect.stringMatching(/ready for collection/i))

  await page.goto('/track_order')
  await page.getByLabel('Order number').fill(orderId)
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Track order' }).click()
  await expect(page.getByRole('region', { name: `Order ${orderId}` })).toContainText('Collected')
})
