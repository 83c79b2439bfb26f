import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { z } from 'zod'

import { Field, FormErrors, VALIDATE_ON } from '~/components/forms'
import { Link } from '~/components/link'
import { LatePaymentRefund, OrderRefundForm } from '~/components/admin/order-refund'
import { OrderReturns } from '~/components/admin/order-returns'
import { OrderRefunds } from '~/components/orders/order-refunds'
import { OrderDetails } from '~/components/orders/order-view'
import { OrderDocuments } from '~/components/orders/order-documents'
import { BobgoOrderPanel } from '~/components/shipping/bobgo-status'
import { ShipmentTracking } from '~/components/shipping/tracking'
import { useIsPending } from '~/components/use-is-pending'
import { TableScroll } from '~/components/table-scroll'
import { ADMIN_HEADERS, adminMeta } from '~/lib/admin/headers'
import { adminRedirectWithToast } from '~/lib/admin/http.server'
import { adminOrderView, staffMoveOrder, type StaffMoveName } from '~/lib/admin/orders.server'
import { requireStaff } from '~/lib/auth/staff.server'
import { formatSastDateTime } from '~/lib/dates'
import { orderDocumentsView } from '~/lib/documents/view'
import { notFound } from '~/lib/http.server'
import { formatRand } from '~/lib/money'
import { ISSUE_GIFT_CARDS_INTENT } from '~/lib/orders/gift-card-products'
import {
  boughtGiftCards,
  issueBoughtGiftCards,
  type BoughtGiftCard,
} from '~/lib/orders/gift-card-products.server'
import { isOrderId } from '~/lib/orders/id'
import { orderMoveSchema, STAFF_ORDER_STATUSES } from '~/lib/orders/order-fields'
import { isRefundIntent, newRefundKey, refundAction } from '~/lib/orders/refund-actions.server'
import { refundFormView, refundViews } from '~/lib/orders/refunds-view'
import { latePaymentId } from '~/lib/orders/refunds.server'
import { returnDecisionAction } from '~/lib/orders/return-actions.server'
import { isReturnStaffIntent } from '~/lib/orders/return-fields'
import { adminReturnViews, refundChoices } from '~/lib/orders/returns-view'
import { requestContext } from '~/lib/request-context.server'
import {
  BOBGO_RESYNC_INTENT,
  bobgoOrderPanel,
  resyncWithProcessClient,
} from '~/lib/shipping/bobgo-admin.server'
import { parseSubmission } from '~/lib/submission.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  adminMeta(data ? `Order ${data.order.id}` : 'Order')

/** The order the page is about, in the request's store; a 404 when there is none. */
async function findOrder(request: Request, id: string | undefined) {
  if (!isOrderId(id)) throw notFound()
  const { store } = await requestContext(request)
  const order = await store.orders.get(id)
  if (!order) throw notFound()
  return { store, order }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request)
  const { store, order } = await findOrder(request, params.id)
  const [view, boughtCards] = await Promise.all([
    adminOrderView(store, order),
    boughtGiftCards(store, order),
  ])
  return {
    order: view,
    bobgo: bobgoOrderPanel(order),
    boughtCards,
    returns: { list: adminReturnViews(order), refunds: refundChoices(order) },
    // The invoice and credit notes (staff open them without the order link's key).
    documents: orderDocumentsView(order, null),
    refund: {
      form: refundFormView(order, new URL(request.url).searchParams.get('return')),
      list: refundViews(order),
      key: newRefundKey(),
      late: latePaymentId(order) !== null,
    },
  }
}

export type OrderActionData = {
  /** Which of the page's forms the reply belongs to. */
  form: StaffMoveName | null
  result: SubmissionResult<string[]>
}

/** The form a post came from: the move it asked for, as far as its fields say. */
function formOf(formData: FormData): StaffMoveName | null {
  const intent = formData.get('intent')
  if (intent === 'cancel' || intent === 'refunded') return intent
  const status = formData.get('status')
  const named = STAFF_ORDER_STATUSES.find((name) => name === status)
  return intent === 'status' && named ? named : null
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request)
  const { store, order } = await findOrder(request, params.id)
  const formData = await request.formData()
  if (formData.get('intent') === ISSUE_GIFT_CARDS_INTENT) {
    // Keyed per unit: issues only the cards still missing, however often it is pressed.
    const cards = await issueBoughtGiftCards({ store }, order.id)
    return adminRedirectWithToast(`/admin/orders/${order.id}`, {
      type: cards.length ? 'success' : 'error',
      title: cards.length
        ? `Gift cards: ${cards.length} issued, each code mailed to ${order.email}`
        : 'No gift cards issued: the order is not paid, or bought none',
    })
  }
  if (isRefundIntent(formData.get('intent'))) {
    return refundAction(store, order, formData, staff.email)
  }
  if (isReturnStaffIntent(formData.get('intent'))) {
    return returnDecisionAction(store, order, formData, staff.email)
  }
  if (formData.get('intent') === BOBGO_RESYNC_INTENT) {
    const outcome = await resyncWithProcessClient(store, order)
    return adminRedirectWithToast(`/admin/orders/${order.id}`, {
      type: outcome.ok ? 'success' : 'error',
      title: `Bob Go: ${outcome.message}`,
    })
  }
  const form = formOf(formData)
  const submission = parseSubmission(formData, { schema: orderMoveSchema })
  if (submission.status !== 'success') {
    return data<OrderActionData>(
      { form, result: submission.reply() },
      { status: 400, headers: ADMIN_HEADERS },
    )
  }
  const outcome = await staffMoveOrder(store, order, submission.value, { by: staff.email })
  if (!outcome.ok) {
    return data<OrderActionData>(
      { form, result: submission.reply({ formErrors: [outcome.message] }) },
      { status: 400, headers: ADMIN_HEADERS },
    )
  }
  return adminRedirectWithToast(`/admin/orders/${order.id}`, {
    type: 'success',
    title: `${outcome.done}: order ${order.id}`,
  })
}

const constraint = getZodConstraint(orderMoveSchema)

/** One conform form of the page; its replies come back only to the form that posted. */
function useMoveForm(name: StaffMoveName) {
  const actionData = useActionData<typeof action>()
  return useForm<z.input<typeof orderMoveSchema>, z.output<typeof orderMoveSchema>>({
    id: `move-${name}`,
    lastResult: actionData?.form === name ? actionData.result : undefined,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: orderMoveSchema }),
  })
}

/** Whether this move is being posted (three forms share `intent=status`: their status tells). */
function useIsMoving(name: StaffMoveName) {
  const navigation = useNavigation()
  const posting = useIsPending({
    intent: name === 'cancel' || name === 'refunded' ? name : 'status',
  })
  if (!posting || name === 'cancel' || name === 'refunded') return posting
  return navigation.formData?.get('status') === name
}

/** A move that needs nothing but its button: processing, delivered, cancel, refunded. */
function MoveButton({
  name,
  fields,
  label,
  busy,
  secondary = false,
}: {
  name: StaffMoveName
  fields: ReactNode
  label: string
  busy: string
  secondary?: boolean
}) {
  const [form] = useMoveForm(name)
  const pending = useIsMoving(name)
  return (
    <Form method="post" className="form-card" {...getFormProps(form)}>
      <FormErrors form={form} />
      {fields}
      <div className="form-actions">
        <button
          type="submit"
          className={secondary ? 'button button--secondary' : 'button'}
          disabled={pending}
        >
          {pending ? busy : label}
        </button>
      </div>
    </Form>
  )
}

function ShipForm() {
  const [form, fields] = useMoveForm('shipped')
  const pending = useIsMoving('shipped')
  return (
    <Form method="post" className="form-card" aria-labelledby="ship-title" {...getFormProps(form)}>
      <h3 id="ship-title">Ship it</h3>
      <FormErrors form={form} />
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value="shipped" />
      <Field meta={fields.courier} label="Courier" autoComplete="off" required />
      <Field meta={fields.trackingNumber} label="Tracking number" autoComplete="off" required />
      <div className="form-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Saving…' : 'Mark shipped'}
        </button>
      </div>
    </Form>
  )
}

const statusFields = (
  status: 'processing' | 'delivered' | 'ready_for_collection' | 'collected',
) => (
  <>
    <input type="hidden" name="intent" value="status" />
    <input type="hidden" name="status" value={status} />
  </>
)

export default function AdminOrder() {
  const {
    order,
    bobgo,
    boughtCards = [],
    returns,
    refund,
    documents,
  } = useLoaderData<typeof loader>()
  const can = (move: StaffMoveName) => order.moves.includes(move)
  return (
    <>
      <p>
        <Link to="/admin/orders">All orders</Link>
      </p>
      <h1>Order {order.id}</h1>
      {order.refundNeeded ? (
        <div className="admin-flag" role="note">
          <p>
            <strong>Refund needed:</strong> this order was {order.refundReason}. Refund each payment
            its history names at PayFast, then mark it refunded.
          </p>
          {refund?.late ? <LatePaymentRefund /> : null}
        </div>
      ) : null}
      <section aria-labelledby="moves-title">
        <h2 id="moves-title">Move this order</h2>
        {order.moves.length === 0 ? <p>There are no moves left for this order.</p> : null}
        <div className="admin-panels">
          {can('processing') ? (
            <MoveButton
              name="processing"
              fields={statusFields('processing')}
              label="Mark processing"
              busy="Saving…"
            />
          ) : null}
          {can('shipped') ? <ShipForm /> : null}
          {can('delivered') ? (
            <MoveButton
              name="delivered"
              fields={statusFields('delivered')}
              label="Mark delivered"
              busy="Saving…"
            />
          ) : null}
          {can('ready_for_collection') ? (
            <MoveButton
              name="ready_for_collection"
              fields={statusFields('ready_for_collection')}
              label="Mark ready for collection"
              busy="Saving…"
            />
          ) : null}
          {can('collected') ? (
            <MoveButton
              name="collected"
              fields={statusFields('collected')}
              label="Mark collected"
              busy="Saving…"
            />
          ) : null}
          {can('cancel') ? (
            <MoveButton
              name="cancel"
              fields={<input type="hidden" name="intent" value="cancel" />}
              label="Cancel order"
              busy="Cancelling…"
              secondary
            />
          ) : null}
          {can('refunded') ? (
            <MoveButton
              name="refunded"
              fields={<input type="hidden" name="intent" value="refunded" />}
              label="Mark refunded"
              busy="Saving…"
            />
          ) : null}
        </div>
      </section>
      <p>
        Customer: {order.customer === 'account' ? 'signed-in account' : 'guest'} · placed{' '}
        {formatSastDateTime(order.createdAt)}
      </p>
      <OrderDetails
        order={order}
        renderDiscount={(line) => (
          <Link to={`/admin/discounts/${encodeURIComponent(line.discountId)}`}>{line.label}</Link>
        )}
      />
      {order.promotions.giftCards.length > 0 ? (
        <section aria-labelledby="gift-cards-used-title">
          <h2 id="gift-cards-used-title">Gift cards used</h2>
          <ul>
            {order.promotions.giftCards.map((card) => (
              <li key={card.giftCardId}>
                <Link to={`/admin/gift-cards/${encodeURIComponent(card.giftCardId)}`}>
                  {card.maskedCode}
                </Link>{' '}
                paid {formatRand(card.amountCents)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {documents ? <OrderDocuments documents={documents} /> : null}
      {refund?.form ? <OrderRefundForm view={refund.form} refundKey={refund.key} /> : null}
      {refund ? <OrderRefunds refunds={refund.list} titleId="admin-refunds-title" /> : null}
      {returns ? (
        <OrderReturns orderId={order.id} returns={returns.list} refunds={returns.refunds} />
      ) : null}
      {boughtCards.length > 0 ? (
        <BoughtGiftCards cards={boughtCards} buyer={order.email} paid={isPaid(order.status)} />
      ) : null}
      <ShipmentTracking shipments={order.tracking} titleId="admin-tracking-title" />
      {bobgo ? <BobgoOrderPanel panel={bobgo} /> : null}
      <section aria-labelledby="emails-title">
        <h2 id="emails-title">Emails</h2>
        {order.emails.length === 0 ? (
          <p>No emails for this order yet.</p>
        ) : (
          <TableScroll label="Emails for this order">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">To</th>
                  <th scope="col">State</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {order.emails.map((mail) => (
                  <tr key={mail.key}>
                    <th scope="row">{mail.subject}</th>
                    <td>{mail.to}</td>
                    <td>
                      {mail.status}
                      {mail.attempts > 0 ? ` after ${mail.attempts} attempt(s)` : null}
                      {mail.lastError ? ` — ${mail.lastError}` : null}
                    </td>
                    <td>{formatSastDateTime(mail.sentAt ?? mail.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </>
  )
}

const UNPAID = new Set(['pending_payment', 'cancelled', 'payment_failed'])
const isPaid = (status: string) => !UNPAID.has(status)

/**
 * The gift cards the order bought, one per unit: each card once issued (linked, masked), or "not
 * issued yet"; a paid order with a card missing offers to issue it (keyed per unit: never twice).
 */
function BoughtGiftCards({
  cards,
  buyer,
  paid,
}: {
  cards: BoughtGiftCard[]
  buyer: string
  paid: boolean
}) {
  const issuing = useIsPending({ intent: ISSUE_GIFT_CARDS_INTENT })
  const missing = cards.some((c) => c.card === null)
  return (
    <section aria-labelledby="gift-cards-bought-title">
      <h2 id="gift-cards-bought-title">Gift cards bought</h2>
      <ul>
        {cards.map((bought) => (
          <li key={`${bought.variantId}:${bought.unit}`}>
            {bought.label} card {bought.unit} ({formatRand(bought.amountCents)}):{' '}
            {bought.card ? (
              <>
                <Link to={`/admin/gift-cards/${encodeURIComponent(bought.card.id)}`}>
                  {bought.card.maskedCode}
                </Link>
                , balance {formatRand(bought.card.balanceCents)}
                {bought.card.active ? '' : ' (cancelled)'}, code mailed to {buyer}
              </>
            ) : paid ? (
              'not issued yet'
            ) : (
              'issued once the order is paid'
            )}
          </li>
        ))}
      </ul>
      {paid && missing ? (
        <Form method="post">
          <input type="hidden" name="intent" value={ISSUE_GIFT_CARDS_INTENT} />
          <button type="submit" className="button" disabled={issuing}>
            {issuing ? 'Issuing…' : 'Issue the missing gift cards'}
          </button>
        </Form>
      ) : null}
    </section>
  )
}
