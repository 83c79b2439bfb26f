import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { env } from '~/lib/env.server'
import { buildPaymentForm } from '~/lib/payfast/checkout.server'
import { handleItn, type ItnResult } from '~/lib/payfast/itn.server'
import { fakeOrders, pendingOrder } from '~/lib/orders/orders.test-helper'

import { action as processAction, loader as processLoader } from './payfast.simulator.eng.process'
import { action as validateAction } from './payfast.simulator.eng.query.validate'
import { action as payAction } from './payfast.simulator.pay'

/**
 * The simulator's routes end to end over real HTTP on loopback: a small stand-in for the shop
 * serves the notify route (handleItn with its default server confirmation) and forwards
 * `/payfast/simulator/eng/query/validate` to the simulator's route.
 */

let server: Server
let base: string
const orders = fakeOrders([
  pendingOrder(),
  pendingOrder({ id: 'C4NC3LL3D9' }),
  pendingOrder({ id: 'W4XTRNH8PQ' }),
])
const itnResults: ItnResult[] = []
const routeArgs = (request: Request) => ({
  request,
  params: {},
  context: { clientIp: '127.0.0.1' },
})

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', async () => {
      if (req.url === '/payfast/notify') {
        itnResults.push(
          await handleItn(
            { body, sourceIp: req.socket.remoteAddress ?? '' },
            {
              config: { ...env.payfast, baseUrl: `${base}/payfast/simulator` },
              orders,
              log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
            },
          ),
        )
        res.writeHead(200).end()
        return
      }
      const request = new Request(`${base}${req.url}`, { method: 'POST', body })
      const response = await validateAction(routeArgs(request))
      res.writeHead(response.status, { 'Content-Type': 'text/plain' }).end(await response.text())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // The stand-in is the shop: the simulator reaches only APP_URL.
  appUrl = env.appUrl
  env.appUrl = base
})

let appUrl: string
afterAll(async () => {
  env.appUrl = appUrl
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

function post(url: string, pairs: readonly (readonly [string, string])[]) {
  const body = new URLSearchParams(pairs.map(([n, v]) => [n, v]))
  return new Request(url, { method: 'POST', body })
}

function paymentFields(
  orderId: string,
  urls: Partial<{ returnUrl: string; cancelUrl: string; notifyUrl: string }> = {},
) {
  const order = pendingOrder({ id: orderId })
  return buildPaymentForm(
    order,
    {
      returnUrl: `${base}/orders/${orderId}`,
      cancelUrl: `${base}/checkout`,
      notifyUrl: `${base}/payfast/notify`,
      ...urls,
    },
    env.payfast,
  ).fields
}

async function processPage(fields: readonly (readonly [string, string])[]) {
  const result = await processAction(
    routeArgs(post(`${base}/payfast/simulator/eng/process`, fields)),
  )
  if ('ok' in result && result.ok) return result
  throw new Error(`process refused: ${JSON.stringify(result)}`)
}

describe('PayFast simulator routes', () => {
  it('takes the checkout form, sends a confirmed ITN on "Pay now" and returns the buyer', async () => {
    const page = await processPage(paymentFields('K7M2P9QRTW'))
    expect(page).toMatchObject({ merchantId: env.payfast.merchantId, amount: '398.00' })

    const response = await payAction(
      routeArgs(
        post(`${base}/payfast/simulator/pay`, [...page.fields, ['simulator_outcome', 'COMPLETE']]),
      ),
    )
    expect(response).toBeInstanceOf(Response)
    expect((response as Response).status).toBe(302)
    expect((response as Response).headers.get('Location')).toBe('/orders/K7M2P9QRTW')
    expect(itnResults.at(-1)).toMatchObject({ outcome: 'accepted', status: 'paid' })
    expect(orders.snapshot('K7M2P9QRTW')!.pfPaymentId).toMatch(/^\d{7}$/)
  })

  it('cancels on "Cancel payment" and sends the buyer to cancel_url', async () => {
    const page = await processPage(paymentFields('C4NC3LL3D9'))
    const response = await payAction(
      routeArgs(
        post(`${base}/payfast/simulator/pay`, [...page.fields, ['simulator_outcome', 'CANCELLED']]),
      ),
    )
    expect((response as Response).headers.get('Location')).toBe('/checkout')
    expect(itnResults.at(-1)).toMatchObject({ outcome: 'accepted', status: 'cancelled' })
    expect(orders.snapshot('C4NC3LL3D9')!.status).toBe('cancelled')
  })

  it('sends the ITN only to the shop, whatever host notify_url names', async () => {
    const fields = paymentFields('W4XTRNH8PQ', {
      notifyUrl: 'http://169.254.169.254/latest/meta-data',
    })
    const page = await processPage(fields)
    const before = itnResults.length
    const response = await payAction(
      routeArgs(
        post(`${base}/payfast/simulator/pay`, [...page.fields, ['simulator_outcome', 'COMPLETE']]),
      ),
    )
    expect((response as Response).headers.get('Location')).toBe('/orders/W4XTRNH8PQ')
    expect(itnResults.length).toBe(before + 1)
    expect(itnResults.at(-1)).toMatchObject({ outcome: 'accepted', status: 'paid' })
  })

  it('refuses a return_url or cancel_url outside the shop with a 400 page', async () => {
    for (const urls of [
      { returnUrl: 'https://evil.example/phish' },
      { cancelUrl: 'https://evil.example/phish' },
      { returnUrl: base.replace('http:', 'https:') + '/orders/K7M2P9QRTW' },
      { returnUrl: 'http://127.0.0.1:1/orders/K7M2P9QRTW' },
    ]) {
      const fields = paymentFields('K7M2P9QRTW', urls)
      const result = await processAction(
        routeArgs(post(`${base}/payfast/simulator/eng/process`, fields)),
      )
      expect(result, JSON.stringify(urls)).toMatchObject({
        data: { ok: false, error: expect.stringMatching(/is not a page of this shop/) },
        init: { status: 400 },
      })
      const before = itnResults.length
      const pay = await payAction(
        routeArgs(
          post(`${base}/payfast/simulator/pay`, [...fields, ['simulator_outcome', 'COMPLETE']]),
        ),
      )
      expect(pay).toMatchObject({
        data: { error: expect.stringMatching(/not a page of this shop/) },
        init: { status: 400 },
      })
      expect(itnResults.length).toBe(before)
    }
  })

  it('refuses a tampered request with a 400 page', async () => {
    const fields = paymentFields('K7M2P9QRTW').map(
      ([n, v]) => [n, n === 'amount' ? '1.00' : v] as const,
    )
    const result = await processAction(
      routeArgs(post(`${base}/payfast/simulator/eng/process`, fields)),
    )
    expect(result).toMatchObject({
      data: { ok: false, error: expect.stringMatching(/signature/) },
      init: { status: 400 },
    })
    const pay = await payAction(
      routeArgs(
        post(`${base}/payfast/simulator/pay`, [...fields, ['simulator_outcome', 'COMPLETE']]),
      ),
    )
    expect(pay).toMatchObject({ init: { status: 400 } })
  })

  it('answers INVALID to a parameter string it did not send', async () => {
    const response = await validateAction(
      routeArgs(
        new Request(`${base}/payfast/simulator/eng/query/validate`, {
          method: 'POST',
          body: 'm_payment_id=K7M2P9QRTW',
        }),
      ),
    )
    expect(await response.text()).toBe('INVALID')
  })

  it('does not exist outside simulator mode', async () => {
    const mode = env.payfast.mode
    env.payfast.mode = 'sandbox'
    try {
      await expect(processLoader()).rejects.toMatchObject({ status: 404 })
      await expect(
        validateAction(routeArgs(new Request(`${base}/x`, { method: 'POST', body: '' }))),
      ).rejects.toMatchObject({ status: 404 })
    } finally {
      env.payfast.mode = mode
    }
  })
})
