import { randomBytes } from 'node:crypto'

import { formatRand } from '~/lib/money'

import { SHARED_CACHE_SECONDS } from '../../playwright.cluster.config'
import { fillCheckout, reachSimulator } from '../checkout-steps'
import { expect, honeypotFields, test } from '../fixtures'
import { cluster, mailReceived, skipWithoutNginx } from './cluster'

/**
 * Two production instances on one SQLite store behind a caching nginx (`npm run cluster`) behave
 * as one shop: what the proxy keeps, where a shopper's requests land, what a change reaches, who
 * sends the mail and who counts the limits. JS on only: the subject is the servers, not the page.
 */
skipWithoutNginx()

const CACHED = ['HIT', 'STALE', 'UPDATING']

test('the proxy keeps an anonymous page for its s-maxage and never a personal one', async ({
  playwright,
  createProduct,
}) => {
  const { proxy } = cluster()
  const rusks = await createProduct({ name: 'Cluster Rusks', priceCents: 12_500 })
  const anonymous = await playwright.request.newContext({ baseURL: proxy.url })
  const first = await anonymous.get(rusks.href)
  expect(first.headers()['x-cache-status']).toBe('MISS')
  expect(first.headers()['cache-control']).toBe(
    `public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS}, stale-while-revalidate=${SHARED_CACHE_SECONDS}`,
  )
  const second = await anonymous.get(rusks.href)
  expect(second.headers()['x-cache-status'], 'the second visit is the proxy’s copy').toBe('HIT')
  expect(await second.text()).toContain(formatRand(12_500))

  // A shopper with a cart line: every page of theirs is rendered for them and kept by nobody.
  const shopper = await playwright.request.newContext({ baseURL: proxy.url })
  const added = await shopper.post('/cart', {
    form: { intent: 'add', productId: rusks.id, quantity: '1' },
  })
  expect(added.ok()).toBe(true)
  for (const path of [rusks.href, rusks.href, '/cart', '/cart']) {
    const answer = await shopper.get(path)
    expect(answer.headers()['x-cache-status'], path).toBe('MISS')
    expect(answer.headers()['cache-control'], path).toBe('private, no-store')
    expect(await answer.text(), path).toContain('1 items in cart')
  }
  // ...and what they saw never reaches another visitor.
  const later = await anonymous.get(rusks.href)
  expect(later.headers()['x-cache-status']).toMatch(/^(HIT|STALE|UPDATING)$/)
  expect(await later.text()).not.toContain('1 items in cart')
  const someoneElsesCart = await (await anonymous.get('/cart')).text()
  expect(someoneElsesCart).not.toContain('Cluster Rusks')

  await anonymous.dispose()
  await shopper.dispose()
})

test('a cart, a sign-in and a checkout move freely between the instances', async ({
  page,
  createProduct,
  createUser,
}) => {
  const [one, two] = cluster().instances
  const tea = await createProduct({ name: 'Cluster Rooibos' })
  const user = await createUser({ firstName: 'Lerato' })

  // Added on instance 1, in the cart on instance 2.
  const added = await page.request.post(`${one.url}/cart`, {
    form: { intent: 'add', productId: tea.id, quantity: '1' },
  })
  expect(added.ok()).toBe(true)
  await page.goto(`${two.url}/cart`)
  await expect(page.getByRole('link', { name: 'Cluster Rooibos' }).first()).toBeVisible()

  // Signed in on instance 2, signed in on instance 1, the cart still there.
  const signedIn = await page.request.post(`${two.url}/auth`, {
    form: { intent: 'signin', email: user.email, password: user.password, redirectTo: '/account' },
  })
  expect(new URL(signedIn.url()).pathname).toBe('/account')
  await page.goto(`${one.url}/account`)
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(user.email)
  await expect(page.getByRole('link', { name: /1 items in cart/ })).toBeVisible()

  // Checkout and payment through the proxy, whichever instance each request lands on.
  await page.goto('/checkout')
  await fillCheckout(page, null)
  const orderId = await reachSimulator(page, true)
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page).toHaveURL(`/orders/${orderId}`)
  await expect(page.getByText('Status: Paid')).toBeVisible()
  for (const instance of [one, two]) {
    await page.goto(`${instance.url}/orders/${orderId}`)
    await expect(page.getByText('Status: Paid'), instance.name).toBeVisible()
  }
})

test('a price saved on one instance shows on the other at once, and through the proxy within its freshness', async ({
  page,
  playwright,
  createUser,
  createProduct,
}) => {
  const { proxy, instances } = cluster()
  const staff = await createUser({ firstName: 'Nomsa', staff: true })
  const rusks = await createProduct({ name: 'Cluster Price Rusks', priceCents: 12_500 })
  const anonymous = await playwright.request.newContext({ baseURL: proxy.url })
  await anonymous.get(rusks.href)
  expect((await anonymous.get(rusks.href)).headers()['x-cache-status']).toBe('HIT')

  await page.request.post('/auth', {
    form: { intent: 'signin', email: staff.email, password: staff.password, redirectTo: '/admin' },
  })
  await page.goto(`/admin/products/${rusks.id}`)
  await page.getByLabel('Price (rands)', { exact: true }).fill('99,90')
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname.startsWith(`/admin/products/${rusks.id}`),
  )
  await page.getByRole('button', { name: 'Save product' }).click()
  const writer = (await saved).headers()['x-upstream']
  await expect(page.getByText('Product saved').first()).toBeVisible()
  const other = instances.find((instance) => !writer?.endsWith(`:${instance.port}`))!
  expect(other, `the save went to ${writer}`).toBeTruthy()

  // The other instance, asked directly by another visitor: the new price on the very next request.
  const direct = await playwright.request.newContext({ baseURL: other.url })
  expect(await (await direct.get(rusks.href)).text()).toContain(formatRand(9_990))

  // Through the proxy: its copy until s-maxage, then stale while it refetches, then the new price.
  const oldAnswers: string[] = []
  await expect
    .poll(
      async () => {
        const answer = await anonymous.get(rusks.href)
        const html = await answer.text()
        if (html.includes(formatRand(9_990))) return 'new price'
        oldAnswers.push(answer.headers()['x-cache-status'] ?? 'none')
        return 'old price'
      },
      { timeout: (2 * SHARED_CACHE_SECONDS + 5) * 1000 },
    )
    .toBe('new price')
  for (const status of oldAnswers)
    expect(CACHED, 'an old price only from the proxy’s copy').toContain(status)

  await anonymous.dispose()
  await direct.dispose()
})

test('two mail senders on one outbox deliver each message once', async ({ playwright, store }) => {
  const instances = cluster().instances
  const contexts = await Promise.all(
    instances.map((instance) => playwright.request.newContext({ baseURL: instance.url })),
  )
  const honeypot = await honeypotFields(contexts[0]!)
  const token = randomBytes(4).toString('hex')
  const senders = Array.from({ length: 8 }, (_, i) => `cluster-${token}-${i}@example.co.za`)
  // Posted to both instances at once: each wakes its own sender, and both claim from one outbox.
  const answers = await Promise.all(
    senders.map((email, i) =>
      contexts[i % 2]!.post('/contact', {
        form: {
          ...honeypot,
          name: 'Thandi Mokoena',
          email,
          subject: `Cluster mail ${i}`,
          message: 'Two instances, one outbox: this should arrive once.',
        },
        headers: { 'X-Forwarded-For': `127.77.${i}.1` },
        maxRedirects: 0,
      }),
    ),
  )
  for (const answer of answers) expect(answer.status()).toBe(302)

  const acknowledgements = () =>
    mailReceived().filter((mail) => mail.to.some((to) => senders.includes(to)))
  await expect.poll(() => acknowledgements().length).toBeGreaterThanOrEqual(senders.length)
  // Nothing of theirs is still held by a sender that could send it again.
  await expect
    .poll(async () => {
      const held = await Promise.all(
        (['pending', 'sending'] as const).map((status) =>
          store.outbox.list({ offset: 0, limit: 100, status }),
        ),
      )
      return held.flatMap((page) => page.items).filter((message) => senders.includes(message.to))
        .length
    })
    .toBe(0)
  const received = acknowledgements()
  expect(received.map((mail) => mail.to[0]).sort()).toEqual([...senders].sort())
  expect(new Set(received.map((mail) => mail.messageId)).size).toBe(senders.length)
  for (const context of contexts) await context.dispose()
})

test('a rate limit counts the requests of both instances', async ({ playwright }) => {
  const instances = cluster().instances
  const contexts = await Promise.all(
    instances.map((instance) => playwright.request.newContext({ baseURL: instance.url })),
  )
  const honeypot = await honeypotFields(contexts[0]!)
  const token = randomBytes(4).toString('hex')
  // One client address for all seven, read through TRUST_PROXY_HOPS=1 by both instances.
  const ip = `127.88.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}`
  const send = (i: number) =>
    contexts[i % 2]!.post('/contact', {
      form: {
        ...honeypot,
        name: 'Thandi Mokoena',
        email: `cluster-limit-${token}@example.co.za`,
        subject: `Cluster limit ${i}`,
        message: 'Five messages an hour from one address, whichever instance takes them.',
      },
      headers: { 'X-Forwarded-For': ip },
      maxRedirects: 0,
    })
  // Five, alternating between the instances: three on one, two on the other, all taken.
  for (let i = 0; i < 5; i++) expect((await send(i)).status(), `message ${i + 1}`).toBe(302)
  // The sixth is refused, on either instance.
  for (const i of [5, 6]) {
    const refused = await send(i)
    expect(refused.status()).toBe(429)
    expect(await refused.text()).toContain('You have sent 5 messages in the last hour')
  }
  for (const context of contexts) await context.dispose()
})
