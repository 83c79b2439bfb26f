import type { Order, OrderRefund } from '~/lib/data/types'
import { formatRand } from '~/lib/money'
import { orderLinkPath } from '~/lib/orders/order-link.server'

import {
  ButtonLink,
  Heading,
  MailLayout,
  Paragraph,
  renderHtml,
  shopUrl,
  textFooter,
  textPart,
  type MailContext,
  type RenderedMail,
} from './layout.server'

/** The buyer's mail for a refund: how much, where it went, and the order's own link. */
export function refundTemplate(
  order: Pick<Order, 'id' | 'firstName'>,
  refund: OrderRefund,
  context: MailContext,
): RenderedMail {
  const href = shopUrl(context, orderLinkPath(order.id))
  const ways = [
    refund.payfastCents > 0
      ? `${formatRand(refund.payfastCents)} back the way you paid through PayFast (your bank may take a few days to show it)`
      : null,
    refund.giftCardCents > 0 ? `${formatRand(refund.giftCardCents)} back on your gift card` : null,
    refund.storeCreditCents > 0
      ? `${formatRand(refund.storeCreditCents)} as store credit on your account, for your next order`
      : null,
  ].filter((w): w is string => w !== null)
  const intro = `Hi ${order.firstName}, we refunded ${formatRand(refund.amountCents)} of order ${order.id}.`
  const how = `It goes ${ways.join('; and ')}.`
  const why = `Reason: ${refund.reason}`
  // NOTE: no credit note number here: Firestore composes the mail before its counter moves; the
  // order's page (the link below) lists the credit note.
  const note = 'Your order page lists this refund and its credit note.'
  return {
    subject: `We refunded ${formatRand(refund.amountCents)} of order ${order.id}`,
    text: textPart(intro, how, why, note, `See your order: ${href}`, textFooter(context)),
    html: renderHtml(
      <MailLayout context={context} preview={intro}>
        <Heading>Your refund</Heading>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{how}</Paragraph>
        <Paragraph>{why}</Paragraph>
        {note ? <Paragraph>{note}</Paragraph> : null}
        <ButtonLink href={href}>View your order</ButtonLink>
      </MailLayout>,
    ),
  }
}
