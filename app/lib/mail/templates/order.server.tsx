import type { Address, Order, Shipment } from '~/lib/data/types'
import { formatOptions } from '~/lib/data/variants'
import { invoiceLinkPath } from '~/lib/documents/mail-links.server'
import { formatRand } from '~/lib/money'
import { orderLinkPath } from '~/lib/orders/order-link.server'
import { discountRows, orderPromotionsView, paymentRows } from '~/lib/orders/order-promotions'
import {
  deliversToBuyer,
  shippingSummary,
  type ShippingSummary,
} from '~/lib/shipping/order-shipping'

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

/** What an order mail shows of the order. */
export type MailOrder = Pick<
  Order,
  | 'id'
  | 'userId'
  | 'firstName'
  | 'lastName'
  | 'shippingAddress'
  | 'lines'
  | 'subtotalCents'
  | 'shippingCents'
  | 'totalCents'
  | 'vatCents'
  | 'shipping'
> &
  // Optional: mails composed from orders placed before promotions, and tests' short orders.
  Partial<Pick<Order, 'discounts' | 'giftCards' | 'storeCreditCents'>>

const CELL = { padding: '8px 0', borderBottom: '1px solid #e4ded4', verticalAlign: 'top' } as const
const MUTED = '#5f6b76'

/**
 * Where the buyer follows the order: its own link (app/lib/orders/order-link.server.ts), which
 * opens the order's page in one click, signed in or not; /track_order stays for a lost mail.
 */
function followLink(order: MailOrder, context: MailContext) {
  const href = shopUrl(context, orderLinkPath(order.id))
  return { href, label: 'View your order', text: `See your order: ${href}` }
}

function addressLines(name: string, a: Address): string[] {
  return [
    name,
    a.line1,
    a.line2,
    `${a.suburb}, ${a.city}`,
    `${a.province}, ${a.postalCode}`,
  ].filter((line): line is string => Boolean(line))
}

const fullName = (order: MailOrder) => `${order.firstName} ${order.lastName}`.trim()

function LinesTable({ order, context }: { order: MailOrder; context: MailContext }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ width: '100%', margin: '0 0 16px', fontSize: '15px', lineHeight: '22px' }}
    >
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.variantId}>
            <td width={72} style={{ ...CELL, width: '72px', paddingRight: '12px' }}>
              {line.imageUrl ? (
                <img
                  src={shopUrl(context, line.imageUrl)}
                  alt={line.name}
                  width={64}
                  height={64}
                  style={{
                    display: 'block',
                    width: '64px',
                    height: '64px',
                    border: 0,
                    objectFit: 'cover',
                  }}
                />
              ) : null}
            </td>
            <td style={CELL}>
              <strong>{line.name}</strong>
              {line.options.length ? (
                <>
                  <br />
                  <span style={{ color: MUTED }}>{formatOptions(line.options)}</span>
                </>
              ) : null}
              <br />
              <span style={{ color: MUTED }}>
                {line.quantity} × {formatRand(line.unitPriceCents)}
              </span>
            </td>
            <td align="right" style={{ ...CELL, textAlign: 'right', whiteSpace: 'nowrap' }}>
              {formatRand(line.unitPriceCents * line.quantity)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const deliveryPrice = (order: MailOrder) =>
  order.shippingCents === 0 ? 'Free' : formatRand(order.shippingCents)

function TotalsTable({ order }: { order: MailOrder }) {
  const promotions = orderPromotionsView(order)
  const rows: [string, string][] = [
    ['Subtotal', formatRand(order.subtotalCents)],
    [`Delivery: ${shippingSummary(order.shipping).name}`, deliveryPrice(order)],
    ...discountRows(promotions),
  ]
  const payments = paymentRows(promotions)
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ width: '100%', margin: '0 0 24px', fontSize: '15px', lineHeight: '22px' }}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ padding: '2px 0' }}>{label}</td>
            <td align="right" style={{ padding: '2px 0', textAlign: 'right' }}>
              {value}
            </td>
          </tr>
        ))}
        <tr>
          <td style={{ padding: '6px 0 2px', fontWeight: 'bold', fontSize: '17px' }}>Total</td>
          <td
            align="right"
            style={{
              padding: '6px 0 2px',
              textAlign: 'right',
              fontWeight: 'bold',
              fontSize: '17px',
            }}
          >
            {formatRand(order.totalCents)}
          </td>
        </tr>
        <tr>
          <td
            colSpan={2}
            align="right"
            style={{ textAlign: 'right', color: MUTED, fontSize: '13px' }}
          >
            includes VAT of {formatRand(order.vatCents)}
          </td>
        </tr>
        {payments.map(([label, value]) => (
          <tr key={label}>
            <td style={{ padding: '2px 0' }}>{label}</td>
            <td align="right" style={{ padding: '2px 0', textAlign: 'right' }}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The lines and totals in plain text; `payments` adds what gift cards, store credit and PayFast
 * paid (the paid mail: an order that closed unpaid paid nothing, its holds given back).
 */
function linesText(order: MailOrder, { payments = false }: { payments?: boolean } = {}): string {
  const lines = order.lines.map((line) => {
    const options = line.options.length ? ` (${formatOptions(line.options)})` : ''
    return `- ${line.name}${options}: ${line.quantity} × ${formatRand(line.unitPriceCents)} = ${formatRand(line.unitPriceCents * line.quantity)}`
  })
  const promotions = orderPromotionsView(order)
  return [
    ...lines,
    '',
    `Subtotal: ${formatRand(order.subtotalCents)}`,
    `Delivery (${shippingSummary(order.shipping).name}): ${deliveryPrice(order)}`,
    ...discountRows(promotions).map(([label, value]) => `${label}: ${value}`),
    `Total: ${formatRand(order.totalCents)} (includes VAT of ${formatRand(order.vatCents)})`,
    ...(payments ? paymentRows(promotions) : []).map(([label, value]) => `${label}: ${value}`),
  ].join('\n')
}

/** The method in words, one line each: name and estimate, then the place (pickup, collection). */
function deliveryText(summary: ShippingSummary): string {
  const head = summary.estimate ? `${summary.name} (${summary.estimate})` : summary.name
  if (!summary.place) return head
  const { place } = summary
  return [
    head,
    `${place.heading}: ${place.name}`,
    ...place.lines,
    `Hours: ${place.hours}`,
    ...(place.phone ? [`Phone: ${place.phone}`] : []),
  ].join('\n')
}

/** The same in HTML: a heading, the method, and the place with its address and hours. */
function DeliverySection({ summary }: { summary: ShippingSummary }) {
  const { place } = summary
  return (
    <>
      <h2 style={{ margin: '0 0 8px', fontSize: '17px' }}>Delivery</h2>
      <p style={{ margin: '0 0 20px' }}>
        <strong>{summary.name}</strong>
        {summary.estimate ? <span style={{ color: MUTED }}> ({summary.estimate})</span> : null}
        {place ? (
          <>
            <br />
            {place.heading}: {place.name}
            {place.lines.map((line, i) => (
              <span key={i}>
                <br />
                {line}
              </span>
            ))}
            <br />
            Hours: {place.hours}
            {place.phone ? (
              <>
                <br />
                Phone: {place.phone}
              </>
            ) : null}
          </>
        ) : null}
      </p>
    </>
  )
}

/** Order paid: the confirmation with lines, totals with VAT, address and where to follow it. */
export function orderPaidTemplate(order: MailOrder, context: MailContext): RenderedMail {
  const follow = followLink(order, context)
  const address = addressLines(fullName(order), order.shippingAddress)
  const delivery = shippingSummary(order.shipping)
  const next =
    delivery.kind === 'collect'
      ? 'will let you know when it is ready for collection'
      : 'will let you know when it ships'
  const intro = `Hi ${order.firstName}, thank you for your order. We have your payment for order ${order.id} and ${next}.`
  // The invoice is numbered in the payment's own transaction, so it is there when the mail goes.
  const invoice = shopUrl(context, invoiceLinkPath(order.id))
  return {
    subject: `Order ${order.id} confirmed: thank you for shopping at ${context.shopName}`,
    text: textPart(
      intro,
      linesText(order, { payments: true }),
      `Delivery: ${deliveryText(delivery)}`,
      `${deliversToBuyer(delivery) ? 'Shipping to' : 'Buyer'}:\n${address.join('\n')}`,
      follow.text,
      `Your invoice: ${invoice}`,
      textFooter(context),
    ),
    html: renderHtml(
      <MailLayout context={context} preview={`We have your payment for order ${order.id}.`}>
        <Heading>Thank you for your order</Heading>
        <Paragraph>{intro}</Paragraph>
        <LinesTable order={order} context={context} />
        <TotalsTable order={order} />
        <DeliverySection summary={delivery} />
        <h2 style={{ margin: '0 0 8px', fontSize: '17px' }}>
          {deliversToBuyer(delivery) ? 'Shipping to' : 'Buyer'}
        </h2>
        <p style={{ margin: '0 0 20px' }}>
          {address.map((line, i) => (
            <span key={i}>
              {i > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </p>
        {order.userId ? null : (
          <Paragraph>
            Track it with your order number <strong>{order.id}</strong> and this email address.
          </Paragraph>
        )}
        <ButtonLink href={follow.href}>{follow.label}</ButtonLink>
        <Paragraph>
          Your invoice: <a href={invoice}>view or download it</a> (a PDF from its page).
        </Paragraph>
      </MailLayout>,
    ),
  }
}

/** Order shipped: the courier and the tracking number. */
export function orderShippedTemplate(
  order: MailOrder,
  shipment: Shipment,
  context: MailContext,
): RenderedMail {
  const follow = followLink(order, context)
  const intro = `Hi ${order.firstName}, your order ${order.id} is on its way.`
  return {
    subject: `Order ${order.id} has shipped`,
    text: textPart(
      intro,
      `Courier: ${shipment.courier}\nTracking number: ${shipment.trackingNumber}`,
      follow.text,
      textFooter(context),
    ),
    html: renderHtml(
      <MailLayout
        context={context}
        preview={`${shipment.courier}, tracking number ${shipment.trackingNumber}`}
      >
        <Heading>Your order is on its way</Heading>
        <Paragraph>{intro}</Paragraph>
        <table
          role="presentation"
          cellPadding={0}
          cellSpacing={0}
          border={0}
          style={{ margin: '0 0 20px', fontSize: '16px', lineHeight: '24px' }}
        >
          <tbody>
            <tr>
              <td style={{ paddingRight: '16px', color: MUTED }}>Courier</td>
              <td style={{ fontWeight: 'bold' }}>{shipment.courier}</td>
            </tr>
            <tr>
              <td style={{ paddingRight: '16px', color: MUTED }}>Tracking number</td>
              <td style={{ fontWeight: 'bold' }}>{shipment.trackingNumber}</td>
            </tr>
          </tbody>
        </table>
        <ButtonLink href={follow.href}>{follow.label}</ButtonLink>
      </MailLayout>,
    ),
  }
}

/** Ready for collection: where to collect it, the hours, and what to bring. */
export function orderReadyTemplate(order: MailOrder, context: MailContext): RenderedMail {
  const follow = followLink(order, context)
  const delivery = shippingSummary(order.shipping)
  const intro = `Hi ${order.firstName}, your order ${order.id} is ready for collection.`
  const bring = `Bring your order number ${order.id} when you collect it.`
  return {
    subject: `Order ${order.id} is ready for collection`,
    text: textPart(intro, deliveryText(delivery), bring, follow.text, textFooter(context)),
    html: renderHtml(
      <MailLayout
        context={context}
        preview={
          delivery.place
            ? `Collect it from ${delivery.place.name}, ${delivery.place.hours}`
            : 'Your order is ready for collection'
        }
      >
        <Heading>Your order is ready for collection</Heading>
        <Paragraph>{intro}</Paragraph>
        <DeliverySection summary={delivery} />
        <Paragraph>{bring}</Paragraph>
        <ButtonLink href={follow.href}>{follow.label}</ButtonLink>
      </MailLayout>,
    ),
  }
}

/** An unpaid order that closed: what happened, nothing charged, and the way back to the cart. */
function closedTemplate(
  order: MailOrder,
  context: MailContext,
  words: { subject: string; heading: string; happened: string },
): RenderedMail {
  const cart = shopUrl(context, '/cart')
  const intro = `Hi ${order.firstName}, ${words.happened}`
  const after =
    'No money was taken. If you still want these items, you can order them again from your cart.'
  return {
    subject: words.subject,
    text: textPart(
      intro,
      after,
      linesText(order),
      `Back to your cart: ${cart}`,
      textFooter(context),
    ),
    html: renderHtml(
      <MailLayout context={context} preview={words.happened}>
        <Heading>{words.heading}</Heading>
        <Paragraph>{intro}</Paragraph>
        <Paragraph>{after}</Paragraph>
        <LinesTable order={order} context={context} />
        <ButtonLink href={cart}>Back to your cart</ButtonLink>
      </MailLayout>,
    ),
  }
}

/** Order cancelled before it was paid (at PayFast, or by staff). */
export function orderCancelledTemplate(order: MailOrder, context: MailContext): RenderedMail {
  return closedTemplate(order, context, {
    subject: `Order ${order.id} was cancelled`,
    heading: 'Your order was cancelled',
    happened: `your order ${order.id} was cancelled before it was paid, so it will not be sent.`,
  })
}

/** PayFast reported the payment failed. */
export function orderFailedTemplate(order: MailOrder, context: MailContext): RenderedMail {
  return closedTemplate(order, context, {
    subject: `Payment for order ${order.id} did not go through`,
    heading: 'Your payment did not go through',
    happened: `the payment for your order ${order.id} did not go through, so the order is closed and will not be sent.`,
  })
}
