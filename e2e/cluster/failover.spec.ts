import { fillCheckout, reachSimulator } from '../checkout-steps'
import { expect, test } from '../fixtures'
import { cluster, skipWithoutNginx } from './cluster'

/**
 * One instance dies mid-checkout (SIGKILL: no shutdown, nothing finished): the order it had
 * acknowledged is kept, and the shop goes on through the other. Its own project, run after every
 * other cluster spec (playwright.cluster.config.ts), since the instance does not come back.
 */
skipWithoutNginx()

test('an instance killed mid-checkout loses no acknowledged order, and the other serves on', async ({
  page,
  store,
  createProduct,
}) => {
  const { proxy, instances } = cluster()
  // Instance 1 also stands in for PayFast (deploy/nginx.conf): the one killed is instance 2.
  const victim = instances[1]
  const jar = await createProduct({ name: 'Cluster Honey Jar' })
  const added = await page.request.post('/cart', {
    form: { intent: 'add', productId: jar.id, quantity: '1' },
  })
  expect(added.ok()).toBe(true)
  await page.goto('/checkout')
  await fillCheckout(page, 'failover@example.co.za')
  const orderId = await reachSimulator(page, true)
  // The shop acknowledged the order (the gateway shows it): it is in the store.
  expect((await store.orders.get(orderId))?.status).toBe('pending_payment')

  process.kill(victim.pid, 'SIGKILL')
  await expect
    .poll(async () => {
      try {
        await fetch(`${victim.url}/healthz`)
        return 'answering'
      } catch {
        return 'gone'
      }
    })
    .toBe('gone')

  // The payment's ITN, the return to the shop and every page after: through the proxy, to the
  // instance still running.
  await page.getByRole('button', { name: 'Pay now' }).click()
  await expect(page).toHaveURL(`/orders/${orderId}`)
  await expect(page.getByText('Status: Paid')).toBeVisible()
  expect((await store.orders.get(orderId))?.status).toBe('paid')
  for (let i = 0; i < 4; i++) {
    const answer = await page.request.get(`${proxy.url}/shop`)
    expect(answer.status(), `request ${i + 1} after the kill`).toBe(200)
  }
})
