import type { Order } from '~/lib/data/types'
import { formatRand } from '~/lib/money'
import { orderLinkPath } from '~/lib/orders/order-link.server'
import {
  describeReturnLines,
  RETURN_REASON_LABELS,
  type OrderReturn,
  type ReturnState,
} from '~/lib/orders/returns'

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

/** What a return mail shows of the order. */
export type ReturnMailOrder = Pick<Order, 'id' | 'firstName' | 'lines'>

/** Each state's subject, heading and what happened, in the buyer's words. */
function wordsFor(
  order: ReturnMailOrder,
  ret: OrderReturn,
): { subject: string; heading: string; happened: string; next: string | null } {
  const items = describeReturnLines(order, ret.lines)
  const words: Record<ReturnState, ReturnType<typeof wordsFor>> = {
    requested: {
      subject: `We received your return request for order ${order.id}`,
      heading: 'We received your return request',
      happened: `we received your request to return ${items} (${RETURN_REASON_LABELS[ret.reason]}).`,
      next: 'We will look at it and email you whether it is approved, usually within two working days. Please keep the items until then.',
    },
    approved: {
      subject: `Your return for order ${order.id} is approved`,
      heading: 'Your return is approved',
      happened: `your return of ${items} is approved.`,
      next: 'Please send the items back in their packaging with your order number. We refund you once they arrive.',
    },
    declined: {
      subject: `Your return for order ${order.id} was declined`,
      heading: 'Your return was declined',
      happened: `we could not accept your return of ${items}.`,
      next: 'If you have questions, reply to this email or write to us through the contact page.',
    },
    received: {
      subject: `We received your returned items for order ${order.id}`,
      heading: 'Your returned items arrived',
      happened: `your returned ${items} arrived.`,
      next: 'We now pay you back, and email you when we have.',
    },
    refunded: {
      subject: `Your return for order ${order.id} is paid back`,
      heading: 'Your return is paid back',
      happened:
        ret.refundedAs === 'store-credit'
          ? `we added ${formatRand(ret.refundedCents)} of store credit to your account for your return of ${items}.`
          : `we refunded ${formatRand(ret.refundedCents)} for your return of ${items}.`,
      next:
        ret.refundedAs === 'store-credit'
          ? 'It pays for your next order at checkout when you are signed in.'
          : 'The money goes back the way you paid; your bank may take a few days to show it.',
    },
  }
  return words[ret.state]
}

/** The buyer's mail for a return reaching its current state, with the order's own link. */
export function returnTemplate(
  order: ReturnMailOrder,
  ret: OrderReturn,
  context: MailContext,
): RenderedMail {
  const words = wordsFor(order, ret)
  const href = shopUrl(context, orderLinkPath(order.id))
  const intro = `Hi ${order.firstName}, ${words.happened}`
  const message =
    (ret.state === 'approved' || ret.state === 'declined') && ret.staffMessage
      ? `Message from the shop: ${ret.staffMessage}`
      : null
  return {
    subject: words.subject,
    text: textPart(
      intro,
      message,
      words.next,
      `See your order and return: ${href}`,
      textFooter(context),
    ),
    html: renderHtml(
      <MailLayout context={context} preview={words.happened}>
        <Heading>{words.heading}</Heading>
        <Paragraph>{intro}</Paragraph>
        {message ? <Paragraph>{message}</Paragraph> : null}
        {words.next ? <Paragraph>{words.next}</Paragraph> : null}
        <ButtonLink href={href}>View your order</ButtonLink>
      </MailLayout>,
    ),
  }
}

/** The shop's copy of a new return request: who, what, why, and the order in the back office. */
export function returnRequestedShopTemplate(
  order: Pick<Order, 'id' | 'firstName' | 'lastName' | 'email' | 'lines'>,
  ret: OrderReturn,
  context: MailContext,
): RenderedMail {
  const href = shopUrl(context, `/admin/orders/${encodeURIComponent(order.id)}`)
  const who = `${order.firstName} ${order.lastName}`.trim() || order.email
  const summary = `${who} (${order.email}) asks to return ${describeReturnLines(order, ret.lines)} of order ${order.id}: ${RETURN_REASON_LABELS[ret.reason]}.`
  const note = ret.note ? `Their note: ${ret.note}` : null
  return {
    subject: `Return ${ret.id} requested for order ${order.id}`,
    text: textPart(summary, note, `Approve or decline it: ${href}`, textFooter(context)),
    html: renderHtml(
      <MailLayout context={context} preview={summary}>
        <Heading>Return {ret.id} requested</Heading>
        <Paragraph>{summary}</Paragraph>
        {note ? <Paragraph>{note}</Paragraph> : null}
        <ButtonLink href={href}>Approve or decline it</ButtonLink>
      </MailLayout>,
    ),
  }
}
