import type { Store } from '~/lib/data/store'

import { refundReason } from './orders.server'

/** Reviews the dashboard shows, newest first. */
export const DASHBOARD_REVIEWS = 5

/** What needs staff today: the dashboard's counts and the newest reviews, read together. */
export async function loadDashboard(
  store: Pick<Store, 'orders' | 'products' | 'messages' | 'outbox' | 'reviews'>,
) {
  const [byStatus, refunds, lowStock, unhandledMessages, failedEmails, reviews] = await Promise.all(
    [
      store.orders.countByStatus(),
      store.orders.listRefundNeeded(),
      store.products.countLowStock(),
      store.messages.countUnhandled(),
      store.outbox.countFailed(),
      store.reviews.list({ offset: 0, limit: DASHBOARD_REVIEWS }),
    ],
  )
  const productNames = new Map(
    (await store.products.getMany([...new Set(reviews.items.map((r) => r.productId))])).map((p) => [
      p.id,
      p.name,
    ]),
  )
  return {
    counts: {
      toFulfil: byStatus.paid + byStatus.processing,
      refundsNeeded: refunds.length,
      lowStock,
      unhandledMessages,
      failedEmails,
    },
    /** Payments staff must refund (late, or a second one for a paid order), oldest first. */
    refunds: refunds.map((order) => ({
      id: order.id,
      email: order.email,
      totalCents: order.totalCents,
      reason: refundReason(order) ?? '',
    })),
    reviews: reviews.items.map((review) => ({
      id: review.id,
      productId: review.productId,
      productName: productNames.get(review.productId) ?? review.productId,
      authorName: review.authorName,
      rating: review.rating,
      title: review.title,
      body: review.body,
      hidden: review.hidden,
      createdAt: review.createdAt,
    })),
  }
}
