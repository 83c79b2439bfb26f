import { giftCardIdForKey } from '~/lib/data/promotions.server'
import type { Store } from '~/lib/data/store'
import type { Order, OrderStatus } from '~/lib/data/types'
import { logger, messageFirst, type MessageFirstLog } from '~/lib/log.server'
import { giftCardMail } from '~/lib/mail/gift-card.server'
import { mailContext } from '~/lib/mail/messages.server'
import type { MailContext } from '~/lib/mail/templates/layout.server'
import { maskGiftCardCode } from '~/lib/promotions/gift-cards'
import type { GiftCard } from '~/lib/promotions/types'

import { giftCardIssueKey, isGiftCardProduct, PAID_STATUSES } from './gift-card-products'
import { fulfilmentOf } from './life'
import { moveOrder } from './move.server'

/*
 * Gift cards sold as products (docs/contracts.md "Promotions and gift cards"): a product in the
 * `gift-cards` category is a card worth the price its line was bought at. Once the order is paid,
 * one card is issued per unit and its code mailed to the buyer through the outbox. Each unit's
 * card is issued under its own key (the order, the line's variant, the unit's number), so paying
 * twice, a repeated ITN or a retry after a crash never issues a second card for the same unit.
 */

export type GiftCardIssuing = {
  store: Pick<Store, 'orders' | 'products' | 'giftCards'>
  /** The mail's shop name and links; read from the layout story when absent. */
  context?: MailContext
}

/**
 * Issues the cards a paid order bought that are not issued yet, each mailed to the buyer, and
 * returns every card the order bought (issued now or before), in line and unit order; an order of
 * gift cards only is then delivered (by email). An order not paid (or unknown) issues nothing. Safe to call again and at once: the keys make it once.
 */
export async function issueBoughtGiftCards(
  { store, context }: GiftCardIssuing,
  orderId: string,
): Promise<GiftCard[]> {
  const order = await store.orders.get(orderId)
  if (!order || !PAID_STATUSES.has(order.status)) return []
  const lines = await giftCardLines(store, order)
  if (lines.length === 0) return []
  const mail = context ?? (await mailContext())
  const cards: GiftCard[] = []
  for (const line of lines) {
    for (let unit = 1; unit <= line.quantity; unit++) {
      cards.push(
        await store.giftCards.issue(
          {
            amountCents: line.unitPriceCents,
            issuedTo: order.email,
            message: null,
            note: `Bought with order ${order.id}`,
            orderId: order.id,
            key: giftCardIssueKey(order.id, line.variantId, unit),
          },
          null,
          (card) => [giftCardMail(card, mail)],
        ),
      )
    }
  }
  await deliverEmailedOrder(store, order.id, cards.length)
  return cards
}

/** The order's lines that bought gift cards (by the product's category now), with a price. */
async function giftCardLines(store: Pick<Store, 'products'>, order: Order) {
  const products = await store.products.getMany([...new Set(order.lines.map((l) => l.productId))])
  const cardProducts = new Set(products.filter(isGiftCardProduct).map((p) => p.id))
  return order.lines.filter((line) => cardProducts.has(line.productId) && line.unitPriceCents > 0)
}

/**
 * An order of gift cards only (its method `email`) whose every card is issued and mailed is
 * delivered: the order life's `email` move, no mail of its own (the cards' mails were the
 * delivery). Anything else, or an order already moved on, stays as it is.
 */
async function deliverEmailedOrder(
  store: GiftCardIssuing['store'],
  orderId: string,
  issued: number,
): Promise<void> {
  const order = await store.orders.get(orderId)
  if (!order || fulfilmentOf(order) !== 'email' || issued === 0) return
  if (order.status !== 'paid' && order.status !== 'processing') return
  const units = (await giftCardLines(store, order)).reduce((sum, line) => sum + line.quantity, 0)
  if (issued < units) return
  await moveOrder({ orders: store.orders }, orderId, { move: 'email' })
}

/**
 * After a payment settled an order (PayFast's ITN, or checkout paying in full by card or credit):
 * issues the gift cards it bought, and an order of gift cards only is then delivered (by email).
 * Never throws: a failure is logged, and the next call for the order (a repeated ITN) issues what
 * is missing.
 */
export async function giftCardsAfterPayment(
  store: GiftCardIssuing['store'],
  result: { status?: OrderStatus; orderId?: string },
  log: Pick<MessageFirstLog, 'error'> = messageFirst(logger),
): Promise<void> {
  if (!result.orderId || !result.status || !PAID_STATUSES.has(result.status)) return
  try {
    await issueBoughtGiftCards({ store }, result.orderId)
  } catch (error) {
    log.error('Gift cards bought with the order could not be issued', {
      orderId: result.orderId,
      error,
    })
  }
}

/** A gift card an order bought, as the back office's order page shows it. */
export type BoughtGiftCard = {
  variantId: string
  /** "R 250": the line's option values, or its name. */
  label: string
  /** 1, 2, ...: which unit of the line. */
  unit: number
  amountCents: number
  /** The card issued for the unit (masked code); null while not issued. */
  card: { id: string; maskedCode: string; balanceCents: number; active: boolean } | null
}

/**
 * The gift cards an order bought, one per unit, each with its card once issued: found by the
 * units' keys (the card's id follows from its key), so nothing else records them.
 */
export async function boughtGiftCards(
  store: Pick<Store, 'products' | 'giftCards'>,
  order: Order,
): Promise<BoughtGiftCard[]> {
  const lines = await giftCardLines(store, order)
  const units = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, i) => ({ line, unit: i + 1 })),
  )
  return Promise.all(
    units.map(async ({ line, unit }) => {
      const card = await store.giftCards.get(
        giftCardIdForKey(giftCardIssueKey(order.id, line.variantId, unit)),
      )
      return {
        variantId: line.variantId,
        label: line.options.map((o) => o.value).join(', ') || line.name,
        unit,
        amountCents: line.unitPriceCents,
        card: card
          ? {
              id: card.id,
              maskedCode: maskGiftCardCode(card.code),
              balanceCents: card.balanceCents,
              active: card.active,
            }
          : null,
      }
    }),
  )
}
