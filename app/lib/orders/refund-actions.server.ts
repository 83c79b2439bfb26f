import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { randomBytes } from 'node:crypto'

import { ADMIN_HEADERS } from '~/lib/admin/headers'
import { adminRedirectWithToast } from '~/lib/admin/http.server'
import type { Store } from '~/lib/data/index.server'
import type { Order } from '~/lib/data/types'
import { formatRand } from '~/lib/money'
import { parseSubmission } from '~/lib/submission.server'

import { REFUND_INTENT, REFUND_LATE_INTENT, refundSchema } from './refund-fields'
import {
  payfastRefunder,
  refundLatePayment,
  refundOrder,
  type PayfastRefunder,
} from './refunds.server'
import { settleReturnByRefund } from './returns.server'

/** A fresh idempotency key for the refund form (its hidden `refundKey`). */
export function newRefundKey(): string {
  return randomBytes(12).toString('base64url')
}

export type RefundActionData = { form: typeof REFUND_INTENT; result: SubmissionResult<string[]> }

export function isRefundIntent(intent: unknown): boolean {
  return intent === REFUND_INTENT || intent === REFUND_LATE_INTENT
}

/**
 * Staff's `intent=refund` (and `intent=refund-late`) on /admin/orders/{id}: a refusal answers 400
 * with the form's values and the reason beside the field it concerns; success redirects back to
 * the order with a flash message.
 */
export async function refundAction(
  store: Pick<Store, 'orders'>,
  order: Order,
  formData: FormData,
  by: string,
  payfast: PayfastRefunder = payfastRefunder(),
) {
  const path = `/admin/orders/${order.id}`
  if (formData.get('intent') === REFUND_LATE_INTENT) {
    const outcome = await refundLatePayment({ store, payfast }, order.id, by)
    return adminRedirectWithToast(path, {
      type: outcome.ok ? 'success' : 'error',
      title: outcome.ok
        ? `Payment refunded through PayFast: order ${order.id}`
        : `Not refunded: ${outcome.message}`,
    })
  }
  const submission = parseSubmission(formData, { schema: refundSchema })
  if (submission.status !== 'success') {
    return data<RefundActionData>(
      { form: REFUND_INTENT, result: submission.reply() },
      { status: 400, headers: ADMIN_HEADERS },
    )
  }
  const form = submission.value
  const outcome = await refundOrder({ store, payfast }, order.id, {
    key: form.refundKey,
    amountCents: form.amount,
    reason: form.reason,
    restock: form.restock,
    cardTo: form.cardTo,
    by,
  })
  if (!outcome.ok) {
    return data<RefundActionData>(
      {
        form: REFUND_INTENT,
        result: submission.reply(
          outcome.field
            ? { fieldErrors: { [outcome.field]: [outcome.message] } }
            : { formErrors: [outcome.message] },
        ),
      },
      { status: 400, headers: ADMIN_HEADERS },
    )
  }
  // The return this refund pays back (once; refused unless it was received).
  const settled = form.returnId
    ? await settleReturnByRefund(store, order.id, form.returnId, {
        refundId: outcome.refund.id,
        amountCents: outcome.refund.amountCents,
        by,
      })
    : null
  const returnNote =
    settled && !settled.ok
      ? ` Return ${form.returnId} is not marked refunded: ${settled.message}; use its "Mark refunded" form.`
      : ''
  return adminRedirectWithToast(path, {
    type: 'success',
    title: outcome.repeated
      ? `Refund already recorded: order ${order.id}`
      : `Refunded ${formatRand(outcome.refund.amountCents)}: order ${order.id}`,
    description:
      `${outcome.repeated ? '' : `We emailed ${order.email}.`}${returnNote}`.trim() || undefined,
  })
}
