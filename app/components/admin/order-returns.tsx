import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { z } from 'zod'

import { ErrorList, Field, FormErrors, VALIDATE_ON } from '~/components/forms'
import { Link } from '~/components/link'
import { paidBack, returnItems, ReturnTimeline } from '~/components/orders/returns-view'
import { formatSastDateTime } from '~/lib/dates'
import { formatOptions } from '~/lib/data/variants'
import { centsToRandsString, formatRand } from '~/lib/money'
import { returnDecisionSchema, type ReturnStaffIntent } from '~/lib/orders/return-fields'
import type { AdminReturnView, RefundChoice } from '~/lib/orders/returns-view'

const constraint = getZodConstraint(returnDecisionSchema)

/** The reply of the form that posted, if it is this one (each return's forms are their own). */
function useLastResult(formKey: string): SubmissionResult<string[]> | undefined {
  const actionData = useActionData() as
    { form?: unknown; result?: SubmissionResult<string[]> } | undefined
  return actionData?.form === formKey ? actionData.result : undefined
}

/** One staff decision's form: conform-checked, its errors beside it, its own busy state. */
function DecisionForm({
  intent,
  returnId,
  title,
  button,
  busy,
  secondary = false,
  defaultValue,
  children,
}: {
  intent: ReturnStaffIntent
  returnId: string
  title: string
  button: string
  busy: string
  secondary?: boolean
  defaultValue?: { amount?: string }
  children?: (fields: DecisionFields) => ReactNode
}) {
  const [form, fields] = useDecisionForm(intent, returnId, defaultValue)
  const navigation = useNavigation()
  const pending =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData.get('returnId') === returnId
  const titleId = `${form.id}-title`
  return (
    <Form method="post" className="form-card" aria-labelledby={titleId} {...getFormProps(form)}>
      <h4 id={titleId}>{title}</h4>
      <FormErrors form={form} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnId" value={returnId} />
      {children?.(fields)}
      <div className="form-actions">
        <button
          type="submit"
          className={secondary ? 'button button--secondary' : 'button'}
          disabled={pending}
        >
          {pending ? busy : button}
        </button>
      </div>
    </Form>
  )
}

function useDecisionForm(
  intent: ReturnStaffIntent,
  returnId: string,
  defaultValue?: { amount?: string },
) {
  return useForm<z.input<typeof returnDecisionSchema>, z.output<typeof returnDecisionSchema>>({
    id: `${intent}-${returnId}`,
    lastResult: useLastResult(`${intent}:${returnId}`),
    defaultValue,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: returnDecisionSchema }),
  })
}

type DecisionFields = ReturnType<typeof useDecisionForm>[1]

function MessageField({ fields, label }: { fields: DecisionFields; label: string }) {
  const meta = fields.message
  const { key, ...props } = getTextareaProps(meta)
  return (
    <div className={`field${meta.errors?.length ? ' field--invalid' : ''}`}>
      <label htmlFor={meta.id}>{label}</label>
      <textarea key={key} {...props} rows={3} />
      <ErrorList id={meta.errorId} errors={meta.errors} announce={false} />
    </div>
  )
}

/**
 * The order's returns in the back office: each one's items, reason and steps, and the decisions
 * staff may make now: approve or decline (with a message to the buyer), mark received (restocking
 * the lines ticked), then pay it back: refund it with the refund form (and settle the return by
 * that refund) or give store credit.
 */
export function OrderReturns({
  orderId,
  returns,
  refunds,
}: {
  orderId: string
  returns: readonly AdminReturnView[]
  refunds: readonly RefundChoice[]
}) {
  if (returns.length === 0) return null
  return (
    <section aria-labelledby="returns-title">
      <h2 id="returns-title">Returns</h2>
      {returns.map((ret) => (
        <article key={ret.id} className="admin-return" aria-labelledby={`return-${ret.id}-title`}>
          <h3 id={`return-${ret.id}-title`}>
            Return {ret.id}: {ret.stateLabel}
          </h3>
          <p>
            {returnItems(ret.lines)} (worth {formatRand(ret.valueCents)}). Reason: {ret.reasonLabel}
            {ret.note ? ` — “${ret.note}”` : ''}. Asked {formatSastDateTime(ret.requestedAt)}.
          </p>
          {ret.staffMessage ? <p>Message to the buyer: {ret.staffMessage}</p> : null}
          {ret.restocked.length ? <p>Back in stock: {returnItems(ret.restocked)}.</p> : null}
          {paidBack(ret) ? (
            <p>
              Paid back: {paidBack(ret)}
              {ret.refundId ? ` (refund ${ret.refundId})` : ''}.
            </p>
          ) : null}
          <ReturnTimeline ret={ret} />
          <div className="admin-panels">
            {ret.moves.includes('approve') ? (
              <DecisionForm
                intent="return-approve"
                returnId={ret.id}
                title="Approve"
                button={`Approve return ${ret.id}`}
                busy="Approving…"
              >
                {(fields) => (
                  <MessageField
                    fields={fields}
                    label="Message to the buyer (optional): how to send it back"
                  />
                )}
              </DecisionForm>
            ) : null}
            {ret.moves.includes('decline') ? (
              <DecisionForm
                intent="return-decline"
                returnId={ret.id}
                title="Decline"
                button={`Decline return ${ret.id}`}
                busy="Declining…"
                secondary
              >
                {(fields) => (
                  <MessageField fields={fields} label="Why it is declined (to the buyer)" />
                )}
              </DecisionForm>
            ) : null}
            {ret.moves.includes('receive') ? (
              <DecisionForm
                intent="return-received"
                returnId={ret.id}
                title="Items arrived"
                button={`Mark return ${ret.id} received`}
                busy="Saving…"
              >
                {() => (
                  <fieldset className="field">
                    <legend>Put back into stock</legend>
                    {ret.lines.map((line) => (
                      <label key={line.variantId}>
                        <input
                          type="checkbox"
                          name="restock"
                          value={line.variantId}
                          defaultChecked
                        />{' '}
                        {line.quantity} × {line.name}
                        {line.options.length ? ` (${formatOptions(line.options)})` : ''}
                      </label>
                    ))}
                  </fieldset>
                )}
              </DecisionForm>
            ) : null}
            {ret.moves.includes('refund') ? (
              <div className="form-card">
                <h4>Refund it</h4>
                <p>
                  Refund {formatRand(ret.valueCents)} (or what you decide) with the{' '}
                  {/* A whole page load: the refund form takes its prefill from `?return=` when drawn. */}
                  <Link reloadDocument to={`/admin/orders/${orderId}?return=${ret.id}#refund`}>
                    refund form
                  </Link>
                  : the refund settles this return.
                  {refunds.length ? ' Or settle it by a refund made already:' : null}
                </p>
                {refunds.length ? (
                  <DecisionForm
                    intent="return-refunded"
                    returnId={ret.id}
                    title="Settle by a refund"
                    button={`Mark return ${ret.id} refunded`}
                    busy="Saving…"
                  >
                    {(fields) => (
                      <fieldset className="field">
                        <legend>The refund that paid it back</legend>
                        {refunds.map((refund, i) => (
                          <label key={refund.id}>
                            <input
                              type="radio"
                              name="refundId"
                              value={refund.id}
                              defaultChecked={i === 0}
                            />{' '}
                            {formatRand(refund.amountCents)} on {formatSastDateTime(refund.at)}
                          </label>
                        ))}
                        <ErrorList id={fields.refundId.errorId} errors={fields.refundId.errors} />
                      </fieldset>
                    )}
                  </DecisionForm>
                ) : null}
              </div>
            ) : null}
            {ret.moves.includes('credit') && ret.canCredit ? (
              <DecisionForm
                intent="return-credit"
                returnId={ret.id}
                title="Or give store credit"
                button={`Give store credit for return ${ret.id}`}
                busy="Saving…"
                secondary
                defaultValue={{ amount: centsToRandsString(ret.valueCents) }}
              >
                {(fields) => (
                  <Field
                    meta={fields.amount}
                    label="Store credit (rands)"
                    inputMode="decimal"
                    hint={`At most ${formatRand(ret.valueCents)}, what the items cost`}
                  />
                )}
              </DecisionForm>
            ) : null}
          </div>
        </article>
      ))}
    </section>
  )
}
