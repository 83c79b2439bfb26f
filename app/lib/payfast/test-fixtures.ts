import type { Order, OrderStatus } from '~/lib/data/types'
import { InvalidTransitionError, type OrderStore } from '~/lib/data/store'
import { extraPaymentNote } from '~/lib/data/rules.server'
import { ORDER_TRANSITIONS } from '~/lib/data/types'

/** An order as the store would hold it after checkout. */
export function pendingOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 'K7M2P9QRTW',
    userId: null,
    email: 'thandi@example.co.za',
    firstName: 'Thandi',
    lastName: 'Mokoena',
    phone: '082 123 4567',
    shippingAddress: {
      line1: '12 Long Street',
      line2: null,
      suburb: 'Gardens',
      city: 'Cape Town',
      province: 'Western Cape',
      postalCode: '8001',
    },
    lines: [
      {
        productId: 'rooibos',
        variantId: 'rooibos',
        options: [],
        name: 'Rooibos tea',
        unitPriceCents: 8950,
        quantity: 2,
        imageUrl: null,
      },
      {
        productId: 'honey',
        variantId: 'honey',
        options: [],
        name: 'Fynbos honey',
        unitPriceCents: 12000,
        quantity: 1,
        imageUrl: null,
      },
    ],
    subtotalCents: 29900,
    shippingCents: 9900,
    totalCents: 39800,
    vatCents: 5191,
    status: 'pending_payment',
    history: [{ status: 'pending_payment', at: '2024-05-01T10:00:00.000Z', note: null, by: null }],
    pfPaymentId: null,
    refundNeeded: false,
    shipment: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  }
}

/** An in-memory stand-in for the OrderStore methods the ITN handler uses. */
export function fakeOrders(orders: Order[]): Pick<
  OrderStore,
  'get' | 'transition' | 'flagLatePayment'
> & {
  snapshot(id: string): Order | undefined
  transitions: { id: string; to: OrderStatus }[]
} {
  const byId = new Map(orders.map((order) => [order.id, structuredClone(order)]))
  const transitions: { id: string; to: OrderStatus }[] = []
  return {
    transitions,
    snapshot: (id) => structuredClone(byId.get(id)),
    async get(id) {
      const order = byId.get(id)
      return order ? structuredClone(order) : null
    },
    async transition(id, to, { now, note, pfPaymentId, by }) {
      const order = byId.get(id)
      if (!order || !ORDER_TRANSITIONS[order.status].includes(to)) {
        throw new InvalidTransitionError(`${id}: ${order?.status ?? 'missing'} -> ${to}`)
      }
      order.status = to
      order.history.push({ status: to, at: now, note: note ?? null, by: by ?? null })
      if (pfPaymentId) order.pfPaymentId = pfPaymentId
      order.updatedAt = now
      transitions.push({ id, to })
      return structuredClone(order)
    },
    async flagLatePayment(id, { now, pfPaymentId }) {
      const order = byId.get(id)
      if (!order) throw new InvalidTransitionError(`${id}: missing`)
      const note = extraPaymentNote(order, pfPaymentId)
      if (note === null) return { order: structuredClone(order), flagged: false }
      order.refundNeeded = true
      order.pfPaymentId ??= pfPaymentId
      order.history.push({ status: order.status, at: now, note, by: null })
      order.updatedAt = now
      return { order: structuredClone(order), flagged: true }
    },
  }
}
