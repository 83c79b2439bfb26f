import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { randomBytes } from 'node:crypto'

import { ADMIN_HEADERS } from '~/lib/admin/headers'
import { adminRedirectWithToast } from '~/lib/admin/http.server'
import type { Store } from '~/lib/data/index.server'
import type { Order } from '~/lib/data/types'
import { parseSubmission } from '~/lib/submission.server'
import { redirectWithToast } from '~/lib/toast.server'

import { chosenLines, requestReturnSchema, returnDecisionSchema } from './return-fields'
import { requestReturn, staffReturnMove } from './returns.server'

/*
 * The returns' form posts as the routes hand them over: the buyer's request on /orders/{id} and
 * staff's decisions on /admin/orders/{id}. A refusal answers 400 with the form's values and the
 * reason beside it; success redirects to the order with a flash message.
 */

/** A fresh idempotency key for a request form (its hidden `returnKey`). */
export function newReturnKey(): string {
  return randomBytes(12).toString('base64url')
}

/** What a refused return form gets back. */
export type ReturnActionData = {
  form: 'request-return' | string
  result: SubmissionResult<string[]>
}

/**
 * The buyer's `intent=request-return` on their order's page; `orderPath` is the page they post
 * from (with the order link's `?key=` for a guest by link), where success goes back to.
 */
export async function requestReturnAction(
  store: Pick<Store, 'orders'>,
  order: Order,
  formData: FormData,
  orderPath: string,
) {
  const submission = parseSubmission(formData, { schema: requestReturnSchema })
  if (submission.status !== 'success') {
    return data<ReturnActionData>(
      { form: 'request-return', result: submission.reply() },
      { status: 400 },
    )
  }
  const form = submission.value
  const outcome = await requestReturn(store, order.id, {
    key: form.returnKey ?? null,
    lines: chosenLines(form),
    reason: form.reason,
    note: form.note,
  })
  if (!outcome.ok) {
    return data<ReturnActionData>(
      { form: 'request-return', result: submission.reply({ formErrors: [outcome.message] }) },
      { status: 400 },
    )
  }
  return redirectWithToast(orderPath, {
    type: 'success',
    title: outcome.ret ? `Return ${outcome.ret.id} requested` : 'Return requested',
    description: `We emailed ${order.email} and will let you know once the shop decides.`,
  })
}

/** Staff's `intent=return-*` on /admin/orders/{id}. */
export async function returnDecisionAction(
  store: Pick<Store, 'orders' | 'storeCredit'>,
  order: Order,
  formData: FormData,
  by: string,
) {
  const intent = String(formData.get('intent') ?? '')
  const returnId = String(formData.get('returnId') ?? '')
  // Each return's forms are their own: a reply goes back only to the form that posted.
  const form = `${intent}:${returnId}`
  const submission = parseSubmission(formData, { schema: returnDecisionSchema })
  if (submission.status !== 'success') {
    return data<ReturnActionData>(
      { form, result: submission.reply() },
      { status: 400, headers: ADMIN_HEADERS },
    )
  }
  const outcome = await staffReturnMove(store, order, submission.value, by)
  if (!outcome.ok) {
    return data<ReturnActionData>(
      { form, result: submission.reply({ formErrors: [outcome.message] }) },
      { status: 400, headers: ADMIN_HEADERS },
    )
  }
  return adminRedirectWithToast(`/admin/orders/${order.id}`, {
    type: 'success',
    title: `${outcome.done}: order ${order.id}`,
  })
}
