import { describe, expect, it } from 'vitest'

import type { Store } from '~/lib/data/store'
import type { Order } from '~/lib/data/types'
import type { MailContext } from '~/lib/mail/messages.server'
import type { PayfastRefundRequest } from '~/lib/payfast/refunds.server'

import { pendingOrder } from './orders.test-helper'
import type { RefundRequest } from './refunds'
import { refundOrder } from './refunds.server'

const MAIL: MailContext = { shopName: 'Karoo & Co.', appUrl: 'https://shop.example.co.za' }
const AT = '2026-03-05T10:00:00.000Z'

/** An order store of one order whose first `failures` saves throw (a database gone away). */
function flakyStore(order: Order, failures: number) {
  let current = order
  let left = failures
  const orders = {
    get: async () => current,
    saveRefund: async (
      _id: string,
      decide: Parameters<Store['orders']['saveRefund']>[1],
      mail: Parameters<Store['orders']['saveRefund']>[2],
    ) => {
      if (left-- > 0) throw new Error('database is locked')
      const decision = decide(current, AT)
      if (decision.kind === 'change') {
        current = { ...current, status: decision.change.status, refunds: decision.change.refunds }
        mail(current, decision.change)
      }
      return { order: current, decision }
    },
  } as unknown as Store['orders']
  return { orders }
}

describe('refundOrder when recording fails after PayFast accepted', () => {
  it('logs it loudly, and the same form again records it without asking PayFast twice', async () => {
    const order = pendingOrder({ status: 'paid', pfPaymentId: '1124148' })
    const calls: PayfastRefundRequest[] = []
    const errors: unknown[][] = []
    const deps = {
      store: flakyStore(order, 1),
      mail: MAIL,
      log: { error: (...args: unknown[]) => errors.push(args), warn: () => {} },
      payfast: async (request: PayfastRefundRequest) => {
        calls.push(request)
        return { ok: true as const, reference: 'pf-ref-1' }
      },
    }
    const request: RefundRequest = {
      key: 'unique-key-for-this-test',
      amountCents: 5_000,
      reason: 'Damaged',
      restock: [],
      cardTo: 'card',
      by: 'staff@shop.example',
    }
    const first = await refundOrder(deps, order.id, request)
    expect(first).toMatchObject({ ok: false, field: null })
    if (!first.ok) expect(first.message).toContain('Submit the form again')
    expect(String(errors[0]?.[0])).toContain('REFUND NOT RECORDED')
    expect(calls).toHaveLength(1)

    const again = await refundOrder(deps, order.id, request)
    expect(again).toMatchObject({
      ok: true,
      repeated: false,
      refund: { payfastCents: 5_000, payfastReference: 'pf-ref-1' },
    })
    expect(calls).toHaveLength(1)
  })

  it('a refund PayFast would not take changes nothing and calls the store not at all', async () => {
    const order = pendingOrder({ status: 'paid', pfPaymentId: '1124148' })
    const deps = {
      store: flakyStore(order, 0),
      mail: MAIL,
      payfast: async () => ({
        ok: false as const,
        message: 'PayFast did not answer within 10 seconds',
      }),
    }
    const result = await refundOrder(deps, order.id, {
      key: 'another-key-000',
      amountCents: 5_000,
      reason: 'Damaged',
      restock: [],
      cardTo: 'card',
      by: null,
    })
    expect(result).toMatchObject({ ok: false, message: 'PayFast did not answer within 10 seconds' })
    expect((await deps.store.orders.get(order.id))?.refunds).toEqual([])
  })
})
