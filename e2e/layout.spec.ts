import type { Page } from '@playwright/test'

import { expect, signInAs, test, type TestProduct } from './fixtures'
import { orderPaidMail } from '~/lib/mail/messages.server'

/**
 * The phone-first layout (issue 13). Phone widths run in the `phone` project (390x844, touch, JS)
 * and the `no-js` project (viewport set per test); the desktop header in `js` and `no-js`.
 */
const PHONE_WIDTHS = [320, 390]

/**
 * The widths the page-fit walks take in this project: both in the phone project; only the narrowest
 * without JS, where the pages are the same HTML and CSS less the scripts' enhancements (which the
 * phone project covers), so 390 px would only repeat 320 px.
 */
const fitWidths = () => (test.info().project.use.isMobile ? PHONE_WIDTHS : [320])
const HEADER_MAX_ON_PHONES = 64
const MAIN_NAV = ['Home', 'Shop', 'About us', 'FAQ', 'Contact', 'Track order']

function mainRoutes(product: TestProduct) {
  return [
    '/',
    '/shop',
    product.href,
    '/cart',
    '/checkout',
    '/about_us',
    '/faq',
    '/contact',
    '/track_order',
    '/auth',
    '/no-such-page',
  ]
}

/** A line in this browser's cart: a plain form post, as a no-JS add to cart sends. */
async function addToCart(page: Page, product: TestProduct, baseURL: string | undefined) {
  const response = await page.request.post('/cart', {
    form: { intent: 'add', productId: product.id, quantity: '1' },
    headers: { Origin: baseURL ?? '' },
  })
  expect(response.ok()).toBe(true)
}

async function pageWidth(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
}

/**
 * Fails (softly) when `path` scrolls sideways, naming the deepest elements that stick out. Against
 * the viewport set, not innerWidth: a mobile browser zooms out to a too-wide page and widens it.
 */
async function expectFits(page: Page, path: string) {
  const { scrollWidth, innerWidth, culprits } = await page.evaluate((width) => {
    const wide = [...document.body.querySelectorAll('*')].filter(
      (el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.table-scroll'),
    )
    const deepest = wide.filter((el) => !wide.some((other) => other !== el && el.contains(other)))
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      culprits: deepest
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
    }
  }, page.viewportSize()?.width ?? 0)
  expect
    .soft(scrollWidth, `${path} scrolls sideways (${culprits.join(', ')})`)
    .toBeLessThanOrEqual(innerWidth)
}

const menuButton = (page: Page) =>
  page
    .getByRole('banner')
    .locator('summary')
    .filter({ hasText: /^Menu$/ })

test.describe('on a phone', () => {
  // With JS, the phone project covers phone widths; the desktop js project would only repeat it.
  test.skip(
    ({ javaScriptEnabled, isMobile }) => javaScriptEnabled !== false && !isMobile,
    'phone widths with JS run in the phone project',
  )

  for (const width of PHONE_WIDTHS) {
    test(`every main page fits ${width} px with no sideways scroll and a small header`, async ({
      page,
      createProduct,
      baseURL,
    }) => {
      test.skip(!fitWidths().includes(width), `${width} px runs in the phone project`)
      await page.setViewportSize({ width, height: 844 })
      const product = await createProduct()
      await addToCart(page, product, baseURL)
      for (const path of mainRoutes(product)) {
        await test.step(path, async () => {
          // With JS, goto returns once hydration is committed: the carousel and the other
          // enhancements (which once widened the page) have run their effects.
          await page.goto(path)
          await expectFits(page, path)
          const header = await page.getByRole('banner').boundingBox()
          expect
            .soft(header?.height ?? Infinity, `${path} header`)
            .toBeLessThanOrEqual(HEADER_MAX_ON_PHONES)
        })
      }
    })
  }

  test(`staff's pages, an order, the account and a /dev/mail message fit ${PHONE_WIDTHS.join(' and ')} px`, async ({
    page,
    store,
    createUser,
    createProduct,
    createPaidOrder,
    baseURL,
    isMobile,
  }) => {
    // Staff work with JS as a rule; their pages' HTML is the same without it.
    test.skip(!isMobile, "staff's pages at phone widths run in the phone project")
    const staff = await createUser({ firstName: 'Nomsa', staff: true })
    const product = await createProduct({
      name: 'E2E Layout Shirt with a rather long name for a narrow screen',
      options: [
        { name: 'Size', values: ['S', 'M', 'XL'] },
        { name: 'Colour', values: ['Blue', 'Forest green'] },
      ],
      variants: [
        { optionValues: ['S', 'Blue'], stock: 6 },
        { optionValues: ['M', 'Forest green'], stock: 2 },
        { optionValues: ['XL', 'Blue'], stock: 0 },
      ],
    })
    const order = await createPaidOrder({ product, user: staff, quantity: 2 })
    // The order's confirmation as the shop would have queued it (an order made in the store mails
    // nothing), with its long lines and links.
    const paid = await store.orders.get(order.id)
    const mail = orderPaidMail(paid!, { shopName: 'Karoo & Co.', appUrl: baseURL! })
    await store.outbox.enqueue(mail)
    await signInAs(page, staff)
    const routes = [
      product.href,
      '/account',
      `/orders/${order.id}`,
      '/admin',
      '/admin/orders',
      `/admin/orders/${order.id}`,
      '/admin/products',
      `/admin/products/${product.id}`,
      '/dev/mail',
      `/dev/mail/${encodeURIComponent(mail.key)}`,
    ]
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 844 })
      for (const path of routes) {
        await test.step(`${path} at ${width} px`, async () => {
          await page.goto(path)
          await expectFits(page, `${path} at ${width} px`)
        })
      }
    }
  })

  test('the menu button opens the navigation drawer, which fits the screen', async ({
    page,
    javaScript,
  }) => {
    await page.setViewportSize({ width: 320, height: 700 })
    await page.goto('/about_us')
    const main = page.getByRole('navigation', { name: 'Main' })
    await expect(main).toBeHidden()
    await menuButton(page).click()
    for (const name of MAIN_NAV) {
      await expect(main.getByRole('link', { name, exact: true })).toBeVisible()
    }
    // The search box (a searchbox, or the predictive combobox with JS) is in the drawer too.
    await expect(page.getByRole('search').getByLabel('Search products')).toBeVisible()
    const { scrollWidth, innerWidth } = await pageWidth(page)
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth)

    if (javaScript) {
      // Escape closes it and gives focus back to the button.
      await page.keyboard.press('Escape')
      await expect(main).toBeHidden()
      await expect(menuButton(page)).toBeFocused()
      // A link in the drawer navigates and the drawer closes behind it.
      await menuButton(page).click()
      await main.getByRole('link', { name: 'FAQ', exact: true }).click()
      await expect(page).toHaveURL('/faq')
      await expect(main).toBeHidden()
    }
  })

  test('after the skip link, the focused element is not hidden under the sticky header', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/shop')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await page.keyboard.press('Enter')
    await page.keyboard.press('Tab')
    const header = (await page.getByRole('banner').boundingBox())!
    const focused = await page.evaluate(() => document.activeElement?.getBoundingClientRect().top)
    expect(focused).toBeGreaterThanOrEqual(header.y + header.height)
  })

  test('/shop folds its filters into "Filter and sort"', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/shop')
    const filters = page.getByRole('form', { name: 'Search and filter products' })
    await expect(filters).toBeHidden()
    await page.locator('summary').filter({ hasText: 'Filter and sort' }).click()
    await expect(filters).toBeVisible()
    await expect(filters.getByRole('button', { name: 'Apply' })).toBeVisible()
  })

  test('a signed-in customer signs out from the header', async ({ page, createUser }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    // Signing in is the account specs' subject; here the header is.
    await signInAs(page, await createUser())
    await page.goto('/')
    const mine = page.getByRole('navigation', { name: 'Your shop' })
    const accountMenu = mine.locator('summary').filter({ hasText: 'Account menu' })

    await menuButton(page).click()
    await accountMenu.click()
    await mine.getByRole('button', { name: 'Sign out' }).click()
    // Signed out once the page no longer has an account menu; opening the menu before then would
    // have the finished navigation close it again.
    await expect(accountMenu).toHaveCount(0)
    await menuButton(page).click()
    await expect(mine.getByRole('link', { name: 'Sign in' })).toBeVisible()
  })
})

test.describe('on a desktop', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop layout')

  test('the header is one row with the navigation in it, and no menu button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    for (const path of ['/', '/shop', '/no-such-page']) {
      await page.goto(path)
      const header = (await page.getByRole('banner').boundingBox())!
      expect(header.height, path).toBeLessThan(80)
      await expect(menuButton(page)).toBeHidden()
      const main = page.getByRole('navigation', { name: 'Main' })
      for (const name of MAIN_NAV) {
        await expect(main.getByRole('link', { name, exact: true })).toBeVisible()
      }
      await expect(page.getByRole('form', { name: 'Search and filter products' })).toHaveCount(
        path === '/shop' ? 1 : 0,
      )
    }
    // Beside the results, the filters show without opening anything.
    await page.goto('/shop')
    await expect(page.getByRole('form', { name: 'Search and filter products' })).toBeVisible()
  })

  test('the filters keep blank fields out of the URL with JS, and take them without', async ({
    page,
    javaScript,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/shop')
    const filters = page.getByRole('form', { name: 'Search and filter products' })
    await filters.getByLabel('Sort by').selectOption('price-asc')
    await filters.getByRole('button', { name: 'Apply' }).click()
    if (javaScript) {
      await expect(page).toHaveURL('/shop?sort=price-asc')
    } else {
      // The browser sends every field; the shop reads the blanks as "no filter".
      await expect(page).toHaveURL(/[?&]q=&/)
      await expect(page).toHaveURL(/sort=price-asc/)
    }
    await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible()
    await expect(filters.getByLabel('Sort by')).toHaveValue('price-asc')
    await expect(page.getByText(/^\d+ products$/)).toBeVisible()
  })
})

test('the 404 page has one title and the usual header, footer and skip link', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible()
  await expect(page.locator('title')).toHaveCount(1)
  await expect(page).toHaveTitle(/Page not found/)
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeAttached()
})
